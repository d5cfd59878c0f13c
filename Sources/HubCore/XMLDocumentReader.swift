// XML read through libxml2's SAX2 parser, loaded on first use (Sources/CLibraries/xml.c), instead of
// Foundation's XMLParser: `import FoundationXML` made every hubctl process load libxml2 and ICU at
// start-up although only a few commands read XML (the Atom entry, `$metadata`, an XML plist's lines).
//
// Hardened: no DTD is loaded and no entity is substituted (no XML_PARSE_DTDLOAD, no XML_PARSE_NOENT),
// no network (XML_PARSE_NONET), an entity declaration ends the read, and a DOCTYPE does too unless the
// caller allows one (a plist has one); the input is bounded in size and the elements in depth.
// docs/security.md.

import Foundation
internal import CLibXML

/// An element's or attribute's name: the local name, the prefix as written, and the namespace the
/// prefix (or the default namespace, for an element) stands for.
public struct XMLName: Sendable, Equatable {
    public var localName: String
    public var prefix: String?
    public var namespace: String?

    public init(localName: String, prefix: String? = nil, namespace: String? = nil) {
        self.localName = localName
        self.prefix = prefix
        self.namespace = namespace
    }

    /// `prefix:localName` as written, or `localName` without a prefix.
    public var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }
}

public struct XMLAttribute: Sendable, Equatable {
    public var name: XMLName
    public var value: String
}

/// A start tag: its name, its attributes (not the `xmlns` declarations), and the line it ends on.
public struct XMLStartTag: Sendable {
    public var name: XMLName
    public var attributes: [XMLAttribute]
    public var line: Int

    /// The value of the attribute written `qualifiedName` (`Name`, `m:type`).
    public func attribute(_ qualifiedName: String) -> String? {
        attributes.first { $0.name.qualifiedName == qualifiedName }?.value
    }

    /// The value of the attribute `localName` in `namespace`, whatever prefix the document gave it.
    public func attribute(_ localName: String, namespace: String) -> String? {
        attributes.first { $0.name.localName == localName && $0.name.namespace == namespace }?.value
    }
}

public enum XMLEvent: Sendable {
    case start(XMLStartTag)
    case end(XMLName)
    /// Character data, in pieces as the parser finds it (CDATA sections included).
    case text(String)
}

/// What a handler wants after an event.
public enum XMLReadNext: Sendable {
    case proceed
    /// Nothing after this event matters: the read ends as `.stopped`.
    case stop
}

public struct XMLReadLimits: Sendable {
    /// Larger documents are refused before they are parsed.
    public var maximumBytes: Int
    /// Elements nested deeper are refused (libxml2 itself stops at 256).
    public var maximumDepth: Int
    /// Whether a `<!DOCTYPE …>` is read past (never loaded); entity declarations are refused either way.
    public var allowsDoctype: Bool

    public init(maximumBytes: Int = 8 << 20, maximumDepth: Int = 256, allowsDoctype: Bool = false) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.allowsDoctype = allowsDoctype
    }
}

public struct XMLReadFailure: Error, Sendable {
    public enum Reason: Sendable, Equatable {
        case notWellFormed
        /// A `<!DOCTYPE …>` where the caller allows none.
        case doctype
        /// An `<!ENTITY …>` declaration (general or parameter).
        case entityDeclaration
        case tooDeep
        case tooLarge
    }
    public var reason: Reason
    /// libxml2's words, or hubctl's for the limits.
    public var message: String
    public var line: Int?
}

public enum XMLReadOutcome: Sendable {
    /// The whole document was read and is well-formed.
    case complete
    /// The handler asked to stop.
    case stopped
    case failed(XMLReadFailure)
}

public enum XMLDocumentReader {
    /// libxml2's global state, set up once before its first parse (it asks for this on the first thread).
    private static let initialised: Void = xmlInitParser()

    /// Reads `data` as one XML document and hands `handle` its events in order. Throws only when
    /// libxml2 cannot be loaded (`library_unavailable`); everything about the document is the outcome.
    public static func read(_ data: Data, limits: XMLReadLimits = XMLReadLimits(),
                            _ handle: (XMLEvent) -> XMLReadNext) throws(HubError) -> XMLReadOutcome {
        guard data.count <= limits.maximumBytes, data.count < Int(Int32.max) else {
            return .failed(XMLReadFailure(reason: .tooLarge, message: "the document is larger than \(limits.maximumBytes) bytes", line: nil))
        }
        try SharedLibrary.xml.require()
        _ = initialised
        return withoutActuallyEscaping(handle) { handle in
            let reading = XMLReading(limits: limits, handle: handle)
            withExtendedLifetime(reading) {
                var sax = XMLReading.handler()
                data.withUnsafeBytes { raw in
                    let bytes = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
                    // The first bytes go to the context, which tells the encoding from them (a BOM).
                    let head = Swift.min(4, raw.count)
                    guard let context = xmlCreatePushParserCtxt(&sax, Unmanaged.passUnretained(reading).toOpaque(), bytes, Int32(head), nil) else {
                        reading.failure = XMLReadFailure(reason: .notWellFormed, message: "libxml2 could not start a parser (out of memory)", line: nil)
                        return
                    }
                    reading.context = context
                    defer {
                        reading.context = nil
                        xmlFreeParserCtxt(context)
                    }
                    // Only NONET: no XML_PARSE_NOENT (entities stay unsubstituted), no XML_PARSE_DTDLOAD,
                    // no XML_PARSE_DTDATTR, no XML_PARSE_RECOVER, no XML_PARSE_HUGE (libxml2's own limits stay).
                    _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
                    let status = xmlParseChunk(context, bytes.map { $0 + head }, Int32(raw.count - head), 1)
                    if status != 0, reading.failure == nil, !reading.stoppedByHandler {
                        reading.failure = XMLReadFailure(reason: .notWellFormed, message: "libxml2 error \(status)", line: nil)
                    }
                }
            }
            if let failure = reading.failure { return .failed(failure) }
            return reading.stoppedByHandler ? .stopped : .complete
        }
    }
}

