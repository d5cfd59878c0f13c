// Builds the protocol's HTTP answers: entities and errors in JSON or Atom, documents, bundle bytes.

import Foundation
import Hummingbird

enum Answers {
    static let jsonType = "application/json;charset=utf-8"
    static let atomEntryType = "application/atom+xml;type=entry;charset=utf-8"
    static let xmlType = "application/xml;charset=utf-8"

    /// SMP answers `$metadata`, the service document and the registration service's entities with
    /// `DataServiceVersion: 1.0` (docs/protocol.md §13); errors and the control API say 2.0.
    static func text(_ status: HTTPResponse.Status, _ body: String, contentType: String,
                     dataServiceVersion: String = "2.0") -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.dataServiceVersion] = dataServiceVersion
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// A JSON answer of the control API and the JSON services (no OData envelope).
    static func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response {
        text(status, ODataJSON.write(value), contentType: "application/json")
    }

    /// The `$metadata` document.
    static func metadata(_ body: String) -> Response {
        text(.ok, body, contentType: xmlType, dataServiceVersion: "1.0")
    }

    /// An empty collection of a read-only set or navigation property: `{"d": {"results": []}}` or an empty Atom feed.
    static func emptyCollection(_ name: String, request: Request, address: ProtocolAddress, path: String,
                                format: WireFormat) -> Response {
        switch format {
        case .json:
            return text(.ok, ODataJSON.write(.object([("d", .object([("results", .array([]))]))])),
                        contentType: jsonType, dataServiceVersion: "1.0")
        case .atom:
            let base = request.baseURL + address.applicationPath + "/"
            return text(.ok, ODataAtom.emptyFeed(base: base, path: path, title: name, updated: EmulatorState.nowMillis()),
                        contentType: "application/atom+xml;type=feed;charset=utf-8", dataServiceVersion: "1.0")
        }
    }

    /// An OData error: `{"error": {"code", "message": {"lang", "value"}}}`, or its XML form for Atom clients.
    static func error(_ status: HTTPResponse.Status, _ code: String, _ message: String, _ format: WireFormat) -> Response {
        switch format {
        case .json:
            return text(status, ODataJSON.error(code: code, message: message), contentType: jsonType)
        case .atom:
            let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <error xmlns="\(ODataAtom.metadataNamespace)"><code>\(ODataAtom.escape(code))</code>\
            <message xml:lang="en">\(ODataAtom.escape(message))</message></error>
            """
            return text(status, body, contentType: xmlType)
        }
    }

    static func methodNotAllowed(allow: String, _ format: WireFormat) -> Response {
        var response = error(.methodNotAllowed, "MethodNotAllowed", "This resource allows \(allow) only.", format)
        response.headers[.allow] = allow
        return response
    }

    /// The Connection entity. Without `includeId` the body carries no id at all (tests of clients that must
    /// fall back to the header or cookie): no ApplicationConnectionId, no URI, no Atom `<id>` or edit link.
    /// `schema` is the Connection properties of the address's API version.
    static func entity(_ record: ConnectionRecord, schema: [PropertyDefinition], request: Request, address: ProtocolAddress,
                       format: WireFormat, includeId: Bool, status: HTTPResponse.Status) -> Response {
        var properties = record.orderedProperties(schema)
        if !includeId { properties.removeAll { $0.0 == "ApplicationConnectionId" } }
        let base = request.baseURL + address.applicationPath + "/"
        let key = ProtocolPath.connectionSegment(record.id)
        let int64Names = Set(schema.filter { $0.type == .int64 }.map(\.name))
        switch format {
        case .json:
            // OData V2 JSON writes Edm.Int64 as a string.
            properties = properties.map { name, value in
                if int64Names.contains(name), case .int(let i) = value { return (name, .string(String(i))) }
                return (name, value)
            }
            return text(status, ODataJSON.entity(properties, uri: includeId ? base + key : nil), contentType: jsonType,
                        dataServiceVersion: "1.0")
        case .atom:
            let updated: Int64
            if case .date(let created) = record.values["CreatedAt"] ?? .null { updated = created } else { updated = EmulatorState.nowMillis() }
            return text(status, ODataAtom.entry(properties, base: base, key: includeId ? key : nil, updated: updated,
                                                int64Names: int64Names),
                        contentType: atomEntryType, dataServiceVersion: "1.0")
        }
    }

    static func serviceDocument(request: Request, address: ProtocolAddress, format: WireFormat) -> Response {
        switch format {
        case .json:
            return text(.ok, ODataJSON.serviceDocument(entitySets: ServiceMetadata.entitySets), contentType: jsonType,
                        dataServiceVersion: "1.0")
        case .atom:
            let base = request.baseURL + address.applicationPath + "/"
            return text(.ok, ODataAtom.serviceDocument(base: base, entitySets: ServiceMetadata.entitySets),
                        contentType: "application/atomsvc+xml;charset=utf-8", dataServiceVersion: "1.0")
        }
    }

    /// The bundle's bytes in slices of the stored buffer: streamed, never copied. With
    /// `X-BUNDLE-EXTENSION` (SAP's header), and `ETag` and `Last-Modified` (not documented by SAP).
    static func bundle(_ bundle: StoredBundle) -> Response {
        var headers = bundleHeaders(bundle)
        headers[.contentType] = "application/octet-stream"
        headers[.bundleExtension] = bundle.fileExtension
        if let name = bundle.fileName {
            let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            headers[.contentDisposition] = "attachment; filename=\"\(escaped)\""
        }
        let bytes = bundle.bytes
        let body = ResponseBody(contentLength: bytes.readableBytes) { writer in
            var rest = bytes
            while rest.readableBytes > 0, let slice = rest.readSlice(length: min(256 * 1024, rest.readableBytes)) {
                try await writer.write(slice)
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// 304 to a conditional read of a bundle that has not changed.
    static func bundleNotModified(_ bundle: StoredBundle) -> Response {
        Response(status: .notModified, headers: bundleHeaders(bundle))
    }

    private static func bundleHeaders(_ bundle: StoredBundle) -> HTTPFields {
        var headers = HTTPFields()
        headers[.eTag] = "\"\(bundle.etag)\""
        headers[.lastModified] = httpDate(bundle.uploadedAt)
        return headers
    }

    // MARK: HTTP dates (RFC 9110 §5.6.7, IMF-fixdate)

    private static let httpDateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = httpDateFormat
        return formatter.string(from: date)
    }

    static func parseHTTPDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = httpDateFormat
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }

    /// A date as an HTTP date holds it: whole seconds.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
