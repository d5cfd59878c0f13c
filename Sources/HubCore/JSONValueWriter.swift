// The one writer of hubctl's JSON documents: a JSONValue written compact (one line) or pretty (a
// terminal), byte for byte what Foundation's JSONEncoder writes with hubctl's settings (sorted keys,
// no escaped slashes, the same escapes and number forms; pretty: two spaces of indent, " : " after
// a name, an empty array or object opened and closed on lines of their own), without Encodable's
// generic machinery, which cost more than the exchange itself on every line of a batch.
// HubCoreTests checks the two agree on seeded random documents.

import Foundation

/// A document hubctl prints: every output provides its JSONValue, which the one writer writes.
public protocol JSONDocument {
    var json: JSONValue { get }
}

extension JSONValue: JSONDocument {
    public var json: JSONValue { self }

    /// The document's bytes, compact or pretty.
    public func written(pretty: Bool) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        try write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    /// Appends the document's bytes; `indent`: the spaces before the line the value starts on (pretty).
    public func write(to out: inout [UInt8], pretty: Bool = false, indent: Int = 0) throws {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            // Rare in hubctl's documents: Foundation formats it (and refuses NaN and infinity).
            let array = try JSONOutput.encode([d], pretty: false)
            out.append(contentsOf: array.dropFirst().dropLast())
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newLine(indent + 2, to: &out) }
                try item.write(to: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { Self.close(empty: items.isEmpty, indent, to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            try Self.writeObject(members, to: &out, pretty: pretty, indent: indent)
        }
    }

    /// A line break and `indent` spaces.
    private static func newLine(_ indent: Int, to out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    /// Before a pretty array's or object's closing bracket: its own line (an empty one, JSONEncoder's
    /// blank line between the brackets).
    private static func close(empty: Bool, _ indent: Int, to out: inout [UInt8]) {
        if empty { out.append(0x0A) }
        newLine(indent, to: &out)
    }

    /// Members in the order of JSONEncoder's `.sortedKeys`: by the keys' UTF-8 bytes (not String's
    /// `<`, which compares canonical equivalents: "I\u{301}" would sort as "Í").
    public static func writeObject(_ members: [String: JSONValue], to out: inout [UInt8], pretty: Bool = false, indent: Int = 0) throws {
        out.append(UInt8(ascii: "{"))
        var first = true
        // Each key's bytes once, compared with memcmp: comparing String.UTF8Views element by
        // element cost about 0.15 ms for a Connection's ~45 properties.
        let keys = members.keys.map { Array($0.utf8) }.sorted { a, b in
            let common = min(a.count, b.count)
            let order = common == 0 ? 0 : a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in memcmp(x.baseAddress!, y.baseAddress!, common) }
            }
            return order != 0 ? order < 0 : a.count < b.count
        }
        for key in keys {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            if pretty { newLine(indent + 2, to: &out) }
            let name = String(decoding: key, as: UTF8.self)
            writeString(name, to: &out)
            out.append(contentsOf: pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")])
            try members[name]!.write(to: &out, pretty: pretty, indent: indent + 2)
        }
        if pretty { close(empty: keys.isEmpty, indent, to: &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON string with JSONEncoder's escapes: `\"`, `\\`, `\b \t \n \f \r`, other controls as
    /// `\u00xx`; everything else, `/` and non-ASCII included, as it is.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    // Members for documents built by hand.

    /// A string, or null.
    public init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }
    /// A whole number.
    public init(_ number: Int) { self = .int(Int64(number)) }
    /// A date as hubctl's documents give one: ISO 8601 in UTC to the second (JSONEncoder's `.iso8601`).
    public init(_ date: Date) { self = .string(ISO8601.string(from: date, milliseconds: false)) }
    /// An array of strings.
    public static func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
    /// An object whose nil members are left out (a member that is always there, null or not, is
    /// given as `.null`).
    public static func members(_ members: [String: JSONValue?]) -> JSONValue { .object(members.compactMapValues { $0 }) }
}