/// The state of one read, reached from libxml2's callbacks through their user-data pointer.
private final class XMLReading {
    let limits: XMLReadLimits
    let handle: (XMLEvent) -> XMLReadNext
    var context: xmlParserCtxtPtr?
    var depth = 0
    var failure: XMLReadFailure?
    var stoppedByHandler = false

    init(limits: XMLReadLimits, handle: @escaping (XMLEvent) -> XMLReadNext) {
        self.limits = limits
        self.handle = handle
    }

    static func of(_ pointer: UnsafeMutableRawPointer?) -> XMLReading {
        Unmanaged<XMLReading>.fromOpaque(pointer!).takeUnretainedValue()
    }

    var done: Bool { failure != nil || stoppedByHandler }

    var line: Int? {
        guard let context else { return nil }
        let line = Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer(context)))
        return line > 0 ? line : nil
    }

    func fail(_ reason: XMLReadFailure.Reason, _ message: String, line: Int?) {
        guard !done else { return }
        failure = XMLReadFailure(reason: reason, message: message, line: line)
        if let context { xmlStopParser(context) }
    }

    func deliver(_ event: XMLEvent) {
        guard !done else { return }
        if handle(event) == .stop {
            stoppedByHandler = true
            if let context { xmlStopParser(context) }
        }
    }

    static func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        text.map { String(cString: $0) }
    }

    /// Without XML_PARSE_NOENT libxml2 hands an attribute's `&` (written `&amp;` or `&#38;`) on as
    /// `&#38;`, for a tree builder to reparse; no other reference can remain (entities are refused).
    static func attributeValue(_ start: UnsafePointer<xmlChar>, _ end: UnsafePointer<xmlChar>) -> String {
        let text = String(decoding: UnsafeBufferPointer(start: start, count: Swift.max(0, end - start)), as: UTF8.self)
        return text.contains("&#38;") ? text.replacingOccurrences(of: "&#38;", with: "&") : text
    }

    /// The SAX2 callbacks: elements and text to the handler; a DOCTYPE (unless allowed) and any
    /// entity declaration end the read; errors (not warnings) end it as not well-formed.
    static func handler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { user, localName, prefix, uri, _, _, attributeCount, _, attributes in
            let reading = XMLReading.of(user)
            guard !reading.done, let localName else { return }
            reading.depth += 1
            guard reading.depth <= reading.limits.maximumDepth else {
                reading.fail(.tooDeep, "elements are nested deeper than \(reading.limits.maximumDepth)", line: reading.line)
                return
            }
            var list: [XMLAttribute] = []
            if let attributes, attributeCount > 0 {
                list.reserveCapacity(Int(attributeCount))
                for index in 0..<Int(attributeCount) {
                    // localname, prefix, URI, value, end of value
                    let base = index * 5
                    guard let name = attributes[base], let value = attributes[base + 3], let end = attributes[base + 4] else { continue }
                    list.append(XMLAttribute(name: XMLName(localName: String(cString: name), prefix: XMLReading.string(attributes[base + 1]),
                                                           namespace: XMLReading.string(attributes[base + 2])),
                                             value: XMLReading.attributeValue(value, end)))
                }
            }
            let name = XMLName(localName: String(cString: localName), prefix: XMLReading.string(prefix), namespace: XMLReading.string(uri))
            reading.deliver(.start(XMLStartTag(name: name, attributes: list, line: reading.line ?? 0)))
        }
        sax.endElementNs = { user, localName, prefix, uri in
            let reading = XMLReading.of(user)
            guard !reading.done, let localName else { return }
            reading.depth -= 1
            reading.deliver(.end(XMLName(localName: String(cString: localName), prefix: XMLReading.string(prefix), namespace: XMLReading.string(uri))))
        }
        let characters: charactersSAXFunc = { user, bytes, count in
            let reading = XMLReading.of(user)
            guard !reading.done, let bytes, count > 0 else { return }
            reading.deliver(.text(String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)))
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = { user, bytes, count in
            let reading = XMLReading.of(user)
            guard !reading.done, let bytes, count > 0 else { return }
            reading.deliver(.text(String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)))
        }
        // Called at `<!DOCTYPE name …`, before any internal subset is read.
        sax.internalSubset = { user, _, _, _ in
            let reading = XMLReading.of(user)
            guard !reading.limits.allowsDoctype else { return }
            reading.fail(.doctype, "the document has a document type declaration (<!DOCTYPE>)", line: reading.line)
        }
        sax.entityDecl = { user, name, _, _, _, _ in
            let reading = XMLReading.of(user)
            reading.fail(.entityDeclaration, "the document declares an entity (\(XMLReading.string(name) ?? "?"))", line: reading.line)
        }
        sax.unparsedEntityDecl = { user, name, _, _, _ in
            let reading = XMLReading.of(user)
            reading.fail(.entityDeclaration, "the document declares an entity (\(XMLReading.string(name) ?? "?"))", line: reading.line)
        }
        sax.serror = { user, error in
            guard let user, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let reading = XMLReading.of(user)
            let message = error.pointee.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(error.pointee.code)"
            reading.fail(.notWellFormed, message, line: error.pointee.line > 0 ? Int(error.pointee.line) : reading.line)
        }
        return sax
    }
}
