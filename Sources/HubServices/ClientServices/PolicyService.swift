// The administrator's policies (docs/protocol.md §15.6): Mobile Services' settings exchange
// (`passwordPolicy`, `featureVectorPolicies`, `logSettings`, `attestationSettings`, …) with its
// text values typed; on SMP 3 the connection's PasswordPolicy* properties. The passcode policy
// is recorded for the vault either way (PasscodePolicyFile). `logSettings` (`logEnabled`,
// `logLevel`, as SAP's sample app reads them) is what `logs upload --from-settings` follows on
// Mobile Services (`ClientLogPolicy`).

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
            guard let value = try fetch(member: name) else {
                throw HubError(.noInput, code: .policyNotFound,
                               name.map { "The server has no policy '\($0)' for application '\(context.endpoint.config.appId)' (HTTP 404). Run `hubctl policy get` to list them." }
                                ?? "The server has no settings exchange for application '\(context.endpoint.config.appId)' (HTTP 404).",
                               status: 404)
            }
            var policies = name.map { [$0: value] } ?? Self.settingsExchange(value) ?? [:]
            policies = policies.mapValues(Self.typed)
            if let password = policies["passwordPolicy"]?.objectValue {
                try PasscodePolicyFile.recordMobileServices(passwordPolicy: password, trusted: trusted, home: home)
            }
            return PolicyResult(platform: .mobileServices, policies: policies)
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

    /// The settings exchange (or one member of it); nil when the server answers 404 (an absent
    /// member or document: hubctl's reading, docs/protocol.md §15.6).
    func fetch(member: String?) throws -> JSONValue? {
        let session = context.session
        let response = try session.send(session.request("GET", context.endpoint.settingsExchangeURL(member: member), appcid: context.deviceId))
        switch response.status {
        case 200:
            guard let value = try? JSONValue.read(response.body), value.objectValue != nil else {
                throw HubError(.data, code: .malformedResponse, "The settings exchange answer is not a JSON object.", status: 200)
            }
            return value
        case 404:
            return nil
        default:
            throw SMPEndpoint.unexpected(response, doing: "reading the policies")
        }
    }

    /// The members of the settings exchange: the answer itself, or the `mobileservices.settingsExchange`
    /// node when the answer is the storage root that holds it (as SAP's examples show the payload).
    public static func settingsExchange(_ value: JSONValue) -> [String: JSONValue]? {
        guard let object = value.objectValue else { return nil }
        if object["passwordPolicy"] == nil, object["logSettings"] == nil,
           let node = object["mobileservices"]?["settingsExchange"]?.objectValue {
            return node
        }
        return object
    }

    /// What `logs upload --from-settings` follows. On Mobile Services the settings exchange's
    /// `logSettings` first (SAP's sample app: `logEnabled`, `logLevel`), then, for what it does not
    /// say (no settings exchange, no `logSettings`, no readable `logEnabled`), the connection's
    /// `UploadLogs` and `ConnectionLogLevel`, which are all SMP 3 has.
    public func clientLogPolicy() throws -> ClientLogPolicy {
        var settings = LogSettings(nil)
        if context.platform == .mobileServices, let document = try fetch(member: nil) {
            settings = LogSettings(Self.settingsExchange(document)?["logSettings"])
        }
        var policy = ClientLogPolicy(enabled: settings.enabled ?? false, enabledFrom: settings.enabledFrom ?? "",
                                     level: settings.level, levelFrom: settings.level == nil ? "" : "The settings exchange's logSettings.logLevel")
        if settings.enabled == nil || settings.level == nil {
            let (_, connection) = try context.connections.recordedSettings()
            if settings.enabled == nil {
                policy.enabled = connection["UploadLogs"].flatMap(LogSettings.flag) ?? false
                policy.enabledFrom = "The connection's UploadLogs"
            }
            if settings.level == nil, let level = connection["ConnectionLogLevel"]?.stringValue, !level.isEmpty {
                policy.level = level
                policy.levelFrom = "The connection's ConnectionLogLevel"
            }
        }
        return policy
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

/// The settings exchange's `logSettings`, read as SAP's sample app reads it: `logEnabled` a
/// boolean or the text "true"/"false" (the old `logUploadEnabled` only when `logEnabled` is
/// absent or neither), `logLevel` a text (NONE, FATAL, ERROR, WARN, INFO, DEBUG, PATH). `logEntryExpiry`
/// (days, as text) is the device's concern and only printed by `policy get`.
public struct LogSettings: Sendable, Equatable {
    public var enabled: Bool?
    /// Which member said so, as a message names it (`… logSettings.logEnabled` or `… logUploadEnabled`).
    public var enabledFrom: String?
    public var level: String?

    public init(_ value: JSONValue?) {
        let settings = value?.objectValue ?? [:]
        if let enabled = settings["logEnabled"].flatMap(Self.flag) {
            self.enabled = enabled
            enabledFrom = "The settings exchange's logSettings.logEnabled"
        } else if let enabled = settings["logUploadEnabled"].flatMap(Self.flag) {
            self.enabled = enabled
            enabledFrom = "The settings exchange's logSettings.logUploadEnabled"
        }
        if let level = settings["logLevel"]?.stringValue, !level.isEmpty { self.level = level }
    }

    /// `true`, `false`, or their text in any case; nil for anything else.
    static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let b): return b
        case .string(let s):
            switch s.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        default: return nil
        }
    }
}

/// Whether the administrator lets this device upload its log, at which level, and where each
/// answer came from (for the message when nothing is sent).
public struct ClientLogPolicy: Sendable, Equatable {
    public var enabled: Bool
    /// Where `enabled` came from, as a message's subject: "The settings exchange's logSettings.logEnabled", … or "The connection's UploadLogs".
    public var enabledFrom: String
    public var level: String?
    /// Where `level` came from ("The settings exchange's logSettings.logLevel" or "The connection's ConnectionLogLevel"); empty without a level.
    public var levelFrom: String
}
