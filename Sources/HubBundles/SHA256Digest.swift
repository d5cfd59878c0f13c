// Incremental SHA-256 over OpenSSL's EVP interface, fed as the archive bytes arrive.

import COpenSSL
import HubCore

/// Hashes bytes in pieces; `finalize()` once, then read `hex`. Not thread-safe (one consumer).
public final class SHA256Digest {
    private let context: OpaquePointer
    private var result: String?

    public init() throws {
        guard let context = EVP_MD_CTX_new() else {
            throw HubError.internalError("OpenSSL could not allocate a digest context.")
        }
        self.context = context
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            EVP_MD_CTX_free(context)
            throw HubError.internalError("OpenSSL could not start a SHA-256 digest.")
        }
    }

    deinit { EVP_MD_CTX_free(context) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0, result == nil else { return }
        // EVP_DigestUpdate only fails on a misused context, which `result == nil` rules out.
        _ = EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The lowercase hex digest; finishing is idempotent.
    public func finalize() -> String {
        if let result { return result }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_DigestFinal_ex(context, &digest, &length)
        let hex = digest.prefix(Int(length)).map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
        result = hex
        return hex
    }

    /// The SHA-256 of a whole buffer, in hex.
    public static func hex(of bytes: UnsafeRawBufferPointer) throws -> String {
        let digest = try SHA256Digest()
        digest.update(bytes)
        return digest.finalize()
    }
}
