// The administrator's policies (docs/protocol.md §15.6): Mobile Services' settings exchange
// (`passwordPolicy`, `featureVectorPolicies`, `logSettings`, `attestationSettings`, …) with its
// text values typed; on SMP 3 the connection's PasswordPolicy* properties. The passcode policy
// is recorded for the vault either way (PasscodePolicyFile).

import Foundation
import HubCore
import HubTransport

public struct PolicyResult: Sendable {
    public var platform: Platform
    public var policies: [String: JSONValue]
}

public struct PolicyService {
    let context: ClientServiceContext
    let home: String

    public init(context: ClientServiceContext, home: String) {
        self.context = context
        self.home = home
    }

    /// A policy name: a JSON member name of the settings exchange (letters and digits).
    public static func isPolicyName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    public func get(_ name: String?) throws -> PolicyResult {
        if let name, !Self.isPolicyName(name) {
            throw HubError.usage("\(HubError.quoted(name)) is not a policy name (letters, digits and '_'), e.g. passwordPolicy.", code: .unknownPolicy)
        }
        switch context.platform {
        case .mobileServices:
            let session = context.session
            let response = try session.send(session.request("GET", context.endpoint.settingsExchangeURL(member: name), appcid: context.deviceId))
            switch response.status {
            case 200:
                guard let value = try? JSONValue.read(response.body), value.objectValue != nil else {
                    throw HubError(.data, code: .malformedResponse, "The settings exchange answer is not a JSON object.", status: 200)
                }
                var policies = name.map { [$0: value] } ?? value.objectValue ?? [:]
                policies = policies.mapValues(Self.typed)
                if let password = policies["passwordPolicy"]?.objectValue {
                    try PasscodePolicyFile.recordMobileServices(passwordPolicy: password, trusted: trusted, home: home)
                }
                return PolicyResult(platform: .mobileServices, policies: policies)
            case 404:
                throw HubError(.noInput, code: .policyNotFound,
                               name.map { "The server has no policy '\($0)' for application '\(context.endpoint.config.appId)' (HTTP 404). Run `hubctl policy get` to list them." }
                                ?? "The server has no settings exchange for application '\(context.endpoint.config.appId)' (HTTP 404).",
                               status: 404)
            default:
                throw SMPEndpoint.unexpected(response, doing: "reading the policies")
            }
        case .smp3:
            // SMP 3 has the passcode policy only, as connection properties (recorded as `settings get` does).
            guard name == nil || name == "passwordPolicy" else {
                throw HubError(.noInput, code: .policyNotFound, "SMP 3 has only the passwordPolicy (the connection's PasswordPolicy* properties); '\(name ?? "")' needs Mobile Services.")
            }
            let (_, settings) = try context.connections.recordedSettings()
            var password: [String: JSONValue] = [:]
            for (key, value) in settings where key.hasPrefix("PasswordPolicy") {
                password["passwordPolicy" + key.dropFirst("PasswordPolicy".count)] = value
            }
            return PolicyResult(platform: .smp3, policies: ["passwordPolicy": .object(password)])
        }
    }

    var trusted: Bool {
        context.endpoint.config.server.lowercased().hasPrefix("https://") && !context.endpoint.config.anonymous
    }

    /// Mobile Services keeps policy values as text: "true"/"false" become booleans and whole
    /// numbers integers; objects and arrays are typed member by member.
    static func typed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s):
            if s == "true" { return .bool(true) }
            if s == "false" { return .bool(false) }
            if let i = Int64(s), String(i) == s { return .int(i) }
            return value
        case .object(let o): return .object(o.mapValues(typed))
        case .array(let a): return .array(a.map(typed))
        default: return value
        }
    }
}
