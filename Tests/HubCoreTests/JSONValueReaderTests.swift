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

    /// Every object member in a document, at any depth, as JSONValue or JSONSerialization reads it.
    func members(_ value: JSONValue) -> Int {
        switch value {
        case .object(let m): m.count + m.values.map(members).reduce(0, +)
        case .array(let items): items.map(members).reduce(0, +)
        default: 0
        }
    }
    func members(_ value: Any) -> Int {
        if let m = value as? [String: Any] { return m.count + m.values.map { members($0) }.reduce(0, +) }
        if let items = value as? [Any] { return items.map { members($0) }.reduce(0, +) }
        return 0
    }

    /// A member name repeated in one object: Foundation's JSONSerialization keeps the last value,
    /// JSONDecoder (and `read`) the first, and neither says so; `refusingDuplicateNames` refuses
    /// exactly those documents, naming the member, and reads every other one as JSONDecoder does.
    @Test func repeatedMemberNamesAreRefusedWhenAskedWhereFoundationKeepsTheLast() throws {
        // (document, the repeated name, the value JSONSerialization keeps for it at the top level or nil)
        let repeated: [(String, String, String?)] = [
            (#"{"user": "alice", "user": "bob"}"#, "user", "bob"),
            (#"{"user": "alice", "us\u0065r": "bob"}"#, "user", "bob"),
            (#"{"user": "alice", "alert": "x", "user": "bob"}"#, "user", "bob"),
            (#"{"": "a", "": "b"}"#, "", "b"),
            (#"{"n": {"alert": "x", "alert": "y"}}"#, "alert", nil),
            (#"[{"a": 1}, {"b": 2, "b": 3}]"#, "b", nil),
        ]
        for (text, name, kept) in repeated {
            let data = Data(text.utf8)
            let foundation = try JSONSerialization.jsonObject(with: data)
            if let kept { #expect((foundation as? [String: Any])?[name] as? String == kept, "\(text): Foundation keeps the last") }
            let first = try #require(reader(data), "\(text)")
            #expect(first == decoder(data), "\(text): by default the first, as JSONDecoder")
            #expect(members(foundation) == members(first), "\(text): Foundation too drops one, silently")
            do {
                _ = try JSONValue.read(data, refusingDuplicateNames: true)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.reason.contains("the member name \"\(name)\" appears twice"), "\(text): \(error)")
            }
        }
        // Names that differ (in case, in an escape of another character, across objects) are no repetition.
        let distinct = [#"{"user": "a", "User": "b"}"#, #"[{"user": "a"}, {"user": "b"}]"#, #"{"a": {"user": 1}, "user": 2}"#,
                        #"{"user": "a", "users": "b"}"#, #"{"a\u00e9": 1, "ae": 2}"#, "{}", #"{"a": [], "b": {}}"#]
        for text in distinct {
            let data = Data(text.utf8)
            let mine = try JSONValue.read(data, refusingDuplicateNames: true)
            #expect(mine == decoder(data), "\(text)")
            #expect(members(mine) == members(try JSONSerialization.jsonObject(with: data)), "\(text): the members Foundation reads")
        }
        // JSONEncoder never repeats a name: every seeded random document reads the same either way.
        var g = SeededGenerator(state: 0x0039_D0D0)
        let writer = JSONValueWriterTests()
        for _ in 0..<300 {
            let data = try JSONOutput.encode(writer.randomValue(&g, depth: 0), pretty: false)
            #expect(try JSONValue.read(data, refusingDuplicateNames: true) == reader(data))
        }
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
            let text = String(decoding: try JSONOutput.encode(value, pretty: Bool.random(using: &g)), as: UTF8.self)
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
