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
        if let date = utcDate(text) { return date }
        return try? parser.parse(text)
    }

    /// The form `string(from:)` writes, `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with 1 to 9 digits of
    /// fraction, a year from 1600 to 9999 and every field in its range, read without Foundation:
    /// the first use of `ISO8601FormatStyle` sets up a calendar and a time zone, about 0.8 ms of
    /// every `acp check` (which reads one date). Nil for anything else, which Foundation reads (its
    /// calendar is Julian before 1582; a leap second, an offset, a longer fraction are its to judge).
    /// Gives the same `Date` as Foundation, to the bit: ISO8601Tests compares the two.
    static func utcDate(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { b -> Date? in
            let n = b.count
            guard n >= 20, n <= 30, b[n - 1] == UInt8(ascii: "Z"), b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
                  b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
            func number(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for i in from..<(from + count) {
                    let digit = Int(b[i]) - 48
                    guard digit >= 0, digit <= 9 else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  (1600...9999).contains(year), (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return nil }
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let days: Int
            switch month {
            case 2: days = leap ? 29 : 28
            case 4, 6, 9, 11: days = 30
            default: days = 31
            }
            guard day >= 1, day <= days else { return nil }
            var nanoseconds = 0
            if n > 20 {
                let digits = n - 21
                guard b[19] == UInt8(ascii: "."), digits >= 1, digits <= 9, let fraction = number(20, digits) else { return nil }
                nanoseconds = fraction
                for _ in digits..<9 { nanoseconds *= 10 }
            } else {
                guard b[19] == UInt8(ascii: "Z") else { return nil }
            }
            // Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse).
            let y = month <= 2 ? year - 1 : year
            let era = y / 400, yearOfEra = y % 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let seconds = (era * 146_097 + dayOfEra - 719_468) * 86_400 + hour * 3600 + minute * 60 + second
            return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(nanoseconds) / 1e9)
        }
    }
}
