// PKCE (RFC 7636, S256) and the random values of an authorization request (docs/protocol.md §14).

import COpenSSL
import Foundation
import HubCore

/// The one-time values of one authorization: the PKCE verifier and its S256 challenge, and `state`.
public struct OAuthPKCE: Sendable {
    /// 32 random bytes, base64url: 43 characters of `[A-Za-z0-9-_]` (RFC 7636 §4.1).
    public let verifier: String
    /// BASE64URL(SHA256(ASCII(verifier))) (RFC 7636 §4.2).
    public let challenge: String
    /// Binds the redirect to this login (RFC 6749 §10.12); checked before the code is used.
    public let state: String

    public init() throws {
        verifier = OAuthPKCE.base64url(try OAuthPKCE.randomBytes(32))
        challenge = try OAuthPKCE.s256(verifier)
        state = OAuthPKCE.base64url(try OAuthPKCE.randomBytes(16))
    }

    /// The S256 challenge of a verifier.
    public static func s256(_ verifier: String) throws -> String {
        base64url(try Array(verifier.utf8).withUnsafeBytes { try SHA256Digest.bytes(of: $0) })
    }

    /// Base64 with the URL alphabet and no padding (RFC 4648 §5).
    public static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func randomBytes(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else {
            throw HubError.internalError("OpenSSL could not produce random bytes (RAND_bytes failed).")
        }
        return bytes
    }
}
