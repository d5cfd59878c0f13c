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
