// What the per-command files (Tests/HubCLITests/Commands/<Group>/<Name>Tests.swift) share: the shape of a
// JSON document (its members and their JSON types, exactly), a registered bench, the emulator's
// control API off the cooperative pool, fixed vault keys, and a failure's exit code and error code.

import Foundation
@testable import HubCLI
import HubCore
import Testing

/// The JSON type of a member, as a script reading the document sees it.
enum JSONKind: Equatable, CustomStringConvertible {
    case string, int, bool, null, array, object
    /// A JSON number printed from a Double: whole values print without a fraction.
    case number

    func matches(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.int, .int), (.bool, .bool), (.null, .null), (.array, .array), (.object, .object): true
        case (.number, .int), (.number, .double): true
        default: false
        }
    }

    var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .bool: "bool"
        case .null: "null"
        case .array: "array"
        case .object: "object"
        case .number: "number"
        }
    }
}

/// `value` is an object with exactly these members, each of its JSON type.
func expectShape(_ value: JSONValue?, _ shape: [String: JSONKind], _ comment: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .object(let members)? = value else {
        Issue.record("not a JSON object: \(String(describing: value)) \(comment)", sourceLocation: sourceLocation)
        return
    }
    #expect(Set(members.keys) == Set(shape.keys),
            "members: extra \(Set(members.keys).subtracting(shape.keys).sorted()), missing \(Set(shape.keys).subtracting(members.keys).sorted()) \(comment)",
            sourceLocation: sourceLocation)
    for (name, kind) in shape.sorted(by: { $0.key < $1.key }) {
        guard let member = members[name] else { continue }
        #expect(kind.matches(member), "\(name) is \(member), not \(kind) \(comment)", sourceLocation: sourceLocation)
    }
}

/// The elements of a JSON array (a test fails when it is not one).
func arrayElements(_ value: JSONValue?, sourceLocation: SourceLocation = #_sourceLocation) -> [JSONValue] {
    guard case .array(let items)? = value else {
        Issue.record("not a JSON array: \(String(describing: value))", sourceLocation: sourceLocation)
        return []
    }
    return items
}

/// A failed command: its exit code, the error document's code, and nothing on stdout.
func expectFailure(_ result: CommandResult, exit: Int32, code: String, stdoutEmpty: Bool = true,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.exitCode == exit, "\(result)", sourceLocation: sourceLocation)
    #expect(result.errorCode == code, "\(result)", sourceLocation: sourceLocation)
    if stdoutEmpty { #expect(result.out.isEmpty, "nothing on stdout: \(result)", sourceLocation: sourceLocation) }
}

/// A fixed raw vault key (base64 of 32 bytes, all `byte`): no randomness in the tests.
func fixedVaultKey(_ byte: UInt8) -> String { Data(repeating: byte, count: 32).base64EncodedString() }

extension InProcessEmulator {
    /// `control`, on a thread of its own (it blocks on libcurl; the server needs the pool's threads).
    @discardableResult
    func call(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
        try await offPool { try self.control(method, path, json: json).body }
    }

    /// A JSON document of the control API (`/_emulator/state`, `/_emulator/received`, …).
    func document(_ path: String) async throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: try await call("GET", path))
    }
}

