// A progress line on stderr, only when stderr is a terminal (never in pipes, CI logs or with --no-input).

import Foundation
import HubCore
import Synchronization

final class ProgressBar: Sendable {
    private struct State {
        var lastDraw = Date.distantPast
        var finished = false
        var drawn = false
    }
    private let console: Console
    /// Held while drawing too, so two updates never interleave their output.
    private let state = Mutex(State())

    init(console: Console) { self.console = console }

    func update(_ bytes: Int64, total: Int64?) {
        state.withLock { state in
            guard !state.finished, Date().timeIntervalSince(state.lastDraw) > 0.1 else { return }
            state.lastDraw = Date()
            state.drawn = true
            draw(bytes, total: total)
        }
    }

    private func draw(_ bytes: Int64, total: Int64?) {
        let mb = Double(bytes) / 1_048_576
        if let total, total > 0 {
            let fraction = min(1, Double(bytes) / Double(total))
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            console.rawErr(String(format: "\r[%@] %3.0f%% %.1f MiB", bar, fraction * 100, mb))
        } else {
            console.rawErr(String(format: "\rdownloading… %.1f MiB", mb))
        }
    }

    func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            if state.drawn { console.rawErr("\r\u{1B}[K") }
        }
    }
}
