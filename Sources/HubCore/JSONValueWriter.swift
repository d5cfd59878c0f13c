// Compact JSON for JSONValue documents, written directly: byte for byte what JSONOutput's
// JSONEncoder writes (sorted keys, no escaped slashes, the same escapes), without
// Encodable's generic machinery, which cost more than the exchange itself on every line of a
// batch. HubCoreTests checks the two agree on seeded random documents.

import Foundation

/// A document that can write its compact JSON itself (JSONOutput uses it when not pretty).
public protocol CompactJSONWritable {
    func writeCompactJSON(to out: inout [UInt8]) throws
}

extension JSONValue: CompactJSONWritable {
    public func writeCompactJSON(to out: inout [UInt8]) throws {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            // Rare in hubctl's documents: Foundation formats it (and refuses NaN and infinity).
            let array = try JSONOutput.foundationEncode([d], pretty: false)
            out.append(contentsOf: array.dropFirst().dropLast())
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try item.writeCompactJSON(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            try Self.writeObject(members, to: &out)
        }
    }

    /// Members in the order of JSONEncoder's `.sortedKeys`: by the keys' UTF-8 bytes (not String's
    /// `<`, which compares canonical equivalents: "I\u{301}" would sort as "Í").
    public static func writeObject(_ members: [String: JSONValue], to out: inout [UInt8]) throws {
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
            let name = String(decoding: key, as: UTF8.self)
            writeString(name, to: &out)
            out.append(UInt8(ascii: ":"))
            try members[name]!.writeCompactJSON(to: &out)
        }
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
}
