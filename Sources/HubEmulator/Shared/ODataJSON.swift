// OData V2 verbose JSON: writing entities and errors, reading request bodies.

import Foundation

enum ODataJSON {
    /// `{"d": {"__metadata": {...}, ...properties}}`. `uri` is nil when the id must not be in the body.
    static func entity(_ properties: [(String, ODataValue)], uri: String?) -> String {
        var metadata: [(String, ODataValue)] = []
        if let uri { metadata += [("id", .string(uri)), ("uri", .string(uri))] }
        metadata.append(("type", .string("applications.Connection")))
        return write(.object([("d", .object([("__metadata", .object(metadata))] + properties))]))
    }

    /// The OData error body: `{"error": {"code": …, "message": {"lang": "en", "value": …}}}`.
    static func error(code: String, message: String) -> String {
        write(.object([("error", .object([
            ("code", .string(code)),
            ("message", .object([("lang", .string("en")), ("value", .string(message))])),
        ]))]))
    }

    /// The service document in JSON: `{"d": {"EntitySets": [...]}}`.
    static func serviceDocument(entitySets: [String]) -> String {
        write(.object([("d", .object([("EntitySets", .array(entitySets.map(ODataValue.string)))]))]))
    }

    /// Writes JSON with the keys in the given order. Dates use OData V2's `"\/Date(ms)\/"`.
    static func write(_ value: ODataValue) -> String {
        var out = ""
        append(value, to: &out)
        return out
    }

    private static func append(_ value: ODataValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? "\(d)" : "null"
        case .string(let s): appendString(s, to: &out)
        case .date(let ms): out += "\"\\/Date(\(ms))\\/\""
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                append(item, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, item)) in members.enumerated() {
                if index > 0 { out += "," }
                appendString(key, to: &out)
                out += ":"
                append(item, to: &out)
            }
            out += "}"
        }
    }

    private static func appendString(_ s: String, to out: inout String) {
        out += "\""
        // Most values need no escape: appended whole (this runs for every property of every
        // answer, and a benchmark drives thousands of answers a second).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// The properties of a JSON request body: a plain object, or one wrapped in `d`.
    static func readProperties(_ data: Data) throws(PropertyRejection) -> [(String, ODataValue)] {
        let value: ODataValue
        do { value = try ODataValue.parseJSON(data) } catch {
            throw PropertyRejection(code: "InvalidRequestBody", message: "The request body is not valid JSON.")
        }
        guard case .object(var members) = value else {
            throw PropertyRejection(code: "InvalidRequestBody", message: "The request body must be a JSON object of properties.")
        }
        if members.count == 1, members[0].0 == "d", case .object(let inner) = members[0].1 { members = inner }
        return members.filter { $0.0 != "__metadata" }
    }
}
