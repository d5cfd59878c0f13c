// The Connection entity's properties (docs/protocol.md §3): their types and whether a client may write them.
// The server's `$metadata` says so (§13, MetadataSchema.swift); the table compiled in here is the fallback
// for a server without one, and what `register --set` checks against.

import Foundation
import HubCore

/// An OData V2 primitive type, by its Edm name (a server may use any, e.g. for a custom property).
public struct PropertyType: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let string = PropertyType(rawValue: "Edm.String")
    public static let boolean = PropertyType(rawValue: "Edm.Boolean")
    public static let int32 = PropertyType(rawValue: "Edm.Int32")
    public static let dateTime = PropertyType(rawValue: "Edm.DateTime")
}

public struct PropertyDefinition: Sendable, Equatable, Codable {
    public var name: String
    public var type: PropertyType
    public var writable: Bool
    public var nullable: Bool

    public init(name: String, type: PropertyType, writable: Bool, nullable: Bool = true) {
        self.name = name
        self.type = type
        self.writable = writable
        self.nullable = nullable
    }
}

/// Where a schema came from: the server's `$metadata`, or the table compiled into hubctl.
public enum SchemaSource: String, Sendable, Codable {
    case server, fallback
}

/// The Connection properties a command checks assignments against.
public struct ConnectionPropertySchema: Sendable {
    public var properties: [String: PropertyDefinition]
    public var source: SchemaSource

    public init(properties: [String: PropertyDefinition], source: SchemaSource) {
        self.properties = properties
        self.source = source
    }

    public static let fallback = ConnectionPropertySchema(properties: ConnectionSchema.properties, source: .fallback)

    public var writableNames: [String] { properties.values.filter(\.writable).map(\.name).sorted() }

    /// Turns `NAME=VALUE` text into a value of the property's Edm type, refusing what a client may not write.
    public func typedValue(name: String, text: String) throws -> JSONValue {
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
        return try Self.value(of: def, text: text)
    }

    /// The JSON an OData V2 server reads for an Edm type (docs/protocol.md §13): Int64 and Decimal as
    /// strings, DateTime as `/Date(ms)/`.
    static func value(of def: PropertyDefinition, text: String) throws -> JSONValue {
        let name = def.name, type = def.type.rawValue
        func wrong(_ what: String) -> HubError {
            HubError(.usage, code: .wrongType, "Property '\(name)' is \(type): give \(what), not \(HubError.quoted(text)).")
        }
        func integer(_ range: ClosedRange<Int64>, _ what: String) throws -> Int64 {
            guard let v = Int64(text), range.contains(v) else { throw wrong(what) }
            return v
        }
        switch type {
        case "Edm.String":
            return .string(text)
        case "Edm.Boolean":
            switch text.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw HubError(.usage, code: .wrongType, "Property '\(name)' is a Boolean: give true or false, not '\(text)'.")
            }
        case "Edm.Int32":
            guard let v = Int32(text) else {
                throw HubError(.usage, code: .wrongType, "Property '\(name)' is an Int32: give a whole number, not '\(text)'.")
            }
            return .int(Int64(v))
        case "Edm.Int16": return .int(try integer(Int64(Int16.min)...Int64(Int16.max), "a whole number from -32768 to 32767"))
        case "Edm.Byte": return .int(try integer(0...255, "a whole number from 0 to 255"))
        case "Edm.SByte": return .int(try integer(-128...127, "a whole number from -128 to 127"))
        case "Edm.Int64": return .string(String(try integer(Int64.min...Int64.max, "a whole number")))
        case "Edm.Double", "Edm.Single":
            guard let v = Double(text), v.isFinite else { throw wrong("a number") }
            return .double(v)
        case "Edm.Decimal":
            guard text.range(of: #"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$"#, options: .regularExpression) != nil else {
                throw wrong("a decimal number")
            }
            return .string(text)
        case "Edm.Guid":
            guard UUID(uuidString: text) != nil else { throw wrong("a GUID such as 0e5f5f6c-1c52-4c2f-9b1c-2e1d2a4b5c6d") }
            return .string(text.lowercased())
        case "Edm.DateTime":
            guard let date = ISO8601.date(from: text) else { throw wrong("an ISO 8601 date such as 2026-01-31T12:00:00Z") }
            return .string("/Date(\(Int64((date.timeIntervalSince1970 * 1000).rounded())))/")
        default:
            throw HubError(.usage, code: .wrongType, "Property '\(name)' is \(type), which hubctl cannot write.")
        }
    }

    /// Parses `NAME=VALUE` assignments into typed values (exit 64 on any bad one, before sending).
    public func assignments(_ items: [String]) throws -> [String: JSONValue] {
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
}

public enum ConnectionSchema {
    private static func props(_ type: PropertyType, _ writable: Bool, _ names: [String]) -> [PropertyDefinition] {
        names.map { PropertyDefinition(name: $0, type: type, writable: writable, nullable: $0 != "ApplicationConnectionId") }
    }

    /// The compiled table: SAP's published Connection properties (docs/protocol.md §3).
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

    /// Turns `NAME=VALUE` text into a typed property value by the compiled table.
    public static func typedValue(name: String, text: String) throws -> JSONValue {
        try ConnectionPropertySchema.fallback.typedValue(name: name, text: text)
    }

    /// Parses `NAME=VALUE` assignments by the compiled table (exit 64 on any bad one, before sending).
    public static func assignments(_ items: [String]) throws -> [String: JSONValue] {
        try ConnectionPropertySchema.fallback.assignments(items)
    }

    public static var writableNames: [String] { ConnectionPropertySchema.fallback.writableNames }
}
