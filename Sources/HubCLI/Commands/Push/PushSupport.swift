// What `hubctl push register|unregister|id` share (docs/protocol.md §15.2): the --os option.

import ArgumentParser
import HubCore
import HubServices

/// `--os`, checked against the systems the push API knows.
struct PushOSOption: ParsableArguments {
    @Option(help: ArgumentHelp("ios, android, windows, baidu, w3cpushapi or custom (SMP 3: ios, android, windows).", valueName: "os"))
    var os: String

    var value: Value { Value(os: os) }

    /// `--os` as plain data (a command's Options hold it).
    struct Value: Sendable, Equatable {
        var os: String

        func value() throws -> PushOS {
            guard let os = PushOS(rawValue: os.lowercased()) else {
                throw HubError.usage("--os \(HubError.quoted(os)) is not one of \(PushOS.allCases.map(\.rawValue).joined(separator: ", ")).", code: .invalidPushOs)
            }
            return os
        }
    }
}

/// One shape for every push command, on either platform; `pushId` is null except for `push id`.
struct PushOutput: JSONDocument {
    var platform: String
    var os: String
    var deviceId: String
    var action: String
    var pushId: String?

    var json: JSONValue {
        .object(["platform": .string(platform), "os": .string(os), "deviceId": .string(deviceId), "action": .string(action),
                 "pushId": JSONValue(pushId)])
    }
}

extension PushOutput {
    init(_ r: PushResult) {
        self.init(platform: r.platform.rawValue, os: r.os.rawValue, deviceId: r.deviceId, action: r.action.rawValue, pushId: r.pushId)
    }
}

/// A push verb that acts on this device's registration for one OS (`push id`, `push unregister`):
/// what it asks the push service.
protocol PushOSVerb {
    static func run(_ push: PushService, os: PushOS) throws -> PushResult
}

/// The plain options of such a verb (`--os`), and its body: the OS checked, the verb's answer printed.
struct PushOSOptions<Verb: PushOSVerb>: CommandOptions {
    var os: PushOSOption.Value

    func run(_ invocation: Invocation) throws {
        let os = try self.os.value()
        try invocation.emit(PushOutput(try Verb.run(PushService(context: try invocation.services.clientServices()), os: os)))
    }
}
