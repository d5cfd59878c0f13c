// OAuth2 tokens: what the token endpoint answers, how hubctl asks it, and where the tokens are kept
// (the vault, per server, application and client id). docs/protocol.md §14, docs/security.md.

import Foundation
import HubCore
import HubTransport
import HubVault

/// The OAuth client of one application, and where its endpoints are.
public struct OAuthClientInfo: Sendable, Equatable {
    public var server: String
    public var appId: String
    public var clientId: String
    public var redirectURI: String
    public var authorizeURL: String
    public var tokenURL: String

    public init(server: String, appId: String, clientId: String, redirectURI: String, authorizeURL: String, tokenURL: String) {
        self.server = server
        self.appId = appId
        self.clientId = clientId
        self.redirectURI = redirectURI
        self.authorizeURL = authorizeURL
        self.tokenURL = tokenURL
    }

    /// The vault key of this client's tokens.
    public var vaultKey: String { "hubctl/oauth/\(clientId)/\(appId)@\(server)" }
}

/// An access token with its expiry, and the refresh token that renews it. Stored in the vault only.
public struct OAuthTokens: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String?
    public var expiresAt: Date?
    public var scope: String?

    public init(accessToken: String, refreshToken: String?, expiresAt: Date?, scope: String?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
    }

    /// A token as it may go into an `Authorization` header or a form: 1 to 16,384 visible ASCII
    /// characters (RFC 6750's b64token and RFC 6749's VSCHAR fit), so no CR, LF or space.
    public static func isHeaderSafe(_ token: String) -> Bool {
        let bytes = token.utf8
        return (1...16_384).contains(bytes.count) && bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// What the vault holds, checked again when read (an older hubctl stored what servers sent): a
    /// token that is not header-safe is not used, and an expiry that is not a plausible date counts
    /// as expired, so the token is renewed instead of trapping a conversion.
    func checked() -> OAuthTokens? {
        guard Self.isHeaderSafe(accessToken) || accessToken.isEmpty else { return nil }
        var copy = self
        if let refresh = refreshToken, !Self.isHeaderSafe(refresh) { copy.refreshToken = nil }
        if let at = expiresAt, !(at.timeIntervalSince1970.isFinite && at.timeIntervalSince1970 < 253_402_300_799) {
            copy.expiresAt = .distantPast
        }
        return copy
    }

    /// Expired, or expiring within `margin` seconds (a request must not arrive with a dead token).
    public func expired(margin: Double = 5, now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }
}

/// The token endpoint (RFC 6749 §4.1.3 and §6), form-encoded, without a client secret (a public
/// client, as SAP's mobile SDKs are).
public struct OAuthTokenEndpoint {
    public let client: OAuthClientInfo
    public let transport: any HTTPTransport

    public init(client: OAuthClientInfo, transport: any HTTPTransport) {
        self.client = client
        self.transport = transport
    }

    /// Trades an authorization code (and the PKCE verifier) for tokens.
    public func exchange(code: String, verifier: String) throws -> OAuthTokens {
        try post(["grant_type": "authorization_code", "client_id": client.clientId, "code": code,
                  "redirect_uri": client.redirectURI, "code_verifier": verifier], previous: nil)
    }

    /// Renews the access token. A server that does not rotate keeps the old refresh token valid.
    public func refresh(_ refreshToken: String) throws -> OAuthTokens {
        try post(["grant_type": "refresh_token", "client_id": client.clientId, "refresh_token": refreshToken],
                 previous: refreshToken)
    }

    /// What the server said when it refused a grant (RFC 6749 §5.2): `invalid_grant` and the like.
    public struct Refusal: Error, Sendable {
        public let status: Int
        public let error: String?
        public let description: String?
    }

