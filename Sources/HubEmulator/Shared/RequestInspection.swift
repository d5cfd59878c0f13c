// What a protocol request says about itself: credentials, connection id, wanted format, body format.

import Foundation
import HTTPTypes
import Hummingbird

/// The two answer formats of OData V2.
enum WireFormat {
    case json, atom
}

extension HTTPField.Name {
    static let smpAppCID = HTTPField.Name("X-SMP-APPCID")!
    static let supAppCID = HTTPField.Name("X-SUP-APPCID")!
    static let httpMethodOverride = HTTPField.Name("X-HTTP-Method")!
    static let bundleExtension = HTTPField.Name("X-BUNDLE-EXTENSION")!
    static let dataServiceVersion = HTTPField.Name("DataServiceVersion")!
}

extension Request {
    /// The user name and password of an `Authorization: Basic` header, nil when there is none or it is malformed.
    var basicCredentials: (user: String, password: String)? {
        guard let header = headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8),
              let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// The user of a client certificate a reverse proxy verified and forwarded: `SSL_CLIENT_CERT` must be
    /// present, and the CN comes from the subject DN in `SSL_CLIENT_S_DN` (nginx's `$ssl_client_s_dn`,
    /// RFC 2253: `CN=alice,O=Example`). nil when either is missing. The emulator trusts the proxy.
    var forwardedCertificateUser: String? {
        guard let cert = headers[HTTPField.Name("SSL_CLIENT_CERT")!], !cert.isEmpty, cert != "(null)",
              let dn = headers[HTTPField.Name("SSL_CLIENT_S_DN")!] else { return nil }
        for part in dn.split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            if pair.hasPrefix("CN=") { let cn = String(pair.dropFirst(3)); return cn.isEmpty ? nil : cn }
        }
        return nil
    }

    /// The connection id the request carries: the `X-SMP-APPCID` header, else the cookie of that name
    /// (or the cloud's `X-SUP-APPCID` cookie).
    var applicationConnectionId: String? {
        if let header = headers[.smpAppCID], !header.isEmpty { return header }
        let cookies = self.cookies
        for name in ["X-SMP-APPCID", "X-SUP-APPCID"] {
            if let value = cookies[name]?.value, !value.isEmpty { return value }
        }
        return nil
    }

    /// The first value of a query parameter, percent-decoded.
    func queryValue(_ name: String) -> String? {
        uri.queryParameters[name[...]].map(String.init)
    }

    /// The answer format: forced by the configuration, else `$format`, else the first JSON or XML type in
    /// `Accept`. Without either, Atom, as OData V2 services answer by default.
    func wantedFormat(_ forced: EmulatorConfiguration.AnswerFormat) -> WireFormat {
        switch forced {
        case .json: return .json
        case .atom: return .atom
        case .accept: break
        }
        if let format = queryValue("$format")?.lowercased() {
            if format == "json" { return .json }
            if format == "atom" || format == "xml" { return .atom }
        }
        for item in (headers[.accept] ?? "").split(separator: ",") {
            let mediaType = item.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            if mediaType.hasSuffix("/json") || mediaType.hasSuffix("+json") { return .json }
            if mediaType.hasSuffix("/xml") || mediaType.hasSuffix("+xml") { return .atom }
        }
        return .atom
    }

    /// Whether the body is JSON (else Atom): by `Content-Type` (tolerating SAP's `charset=utf+8`),
    /// else by its first character.
    static func bodyIsJSON(contentType: String?, body: Data) -> Bool {
        let type = (contentType ?? "").lowercased()
        if type.contains("json") { return true }
        if type.contains("xml") { return false }
        let first = body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        return first != UInt8(ascii: "<")
    }

    /// The request's address as the client wrote it, for absolute URIs in answers.
    var baseURL: String {
        guard let authority = head.authority else { return "" }
        return "http://" + authority
    }

    /// A control request's body, which must be one JSON object (else 400).
    func jsonObjectBody() async throws -> ODataValue {
        let data = try await collectSmallBody()
        guard let value = try? ODataValue.parseJSON(data), case .object = value else {
            throw HTTPError(.badRequest, message: "The body must be a JSON object.")
        }
        return value
    }

    /// Collects a small body (protocol requests carry a few kilobytes at most).
    func collectSmallBody() async throws -> Data {
        var request = self
        let buffer = try await request.collectBody(upTo: 1 << 20)
        return Data(buffer.readableBytesView)
    }
}
