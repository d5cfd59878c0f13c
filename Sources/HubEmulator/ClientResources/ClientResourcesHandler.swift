// Mobile Services' Client Resources admin API (docs/protocol.md §19): the operator's half of client
// resource bundles, over the same store the device addresses `/bundles/<app>/` and
// `…/<name>:<version>` serve (so a test publishes, then fetches as a device).
//
// Under /mobileservices/origin/SAP%20Mobile%20Services/bundles/v1/admin/ (SAP's "Managing Resources"):
//   POST   ApplicationResourceBundles  {ApplicationId, BundleName, BundleVersion, BundleExtension, IsDefault}
//          → 201 the entity; 409 when it exists; 400 past 100 bundles of the application
//   PUT    ApplicationResourceBundles(ApplicationId='…',BundleName='…',BundleVersion='…')/BundleFile
//          → 204; the content, streamed, at most 1 GiB (413); the first upload becomes the default,
//          and so does one created with IsDefault true
//   POST   …(…)/com.sap.mobile.server.bundle.admin.v1.SetDefault → 200 empty; 404
//   GET    ApplicationResourceBundles[?$filter=ApplicationId eq '…' [and BundleName eq '…']] → {"value": [...]}
//   GET    …(…) → the entity;  DELETE …(…) → 204; 404           (OData conventions, *unconfirmed*)
// The entity also carries `BundleSize` and `CreatedAt` (the emulator's; *unconfirmed*).
//
// Authentication: a Client Resources service key (`X-API-Key`, or Basic alias:key), an X.509 key
// (the client certificate's CN, as the TLS front forwards it), or a bearer token of the XSUAA-like
// token endpoint; each has roles and an application. Without the role `client_resources_admin`
// (the role's name is the emulator's, *unconfirmed*): 403. Wrong credentials: 401.

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

struct ClientResourcesHandler: Sendable {
    let state: EmulatorState
    var admin: ClientResourcesState { state.clientResources }
    static let origin = "SAP Mobile Services"
    static let entitySet = "ApplicationResourceBundles"
    static let setDefault = "com.sap.mobile.server.bundle.admin.v1.SetDefault"

    /// `…/mobileservices/origin/{origin}/bundles/v1/admin/{resource}/{tail…}` (decoded segments).
    func respond(to request: Request, origin: String, resource: String, tail: [String]) async -> Response {
        guard origin == Self.origin else { return error(.notFound, "No origin '\(origin)'; the valid value is \"\(Self.origin)\".") }
        let caller: (roles: Set<String>, appId: String)
        switch authenticate(request) {
        case nil:
            var r = error(.unauthorized, "Unauthorized")
            r.headers[.wwwAuthenticate] = "Basic realm=\"Mobile Services client resources\""
            return r
        case let who?: caller = who
        }
        guard caller.roles.contains(ClientResourcesState.role) else { return error(.forbidden, "The caller lacks the role \(ClientResourcesState.role).") }
        if resource == Self.entitySet, tail.isEmpty {
            switch request.method {
            case .get: return list(request, appId: caller.appId)
            case .post: return await create(request, appId: caller.appId)
            default: return Answers.methodNotAllowed(allow: "GET, POST", .json)
            }
        }
        guard resource.hasPrefix(Self.entitySet + "("), resource.hasSuffix(")"),
              let key = Self.key(String(resource.dropFirst(Self.entitySet.count + 1).dropLast())),
              let app = key["ApplicationId"], let name = key["BundleName"], let version = key["BundleVersion"], key.count == 3 else {
            return error(.notFound, "No resource at \(request.uri.path).")
        }
        guard app == caller.appId else { return error(.forbidden, "The service key belongs to another application.") }
        let id = name + ":" + version
        switch (tail, request.method) {
        case ([], .get): return entity(appId: app, id: id).map { json(.ok, $0) } ?? notFound(id)
        case ([], .delete):
            let removed = state.removeBundle(appId: app, bundleId: id)
            let wasPending = admin.removePending(appId: app, id: id) != nil
            return removed || wasPending ? Response(status: .noContent) : notFound(id)
        case (["BundleFile"], .put): return await upload(request, appId: app, id: id)
        case ([Self.setDefault], .post):
            return state.makeDefaultBundle(appId: app, bundleId: id) ? Response(status: .ok) : notFound(id)
        default: return Answers.methodNotAllowed(allow: tail.isEmpty ? "GET, DELETE" : (tail == ["BundleFile"] ? "PUT" : "POST"), .json)
        }
    }

