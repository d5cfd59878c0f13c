// The emulator as a SAP Mobile Services tenant (docs/protocol.md §14): per application an OAuth
// client with an HTML login form, single-use codes, PKCE, short-lived access tokens, refresh with
// rotation and revocation; each OAuth challenge form; a SAML application; application versioning;
// the versions address; a tenant session cookie after a bearer request.

import COpenSSL
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// What a Mobile Services application is configured with (`"mobileServices"` of an application in
/// the configuration file, or `PUT /_emulator/mobileservices`).
public struct MobileServicesApp: Sendable, Decodable, Equatable {
    public struct OAuthClient: Sendable, Decodable, Equatable {
        public var clientId: String
        /// Allowed redirect URIs; a loopback one (127.0.0.1, [::1], localhost) matches on any port (RFC 8252 §7.3).
        public var redirectUris: [String]
        /// Lifetime of an access token in seconds.
        public var accessTokenSeconds: Int
        /// When set, an access token is good for this many requests (deterministic expiry for tests).
        public var accessTokenUses: Int?
        /// A refresh gives a new refresh token and retires the old one.
        public var rotateRefreshTokens: Bool
        /// How a request without a valid token is refused: "bearer" (401 + WWW-Authenticate: Bearer),
        /// "status" (400 + x-smp-authentication-status: 1000), "message" (401 +
        /// X-SMP-AUTHENTICATION-STATUS-MESSAGE).
        public var challenge: String
        /// PKCE is required (the default, as for a public client): an authorization request without
        /// a `code_challenge` is refused, and a code issued without one is never exchanged.
        public var requirePkce: Bool

        enum CodingKeys: String, CodingKey { case clientId, redirectUris, accessTokenSeconds, accessTokenUses, rotateRefreshTokens, challenge, requirePkce }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            clientId = try c.decode(String.self, forKey: .clientId)
            redirectUris = try c.decodeIfPresent([String].self, forKey: .redirectUris) ?? ["http://127.0.0.1/callback"]
            accessTokenSeconds = try c.decodeIfPresent(Int.self, forKey: .accessTokenSeconds) ?? 3600
            accessTokenUses = try c.decodeIfPresent(Int.self, forKey: .accessTokenUses)
            rotateRefreshTokens = try c.decodeIfPresent(Bool.self, forKey: .rotateRefreshTokens) ?? true
            challenge = try c.decodeIfPresent(String.self, forKey: .challenge) ?? "bearer"
            requirePkce = try c.decodeIfPresent(Bool.self, forKey: .requirePkce) ?? true
            guard ["bearer", "status", "message"].contains(challenge) else {
                throw DecodingError.dataCorruptedError(forKey: .challenge, in: c, debugDescription: "challenge must be bearer, status or message")
            }
        }
    }

    public var oauth: OAuthClient?
    /// The application answers with a SAML login page (its security is SAML).
    public var saml: Bool
    /// With application versioning on: the active versions; X-APP-VERSION must name one (else 403).
    public var appVersions: [String]?

    enum CodingKeys: String, CodingKey { case oauth, saml, appVersions }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        oauth = try c.decodeIfPresent(OAuthClient.self, forKey: .oauth)
        saml = try c.decodeIfPresent(Bool.self, forKey: .saml) ?? false
        appVersions = try c.decodeIfPresent([String].self, forKey: .appVersions)
    }
}

/// The OAuth server and session state of every application, behind one lock.
public final class MobileServicesState: Sendable {
    struct Code { let appId: String; let clientId: String; let redirectURI: String; let challenge: String?; let user: String; let expires: Date }
    struct Access { let appId: String; let user: String; let expires: Date; var usesLeft: Int? }
    struct Refresh { let appId: String; let clientId: String; let user: String }
    struct Store {
        var apps: [String: MobileServicesApp] = [:]
        var codes: [String: Code] = [:]
        var access: [String: Access] = [:]
        var refresh: [String: Refresh] = [:]
        var sessions: [String: (appId: String, user: String)] = [:]
        /// The versions address's answer; nil = 404 (SMP 3).
        var onboardingVersion: String?
        var counters: [String: Int] = [:]
        /// Members that replace or join those of every successful token answer (a JSON object, as
        /// the control API was given it): a careless or hostile token endpoint, for tests of clients.
        var tokenAnswerOverrides: Data?
    }
    private let store: Mutex<Store>

