// `hubctl logs upload`: Check a client log line by line, then upload it in requests of at most --max-request-size.

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct LogsUpload: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Check a client log line by line, then upload it in requests of at most --max-request-size.",
        discussion: """
        Each line is #date#severity#correlation#source#location#message# (date like \
        2024-07-01T17:16:08.637+02:00, severity DEBUG, INFO, WARN, ERROR or FATAL, '#' inside a \
        field escaped as \\#). Every line is checked before anything is sent: a bad line is \
        reported with its number and nothing is sent. The file is streamed, and split on line \
        boundaries into several requests when it is larger than --max-request-size. Mobile \
        Services gets text/plain; SMP 3 gets /clientlogs as multipart/form-data.

        `-` reads stdin whole into memory first; give a file for large logs.

        --from-settings follows the administrator's log policy: on Mobile Services the settings \
        exchange's logSettings (logEnabled, logLevel), and for what it does not say (and on SMP 3) \
        the connection's UploadLogs and ConnectionLogLevel. When upload is disabled (or the level \
        is NONE) nothing is sent and "skipped" says why; otherwise only lines at or above the \
        level are sent.

        Exit codes: 0 ok (or skipped), 64 bad flags, 65 a malformed line (its number in the \
        message) or refused format, 66 not registered or no such file, 69 server unreachable, \
        75 timeout, 77 log upload not enabled for the application (log_upload_disabled) or \
        authentication failed, 78 missing configuration.

        Example:
          hubctl logs upload --from-settings build/device.log | jq .requests
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: ArgumentHelp("The log file, or - for stdin.", valueName: "file"), completion: .file())
    var file: String
    @Option(name: .customLong("max-request-size"), help: ArgumentHelp("The most one request carries: bytes, or with K or M (KiB, MiB). Default 8M.", valueName: "size"))
    var maxRequestSize: String = "8M"
    @Flag(name: .customLong("from-settings"), help: "Follow the administrator's log policy (logSettings, or the connection's UploadLogs and ConnectionLogLevel).")
    var fromSettings = false

    var options: Options { Options(file: file, maxRequestSize: maxRequestSize, fromSettings: fromSettings) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var file: String
        var maxRequestSize: String = "8M"
        var fromSettings = false

        /// The most of a log read from stdin or a pipe (kept in a private spool file until sent).
        static let maximumSpoolBytes: Int64 = 4 << 30

        /// `8M`, `512K`, `1048576` → bytes (at least 64).
        static func size(_ text: String) throws -> Int64 {
            var digits = text.uppercased()
            var unit: Int64 = 1
            if digits.hasSuffix("M") || digits.hasSuffix("MIB") { unit = 1 << 20; digits = String(digits.prefix { $0.isNumber }) }
            else if digits.hasSuffix("K") || digits.hasSuffix("KIB") { unit = 1 << 10; digits = String(digits.prefix { $0.isNumber }) }
            guard let n = Int64(digits), n > 0, n <= (1 << 40) / unit, n * unit >= 64 else {
                throw HubError.usage("--max-request-size \(HubError.quoted(text)) is not a size of at least 64 bytes (e.g. 8M, 512K, 65536).")
            }
            return n * unit
        }

        func run(_ invocation: Invocation) throws {
            let maximum = try Self.size(maxRequestSize)
            // Read once, through one descriptor: a regular file as it is, stdin or a pipe (`<(cmd)`)
            // spooled, every wait bounded by the deadline (a FIFO nobody writes to ends with 75).
            let source: LogSource
            do throws(BoundedFile.Failure) {
                source = .file(try invocation.open(file, spoolLimit: Self.maximumSpoolBytes, fileLimit: Int64.max))
            } catch .missing {
                throw HubError.noInput("No log file at \(file). Check the path.", code: .fileNotFound)
            } catch .directory {
                throw HubError.noInput("\(file) is a directory, not a log file.", code: .notAFile)
            } catch {
                throw HubError.input(error, label: file == "-" ? "The log on stdin" : file, limit: Int(Self.maximumSpoolBytes), tooLarge: .tooLarge)
            }
            let connections = try invocation.services.connections()
            let registration = try connections.recorded()
            var minimum: LogSeverity?
            var level: String?
            var platform: Platform?
            if fromSettings {
                // The administrator's log policy (docs/protocol.md §15.3, §15.6): on Mobile Services the
                // settings exchange's logSettings, else (and on SMP 3) the connection's properties.
                let services = ClientServiceContext(connections: connections, registration: registration,
                                                    platform: try PlatformDiscovery.resolve(connections.session))
                platform = services.platform
                let policy = try PolicyService(context: services, home: invocation.home).clientLogPolicy()
                level = policy.level
                if !policy.enabled {
                    return try invocation.emit(LogsUploadOutput(skipped: "\(policy.enabledFrom) is false: the administrator has not enabled log upload for this device. Nothing was sent.",
                                                             deviceId: registration.applicationConnectionId, source: source, level: level))
                }
                if let level {
                    switch LogSeverity.minimum(connectionLogLevel: level) {
                    case .some(.none):
                        return try invocation.emit(LogsUploadOutput(skipped: "\(policy.levelFrom) is NONE. Nothing was sent.",
                                                                 deviceId: registration.applicationConnectionId, source: source, level: level))
                    case .some(.some(let severity)): minimum = severity
                    case .none: invocation.console.warning("\(policy.levelFrom) \(HubError.quoted(level)) is not a level hubctl knows; every line is sent.")
                    }
                }
            }
            // Every line is checked before anything is sent.
            let plan = try LogFormat.plan(source, maximumBytes: maximum, minimum: minimum)
            let services = ClientServiceContext(connections: connections, registration: registration,
                                                platform: try platform ?? PlatformDiscovery.resolve(connections.session))
            let result = try ClientLogService(context: services).upload(source, plan: plan, minimum: minimum)
            try invocation.emit(LogsUploadOutput(result, level: level))
        }
    }
}

/// What `hubctl logs upload` prints.
struct LogsUploadOutput: JSONDocument {
    var uploaded: Bool
    /// Why nothing was sent (`--from-settings`); null when it was.
    var skipped: String?
    var platform: String?
    var deviceId: String
    var source: String
    var requests: Int
    var lines: Int
    var bytes: Int64
    var filteredLines: Int
    var minimumSeverity: String?
    var connectionLogLevel: String?

    var json: JSONValue {
        .object([
            "uploaded": .bool(uploaded), "skipped": JSONValue(skipped), "platform": JSONValue(platform), "deviceId": .string(deviceId),
            "source": .string(source), "requests": JSONValue(requests), "lines": JSONValue(lines), "bytes": .int(bytes),
            "filteredLines": JSONValue(filteredLines), "minimumSeverity": JSONValue(minimumSeverity),
            "connectionLogLevel": JSONValue(connectionLogLevel),
        ])
    }
}

extension LogsUploadOutput {
    init(_ r: LogUploadResult, level: String?) {
        self.init(uploaded: true, skipped: nil, platform: r.platform.rawValue, deviceId: r.deviceId, source: r.source,
                  requests: r.requests, lines: r.lines, bytes: r.bytes, filteredLines: r.filteredLines,
                  minimumSeverity: r.minimum.map { String(describing: $0).uppercased() }, connectionLogLevel: level)
    }

    init(skipped reason: String, deviceId: String, source: LogSource, level: String?) {
        let name: String
        switch source {
        case .file(let input): name = input.name
        case .bytes: name = "stdin"
        }
        self.init(uploaded: false, skipped: reason, platform: nil, deviceId: deviceId, source: name, requests: 0, lines: 0,
                  bytes: 0, filteredLines: 0, minimumSeverity: nil, connectionLogLevel: level)
    }
}
