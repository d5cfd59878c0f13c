// The emulator's dates: ISO 8601 parsing and UTC wall-clock text from epoch milliseconds.
// (The emulator does not depend on HubCore, so it keeps this small helper of its own.)

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum UTCTime {
    /// A value type, so one shared instance is safe from any thread; fractional seconds optional.
    private static let parser = Date.ISO8601FormatStyle()

    /// Epoch milliseconds of an ISO 8601 date-time; one without a trailing `Z` is taken as UTC.
    static func millis(fromISO text: String) -> Int64? {
        guard let date = try? parser.parse(text.hasSuffix("Z") ? text : text + "Z") else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `2017-01-10<separator>06:10:33.406`: UTC, no zone designator.
    static func text(millis: Int64, separator: String) -> String {
        var seconds = time_t(millis >= 0 ? millis / 1000 : (millis - 999) / 1000)
        let fraction = Int32(millis - Int64(seconds) * 1000)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        return String(format: "%04d-%02d-%02d", fields.tm_year + 1900, fields.tm_mon + 1, fields.tm_mday) + separator
            + String(format: "%02d:%02d:%02d.%03d", fields.tm_hour, fields.tm_min, fields.tm_sec, fraction)
    }
}
