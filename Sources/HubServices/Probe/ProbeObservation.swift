// What `hubctl probe` measures (docs/protocol.md §18): every HTTP exchange of its transports with
// the phases libcurl timed, grouped by step; the steps run so far and the first failure, shared by
// the steps' thread and the command's (which takes over when a signal arrives); and its time budget.

import Foundation
import HubCore
import HubTransport
import Synchronization

/// Collects every HTTP exchange of the probe's transports, for the step under way.
public final class ExchangeRecorder: Sendable {
    public init() {}
    private let exchanges = Mutex<[HTTPExchange]>([])
    func record(_ exchange: HTTPExchange) { exchanges.withLock { $0.append(exchange) } }
    /// The exchanges since the last call.
    func drain() -> [HTTPExchange] { exchanges.withLock { list in defer { list.removeAll() }; return list } }
}

/// The probe's time (docs/protocol.md §18.2): the steps run against the command's deadline minus a
/// reserve of min(10 s, 25 % of it), which is kept for deleting the throw-away connection; the
/// clean-up gets what is left of the deadline, and at least the reserve.
public struct ProbeBudget: Sendable {
    public let deadline: Double
    public let started: ContinuousClock.Instant

    public init(deadline: Double, started: ContinuousClock.Instant) {
        self.deadline = deadline
        self.started = started
    }

    public var reserve: Double { min(10, deadline * 0.25) }
    public var steps: Double { deadline - reserve }

    /// Seconds for a clean-up that starts now.
    public func cleanupSeconds() -> Double {
        let elapsed = started.duration(to: .now)
        return max(deadline - (elapsed.inSeconds), reserve)
    }
}

/// The steps run so far, the first failure, and what a clean-up must know; shared by the steps'
/// thread and the command's thread, which takes over when a signal arrives.
public final class ProbeRun: Sendable {
    public struct Current: Sendable {
        public var name: String
        var start: ContinuousClock.Instant
        /// The deletion of the throw-away connection: a signal waits for it instead of starting another.
        public var cleanup: Bool
    }

    struct State: Sendable {
        var steps: [ProbeStep] = []
        var firstFailure: (String, HubError)?
        var current: Current?
        /// The signal that stopped the steps (its name), if one did.
        var stop: String?
        var finished = false
        var record: ProbePendingConnection?
        var registration: Registration?
        var pushRegistering = false
        var pushRegistered = false
    }

    let recorder: ExchangeRecorder
    private let state = Mutex(State())
    /// Signalled when the steps' thread is done.
    public let finished = DispatchSemaphore(value: 0)

    public init(recorder: ExchangeRecorder) { self.recorder = recorder }

    public var steps: [ProbeStep] { state.withLock { $0.steps } }
    public var firstFailure: (String, HubError)? { state.withLock { $0.firstFailure } }
    public var isFinished: Bool { state.withLock { $0.finished } }
    public var pendingRecord: ProbePendingConnection? { state.withLock { $0.record } }

    public func recordPending(_ record: ProbePendingConnection) { state.withLock { $0.record = record } }
    public func recordThrowaway(_ registration: Registration?) { state.withLock { $0.registration = registration } }
    public func pushRegistering() { state.withLock { $0.pushRegistering = true } }
    public func pushRegistered() { state.withLock { $0.pushRegistered = true } }

    /// The steps' thread is done (`ProbeWork.start` then wakes the command's thread).
    public func finish() {
        state.withLock { $0.finished = true }
        finished.signal()
    }

    /// Runs one step unless a stop was requested. A step that ends after the stop is not reported
    /// (the command's thread reported it as interrupted), unless it is the clean-up (`cleanup`) or
    /// the command's thread runs it (`force`).
    public func step(_ name: String, cleanup: Bool = false, force: Bool = false, removed: () -> [String]? = { nil }, _ body: () throws -> Void) {
        let begun = state.withLock { s -> Bool in
            guard force || s.stop == nil else { return false }
            if !force { s.current = Current(name: name, start: .now, cleanup: cleanup) }
            return true
        }
        guard begun else { return }
        _ = recorder.drain()
        let start = ContinuousClock.now
        var failure: HubError?
        do { try body() } catch let error as HubError { failure = error } catch {
            failure = HubError.internalError("\(error)")
        }
        let step = ProbeStep(step: name, success: failure == nil, durationSeconds: Self.seconds(since: start),
                             exchanges: recorder.drain().map(ProbeExchange.init), error: failure.map(ProbeStepError.init),
                             removed: removed())
        state.withLock { s in
            if !force { s.current = nil }
            guard force || cleanup || s.stop == nil else { return }
            s.steps.append(step)
            if let failure, s.firstFailure == nil { s.firstFailure = (name, failure) }
        }
    }

