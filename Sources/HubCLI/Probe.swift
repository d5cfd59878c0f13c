// `hubctl probe`: one synthetic round trip as a device makes it, each step timed, every HTTP exchange
// with the phases libcurl measured; JSON or the Prometheus text format, optionally written for
// node_exporter's textfile collector (docs/protocol.md §18).

import ArgumentParser
import Foundation
import HubCore
import HubServices
import HubTransport
import Synchronization

struct ProbeCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Run one timed round trip as a device (token, settings, ACP check; optionally register and push) for monitoring.",
        discussion: """
        Steps, in order: token (a refresh of the OAuth access token, when an OAuth client is \
        configured), settings (the recorded registration's settings read), acp_check (is a newer \
        profile assigned), and with --register: register, read and unregister of a throw-away \
        connection that is never recorded; with --push as well (Mobile Services, and push \
        credentials as for `push send`): push_register of that connection and push_send to it \
        through the Notification Backend API. A step that fails does not stop the independent \
        steps after it; the throw-away connection is always unregistered.

        Every step reports its duration and each HTTP exchange its status and the phases libcurl \
        measured: dns, connect (TCP), tls (the handshake; 0 on a reused connection), first_byte \
        (from the connection being ready to the first byte of the answer) and total. \
        --format prometheus prints the Prometheus text exposition format instead of JSON; \
        --textfile DIR also writes it atomically to DIR/hubctl_probe_<app>.prom for \
        node_exporter's textfile collector, also when a step failed. The time of the last probe \
        that succeeded is kept under --home for hubctl_probe_last_success_timestamp_seconds.

        The report is printed on stdout even when a step failed; the first failed step's error \
        goes to stderr and its exit code is the probe's.

        Exit codes: 0 every step succeeded, else the first failed step's (66 not registered, \
        69 server unreachable or failing, 75 timeout, 77 authentication failed, …); 64 bad flags, \
        73 --textfile directory not writable, 78 missing configuration.

        Example:
          hubctl probe --format prometheus --textfile /var/lib/prometheus/node-exporter
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var destination: ACPDestination
    @OptionGroup var backend: PushBackendOptions

    @Flag(help: "Also register, read and unregister a throw-away connection.")
    var register = false

    @Flag(help: "Also push to the throw-away connection through the Notification Backend API (needs --register and push credentials).")
    var push = false

    @Option(help: ArgumentHelp("json or prometheus.", valueName: "format"))
    var format: String = "json"

    @Option(help: ArgumentHelp("Also write the Prometheus text to DIR/hubctl_probe_<app>.prom (atomically).", valueName: "dir"),
            completion: .directory)
    var textfile: String?

    func validate() throws {
        guard ["json", "prometheus"].contains(format) else {
            throw ValidationError("--format must be json or prometheus, not \(HubError.quoted(format)).")
        }
        if push && !register { throw ValidationError("--push sends to the probe's throw-away connection: give --register too.") }
    }

    func execute(_ context: CommandContext) throws {
        let recorder = ExchangeRecorder()
        let probe = context.observingExchanges { recorder.record($0) }
        let config = try probe.connectionConfig()
        if push, (config.user ?? "").isEmpty {
            throw HubError.usage("--push sends to the throw-away connection of --user: give --user (or HUBCTL_USER).")
        }
        let textfilePath = try textfile.map { try Self.checkTextfileDirectory($0, appId: config.appId) }
        let connections = try probe.connectionService()
        var run = ProbeRun(recorder: recorder)

        if probe.oauthClient(config) != nil {
            run.step("token") { try probe.renewOAuthTokens(config) }
        }
        run.step("settings") { _ = try connections.recordedSettings() }
        run.step("acp_check") {
            let service = ACPService(connections: connections)
            _ = try service.check(destination: try destination.resolve(probe, service: service))
        }
        if register {
            var throwaway: Registration?
            run.step("register") { throwaway = try connections.registerUnrecorded() }
            if let registration = throwaway {
                run.step("read") { _ = try connections.settings(of: registration) }
                var pushed = false
                // Only used once push_register found Mobile Services.
                let services = ClientServiceContext(connections: connections, registration: registration, platform: .mobileServices)
                if push {
                    run.step("push_register") {
                        guard try PlatformDiscovery.resolve(connections.session) == .mobileServices else {
                            throw HubError.usage("--push needs SAP Mobile Services: the Notification Backend API does not exist on SMP 3.")
                        }
                        _ = try PushService(context: services).register(PushRegistration(os: .android, token: "hubctl-probe-" + registration.applicationConnectionId))
                        pushed = true
                    }
                    if pushed {
                        run.step("push_send") {
                            try sendToDevice(probe, appId: config.appId, user: config.user ?? "", device: registration.applicationConnectionId)
                        }
                    }
                }
                run.step("unregister") {
                    var pushError: (any Error)?
                    if pushed {
                        do { _ = try PushService(context: services).unregister(os: .android) } catch { pushError = error }
                    }
                    _ = try connections.deleteUnrecorded(registration)
                    if let pushError { throw pushError }
                }
            }
        }

        let finished = Date()
        let report = ProbeReport(server: HubError.redactingUserInfo(config.server), appId: config.appId,
                                 timestamp: finished, steps: run.steps,
                                 lastSuccess: try ProbeState.update(home: probe.home, server: config.server, appId: config.appId,
                                                                    succeeded: run.firstFailure == nil, at: finished))
        if let textfilePath {
            try Self.writeTextfile(report.prometheus, to: textfilePath)
        }
        if format == "prometheus" { context.console.writeRaw(Data(report.prometheus.utf8)) } else { try context.emit(report) }
        if let failure = run.firstFailure {
            var failed = failure.1
            failed.message = "probe step \(failure.0) failed: " + failed.message
            throw failed
        }
    }

    /// `push_send`: the Notification Backend API's one-device target; every result must be sent or queued.
    private func sendToDevice(_ context: CommandContext, appId: String, user: String, device: String) throws {
        let session = try PushBackendSession(context, options: backend)
        let payload = PushPayload(notification: .object(["alert": .string("hubctl probe"), "data": .string("hubctl-probe")]))
        let answer = try session.backend.send(appId: appId, target: .device(user: user, device: device), payload: payload)
        guard answer.kind != .noRegistrations else {
            throw HubError(.unavailable, code: .unexpectedStatus,
                           "The Notification Backend API found no registration of the probe's device: \(answer.message ?? "no message").", status: answer.httpStatus)
        }
        for result in answer.results where result.completion.outcome == .failed {
            throw HubError(.unavailable, code: .unexpectedStatus,
                           "The Notification Backend API did not notify the probe's device: \(result.completion.reason) (code \(result.completion.code)\(result.message.map { ", \($0)" } ?? "")).",
                           status: answer.httpStatus)
        }
    }

    /// DIR must be an existing directory hubctl can write to; the file is `hubctl_probe_<app>.prom`.
    static func checkTextfileDirectory(_ dir: String, appId: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HubError(.cannotCreate, code: .notADirectory, "--textfile \(dir) is not a directory. Create it (node_exporter's --collector.textfile.directory).")
        }
        guard access(dir, W_OK) == 0 else {
            throw HubError(.cannotCreate, code: .cannotCreate, "--textfile \(dir) is not writable by this user.")
        }
        // The application id is checked where it enters (SafeName), so it cannot leave DIR.
        return (dir.hasSuffix("/") ? String(dir.dropLast()) : dir) + "/hubctl_probe_" + appId + ".prom"
    }

    /// Temporary file in the same directory (its name does not end in .prom, so the collector
    /// ignores it), fsync, rename: a scrape sees the old file or the new one, never half of one.
    /// Mode 0644: node_exporter runs as another user, and the file holds no secret.
    static func writeTextfile(_ text: String, to path: String) throws {
        try AtomicFile.write(Data(text.utf8), to: path, mode: 0o644)
    }
}

/// Collects every HTTP exchange of the probe's transports, for the step under way.
final class ExchangeRecorder: Sendable {
    private let exchanges = Mutex<[HTTPExchange]>([])
    func record(_ exchange: HTTPExchange) { exchanges.withLock { $0.append(exchange) } }
    /// The exchanges since the last call.
    func drain() -> [HTTPExchange] { exchanges.withLock { list in defer { list.removeAll() }; return list } }
}

/// The steps run so far, and the first failure.
struct ProbeRun {
    let recorder: ExchangeRecorder
    var steps: [ProbeStep] = []
    var firstFailure: (String, HubError)?

    mutating func step(_ name: String, _ body: () throws -> Void) {
        _ = recorder.drain()
        let start = ContinuousClock.now
        var failure: HubError?
        do { try body() } catch let error as HubError { failure = error } catch {
            failure = HubError.internalError("\(error)")
        }
        let elapsed = start.duration(to: .now).components
        let seconds = HTTPTimings.microseconds(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        steps.append(ProbeStep(step: name, success: failure == nil, durationSeconds: seconds,
                               exchanges: recorder.drain().map(ProbeExchange.init), error: failure.map(ProbeStepError.init)))
        if let failure, firstFailure == nil { firstFailure = (name, failure) }
    }
}
