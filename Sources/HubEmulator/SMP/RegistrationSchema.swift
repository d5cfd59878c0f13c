// The registration service's schema (docs/protocol.md §3 and §13): SAP's `applications` entity types,
// the Connection properties with their types, nullability, who may write them and their defaults.
// One table drives the `$metadata` document (ServiceMetadata.swift), the validation of writes and the
// answers; a property that exists only in some API versions says so in `versions`.

import Foundation

/// The Edm types the emulator's properties use (a custom property may take any of them).
public enum EdmType: String, Sendable, CaseIterable {
    case string = "Edm.String"
    case boolean = "Edm.Boolean"
    case int32 = "Edm.Int32"
    case int64 = "Edm.Int64"
    case double = "Edm.Double"
    case dateTime = "Edm.DateTime"
}

public struct PropertyDefinition: Sendable {
    public let name: String
    public let type: EdmType
    public let nullable: Bool
    /// False for the properties the server owns (`sup:ReadOnly="true"` in `$metadata`).
    public let writable: Bool
    public let defaultValue: ODataValue
    /// The API versions that have the property; nil = every version.
    public let versions: Set<String>?

    public init(name: String, type: EdmType, nullable: Bool = true, writable: Bool, defaultValue: ODataValue = .null,
                versions: Set<String>? = nil) {
        self.name = name
        self.type = type
        self.nullable = nullable
        self.writable = writable
        self.defaultValue = defaultValue
        self.versions = versions
    }

    func exists(in version: String?) -> Bool {
        guard let version, let versions else { return true }
        return versions.contains(version)
    }
}

/// A property of the other entity types (Endpoint, Capability, FeatureVectorPolicy): SAP's document
/// marks only some of them `sup:ReadOnly` (nil = no annotation).
struct EntityPropertyDefinition: Sendable {
    let name: String
    let type: EdmType
    let nullable: Bool
    let readOnly: Bool?
}

struct EntityTypeDefinition: Sendable {
    let name: String
    let key: [String]
    let properties: [EntityPropertyDefinition]
}

/// Why a property in a request body was refused; the text goes into the OData error body.
struct PropertyRejection: Error {
    let code: String
    let message: String
}

public enum RegistrationSchema {
    /// The published Connection properties in the order SAP's `$metadata` lists them (it starts with
    /// `ETag`, then the key). Types, nullability and `sup:ReadOnly` as in Tests/Fixtures/sap/applications-metadata.xml.
    public static let published: [PropertyDefinition] = {
        var list: [PropertyDefinition] = []
        func add(_ name: String, _ type: EdmType, writable: Bool, _ value: ODataValue = .null, nullable: Bool = true) {
            list.append(PropertyDefinition(name: name, type: type, nullable: nullable, writable: writable, defaultValue: value))
        }
        add("ETag", .string, writable: false)
        add("ApplicationConnectionId", .string, writable: false, nullable: false)
        add("UserName", .string, writable: false)
        add("AndroidGcmPushEnabled", .boolean, writable: true, .bool(false))
        add("AndroidGcmRegistrationId", .string, writable: true)
        add("AndroidGcmSenderId", .string, writable: false)
        add("ApnsPushEnable", .boolean, writable: true, .bool(false))
        add("ApnsDeviceToken", .string, writable: true)
        add("ApplicationVersion", .string, writable: true)
        add("BlackberryPushEnabled", .boolean, writable: true, .bool(false))
        add("BlackberryDevicePin", .string, writable: true)
        add("BlackberryBESListenerPort", .int32, writable: true, .int(0))
        add("BlackberryPushAppID", .string, writable: false)
        add("BlackberryPushBaseURL", .string, writable: false)
        add("BlackberryPushListenerPort", .int32, writable: false, .int(0))
        add("BlackberryListenerType", .int32, writable: false, .int(0))
        add("CollectClientUsageReports", .boolean, writable: false, .bool(false))
        add("ConnectionLogLevel", .string, writable: false, .string("NONE"))
        add("CustomizationBundleId", .string, writable: false)
        for n in 1...4 { add("CustomCustom\(n)", .string, writable: true) }
        for name in ["DeviceModel", "DeviceType", "DeviceSubType", "DevicePhoneNumber", "DeviceIMSI"] {
            add(name, .string, writable: true)
        }
        add("E2ETraceLevel", .string, writable: false, .string("Low"))
        add("EnableAppSpecificClientUsageKeys", .boolean, writable: false, .bool(false))
        add("FeatureVectorPolicyAllEnabled", .boolean, writable: false, .bool(true))
        add("FormFactor", .string, writable: true)
        add("LogEntryExpiry", .int32, writable: false, .int(7))
        add("MaxConnectionWaitTimeForClientUsage", .int32, writable: false, .int(0))
        add("MpnsChannelURI", .string, writable: true)
        add("MpnsPushEnable", .boolean, writable: true, .bool(false))
        add("PasswordPolicyEnabled", .boolean, writable: false, .bool(false))
        add("PasswordPolicyDefaultPasswordAllowed", .boolean, writable: false, .bool(true))
        add("PasswordPolicyMinLength", .int32, writable: false, .int(8))
        for name in ["PasswordPolicyDigitRequired", "PasswordPolicyUpperRequired", "PasswordPolicyLowerRequired",
                     "PasswordPolicySpecialRequired"] {
            add(name, .boolean, writable: false, .bool(false))
        }
        add("PasswordPolicyExpiresInNDays", .int32, writable: false, .int(0))
        add("PasswordPolicyMinUniqueChars", .int32, writable: false, .int(0))
        add("PasswordPolicyLockTimeout", .int32, writable: false, .int(300))
        add("PasswordPolicyRetryLimit", .int32, writable: false, .int(10))
        add("PasswordPolicyFingerprintEnabled", .boolean, writable: false, .bool(false))
        add("ProxyApplicationEndpoint", .string, writable: false, .string(""))
        add("ProxyPushEndpoint", .string, writable: false, .string(""))
        add("PublishedToMobilePlace", .boolean, writable: false, .bool(false))
        add("UploadLogs", .boolean, writable: false, .bool(false))
        add("WnsChannelURI", .string, writable: true)
        add("WnsPushEnable", .boolean, writable: true, .bool(false))
        add("InAppMessaging", .boolean, writable: false, .bool(false))
        add("UserLocale", .string, writable: true)
        add("TimeZone", .string, writable: true)
        add("LastKnownLocation", .string, writable: true)
        add("CreatedAt", .dateTime, writable: false)
        add("PushGroup", .string, writable: true)
        add("Email", .string, writable: true)
        return list
    }()