    /// What the command's thread takes over when a signal arrives; no step starts after it.
    public func stop(by signal: String) -> (current: Current?, finished: Bool, record: ProbePendingConnection?, registration: Registration?,
                                    pushRegistering: Bool, pushRegistered: Bool) {
        state.withLock { s in
            s.stop = s.stop ?? signal
            return (s.current, s.finished, s.record, s.registration, s.pushRegistering, s.pushRegistered)
        }
    }

    /// The step under way when the signal arrived, reported as failed with what it had exchanged.
    public func recordInterrupted(_ current: Current, by signal: String, exitCode: Int32) {
        let step = ProbeStep(step: current.name, success: false, durationSeconds: Self.seconds(since: current.start),
                             exchanges: recorder.drain().map(ProbeExchange.init),
                             error: ProbeStepError(interruptedBy: signal, exitCode: exitCode))
        state.withLock { $0.steps.append(step) }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        ProbePhases.microseconds(start.duration(to: .now).inSeconds)
    }
}

public struct ProbePhases: Sendable {
    public var dns: Double
    public var connect: Double
    public var tls: Double
    public var firstByte: Double
    public var total: Double

    init(_ t: HTTPTimings) {
        dns = t.dns
        connect = t.tcpConnect
        tls = t.tls
        firstByte = t.firstByte
        total = t.total
    }

    public init(sum: [ProbePhases]) {
        func total(_ phase: (ProbePhases) -> Double) -> Double { ProbePhases.microseconds(sum.reduce(0) { $0 + phase($1) }) }
        dns = total(\.dns)
        connect = total(\.connect)
        tls = total(\.tls)
        firstByte = total(\.firstByte)
        self.total = total(\.total)
    }

    /// Seconds rounded to the microsecond, as the report gives every duration.
    public static func microseconds(_ seconds: Double) -> Double { HTTPTimings.microseconds(seconds) }

    public var json: JSONValue {
        .object(["dns": .double(dns), "connect": .double(connect), "tls": .double(tls), "firstByte": .double(firstByte), "total": .double(total)])
    }

    /// The Prometheus `phase` label values, in order.
    public var labelled: [(String, Double)] { [("dns", dns), ("connect", connect), ("tls", tls), ("first_byte", firstByte), ("total", total)] }
}

public struct ProbeExchange: Sendable {
    public var method: String
    /// Redacted as --verbose shows it (no userinfo, secret-looking query values hidden).
    public var url: String
    /// nil when no answer came (refused, timed out, TLS failed).
    public var status: Int?
    public var phases: ProbePhases

    init(_ e: HTTPExchange) {
        method = e.method
        url = e.url
        status = e.status
        phases = ProbePhases(e.timings)
    }

    /// `status` is always present, null when no answer came.
    public var json: JSONValue {
        .object(["method": .string(method), "url": .string(url), "status": status.map { .int(Int64($0)) } ?? .null, "phases": phases.json])
    }
}

public struct ProbeStepError: Sendable {
    public var code: String
    public var message: String
    public var exitCode: Int32
    public var status: Int?

    public init(_ e: HubError) {
        code = e.code.rawValue
        message = e.message
        exitCode = e.exitCode
        status = e.status
    }

    /// A step a signal ended (`interrupted`; exit 143 for SIGTERM, 130 for SIGINT).
    public init(interruptedBy signal: String, exitCode: Int32) {
        code = "interrupted"
        message = "interrupted by \(signal)"
        self.exitCode = exitCode
        status = nil
    }

    public var json: JSONValue {
        .members(["code": .string(code), "message": .string(message), "exitCode": .int(Int64(exitCode)),
                  "status": status.map { .int(Int64($0)) }])
    }
}

public struct ProbeStep: Sendable {
    public var step: String
    public var success: Bool
    public var durationSeconds: Double
    public var exchanges: [ProbeExchange]
    public var error: ProbeStepError?
    /// `cleanup` only: the connection ids of earlier probes' throw-away connections it removed.
    public var removed: [String]?

    public var json: JSONValue {
        .members(["step": .string(step), "success": .bool(success), "durationSeconds": .double(durationSeconds),
                  "exchanges": .array(exchanges.map(\.json)), "error": error?.json, "removed": removed.map(JSONValue.strings)])
    }
}
