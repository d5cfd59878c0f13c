// A JSON value for data whose shape the server owns (connection settings, manifests).

import Foundation

public enum JSONValue: Sendable, Equatable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Each failed attempt costs a DecodingError: the common kinds of an OData entity (null,
        // Bool, String) are tried first. Only a number fits two (Int64, then Double), in that order.
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let i = try? c.decode(Int64.self) { self = .int(i); return }
        if let d = try? c.decode(Double.self) { self = .double(d); return }
        if let o = try? c.decode([String: JSONValue].self) { self = .object(o); return }
        self = .array(try c.decode([JSONValue].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// Converts a Foundation value (from `PropertyListSerialization` or `JSONSerialization`).
    public init(any value: Any) {
        switch value {
        case is NSNull: self = .null
        case let b as Bool where type(of: value) == Bool.self: self = .bool(b)
        case let s as String: self = .string(s)
        case let i as Int: self = .int(Int64(i))
        case let i as Int64: self = .int(i)
        case let d as Double where type(of: value) == Double.self: self = .double(d)
        case let n as NSNumber:
            let t = String(cString: n.objCType)
            if t == "c" || t == "B" { self = .bool(n.boolValue) }
            else if t == "d" || t == "f" { self = .double(n.doubleValue) }
            else { self = .int(n.int64Value) }
        case let date as Date: self = .string(ISO8601.string(from: date, milliseconds: false))
        case let data as Data: self = .string(data.base64EncodedString())
        case let a as [Any]: self = .array(a.map(JSONValue.init(any:)))
        case let o as [String: Any]: self = .object(o.mapValues(JSONValue.init(any:)))
        default: self = .string("\(value)")
        }
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }

    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .string(let s): s
        case .array, .object: String(decoding: (try? written(pretty: false)) ?? [], as: UTF8.self)
        }
    }
}
