// Reads a Connection from OData V2 verbose JSON or an Atom entry, and writes update bodies.

import Foundation
import HubCore

public enum ODataCodec {
    /// Decodes a Connection entity, whatever format the server chose (decided by content, not headers):
    /// the server's property names, typed values, ISO 8601 dates, no `d` / `__metadata` / `results` wrappers.
    /// A property whose name is not an OData identifier is left out and handed to `refused`.
    public static func decodeEntity(_ body: Data, status: Int? = nil, refused: (String) -> Void = { _ in }) throws -> [String: JSONValue] {
        var entity = try decodeAnyEntity(body, status: status)
        // Sorted for the order of the notes; only the refused names (sorting every name cost about
        // 0.3 ms of `settings get`: the first String comparisons).
        for name in entity.keys.filter({ !SafeName.isODataIdentifier($0) }).sorted() {
            entity.removeValue(forKey: name)
            refused(name)
        }
        return entity
    }

    private static func decodeAnyEntity(_ body: Data, status: Int?) throws -> [String: JSONValue] {
        guard let first = body.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }) else {
            throw malformed("an empty body", status: status)
        }
        if first == UInt8(ascii: "{") { return try decodeJSON(body, status: status) }
        if first == UInt8(ascii: "<") { return try AtomEntryParser.parse(body, status: status) }
        throw malformed("neither JSON nor XML", status: status)
    }

    static func malformed(_ what: String, status: Int?) -> HubError {
        HubError(.data, code: .malformedResponse,
                 "The server's answer is \(what), not an OData Connection entity. Check that --server points at an SMP or Mobile Services server (try --verbose).",
                 status: status)
    }

    static func decodeJSON(_ body: Data, status: Int?) throws -> [String: JSONValue] {
        let value: JSONValue
        do { value = try JSONValue.read(body) }
        catch { throw malformed("not valid JSON", status: status) }
        guard var object = value.objectValue else { throw malformed("a JSON value that is not an object", status: status) }
        if let d = object["d"] {
            // OData V2 verbose: {"d": {...}}. Anything else under "d" is not one entity: null, an
            // array, or a collection ({"d": {"results": [...]}}).
            guard let entity = d.objectValue else { throw malformed("a \"d\" that is not an object", status: status) }
            guard entity["results"] == nil else { throw malformed("a collection, not one entity", status: status) }
            object = entity
        }
        object.removeValue(forKey: "__metadata")
        guard !object.isEmpty else { throw malformed("an empty JSON object", status: status) }
        return object.mapValues(normalize)
    }

    /// Unwraps `{"results": [...]}`, drops nested `__metadata`/`__deferred`, turns `/Date(ms)/` into ISO 8601.
    static func normalize(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s):
            if let iso = isoDate(fromODataDate: s) { return .string(iso) }
            return value
        case .array(let items):
            return .array(items.map(normalize))
        case .object(var o):
            if o.count == 1, let results = o["results"], case .array = results { return normalize(results) }
            if o.count == 1, o["__deferred"] != nil { return .null }
            o.removeValue(forKey: "__metadata")
            return .object(o.mapValues(normalize))
        default:
            return value
        }
    }

    /// `/Date(1484028633406)/` or `/Date(1484028633406+0060)/` → `2017-01-10T06:10:33.406Z`.
    static func isoDate(fromODataDate s: String) -> String? {
        guard s.hasPrefix("/Date("), s.hasSuffix(")/") else { return nil }
        let inner = s.dropFirst(6).dropLast(2)
        var digits = inner
        if let idx = inner.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) { digits = inner[..<idx] }
        guard let ms = Int64(digits) else { return nil }
        return ISO8601.string(from: Date(timeIntervalSince1970: Double(ms) / 1000))
    }

    /// The body of a create or update: a plain JSON object of properties (no `d` wrapper).
    public static func encodeProperties(_ properties: [String: JSONValue]) throws -> Data {
        Data(try JSONValue.object(properties).written(pretty: false))
    }
}

/// Reads an Atom `<entry>`'s `<m:properties>` (XMLDocumentReader: libxml2 loaded on first use, no
/// DOCTYPE, no entities). `d:` properties are matched by namespace; their `m:type` and `m:null` by the
/// attribute's name as written (`m:type`, or `type` without a prefix).
struct AtomEntryParser {
    static let dataServices = "http://schemas.microsoft.com/ado/2007/08/dataservices"
    static let metadata = "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"
    /// An entry is a few KB; complex properties nest a few levels.
    static let limits = XMLReadLimits(maximumBytes: 16 << 20, maximumDepth: 64)

