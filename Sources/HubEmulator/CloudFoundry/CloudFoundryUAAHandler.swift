// cf's UAA (issue #42 item 7, docs/protocol.md §17), under /cf-uaa so the emulator's one port also
// serves the CF API (its `AuthorizationEndpoint` is http://127.0.0.1:PORT/cf-uaa):
//
//   POST /cf-uaa/oauth/token, form-encoded (cloudfoundry/cli `api/uaa/refresh_token.go`, `auth.go`):
//     grant_type=refresh_token&refresh_token=…           client `cf` (Basic `cf:`, or in the form)
//     grant_type=password&username&password[&login_hint={"origin":"…"}]   client `cf`; the user's
//                                                         origin must be the hint's (default `uaa`)
//     grant_type=client_credentials&client_id&client_secret (a client of `PUT /_emulator/cf/settings`)
//   → 200 {access_token (a JWT with `exp`), token_type: bearer, refresh_token, expires_in, scope, jti};
//     401 {error: unauthorized | invalid_token | invalid_client, error_description}.
//   `tokenAnswer` (PUT /_emulator/cf/settings) replaces members of every successful answer.

import Foundation
import HTTPTypes
import Hummingbird

struct CloudFoundryUAAHandler: Sendable {
    let state: EmulatorState
    var cf: CloudFoundryState { state.cloudFoundry }
    static let cfClient = "cf"

    /// `/cf-uaa/oauth/token`.
    func respond(to request: Request) async -> Response {
        guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", .json) }
        let body = (try? await request.collectSmallBody()).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        var form: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            form[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        var clientId = form["client_id"], secret = form["client_secret"]
        if let basic = request.basicCredentials { clientId = basic.user; secret = basic.password }
        let issuer = CFAddresses(request).authorizationEndpoint + "/oauth/token"
        switch form["grant_type"] {
        case "client_credentials":
            guard let clientId, let secret, cf.clientMatches(clientId, secret: secret) else {
                return Self.error("invalid_client", "Bad credentials")
            }
            return answer(cf.issueTokens(subject: clientId, origin: "uaa", clientId: clientId, issuer: issuer))
        case "password":
            guard clientId == Self.cfClient, (secret ?? "").isEmpty else { return Self.error("invalid_client", "Bad client credentials") }
            var origin = "uaa"
            if let hint = form["login_hint"] {
                guard let value = try? ODataValue.parseJSON(Data(hint.utf8)), let o = PushBackendHandler.string(value["origin"]) else {
                    return Self.error("invalid_request", "login_hint must be {\"origin\":\"…\"}.", status: .badRequest)
                }
                origin = o
            }
            guard let username = form["username"], let password = form["password"],
                  let user = cf.user(username, password: password, origin: origin) else {
                return Self.error("unauthorized", "Bad credentials")
            }
            return answer(cf.issueTokens(subject: user.username, origin: user.origin, clientId: Self.cfClient, issuer: issuer))
        case "refresh_token":
            guard clientId == Self.cfClient, (secret ?? "").isEmpty else { return Self.error("invalid_client", "Bad client credentials") }
            guard let token = form["refresh_token"], let subject = cf.refreshSubject(token) else {
                return Self.error("invalid_token", "Invalid refresh token (expired or revoked).")
            }
            return answer(cf.issueTokens(subject: subject, origin: cf.origin(of: subject), clientId: Self.cfClient, issuer: issuer))
        default:
            return Self.error("unsupported_grant_type", "grant_type must be refresh_token, password or client_credentials.", status: .badRequest)
        }
    }

    private func answer(_ issued: (access: String, refresh: String, lifetime: Int)) -> Response {
        var text = ODataJSON.write(.object([
            ("access_token", .string(issued.access)), ("token_type", .string("bearer")), ("refresh_token", .string(issued.refresh)),
            ("expires_in", .int(issued.lifetime)), ("scope", .string("cloud_controller.read cloud_controller.write openid")),
            ("jti", .string(String(issued.access.suffix(16)))),
        ]))
        // `tokenAnswer` (PUT /_emulator/cf/settings): a careless or hostile UAA's members.
        if let overrides = cf.settings.tokenAnswer,
           var answer = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
           let replace = try? JSONSerialization.jsonObject(with: overrides) as? [String: Any] {
            for (key, value) in replace { answer[key] = value is NSNull ? nil : value }
            if let data = try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]) {
                text = String(decoding: data, as: UTF8.self)
            }
        }
        return Answers.text(.ok, text, contentType: "application/json;charset=UTF-8")
    }

    static func error(_ code: String, _ description: String, status: HTTPResponse.Status = .unauthorized) -> Response {
        Answers.text(status, ODataJSON.write(.object([("error", .string(code)), ("error_description", .string(description))])),
                     contentType: "application/json;charset=UTF-8")
    }
}
