// What `hubctl probe` runs its steps with (HubServices/ProbeSteps.swift): transports bounded by its
// budget, and a thread of their own that a signal does not have to wait for.

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubServices
import Synchronization

extension Invocation {
    /// This invocation whose transports all end `seconds` after `start` (by default now) instead
    /// of with the command's deadline.
    func ending(inSeconds seconds: Double, from start: ContinuousClock.Instant = .now) -> Invocation {
        replacingContext(context.replacingTransport { TransportFactories.ending($0, inSeconds: seconds, from: start) })
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