    private struct Frame { var name: String; var type: String?; var isNull: Bool; var text = ""; var children: [String: JSONValue] = [:]; var hasChildren = false }
    private var stack: [Frame] = []
    private var inProperties = 0
    private var result: [String: JSONValue]?
    private var sawEntry = false
    private var odataError: String?
    private var inErrorMessage = false

    static func parse(_ body: Data, status: Int?) throws -> [String: JSONValue] {
        var reader = AtomEntryParser()
        let outcome = try XMLDocumentReader.read(body, limits: limits) { event in
            reader.take(event)
            return .proceed
        }
        var problem: String?
        if case .failed(let failure) = outcome {
            switch failure.reason {
            case .doctype, .entityDeclaration: problem = "XML with a document type or entity declaration, which hubctl does not read"
            case .tooLarge: problem = "XML larger than \(limits.maximumBytes >> 20) MiB"
            case .tooDeep: problem = "XML nested deeper than \(limits.maximumDepth) elements"
            case .notWellFormed: problem = "not well-formed XML"
            }
        }
        guard problem == nil, let result = reader.result, !result.isEmpty else {
            if let errorText = reader.odataError { throw HubError(.data, code: .serverErrorDocument, "The server answered with an error: \(errorText)", status: status) }
            throw ODataCodec.malformed(problem ?? "XML without an entry's properties", status: status)
        }
        return result
    }

    private mutating func take(_ event: XMLEvent) {
        switch event {
        case .start(let tag): start(tag)
        case .end(let name): end(name)
        case .text(let string):
            if inErrorMessage { odataError? += string }
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }
    }

    private mutating func start(_ tag: XMLStartTag) {
        let elementName = tag.name.localName, namespaceURI = tag.name.namespace ?? ""
        if elementName == "entry" { sawEntry = true }
        if elementName == "message" && namespaceURI == Self.metadata { inErrorMessage = true; odataError = "" }
        if elementName == "properties" && namespaceURI == Self.metadata {
            inProperties += 1
            if inProperties == 1 { result = [:]; stack = [] }
            return
        }
        guard inProperties > 0, namespaceURI == Self.dataServices else { return }
        if !stack.isEmpty { stack[stack.count - 1].hasChildren = true }
        let type = tag.attribute("m:type") ?? tag.attribute("type")
        let isNull = (tag.attribute("m:null") ?? tag.attribute("null")) == "true"
        stack.append(Frame(name: elementName, type: type, isNull: isNull))
    }

    private mutating func end(_ name: XMLName) {
        let elementName = name.localName, namespaceURI = name.namespace ?? ""
        if elementName == "message" && namespaceURI == Self.metadata { inErrorMessage = false }
        if elementName == "properties" && namespaceURI == Self.metadata { inProperties -= 1; return }
        guard inProperties > 0, namespaceURI == Self.dataServices, let frame = stack.popLast() else { return }
        let value: JSONValue
        if frame.isNull { value = .null }
        else if frame.hasChildren {
            // A complex property or a collection of elements.
            value = .object(frame.children)
        } else {
            value = Self.typed(frame.text, type: frame.type)
        }
        if stack.isEmpty { result?[frame.name] = value }
        else { stack[stack.count - 1].children[frame.name] = value }
    }

    static func typed(_ text: String, type: String?) -> JSONValue {
        switch type {
        case "Edm.Boolean": return text == "true" || text == "1" ? .bool(true) : (text == "false" || text == "0" ? .bool(false) : .string(text))
        case "Edm.Int16", "Edm.Int32", "Edm.Int64", "Edm.Byte", "Edm.SByte":
            return Int64(text).map(JSONValue.int) ?? .string(text)
        case "Edm.Double", "Edm.Single", "Edm.Decimal":
            return Double(text).map(JSONValue.double) ?? .string(text)
        case "Edm.DateTime", "Edm.DateTimeOffset":
            return .string(isoFromAtom(text))
        default:
            return .string(text)
        }
    }

    /// Atom dates come as `2017-01-10T06:10:33.406` (UTC, no zone) or with a zone: normalise to ISO 8601 with Z.
    static func isoFromAtom(_ text: String) -> String {
        if let d = ISO8601.date(from: text) ?? ISO8601.date(from: text + "Z") { return ISO8601.string(from: d) }
        return text
    }
}