    /// The properties the emulator keeps itself; not even the control API may set them.
    static let keptByServer: Set<String> = ["ApplicationConnectionId", "UserName", "CreatedAt", "ETag"]

    /// The Connection properties of one API version (nil: every version), custom ones after the published.
    public static func properties(version: String?, custom: [PropertyDefinition]) -> [PropertyDefinition] {
        (published + custom).filter { $0.exists(in: version) }
    }

    /// Navigation properties of Connection and the entity type each leads to.
    public static let navigationProperties = ["Capability", "FeatureVectorPolicy"]

    /// SAP's other entity types, in the document's order around Connection.
    static let endpoint = EntityTypeDefinition(name: "Endpoint", key: ["EndpointName"], properties: [
        EntityPropertyDefinition(name: "RemoteURL", type: .string, nullable: true, readOnly: true),
        EntityPropertyDefinition(name: "EndpointName", type: .string, nullable: false, readOnly: true),
        EntityPropertyDefinition(name: "AnonymousAccess", type: .boolean, nullable: true, readOnly: true),
    ])
    static let capability = EntityTypeDefinition(
        name: "Capability", key: ["ApplicationConnectionId", "Category", "CapabilityName"], properties: [
            EntityPropertyDefinition(name: "Category", type: .string, nullable: false, readOnly: nil),
            EntityPropertyDefinition(name: "ApplicationConnectionId", type: .string, nullable: false, readOnly: true),
            EntityPropertyDefinition(name: "CapabilityValue", type: .string, nullable: true, readOnly: nil),
            EntityPropertyDefinition(name: "CapabilityName", type: .string, nullable: false, readOnly: nil),
        ])
    static let featureVectorPolicy = EntityTypeDefinition(name: "FeatureVectorPolicy", key: ["Id"], properties:
        ["Description", "PluginName", "Version", "DisplayName", "JSModule", "Whitelist", "Id", "Name"].map {
            EntityPropertyDefinition(name: $0, type: .string, nullable: $0 != "Id", readOnly: nil)
        })

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

