// `hubctl probe`: one synthetic round trip as a device makes it, each step timed, every HTTP exchange
// with the phases libcurl measured; JSON or the Prometheus text format, optionally written for
// node_exporter's textfile collector (docs/protocol.md §18).

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubServices
import HubTransport
import Synchronization

/// Collects every HTTP exchange of the probe's transports, for the step under way.
final class ExchangeRecorder: Sendable {
    private let exchanges = Mutex<[HTTPExchange]>([])
    func record(_ exchange: HTTPExchange) { exchanges.withLock { $0.append(exchange) } }
    /// The exchanges since the last call.
    func drain() -> [HTTPExchange] { exchanges.withLock { list in defer { list.removeAll() }; return list } }
}

/// The probe's time (docs/protocol.md §18.2): the steps run against the command's deadline minus a
/// reserve of min(10 s, 25 % of it), which is kept for deleting the throw-away connection; the
/// clean-up gets what is left of the deadline, and at least the reserve.
struct ProbeBudget: Sendable {
    let deadline: Double
    let started: ContinuousClock.Instant

    var reserve: Double { min(10, deadline * 0.25) }
    var steps: Double { deadline - reserve }

    /// Seconds for a clean-up that starts now.
    func cleanupSeconds() -> Double {
        let elapsed = started.duration(to: .now)
        return max(deadline - (elapsed.inSeconds), reserve)
    }

    func cleanupDeadline() -> Deadline { Deadline(seconds: cleanupSeconds()) }
}

extension Invocation {
    /// This invocation whose transports all end at `deadline` instead of the command's.
    func bounded(by deadline: Deadline) -> Invocation {
        replacingContext(context.replacingTransport { make in
            { options in
                var bounded = options
                bounded.deadline = deadline
                return try make(bounded)
            }
        })
    }
}

/// The steps, handed to a thread of their own. Unchecked: `body` (and the services and options it
/// captures) runs on that thread only, and `done` (`StopSignals.wake`, a write(2) on a descriptor
/// that stays open until the command's thread restores the handlers) is safe from any thread; what
/// the command's thread reads of the run is in `ProbeRun`, behind its Mutex.
final class ProbeWork: @unchecked Sendable {
    let body: () -> Void
    /// nil once the command's thread stopped listening (`detach`); guarded by `lock`.
    private var done: (() -> Void)?
    private let lock = NSLock()
    init(_ body: @escaping () -> Void) { self.body = body }

    /// Runs `body` on a new thread (the main thread's stack size), then `done` unless detached.
    func start(then done: @escaping () -> Void) {
        self.done = done
        let thread = Thread { [self] in
            body()
            lock.withLock { self.done?() }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// `done` is not called any more (the signal handlers, and their pipe, are about to go).
    func detach() { lock.withLock { done = nil } }
}

/// The steps run so far, the first failure, and what a clean-up must know; shared by the steps'
/// thread and the command's thread, which takes over when a signal arrives.
final class ProbeRun: Sendable {
    struct Current: Sendable {
        var name: String
        var start: ContinuousClock.Instant
        /// The deletion of the throw-away connection: a signal waits for it instead of starting another.
        var cleanup: Bool
    }

    struct State: Sendable {
        var steps: [ProbeStep] = []
        var firstFailure: (String, HubError)?
        var current: Current?
        var stop: WaitStop?
        var finished = false
        var record: ProbePendingConnection?
        var registration: Registration?
        var pushRegistering = false
        var pushRegistered = false
    }

    let recorder: ExchangeRecorder
    private let state = Mutex(State())
    /// Signalled when the steps' thread is done.
    let finished = DispatchSemaphore(value: 0)

    init(recorder: ExchangeRecorder) { self.recorder = recorder }

    var steps: [ProbeStep] { state.withLock { $0.steps } }
    var firstFailure: (String, HubError)? { state.withLock { $0.firstFailure } }
    var isFinished: Bool { state.withLock { $0.finished } }
    var pendingRecord: ProbePendingConnection? { state.withLock { $0.record } }

    func recordPending(_ record: ProbePendingConnection) { state.withLock { $0.record = record } }
    func recordThrowaway(_ registration: Registration?) { state.withLock { $0.registration = registration } }
    func pushRegistering() { state.withLock { $0.pushRegistering = true } }
    func pushRegistered() { state.withLock { $0.pushRegistered = true } }

    /// The steps' thread is done (`ProbeWork.start` then wakes the command's thread).
    func finish() {
        state.withLock { $0.finished = true }
        finished.signal()
    }

    /// Runs one step unless a stop was requested. A step that ends after the stop is not reported
    /// (the command's thread reported it as interrupted), unless it is the clean-up (`cleanup`) or
    /// the command's thread runs it (`force`).
    func step(_ name: String, cleanup: Bool = false, force: Bool = false, removed: () -> [String]? = { nil }, _ body: () throws -> Void) {
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
    func stop(_ stop: WaitStop) -> (current: Current?, finished: Bool, record: ProbePendingConnection?, registration: Registration?,
                                    pushRegistering: Bool, pushRegistered: Bool) {
        state.withLock { s in
            s.stop = s.stop ?? stop
            return (s.current, s.finished, s.record, s.registration, s.pushRegistering, s.pushRegistered)
        }
    }

    /// The step under way when the signal arrived, reported as failed with what it had exchanged.
    func recordInterrupted(_ current: Current, by signal: String, exitCode: Int32) {
        let step = ProbeStep(step: current.name, success: false, durationSeconds: Self.seconds(since: current.start),
                             exchanges: recorder.drain().map(ProbeExchange.init),
                             error: ProbeStepError(interruptedBy: signal, exitCode: exitCode))
        state.withLock { $0.steps.append(step) }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        HTTPTimings.microseconds(start.duration(to: .now).inSeconds)
    }
}
