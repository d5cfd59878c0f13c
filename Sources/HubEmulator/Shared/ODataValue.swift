// The value of one Connection property, typed the way OData V2 types it, plus JSON reading.

import Foundation

/// A property value. Objects keep their key order so answers read like the real service's.
public enum ODataValue: Sendable, Equatable {
    case null
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// Edm.DateTime, as milliseconds since 1970 (OData V2 JSON writes `"\/Date(ms)\/"`).
    case date(Int64)
    /// A nested object Mobile Services sends outside the published schema (e.g. `NetworkPolicy`).
    case object([(String, ODataValue)])
    case array([ODataValue])

    public static func == (lhs: ODataValue, rhs: ODataValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.date(a), .date(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.array(a), .array(b)): return a == b
        default: return false
        }
    }

    /// The member of an object, nil for other values or a missing key.
    public subscript(key: String) -> ODataValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The OData name of the value's type, for error messages and Atom's `m:type`.
    var edmTypeName: String {
        switch self {
        case .null: return "null"
        case .string: return "Edm.String"
        case .bool: return "Edm.Boolean"
        case .int: return "Edm.Int32"
        case .double: return "Edm.Double"
        case .date: return "Edm.DateTime"
        case .object: return "object"
        case .array: return "array"
        }
    }

    /// Parses one JSON document. Booleans stay booleans (JSONSerialization would blur them with numbers).
    static func parseJSON(_ data: Data) throws -> ODataValue {
        try JSONDecoder().decode(AnyJSON.self, from: data).value
    }
}

/// Decodes any JSON value into an `ODataValue`, telling `true` from `1`.
struct AnyJSON: Decodable {
    let value: ODataValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            value = .object(try object.allKeys.map { ($0.stringValue, try object.decode(AnyJSON.self, forKey: $0).value) })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [ODataValue] = []
            while !array.isAtEnd { items.append(try array.decode(AnyJSON.self).value) }
            value = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { value = .null }
        else if let b = try? single.decode(Bool.self) { value = .bool(b) }
        else if let i = try? single.decode(Int.self) { value = .int(i) }
        else if let d = try? single.decode(Double.self) { value = .double(d) }
        else { value = .string(try single.decode(String.self)) }
    }
}
