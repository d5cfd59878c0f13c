// The Connection entity of docs/protocol.md §3: property types, who may write them, and their defaults.

import Foundation

/// The Edm types the Connection entity uses.
public enum EdmType: String, Sendable {
    case string = "Edm.String"
    case boolean = "Edm.Boolean"
    case int32 = "Edm.Int32"
    case dateTime = "Edm.DateTime"
}

public struct PropertyDefinition: Sendable {
    public let name: String
    public let type: EdmType
    /// False for the properties the server owns (read-only in docs/protocol.md §3).
    public let writable: Bool
    public let defaultValue: ODataValue
}

/// Why a property in a request body was refused; the text goes into the OData error body.
struct PropertyRejection: Error {
    let code: String
    let message: String
}

public enum ConnectionSchema {
    /// Published properties in the order SMP's `$metadata` lists them (key first).
    public static let properties: [PropertyDefinition] = {
        var list: [PropertyDefinition] = []
        func add(_ names: [String], _ type: EdmType, writable: Bool, _ value: ODataValue = .null) {
            for name in names { list.append(PropertyDefinition(name: name, type: type, writable: writable, defaultValue: value)) }
        }
        add(["ApplicationConnectionId"], .string, writable: false)
        add(["ETag", "UserName"], .string, writable: false)
        add(["CreatedAt"], .dateTime, writable: false)
        add(["CustomizationBundleId"], .string, writable: false)
        add(["ApplicationVersion", "FormFactor", "UserLocale", "TimeZone", "LastKnownLocation", "PushGroup", "Email",
             "DeviceType", "DeviceModel", "DeviceSubType", "DevicePhoneNumber", "DeviceIMSI",
             "CustomCustom1", "CustomCustom2", "CustomCustom3", "CustomCustom4"], .string, writable: true)
        add(["AndroidGcmPushEnabled"], .boolean, writable: true, .bool(false))
        add(["AndroidGcmRegistrationId"], .string, writable: true)
        add(["AndroidGcmSenderId"], .string, writable: false)
        add(["ApnsPushEnable"], .boolean, writable: true, .bool(false))
        add(["ApnsDeviceToken"], .string, writable: true)
        add(["WnsPushEnable"], .boolean, writable: true, .bool(false))
        add(["WnsChannelURI"], .string, writable: true)
        add(["MpnsPushEnable"], .boolean, writable: true, .bool(false))
        add(["MpnsChannelURI"], .string, writable: true)
        add(["BlackberryPushEnabled"], .boolean, writable: true, .bool(false))
        add(["BlackberryDevicePin"], .string, writable: true)
        add(["BlackberryBESListenerPort"], .int32, writable: true, .int(0))
        add(["BlackberryPushAppID", "BlackberryPushBaseURL"], .string, writable: false)
        add(["BlackberryPushListenerPort", "BlackberryListenerType"], .int32, writable: false, .int(0))
        add(["PasswordPolicyEnabled"], .boolean, writable: false, .bool(false))
        add(["PasswordPolicyDefaultPasswordAllowed"], .boolean, writable: false, .bool(true))
        add(["PasswordPolicyDigitRequired", "PasswordPolicyUpperRequired", "PasswordPolicyLowerRequired",
             "PasswordPolicySpecialRequired", "PasswordPolicyFingerprintEnabled"], .boolean, writable: false, .bool(false))
        add(["PasswordPolicyMinLength"], .int32, writable: false, .int(8))
        add(["PasswordPolicyExpiresInNDays", "PasswordPolicyMinUniqueChars"], .int32, writable: false, .int(0))
        add(["PasswordPolicyLockTimeout"], .int32, writable: false, .int(300))
        add(["PasswordPolicyRetryLimit"], .int32, writable: false, .int(10))
        add(["FeatureVectorPolicyAllEnabled"], .boolean, writable: false, .bool(true))
        add(["UploadLogs", "CollectClientUsageReports", "EnableAppSpecificClientUsageKeys",
             "PublishedToMobilePlace", "InAppMessaging"], .boolean, writable: false, .bool(false))
        add(["ConnectionLogLevel"], .string, writable: false, .string("NONE"))
        add(["E2ETraceLevel"], .string, writable: false, .string("Low"))
        add(["ProxyApplicationEndpoint", "ProxyPushEndpoint"], .string, writable: false, .string(""))
        add(["LogEntryExpiry"], .int32, writable: false, .int(7))
        add(["MaxConnectionWaitTimeForClientUsage"], .int32, writable: false, .int(0))
        return list
    }()

