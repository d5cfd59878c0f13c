// The control API of the client services (docs/protocol.md §15, docs/usage.md "The emulator"):
//   PUT    /_emulator/platform  {"platform": "mobile-services" | "smp3"}
//   PUT    /_emulator/services  {"appId", "pushConfigured"?, "logUploadEnabled"?, "usageEnabled"?,
//                                "accessControl"?, "roles"?: [..], "groups"?: [..], "givenName"?,
//                                "familyName"?, "email"?, "pushIds"?: {os: id}, "policies"?: {member: value}}
//   GET    /_emulator/received  push registrations, log uploads and usage reports as received
//   DELETE /_emulator/received

import Foundation
import Hummingbird

struct ClientServicesControl: Sendable {
    let state: EmulatorState
    var services: ClientServicesState { state.clientServices }

    /// The client services' control rows (ControlRoutes.table).
    static let routes: [ControlRoute] = [
        ControlRoute(.put, "platform", .clientServices, "which server it plays: mobile-services, smp3") { call in
            try await ClientServicesControl(state: call.state).setPlatform(call.request)
        },
        ControlRoute(.put, "services", .clientServices, "an application's client services switches") { call in
            try await ClientServicesControl(state: call.state).setSwitches(call.request)
        },
        ControlRoute(.get, "received", .clientServices, "what the client services received") { call in
            ClientServicesControl(state: call.state).json(.ok, call.state.clientServices.receivedDocument)
        },
        ControlRoute(.delete, "received", .clientServices, "clear that record") { call in
            call.state.clientServices.clearReceived()
            return Response(status: .noContent)
        },
    ]

    private func setPlatform(_ request: Request) async throws -> Response {
        let body = try await object(request)
        guard case .string(let name)? = body["platform"], let platform = EmulatedPlatform(rawValue: name) else {
            throw HTTPError(.badRequest, message: "platform must be \"mobile-services\" or \"smp3\".")
        }
        services.platform = platform
        return json(.ok, .object([("platform", .string(platform.rawValue))]))
    }

    private func setSwitches(_ request: Request) async throws -> Response {
        let body = try await object(request)
        guard case .string(let appId)? = body["appId"], state.application(appId) != nil else {
            throw HTTPError(.notFound, message: "appId must name an application of the emulator's configuration.")
        }
        func flag(_ key: String) throws -> Bool? {
            switch body[key] {
            case nil: return nil
            case .bool(let b)?: return b
            default: throw HTTPError(.badRequest, message: "\(key) must be true or false.")
            }
        }
        func strings(_ key: String) throws -> [String]? {
            guard let value = body[key] else { return nil }
            guard case .array(let items) = value else { throw HTTPError(.badRequest, message: "\(key) must be an array of strings.") }
            return try items.map { item in
                guard case .string(let s) = item else { throw HTTPError(.badRequest, message: "\(key) must be an array of strings.") }
                return s
            }
        }
        func text(_ key: String) throws -> String? {
            switch body[key] {
            case nil: return nil
            case .string(let s)? where !s.isEmpty: return s
            default: throw HTTPError(.badRequest, message: "\(key) must be a non-empty string.")
            }
        }
        let push = try flag("pushConfigured"), logs = try flag("logUploadEnabled"), usage = try flag("usageEnabled")
        let access = try flag("accessControl")
        let roles = try strings("roles"), groups = try strings("groups")
        let givenName = try text("givenName"), familyName = try text("familyName"), email = try text("email")
        var pushIds: [String: String]?
        if let value = body["pushIds"] {
            guard case .object(let members) = value else { throw HTTPError(.badRequest, message: "pushIds must be an object of strings.") }
            pushIds = try Dictionary(members.map { name, id in
                guard case .string(let s) = id else { throw HTTPError(.badRequest, message: "pushIds must be an object of strings.") }
                return (name, s)
            }, uniquingKeysWith: { _, last in last })
        }
        var policies: [(String, ODataValue)]?
        if let value = body["policies"] {
            guard case .object(let members) = value else { throw HTTPError(.badRequest, message: "policies must be an object.") }
            policies = members
        }
        let s = services.updateSwitches(appId) { s in
            if let push { s.pushConfigured = push }
            if let logs { s.logUploadEnabled = logs }
            if let usage { s.usageEnabled = usage }
            if let access { s.accessControl = access }
            if let roles { s.roles = roles }
            if let groups { s.groups = groups }
            if let givenName { s.givenName = givenName }
            if let familyName { s.familyName = familyName }
            if let email { s.email = email }
            if let pushIds { s.pushIds.merge(pushIds) { _, new in new } }
            if let policies {
                for (name, value) in policies {
                    if let i = s.policies.firstIndex(where: { $0.0 == name }) { s.policies[i].1 = value } else { s.policies.append((name, value)) }
                }
            }
        }
        return json(.ok, .object([("appId", .string(appId)), ("pushConfigured", .bool(s.pushConfigured)),
                                  ("logUploadEnabled", .bool(s.logUploadEnabled)), ("usageEnabled", .bool(s.usageEnabled)),
                                  ("accessControl", .bool(s.accessControl)), ("roles", .array(s.roles.map(ODataValue.string))),
                                  ("groups", .array(s.groups.map(ODataValue.string)))]))
    }

    private func object(_ request: Request) async throws -> ODataValue { try await request.jsonObjectBody() }

    private func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response { Answers.json(status, value) }
}
