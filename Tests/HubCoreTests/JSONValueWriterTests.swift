// JSONValue's own writer against Foundation's JSONEncoder with hubctl's settings: the bytes must
// be the same, compact and pretty, for seeded random documents and for every escape.
import Foundation
import Testing
@testable import HubCore

/// SplitMix64: the same documents on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

struct JSONValueWriterTests {
    func written(_ value: JSONValue, pretty: Bool = false) throws -> String {
        String(decoding: try value.written(pretty: pretty), as: UTF8.self)
    }

    func foundation(_ value: JSONValue, pretty: Bool = false) throws -> String {
        String(decoding: try JSONOutput.encode(value, pretty: pretty), as: UTF8.self)
    }

    /// Characters that exercise the escapes and the key order: controls, quotes, backslash, slash,
    /// DEL, Latin-1, a combining mark, line separators, a BOM, astral characters.
    static let pool: [Unicode.Scalar] = (0..<0x80).compactMap(Unicode.Scalar.init) + [
        "\u{A0}", "ä", "é", "\u{301}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFF}", "€", "😀", "\u{10000}", "ß", "Å",
    ]

    func randomString(_ g: inout SeededGenerator) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &g) { s.append(Self.pool.randomElement(using: &g)!) }
        return String(s)
    }

    func randomValue(_ g: inout SeededGenerator, depth: Int) -> JSONValue {
        switch Int.random(in: 0...(depth > 3 ? 4 : 6), using: &g) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &g))
        case 2: return .int(Int64.random(in: Int64.min...Int64.max, using: &g))
        case 3: return .double([0.1, 1.5, -0.0, 1e21, 1e-7, 123456789.25, Double.random(in: -1e9...1e9, using: &g)].randomElement(using: &g)!)
        case 4: return .string(randomString(&g))
        case 5: return .array((0..<Int.random(in: 0...5, using: &g)).map { _ in randomValue(&g, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...8, using: &g) { members[randomString(&g)] = randomValue(&g, depth: depth + 1) }
            return .object(members)
        }
    }

    @Test func sameBytesAsJSONEncoderForSeededRandomDocuments() throws {
        var g = SeededGenerator(state: 0x5EED_0014)
        for index in 0..<2000 {
            let value = randomValue(&g, depth: 0)
            let pretty = index % 2 == 1
            let mine = try written(value, pretty: pretty), theirs = try foundation(value, pretty: pretty)
            #expect(mine == theirs, "document \(index)\(pretty ? " (pretty)" : "")")
            if mine != theirs { break }
        }
    }

    @Test func everyASCIICharacterEscapesAsJSONEncoderDoes() throws {
        var members: [String: JSONValue] = [:]
        for byte in 0..<0x80 {
            let s = String(UnicodeScalar(UInt8(byte)))
            members["k" + s] = .string("<" + s + ">")
        }
        let value = JSONValue.object(members)
        #expect(try written(value) == (try foundation(value)))
        #expect(try written(.string("a/b\u{2028}")) == "\"a/b\u{2028}\"")
        #expect(try written(.string("\u{1}\u{8}\t")) == "\"\\u0001\\b\\t\"")
    }

    /// A date in a document (`JSONValue(date)`) is what JSONEncoder's `.iso8601` writes: to the
    /// second, the fraction dropped, for seeded dates from 1900 to 2100 with milliseconds.
    @Test func datesAsJSONEncoderWritesThem() throws {
        var g = SeededGenerator(state: 0xDA7E_0040)
        for index in 0..<5000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &g)) / 1000)
            let mine = "[" + (try written(JSONValue(date))) + "]"
            let theirs = String(decoding: try JSONOutput.encode([date], pretty: false), as: UTF8.self)
            #expect(mine == theirs, "date \(index): \(date.timeIntervalSince1970)")
            if mine != theirs { break }
        }
    }

    @Test func notANumberIsRefusedAsJSONEncoderRefusesIt() {
        #expect(throws: EncodingError.self) { _ = try written(.double(.nan)) }
    }

    @Test func emptyAndNestedContainersPrettyAsJSONEncoderWritesThem() throws {
        let value = JSONValue.object(["b": .int(1), "a": .array([.null, .string("x"), .array([]), .object([:])]), "c": .object([:]), "d": .array([])])
        #expect(try written(value) == #"{"a":[null,"x",[],{}],"b":1,"c":{},"d":[]}"#)
        #expect(try written(value, pretty: true) == (try foundation(value, pretty: true)))
        for empty in [JSONValue.array([]), .object([:])] {
            #expect(try written(empty, pretty: true) == (try foundation(empty, pretty: true)))
        }
    }
}
