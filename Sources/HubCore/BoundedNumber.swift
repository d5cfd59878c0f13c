// Numbers that come from a server or a file, checked where they enter: a conversion to an integer
// traps on a value out of range (1e300) or not finite, and a value stored unchecked would make every
// later command trap again. Every such number goes through here: refused when it is not a finite
// number at all, clamped into the range its use allows (docs/security.md §15).

import Foundation

public enum BoundedNumber {
    /// A whole number from a JSON value (an integer, a finite double, or a decimal string of one,
    /// `"8"` or `"8.0"`), rounded toward zero and clamped into `range`; nil when the value is absent,
    /// not a number, or not finite (`"nan"`, `"1e400"`).
    public static func integer(_ value: JSONValue?, clampedTo range: ClosedRange<Int>) -> Int? {
        switch value {
        case .int(let i): return clamp(i, range)
        case .double(let d): return integer(d, clampedTo: range)
        case .string(let s):
            let text = s.trimmingCharacters(in: .whitespaces)
            if let i = Int64(text) { return clamp(i, range) }
            guard let d = Double(text) else { return nil }
            return integer(d, clampedTo: range)
        default: return nil
        }
    }

    /// A finite double rounded toward zero and clamped into `range`; nil when not finite.
    public static func integer(_ value: Double, clampedTo range: ClosedRange<Int>) -> Int? {
        guard value.isFinite else { return nil }
        if value <= Double(range.lowerBound) { return range.lowerBound }
        if value >= Double(range.upperBound) { return range.upperBound }
        return Int(value.rounded(.towardZero))
    }

    /// A duration in seconds: finite and not negative, clamped to at most `maximum`; nil otherwise.
    public static func seconds(_ value: Double?, maximum: Double) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return min(value, maximum)
    }

    private static func clamp(_ value: Int64, _ range: ClosedRange<Int>) -> Int {
        Int(clamping: min(max(value, Int64(range.lowerBound)), Int64(range.upperBound)))
    }
}