    init(configuration: EmulatorConfiguration) {
        var s = Store()
        for app in configuration.applications { if let ms = app.mobileServices { s.apps[app.id] = ms } }
        s.onboardingVersion = configuration.onboardingVersion
        store = Mutex(s)
    }

    static let sessionCookie = "JTENANTSESSIONID_emulator"

    func app(_ appId: String) -> MobileServicesApp? { store.withLock { $0.apps[appId] } }
    func setApp(_ appId: String, _ app: MobileServicesApp?) { store.withLock { $0.apps[appId] = app } }
    func setOnboardingVersion(_ v: String?) { store.withLock { $0.onboardingVersion = v } }

    var tokenAnswerOverrides: Data? { store.withLock { $0.tokenAnswerOverrides } }
    func setTokenAnswerOverrides(_ data: Data?) { store.withLock { $0.tokenAnswerOverrides = data } }
    var onboardingVersion: String? { store.withLock { $0.onboardingVersion } }
    var counters: [String: Int] { store.withLock { $0.counters } }

    /// Every refresh and access token of an application stops working.
    func revoke(appId: String) -> Int {
        store.withLock { s in
            let before = s.refresh.count
            s.refresh = s.refresh.filter { $0.value.appId != appId }
            s.access = s.access.filter { $0.value.appId != appId }
            s.sessions = s.sessions.filter { $0.value.appId != appId }
            return before - s.refresh.count
        }
    }

    /// Every access token (and session) of an application expires now; refresh tokens stay good.
    func expireAccess(appId: String) {
        store.withLock { s in
            s.access = s.access.filter { $0.value.appId != appId }
            s.sessions = s.sessions.filter { $0.value.appId != appId }
        }
    }

    func client(id clientId: String) -> (String, MobileServicesApp.OAuthClient)? {
        store.withLock { s in
            for (appId, app) in s.apps { if let o = app.oauth, o.clientId == clientId { return (appId, o) } }
            return nil
        }
    }

