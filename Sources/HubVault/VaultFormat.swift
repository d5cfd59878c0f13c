// The vault file's bytes: a versioned, authenticated header, then AES-256-GCM ciphertext and tag.

import Foundation
import HubCore

/// Layout (all integers big-endian):
///
///     magic            8  "HUBVAULT"
///     format version   1  1
///     KDF id           1  1 = scrypt, 2 = raw key
///     [scrypt only]       log2(N) 1, r 4, p 4, salt length 1 (16…64), salt
///     nonce           12  fresh on every save
///     ciphertext len   8  so truncation is detected as damage, not as a wrong passphrase
///     ciphertext       n
///     GCM tag         16
///
/// Everything before the ciphertext is the GCM additional data, so any changed header byte fails
/// authentication exactly like a wrong passphrase does.
enum VaultFormat {
    static let magic: [UInt8] = Array("HUBVAULT".utf8)
    static let version: UInt8 = 1
    static let kdfScrypt: UInt8 = 1
    static let kdfRawKey: UInt8 = 2
    static let saltLength = 16
    /// Larger files are not vaults hubctl wrote; refusing them avoids reading a huge file into memory.
    static let maximumFileSize = 64 << 20

    enum KDF: Equatable {
        case scrypt(ScryptParameters, salt: [UInt8])
        case rawKey

        var secretKind: VaultSecret.Kind {
            switch self {
            case .scrypt: .passphrase
            case .rawKey: .rawKey
            }
        }
    }

    struct Header: Equatable {
        var kdf: KDF
        var nonce: [UInt8]
        var ciphertextLength: UInt64

        func encoded() -> [UInt8] {
            var out = magic
            out.append(version)
            switch kdf {
            case .scrypt(let params, let salt):
                out.append(kdfScrypt)
                out.append(UInt8(params.log2N))
                out += bigEndian(UInt32(params.r))
                out += bigEndian(UInt32(params.p))
                out.append(UInt8(salt.count))
                out += salt
            case .rawKey:
                out.append(kdfRawKey)
            }
            out += nonce
            out += bigEndian(ciphertextLength)
            return out
        }
    }

    static func damaged(_ what: String) -> HubError {
        HubError(.data, code: .vaultDamaged,
                 "The vault file is damaged (\(what)); it cannot be read. Restore it from a backup, or move it away and run `hubctl vault init` to start a new one.")
    }

    /// Parses and range-checks the header. Throws `vault_damaged` (exit 65) for anything that is
    /// not a well-formed header, including scrypt costs outside the accepted ranges: this runs
    /// before any key derivation, so a hostile header cannot make hubctl spend minutes or gigabytes.
    static func parseHeader(_ bytes: [UInt8]) throws -> (header: Header, length: Int) {
        var reader = Reader(bytes: bytes)
        guard let m = reader.take(magic.count), m == magic[...] else {
            throw damaged(bytes.count < magic.count ? "file too short" : "not a hubctl vault: wrong magic bytes")
        }
        guard let v = reader.byte() else { throw damaged("file too short") }
        guard v == version else { throw damaged("unknown format version \(v); a newer hubctl may read it") }
        guard let kdfID = reader.byte() else { throw damaged("file too short") }
        let kdf: KDF
        switch kdfID {
        case kdfScrypt:
            guard let log2N = reader.byte(), let r = reader.uint32(), let p = reader.uint32(),
                  let saltLen = reader.byte() else { throw damaged("header truncated") }
            guard let params = ScryptParameters(log2N: Int(log2N), r: Int(r), p: Int(p)) else {
                throw damaged("scrypt parameters out of range: log2(N)=\(log2N), r=\(r), p=\(p); accepted log2(N) is \(ScryptParameters.allowedLog2N.lowerBound)…\(ScryptParameters.allowedLog2N.upperBound)")
            }
            guard (16...64).contains(Int(saltLen)) else { throw damaged("salt length \(saltLen) out of range") }
            guard let salt = reader.take(Int(saltLen)) else { throw damaged("header truncated") }
            kdf = .scrypt(params, salt: Array(salt))
        case kdfRawKey:
            kdf = .rawKey
        default:
            throw damaged("unknown key derivation id \(kdfID)")
        }
        guard let nonce = reader.take(VaultCrypto.nonceLength), let length = reader.uint64() else {
            throw damaged("header truncated")
        }
        let headerLength = reader.offset
        let remaining = UInt64(bytes.count - headerLength)
        guard remaining == length &+ UInt64(VaultCrypto.tagLength), length <= UInt64(maximumFileSize) else {
            throw damaged(remaining < length &+ UInt64(VaultCrypto.tagLength) ? "file truncated" : "unexpected length")
        }
        return (Header(kdf: kdf, nonce: Array(nonce), ciphertextLength: length), headerLength)
    }

