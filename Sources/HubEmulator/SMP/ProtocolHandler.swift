// The server side of docs/protocol.md §1–7: register, read, update, delete connections, and bundles.

import COpenSSL
import Foundation
import HTTPTypes
import Hummingbird

/// Answers protocol requests from the state. Faults and the request log are applied around it
/// (see `EmulatorResponder`); this type only knows the protocol's rules.
struct ProtocolHandler: Sendable {
    let configuration: EmulatorConfiguration
    let state: EmulatorState

    static let realm = "hubctl-emulator"
    static let maximumIdLength = 128

    /// The answer to a request of the registration service or its bundles, and the 404 of an
    /// address no route names (EmulatorRoutes.fallback). HEAD is the envelope's (`.protocolRequest`).
    func respond(to request: Request) async -> Response {
        let format = request.wantedFormat(configuration.answerFormat)
        guard let address = ProtocolPath.parse(request.uri.path, prefix: configuration.pathPrefix) else {
            return Answers.error(.notFound, "ResourceNotFound", "No resource at \(request.uri.path).", format)
        }
        guard state.application(address.appId) != nil else {
            return Answers.error(.notFound, "ApplicationNotFound", "Application '\(address.appId)' does not exist.", format)
        }
        // `public/` is SMP 3's anonymous address; Mobile Services documents anonymous access on the
        // plain one (its "Managing App Registrations" page), so it has no such address.
        if address.isPublic && state.clientServices.platform == .mobileServices {
            return Answers.error(.notFound, "ResourceNotFound", "No resource at \(request.uri.path) (Mobile Services has no public/ addresses).", format)
        }
        if let version = address.version, !configuration.versions.contains(version) {
            return Answers.error(.notFound, "ResourceNotFound", "API version '\(version)' is not supported by this server.", format)
        }
        let caller: Caller
        switch identify(request, appId: address.appId, format: format) {
        case .caller(let who): caller = who
        case .refused(let response): return response
        }
        do {
            switch address.resource {
            case .serviceDocument:
                guard isRead(request.method) else { return Answers.methodNotAllowed(allow: "GET", format) }
                return Answers.serviceDocument(request: request, address: address, format: format)
            case .metadata:
                guard isRead(request.method) else { return Answers.methodNotAllowed(allow: "GET", format) }
                guard state.metadataServed else {
                    return Answers.error(.notFound, "ResourceNotFound", "No resource at \(request.uri.path).", format)
                }
                return Answers.metadata(state.metadataDocument
                    ?? ServiceMetadata.document(version: address.version, custom: state.customProperties))
            case .connections:
                guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", format) }
                return try await register(request, address: address, caller: caller, format: format)
            case .connection(let id):
                return try await connection(request, id: id, address: address, caller: caller, format: format)
            case .connectionNavigation(let id, let navigation):
                return readOnlyCollection(request, name: navigation, path: ProtocolPath.connectionSegment(id) + "/" + navigation,
                                          connectionId: id, address: address, caller: caller, format: format)
            case .readOnlySet(let set):
                return readOnlyCollection(request, name: set, path: set, connectionId: nil, address: address,
                                          caller: caller, format: format)
            case .bundle(let bundleId):
                return bundle(request, bundleId: bundleId, address: address, caller: caller, format: format)
            case .unknown:
                return Answers.error(.notFound, "ResourceNotFound", "No resource at \(request.uri.path).", format)
            }
        } catch let rejection as PropertyRejection {
            return Answers.error(.badRequest, rejection.code, rejection.message, format)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return Answers.error(.contentTooLarge, "RequestTooLarge", "The request body is larger than 1 MiB.", format)
        } catch {
            return Answers.error(.badRequest, "InvalidRequest", "The request could not be read: \(error).", format)
        }
    }

    private func isRead(_ method: HTTPRequest.Method) -> Bool { method == .get || method == .head }

    // MARK: Authentication and ownership

    /// Who is calling. Anonymous applications accept any or no credentials (the user is whoever is named, if
    /// anyone). Others need a known user and the right password. nil = refuse with 401.
    enum Identification { case caller(Caller), refused(Response) }

