// The progress line of a batch on a terminal.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `[#####-----]  52%  5210 done, 3 failed, 830/s, ETA 6s` on stderr, only on a terminal. The
/// share is of the input's bytes read (a file's size is known; stdin shows counts and rate only).
public final class BatchProgress: Sendable {
    private struct State {
        var bytesRead: Int64 = 0
        var done = 0
        var failed = 0
        var lastDraw = ContinuousClock.now - .seconds(1)
        var drawn = false
        var finished = false
    }
    /// Writes raw text on stderr (the bar redraws itself with \r).
    private let draw: @Sendable (String) -> Void
    private let totalBytes: Int64?
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    public init(totalBytes: Int64?, draw: @escaping @Sendable (String) -> Void) {
        self.draw = draw
        self.totalBytes = totalBytes
    }

    func read(bytes: Int) { state.withLock { $0.bytesRead += Int64(bytes) } }

    func completed(failed: Bool) {
        state.withLock { s in
            s.done += 1
            if failed { s.failed += 1 }
            let now = ContinuousClock.now
            guard !s.finished, s.lastDraw.duration(to: now) > .milliseconds(100) else { return }
            s.lastDraw = now
            s.drawn = true
            redraw(s, now: now)
        }
    }

    private func redraw(_ s: State, now: ContinuousClock.Instant) {
        let elapsed = started.duration(to: now)
        let seconds = max(0.001, elapsed.inSeconds)
        let rate = Double(s.done) / seconds
        var text = "\r"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(s.bytesRead) / Double(totalBytes))
            let filled = Int(fraction * 20)
            text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]"
            text += String(format: " %3.0f%%", fraction * 100)
            if fraction > 0 {
                let eta = max(0, seconds / fraction - seconds)
                text += String(format: " %d done, %d failed, %.0f/s, ETA %.0fs", s.done, s.failed, rate, eta)
            }
        } else {
            text += String(format: "%d done, %d failed, %.0f/s", s.done, s.failed, rate)
        }
        draw(text + "\u{1B}[K")
    }

    func finish() {
        state.withLock { s in
            guard !s.finished else { return }
            s.finished = true
            if s.drawn { draw("\r\u{1B}[K") }
        }
    }
}
