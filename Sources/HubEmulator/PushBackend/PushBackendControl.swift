// The Notification Backend API's control routes (docs/protocol.md §16), for tests: the credentials,
// registrations seeded as if devices had registered, and the record of sent notifications.

import Foundation
import Hummingbird

/// The control API: `PUT /_emulator/push/credentials`, `GET`/`DELETE /_emulator/push/notifications`,
/// `POST /_emulator/push/registrations`.
struct PushBackendControl: Sendable {
    let state: EmulatorState

    /// The Notification Backend API's control rows (ControlRoutes.table).
    static let routes: [ControlRoute] = [
        ControlRoute(.get, "push/notifications", .pushBackend, "the notifications sent, per device") { call in
            PushBackendControl(state: call.state).notifications()
        },
        ControlRoute(.delete, "push/notifications", .pushBackend, "clear that record") { call in
            PushBackendControl(state: call.state).clearNotifications()
        },
        ControlRoute(.post, "push/registrations", .pushBackend, "registrations as if devices had registered") { call in
            try await PushBackendControl(state: call.state).addRegistrations(call.request)
        },
        ControlRoute(.put, "push/credentials", .pushBackend, "the API keys, clients, token lifetime") { call in
            try await PushBackendControl(state: call.state).setCredentials(call.request)
        },
    ]

    private func notifications() -> Response {
        Answers.text(.ok, ODataJSON.write(state.pushBackend.document), contentType: "application/json")
    }

    private func clearNotifications() -> Response {
        state.pushBackend.clear()
        return Response(status: .noContent)
    }

    // {"appId", "registrations": [{"user", "deviceId", "os"?, "pushToken", "pushGroup"?, "topics"?,
    // "capabilities"?, "userLocale"?, "deviceModel"?, "formFactor"?, "completionCode"?}]}: push
    // registrations made as if devices had registered (topics, capabilities and completion codes,
    // which `hubctl push register` does not send; many devices at once for a benchmark).
    // An existing registration (same application, os and device) is updated and keeps its id.
    private func addRegistrations(_ request: Request) async throws -> Response {
        var request = request
        let data = try await request.collectBody(upTo: 16 << 20)
        guard let body = try? ODataValue.parseJSON(Data(data.readableBytesView)), case .string(let appId)? = body["appId"],
              state.application(appId) != nil else {
            throw HTTPError(.badRequest, message: "The body must be {\"appId\", \"registrations\": [...]} with an application of the configuration.")
        }
        var count = 0
        for o in PushBackendHandler.objects(body["registrations"]) {
            guard let deviceId = PushBackendHandler.string(o["deviceId"]), let token = PushBackendHandler.string(o["pushToken"]) else {
                throw HTTPError(.badRequest, message: "Each registration needs deviceId and pushToken.")
            }
            if let code = o["completionCode"], code != .null, PushBackendHandler.int(code) == nil {
                throw HTTPError(.badRequest, message: "completionCode must be an integer.")
            }
            var members: [(String, ODataValue)] = [("pushToken", .string(token))]
            for key in ["pushGroup", "topics", "capabilities", "formFactor", "userLocale", "deviceModel", "completionCode"] {
                if let v = o[key], v != .null { members.append((key, v)) }
            }
            let record = PushRegistrationRecord(appId: appId, os: PushBackendHandler.string(o["os"]) ?? "android", deviceId: deviceId,
                                                user: PushBackendHandler.string(o["user"]), body: .object(members), writes: 1)
            if state.clientServices.writePush(record, create: true) == .exists { _ = state.clientServices.writePush(record, create: false) }
            count += 1
        }
        return Answers.text(.ok, ODataJSON.write(.object([("registered", .int(count))])), contentType: "application/json")
    }

    // {"apiKeys": [{"key","alias","roles","appId"?}], "clients": [{"clientId", "clientSecret"? | "certificateCN"?,
    // "roles", "appId"?}], "tokenLifetime": s}
    private func setCredentials(_ request: Request) async throws -> Response {
        let data = try await request.collectSmallBody()
        guard let body = try? ODataValue.parseJSON(data), case .object = body else {
            throw HTTPError(.badRequest, message: "The body must be a JSON object.")
        }
        func roles(_ v: ODataValue?) -> Set<String> {
            v == nil ? PushBackendState.allRoles : Set(PushBackendHandler.strings(v))
        }
        func application(_ v: ODataValue?) throws -> String? {
            guard let appId = PushBackendHandler.string(v) else { return nil }
            guard state.application(appId) != nil else {
                throw HTTPError(.badRequest, message: "Application '\(appId)' is not one of the configuration.")
            }
            return appId
        }
        let keys = try body["apiKeys"].map { try PushBackendHandler.objects($0).compactMap { o -> PushAPIKey? in
            guard let key = PushBackendHandler.string(o["key"]) else { return nil }
            return PushAPIKey(key: key, alias: PushBackendHandler.string(o["alias"]) ?? "emulator", roles: roles(o["roles"]),
                              appId: try application(o["appId"]))
        } }
        let clients = try body["clients"].map { try PushBackendHandler.objects($0).compactMap { o -> PushClient? in
            let secret = PushBackendHandler.string(o["clientSecret"]), cn = PushBackendHandler.string(o["certificateCN"])
            guard let id = PushBackendHandler.string(o["clientId"]), secret != nil || cn != nil else { return nil }
            return PushClient(clientId: id, clientSecret: secret, roles: roles(o["roles"]), appId: try application(o["appId"]), certificateCN: cn)
        } }
        var lifetime: Int?
        if case .int(let n)? = body["tokenLifetime"] { lifetime = n }
        state.pushBackend.configure(keys: keys, clients: clients, tokenLifetime: lifetime)
        return Response(status: .noContent)
    }
}
