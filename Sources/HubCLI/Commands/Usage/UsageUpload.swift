// `hubctl usage upload`: Check a JSON usage report's shape, then upload it for this device.

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct UsageUpload: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Check a JSON usage report's shape, then upload it for this device.",
        discussion: """
        The report has SAP's shape: {"report": "<id>", "appInfo": {"application": "<app>"}, \
        "deviceInfo": {"deviceID": "<device>"}, "sessions": [{"sessionInfo": {"sessionId": \
        "<id>"}, "events": [{"time": "<time>", "type": "<type>", "key": "<key>"}]}]}. The \
        members SAP marks required (report, appInfo.application, deviceInfo.deviceID, \
        sessions[].sessionInfo.sessionId, sessions[].events[].time) must be strings; a report \
        without them is refused, each missing one named, before anything is sent. At most 16 MiB.

        Exit codes: 0 ok, 64 bad flags or an SMP 3 server, 65 a report without SAP's required \
        members (invalid_usage_report), 66 not registered or no such file, 69 server unreachable, \
        75 timeout, 77 client usage not enabled for the application (HTTP 403, forbidden) or \
        authentication failed, 78 missing configuration.

        Example:
          hubctl usage upload build/usage.json | jq .events
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: ArgumentHelp("The JSON report, or - for stdin.", valueName: "file"), completion: .file())
    var file: String

    var options: Options { Options(file: file) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var file: String

        func run(_ invocation: Invocation) throws {
            let data = try invocation.read(file, limit: UsageService.maximumReportBytes, what: "usage report", tooLarge: .invalidUsageReport)
            let source = file == "-" ? "on stdin" : file
            // The shape is checked before a request is made.
            _ = try UsageService.check(data, source: source)
            let result = try UsageService(context: try invocation.services.clientServices()).upload(data, source: source)
            try invocation.emit(UsageUploadOutput(result))
        }
    }
}

/// What `hubctl usage upload` prints.
struct UsageUploadOutput: JSONDocument {
    var platform: String
    var deviceId: String
    var sessions: Int
    var events: Int
    var bytes: Int

    var json: JSONValue {
        .object(["platform": .string(platform), "deviceId": .string(deviceId), "sessions": JSONValue(sessions),
                 "events": JSONValue(events), "bytes": JSONValue(bytes)])
    }
}

extension UsageUploadOutput {
    init(_ r: UsageUploadResult) {
        self.init(platform: r.platform.rawValue, deviceId: r.deviceId, sessions: r.sessions, events: r.events, bytes: r.bytes)
    }
}
