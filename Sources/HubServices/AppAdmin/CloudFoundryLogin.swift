// The Cloud Foundry credential chain of the `app` commands (docs/protocol.md §17), in the order the
// chain tries it (`CloudFoundryLoginSource`, AppAdminSource.swift): a bearer token given to hubctl
// (--cf-token-file, HUBCTL_CF_TOKEN), else a technical user's password grant (HUBCTL_CF_USERNAME
// with --cf-password-file, as SAP's test broker logs in), else the cf CLI's config.json (its access
// token, refreshed like cf does it: `api/uaa/refresh_token.go`). A token is refreshed before use
// when its `exp` has passed, and once after a 401; the new one is kept in memory only (cf's file is
// never written) and is checked as every token answer is (docs/security.md §15). Every grant is
// form-encoded to `<AuthorizationEndpoint>/oauth/token` with `carriesSecrets`, so it follows no
// redirect elsewhere.

import Foundation
import HubAuth
import HubCore
import HubTransport

/// Where the CF user's token comes from, as plain data (the files read through the command layer's input).
public enum CloudFoundryLogin: Sendable, Equatable {
    /// A token given as is (prefix optional); it cannot be refreshed.
    case bearer(String, source: String)
    /// cf's config.json, found at `path`.
    case cfConfig(CloudFoundryConfig, path: String)
    /// A password grant for `username` (UAA client `cf`), `origin` as `login_hint` when given.
    case password(username: String, password: String, origin: String?)
}

/// The CF user's current access token, refreshed when it must be.
public final class CloudFoundryTokens {
    public let login: CloudFoundryLogin
    let http: any HTTPTransport
    /// The UAA (`AuthorizationEndpoint`) when known; else found from the CF API root's `links.login`.
    var authorizationEndpoint: String?
    /// The CF API root, to find the UAA when no config names it.
    let api: String?
    let now: () -> Date
    let note: ((String) -> Void)?
    private var token: String?
    private var refreshToken: String?
    private var refreshedAfter401 = false

    public init(login: CloudFoundryLogin, transport: any HTTPTransport, api: String?, now: @escaping () -> Date = Date.init,
                note: ((String) -> Void)? = nil) {
        self.login = login
        http = transport
        self.api = api
        self.now = now
        self.note = note
        switch login {
        case .bearer(let text, _): token = CloudFoundryToken.withoutType(text)
        case .cfConfig(let config, _):
            token = config.accessToken
            refreshToken = config.refreshToken
            authorizationEndpoint = config.authorizationEndpoint
        case .password: token = nil
        }
    }

    /// The token to send: the one in hand, or a new one when there is none or its `exp` passed.
    public func bearer() throws -> String {
        if let token, !CloudFoundryToken.isExpired(token, now: now()) { return token }
        if token != nil { note?("hubctl: the Cloud Foundry access token expired; getting a new one") }
        return try renew()
    }

    /// After a 401: a new token, once per command; nil when it was already renewed once (the
    /// caller then reports the 401).
    public func renewAfterRefusal() throws -> String? {
        guard !refreshedAfter401 else { return nil }
        refreshedAfter401 = true
        if case .bearer = login { return nil }
        note?("hubctl: the Cloud Foundry API refused the token (401); getting a new one once")
        return try renew()
    }

