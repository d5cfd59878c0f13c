// `acp check --wait`: check again and again until a newer profile is assigned, or, with none
// assigned, the default bundle changes (issues 25, 29). The schedule (interval, jitter, backoff,
// Retry-After) and the loop; the command layer gives it the check, a sleep that a signal ends,
// and the clock.

import Foundation
import HubCore

/// Why a wait was asked to stop: SIGTERM (a service manager stopping it) or SIGINT (Ctrl-C).
public enum WaitStop: Sendable, Equatable {
    case terminate, interrupt
}

/// How long to wait before the next check.
public struct ACPWaitSchedule: Sendable, Equatable {
    /// Seconds between checks while the server answers (`--interval`).
    public var interval: Double
    /// The spread around every wait, as a fraction (0.1: ±10 %), so that a fleet started together
    /// does not check in step.
    public var jitter: Double

    public init(interval: Double, jitter: Double = 0.1) {
        self.interval = interval
        self.jitter = jitter
    }

    /// The longest wait after failed checks: 10 × the interval, at most 15 minutes (but never less
    /// than the interval itself).
    public var backoffCap: Double { max(interval, min(10 * interval, 900)) }

    /// The longest `Retry-After` honoured: 15 minutes, or the backoff cap when that is longer. A
    /// server asking for more is asked again after this long.
    public var retryAfterCap: Double { max(backoffCap, 900) }

    /// The wait after a check. `failures`: how many checks in a row have failed, this one included
    /// (0 after a check that worked). `retryAfter`: what the failed check's answer asked for.
    /// `unit`: a random number in [0, 1).
    ///
    /// - after a working check: the interval, ±jitter;
    /// - after failures: the interval doubled per failure (2×, 4×, …) up to `backoffCap`, ±jitter;
    /// - after an answer with `Retry-After`: what it asks (at most `retryAfterCap`, at least the
    ///   interval), plus up to the jitter: never less than the server asked.
    public func delay(failures: Int, retryAfter: Double?, unit: Double) -> Double {
        let u = min(max(unit, 0), 1)
        if failures > 0, let asked = retryAfter, asked.isFinite, asked >= 0 {
            return max(interval, min(asked, retryAfterCap)) * (1 + jitter * u)
        }
        let base = failures == 0 ? interval : min(interval * pow(2, Double(min(failures, 30))), backoffCap)
        return base * (1 + jitter * (2 * u - 1))
    }
}

/// What a wait ended with.
public enum ACPWaitOutcome: Sendable {
    /// A check found a newer profile assigned than the one in use.
    case found(ACPPoll)
    /// A signal asked it to stop; the last check that worked, if any.
    case stopped(WaitStop, last: ACPPoll?)
    /// The whole wait's deadline passed; the error of the last check when it failed.
    case deadlinePassed(lastError: HubError?)
}

/// What the loop needs from its surroundings; the command gives the process's, tests their own.
public struct ACPWaitEnvironment {
    /// Waits up to the given seconds; a stop request ends it at once and is returned.
    public var sleep: (Double) -> WaitStop?
    /// A stop request that arrived meanwhile (without waiting).
    public var pendingStop: () -> WaitStop?
    public var now: () -> ContinuousClock.Instant
    /// A random number in [0, 1) for the jitter.
    public var random: () -> Double
    /// A line for the user when the state changes: the checks start failing, fail differently, or work again.
    public var report: (String) -> Void
    /// A line for every check and wait (`--verbose`), nil for none.
    public var trace: ((String) -> Void)?

    public init(sleep: @escaping (Double) -> WaitStop?, pendingStop: @escaping () -> WaitStop?,
                now: @escaping () -> ContinuousClock.Instant = { .now }, random: @escaping () -> Double,
                report: @escaping (String) -> Void, trace: ((String) -> Void)? = nil) {
        self.sleep = sleep
        self.pendingStop = pendingStop
        self.now = now
        self.random = random
        self.report = report
        self.trace = trace
    }
}

/// The loop of `acp check --wait`.
public struct ACPWait: Sendable {
    public var schedule: ACPWaitSchedule
    /// When the whole wait ends (an explicit `--deadline`); nil: it waits as long as it takes.
    public var until: ContinuousClock.Instant?
    /// The time limit of one check (its own deadline), cut to what `until` leaves.
    public var stepSeconds: Double

    public init(schedule: ACPWaitSchedule, until: ContinuousClock.Instant?, stepSeconds: Double) {
        self.schedule = schedule
        self.until = until
        self.stepSeconds = stepSeconds
    }

