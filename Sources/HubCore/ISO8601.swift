// The one ISO 8601 date format of hubctl's output: UTC, `Z`, milliseconds.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ISO8601 {
    /// A value type, so one shared instance is safe from any thread; it accepts dates with and
    /// without fractional seconds, with `Z` or a numeric offset.
    private static let parser = Date.ISO8601FormatStyle()

    /// `2017-01-10T06:10:33.406Z` (or `2017-01-10T06:10:33Z` without `milliseconds`). Formatted from
    /// the UTC calendar fields directly: a date formatter loads time-zone data on first use, which
    /// costs more than the rest of `settings get`.
    public static func string(from date: Date, milliseconds: Bool = true) -> String {
        // Years 0001 to 9999, whatever the date: one from a server (an `expires_in` of 1e300) must
        // not trap the conversion below.
        let since1970 = date.timeIntervalSince1970.isNaN ? 0 : min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799.999)
        let ms = Int64((since1970 * 1000).rounded(.down))
        var seconds = time_t(ms >= 0 ? ms / 1000 : (ms - 999) / 1000)
        let millis = Int(ms - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let fraction = milliseconds ? ".\(pad(Int32(millis), 3))" : ""
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T" +
            "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))\(fraction)Z"
    }

    /// Parses an ISO 8601 date-time with a zone (`Z` or `+01:00`), fractional seconds optional;
    /// nil when the text is not one.
    public static func date(from text: String) -> Date? {
        try? parser.parse(text)
    }
}
