// Mobile Services' addresses (docs/protocol.md §14): the gate every protocol request of a Mobile
// Services application passes (OAuth bearer tokens and their challenge forms, SAML, application
// versioning, the tenant session cookie), and the OAuth endpoints (the HTML login form, single-use
// codes, PKCE, token and refresh grants). The tokens and sessions are MobileServicesState's.

import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

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
                    MobileServicesHandler.newSession?.value.withLock { $0 = fresh }
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

struct MobileServicesHandler: Sendable {
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

    /// `/oauth2/api/v1/authorize`: GET the login form, POST the login.
    func authorize(_ request: Request) async -> Response {
        if request.method == .get { return authorizeForm(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, problem: nil) }
        if request.method == .post {
            let form = Self.form((try? await request.collectSmallBody()) ?? Data())
            return login(form)
        }
        return Answers.text(.methodNotAllowed, "GET or POST", contentType: "text/plain")
    }

    /// `/oauth2/api/v1/token`: the authorization_code and refresh_token grants.
    func token(_ request: Request) async -> Response {
        guard request.method == .post else { return Answers.text(.methodNotAllowed, "POST", contentType: "text/plain") }
        return token(Self.form((try? await request.collectSmallBody()) ?? Data()))
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
