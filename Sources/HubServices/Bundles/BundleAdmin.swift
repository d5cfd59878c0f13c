// Mobile Services' Client Resources admin API (docs/protocol.md §19): the operator's half of
// client resource bundles, reached with a Client Resources service key (API key or X.509) or a
// binding. SAP documents the create (POST the entity set), the content (PUT …/BundleFile) and the
// default (POST …/com.sap.mobile.server.bundle.admin.v1.SetDefault); reading and deleting follow
// OData's conventions for the same entity set and are *unconfirmed*, so their answers are read
// tolerantly (`d.results`, `value`, or a bare list; `d` or the bare entity).

import Foundation
import HubAuth
import HubCore
import HubTransport

/// One bundle as the admin API lists it.
public struct AdminBundle: Sendable, Equatable {
    public var applicationId: String?
    public var name: String
    public var version: String
    public var fileExtension: String?
    public var isDefault: Bool
    /// Not in SAP's documented entity: read when a server sends it (*unconfirmed*).
    public var size: Int64?
    /// When it was created, as the server wrote it (*unconfirmed* member, `CreatedAt`).
    public var created: String?

    public init(applicationId: String? = nil, name: String, version: String, fileExtension: String? = nil, isDefault: Bool = false,
                size: Int64? = nil, created: String? = nil) {
        self.applicationId = applicationId
        self.name = name
        self.version = version
        self.fileExtension = fileExtension
        self.isDefault = isDefault
        self.size = size
        self.created = created
    }

    /// `name:version`, as devices address it (`/bundles/<app>/<name>:<version>`).
    public var id: String { name + ":" + version }
}

/// A bundle id `name:version` given by the user, checked before anything is sent.
public struct BundleId: Sendable, Equatable {
    public let name: String
    public let version: String

    public init(name: String, version: String) throws {
        try BundleAdmin.check(name: name, version: version)
        self.name = name
        self.version = version
    }

    /// `N:V`: the first colon separates (a name has none; SMP 2.3.5).
    public init(parsing text: String) throws {
        guard let colon = text.firstIndex(of: ":") else {
            throw HubError.usage("\(HubError.quoted(text)) is not a bundle id: give NAME:VERSION (as `bundle list` prints it). Nothing was sent.")
        }
        try self.init(name: String(text[..<colon]), version: String(text[text.index(after: colon)...]))
    }

    public var id: String { name + ":" + version }
}

/// The Client Resources admin client: the transport, the credentials, a token when needed.
public final class BundleAdmin {
    public var credentials: PushBackendCredentials { authorization.credentials }
    let http: any HTTPTransport
    private let authorization: ServiceKeyAuthorization
    private let note: ((String) -> Void)?

    /// "Origin from where the application is created. The valid value is \"SAP Mobile Services\"."
    public static let origin = "SAP Mobile Services"
    /// "The maximum size is 1 GB"; "The maximum total bundle count is 100 for an application."
    public static let maximumBytes: Int64 = 1 << 30
    public static let maximumBundles = 100
    static let entitySet = "ApplicationResourceBundles"
    static let setDefaultAction = "com.sap.mobile.server.bundle.admin.v1.SetDefault"

    public init(credentials: PushBackendCredentials, transport: any HTTPTransport, tokenCache: ClientCredentialsCache?,
                certificateTransport: (any HTTPTransport)? = nil, note: ((String) -> Void)? = nil) {
        http = transport
        self.note = note
        authorization = ServiceKeyAuthorization(credentials: credentials, transport: transport, tokenCache: tokenCache,
                                                certificateTransport: certificateTransport, note: note)
    }

    // MARK: Names

    /// SMP 2.3.5: "Property values cannot include a colon (":"), a question mark ("?"), a number
    /// sign ("#"), or a percent sign ("%")"; and a `/` or a dot segment could not be one segment of
    /// the device's address. Refused (64) before anything is sent.
    public static func check(name: String, version: String) throws {
        if let problem = problem(name: name, version: version) { throw HubError.usage(problem + " Nothing was sent.") }
    }