    private func renew() throws -> String {
        let form: [(String, String)]
        var basic: BasicCredentials?
        let advice: String
        /// The grant, as messages name it.
        let grant: String
        switch login {
        case .bearer(_, let source):
            throw HubError(.permission, code: .loginRequired,
                           "The Cloud Foundry token from \(source) has expired and hubctl cannot refresh a token it was given. Give a new one (`cf oauth-token`), or run `cf login` and leave --cf-token-file and HUBCTL_CF_TOKEN unset.")
        case .cfConfig(let config, let path):
            advice = "Run `cf login` (cf's \(path) holds no usable token)."
            if config.grantType == "client_credentials" {
                // `cf auth --client-credentials`: cf makes a new client-credentials grant.
                form = [("grant_type", "client_credentials"), ("client_id", config.uaaClient), ("client_secret", config.uaaClientSecret)]
                grant = "a client-credentials grant"
            } else {
                guard let refreshToken else {
                    throw HubError(.permission, code: .loginRequired, "The Cloud Foundry access token has expired and \(path) has no refresh token. \(advice)")
                }
                form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
                grant = "a refresh"
                basic = BasicCredentials(user: config.uaaClient, password: config.uaaClientSecret)
            }
        case .password(let username, let password, let origin):
            advice = "Check HUBCTL_CF_USERNAME, the password file and --cf-origin."
            var fields = [("grant_type", "password"), ("username", username), ("password", password)]
            if let origin {
                let hint = (try? JSONOutput.encode(JSONValue.object(["origin": .string(origin)]), pretty: false)).map { String(decoding: $0, as: UTF8.self) } ?? ""
                fields.append(("login_hint", hint))
            }
            form = fields
            grant = "a password grant"
            basic = BasicCredentials(user: "cf", password: "")
        }
        let endpoint = try uaa()
        let encoding = PercentEncoding(allowing: PercentEncoding.unreservedCharacters)
        let body = form.map { encoding.encode($0.0) + "=" + encoding.encode($0.1) }.joined(separator: "&")
        var request = HTTPRequest(method: "POST", url: endpoint + "/oauth/token",
                                  headers: [HTTPHeader("Accept", "application/json"), HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                  body: Data(body.utf8), idempotent: false, credentials: basic)
        request.carriesSecrets = true
        let response = try http.send(request)
        guard response.status == 200 else {
            throw HubError(.permission, code: .loginRequired, "Cloud Foundry's UAA refused to renew the token (HTTP \(response.status)). \(advice)", status: response.status)
        }
        // Checked as every token answer is (docs/security.md §15, `OAuthTokenEndpoint.tokens`):
        // Bearer, 1 to 16,384 visible ASCII characters, a refresh token and expires_in that are
        // usable; anything else is 65 and none of it is sent or kept.
        let origin = OAuthChallenge.origin(endpoint)
        let tokens = try OAuthTokenEndpoint.tokens(
            from: (try? JSONValue.read(response.body))?.objectValue, previous: refreshToken, origin: origin, status: response.status,
            now: now(), endpoint: "Cloud Foundry's UAA \(origin) (\(grant))",
            advice: "hubctl sent none of it. Check cf's AuthorizationEndpoint (or the CF API's login link), or ask the landscape's administrator.")
        refreshToken = tokens.refreshToken
        token = tokens.accessToken
        note?("hubctl: got a new Cloud Foundry access token (kept in memory only)")
        return tokens.accessToken
    }

    /// The UAA: cf's `AuthorizationEndpoint`, else the CF API root's `links.login.href`.
    private func uaa() throws -> String {
        if let authorizationEndpoint { return Self.trimmed(authorizationEndpoint) }
        guard let api else {
            throw HubError.config("No Cloud Foundry API to log in at: give --cf-api (or run `cf api` / `cf login`).")
        }
        let response = try http.send(HTTPRequest(method: "GET", url: Self.trimmed(api) + "/", headers: [HTTPHeader("Accept", "application/json")]))
        guard response.status == 200, let value = try? JSONValue.read(response.body),
              let href = value["links"]?["login"]?["href"]?.stringValue ?? value["links"]?["uaa"]?["href"]?.stringValue else {
            throw HubError(.unavailable, code: .invalidResponse, "The Cloud Foundry API root \(api) does not name its login server (links.login.href, HTTP \(response.status)). Check --cf-api.", status: response.status)
        }
        authorizationEndpoint = href
        return Self.trimmed(href)
    }

    static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}

extension CloudFoundryTokens {
    /// Sends `request` with `Authorization: bearer <token>` through `transport`; after a 401, once
    /// with a renewed token.
    func send(_ request: HTTPRequest, through transport: any HTTPTransport) throws -> HTTPResponse {
        func attempt(_ token: String) throws -> HTTPResponse {
            var r = request
            r.headers.append(HTTPHeader("Authorization", "bearer " + token))
            r.carriesSecrets = true
            return try transport.send(r)
        }
        let response = try attempt(try bearer())
        guard response.status == 401, let renewed = try renewAfterRefusal() else { return response }
        return try attempt(renewed)
    }
}