    /// Who calls for `appId`, for every service of the application (registration, bundles, the
    /// client services): Mobile Services' gate first (application versioning, SAML, an OAuth bearer
    /// token or the tenant session), then the application's certificate or Basic rules; otherwise
    /// the answer that refuses the request.
    func identify(_ request: Request, appId: String, format: WireFormat) -> Identification {
        switch state.mobileServices.admit(request, appId: appId, format: format) {
        case .usual: break
        case .refused(let response): return .refused(response)
        case .admitted(let user): return .caller(Caller(user: user, anonymousApp: false))
        }
        guard let caller = authenticate(request, appId: appId) else {
            var response = Answers.error(.unauthorized, "Unauthorized", "Authentication required.", format)
            response.headers[.wwwAuthenticate] = "Basic realm=\"\(Self.realm)\""
            return .refused(response)
        }
        return .caller(caller)
    }

    private func authenticate(_ request: Request, appId: String) -> Caller? {
        guard let app = state.application(appId) else { return nil }
        let credentials = request.basicCredentials
        if app.configuration.anonymous { return Caller(user: credentials?.user, anonymousApp: true) }
        // Behind a TLS proxy that verified the client certificate (docs/security.md §11), the user is the
        // certificate's CN; without a forwarded certificate, Basic still works.
        if app.configuration.authentication == "certificate", let user = request.forwardedCertificateUser {
            return Caller(user: user, anonymousApp: false)
        }
        guard let credentials, let password = app.configuration.password(of: credentials.user),
              password == credentials.password else { return nil }
        return Caller(user: credentials.user, anonymousApp: false)
    }

    struct Caller {
        let user: String?
        let anonymousApp: Bool

        /// A connection belongs to (application, user); anonymous applications share theirs.
        func owns(_ connection: ConnectionRecord, appId: String) -> Bool {
            connection.appId == appId && (anonymousApp || connection.user == user)
        }
    }

    // MARK: Register

    private func register(_ request: Request, address: ProtocolAddress, caller: Caller, format: WireFormat) async throws -> Response {
        let body = try await request.collectSmallBody()
        let schema = state.schema(version: address.version)
        var values: [String: ODataValue] = [:]
        var bodyId: String?
        for (name, value) in try readProperties(request, body) {
            if name == "ApplicationConnectionId" {
                guard case .string(let id) = value else {
                    throw PropertyRejection(code: "InvalidPropertyValue", message: "ApplicationConnectionId must be a string.")
                }
                bodyId = id
                continue
            }
            if name == "Capability" {
                // "Capabilities upon registration": service version 3 or later.
                if let version = address.version, version.hasPrefix("v"), let n = Int(version.dropFirst()), n < 3 {
                    throw PropertyRejection(code: "InvalidProperty", message: "Capability needs service version 3 or later, not \(version).")
                }
                values[name] = try ClientCapabilities.validate(value)
                continue
            }
            values[name] = try RegistrationSchema.validateClientWrite(name, value, fromText: !isJSON(request, body),
                                                                    properties: schema)
        }
        let headerId = request.headers[.smpAppCID]
        if let headerId, let bodyId, headerId != bodyId {
            throw PropertyRejection(code: "InvalidRequest",
                                    message: "The X-SMP-APPCID header and the body's ApplicationConnectionId differ.")
        }
        let id = headerId ?? bodyId ?? UUID().uuidString.lowercased()
        if let problem = Self.problemWithClientId(id) {
            throw PropertyRejection(code: "InvalidApplicationConnectionId", message: problem)
        }
        switch state.createConnection(id: id, appId: address.appId, user: caller.user, clientValues: values) {
        case .unknownApplication:
            return Answers.error(.notFound, "ApplicationNotFound", "Application '\(address.appId)' does not exist.", format)
        case .conflict:
            return Answers.error(.conflict, "Conflict", "An application connection with id '\(id)' already exists.", format)
        case .created(let record):
            let locations = Set(configuration.idLocations)
            let entityURL = request.baseURL + address.applicationPath + "/" + ProtocolPath.connectionSegment(id)
            var response = Answers.entity(record, schema: schema, request: request, address: address, format: format,
                                          includeId: locations.contains(.body), status: .created)
            response.headers[.location] = entityURL
            if locations.contains(.header) { response.headers[.smpAppCID] = id }
            if locations.contains(.cookie) {
                response.headers.append(HTTPField(name: .setCookie, value: "X-SMP-APPCID=\(id); Path=/"))
                response.headers.append(HTTPField(name: .setCookie, value: "X-SUP-APPCID=\(id); Path=/"))
            }
            let session = UUID().uuidString.replacingOccurrences(of: "-", with: "")
            response.headers.append(HTTPField(name: .setCookie, value: "X-SMP-SESSID=\(session); Path=/; HttpOnly"))
            return response
        }
    }