    /// Failures that may pass by themselves (the server down, restarting, overloaded, slow; a lock
    /// held a moment): the wait goes on. Anything else (refused credentials, no registration, a
    /// malformed answer, an untrusted certificate) ends it with that error.
    public static func isTransient(_ error: HubError) -> Bool {
        switch error.kind {
        case .temporary:
            return true
        case .unavailable:
            return [.cannotConnect, .connectionLost, .serverError, .rateLimited, .tlsFailed, .transferFailed,
                    .invalidResponse].contains(error.code)
        default:
            return false
        }
    }

    /// Checks until a newer profile is assigned, a signal asks to stop, or `until` passes. `check`
    /// gets the seconds the check may take and the previous check that worked; errors that are
    /// not transient end the wait (thrown).
    public func run(_ env: ACPWaitEnvironment,
                    check: (_ seconds: Double, _ last: ACPPoll?) throws -> ACPPoll) throws -> ACPWaitOutcome {
        var last: ACPPoll?
        var failures = 0
        var failing: HubError?
        var checks = 0
        func secondsLeft() -> Double? {
            guard let until else { return nil }
            let left = env.now().duration(to: until)
            return left.inSeconds
        }
        while true {
            if let stop = env.pendingStop() { return .stopped(stop, last: last) }
            let left = secondsLeft()
            if let left, left <= 0 { return .deadlinePassed(lastError: failing) }
            checks += 1
            let delay: Double
            do {
                let poll = try check(min(stepSeconds, left ?? stepSeconds), last)
                if failing != nil {
                    env.report("the server answers again (after \(failures) failed check\(failures == 1 ? "" : "s")); "
                               + (poll.check.updateAvailable ? "a newer profile is assigned." : "still waiting."))
                }
                env.trace?("check \(checks): \(Self.found(poll)), in use \(poll.check.current ?? "none")")
                last = poll
                failures = 0
                failing = nil
                if poll.check.updateAvailable { return .found(poll) }
                delay = schedule.delay(failures: 0, retryAfter: nil, unit: env.random())
            } catch let error as HubError where Self.isTransient(error) {
                failures += 1
                if failing?.code != error.code || failing?.status != error.status {
                    env.report(Self.describe(error, first: failing == nil)
                               + "; still waiting (checking again with backoff, at most \(TimeText.seconds(schedule.backoffCap)) apart"
                               + (error.retryAfter != nil ? ", or when the server asks" : "") + ").")
                }
                env.trace?("check \(checks) failed: \(error.code.rawValue)\(error.status.map { " (HTTP \($0))" } ?? "")")
                failing = error
                delay = schedule.delay(failures: failures, retryAfter: error.retryAfter, unit: env.random())
            }
            var wait = delay
            if let left = secondsLeft() {
                if left <= 0 { return .deadlinePassed(lastError: failing) }
                wait = min(wait, left)
            }
            env.trace?("next check in \(TimeText.seconds(wait))")
            if let stop = env.sleep(wait) { return .stopped(stop, last: last) }
        }
    }

    /// What a check found, for `--verbose`.
    static func found(_ poll: ACPPoll) -> String {
        let assignment = poll.notModified ? "not modified (304)" : "assigned \(poll.check.available ?? "none")"
        guard poll.check.source == ACPCheckResult.defaultSource else { return assignment }
        return (poll.notModified ? assignment : "none assigned")
            + "; default bundle " + (poll.check.available == nil ? "none" : poll.check.availableRevision ?? "present")
    }

    /// The first line of a failing state, or of a different failure.
    static func describe(_ error: HubError, first: Bool) -> String {
        let what: String
        switch error.code {
        case .cannotConnect: what = "the server is unreachable"
        case .serverError, .rateLimited: what = "the server is not answering normally"
        case .timeout: what = "the check took too long"
        default: what = "the check failed"
        }
        let status = error.status.map { ", HTTP \($0)" } ?? ""
        return (first ? what : "the check now fails differently: " + what)
            + " (\(error.code.rawValue)\(status): \(error.message.trimmingCharacters(in: .whitespacesAndNewlines)))"
    }
}

/// Seconds for messages: "1 s", "2.5 s", "10 min".
enum TimeText {
    static func seconds(_ value: Double) -> String {
        if value >= 120, value.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(value / 60)) min" }
        if value >= 10 || value == value.rounded() { return "\(Int(value.rounded())) s" }
        return String(format: "%.1f s", value)
    }
}

/// A small seeded generator (SplitMix64) for the jitter: `--jitter-seed` makes a schedule repeatable.
public struct SeededRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next number in [0, 1).
    public mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