    /// Navigation properties; the emulator answers them as empty collections.
    public static let navigationProperties = ["Capability", "FeatureVectorPolicy"]

    /// Properties Mobile Services sends that are not in the published schema (values as a fresh cloud
    /// registration has them). Clients must keep them; the emulator sends them so that gets tested.
    public static let unpublishedProperties: [(String, ODataValue)] = {
        let channel: ODataValue = .object([("MobileNetwork", .bool(false)), ("Roaming", .bool(false)), ("Wifi", .bool(false))])
        return [
            ("DeviceId", .string("unknown")),
            ("IsWiped", .bool(false)),
            ("BlockWipeEnabled", .bool(false)),
            ("BlockDisconnectedPeriod", .int(0)),
            ("WipeDisconnectedPeriod", .int(0)),
            ("LogMaxFileNum", .int(0)),
            ("LogMaxFileSize", .int(0)),
            ("NetworkPolicy", .object([
                ("Analytics", channel), ("ClientResource", channel), ("Logs", channel),
                ("NetworkPolicyEnabled", .bool(false)), ("OfflineOData", channel),
            ])),
        ]
    }()

    private static let byName: [String: PropertyDefinition] =
        Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0) })

    public static func definition(_ name: String) -> PropertyDefinition? { byName[name] }

    /// Checks a value a client wants to write, and brings it to the property's type.
    /// `fromText` is true for Atom bodies, where an element without `m:type` is text to be read by the schema.
    static func validateClientWrite(_ name: String, _ value: ODataValue, fromText: Bool) throws(PropertyRejection) -> ODataValue {
        guard let definition = byName[name] else {
            if navigationProperties.contains(name) || unpublishedProperties.contains(where: { $0.0 == name }) {
                throw PropertyRejection(code: "ReadOnlyProperty", message: "Property '\(name)' is read-only.")
            }
            throw PropertyRejection(code: "UnknownProperty", message: "Property '\(name)' does not exist in type 'applications.Connection'.")
        }
        guard definition.writable else {
            throw PropertyRejection(code: "ReadOnlyProperty", message: "Property '\(name)' is read-only.")
        }
        return try conform(value, to: definition, fromText: fromText)
    }

    /// Checks a value the administrator sets (control API): any known property, typed by the schema.
    static func validateServerWrite(_ name: String, _ value: ODataValue) throws(PropertyRejection) -> ODataValue {
        if let definition = byName[name] {
            if name == "ApplicationConnectionId" || name == "UserName" || name == "CreatedAt" || name == "ETag" {
                throw PropertyRejection(code: "ReadOnlyProperty", message: "Property '\(name)' is kept by the emulator itself.")
            }
            return try conform(value, to: definition, fromText: false)
        }
        if unpublishedProperties.contains(where: { $0.0 == name }) { return value }
        throw PropertyRejection(code: "UnknownProperty", message: "Property '\(name)' does not exist in type 'applications.Connection'.")
    }

    /// The value in the property's type: null always fits; Atom's untyped text is converted here.
    private static func conform(_ value: ODataValue, to definition: PropertyDefinition,
                                fromText: Bool) throws(PropertyRejection) -> ODataValue {
        let wrongType = PropertyRejection(
            code: "InvalidPropertyValue",
            message: "Property '\(definition.name)' expects \(definition.type.rawValue), got \(value.edmTypeName).")
        switch (definition.type, value) {
        case (_, .null): return .null
        case (.string, .string): return value
        case (.boolean, .bool): return value
        case (.boolean, .string(let text)) where fromText:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw wrongType
            }
        case (.int32, .int(let i)):
            guard i >= Int(Int32.min) && i <= Int(Int32.max) else { throw wrongType }
            return value
        case (.int32, .string(let text)) where fromText:
            guard let i = Int32(text) else { throw wrongType }
            return .int(Int(i))
        case (.dateTime, .date): return value
        case (.dateTime, .string(let text)) where fromText:
            guard let millis = UTCTime.millis(fromISO: text) else { throw wrongType }
            return .date(millis)
        default: throw wrongType
        }
    }
}