    /// What makes `name` or `version` unusable in an address (the rules of `check`), nil when nothing does.
    static func problem(name: String, version: String) -> String? {
        for (value, what) in [(name, "bundle name"), (version, "bundle version")] {
            guard !value.isEmpty else { return "The \(what) is empty." }
            if let bad = value.first(where: { ":?#%/".contains($0) }) {
                return "The \(what) \(HubError.quoted(value)) has \(HubError.quoted(String(bad))); SAP's bundle names and versions cannot hold : ? # % (nor / in an address)."
            }
            guard !SafeName.isDotSegment(value) else { return "The \(what) \(HubError.quoted(value)) cannot be part of an address." }
            guard value.utf8.count <= 255, !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return "The \(what) \(HubError.quoted(value)) is longer than 255 bytes or has a control character."
            }
        }
        return nil
    }

    /// A bundle the server listed or showed, checked where it is read (65) by the rules of
    /// `check`: its name and version go into the addresses of later requests (`bundle prune`'s
    /// deletes), and none is sent with a name that cannot be one.
    static func checkRead(_ bundle: AdminBundle) throws {
        guard let problem = problem(name: bundle.name, version: bundle.version) else { return }
        throw HubError(.data, code: .malformedResponse,
                       "Mobile Services answered with a bundle hubctl cannot address: \(problem) No request was sent with it.")
    }

    /// Whether `value` may be the file extension devices are told (`X-BUNDLE-EXTENSION`): 1 to 32
    /// letters and digits, no dot. The one rule for `--extension` and for the extension taken from
    /// the file's name; `bundle publish` refuses (64) before anything is sent.
    public static func isFileExtension(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= 32 && value.allSatisfy { $0.isLetter || $0.isNumber }
    }

    // MARK: Addresses

    /// `…/mobileservices/origin/{origin}/bundles/v1/admin/ApplicationResourceBundles`.
    var entitySetURL: String {
        credentials.url + "/mobileservices/origin/" + SMPEndpoint.escape(segment: Self.origin) + "/bundles/v1/admin/" + Self.entitySet
    }

    /// An OData string literal: quoted, its quotes doubled, then escaped for the path.
    static func literal(_ value: String) -> String {
        "'" + PercentEncoding.pathSegment.encode(value.replacingOccurrences(of: "'", with: "''")) + "'"
    }

    func entityURL(appId: String, _ bundle: BundleId) -> String {
        entitySetURL + "(ApplicationId=\(Self.literal(appId)),BundleName=\(Self.literal(bundle.name)),BundleVersion=\(Self.literal(bundle.version)))"
    }

    // MARK: Requests

    func exchange(_ method: String, _ url: String, json body: JSONValue? = nil, upload: RequestBody? = nil,
                  contentType: String? = nil) throws -> HTTPResponse {
        var headers = [HTTPHeader("Accept", "application/json")]
        var request: HTTPRequest
        if let upload {
            if let contentType { headers.append(HTTPHeader("Content-Type", contentType)) }
            // An upload is sent once: a failure removes what it created (`BundlePublisher`).
            request = HTTPRequest(method: method, url: url, headers: headers + authorization.headers, upload: upload, idempotent: false)
        } else {
            let data = try body.map { try JSONOutput.encode($0, pretty: false) }
            if data != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
            request = HTTPRequest(method: method, url: url, headers: headers + authorization.headers, body: data,
                                  idempotent: method == "GET" || method == "DELETE")
        }
        request.carriesSecrets = true
        let prepared = request
        return try authorization.send { bearer in
            var r = prepared
            if let bearer { r.headers.append(HTTPHeader("Authorization", "Bearer " + bearer)) }
            return try http.send(r)
        }
    }

    /// The bundles of `appId` (of `name` alone when given).
    public func list(appId: String, name: String? = nil) throws -> [AdminBundle] {
        var filter = "ApplicationId eq '\(appId.replacingOccurrences(of: "'", with: "''"))'"
        if let name { filter += " and BundleName eq '\(name.replacingOccurrences(of: "'", with: "''"))'" }
        let url = entitySetURL + "?$filter=" + SMPEndpoint.escape(queryValue: filter)
        let response = try exchange("GET", url)
        guard response.status == 200 else { throw Self.failure(response, doing: "listing the bundles of \(HubError.quoted(appId))") }
        let value = try Self.json(response, doing: "listing the bundles")
        let items: [JSONValue]
        switch value["d"]?["results"] ?? value["value"] ?? value["d"] ?? value {
        case .array(let list): items = list
        default: throw HubError(.data, code: .malformedResponse, "The list of bundles is not a list (d.results, value, or an array).", status: response.status)
        }
        // A server that ignores $filter still answers with bundles; only those asked for are kept.
        let kept = try items.map { try Self.bundle($0) }.filter { b in
            (b.applicationId == nil || b.applicationId == appId) && (name == nil || b.name == name)
        }
        for b in kept { try Self.checkRead(b) }
        return kept
    }

    /// One bundle; 66 when there is none.
    public func show(appId: String, _ bundle: BundleId) throws -> AdminBundle {
        let response = try exchange("GET", entityURL(appId: appId, bundle))
        guard response.status == 200 else { throw Self.failure(response, doing: "reading bundle \(HubError.quoted(bundle.id))") }
        let value = try Self.json(response, doing: "reading a bundle")
        let read = try Self.bundle(value["d"] ?? value)
        try Self.checkRead(read)
        return read
    }

    /// Creates the entity: true when created (201), false when it already exists (409).
    public func create(appId: String, _ bundle: BundleId, fileExtension: String, isDefault: Bool) throws -> Bool {
        let body: JSONValue = .object([
            "ApplicationId": .string(appId), "BundleName": .string(bundle.name), "BundleVersion": .string(bundle.version),
            "BundleExtension": .string(fileExtension), "IsDefault": .bool(isDefault),
        ])
        let response = try exchange("POST", entitySetURL, json: body)
        switch response.status {
        case 200, 201: return true
        case 409: return false
        default: throw Self.failure(response, doing: "creating bundle \(HubError.quoted(bundle.id))")
        }
    }

    /// Sets the bundle's content from `body` (streamed).
    public func upload(appId: String, _ bundle: BundleId, body: RequestBody) throws {
        let response = try exchange("PUT", entityURL(appId: appId, bundle) + "/BundleFile", upload: body, contentType: "application/octet-stream")
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: "uploading bundle \(HubError.quoted(bundle.id))") }
    }

    /// Makes the bundle the application's default (200; 404 when there is no such bundle).
    public func setDefault(appId: String, _ bundle: BundleId) throws {
        let response = try exchange("POST", entityURL(appId: appId, bundle) + "/" + Self.setDefaultAction)
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: "making bundle \(HubError.quoted(bundle.id)) the default") }
    }

    /// Deletes the bundle: true when deleted, false when there was none (404).
    public func delete(appId: String, _ bundle: BundleId) throws -> Bool {
        let response = try exchange("DELETE", entityURL(appId: appId, bundle))
        switch response.status {
        case 200...299: return true
        case 404: return false
        default: throw Self.failure(response, doing: "deleting bundle \(HubError.quoted(bundle.id))")
        }
    }

    // MARK: Answers

    static func json(_ response: HTTPResponse, doing what: String) throws -> JSONValue {
        guard let value = try? JSONValue.read(response.body) else {
            throw HubError(.data, code: .malformedResponse,
                           "Mobile Services answered \(what) with a body that is not JSON (HTTP \(response.status)). Check the service key's url: a login page or a proxy may be answering instead.",
                           status: response.status)
        }
        return value
    }

    /// An entity: SAP's members (`BundleName`, `BundleVersion`, `BundleExtension`, `IsDefault`,
    /// `ApplicationId`), and `BundleSize`, `CreatedAt` when there (*unconfirmed*).
    static func bundle(_ value: JSONValue) throws -> AdminBundle {
        guard let name = value["BundleName"]?.stringValue, let version = value["BundleVersion"]?.stringValue else {
            throw HubError(.data, code: .malformedResponse, "A bundle of the answer has no BundleName or BundleVersion.")
        }
        var isDefault = false
        switch value["IsDefault"] {
        case .bool(let b)?: isDefault = b
        case .string(let s)?: isDefault = s.lowercased() == "true"
        default: break
        }
        var size: Int64?
        if let n = BoundedNumber.integer(value["BundleSize"], clampedTo: 0...Int(Int32.max) * 4) { size = Int64(n) }
        return AdminBundle(applicationId: value["ApplicationId"]?.stringValue, name: name, version: version,
                           fileExtension: value["BundleExtension"]?.stringValue, isDefault: isDefault, size: size,
                           created: value["CreatedAt"]?.stringValue)
    }

    static func message(_ response: HTTPResponse) -> String {
        guard let value = try? JSONValue.read(response.body) else { return "" }
        let text = value["error"]?["message"]?["value"]?.stringValue ?? value["error"]?["message"]?.stringValue
            ?? value["message"]?.stringValue ?? value["status"]?["message"]?.stringValue
        guard var text, !text.isEmpty else { return "" }
        while text.hasSuffix(".") { text.removeLast() }
        return ": " + String(text.prefix(300))
    }

    static func failure(_ response: HTTPResponse, doing what: String) -> HubError {
        let detail = message(response)
        switch response.status {
        case 401: return HubError(.permission, code: .authFailed, "Mobile Services refused the client resources credentials while \(what)\(detail). Check the service key or binding.", status: 401)
        case 403: return HubError(.permission, code: .forbidden, "Mobile Services refused \(what) (HTTP 403)\(detail). The service key lacks the role, or is another application's: use a Client Resources key of this application with the role (the cockpit's Service Keys).", status: 403)
        case 404: return HubError.noInput("Mobile Services found nothing while \(what) (HTTP 404)\(detail). Check the name, the version and --app-id.", code: .bundleNotFound, status: 404)
        case 413: return HubError(.usage, code: .tooLarge, "Mobile Services refused \(what) as too large (HTTP 413)\(detail); a bundle is at most 1 GB.", status: 413)
        case 400: return HubError(.data, code: .invalidData, "Mobile Services refused \(what) (HTTP 400)\(detail).", status: 400)
        case 429: return HubError(.unavailable, code: .rateLimited, "Mobile Services limits the requests of these credentials (HTTP 429 while \(what))\(detail). Try again later.", status: 429)
        default: return SMPEndpoint.unexpected(response, doing: what)
        }
    }
}
