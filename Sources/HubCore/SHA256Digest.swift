// SHA-256 over OpenSSL's EVP interface: incremental (bundle bytes as they arrive), or of one buffer
// (cache file names, PKCE challenges, batch line digests). The one SHA-256 of hubctl.

import COpenSSL

/// Hashes bytes in pieces; `finalize()` once, then read `hex`. Not thread-safe (one consumer).
public final class SHA256Digest {
    private let context: OpaquePointer
    private var result: [UInt8]?

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

    /// The 32 bytes of the digest; finishing is idempotent.
    public func finalizeBytes() -> [UInt8] {
        if let result { return result }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_DigestFinal_ex(context, &digest, &length)
        let bytes = Array(digest.prefix(Int(length)))
        result = bytes
        return bytes
    }

    /// The lowercase hex digest; finishing is idempotent.
    public func finalize() -> String { Self.hex(finalizeBytes()) }

    /// The SHA-256 of a whole buffer, in hex.
    public static func hex(of bytes: UnsafeRawBufferPointer) throws -> String {
        hex(try self.bytes(of: bytes))
    }

    /// The SHA-256 of a whole buffer, through libcrypto's SHA-256 code directly (`hub_sha256` in
    /// COpenSSL's shim): no provider fetch, which the first EVP digest of a process pays.
    public static func bytes(of bytes: UnsafeRawBufferPointer) throws -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = digest.withUnsafeMutableBufferPointer { out in
            hub_sha256(bytes.baseAddress ?? UnsafeRawPointer(out.baseAddress!), bytes.count, out.baseAddress!) == 1
        }
        guard ok else { throw HubError.internalError("OpenSSL could not compute a SHA-256 digest.") }
        return digest
    }

    /// The SHA-256 of a whole buffer through the EVP interface (what `bytes(of:)` must agree with).
    static func evpBytes(of bytes: UnsafeRawBufferPointer) throws -> [UInt8] {
        let digest = try SHA256Digest()
        digest.update(bytes)
        return digest.finalizeBytes()
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ bytes: [UInt8]) -> String {
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
