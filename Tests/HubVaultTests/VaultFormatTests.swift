// Unit tests of the vault file format: round trips, tampering, truncation, hostile headers.

import Foundation
import HubCore
@testable import HubVault
import Testing

/// The cheapest scrypt cost the reader accepts, so passphrase tests stay fast.
let fastScrypt = ScryptParameters(log2N: 14, r: 8, p: 1)!
let testKey = VaultSecret.rawKey([UInt8](repeating: 7, count: 32))
let testPassphrase = VaultSecret.passphrase(Array("correct horse battery".utf8))

func plaintext(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Opens a file and classifies the outcome, so tests can say "never plaintext".
enum Outcome: Equatable {
    case plaintext([UInt8]), authFailed, damaged, mismatch, other(String)
}

func outcome(_ file: [UInt8], _ secret: VaultSecret) -> Outcome {
    do {
        switch try VaultFormat.open(file, secret: secret) {
        case .plaintext(let p): return .plaintext(p)
        case .authenticationFailed: return .authFailed
        }
    } catch let e as HubError {
        if e.code == .vaultDamaged && e.exitCode == 65 { return .damaged }
        if e.code == .vaultSecretMismatch && e.exitCode == 77 { return .mismatch }
        return .other(e.code.rawValue)
    } catch {
        return .other("\(error)")
    }
}

/// What a raw-key vault with one flipped bit at `index` must give: the magic, version and KDF id
/// (0…9) and the ciphertext length (22…29) are damage; the nonce (10…21), ciphertext and tag
/// fail authentication, like a wrong key.
func expectedRawKeyOutcome(flippedAt index: Int) -> Outcome {
    switch index {
    case 0..<10, 22..<30: .damaged
    default: .authFailed
    }
}

/// The same for a scrypt vault made with `fastScrypt` and a 16-byte salt, one byte XORed with
/// `mask`: magic, version, KDF id (0…9) and ciphertext length (48…55) are damage; a cost
/// parameter (10…18) is damage when the new value is outside the accepted range, otherwise the
/// key differs and authentication fails; a salt length (19) that no longer matches makes the rest
/// of the header misparse, which is damage; salt, nonce, ciphertext and tag fail authentication.
func expectedPassphraseOutcome(flippedAt index: Int, mask: UInt8) -> Outcome {
    func withinRange(log2N: Int = fastScrypt.log2N, r: Int = fastScrypt.r, p: Int = fastScrypt.p) -> Outcome {
        ScryptParameters(log2N: log2N, r: r, p: p) == nil ? .damaged : .authFailed
    }
    func flipped(_ value: Int, byte: Int, of width: Int) -> Int { value ^ (Int(mask) << (8 * (width - 1 - byte))) }
    switch index {
    case 0..<10, 19, 48..<56: return .damaged
    case 10: return withinRange(log2N: fastScrypt.log2N ^ Int(mask))
    case 11..<15: return withinRange(r: flipped(fastScrypt.r, byte: index - 11, of: 4))
    case 15..<19: return withinRange(p: flipped(fastScrypt.p, byte: index - 15, of: 4))
    default: return .authFailed
    }
}

@Suite struct VaultFormatTests {
    @Test func roundTripWithRawKey() throws {
        let file = try VaultFormat.seal(plaintext("hello\nworld"), secret: testKey, scrypt: fastScrypt)
        #expect(outcome(file, testKey) == .plaintext(plaintext("hello\nworld")))
        #expect(Array(file.prefix(8)) == Array("HUBVAULT".utf8))
    }

    @Test func roundTripWithPassphrase() throws {
        let file = try VaultFormat.seal(plaintext("secret"), secret: testPassphrase, scrypt: fastScrypt)
        #expect(outcome(file, testPassphrase) == .plaintext(plaintext("secret")))
        let (header, _) = try VaultFormat.parseHeader(file)
        guard case .scrypt(let params, let salt) = header.kdf else { Issue.record("not scrypt"); return }
        #expect(params == fastScrypt)
        #expect(salt.count == 16)
    }

    @Test func wrongSecretFailsAuthentication() throws {
        let file = try VaultFormat.seal(plaintext("x"), secret: testPassphrase, scrypt: fastScrypt)
        #expect(outcome(file, .passphrase(Array("Correct horse battery".utf8))) == .authFailed)
        let keyFile = try VaultFormat.seal(plaintext("x"), secret: testKey, scrypt: fastScrypt)
        #expect(outcome(keyFile, .rawKey([UInt8](repeating: 8, count: 32))) == .authFailed)
    }

    @Test func wrongKindOfSecretIsAClearError() throws {
        let passFile = try VaultFormat.seal(plaintext("x"), secret: testPassphrase, scrypt: fastScrypt)
        #expect(outcome(passFile, testKey) == .mismatch)
        let keyFile = try VaultFormat.seal(plaintext("x"), secret: testKey, scrypt: fastScrypt)
        #expect(outcome(keyFile, testPassphrase) == .mismatch)
    }

    @Test func everySaveHasAFreshSaltAndNonce() throws {
        let a = try VaultFormat.seal(plaintext("same"), secret: testPassphrase, scrypt: fastScrypt)
        let b = try VaultFormat.seal(plaintext("same"), secret: testPassphrase, scrypt: fastScrypt)
        let (ha, _) = try VaultFormat.parseHeader(a)
        let (hb, _) = try VaultFormat.parseHeader(b)
        #expect(ha.kdf != hb.kdf)       // different salt
        #expect(ha.nonce != hb.nonce)
        #expect(a != b)
    }

    @Test func everyFlippedByteIsRefusedWithRawKey() throws {
        let file = try VaultFormat.seal(plaintext("{\"entries\":{}}"), secret: testKey, scrypt: fastScrypt)
        for index in file.indices {
            for mask: UInt8 in [0x01, 0x80] {
                var bad = file
                bad[index] ^= mask
                #expect(outcome(bad, testKey) == expectedRawKeyOutcome(flippedAt: index), "byte \(index) mask \(mask)")
            }
        }
    }

    @Test func sampledFlippedBytesAreRefusedWithPassphrase() throws {
        let file = try VaultFormat.seal(plaintext("{\"entries\":{}}"), secret: testPassphrase, scrypt: fastScrypt)
        // Every header byte, then a sample of the ciphertext and tag (each open runs scrypt).
        let (_, headerLength) = try VaultFormat.parseHeader(file)
        let indices = Array(0..<headerLength) + stride(from: headerLength, to: file.count, by: 5) + [file.count - 1]
        for index in indices {
            var bad = file
            bad[index] ^= 0x04
            #expect(outcome(bad, testPassphrase) == expectedPassphraseOutcome(flippedAt: index, mask: 0x04), "byte \(index)")
        }
    }

    @Test func truncationAnywhereIsDamage() throws {
        let file = try VaultFormat.seal(plaintext("some contents"), secret: testPassphrase, scrypt: fastScrypt)
        for length in 0..<file.count {
            #expect(outcome(Array(file.prefix(length)), testPassphrase) == .damaged, "length \(length)")
        }
        #expect(outcome(file + [0], testPassphrase) == .damaged)
    }

    /// A header asking for a huge scrypt cost must be refused before any key derivation: with
    /// log2(N) = 40 scrypt would need terabytes, so finishing at all proves it was not run.
    @Test(arguments: [0, 1, 13, 21, 30, 40, 63, 255])
    func absurdScryptCostIsRefusedBeforeDerivation(log2N: Int) throws {
        var file = try VaultFormat.seal(plaintext("x"), secret: testPassphrase, scrypt: fastScrypt)
        file[10] = UInt8(log2N)     // magic 8, version 1, kdf id 1, then log2(N)
        #expect(outcome(file, testPassphrase) == .damaged)
    }

    @Test func absurdRAndPAreRefused() throws {
        let file = try VaultFormat.seal(plaintext("x"), secret: testPassphrase, scrypt: fastScrypt)
        var bigR = file
        bigR[11] = 0xFF             // r is bytes 11…14
        #expect(outcome(bigR, testPassphrase) == .damaged)
        var bigP = file
        bigP[15] = 0x01             // p is bytes 15…18
        #expect(outcome(bigP, testPassphrase) == .damaged)
    }

    @Test func unknownVersionAndKDFAreDamage() throws {
        var file = try VaultFormat.seal(plaintext("x"), secret: testKey, scrypt: fastScrypt)
        file[8] = 2
        #expect(outcome(file, testKey) == .damaged)
        file[8] = 1
        file[9] = 9
        #expect(outcome(file, testKey) == .damaged)
    }

    @Test func scryptParameterRanges() {
        #expect(ScryptParameters(log2N: 13, r: 8, p: 1) == nil)
        #expect(ScryptParameters(log2N: 21, r: 8, p: 1) == nil)
        #expect(ScryptParameters(log2N: 20, r: 1, p: 1) != nil)
        // Each parameter in range, the whole too costly: 1 GiB of memory, or 2^24 units of work.
        #expect(ScryptParameters(log2N: 20, r: 8, p: 1) == nil)
        #expect(ScryptParameters(log2N: 17, r: 8, p: 16) == nil)
        #expect(ScryptParameters(log2N: 17, r: 8, p: 8) != nil)
        #expect(ScryptParameters.default.log2N == 17)
        #expect(ScryptParameters.default.r == 8)
        #expect(ScryptParameters.default.p == 1)
    }

    @Test func secretsCompareByKindAndBytes() {
        #expect(testPassphrase.matches(.passphrase(Array("correct horse battery".utf8))))
        #expect(!testPassphrase.matches(.passphrase(Array("correct horse batterY".utf8))))
        #expect(!testPassphrase.matches(.passphrase(Array("correct horse".utf8))))
        #expect(!VaultSecret.passphrase([UInt8](repeating: 7, count: 32)).matches(testKey))
        #expect(testKey.matches(.rawKey([UInt8](repeating: 7, count: 32))))
    }

    @Test func rawKeyFromBase64() {
        let key = Data(repeating: 1, count: 32).base64EncodedString()
        #expect(VaultSecret.rawKey(base64: key) == .rawKey([UInt8](repeating: 1, count: 32)))
        #expect(VaultSecret.rawKey(base64: Data(repeating: 1, count: 16).base64EncodedString()) == nil)
        #expect(VaultSecret.rawKey(base64: "not base64!") == nil)
    }
}