    /// A client-chosen id must fit in a cookie and an OData key: 1–128 visible ASCII characters without
    /// separators.
    static func problemWithClientId(_ id: String) -> String? {
        if id.isEmpty { return "X-SMP-APPCID is empty; send an id of 1 to \(maximumIdLength) characters or none." }
        if id.count > maximumIdLength {
            return "X-SMP-APPCID is \(id.count) characters long; at most \(maximumIdLength) are allowed."
        }
        let forbidden = Set(" \"'(),/;\\=")
        if id.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E }) || id.contains(where: forbidden.contains) {
            return "X-SMP-APPCID may only hold visible ASCII characters other than space, quotes, ( ) , / ; = and \\."
        }
        return nil
    }

    // MARK: One connection

    private func connection(_ request: Request, id: String, address: ProtocolAddress, caller: Caller,
                            format: WireFormat) async throws -> Response {
        guard request.applicationConnectionId != nil else {
            return Answers.error(.forbidden, "Forbidden",
                                 "The request has no X-SMP-APPCID header or cookie; register first and send the connection id.", format)
        }
        guard let record = state.connection(id), caller.owns(record, appId: address.appId) else {
            return Answers.error(.notFound, "ResourceNotFound", "Application connection '\(id)' does not exist.", format)
        }
        var method = request.method
        if method == .post, let override = request.headers[.httpMethodOverride]?.uppercased() {
            guard let overridden = HTTPRequest.Method(override) else {
                return Answers.methodNotAllowed(allow: "GET, PUT, PATCH, MERGE, DELETE", format)
            }
            method = overridden
        }
        switch method.rawValue {
        case "GET", "HEAD":
            let schema = state.schema(version: address.version)
            // The answer's ETag is a digest of what it says (the properties of this version, the
            // format), so it changes exactly when the entity does.
            let tag = Self.contentTag(record, schema: schema, format: format)
            if let wanted = request.queryValue("If-None-Match") ?? request.headers[.ifNoneMatch] {
                let property: String? = if case .string(let etag) = record.values["ETag"] ?? .null { etag } else { nil }
                let tags = wanted.split(separator: ",").map { Self.unquote(String($0)) }
                if tags.contains(where: { $0 == "*" || $0 == tag || $0 == property }) {
                    var notModified = Response(status: .notModified)
                    notModified.headers[.eTag] = "\"\(tag)\""
                    return notModified
                }
            }
            var response = Answers.entity(record, schema: schema, request: request,
                                          address: address, format: format, includeId: true, status: .ok)
            response.headers[.eTag] = "\"\(tag)\""
            return response
        case "PUT", "PATCH", "MERGE":
            let body = try await request.collectSmallBody()
            let schema = state.schema(version: address.version)
            var values: [String: ODataValue] = [:]
            for (name, value) in try readProperties(request, body) {
                if name == "ApplicationConnectionId", value == .string(id) { continue }
                values[name] = try RegistrationSchema.validateClientWrite(name, value, fromText: !isJSON(request, body),
                                                                        properties: schema)
            }
            guard state.updateConnection(id, values: values, replace: method == .put, version: address.version) != nil else {
                return Answers.error(.notFound, "ResourceNotFound", "Application connection '\(id)' does not exist.", format)
            }
            return Response(status: .noContent)
        case "DELETE":
            guard state.deleteConnection(id) else {
                return Answers.error(.notFound, "ResourceNotFound", "Application connection '\(id)' does not exist.", format)
            }
            return Response(status: .ok)
        default:
            return Answers.methodNotAllowed(allow: "GET, PUT, PATCH, MERGE, DELETE", format)
        }
    }

    // MARK: Read-only collections

    /// `Endpoints`, `Capabilities`, `FeatureVectorPolicies` and a connection's `Capability` /
    /// `FeatureVectorPolicy`: read-only, and empty, since the emulator keeps no proxy endpoints,
    /// capabilities or feature vector policies. All but `Endpoints` are the calling connection's own, so
    /// they need its id like a read of the connection (§4).
    private func readOnlyCollection(_ request: Request, name: String, path: String, connectionId: String?,
                                    address: ProtocolAddress, caller: Caller, format: WireFormat) -> Response {
        guard isRead(request.method) else { return Answers.methodNotAllowed(allow: "GET", format) }
        if name != "Endpoints" {
            guard let sent = request.applicationConnectionId else {
                return Answers.error(.forbidden, "Forbidden",
                                     "The request has no X-SMP-APPCID header or cookie; register first and send the connection id.", format)
            }
            let id = connectionId ?? sent
            guard let record = state.connection(id), caller.owns(record, appId: address.appId) else {
                return Answers.error(.notFound, "ResourceNotFound", "Application connection '\(id)' does not exist.", format)
            }
        }
        return Answers.emptyCollection(name, request: request, address: address, path: path, format: format)
    }

    /// The hex SHA-256 (first 32 digits) of a connection's properties as `schema` lists them, and the format.
    static func contentTag(_ record: ConnectionRecord, schema: [PropertyDefinition], format: WireFormat) -> String {
        let text = (format == .json ? "json\n" : "atom\n") + ODataJSON.write(.object(record.orderedProperties(schema)))
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { SHA256($0.baseAddress, $0.count, &digest) }
        return digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// `"2017-01-10 06:10:33.406"` or `W/"…"` → the bare ETag.
    private static func unquote(_ text: String) -> String {
        var t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("W/") { t.removeFirst(2) }
        if t.count >= 2, t.hasPrefix("\""), t.hasSuffix("\"") { t = String(t.dropFirst().dropLast()) }
        return t
    }

    private func isJSON(_ request: Request, _ body: Data) -> Bool {
        Request.bodyIsJSON(contentType: request.headers[.contentType], body: body)
    }

    /// The properties of a JSON or Atom body; an empty body has none.
    private func readProperties(_ request: Request, _ body: Data) throws(PropertyRejection) -> [(String, ODataValue)] {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [] }
        return isJSON(request, body) ? try ODataJSON.readProperties(body) : try ODataAtom.readProperties(body)
    }

    // MARK: Bundles

    private func bundle(_ request: Request, bundleId: String?, address: ProtocolAddress, caller: Caller,
                        format: WireFormat) -> Response {
        guard isRead(request.method) else { return Answers.methodNotAllowed(allow: "GET", format) }
        guard let id = request.applicationConnectionId else {
            return Answers.error(.forbidden, "Forbidden",
                                 "The request has no X-SMP-APPCID header or cookie; register first and send the connection id.", format)
        }
        guard let record = state.connection(id), caller.owns(record, appId: address.appId) else {
            return Answers.error(.forbidden, "Forbidden", "X-SMP-APPCID '\(id)' is not a connection of this application and user.", format)
        }
        guard let bundle = state.bundle(appId: address.appId, bundleId: bundleId) else {
            let what = bundleId.map { "Bundle '\($0)'" } ?? "No bundle was uploaded for application '\(address.appId)', so the default bundle"
            return Answers.error(.notFound, "BundleNotFound", "\(what) does not exist.", format)
        }
        // Conditional reads as for the settings (§4): If-None-Match first, else If-Modified-Since.
        // SAP documents neither for bundles; clients must not rely on them (docs/protocol.md §7).
        if !bundle.honorsConditions {
            return Answers.bundle(bundle)
        } else if let wanted = request.headers[.ifNoneMatch] {
            if wanted.split(separator: ",").map({ Self.unquote(String($0)) }).contains(where: { $0 == "*" || $0 == bundle.etag }) {
                return Answers.bundleNotModified(bundle)
            }
        } else if let since = request.headers[.ifModifiedSince].flatMap(Answers.parseHTTPDate),
                  Answers.wholeSeconds(bundle.uploadedAt) <= since {
            return Answers.bundleNotModified(bundle)
        }
        return Answers.bundle(bundle)
    }
}