    private static func token() -> String {
        (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
    }

    func issueCode(appId: String, clientId: String, redirectURI: String, challenge: String?, user: String) -> String {
        let code = Self.token()
        store.withLock { s in
            s.codes[code] = Code(appId: appId, clientId: clientId, redirectURI: redirectURI, challenge: challenge, user: user,
                                 expires: Date().addingTimeInterval(120))
            s.counters["codes", default: 0] += 1
        }
        return code
    }

    enum Grant { case tokens(access: String, refresh: String, seconds: Int), refused(String) }

    func exchange(code: String, clientId: String, redirectURI: String?, verifier: String?) -> Grant {
        store.withLock { s in
            // Single use: gone after the first attempt, right or wrong.
            guard let c = s.codes.removeValue(forKey: code), c.expires > Date() else { return .refused("invalid_grant") }
            guard c.clientId == clientId, redirectURI == c.redirectURI else { return .refused("invalid_grant") }
            // RFC 7636 §4.6: a code issued with a challenge needs its verifier; a client that requires
            // PKCE never exchanges a code issued without one.
            if let challenge = c.challenge {
                guard let verifier, Self.s256(verifier) == challenge else { return .refused("invalid_grant") }
            } else if s.apps[c.appId]?.oauth?.requirePkce ?? true {
                return .refused("invalid_grant")
            }
            return Self.issue(&s, appId: c.appId, clientId: clientId, user: c.user, counter: "codeExchanges")
        }
    }

    func refresh(_ token: String, clientId: String) -> Grant {
        store.withLock { s in
            guard let r = s.refresh[token], r.clientId == clientId, let client = s.apps[r.appId]?.oauth else { return .refused("invalid_grant") }
            if client.rotateRefreshTokens {
                s.refresh.removeValue(forKey: token)
                return Self.issue(&s, appId: r.appId, clientId: clientId, user: r.user, counter: "refreshes")
            }
            guard case .tokens(let access, _, let seconds) = Self.issue(&s, appId: r.appId, clientId: clientId, user: r.user, counter: "refreshes", newRefresh: false) else {
                return .refused("invalid_grant")
            }
            return .tokens(access: access, refresh: token, seconds: seconds)
        }
    }

    private static func issue(_ s: inout Store, appId: String, clientId: String, user: String, counter: String, newRefresh: Bool = true) -> Grant {
        guard let client = s.apps[appId]?.oauth else { return .refused("invalid_client") }
        let access = token(), refresh = newRefresh ? token() : ""
        s.access[access] = Access(appId: appId, user: user, expires: Date().addingTimeInterval(Double(client.accessTokenSeconds)),
                                  usesLeft: client.accessTokenUses)
        if newRefresh { s.refresh[refresh] = Refresh(appId: appId, clientId: clientId, user: user) }
        s.counters[counter, default: 0] += 1
        return .tokens(access: access, refresh: refresh, seconds: client.accessTokenSeconds)
    }

    /// The user of a valid access token of this application, using it once.
    func useAccess(_ token: String, appId: String) -> String? {
        store.withLock { s in
            guard var a = s.access[token], a.appId == appId, a.expires > Date() else { return nil }
            if let left = a.usesLeft {
                guard left > 0 else { return nil }
                a.usesLeft = left - 1
                s.access[token] = a
            }
            return a.user
        }
    }

    func startSession(appId: String, user: String) -> String {
        let id = Self.token()
        store.withLock { $0.sessions[id] = (appId, user) }
        return id
    }

    func sessionUser(_ id: String, appId: String) -> String? {
        store.withLock { s in s.sessions[id].flatMap { $0.appId == appId ? $0.user : nil } }
    }

    static func s256(_ verifier: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(verifier.utf8)
        _ = bytes.withUnsafeBufferPointer { SHA256($0.baseAddress, $0.count, &digest) }
        return Data(digest).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

// MARK: - Gate for protocol requests

extension MobileServicesState {
    enum Admission {
        /// Not a Mobile Services application with OAuth/SAML: the usual Basic rules apply.
        case usual
        case admitted(user: String)
        case refused(Response)
    }

    /// Versioning, SAML and OAuth, in that order, for a request to an application's resources.
    func admit(_ request: Request, appId: String, format: WireFormat) -> Admission {
        guard let app = app(appId) else { return .usual }
        if let versions = app.appVersions {
            let sent = request.headers[HTTPField.Name("X-APP-VERSION")!] ?? ""
            // SAP documents a 403 for a request without X-APP-VERSION or with an inactive version
            // (Android SDK "Application Versioning") and the response header x-app-version-inactive
            // (iOS ApplicationVersionObserver); no body is documented, so this one names nothing.
            if sent.isEmpty {
                return .refused(Answers.error(.forbidden, "Forbidden", "Forbidden.", .json))
            }
            if !versions.contains(sent) {
                var refusal = Answers.error(.forbidden, "Forbidden", "Forbidden.", .json)
                refusal.headers[HTTPField.Name("x-app-version-inactive")!] = "true"
                return .refused(refusal)
            }
        }
        let sessionId = request.cookies[Self.sessionCookie]?.value
        if app.saml {
            if let sessionId, let user = sessionUser(sessionId, appId: appId) { return .admitted(user: user) }
            var response = Answers.text(.ok, "<!DOCTYPE html><html><head><title>Sign in</title></head><body><form method=\"post\" action=\"/saml2/idp/sso\"><input name=\"j_username\"><input name=\"j_password\" type=\"password\"></form></body></html>", contentType: "text/html;charset=utf-8")
            response.headers[HTTPField.Name("com.sap.cloud.security.login")!] = "login-request"
            return .refused(response)
        }
        guard let client = app.oauth else { return .usual }
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            if let user = useAccess(token, appId: appId) {
                if sessionId.flatMap({ sessionUser($0, appId: appId) }) == nil {
                    // The tenant trades the token for a session cookie (set by the responder).
                    let fresh = startSession(appId: appId, user: user)
                    MobileServicesEndpoints.newSession?.value.withLock { $0 = fresh }
                }
                return .admitted(user: user)
            }
            return .refused(challenge(client, format: format, invalidToken: true))
        }
        // Without a token, the tenant session cookie a bearer request earned still admits.
        if let sessionId, let user = sessionUser(sessionId, appId: appId) { return .admitted(user: user) }
        return .refused(challenge(client, format: format, invalidToken: false))
    }

    private func challenge(_ client: MobileServicesApp.OAuthClient, format: WireFormat, invalidToken: Bool) -> Response {
        switch client.challenge {
        case "status":
            var r = Answers.error(.badRequest, "AuthenticationRequired", "OAuth authentication required.", format)
            r.headers[HTTPField.Name("x-smp-authentication-status")!] = "1000"
            return r
        case "message":
            var r = Answers.error(.unauthorized, "Unauthorized", "OAuth authentication required.", format)
            r.headers[HTTPField.Name("X-SMP-AUTHENTICATION-STATUS-MESSAGE")!] = invalidToken ? "Access token invalid or expired" : "Access token required"
            return r
        default:
            var r = Answers.error(.unauthorized, "Unauthorized", "OAuth authentication required.", format)
            r.headers[.wwwAuthenticate] = "Bearer realm=\"hubctl-emulator\"" + (invalidToken ? ", error=\"invalid_token\"" : "")
            return r
        }
    }
}

// MARK: - The OAuth endpoints and the versions address

struct MobileServicesEndpoints: Sendable {
    let state: EmulatorState
    var mobile: MobileServicesState { state.mobileServices }

    /// Where `admit` leaves the id of a session it started for the request being answered.
    final class SessionSlot: Sendable { let value = Mutex<String?>(nil) }
    @TaskLocal static var newSession: SessionSlot?

    /// Answers a protocol request and adds the tenant session cookie when the request started one.
    static func withSession(_ body: () async -> Response) async -> Response {
        let slot = SessionSlot()
        var response = await $newSession.withValue(slot) { await body() }
        if let id = slot.value.withLock({ $0 }) {
            response.headers.append(HTTPField(name: .setCookie, value: "\(MobileServicesState.sessionCookie)=\(id); Path=/; HttpOnly"))
        }
        return response
    }

    static let authorizePath = "/oauth2/api/v1/authorize"
    static let tokenPath = "/oauth2/api/v1/token"

    /// The answer for one of these addresses, nil for any other.
    func respond(to request: Request, prefix: String) async -> Response? {
        var path = request.uri.path
        let base = prefix.isEmpty ? "" : "/" + prefix
        if !base.isEmpty, path.hasPrefix(base + "/") { path.removeFirst(base.count) }
        switch path {
        case Self.authorizePath:
            if request.method == .get { return authorizeForm(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, problem: nil) }
            if request.method == .post {
                let form = Self.form((try? await request.collectSmallBody()) ?? Data())
                return login(form)
            }
            return Answers.text(.methodNotAllowed, "GET or POST", contentType: "text/plain")
        case Self.tokenPath:
            guard request.method == .post else { return Answers.text(.methodNotAllowed, "POST", contentType: "text/plain") }
            return token(Self.form((try? await request.collectSmallBody()) ?? Data()))
        default:
            return nil
        }
    }

    /// `application/x-www-form-urlencoded` (or a query) into fields; `+` is a space.
    static func form(_ body: Data) -> [String: String] {
        let text = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
        var c = URLComponents()
        c.percentEncodedQuery = text
        var fields: [String: String] = [:]
        for item in c.queryItems ?? [] where fields[item.name] == nil { fields[item.name] = item.value ?? "" }
        return fields
    }

    static func loopbackMatch(_ given: String, _ registered: String) -> Bool {
        if given == registered { return true }
        guard let g = URLComponents(string: given), let r = URLComponents(string: registered),
              g.scheme == "http", r.scheme == "http", let gh = g.host, gh == r.host,
              ["127.0.0.1", "::1", "[::1]", "localhost"].contains(gh) else { return false }
        return g.path == r.path && g.query == r.query
    }

    private func htmlError(_ message: String) -> Response {
        Answers.text(.badRequest, "<!DOCTYPE html><html><head><title>Login error</title></head><body><h1 id=\"error\">\(Self.escape(message))</h1></body></html>", contentType: "text/html;charset=utf-8")
    }

    /// The client and redirect URI of an authorization request, or the page refusing it (never a
    /// redirect to an address the client does not have).
    private enum Checked {
        case success(String, MobileServicesApp.OAuthClient, String)
        case failure(Response)
    }

    private func checkClient(_ p: [String: String]) -> Checked {
        guard let clientId = p["client_id"], let (appId, client) = mobile.client(id: clientId) else {
            return .failure(htmlError("Unknown OAuth client."))
        }
        guard let redirect = p["redirect_uri"], client.redirectUris.contains(where: { Self.loopbackMatch(redirect, $0) }) else {
            return .failure(htmlError("The redirect URI is not configured for this OAuth client."))
        }
        return .success(appId, client, redirect)
    }

    private func authorizeForm(_ params: [(String, String)], problem: String?) -> Response {
        var p: [String: String] = [:]
        for (k, v) in params where p[k] == nil { p[k] = v }
        let appId: String
        switch checkClient(p) {
        case .failure(let r): return r
        case .success(let a, _, let redirect):
            appId = a
            if p["response_type"] != "code" { return redirectTo(redirect, ["error": "unsupported_response_type", "state": p["state"]]) }
            if let method = p["code_challenge_method"], method != "S256" {
                return redirectTo(redirect, ["error": "invalid_request", "error_description": "only S256", "state": p["state"]])
            }
            if let refusal = pkceRefusal(p, redirect: redirect) { return refusal }
        }
        let hidden = ["response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope"]
            .compactMap { name in p[name].map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(Self.escape($0))\">" } }.joined()
        let message = problem.map { "<p id=\"problem\">\(Self.escape($0))</p>" } ?? ""
        let html = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Log in to \(Self.escape(appId))</title></head><body>
        <h1>hubctl-emulator: log in to \(Self.escape(appId))</h1>\(message)
        <form method="post" action="\(Self.authorizePath)">\(hidden)
        <label>User <input id="username" name="username" autocomplete="username"></label>
        <label>Password <input id="password" name="password" type="password" autocomplete="current-password"></label>
        <button id="submit" type="submit">Log in</button></form></body></html>
        """
        var response = Answers.text(.ok, html, contentType: "text/html;charset=utf-8")
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func login(_ p: [String: String]) -> Response {
        switch checkClient(p) {
        case .failure(let r): return r
        case .success(let appId, let client, let redirect):
            if let refusal = pkceRefusal(p, redirect: redirect) { return refusal }
            guard let user = p["username"], let password = p["password"], !user.isEmpty,
                  state.application(appId)?.configuration.users[user] == password else {
                return authorizeForm(p.map { ($0.key, $0.value) }, problem: "Wrong user or password.")
            }
            let code = mobile.issueCode(appId: appId, clientId: client.clientId, redirectURI: redirect,
                                        challenge: p["code_challenge"], user: user)
            return redirectTo(redirect, ["code": code, "state": p["state"]])
        }
    }

    /// RFC 7636 §4.4.1: a client that requires PKCE gets `invalid_request` without a challenge.
    private func pkceRefusal(_ p: [String: String], redirect: String) -> Response? {
        guard let clientId = p["client_id"], let (_, client) = mobile.client(id: clientId), client.requirePkce,
              (p["code_challenge"] ?? "").isEmpty else { return nil }
        return redirectTo(redirect, ["error": "invalid_request", "error_description": "code challenge required", "state": p["state"]])
    }

    private func redirectTo(_ uri: String, _ items: [String: String?]) -> Response {
        var c = URLComponents(string: uri)!
        c.queryItems = (c.queryItems ?? []) + items.sorted { $0.key < $1.key }.compactMap { k, v in v.map { URLQueryItem(name: k, value: $0) } }
        var response = Response(status: .found)
        response.headers[.location] = c.string ?? uri
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func token(_ p: [String: String]) -> Response {
        let clientId = p["client_id"] ?? ""
        let grant: MobileServicesState.Grant
        switch p["grant_type"] {
        case "authorization_code":
            grant = mobile.exchange(code: p["code"] ?? "", clientId: clientId, redirectURI: p["redirect_uri"], verifier: p["code_verifier"])
        case "refresh_token":
            grant = mobile.refresh(p["refresh_token"] ?? "", clientId: clientId)
        default:
            grant = .refused("unsupported_grant_type")
        }
        switch grant {
        case .refused(let error):
            var r = Answers.text(.badRequest, "{\"error\":\"\(error)\"}", contentType: "application/json")
            r.headers[.cacheControl] = "no-store"
            return r
        case .tokens(let access, let refresh, let seconds):
            var text = "{\"access_token\":\"\(access)\",\"token_type\":\"bearer\",\"expires_in\":\(seconds),\"refresh_token\":\"\(refresh)\",\"scope\":\"openid\"}"
            if let overrides = mobile.tokenAnswerOverrides,
               var answer = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
               let replace = try? JSONSerialization.jsonObject(with: overrides) as? [String: Any] {
                for (key, value) in replace { answer[key] = value is NSNull ? nil : value }
                if let data = try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]) {
                    text = String(decoding: data, as: UTF8.self)
                }
            }
            var r = Answers.text(.ok, text, contentType: "application/json")
            r.headers[.cacheControl] = "no-store"
            return r
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

// MARK: - Control API

/// `/_emulator/mobileservices`, `/_emulator/oauth/...`, `/_emulator/versions`.
struct MobileServicesControl: Sendable {
    let state: EmulatorState
    var mobile: MobileServicesState { state.mobileServices }
    var clientServices: ClientServicesState { state.clientServices }

    func add(to group: RouterGroup<BasicRequestContext>) {
        // {"appId": "...", "oauth": {...}, "saml": false, "appVersions": [...]} replaces the application's
        // Mobile Services configuration ({"appId": "..."} alone turns it off).
        group.put("mobileservices") { request, _ in
            let body = try await request.collectSmallBody()
            struct Put: Decodable { var appId: String }
            guard let put = try? JSONDecoder().decode(Put.self, from: body), state.application(put.appId) != nil else {
                throw HTTPError(.badRequest, message: "Give {\"appId\": an application of the emulator, \"oauth\": {...}, \"saml\": bool, \"appVersions\": [...]}.")
            }
            let app: MobileServicesApp
            do { app = try JSONDecoder().decode(MobileServicesApp.self, from: body) } catch {
                throw HTTPError(.badRequest, message: "Not a valid Mobile Services configuration: \(error)")
            }
            mobile.setApp(put.appId, app.oauth == nil && !app.saml && app.appVersions == nil ? nil : app)
            return Response(status: .noContent)
        }
        // {"appId": "..."}: every refresh and access token of the application stops working.
        group.post("oauth/revoke") { request, _ in
            let appId = try await Self.appId(request)
            let n = mobile.revoke(appId: appId)
            return Answers.text(.ok, "{\"revokedRefreshTokens\":\(n)}", contentType: "application/json")
        }
        // {"appId": "..."}: every access token expires now (refresh tokens stay good).
        group.post("oauth/expire") { request, _ in
            mobile.expireAccess(appId: try await Self.appId(request))
            return Response(status: .noContent)
        }
        // {"expires_in": 1e300, "token_type": "mac", …}: members that replace (null: remove) those of
        // every successful token answer from now on; {} restores the emulator's own answers.
        group.put("oauth/answer") { request, _ in
            let body = try await request.collectSmallBody()
            guard (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) != nil else {
                throw HTTPError(.badRequest, message: "Give a JSON object of token answer members.")
            }
            let empty = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?.isEmpty ?? true
            mobile.setTokenAnswerOverrides(empty ? nil : body)
            return Response(status: .noContent)
        }
        // Counters: codes issued, code exchanges, refreshes.
        group.get("oauth") { _, _ in
            let c = mobile.counters
            let members = c.keys.sorted().map { "\"\($0)\":\(c[$0]!)" }.joined(separator: ",")
            return Answers.text(.ok, "{" + members + "}", contentType: "application/json")
        }
        // {"onboarding": "v4"} or {"onboarding": null}: what /mobileservices/management/versions answers.
        group.put("versions") { request, _ in
            let body = try await request.collectSmallBody()
            struct Put: Decodable { var onboarding: String? }
            guard let put = try? JSONDecoder().decode(Put.self, from: body) else {
                throw HTTPError(.badRequest, message: "Give {\"onboarding\": \"v4\"} or {\"onboarding\": null}.")
            }
            mobile.setOnboardingVersion(put.onboarding)
            // One switch for which server the emulator plays: a versions address is Mobile Services.
            clientServices.platform = put.onboarding == nil ? .smp3 : .mobileServices
            return Response(status: .noContent)
        }
    }

    private static func appId(_ request: Request) async throws -> String {
        struct Body: Decodable { var appId: String }
        guard let body = try? JSONDecoder().decode(Body.self, from: try await request.collectSmallBody()) else {
            throw HTTPError(.badRequest, message: "Give {\"appId\": \"...\"}.")
        }
        return body.appId
    }
}
