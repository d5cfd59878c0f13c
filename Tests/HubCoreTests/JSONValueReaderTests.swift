// JSONValue.read against JSONDecoder: the same value for every document JSONDecoder accepts, and a
// refusal for every one it refuses (seeded random documents, their damaged copies, and edge cases).
import Foundation
import Testing
@testable import HubCore

struct JSONValueReaderTests {
    func decoder(_ data: Data) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: data) }
    func reader(_ data: Data) -> JSONValue? { try? JSONValue.read(data) }

    func same(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(text.utf8)
        let theirs = decoder(data), mine = reader(data)
        #expect(mine == theirs, "\(text.debugDescription): reader \(String(describing: mine)), JSONDecoder \(String(describing: theirs))",
                sourceLocation: sourceLocation)
    }

    @Test func edgeCasesAgreeWithJSONDecoder() {
        for text in [
            "0", "-0", "1.0", "-1.0", "1e2", "1E+2", "1e-2", "0.5", "-0.0", "9223372036854775807", "-9223372036854775808",
            "9223372036854775808", "12345678901234567890", "1e400", "-1e400", "01", "1.", ".5", "+1", "1e", "--1", "0x10",
            "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\u12\"", "\"\\x\"", "\"a\tb\"", "\"\\/\"",
            "true", "false", "null", "nul", "True", "[1,]", "[,1]", "[1,,]", "{,}", "[,]", "{\"a\":1,,}", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]",
            " {\"a\" : [ 1 , {\"b\":null} ] } ", "{\"a\":1,\"a\":2}", "[]", "{}", "[[[]]]", "\"", "", " ", "[1] x", "1 2",
            "{\"d\":{\"results\":[]}}", "\"\u{7F}\"", "\"é😀\"", "[1e-7, 2.5, -3]", "/* c */ 1", "\u{FEFF}1",
        ] { same(text) }
        same(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        same(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
    }

    @Test func invalidUTF8IsRefused() {
        #expect(reader(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
        #expect(decoder(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
    }

    @Test func seededRandomDocumentsAndTheirDamagedCopiesAgree() throws {
        var g = SeededGenerator(state: 0x0014_BEEF)
        let writer = JSONValueWriterTests()
        var compared = 0
        for _ in 0..<1500 {
            let value = writer.randomValue(&g, depth: 0)
            let text = String(decoding: try JSONOutput.foundationEncode(value, pretty: Bool.random(using: &g)), as: UTF8.self)
            same(text)
            // Damage: drop, duplicate or replace one byte.
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { continue }
            let at = Int.random(in: 0..<bytes.count, using: &g)
            switch Int.random(in: 0...2, using: &g) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(bytes[at], at: at)
            default: bytes[at] = Array(",:[]{}\"\\ 0e-.tn".utf8).randomElement(using: &g)!
            }
            let data = Data(bytes)
            #expect(reader(data) == decoder(data), "damaged: \(String(decoding: data, as: UTF8.self).debugDescription)")
            compared += 1
        }
        #expect(compared > 1000)
    }
}
