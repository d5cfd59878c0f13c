// Mobile Services' control routes, for tests: an application's OAuth, SAML and versioning
// configuration, revoking and expiring tokens, the token answer's members, the counters, and the
// versions address (which also switches the platform the emulator plays).

import Foundation
import Hummingbird

/// `/_emulator/mobileservices`, `/_emulator/oauth/...`, `/_emulator/versions`.
struct MobileServicesControl: Sendable {
    let state: EmulatorState
    var mobile: MobileServicesState { state.mobileServices }
    var clientServices: ClientServicesState { state.clientServices }

    /// Mobile Services' control rows (ControlRoutes.table).
    static let routes: [ControlRoute] = [
        ControlRoute(.put, "mobileservices", .mobileServices, "an application's OAuth, SAML, versions") { call in
            try await MobileServicesControl(state: call.state).setApp(call.request)
        },
        ControlRoute(.post, "oauth/revoke", .mobileServices, "revoke an application's tokens") { call in
            try await MobileServicesControl(state: call.state).revoke(call.request)
        },
        ControlRoute(.post, "oauth/expire", .mobileServices, "expire an application's access tokens") { call in
            try await MobileServicesControl(state: call.state).expire(call.request)
        },
        ControlRoute(.put, "oauth/answer", .mobileServices, "members replacing the token answer's") { call in
            try await MobileServicesControl(state: call.state).setTokenAnswer(call.request)
        },
        ControlRoute(.get, "oauth", .mobileServices, "the OAuth counters") { call in
            MobileServicesControl(state: call.state).counters()
        },
        ControlRoute(.put, "versions", .mobileServices, "the onboarding version; switches the platform") { call in
            try await MobileServicesControl(state: call.state).setVersions(call.request)
        },
    ]

    // {"appId": "...", "oauth": {...}, "saml": false, "appVersions": [...]} replaces the application's
    // Mobile Services configuration ({"appId": "..."} alone turns it off).
    private func setApp(_ request: Request) async throws -> Response {
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
    private func revoke(_ request: Request) async throws -> Response {
        let appId = try await Self.appId(request)
        let n = mobile.revoke(appId: appId)
        return Answers.text(.ok, "{\"revokedRefreshTokens\":\(n)}", contentType: "application/json")
    }

    // {"appId": "..."}: every access token expires now (refresh tokens stay good).
    private func expire(_ request: Request) async throws -> Response {
        mobile.expireAccess(appId: try await Self.appId(request))
        return Response(status: .noContent)
    }

    // {"expires_in": 1e300, "token_type": "mac", …}: members that replace (null: remove) those of
    // every successful token answer from now on; {} restores the emulator's own answers.
    private func setTokenAnswer(_ request: Request) async throws -> Response {
        let body = try await request.collectSmallBody()
        guard (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) != nil else {
            throw HTTPError(.badRequest, message: "Give a JSON object of token answer members.")
        }
        let empty = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?.isEmpty ?? true
        mobile.setTokenAnswerOverrides(empty ? nil : body)
        return Response(status: .noContent)
    }

    // Counters: codes issued, code exchanges, refreshes.
    private func counters() -> Response {
        let c = mobile.counters
        let members = c.keys.sorted().map { "\"\($0)\":\(c[$0]!)" }.joined(separator: ",")
        return Answers.text(.ok, "{" + members + "}", contentType: "application/json")
    }

    // {"onboarding": "v4"} or {"onboarding": null}: what /mobileservices/management/versions answers.
    private func setVersions(_ request: Request) async throws -> Response {
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

    private static func appId(_ request: Request) async throws -> String {
        struct Body: Decodable { var appId: String }
        guard let body = try? JSONDecoder().decode(Body.self, from: try await request.collectSmallBody()) else {
            throw HTTPError(.badRequest, message: "Give {\"appId\": \"...\"}.")
        }
        return body.appId
    }
}