/// A bench whose user is registered (`register` succeeded), on an emulator playing `platform`
/// (nil: the emulator's default, Mobile Services).
func registeredCommandBench(platform: String? = nil, extra: [String: String] = [:],
                     sourceLocation: SourceLocation = #_sourceLocation) async throws -> CommandBench {
    let emulator = try await InProcessEmulator.start()
    if let platform { try await emulator.call("PUT", "/_emulator/platform", json: #"{"platform": "\#(platform)"}"#) }
    let bench = try CommandBench(emulator: emulator, extra: extra)
    let registered = await bench.run(["register"])
    #expect(registered.exitCode == 0, "\(registered)", sourceLocation: sourceLocation)
    return bench
}

/// An emulator playing Mobile Services with two push registrations (demo: android, group ops,
/// locale de; alice: ios, locale en) and a service key file for the operator's push commands.
func pushOperatorBench() async throws -> (CommandBench, key: String) {
    let emulator = try await InProcessEmulator.start()
    try await emulator.call("PUT", "/_emulator/platform", json: #"{"platform": "mobile-services"}"#)
    try await emulator.call("POST", "/_emulator/push/registrations", json: """
        {"appId": "com.example.demo", "registrations": [
         {"user": "demo", "deviceId": "dev-demo", "os": "android", "pushToken": "tok-demo", "pushGroup": "ops", "userLocale": "de", "topics": ["outages"]},
         {"user": "alice", "deviceId": "dev-alice", "os": "ios", "pushToken": "tok-alice", "userLocale": "en"}]}
        """)
    let bench = try CommandBench(emulator: emulator)
    let key = bench.root + "/key.json"
    _ = FileManager.default.createFile(atPath: key, contents: Data(#"{"url": "\#(emulator.url)", "apiKey": "emulator-push-api-key"}"#.utf8),
                                   attributes: [.posixPermissions: 0o600])
    return (bench, key)
}

/// Writes `text` to a file under the bench's root and returns its path.
func writeFile(_ bench: CommandBench, _ name: String, _ text: String, mode: Int = 0o600) -> String {
    let path = bench.root + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode])
    return path
}

/// The members and JSON types of a new connection's settings as the emulator has them (what
/// `register`, `settings get` and `settings set` print): every property of SAP's Connection entity.
/// `overrides` changes the type of members a test sets.
func connectionSettingsShape(_ overrides: [String: JSONKind] = [:]) -> [String: JSONKind] {
    var shape: [String: JSONKind] = [
        "AndroidGcmPushEnabled": .bool, "AndroidGcmRegistrationId": .null, "AndroidGcmSenderId": .null, "ApnsDeviceToken": .null,
        "ApnsPushEnable": .bool, "ApplicationConnectionId": .string, "ApplicationVersion": .null,
        "BlackberryBESListenerPort": .int, "BlackberryDevicePin": .null, "BlackberryListenerType": .int, "BlackberryPushAppID": .null,
        "BlackberryPushBaseURL": .null, "BlackberryPushEnabled": .bool, "BlackberryPushListenerPort": .int,
        "BlockDisconnectedPeriod": .int, "BlockWipeEnabled": .bool, "Capability": .array, "CollectClientUsageReports": .bool,
        "ConnectionLogLevel": .string, "CreatedAt": .string, "CustomCustom1": .null, "CustomCustom2": .null, "CustomCustom3": .null,
        "CustomCustom4": .null, "CustomizationBundleId": .null, "DeviceIMSI": .null, "DeviceId": .string, "DeviceModel": .string,
        "DevicePhoneNumber": .null, "DeviceSubType": .null, "DeviceType": .string, "E2ETraceLevel": .string, "ETag": .string,
        "Email": .null, "EnableAppSpecificClientUsageKeys": .bool, "FeatureVectorPolicy": .array,
        "FeatureVectorPolicyAllEnabled": .bool, "FormFactor": .null, "InAppMessaging": .bool, "IsWiped": .bool,
        "LastKnownLocation": .null, "LogEntryExpiry": .int, "LogMaxFileNum": .int, "LogMaxFileSize": .int,
        "MaxConnectionWaitTimeForClientUsage": .int, "MpnsChannelURI": .null, "MpnsPushEnable": .bool, "NetworkPolicy": .object,
        "PasswordPolicyDefaultPasswordAllowed": .bool, "PasswordPolicyDigitRequired": .bool, "PasswordPolicyEnabled": .bool,
        "PasswordPolicyExpiresInNDays": .int, "PasswordPolicyFingerprintEnabled": .bool, "PasswordPolicyLockTimeout": .int,
        "PasswordPolicyLowerRequired": .bool, "PasswordPolicyMinLength": .int, "PasswordPolicyMinUniqueChars": .int,
        "PasswordPolicyRetryLimit": .int, "PasswordPolicySpecialRequired": .bool, "PasswordPolicyUpperRequired": .bool,
        "ProxyApplicationEndpoint": .string, "ProxyPushEndpoint": .string, "PublishedToMobilePlace": .bool, "PushGroup": .null,
        "TimeZone": .null, "UploadLogs": .bool, "UserLocale": .null, "UserName": .string, "WipeDisconnectedPeriod": .int,
        "WnsChannelURI": .null, "WnsPushEnable": .bool,
    ]
    for (name, kind) in overrides { shape[name] = kind }
    return shape
}

/// argv → Options, without running anything (as the GitHub CLI's `TestNewCmd…` tests do with
/// `runF`): the Options of the command ArgumentParser makes of `arguments`, parsed as hubctl's entry
/// point parses them. Where the fast path takes the line too, its Options must be the same.
func parsedOptions<C: HubCommand>(_ arguments: [String], as type: C.Type,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws -> C.Options {
    let parsed = try Hubctl.parseAsRoot(ArgumentOrder.normalize(arguments))
    let command = try #require(parsed as? C, "\(arguments) parsed as \(Swift.type(of: parsed))", sourceLocation: sourceLocation)
    if let (fast, _) = FastPath.parse(arguments) {
        #expect(fast as? C.Options == command.options, "the fast path's Options of \(arguments)", sourceLocation: sourceLocation)
    }
    return command.options
}
