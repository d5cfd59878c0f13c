// A progress line on stderr, only when stderr is a terminal (never in pipes, CI logs or with --no-input).

import Foundation
import HubCore

final class ProgressBar: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var finished = false
    private var drawn = false

    init(console: Console) { self.console = console }

    func update(_ bytes: Int64, total: Int64?) {
        lock.lock(); defer { lock.unlock() }
        guard !finished, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        drawn = true
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
        lock.lock(); defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        if drawn { console.rawErr("\r\u{1B}[K") }
    }
}

extension CommandContext {
    /// Progress bars only on a terminal, and not with --no-input / HUBCTL_NO_INPUT or TERM=dumb.
    var showsProgress: Bool {
        console.stderrIsTerminal && !noInput && environment["TERM"] != "dumb"
    }
}
