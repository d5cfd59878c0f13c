// `hubctl probe`: Run one timed round trip as a device (token, settings, ACP check; optionally register and push) for monitoring.

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubServices
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

        The steps run against the deadline less a reserve (a quarter of it, at most 10 s) that the \
        unregister keeps for itself. The throw-away connection's id is recorded under --home \
        before it is created and forgotten once its DELETE was answered, so a probe that was \
        killed or whose DELETE failed leaves a record: the next probe --register deletes such \
        leftovers first (its cleanup step). SIGTERM or SIGINT stops the step under way (reported \
        as interrupted), deletes the throw-away connection and writes the report and the textfile.

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
        73 --textfile directory not writable, 78 missing configuration; 143 stopped by SIGTERM, \
        130 by SIGINT.

        Example:
          hubctl probe --format prometheus --textfile /var/lib/prometheus/node-exporter
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var destination: ACPDestination
    @OptionGroup var backend: ServiceKeyOptions
    @Flag(help: "Also register, read and unregister a throw-away connection.")
    var register = false
    @Flag(help: "Also push to the throw-away connection through the Notification Backend API (needs --register and push credentials).")
    var push = false
    @Option(help: ArgumentHelp("json or prometheus.", valueName: "format"))
    var format: String = "json"
    @Option(help: ArgumentHelp("Also write the Prometheus text to DIR/hubctl_probe_<app>.prom (atomically).", valueName: "dir"),
            completion: .directory)
    var textfile: String?

    var options: Options { Options(destination: destination.value, backend: backend.value, register: register, push: push, format: format, textfile: textfile) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var destination = ACPDestination.Value()
        var backend = ServiceKeyOptions.Value()
        var register = false
        var push = false
        var format: String = "json"
        var textfile: String?

        func validate() throws {
            guard ["json", "prometheus"].contains(format) else {
                throw ValidationError("--format must be json or prometheus, not \(HubError.quoted(format)).")
            }
            if push && !register { throw ValidationError("--push sends to the probe's throw-away connection: give --register too.") }
        }

        func run(_ invocation: Invocation) throws {
            let recorder = ExchangeRecorder()
            let probe = invocation.replacingContext(invocation.context.replacingTransport { TransportFactories.recording($0, into: recorder) })
            let config = try probe.connectionConfig()
            if push, (config.user ?? "").isEmpty {
                throw HubError.usage("--push sends to the throw-away connection of --user: give --user (or HUBCTL_USER).")
            }
            let textfilePath = try textfile.map { try Self.checkTextfileDirectory($0, appId: config.appId) }
            let budget = ProbeBudget(deadline: invocation.deadlineSeconds, started: invocation.context.started)
            // Every transport of the steps ends with their budget; the clean-up makes its own.
            let steps = probe.ending(inSeconds: budget.steps, from: invocation.context.started)
            let cleanup = { probe.ending(inSeconds: budget.cleanupSeconds()) }
            // Records of throw-away connections earlier probes left (a crash, kill -9, a failed DELETE),
            // each locked by this process now.
            let leftovers = register ? try ProbePendingConnection.leftovers(home: probe.home, server: config.server, appId: config.appId) : []
            let plan = ProbeSteps(
                config: config, connections: try steps.services.connections(),
                cleanupConnections: { try cleanup().services.connections() },
                acpDestination: { try $0.destination(given: destination.dest, home: probe.home) },
                renewTokens: probe.services.oauthClient(config) == nil ? nil : { try probe.services.renewOAuthTokens(config) },
                leftovers: leftovers, register: register,
                push: push ? { [backend] in try invocation.services.pushBackend(backend).backend } : nil,
                home: probe.home)
            let run = ProbeRun(recorder: recorder)
            let work = ProbeWork {
                plan.run(run)
                run.finish()
            }

            // SIGTERM and SIGINT: the steps run on a thread of their own, and a signal ends the wait for
            // them at once (a request under way is not waited for). Without the handlers (another
            // command of this process has them: a batch line) the steps run here.
            if let signals = try? StopSignals() {
                defer { work.detach(); signals.restore() }
                work.start { signals.wake() }
                if let stop = signals.wait(until: { run.isFinished }) {
                    try interrupted(by: stop, run: run, budget: budget, config: config, textfilePath: textfilePath, invocation: invocation,
                                    cleanup: cleanup)
                    return
                }
            } else {
                work.body()
            }
            try finish(run, config: config, home: probe.home, textfilePath: textfilePath, invocation: invocation)
            if let failure = run.firstFailure {
                var failed = failure.1
                failed.message = "probe step \(failure.0) failed: " + failed.message
                throw failed
            }
        }

        /// A signal arrived while the steps ran: the step under way is reported as interrupted, the
        /// throw-away connection deleted with the clean-up's reserve, the report and the textfile
        /// written; exit 143 (SIGTERM) or 130 (SIGINT).
        private func interrupted(by stop: WaitStop, run: ProbeRun, budget: ProbeBudget, config: ConnectionConfig, textfilePath: String?,
                                 invocation: Invocation, cleanup: () -> Invocation) throws {
            let name = stop == .terminate ? "SIGTERM" : "SIGINT"
            let exitCode: Int32 = stop == .terminate ? 143 : 130
            let taken = run.stop(by: name)
            var during = taken.current.map { "during step \($0.name)" } ?? (taken.finished ? "after the last step" : "between steps")
            if taken.finished {
                // The steps were done (the clean-up included) when the signal arrived.
            } else if taken.current?.cleanup == true {
                // The clean-up is under way on the steps' thread; it ends by the command's deadline.
                _ = run.finished.wait(timeout: .now() + budget.cleanupSeconds() + 1)
            } else {
                if let current = taken.current { run.recordInterrupted(current, by: name, exitCode: exitCode) }
                // A record no longer held was dealt with by the steps' own unregister.
                if let record = taken.record, record.isHeld {
                    run.step("unregister", force: true) {
                        try ProbeSteps.removeThrowaway(try cleanup().services.connections(), registration: taken.registration, record: record,
                                                 pushed: taken.pushRegistered || taken.pushRegistering, ignorePushErrors: !taken.pushRegistered,
                                                 createMayLand: taken.registration == nil)
                    }
                    during += run.steps.last?.success == true ? "; the throw-away connection was deleted" : "; the throw-away connection stays recorded for the next probe"
                }
            }
            try finish(run, config: config, home: invocation.home, textfilePath: textfilePath, invocation: invocation)
            invocation.console.note("hubctl: probe: stopped by \(name) \(during).")
            throw HubError.reported(exitCode == 130 ? .interrupted : .terminated, code: exitCode == 130 ? .interrupted : .terminated,
                                     "probe stopped by \(name)")
        }

        /// The report on stdout and, with --textfile, in its file.
        private func finish(_ run: ProbeRun, config: ConnectionConfig, home: String, textfilePath: String?, invocation: Invocation) throws {
            let finished = Date()
            let steps = run.steps
            let report = ProbeReport(server: HubError.redactingUserInfo(config.server), appId: config.appId,
                                     timestamp: finished, steps: steps,
                                     lastSuccess: try ProbeState.update(home: home, server: config.server, appId: config.appId,
                                                                        succeeded: steps.allSatisfy(\.success), at: finished))
            if let textfilePath {
                try Self.writeTextfile(report.prometheus, to: textfilePath)
            }
            if format == "prometheus" { invocation.console.writeRaw(Data(report.prometheus.utf8)) } else { try invocation.emit(report) }
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
}