    // MARK: Authentication

    func authenticate(_ request: Request) -> (roles: Set<String>, appId: String)? {
        if let key = request.headers[HTTPField.Name("X-API-Key")!] { return admin.caller(apiKey: key, alias: nil) }
        if let authorization = request.headers[.authorization] {
            if authorization.lowercased().hasPrefix("bearer ") {
                let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
                return state.pushBackend.caller(token: token).map { ($0.roles, $0.appId) }
            }
            if let (alias, key) = PushBackendHandler.basic(authorization) { return admin.caller(apiKey: key, alias: alias) }
            return nil
        }
        if let cn = request.forwardedCertificateUser { return admin.caller(certificateCN: cn) }
        return nil
    }

    // MARK: Entities

    /// `ApplicationId='a',BundleName='n',BundleVersion='v'` (quotes doubled inside a value).
    static func key(_ text: String) -> [String: String]? {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let eq = rest.firstIndex(of: "=") else { return nil }
            let name = String(rest[..<eq])
            rest = rest[rest.index(after: eq)...]
            guard rest.first == "'" else { return nil }
            rest = rest.dropFirst()
            var value = ""
            while true {
                guard let c = rest.first else { return nil }
                rest = rest.dropFirst()
                if c == "'" {
                    if rest.first == "'" { value.append("'"); rest = rest.dropFirst(); continue }
                    break
                }
                value.append(c)
            }
            result[name] = value
            if rest.first == "," { rest = rest.dropFirst() } else if !rest.isEmpty { return nil }
        }
        return result
    }

    static func entityValue(appId: String, id: String, ext: String, isDefault: Bool, size: Int?, created: Date) -> ODataValue {
        let colon = id.firstIndex(of: ":")!
        return .object([
            ("ApplicationId", .string(appId)), ("BundleName", .string(String(id[..<colon]))),
            ("BundleVersion", .string(String(id[id.index(after: colon)...]))), ("BundleExtension", .string(ext)),
            ("IsDefault", .bool(isDefault)), ("BundleSize", size.map(ODataValue.int) ?? .null),
            ("CreatedAt", .string(Self.time(created))),
        ])
    }

    static func time(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }

    func entities(appId: String) -> [(String, ODataValue)] {
        var list: [(String, ODataValue)] = (state.bundleList(appId: appId) ?? []).map { b in
            (b.id, Self.entityValue(appId: appId, id: b.id, ext: b.bundle.fileExtension, isDefault: b.isDefault,
                                    size: b.bundle.bytes.readableBytes, created: b.bundle.uploadedAt))
        }
        for (id, p) in admin.pending(appId) {
            list.append((id, Self.entityValue(appId: appId, id: id, ext: p.fileExtension, isDefault: false, size: nil, created: p.created)))
        }
        return list.sorted { $0.0 < $1.0 }
    }

    func entity(appId: String, id: String) -> ODataValue? {
        entities(appId: appId).first { $0.0 == id }?.1
    }

    private func list(_ request: Request, appId: String) -> Response {
        // `$filter=ApplicationId eq '…' and BundleName eq '…'`: the two comparisons hubctl sends.
        let filter = request.queryValue("$filter") ?? ""
        func compared(_ property: String) -> String? {
            guard let r = filter.range(of: property + " eq '") else { return nil }
            var value = "", rest = filter[r.upperBound...]
            while let c = rest.first {
                rest = rest.dropFirst()
                if c == "'" { if rest.first == "'" { value.append("'"); rest = rest.dropFirst(); continue }; break }
                value.append(c)
            }
            return value
        }
        if let app = compared("ApplicationId"), app != appId { return error(.forbidden, "The service key belongs to another application.") }
        let name = compared("BundleName")
        let items = entities(appId: appId).filter { name == nil || $0.0.hasPrefix(name! + ":") }.map(\.1)
        return json(.ok, .object([("value", .array(items))]))
    }

    private func create(_ request: Request, appId: String) async -> Response {
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body else {
            return error(.badRequest, "The body must be the entity as JSON.")
        }
        func string(_ name: String) -> String? { if case .string(let s)? = body[name] { return s }; return nil }
        guard let name = string("BundleName"), let version = string("BundleVersion"), !name.isEmpty, !version.isEmpty else {
            return error(.badRequest, "BundleName and BundleVersion are required.")
        }
        guard !(name + version).contains(where: { ":?#%/".contains($0) }) else {
            return error(.badRequest, "Bundle names and versions cannot hold : ? # % or /.")
        }
        if let app = string("ApplicationId"), app != appId { return error(.forbidden, "The service key belongs to another application.") }
        var isDefault = false
        if case .bool(let b)? = body["IsDefault"] { isDefault = b }
        let ext = string("BundleExtension").flatMap { $0.isEmpty ? nil : $0 } ?? "zip"
        let id = name + ":" + version
        let stored = Set((state.bundleList(appId: appId) ?? []).map(\.id))
        let created = Date()
        switch admin.create(appId: appId, id: id, PendingBundle(fileExtension: ext, isDefault: isDefault, created: created), stored: stored) {
        case .created: return json(.created, Self.entityValue(appId: appId, id: id, ext: ext, isDefault: false, size: nil, created: created))
        case .conflict: return error(.conflict, "Bundle \(id) already exists.")
        default: return error(.badRequest, "Application \(appId) has \(ClientResourcesState.maximumBundles) bundles, the most it may have.")
        }
    }

    private func upload(_ request: Request, appId: String, id: String) async -> Response {
        let pending = admin.pending(appId)[id]
        let existing = state.bundle(appId: appId, bundleId: id)
        guard pending != nil || existing != nil else { return notFound(id) }
        let bytes: ByteBuffer
        do { bytes = try await request.collectBundle() } catch let e as HTTPError where e.status == .contentTooLarge {
            return error(.contentTooLarge, "Bundles are limited to 1 GiB.")
        } catch {
            return self.error(.badRequest, "The upload could not be read: \(error)")
        }
        let ext = pending?.fileExtension ?? existing?.fileExtension ?? "zip"
        let bundle = StoredBundle(bytes: bytes, fileExtension: ext, etag: SMPControl.digest(bytes),
                                  uploadedAt: pending?.created ?? existing?.uploadedAt ?? Date())
        _ = state.storeBundle(appId: appId, bundleId: id, bundle: bundle, makeDefault: pending?.isDefault ?? false)
        admin.removePending(appId: appId, id: id)
        return Response(status: .noContent)
    }

    // MARK: Answers

    private func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response {
        Answers.text(status, ODataJSON.write(value), contentType: "application/json")
    }

    private func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(status, .object([("error", .object([("code", .string(String(status.code))), ("message", .string(message))]))]))
    }

    private func notFound(_ id: String) -> Response { error(.notFound, "Bundle \(id) was not found.") }
}

extension Request {
    /// The body of a bundle upload, streamed into one buffer sized from Content-Length (copied
    /// once); past 1 GiB (declared or sent) an HTTPError 413.
    func collectBundle() async throws -> ByteBuffer {
        let limit = SMPControl.maximumBundleSize
        let declared = headers[.contentLength].flatMap(Int.init) ?? 0
        if declared > limit { throw HTTPError(.contentTooLarge, message: "Bundles are limited to 1 GiB.") }
        var bytes = ByteBufferAllocator().buffer(capacity: declared)
        for try await chunk in body {
            guard bytes.readableBytes + chunk.readableBytes <= limit else { throw HTTPError(.contentTooLarge, message: "Bundles are limited to 1 GiB.") }
            bytes.writeImmutableBuffer(chunk)
        }
        return bytes
    }
}
