// Numbers from servers and files: refused when not finite numbers, clamped into their range, never a trap.

import Foundation
import HubCore
import Testing

@Suite struct BoundedNumberTests {
    @Test func integersAreClampedIntoTheirRange() {
        let range = 0...1024
        #expect(BoundedNumber.integer(.int(8), clampedTo: range) == 8)
        #expect(BoundedNumber.integer(.int(-3), clampedTo: range) == 0)
        #expect(BoundedNumber.integer(.int(Int64.max), clampedTo: range) == 1024)
        #expect(BoundedNumber.integer(.double(1e300), clampedTo: range) == 1024)
        #expect(BoundedNumber.integer(.double(-1e300), clampedTo: range) == 0)
        #expect(BoundedNumber.integer(.double(7.9), clampedTo: range) == 7)
        #expect(BoundedNumber.integer(.string(" 12 "), clampedTo: range) == 12)
        #expect(BoundedNumber.integer(.string("1e300"), clampedTo: range) == 1024)
        #expect(BoundedNumber.integer(.string("99999999999999999999999"), clampedTo: range) == 1024)
        #expect(BoundedNumber.integer(.double(1e300), clampedTo: Int.min...Int.max) == Int.max)
    }

    @Test func whatIsNoFiniteNumberIsRefused() {
        for value: JSONValue? in [nil, .null, .bool(true), .string("nan"), .string("1e400"), .string("-inf"), .string(""),
                                  .string("8 apples"), .array([.int(1)]), .double(.infinity), .double(.nan)] {
            #expect(BoundedNumber.integer(value, clampedTo: 0...10) == nil, "\(String(describing: value))")
        }
    }

    @Test func secondsAreFiniteNotNegativeAndCapped() {
        #expect(BoundedNumber.seconds(3600, maximum: 86_400) == 3600)
        #expect(BoundedNumber.seconds(1e300, maximum: 86_400) == 86_400)
        #expect(BoundedNumber.seconds(0, maximum: 86_400) == 0)
        #expect(BoundedNumber.seconds(-1, maximum: 86_400) == nil)
        #expect(BoundedNumber.seconds(.nan, maximum: 86_400) == nil)
        #expect(BoundedNumber.seconds(.infinity, maximum: 86_400) == nil)
        #expect(BoundedNumber.seconds(nil, maximum: 86_400) == nil)
    }

    /// Any date formats, however far from now (a server's lifetime of 1e300 seconds): no trap.
    @Test func iso8601FormatsEveryDate() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(from: Date(timeIntervalSinceNow: 1e300)) == "9999-12-31T23:59:59.999Z")
        #expect(ISO8601.string(from: Date(timeIntervalSinceNow: -1e300)).hasPrefix("0001-01-01T00:00:00"))
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(from: .distantFuture).hasPrefix("4001-01-01"))
    }
}
