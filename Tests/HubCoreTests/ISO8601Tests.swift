// ISO8601.date(from:) reads the form hubctl writes itself, and Foundation's ISO8601FormatStyle reads
// everything else: the two must give the same Date, to the bit, for every text (issue 32: the
// formatter's first use cost about 0.8 ms of `acp check`).
import Foundation
import Testing
@testable import HubCore

struct ISO8601Tests {
    let foundation = Date.ISO8601FormatStyle()

    func agree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ours = ISO8601.date(from: text), theirs = try? foundation.parse(text)
        #expect(ours?.timeIntervalSinceReferenceDate.bitPattern == theirs?.timeIntervalSinceReferenceDate.bitPattern,
                "\(text): \(String(describing: ours?.timeIntervalSinceReferenceDate)) against Foundation's \(String(describing: theirs?.timeIntervalSinceReferenceDate))",
                sourceLocation: sourceLocation)
    }

    @Test func seededDatesReadAsFoundationReadsThem() {
        var random = SeededGenerator(state: 8601)
        var read = 0
        for _ in 0..<20_000 {
            let year = Int.random(in: 1600...9999, using: &random), month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...31, using: &random)
            let digits = Int.random(in: 0...9, using: &random)
            let fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, Int.random(in: 0...23, using: &random),
                              Int.random(in: 0...59, using: &random), Int.random(in: 0...59, using: &random))
                + (digits > 0 ? "." + fraction : "") + "Z"
            agree(text)
            if ISO8601.utcDate(text) != nil { read += 1 }
        }
        #expect(read > 15_000, "most of them through the direct reader: \(read)")
    }

    @Test func whatHubctlWritesReadsBackThroughTheDirectReader() {
        var random = SeededGenerator(state: 42)
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -11_000_000_000...250_000_000_000, using: &random)) / 1000)
            for milliseconds in [true, false] {
                let text = ISO8601.string(from: date, milliseconds: milliseconds)
                #expect(ISO8601.utcDate(text) != nil, "\(text)")
                agree(text)
            }
        }
    }

    @Test func edgesAreFoundationsToJudge() {
        let texts = [
            "2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", "2100-02-29T00:00:00Z", "2000-02-29T00:00:00Z",
            "2024-04-31T00:00:00Z", "2024-12-31T23:59:59.999999999Z", "2024-01-01T24:00:00Z", "2016-12-31T23:59:60Z",
            "2024-00-10T00:00:00Z", "2024-13-10T00:00:00Z", "2024-01-00T00:00:00Z", "1599-12-31T23:59:59Z",
            "1600-01-01T00:00:00Z", "1582-10-10T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
            "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00.1234567890Z", "2024-01-01T00:00:00+01:00",
            "2024-01-01T00:00:00.5+05:30", "2024-01-01t00:00:00z", "2024-01-01 00:00:00Z", "2024-1-01T00:00:00Z",
            "+2024-01-01T00:00:00Z", "2024-01-01T00:00:00", "", "2024-01-01T00:00:0aZ", "２０２４-01-01T00:00:00Z",
            "2024-01-01T00:00:00.٣Z", "2024-01-01T00:00:00ZZ",
        ]
        for text in texts { agree(text) }
        #expect(ISO8601.utcDate("2016-12-31T23:59:60Z") == nil)
        #expect(ISO8601.utcDate("1582-10-10T00:00:00Z") == nil)
        #expect(ISO8601.utcDate("2024-02-29T12:00:00Z") != nil)
    }
}
