// Sends every request with the OAuth access token and renews it reactively: before a request when it
// has expired, and when the server challenges; a rotated refresh token is stored at once
// (docs/protocol.md §14).

import Foundation
import HubCore
import HubTransport

/// What a Mobile Services answer says about authentication.
public enum OAuthChallenge {
    /// The server asks for an OAuth token: `401` + `WWW-Authenticate: Bearer…`, `400` +
    /// `x-smp-authentication-status: 1000`, or an `X-SMP-AUTHENTICATION-STATUS-MESSAGE` on an error.
    public static func isChallenge(_ response: HTTPResponse) -> Bool {
        if response.status == 401, let scheme = response.header("WWW-Authenticate"),
           scheme.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("bearer") { return true }
        if response.status == 400, response.header("x-smp-authentication-status")?.trimmingCharacters(in: .whitespaces) == "1000" { return true }
        if response.status >= 400, response.header("X-SMP-AUTHENTICATION-STATUS-MESSAGE") != nil { return true }
        return false
    }

    /// A SAML (browser) login page instead of data: `com.sap.cloud.security.login: login-request`.
    public static func isSAMLLoginPage(_ response: HTTPResponse) -> Bool {
        response.header("com.sap.cloud.security.login")?.trimmingCharacters(in: .whitespaces).lowercased() == "login-request"
    }

    /// `scheme://host[:port]` of a URL, for messages (never a path, query or credentials).
    public static func origin(_ url: String) -> String {
        guard let c = URLComponents(string: url), let scheme = c.scheme, let host = c.host else { return "the server" }
        return "\(scheme)://\(host)\(c.port.map { ":\($0)" } ?? "")"
    }

    /// `login_required` (77) with what to do.
    public static func loginRequired(_ why: String, client: OAuthClientInfo?) -> HubError {
        let how = client == nil
            ? "Configure the application's OAuth client with --oauth-client-id (or HUBCTL_OAUTH_CLIENT_ID, or the profile's oauth-client-id) and run `hubctl login`."
            : "Run `hubctl login` (or, in CI, set HUBCTL_REFRESH_TOKEN to a refresh token from a login)."
        return HubError(.permission, code: .loginRequired, "\(why) \(how)")
    }
}

/// An HTTPTransport that authenticates with OAuth bearer tokens from the vault.
public final class OAuthTransport: HTTPTransport {
    let inner: any HTTPTransport
    public let client: OAuthClientInfo
    let vault: OAuthTokenVault
    /// `HUBCTL_REFRESH_TOKEN`: used when the vault has no tokens for this client.
    let seedRefreshToken: String?
    let note: ((String) -> Void)?
    let warn: (String) -> Void
    private var current: OAuthTokens?
    private var loaded = false

    public init(inner: any HTTPTransport, client: OAuthClientInfo, vault: OAuthTokenVault, seedRefreshToken: String?,
                note: ((String) -> Void)? = nil, warn: @escaping (String) -> Void = { _ in }) {
        self.inner = inner
        self.client = client
        self.vault = vault
        self.seedRefreshToken = seedRefreshToken
        self.note = note
        self.warn = warn
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try perform(request) { try inner.send($0) }
    }

    public func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse {
        try perform(request) { try inner.stream($0, to: sink) }
    }

    private func perform(_ request: HTTPRequest, _ body: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        var tokens = try usableTokens()
        let response = try body(Self.withBearer(request, tokens.accessToken))
        guard OAuthChallenge.isChallenge(response) else { return response }
        note?("the server challenged the access token; refreshing it")
        tokens = try refresh(tokens)
        let retried = try body(Self.withBearer(request, tokens.accessToken))
        if OAuthChallenge.isChallenge(retried) {
            throw OAuthChallenge.loginRequired("The server at \(OAuthChallenge.origin(request.url)) refused a freshly issued access token for client \(client.clientId) (check the client's scopes and that it belongs to application '\(client.appId)').", client: client)
        }
        return retried
    }

    /// Renews the access token now with the refresh token, whether or not it has expired (the
    /// token step of `hubctl probe`); the answer is kept in the vault as every renewal is.
    public func renewNow() throws {
        _ = try refresh(try loadedTokens())
    }

    /// A token to send: the one in hand, else the stored one (or the seed's), renewed when expired.
    public func usableTokens() throws -> OAuthTokens {
        let tokens = try loadedTokens()
        if tokens.accessToken.isEmpty || tokens.expired() {
            note?("the access token has expired; refreshing it")
            return try refresh(tokens)
        }
        return tokens
    }

    /// The tokens in hand, else the stored ones (or the seed's); login_required when there are none.
    private func loadedTokens() throws -> OAuthTokens {
        if !loaded {
            loaded = true
            current = try vault.load()
            if current == nil, let seed = seedRefreshToken, !seed.isEmpty {
                note?("no OAuth tokens in the vault; using HUBCTL_REFRESH_TOKEN")
                current = OAuthTokens(accessToken: "", refreshToken: seed, expiresAt: .distantPast, scope: nil)
            }
        }
        guard let tokens = current else {
            throw OAuthChallenge.loginRequired("There is no OAuth login for client \(client.clientId) of application '\(client.appId)' at \(client.server) in the vault.", client: client)
        }
        return tokens
    }

    /// Renews with the refresh token under the vault's lock, storing the answer (a rotated refresh
    /// token included) before it is used. When another process renewed meanwhile, its tokens are used.
    func refresh(_ old: OAuthTokens) throws -> OAuthTokens {
        guard let refreshToken = old.refreshToken, !refreshToken.isEmpty else {
            throw OAuthChallenge.loginRequired("The access token for client \(client.clientId) has expired and there is no refresh token.", client: client)
        }
        let endpoint = OAuthTokenEndpoint(client: client, transport: inner)
        func renew(_ token: String) throws -> OAuthTokens {
            do {
                return try endpoint.refresh(token)
            } catch let refusal as OAuthTokenEndpoint.Refusal {
                let what = refusal.error.map { " (\($0))" } ?? ""
                throw OAuthChallenge.loginRequired("The OAuth server refused the refresh token for client \(client.clientId)\(what): it expired, was revoked, or was already used.", client: client)
            }
        }
        let fresh: OAuthTokens
        do {
            fresh = try vault.update { stored in
                if let stored, stored.refreshToken != refreshToken, !stored.accessToken.isEmpty, !stored.expired(),
                   stored.accessToken != old.accessToken {
                    return stored
                }
                return try renew(refreshToken)
            } ?? old
        } catch let error as HubError where error.code == .vaultSecretMissing {
            // No way to keep tokens (CI without a vault secret): use them for this command only.
            let tokens = try renew(refreshToken)
            if tokens.refreshToken != refreshToken {
                warn("the OAuth server issued a new refresh token, and the vault cannot be opened to keep it (set HUBCTL_VAULT_KEY or HUBCTL_VAULT_PASSPHRASE): the old one may no longer work.")
            }
            current = tokens
            return tokens
        }
        current = fresh
        return fresh
    }

    static func withBearer(_ request: HTTPRequest, _ token: String) -> HTTPRequest {
        var r = request
        r.credentials = nil
        r.headers.removeAll { $0.name.caseInsensitiveCompare("Authorization") == .orderedSame }
        r.headers.append(HTTPHeader("Authorization", "Bearer " + token))
        return r
    }
}
