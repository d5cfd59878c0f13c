// OData V2 Atom XML: writing a Connection entry, reading `<m:properties>` from request bodies.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

enum ODataAtom {
    static let atomNamespace = "http://www.w3.org/2005/Atom"
    static let dataNamespace = "http://schemas.microsoft.com/ado/2007/08/dataservices"
    static let metadataNamespace = "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"

    /// An `<entry>`. `base` is the application's address (ending in `/`); `key` is nil when the id must
    /// not be in the body (then the entry has no `<id>` and no edit link). Nested objects that are not in
    /// the schema (`NetworkPolicy`) are written as OData complex properties; navigation properties as links.
    static func entry(_ properties: [(String, ODataValue)], base: String, key: String?, updated: Int64,
                      int64Names: Set<String> = []) -> String {
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <entry xml:base="\(escape(base))" xmlns="\(atomNamespace)" xmlns:d="\(dataNamespace)" xmlns:m="\(metadataNamespace)">
        """
        if let key {
            xml += "<id>\(escape(base + key))</id>"
        }
        xml += "<title type=\"text\"/><updated>\(isoDate(updated))Z</updated><author><name/></author>"
        if let key {
            xml += "<link rel=\"edit\" title=\"Connection\" href=\"\(escape(key))\"/>"
            for navigation in RegistrationSchema.navigationProperties {
                xml += "<link rel=\"\(dataNamespace)/related/\(navigation)\" type=\"application/atom+xml;type=feed\""
                xml += " title=\"\(navigation)\" href=\"\(escape(key))/\(navigation)\"/>"
            }
        }
        xml += "<category term=\"applications.Connection\" scheme=\"\(dataNamespace)/scheme\"/>"
        xml += "<content type=\"application/xml\"><m:properties>"
        for (name, value) in properties where !RegistrationSchema.navigationProperties.contains(name) {
            if int64Names.contains(name), case .int(let i) = value {
                xml += "<d:\(name) m:type=\"Edm.Int64\">\(i)</d:\(name)>"
                continue
            }
            xml += element(name, value, complexTypeName: "applications.\(name)")
        }
        xml += "</m:properties></content></entry>"
        return xml
    }

    private static func element(_ name: String, _ value: ODataValue, complexTypeName: String) -> String {
        switch value {
        case .null: return "<d:\(name) m:null=\"true\"/>"
        case .string(let s): return "<d:\(name)>\(escape(s))</d:\(name)>"
        case .bool(let b): return "<d:\(name) m:type=\"Edm.Boolean\">\(b)</d:\(name)>"
        case .int(let i): return "<d:\(name) m:type=\"Edm.Int32\">\(i)</d:\(name)>"
        case .double(let d): return "<d:\(name) m:type=\"Edm.Double\">\(d)</d:\(name)>"
        case .date(let ms): return "<d:\(name) m:type=\"Edm.DateTime\">\(isoDate(ms))</d:\(name)>"
        case .object(let members):
            let inner = members.map { element($0.0, $0.1, complexTypeName: complexTypeName + $0.0) }.joined()
            return "<d:\(name) m:type=\"\(complexTypeName)\">\(inner)</d:\(name)>"
        case .array(let items):
            let inner = items.map { element("element", $0, complexTypeName: complexTypeName) }.joined()
            return "<d:\(name)>\(inner)</d:\(name)>"
        }
    }

    /// An Atom feed without entries (the read-only sets and navigation properties, docs/protocol.md §13).
    static func emptyFeed(base: String, path: String, title: String, updated: Int64) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xml:base="\(escape(base))" xmlns="\(atomNamespace)" xmlns:d="\(dataNamespace)" xmlns:m="\(metadataNamespace)">\
        <id>\(escape(base + path))</id><title type="text">\(escape(title))</title><updated>\(isoDate(updated))Z</updated>\
        <author><name/></author><link rel="self" title="\(escape(title))" href="\(escape(path))"/></feed>
        """
    }

    /// The AtomPub service document listing the entity sets.
    static func serviceDocument(base: String, entitySets: [String]) -> String {
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <service xml:base="\(escape(base))" xmlns="http://www.w3.org/2007/app" xmlns:atom="\(atomNamespace)"><workspace><atom:title>Default</atom:title>
        """
        for set in entitySets {
            xml += "<collection href=\"\(set)\"><atom:title>\(set)</atom:title></collection>"
        }
        return xml + "</workspace></service>"
    }

    /// Edm.DateTime in Atom: ISO 8601 without a zone, milliseconds kept.
    static func isoDate(_ millis: Int64) -> String {
        UTCTime.text(millis: millis, separator: "T")
    }

    /// Escapes text for element content and double-quoted attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// The children of the first `<m:properties>` element (an `<entry>` around it is optional).
    /// A typed element (`m:type`) is read by its type; untyped text stays a string for the schema to read.
    static func readProperties(_ data: Data) throws(PropertyRejection) -> [(String, ODataValue)] {
        let reader = PropertiesReader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        guard parser.parse(), reader.failure == nil else {
            throw PropertyRejection(code: "InvalidRequestBody",
                                    message: reader.failure ?? "The request body is not well-formed XML.")
        }
        guard reader.sawProperties else {
            throw PropertyRejection(code: "InvalidRequestBody", message: "The Atom body has no <m:properties> element.")
        }
        return reader.properties
    }
}

/// Collects the direct children of `<m:properties>`; nested elements become objects.
private final class PropertiesReader: NSObject, XMLParserDelegate {
    struct Open {
        var name: String
        var type: String?
        var isNull: Bool
        var text = ""
        var children: [(String, ODataValue)] = []
    }

    var properties: [(String, ODataValue)] = []
    var sawProperties = false
    var failure: String?
    private var insideProperties = false
    private var done = false
    private var stack: [Open] = []

    private static func localName(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    private static func attribute(_ attributes: [String: String], _ name: String) -> String? {
        attributes.first { localName($0.key) == name && $0.key != "xmlns:\(name)" }?.value
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        guard !done else { return }
        let name = Self.localName(elementName)
        if !insideProperties {
            if name == "properties" { insideProperties = true; sawProperties = true }
            return
        }
        stack.append(Open(name: name, type: Self.attribute(attributes, "type"),
                          isNull: Self.attribute(attributes, "null") == "true"))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard insideProperties, !done else { return }
        guard let open = stack.popLast() else {
            // The end of <m:properties>: later elements are not properties.
            done = true
            insideProperties = false
            return
        }
        let value = makeValue(open)
        if stack.isEmpty { properties.append((open.name, value)) }
        else { stack[stack.count - 1].children.append((open.name, value)) }
    }

    private func makeValue(_ open: Open) -> ODataValue {
        if open.isNull { return .null }
        if !open.children.isEmpty { return .object(open.children) }
        let text = open.text
        switch open.type {
        case "Edm.Boolean":
            if text == "true" || text == "1" { return .bool(true) }
            if text == "false" || text == "0" { return .bool(false) }
        case "Edm.Int32", "Edm.Int16", "Edm.Int64", "Edm.Byte":
            if let i = Int(text.trimmingCharacters(in: .whitespaces)) { return .int(i) }
        case "Edm.DateTime":
            if let millis = UTCTime.millis(fromISO: text) { return .date(millis) }
        case nil, "Edm.String":
            return .string(text)
        default:
            break
        }
        failure = "Property '\(open.name)' has the value '\(text)', which is not a valid \(open.type ?? "value")."
        return .null
    }
}
