// The Connection entity's properties (docs/protocol.md §3): their types and whether a client may write them.

import HubCore

public enum PropertyType: String, Sendable {
    case string = "Edm.String", boolean = "Edm.Boolean", int32 = "Edm.Int32", dateTime = "Edm.DateTime"
}

public struct PropertyDefinition: Sendable {
    public var name: String
    public var type: PropertyType
    public var writable: Bool
}

public enum ConnectionSchema {
    private static func props(_ type: PropertyType, _ writable: Bool, _ names: [String]) -> [PropertyDefinition] {
        names.map { PropertyDefinition(name: $0, type: type, writable: writable) }
    }

    public static let properties: [String: PropertyDefinition] = {
        var all: [PropertyDefinition] = []
        all += props(.string, false, ["ApplicationConnectionId", "ETag", "UserName", "CustomizationBundleId",
                                      "AndroidGcmSenderId", "BlackberryPushAppID", "BlackberryPushBaseURL",
                                      "ConnectionLogLevel", "E2ETraceLevel", "ProxyApplicationEndpoint", "ProxyPushEndpoint"])
        all += props(.dateTime, false, ["CreatedAt"])
        all += props(.string, true, ["ApplicationVersion", "FormFactor", "UserLocale", "TimeZone", "LastKnownLocation",
                                     "PushGroup", "Email", "DeviceType", "DeviceModel", "DeviceSubType",
                                     "DevicePhoneNumber", "DeviceIMSI", "CustomCustom1", "CustomCustom2",
                                     "CustomCustom3", "CustomCustom4", "AndroidGcmRegistrationId", "ApnsDeviceToken",
                                     "WnsChannelURI", "MpnsChannelURI", "BlackberryDevicePin"])
        all += props(.boolean, true, ["AndroidGcmPushEnabled", "ApnsPushEnable", "WnsPushEnable", "MpnsPushEnable",
                                      "BlackberryPushEnabled"])
        all += props(.int32, true, ["BlackberryBESListenerPort"])
        all += props(.int32, false, ["BlackberryPushListenerPort", "BlackberryListenerType", "PasswordPolicyMinLength",
                                     "PasswordPolicyExpiresInNDays", "PasswordPolicyMinUniqueChars",
                                     "PasswordPolicyLockTimeout", "PasswordPolicyRetryLimit", "LogEntryExpiry",
                                     "MaxConnectionWaitTimeForClientUsage"])
        all += props(.boolean, false, ["PasswordPolicyEnabled", "PasswordPolicyDefaultPasswordAllowed",
                                       "PasswordPolicyDigitRequired", "PasswordPolicyUpperRequired",
                                       "PasswordPolicyLowerRequired", "PasswordPolicySpecialRequired",
                                       "PasswordPolicyFingerprintEnabled", "FeatureVectorPolicyAllEnabled", "UploadLogs",
                                       "CollectClientUsageReports", "EnableAppSpecificClientUsageKeys",
                                       "PublishedToMobilePlace", "InAppMessaging"])
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()

    /// Turns `NAME=VALUE` text into a typed property value, refusing what a client may not write.
    public static func typedValue(name: String, text: String) throws -> JSONValue {
        guard let def = properties[name] else {
            let suggestion = Suggestion.closest(to: name, in: properties.keys.sorted())
            throw HubError(.usage, code: .unknownProperty,
                           "Unknown property '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "") +
                           " Writable properties: \(writableNames.joined(separator: ", ")).")
        }
        guard def.writable else {
            throw HubError(.usage, code: .readOnlyProperty,
                           "Property '\(name)' is read-only: the server owns it. Writable properties: \(writableNames.joined(separator: ", ")).")
        }
        switch def.type {
        case .string:
            return .string(text)
        case .boolean:
            switch text.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                throw HubError(.usage, code: .wrongType, "Property '\(name)' is a Boolean: give true or false, not '\(text)'.")
            }
        case .int32:
            guard let v = Int32(text) else {
                throw HubError(.usage, code: .wrongType, "Property '\(name)' is an Int32: give a whole number, not '\(text)'.")
            }
            return .int(Int64(v))
        case .dateTime:
            throw HubError(.usage, code: .readOnlyProperty, "Property '\(name)' is read-only.")
        }
    }

    /// Parses `NAME=VALUE` assignments into typed values (exit 64 on any bad one, before sending).
    public static func assignments(_ items: [String]) throws -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for item in items {
            guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                throw HubError(.usage, code: .invalidAssignment, "Expected NAME=VALUE, got '\(item)'. Example: DeviceModel=ci-runner.")
            }
            let name = String(item[..<eq])
            result[name] = try typedValue(name: name, text: String(item[item.index(after: eq)...]))
        }
        return result
    }

    public static var writableNames: [String] { properties.values.filter(\.writable).map(\.name).sorted() }
}