    /// A name a custom property may have: an OData simple identifier not used by the schema already.
    static func problemWithCustomName(_ name: String, existing: [PropertyDefinition]) -> String? {
        guard let first = name.unicodeScalars.first, name.count <= 128,
              CharacterSet.letters.contains(first) || first == "_",
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }) else {
            return "A property name is 1 to 128 ASCII letters, digits and '_', starting with a letter or '_'; got '\(name)'."
        }
        if existing.contains(where: { $0.name == name }) || navigationProperties.contains(name)
            || unpublishedProperties.contains(where: { $0.0 == name }) {
            return "Property '\(name)' already exists in type 'applications.Connection'."
        }
        return nil
    }

    /// A custom Connection property from its description (control API or configuration file): the name
    /// must be usable and not taken (`existing`), the type one of `EdmType`, the default of that type.
    static func customProperty(name: String, typeName: String?, writable: Bool?, nullable: Bool?, defaultValue: ODataValue?,
                               versions: [String]?, existing: [PropertyDefinition]) throws(PropertyRejection) -> PropertyDefinition {
        if let problem = problemWithCustomName(name, existing: existing) {
            throw PropertyRejection(code: problem.contains("already exists") ? "Conflict" : "InvalidName", message: problem)
        }
        guard let type = EdmType(rawValue: typeName ?? "Edm.String") else {
            throw PropertyRejection(code: "InvalidType",
                                    message: "type must be one of \(EdmType.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let versions, versions.isEmpty || versions.contains(where: \.isEmpty) {
            throw PropertyRejection(code: "InvalidVersions", message: "versions must be a non-empty array of API versions, e.g. [\"v1\"].")
        }
        let nullable = nullable ?? true
        var property = PropertyDefinition(name: name, type: type, nullable: nullable, writable: writable ?? true,
                                          versions: versions.map(Set.init))
        if let defaultValue {
            property = PropertyDefinition(name: name, type: type, nullable: nullable, writable: writable ?? true,
                                          defaultValue: try conform(defaultValue, to: property, fromText: false),
                                          versions: versions.map(Set.init))
        } else if !nullable {
            throw PropertyRejection(code: "InvalidDefault", message: "Property '\(name)' is not nullable, so it needs a default.")
        }
        return property
    }

    /// Checks a value a client wants to write, and brings it to the property's type; nil for a
    /// read-only property, which the server ignores: SAP's device-registration tutorial posts
    /// `UserName` and gets 201 with the server's own value (docs/protocol.md §4, §13).
    /// `fromText` is true for Atom bodies, where an element without `m:type` is text to be read by the schema.
    static func validateClientWrite(_ name: String, _ value: ODataValue, fromText: Bool,
                                    properties: [PropertyDefinition]) throws(PropertyRejection) -> ODataValue? {
        guard let definition = properties.first(where: { $0.name == name }) else {
            if navigationProperties.contains(name) || unpublishedProperties.contains(where: { $0.0 == name }) { return nil }
            throw PropertyRejection(code: "UnknownProperty", message: "Property '\(name)' does not exist in type 'applications.Connection'.")
        }
        guard definition.writable else { return nil }
        return try conform(value, to: definition, fromText: fromText)
    }

    /// Checks a value the administrator sets (control API, configuration): any known property but the
    /// ones the emulator keeps itself, typed by the schema.
    static func validateServerWrite(_ name: String, _ value: ODataValue,
                                    properties: [PropertyDefinition]) throws(PropertyRejection) -> ODataValue {
        if let definition = properties.first(where: { $0.name == name }) {
            if keptByServer.contains(name) {
                throw PropertyRejection(code: "ReadOnlyProperty", message: "Property '\(name)' is kept by the emulator itself.")
            }
            return try conform(value, to: definition, fromText: false)
        }
        if unpublishedProperties.contains(where: { $0.0 == name }) { return value }
        throw PropertyRejection(code: "UnknownProperty", message: "Property '\(name)' does not exist in type 'applications.Connection'.")
    }

    /// The value in the property's type: null fits a nullable property; Atom's untyped text is converted
    /// here; an Edm.Int64 may come as a JSON string, as OData V2's JSON writes it.
    static func conform(_ value: ODataValue, to definition: PropertyDefinition,
                        fromText: Bool) throws(PropertyRejection) -> ODataValue {
        let wrongType = PropertyRejection(
            code: "InvalidPropertyValue",
            message: "Property '\(definition.name)' expects \(definition.type.rawValue), got \(value.edmTypeName).")
        switch (definition.type, value) {
        case (_, .null):
            guard definition.nullable else {
                throw PropertyRejection(code: "InvalidPropertyValue", message: "Property '\(definition.name)' may not be null.")
            }
            return .null
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
        case (.int64, .int): return value
        case (.int64, .string(let text)):
            guard let i = Int64(text) else { throw wrongType }
            return .int(Int(i))
        case (.double, .double): return value
        case (.double, .int(let i)): return .double(Double(i))
        case (.double, .string(let text)) where fromText:
            guard let d = Double(text), d.isFinite else { throw wrongType }
            return .double(d)
        case (.dateTime, .date): return value
        case (.dateTime, .string(let text)):
            if let millis = UTCTime.millis(fromISO: text) { return .date(millis) }
            if let millis = Self.jsonDateMillis(text) { return .date(millis) }
            throw wrongType
        default: throw wrongType
        }
    }

    /// `/Date(1484028633406)/` (how OData V2 JSON writes Edm.DateTime) → milliseconds.
    static func jsonDateMillis(_ text: String) -> Int64? {
        guard text.hasPrefix("/Date("), text.hasSuffix(")/") else { return nil }
        return Int64(text.dropFirst("/Date(".count).dropLast(2))
    }
}