    /// The key for a header and a secret; the caller wipes it.
    static func deriveKey(_ kdf: KDF, secret: VaultSecret) throws -> [UInt8] {
        switch (kdf, secret) {
        case (.scrypt(let params, let salt), .passphrase(let pass)):
            return try VaultCrypto.scrypt(passphrase: pass, salt: salt, parameters: params)
        case (.rawKey, .rawKey(let key)):
            guard key.count == VaultCrypto.keyLength else { throw invalidRawKey() }
            return key
        case (.scrypt, .rawKey):
            throw HubError(.permission, code: .vaultSecretMismatch,
                           "This vault was created with a passphrase and cannot be opened with a raw key (HUBCTL_VAULT_KEY). Unset HUBCTL_VAULT_KEY and give the passphrase (HUBCTL_VAULT_PASSPHRASE, --vault-passphrase-file, or the prompt).")
        case (.rawKey, .passphrase):
            throw HubError(.permission, code: .vaultSecretMismatch,
                           "This vault was created with a raw key and cannot be opened with a passphrase. Set HUBCTL_VAULT_KEY to the base64 key it was created with.")
        }
    }

    static func invalidRawKey() -> HubError {
        HubError(.config, code: .invalidVaultKey,
                 "The vault key must be exactly 32 bytes, given as base64 (create one with `openssl rand -base64 32`).")
    }

    /// Encrypts `plaintext` into a complete vault file, with a fresh salt and nonce.
    static func seal(_ plaintext: [UInt8], secret: VaultSecret, scrypt: ScryptParameters) throws -> [UInt8] {
        let kdf: KDF
        switch secret {
        case .passphrase: kdf = .scrypt(scrypt, salt: try VaultCrypto.randomBytes(saltLength))
        case .rawKey: kdf = .rawKey
        }
        var key = try deriveKey(kdf, secret: secret)
        defer { VaultCrypto.wipe(&key) }
        let header = Header(kdf: kdf, nonce: try VaultCrypto.randomBytes(VaultCrypto.nonceLength),
                            ciphertextLength: UInt64(plaintext.count))
        let aad = header.encoded()
        return aad + (try VaultCrypto.seal(key: key, nonce: header.nonce, aad: aad, plaintext: plaintext))
    }

    enum OpenResult {
        case plaintext([UInt8])
        case authenticationFailed
    }

    /// Decrypts a vault file. Damage that the format can detect throws `vault_damaged`; a GCM tag
    /// mismatch (wrong secret, or a modified byte) is returned as `.authenticationFailed`.
    static func open(_ file: [UInt8], secret: VaultSecret) throws -> OpenResult {
        let (header, headerLength) = try parseHeader(file)
        var key = try deriveKey(header.kdf, secret: secret)
        defer { VaultCrypto.wipe(&key) }
        do {
            return .plaintext(try VaultCrypto.open(key: key, nonce: header.nonce, aad: Array(file[..<headerLength]),
                                                   sealed: file[headerLength...]))
        } catch VaultCrypto.OpenFailure.authentication {
            return .authenticationFailed
        }
    }

    private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, bytes.count - offset >= n else { return nil }
            defer { offset += n }
            return bytes[offset..<offset + n]
        }
        mutating func byte() -> UInt8? { take(1)?.first }
        mutating func uint32() -> UInt32? { take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } } }
        mutating func uint64() -> UInt64? { take(8).map { $0.reduce(0) { $0 << 8 | UInt64($1) } } }
    }
}
