// `hubctl acp check`: Is a newer Application Configuration Profile assigned than the one fetched last?

import ArgumentParser
import Foundation
import HubBundles
import HubCore
import HubServices

struct ACPCheck: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Is a newer Application Configuration Profile assigned than the one fetched last?",
        discussion: """
        Compares the server's CustomizationBundleId with the id stored after the last successful \
        fetch, by plain string equality (as SAP's clients do). When none is assigned it follows the \
        application's default bundle (/bundles/<appId>/, "source": "default", "available": \
        "default"), whose versions it tells apart by ETag, else Last-Modified, else the SHA-256 of \
        its content ("availableRevision"); a server without a default bundle (404) has nothing \
        available. Without --dest it compares the profile directory the last fetch for this server \
        and application used (printed as "destination").

        With --wait it checks again every --interval seconds (±10 % jitter) until a profile other \
        than the one in use is assigned (or the default bundle changes), then prints the same document and exits 0; at once when \
        one is assigned already. With --fetch it then fetches and switches to it as `acp fetch` \
        does and adds that command's document as "fetch". Reads are conditional (If-None-Match) \
        when the server sends an ETag. While the server is unreachable or failing it keeps waiting, \
        backing off (the interval doubled per failed check, up to 10 times the interval or 15 \
        minutes) and waiting as long as a Retry-After asks (up to 15 minutes); stderr gets one line \
        when the checks start failing and one when the server answers again. With --fetch, a new \
        profile that cannot be installed (a broken or refused bundle) keeps the one in use: one \
        stderr line, and the wait goes on until another is assigned. Refused credentials, a lost \
        registration or a malformed answer end the wait with their exit code.

        Time limits with --wait: a --deadline given as a flag, in HUBCTL_DEADLINE or in the profile \
        bounds the whole wait, the fetch included (exit 75 when it passes). Without one it waits as \
        long as it takes, but every check is still bounded: each request by --timeout, each check \
        and the fetch by the default deadline of 120 s each.

        Signals with --wait: SIGTERM ends it with exit 0 (a service manager stopping it), SIGINT \
        with 130, and nothing on stdout. During the sleep between checks they take effect at \
        once; during a check or a fetch when that step ends, so a profile is either fetched \
        completely and switched to (then reported as usual, exit 0) or not touched. Not \
        available in `hubctl batch`.

        Exit codes: 0 ok (with --wait: a newer profile is assigned, fetched with --fetch, or SIGTERM), \
        64 usage (--interval, --fetch or --jitter-seed without --wait), 65 malformed answer or bundle, \
        66 not registered, 69 server unreachable, 73 destination not writable, \
        75 timeout (with --wait: the deadline passed), 77 authentication failed, \
        78 missing configuration, 130 interrupted (SIGINT, with --wait).

        Example:
          hubctl acp check --wait --fetch --interval 300 --dest /srv/app/profile
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var destination: ACPDestination

    @Flag(help: "Wait until a profile other than the one in use is assigned (see the time limits and signals above).")
    var wait = false

    @Flag(help: "With --wait: then fetch the new profile and switch to it, as `acp fetch` does.")
    var fetch = false

    @Option(help: ArgumentHelp("With --wait: seconds between checks while the server answers (default 60, at least 1, at most 86400).",
                               valueName: "seconds"))
    var interval: Double?

    @Option(name: .customLong("jitter-seed"),
            help: ArgumentHelp("With --wait: seed of the jitter, for a repeatable schedule (default: random).", valueName: "n"))
    var jitterSeed: UInt64?

    var options: Options { Options(destination: destination.value, wait: wait, fetch: fetch, interval: interval, jitterSeed: jitterSeed) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var destination = ACPDestination.Value()
        var wait = false
        var fetch = false
        var interval: Double?
        var jitterSeed: UInt64?

        static let defaultInterval: Double = 60

        func validate() throws {
            if !wait {
                let given = [fetch ? "--fetch" : nil, interval == nil ? nil : "--interval", jitterSeed == nil ? nil : "--jitter-seed"].compactMap { $0 }
                if !given.isEmpty {
                    throw ValidationError("\(given.joined(separator: ", ")) only work\(given.count == 1 ? "s" : "") with --wait.")
                }
            }
            if let interval, !(interval.isFinite && interval >= 1 && interval <= 86_400) {
                throw ValidationError("--interval must be a number of seconds from 1 to 86400.")
            }
        }

        func run(_ invocation: Invocation) throws {
            if wait { return try waitForProfile(invocation) }
            let service = try invocation.services.acp()
            let dest = try service.destination(given: destination.dest, home: invocation.home)
            try invocation.emit(ACPCheckOutput(try service.check(destination: dest), destination: ACPService.absolute(dest)))
        }

        /// `--wait`: one session for all the checks (its credentials and connections kept), each check
        /// with its own deadline and a single attempt: the loop, not the transport, decides when to try
        /// again, and it sleeps where a signal can end the wait.
        private func waitForProfile(_ invocation: Invocation) throws {
            _ = try invocation.connectionConfig()  // a configuration error before the wait starts
            let signals = try StopSignals()
            defer { signals.restore() }
            let until: ContinuousClock.Instant? = invocation.deadlineGiven ? invocation.deadline : nil
            let window = StepWindow(seconds: invocation.deadlineSeconds)
            let service = try invocation.services.acp(shape: .steps(window))
            let dest = try service.destination(given: destination.dest, home: invocation.home)
            var random = SeededRandom(seed: jitterSeed ?? UInt64.random(in: 0...UInt64.max))
            let console = invocation.console
            let environment = ACPWaitEnvironment(
                sleep: { signals.sleep($0) }, pendingStop: { signals.pending() },
                random: { random.next() },
                report: { console.note("hubctl: acp check --wait: " + $0) },
                trace: invocation.verbose ? { console.note("hubctl: acp check --wait: " + $0) } : nil)
            let loop = ACPWait(schedule: ACPWaitSchedule(interval: interval ?? Self.defaultInterval), until: until,
                               stepSeconds: invocation.deadlineSeconds)
            // With --fetch the fetch is part of the check that found the profile: a transient failure
            // of the download is a failed check (reported, backed off, tried again by the next check),
            // and it goes through the same session (its credentials kept; one attempt, as every check).
            var fetched: ACPFetchResult?
            // A new profile that cannot be installed (a broken or refused bundle, 65; gone, 66) is no
            // reason to stop waiting: the profile in use stays, the failure is said once, and the wait
            // goes on until the assignment (or the default bundle's version) changes again.
            var refused: String?
            func identity(_ check: ACPCheckResult) -> String { (check.available ?? "") + "#" + (check.availableRevision ?? "") }
            let outcome = try loop.run(environment) { seconds, last in
                window.restart(seconds: seconds)
                var poll = try service.poll(destination: dest, after: last)
                if let refused, poll.notModified || identity(poll.check) == refused {
                    poll.check.updateAvailable = false
                    return poll
                }
                refused = nil
                guard fetch, poll.check.updateAvailable, signals.pending() == nil else { return poll }
                // What is left of an explicit deadline, else a deadline of its own.
                let left = until.map { instant -> Double in
                    let d = ContinuousClock.now.duration(to: instant)
                    return max(0.001, d.inSeconds)
                }
                window.restart(seconds: left ?? invocation.deadlineSeconds)
                do {
                    fetched = try service.install(destination: dest, home: invocation.home, force: false,
                                                  limits: .default, durable: true, progress: nil)
                } catch let error as HubError where error.kind == .data || error.code == .bundleNotFound {
                    refused = identity(poll.check)
                    environment.report("the new profile \(poll.check.available ?? "") cannot be installed (\(error.code.rawValue): \(error.message)); the one in use (\(poll.check.current ?? "none")) stays, and the wait goes on until another profile is assigned.")
                    poll.check.updateAvailable = false
                }
                return poll
            }
            switch outcome {
            case .found(let poll):
                var output = ACPCheckOutput(poll.check, destination: ACPService.absolute(dest))
                if fetch {
                    guard let fetched else {
                        // A signal arrived during the check that found it: not fetched.
                        try stopped(signals.pending() ?? .terminate, invocation,
                                    detail: "\(poll.check.available ?? "the new profile") is assigned but was not fetched")
                        return
                    }
                    output.fetch = ACPFetchOutput(fetched)
                    if let stop = signals.pending() {
                        invocation.console.note("hubctl: acp check --wait: \(stop == .terminate ? "SIGTERM" : "SIGINT") arrived during the fetch, which was completed first.")
                    }
                }
                try invocation.emit(output)
            case .stopped(let stop, _):
                try stopped(stop, invocation, detail: "no newer profile was assigned")
            case .deadlinePassed(let lastError):
                var message = "No profile other than the one in use was assigned before the \(Seconds.format(invocation.deadlineSeconds)) deadline (--deadline) passed"
                if let lastError { message += "; the last check failed (\(lastError.code.rawValue)): \(lastError.message)" } else { message += "." }
                var error = HubError(.temporary, code: .timeout, message)
                error.hint = "Without --deadline (flag, HUBCTL_DEADLINE or the profile), --wait waits as long as it takes."
                throw error
            }
        }

        /// SIGTERM: exit 0; SIGINT: 130. Nothing on stdout; one line on stderr.
        private func stopped(_ stop: WaitStop, _ invocation: Invocation, detail: String) throws {
            let name = stop == .terminate ? "SIGTERM" : "SIGINT"
            invocation.console.note("hubctl: acp check --wait: stopped by \(name); \(detail).")
            if stop == .interrupt { throw HubError.reported(.interrupted, code: .interrupted, "acp check --wait stopped by SIGINT") }
        }
    }
}

/// What `hubctl acp check` prints.
struct ACPCheckOutput: JSONDocument {
    var appId: String
    var current: String?
    var available: String?
    var updateAvailable: Bool
    /// `assigned` (CustomizationBundleId) or `default` (none assigned: the default bundle).
    var source: String = ACPCheckResult.assignedSource
    /// The default bundle's version on the server (ETag, Last-Modified or digest), when asked for.
    var availableRevision: String?
    /// The version of the profile in use.
    var currentRevision: String?
    /// The profile directory compared (from --dest, acp-dest, the last fetch, or the default).
    var destination: String?
    /// `acp check --wait --fetch`: what the fetch that followed did (the document of `acp fetch`).
    var fetch: ACPFetchOutput?

    /// `current`, `available` and the revisions are always present, null when unknown.
    var json: JSONValue {
        .members([
            "appId": .string(appId), "current": JSONValue(current), "available": JSONValue(available),
            "updateAvailable": .bool(updateAvailable), "source": .string(source),
            "availableRevision": JSONValue(availableRevision), "currentRevision": JSONValue(currentRevision),
            "destination": destination.map(JSONValue.string), "fetch": fetch?.json,
        ])
    }
}

extension ACPCheckOutput {
    init(_ c: ACPCheckResult, destination: String? = nil) {
        self.init(appId: c.appId, current: c.current, available: c.available, updateAvailable: c.updateAvailable,
                  source: c.source, availableRevision: c.availableRevision, currentRevision: c.currentRevision,
                  destination: destination)
    }
}
