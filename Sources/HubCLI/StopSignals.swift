// SIGTERM and SIGINT for a command that waits (`acp check --wait`, `probe`): received as bytes on a
// pipe, so the wait between two steps ends at once while a step under way (a request, a fetch) is
// never cut off halfway (`probe` runs its steps on a thread of their own and stops waiting for them).

import Foundation
import HubCore
import HubServices
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The write end of the pipe, for the handler, which can capture nothing. Set before the handler is
/// installed and cleared after it is removed; an atomic, so the handler (on whatever thread the
/// kernel picks) reads a whole value without a lock. -1 when no handler is installed.
private let stopSignalWriteEnd = Atomic<Int32>(-1)

/// Async-signal-safe: an atomic load and write(2), errno put back.
private let stopSignalHandler: @convention(c) (Int32) -> Void = { signal in
    let descriptor = stopSignalWriteEnd.load(ordering: .acquiring)
    guard descriptor >= 0 else { return }
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(descriptor, &byte, 1)
    errno = saved
}

/// The self-pipe and the handlers of SIGTERM and SIGINT, for one command at a time. `restore()`
/// (also on deinit) puts the previous handlers back.
final class StopSignals {
    private let readEnd: Int32
    private let writeEnd: Int32
    private var previous: [(Int32, sigaction)] = []
    /// The first stop request seen; later ones change nothing.
    private var received: WaitStop?
    private var restored = false
    /// This thread's signal mask before `init` unblocked the handled signals.
    private var savedMask = sigset_t()

    static let handled: [Int32] = [SIGTERM, SIGINT]

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw HubError.internalError("Cannot create the pipe for signal handling: \(String(cString: strerror(errno))).")
        }
        // Non-blocking: a handler never blocks on a full pipe (one byte is enough to wake the wait).
        // Close-on-exec: a certificate provider hubctl starts does not inherit it.
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        guard stopSignalWriteEnd.compareExchange(expected: -1, desired: writeEnd, ordering: .acquiringAndReleasing).exchanged else {
            close(readEnd)
            close(writeEnd)
            throw HubError.internalError("Signal handling for a wait is already installed in this process.")
        }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in Self.handled {
            var old = sigaction()
            guard sigaction(signal, nil, &old) == 0 else { continue }
            // A SIGINT ignored from the start (a background job of a shell) stays ignored.
            if signal == SIGINT, let handler = old.__sigaction_handler.sa_handler,
               unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = stopSignalHandler
            sigemptyset(&action.sa_mask)
            // SA_RESTART: a step under way (file writes, libcurl) sees no EINTR from it; poll(2)
            // in `sleep` returns early regardless.
            action.sa_flags = SA_RESTART
            if sigaction(signal, &action, nil) == 0 {
                previous.append((signal, old))
                sigaddset(&unblock, signal)
            }
        }
        // A parent may have started hubctl with them blocked (a thread of a thread pool that blocks
        // them spawning it): unblocked here, on this thread, they are delivered.
        pthread_sigmask(SIG_UNBLOCK, &unblock, &savedMask)
    }

    deinit { restore() }

    /// Puts the previous handlers back and closes the pipe.
    func restore() {
        guard !restored else { return }
        restored = true
        // The mask first: a signal that arrives now stays pending, as it would have before.
        pthread_sigmask(SIG_SETMASK, &savedMask, nil)
        for (signal, old) in previous {
            var action = old
            sigaction(signal, &action, nil)
        }
        stopSignalWriteEnd.store(-1, ordering: .releasing)
        close(writeEnd)
        close(readEnd)
    }

    /// A stop request that has arrived, without waiting.
    func pending() -> WaitStop? {
        drain()
        return received
    }

    /// Waits up to `seconds` (monotonic), ending at once when a stop request arrives; returns it.
    func sleep(_ seconds: Double) -> WaitStop? {
        if let stop = pending() { return stop }
        let end = ContinuousClock.now + .milliseconds(Int64((min(max(seconds, 0), 1e9) * 1000).rounded()))
        while true {
            let left = ContinuousClock.now.duration(to: end)
            let ms = left.inMilliseconds
            if ms <= 0 { return pending() }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            // At most a minute per poll(2); the loop measures what is left on the monotonic clock.
            _ = poll(&descriptor, 1, Int32(min(ms, 60_000)))
            if let stop = pending() { return stop }
        }
    }

    /// Ends a `wait(until:)` under way on another thread (or the next one) without a stop request:
    /// a 0 byte, which is no signal number. Safe from any thread.
    func wake() {
        var byte: UInt8 = 0
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits until `done()` holds (checked after every `wake()`) or a stop request arrives; returns
    /// the stop request, nil when done. For a command whose work runs on another thread (`probe`):
    /// that thread sets what `done` reads, then calls `wake()`.
    func wait(until done: () -> Bool) -> WaitStop? {
        while true {
            if let stop = pending() { return stop }
            if done() { return nil }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            // A minute at most per poll(2): `done` is read again whatever happens.
            _ = poll(&descriptor, 1, 60_000)
        }
    }

    /// Reads what the handler (or `wake`) wrote; the first signal decides.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            if received == nil, let first = buffer[..<n].first(where: { $0 != 0 }) {
                received = Int32(first) == SIGTERM ? .terminate : .interrupt
            }
        }
    }
}
