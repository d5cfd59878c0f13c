// The vault's cryptography over OpenSSL 3: scrypt, AES-256-GCM, random bytes, wiping.

import COpenSSL
import HubCore

/// Thin, typed wrappers over the OpenSSL calls the vault needs. Every buffer that held a key
/// is wiped by the caller with `wipe(_:)` as soon as it is no longer needed.
enum VaultCrypto {
    static let keyLength = 32
    static let nonceLength = 12
    static let tagLength = 16

    /// Why a decryption failed: only a GCM tag mismatch is reported separately, because that is
    /// all the cipher can honestly tell (wrong key, or any authenticated byte changed).
    enum OpenFailure: Error { case authentication }

    static func randomBytes(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else {
            throw HubError.internalError("OpenSSL could not produce random bytes (RAND_bytes failed).")
        }
        return bytes
    }

    /// Overwrites a buffer in a way the optimiser may not remove.
    static func wipe(_ bytes: inout [UInt8]) {
        let count = bytes.count
        bytes.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { OPENSSL_cleanse(base, count) }
        }
    }

    /// Compares secrets in time that does not depend on where they differ.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in CRYPTO_memcmp(pa.baseAddress, pb.baseAddress, a.count) == 0 } }
    }

    /// scrypt with explicit parameters. `maxmem` is given explicitly: OpenSSL's default (0 =
    /// 32 MiB) already refuses N = 2^15, and the parameters were range-checked before we get here.
    static func scrypt(passphrase: [UInt8], salt: [UInt8], parameters: ScryptParameters) throws -> [UInt8] {
        let n = UInt64(1) << UInt64(parameters.log2N)
        let r = UInt64(parameters.r), p = UInt64(parameters.p)
        let maxmem = 128 * r * (n + 2) + 128 * r * p + (1 << 20)
        var key = [UInt8](repeating: 0, count: keyLength)
        let rc = passphrase.withUnsafeBytes { pass in
            salt.withUnsafeBufferPointer { saltBuf in
                key.withUnsafeMutableBufferPointer { keyBuf in
                    EVP_PBE_scrypt(pass.baseAddress?.assumingMemoryBound(to: CChar.self), pass.count,
                                   saltBuf.baseAddress, saltBuf.count, n, r, p, maxmem,
                                   keyBuf.baseAddress, keyLength)
                }
            }
        }
        guard rc == 1 else {
            wipe(&key)
            ERR_clear_error()
            throw HubError(.cannotCreate, code: .kdfFailed,
                           "scrypt failed (N=2^\(parameters.log2N), r=\(parameters.r), p=\(parameters.p)); the machine may be short of memory. Free some memory and try again.")
        }
        return key
    }

    /// AES-256-GCM encryption; returns ciphertext followed by the 16-byte tag.
    static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
        let (cipher, ctx) = try makeContext()
        defer { EVP_CIPHER_CTX_free(ctx); EVP_CIPHER_free(cipher) }
        guard EVP_EncryptInit_ex2(ctx, cipher, key, nonce, nil) == 1 else { throw failure("EVP_EncryptInit_ex2") }
        var outLength: Int32 = 0
        guard EVP_EncryptUpdate(ctx, nil, &outLength, aad, Int32(aad.count)) == 1 else { throw failure("EVP_EncryptUpdate (AAD)") }
        var out = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        var written = 0
        if !plaintext.isEmpty {
            let ok = out.withUnsafeMutableBufferPointer { buf in
                EVP_EncryptUpdate(ctx, buf.baseAddress, &outLength, plaintext, Int32(plaintext.count))
            }
            guard ok == 1 else { throw failure("EVP_EncryptUpdate") }
            written = Int(outLength)
        }
        let finalOK = out.withUnsafeMutableBufferPointer { buf in
            EVP_EncryptFinal_ex(ctx, buf.baseAddress! + written, &outLength)
        }
        guard finalOK == 1 else { throw failure("EVP_EncryptFinal_ex") }
        written += Int(outLength)
        var tag = [UInt8](repeating: 0, count: tagLength)
        guard EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, Int32(tagLength), &tag) == 1 else { throw failure("get GCM tag") }
        out.replaceSubrange(written..<written + tagLength, with: tag)
        out.removeLast(out.count - written - tagLength)
        return out
    }

    /// AES-256-GCM decryption of ciphertext‖tag. Plaintext is returned only when the tag
    /// verifies: nothing partial ever leaves this function.
    static func open(key: [UInt8], nonce: [UInt8], aad: [UInt8], sealed: ArraySlice<UInt8>) throws -> [UInt8] {
        guard sealed.count >= tagLength else { throw OpenFailure.authentication }
        let ciphertext = Array(sealed.dropLast(tagLength))
        var tag = Array(sealed.suffix(tagLength))
        let (cipher, ctx) = try makeContext()
        defer { EVP_CIPHER_CTX_free(ctx); EVP_CIPHER_free(cipher) }
        guard EVP_DecryptInit_ex2(ctx, cipher, key, nonce, nil) == 1 else { throw failure("EVP_DecryptInit_ex2") }
        var outLength: Int32 = 0
        guard EVP_DecryptUpdate(ctx, nil, &outLength, aad, Int32(aad.count)) == 1 else { throw failure("EVP_DecryptUpdate (AAD)") }
        var out = [UInt8](repeating: 0, count: ciphertext.count + tagLength)
        var written = 0
        if !ciphertext.isEmpty {
            let ok = out.withUnsafeMutableBufferPointer { buf in
                EVP_DecryptUpdate(ctx, buf.baseAddress, &outLength, ciphertext, Int32(ciphertext.count))
            }
            guard ok == 1 else { wipe(&out); throw failure("EVP_DecryptUpdate") }
            written = Int(outLength)
        }
        guard EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, Int32(tagLength), &tag) == 1 else {
            wipe(&out); throw failure("set GCM tag")
        }
        let finalOK = out.withUnsafeMutableBufferPointer { buf in
            EVP_DecryptFinal_ex(ctx, buf.baseAddress! + written, &outLength)
        }
        guard finalOK > 0 else {
            wipe(&out)
            ERR_clear_error()
            throw OpenFailure.authentication
        }
        written += Int(outLength)
        out.removeLast(out.count - written)
        return out
    }

    private static func makeContext() throws -> (OpaquePointer, OpaquePointer) {
        guard let cipher = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) else { throw failure("EVP_CIPHER_fetch(AES-256-GCM)") }
        guard let ctx = EVP_CIPHER_CTX_new() else { EVP_CIPHER_free(cipher); throw failure("EVP_CIPHER_CTX_new") }
        return (cipher, ctx)
    }

    private static func failure(_ call: String) -> HubError {
        ERR_clear_error()
        return HubError.internalError("OpenSSL call \(call) failed.")
    }
}