    private func post(_ fields: [String: String], previous: String?) throws -> OAuthTokens {
        let body = Self.formEncode(fields)
        var request = HTTPRequest(method: "POST", url: client.tokenURL,
                                  headers: [HTTPHeader("Accept", "application/json"),
                                            HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                  body: Data(body.utf8), idempotent: false)
        // The code, verifier or refresh token in the body goes to the token endpoint's origin only.
        request.carriesSecrets = true
        let response = try transport.send(request)
        let answer = (try? JSONValue.read(response.body))?.objectValue
        guard (200..<300).contains(response.status) else {
            if (400..<500).contains(response.status) {
                throw Refusal(status: response.status, error: answer?["error"]?.stringValue,
                              description: answer?["error_description"]?.stringValue)
            }
            throw HubError(.unavailable, code: .serverError,
                           "The OAuth token endpoint \(OAuthChallenge.origin(client.tokenURL)) failed (HTTP \(response.status)). Try again later.",
                           status: response.status)
        }
        return try Self.tokens(from: answer, previous: previous, origin: OAuthChallenge.origin(client.tokenURL), status: response.status)
    }

    /// The longest access-token lifetime taken from a server; a longer one is cut to this (the token
    /// is then renewed early, which costs one refresh).
    public static let maximumLifetime: Double = 366 * 86_400

    /// The tokens of a successful answer (RFC 6749 §5.1), checked where they enter: a `token_type`
    /// other than Bearer, a token that is not a header-safe string, or an `expires_in` that is not a
    /// finite non-negative number is refused (65) and nothing is stored; a lifetime beyond
    /// `maximumLifetime` is cut to it. Every token answer hubctl takes goes through this check
    /// (docs/security.md §15): the OAuth login and refresh, client credentials, and Cloud Foundry's
    /// UAA (`CloudFoundryTokens`), whose messages name `endpoint` and give `advice`.
    public static func tokens(from answer: [String: JSONValue]?, previous: String?, origin: String, status: Int,
                              now: Date = Date(), endpoint: String? = nil,
                              advice: String = "hubctl stored nothing. Check --oauth-token-url, or ask the server's administrator.") throws -> OAuthTokens {
        func refuse(_ what: String) -> HubError {
            HubError(.data, code: .malformedResponse,
                     "\(endpoint ?? "The OAuth token endpoint \(origin)") answered with \(what); \(advice)",
                     status: status)
        }
        guard let answer else { throw refuse("something that is not a JSON object") }
        guard let access = answer["access_token"]?.stringValue, !access.isEmpty else {
            throw refuse("no access_token")
        }
        guard OAuthTokens.isHeaderSafe(access) else { throw refuse("an access_token that cannot be sent in a header (control characters, spaces, non-ASCII, or more than 16,384 characters)") }
        guard let type = answer["token_type"]?.stringValue, type.lowercased() == "bearer" else {
            let shown = answer["token_type"]?.stringValue.map { HubError.quoted($0) } ?? "none"
            throw refuse("a token_type other than Bearer (\(shown))")
        }
        var refresh = previous
        if let value = answer["refresh_token"], value != .null {
            guard let text = value.stringValue, !text.isEmpty, OAuthTokens.isHeaderSafe(text) else {
                throw refuse("a refresh_token that is not a plain ASCII string")
            }
            refresh = text
        }
        var expiresAt: Date?
        if let value = answer["expires_in"], value != .null {
            let number: Double? = switch value {
            case .int(let i): Double(i)
            case .double(let d): d
            case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))  // some servers send a string
            default: nil
            }
            guard let seconds = BoundedNumber.seconds(number, maximum: maximumLifetime) else {
                throw refuse("an expires_in that is not a number of seconds (\(HubError.quoted(String(describing: value))))")
            }
            expiresAt = now.addingTimeInterval(seconds)
        }
        for secret in [access, refresh] { SecretValues.register(secret) }
        return OAuthTokens(accessToken: access, refreshToken: refresh, expiresAt: expiresAt,
                           scope: answer["scope"]?.stringValue)
    }

    /// `application/x-www-form-urlencoded` with every byte outside the unreserved set escaped.
    static func formEncode(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }
}

/// Where a client's tokens live: the vault entry under `OAuthClientInfo.vaultKey`. The vault is
/// opened only when needed; without a secret (no passphrase, no terminal), reading finds nothing
/// and saving fails with advice.
public final class OAuthTokenVault {
    let store: VaultStore
    public let key: String
    let secret: () throws -> VaultSecret?
    private var cachedSecret: VaultSecret??

    public init(store: VaultStore, key: String, secret: @escaping () throws -> VaultSecret?) {
        self.store = store
        self.key = key
        self.secret = secret
    }

    func vaultSecret() throws -> VaultSecret? {
        if let cachedSecret { return cachedSecret }
        let s = try secret()
        cachedSecret = .some(s)
        return s
    }

    /// The stored tokens; nil when there is no vault, no entry, or no way to open the vault.
    public func load() throws -> OAuthTokens? {
        guard store.exists, let secret = try vaultSecret() else { return nil }
        return Self.decode(try store.read(secret: secret).value(forKey: key))
    }

    public func save(_ tokens: OAuthTokens) throws {
        let secret = try requireSecret()
        let value = try JSONEncoder().encode(tokens)
        try store.update(secret: secret, createIfMissing: true) { $0.set(value, forKey: key) }
    }

    /// Read-modify-write under the vault's lock: `body` gets what is stored and returns what to store
    /// (nil: leave it). Concurrent hubctl processes refreshing with one rotating refresh token see
    /// each other's result instead of spending the same token twice.
    public func update(_ body: (OAuthTokens?) throws -> OAuthTokens?) throws -> OAuthTokens? {
        let secret = try requireSecret()
        return try store.update(secret: secret, createIfMissing: true) { contents in
            let stored = Self.decode(contents.value(forKey: key))
            guard let next = try body(stored) else { return stored }
            if next != stored { contents.set(try JSONEncoder().encode(next), forKey: key) }
            return next
        }
    }

    /// Fails now (no secret, wrong passphrase) rather than after a login in the browser.
    public func checkAccess() throws {
        let secret = try requireSecret()
        if store.exists { _ = try store.read(secret: secret) }
    }

    /// Forgets the tokens; false when there were none.
    public func remove() throws -> Bool {
        guard store.exists else { return false }
        let secret = try requireSecret()
        return try store.update(secret: secret) { $0.remove(key) != nil }
    }

    private func requireSecret() throws -> VaultSecret {
        guard let secret = try vaultSecret() else {
            throw HubError.config("The OAuth tokens are kept in the vault, which cannot be opened: set HUBCTL_VAULT_PASSPHRASE, --vault-passphrase-file or HUBCTL_VAULT_KEY, or run on a terminal.", code: .vaultSecretMissing)
        }
        return secret
    }

    static func decode(_ data: Data?) -> OAuthTokens? {
        guard let data else { return nil }
        return (try? JSONDecoder().decode(OAuthTokens.self, from: data))?.checked()
    }
}
