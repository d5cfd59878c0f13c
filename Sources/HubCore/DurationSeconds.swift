// A Duration as the seconds and milliseconds that timeouts, poll(2) and reports are given in: the
// one place the components are added up; and seconds as messages write them.

import Foundation

extension Duration {
    /// Seconds, with the fraction (negative for a negative duration).
    public var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// Whole milliseconds, rounded toward zero.
    public var inMilliseconds: Int64 {
        let parts = components
        return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
    }
}

public enum Seconds {
    /// "30 s" or "2.5 s", for messages.
    public static func format(_ seconds: Double) -> String {
        if abs(seconds) >= 1e15 { return String(format: "%.0f s", seconds) }  // beyond Int's exact range
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}
