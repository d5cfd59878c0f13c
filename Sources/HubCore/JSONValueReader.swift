// Reads one JSON document (RFC 8259) into a JSONValue, for the answers hubctl reads on every line
// of a batch: JSONValue's Decodable conformance goes through JSONDecoder's generic machinery and a
// DecodingError for every kind tried and missed, which cost more than the whole exchange with the
// server. This reader gives the same values as `JSONDecoder().decode(JSONValue.self, from:)` and
// refuses what it refuses; HubCoreTests compares the two on seeded random documents and on
// damaged ones. Like JSONDecoder it skips a leading byte order mark, allows a comma before `]` or
// `}`, and keeps the first of repeated member names; no comments, no bytes after the document,
// valid UTF-8, depth at most `maximumDepth`. Where a repeated name would be ambiguous (a bulk push
// line's "user": Foundation's JSONSerialization keeps the last, JSONDecoder the first, neither
// says so), `refusingDuplicateNames` refuses the document instead, naming the member.

import Foundation

extension JSONValue {
    /// Nesting deeper than this is refused (JSONDecoder's own limit is 512).
    public static let maximumDepth = 512

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let offset: Int
        public let reason: String
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    /// The JSON document in `data`. `refusingDuplicateNames`: a member name repeated in one object
    /// (after unescaping, compared as Swift strings are) is an error rather than the first kept.
    public static func read(_ data: Data, refusingDuplicateNames: Bool = false) throws(ReadError) -> JSONValue {
        var result: Result<JSONValue, ReadError> = .failure(ReadError(offset: 0, reason: "empty"))
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self), refusingDuplicateNames: refusingDuplicateNames)
            result = Result { () throws(ReadError) in try reader.document() }
        }
        return try result.get()
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let refusingDuplicateNames: Bool
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>, refusingDuplicateNames: Bool) {
            self.bytes = bytes
            self.refusingDuplicateNames = refusingDuplicateNames
        }

        func fail(_ reason: String) -> ReadError { ReadError(offset: index, reason: reason) }

        mutating func document() throws(ReadError) -> JSONValue {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            skipWhitespace()
            let value = try self.value(depth: 0)
            skipWhitespace()
            guard index == bytes.count else { throw fail("unexpected bytes after the document") }
            return value
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(ReadError) -> JSONValue {
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw fail("unexpected character")
            }
        }

        mutating func literal(_ word: StaticString) throws(ReadError) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count,
                  memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { throw fail("invalid literal") }
            index += count
        }

        mutating func object(depth: Int) throws(ReadError) -> JSONValue {
            guard depth <= JSONValue.maximumDepth else { throw fail("nested too deeply") }
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}"), !members.isEmpty { index += 1; return .object(members) }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let nameStart = index
                let key = try string()
                if refusingDuplicateNames && members[key] != nil {
                    index = nameStart
                    throw fail("the member name \(HubError.quoted(key)) appears twice in one object")
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipWhitespace()
                // A repeated name: the first one counts, as with JSONDecoder.
                let member = try value(depth: depth)
                if members[key] == nil { members[key] = member }
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end in an object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw fail("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws(ReadError) -> JSONValue {
            guard depth <= JSONValue.maximumDepth else { throw fail("nested too deeply") }
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !items.isEmpty { index += 1; return .array(items) }
                items.append(try value(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end in an array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        }

        /// A string starting at the opening quote. Bytes other than escapes are copied as they are
        /// and must be UTF-8 with no control characters.
        mutating func string() throws(ReadError) -> String {
            index += 1
            let start = index
            // The common case: no escape; the bytes between the quotes are the string.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = try utf8(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw fail("a control character in a string") }
                index += 1
            }
            var buffer = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return try buffer.withUnsafeBufferPointer { (b) throws(ReadError) -> String in try utf8(b) }
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw fail("unexpected end in an escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                    case UInt8(ascii: "b"): buffer.append(0x08)
                    case UInt8(ascii: "f"): buffer.append(0x0C)
                    case UInt8(ascii: "n"): buffer.append(0x0A)
                    case UInt8(ascii: "r"): buffer.append(0x0D)
                    case UInt8(ascii: "t"): buffer.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = UInt32(try hex4())
                        if (0xD800...0xDBFF).contains(scalar) {
                            // A high surrogate must be followed by an escaped low one.
                            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                                  bytes[index + 1] == UInt8(ascii: "u") else { throw fail("a lone surrogate") }
                            index += 2
                            let low = UInt32(try hex4())
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(scalar) {
                            throw fail("a lone surrogate")
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw fail("an invalid \\u escape") }
                        buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        throw fail("an invalid escape")
                    }
                default:
                    if byte < 0x20 { throw fail("a control character in a string") }
                    buffer.append(byte)
                    index += 1
                }
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(ReadError) -> UInt16 {
            guard bytes.count - index >= 4 else { throw fail("a short \\u escape") }
            var value: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw fail("an invalid \\u escape")
                }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }

        func utf8(_ slice: UnsafeBufferPointer<UInt8>) throws(ReadError) -> String {
            guard let text = String(validating: slice, as: UTF8.self) else { throw fail("a string that is not UTF-8") }
            return text
        }

        /// RFC 8259's grammar; then the value JSONDecoder gives: Int64 when the text is an integer
        /// in range, else Double (a finite one).
        mutating func number() throws(ReadError) -> JSONValue {
            let start = index
            var integral = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw fail("a number with a leading zero") }
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                integral = false
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                integral = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if integral, let int = Int64(text) { return .int(int) }
            guard let double = Double(text), double.isFinite else { throw fail("a number out of range") }
            // JSONDecoder reads "1.0", "1e2" or "-0.0" as an Int64 when the value is a whole number
            // in range.
            if let int = Int64(exactly: double) { return .int(int) }
            return .double(double)
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}
