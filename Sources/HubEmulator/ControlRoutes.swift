// The control API under /_emulator/ for tests and the demo: faults, bundles, users, settings, state.

import COpenSSL
import Foundation
import Hummingbird

struct ControlRoutes: Sendable {
    let state: EmulatorState
    let faults: FaultPlan

    /// Bundles may be large (Mobile Services allows 1 GB); the emulator keeps them in memory.
    static let maximumBundleSize = 1 << 30

    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let group = router.group("_emulator")
        group.post("faults") { request, _ in try await addFault(request) }
        group.get("faults") { _, _ in faultList() }
        group.delete("faults") { _, _ in
            faults.clear()
            return faultList()
        }
        group.put("bundles/{appId}/{bundleId}") { request, context in try await uploadBundle(request, context) }
        group.post("assign") { request, _ in try await assign(request) }
        group.post("users") { request, _ in try await setUser(request) }
        group.put("settings") { request, _ in try await setSettings(request) }
        group.get("state") { _, _ in stateDocument() }
        group.post("schema/properties") { request, _ in try await addProperty(request) }
        group.get("schema/properties") { _, _ in customPropertyList() }
        group.put("metadata") { request, _ in try await setMetadata(request) }
        MobileServicesControl(state: state).add(to: group)
        ClientServicesControl(state: state).register(group)
        PushBackendControl(state: state).register(group)
        BundleAdminControl(state: state).register(group)
        CloudFoundryControl(state: state).register(group)
        group.delete("requests") { _, _ in
            state.clearRequests()
            return Response(status: .noContent)
        }
        return router
    }

    // MARK: Faults

    private func addFault(_ request: Request) async throws -> Response {
        let body = try await request.collectSmallBody()
        let rule: FaultRule
        do { rule = try JSONDecoder().decode(FaultRule.self, from: body) } catch {
            throw HTTPError(.badRequest, message: "The fault is not valid JSON of the documented form: \(error)")
        }
        if let problem = rule.problem { throw HTTPError(.badRequest, message: problem) }
        faults.add(rule)
        return faultList(status: .created)
    }

    private func faultList(status: HTTPResponse.Status = .ok) -> Response {
        let rules = faults.active.map { rule -> ODataValue in
            var members: [(String, ODataValue)] = [("count", .int(rule.count))]
            if let v = rule.status { members.append(("status", .int(v))) }
            if let v = rule.retryAfter { members.append(("retryAfter", .int(v))) }
            if let v = rule.delay { members.append(("delay", .double(v))) }
            if let v = rule.truncate { members.append(("truncate", .bool(v))) }
            if let v = rule.cutUpload { members.append(("cutUpload", .bool(v))) }
            if let v = rule.garbage { members.append(("garbage", .string(v))) }
            if let v = rule.contentType { members.append(("contentType", .string(v))) }
            if let v = rule.loginRequest { members.append(("loginRequest", .bool(v))) }
            if let v = rule.path { members.append(("path", .string(v))) }
            return .object(members)
        }
        return json(status, .object([("faults", .array(rules))]))
    }

    // MARK: Bundles

    /// Streams the body into one buffer sized from Content-Length, so a 50 MB bundle is copied once.
    private func uploadBundle(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let appId = try context.parameters.require("appId")
        let bundleId = try context.parameters.require("bundleId")
        let decodedApp = appId.removingPercentEncoding ?? appId
        let decodedBundle = bundleId.removingPercentEncoding ?? bundleId
        let parts = decodedBundle.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !decodedBundle.contains(where: { "?#%".contains($0) }) else {
            throw HTTPError(.badRequest, message: "A bundle id is <name>:<version>, without ? # or %; got '\(decodedBundle)'.")
        }
        guard state.application(decodedApp) != nil else {
            throw HTTPError(.notFound, message: "Application '\(decodedApp)' does not exist in the emulator's configuration.")
        }
        let bytes = try await request.collectBundle()
        // Any file type (docs/protocol.md §7); the extension as the cockpit would keep it.
        let fileExtension = request.headers[.bundleExtension].flatMap { $0.isEmpty ? nil : $0 } ?? "zip"
        let fileName = request.queryValue("filename").flatMap { $0.isEmpty ? nil : $0 }
        // Test knobs of a careless server: `etag=` sends that ETag whatever the bytes, `conditional=false`
        // answers every read in full.
        var bundle = StoredBundle(bytes: bytes, fileExtension: fileExtension,
                                  etag: request.queryValue("etag").flatMap { $0.isEmpty ? nil : $0 } ?? Self.digest(bytes), uploadedAt: Date(),
                                  fileName: fileName)
        if request.queryValue("conditional")?.lowercased() == "false" { bundle.honorsConditions = false }
        guard state.storeBundle(appId: decodedApp, bundleId: decodedBundle, bundle: bundle,
                                makeDefault: Self.flag(request, "default"), assign: Self.flag(request, "assign")) else {
            throw HTTPError(.notFound, message: "Application '\(decodedApp)' does not exist in the emulator's configuration.")
        }
        return json(.created, .object([("appId", .string(decodedApp)), ("bundleId", .string(decodedBundle)),
                                       ("size", .int(bytes.readableBytes)), ("extension", .string(fileExtension)),
                                       ("etag", .string(bundle.etag))]))
    }

    private static func flag(_ request: Request, _ name: String) -> Bool {
        request.queryValue(name).map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false
    }

    /// The first 32 hex digits of the SHA-256 of a bundle's bytes: its ETag.
    static func digest(_ bytes: ByteBuffer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeReadableBytes { raw in _ = SHA256(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &digest) }
        return digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    private func assign(_ request: Request) async throws -> Response {
        let body = try await jsonObject(request)
        let appId = try requiredString(body, "appId")
        let bundleId: String?
        switch body["bundleId"] {
        case .string(let id): bundleId = id
        case .null, nil: bundleId = nil
        default: throw HTTPError(.badRequest, message: "bundleId must be a string \"Name:1.0\" or null.")
        }
        switch state.assignBundle(appId: appId, bundleId: bundleId) {
        case .assigned:
            return json(.ok, .object([("appId", .string(appId)), ("bundleId", bundleId.map(ODataValue.string) ?? .null)]))
        case .unknownApplication:
            throw HTTPError(.notFound, message: "Application '\(appId)' does not exist in the emulator's configuration.")
        case .unknownBundle:
            throw HTTPError(.notFound, message: "Bundle '\(bundleId ?? "")' was not uploaded; PUT it to /_emulator/bundles/\(appId)/\(bundleId ?? "") first.")
        }
    }

    // MARK: Users and settings

    private func setUser(_ request: Request) async throws -> Response {
        let body = try await jsonObject(request)
        let appId = try requiredString(body, "appId")
        let user = try requiredString(body, "user")
        let password = try requiredString(body, "password")
        guard state.setUser(appId: appId, user: user, password: password) else {
            throw HTTPError(.notFound, message: "Application '\(appId)' does not exist in the emulator's configuration.")
        }
        return json(.ok, .object([("appId", .string(appId)), ("user", .string(user))]))
    }

    private func setSettings(_ request: Request) async throws -> Response {
        let body = try await jsonObject(request)
        let appId = try requiredString(body, "appId")
        guard case .object(let members) = body["settings"] ?? .null else {
            throw HTTPError(.badRequest, message: "settings must be an object of Connection properties.")
        }
        var settings: [String: ODataValue] = [:]
        for (name, value) in members {
            do throws(PropertyRejection) {
                settings[name] = try ConnectionSchema.validateServerWrite(name, value, properties: state.schema(version: nil))
            } catch {
                throw HTTPError(.badRequest, message: error.message)
            }
        }
        guard state.applySettings(appId: appId, settings: settings) else {
            throw HTTPError(.notFound, message: "Application '\(appId)' does not exist in the emulator's configuration.")
        }
        return json(.ok, .object([("appId", .string(appId)), ("settings", .object(settings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))]))
    }

    // MARK: Schema (docs/protocol.md §13)

    /// `{"name": "FleetSlot", "type": "Edm.Int32", "writable": true, "versions": ["v1"], "default": 0}`:
    /// a Connection property added after SAP's, in `$metadata`, answers and validation alike.
    private func addProperty(_ request: Request) async throws -> Response {
        let body = try await jsonObject(request)
        let name = try requiredString(body, "name")
        func optional<T>(_ key: String, _ what: String, _ read: (ODataValue) -> T?) throws -> T? {
            guard let value = body[key], value != .null else { return nil }
            guard let typed = read(value) else { throw HTTPError(.badRequest, message: "\(key) must be \(what).") }
            return typed
        }
        let typeName = try optional("type", "an Edm type name") { if case .string(let s) = $0 { s } else { nil } }
        let writable = try optional("writable", "true or false") { if case .bool(let b) = $0 { b } else { nil } }
        let nullable = try optional("nullable", "true or false") { if case .bool(let b) = $0 { b } else { nil } }
        let versions = try optional("versions", "an array of API versions") { value -> [String]? in
            guard case .array(let items) = value else { return nil }
            let strings = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
            return strings.count == items.count ? strings : nil
        }
        let property: PropertyDefinition
        do throws(PropertyRejection) {
            property = try ConnectionSchema.customProperty(name: name, typeName: typeName, writable: writable, nullable: nullable,
                                                           defaultValue: body["default"], versions: versions,
                                                           existing: state.schema(version: nil))
        } catch {
            throw HTTPError(error.code == "Conflict" ? .conflict : .badRequest, message: error.message)
        }
        if let problem = state.addCustomProperty(property) { throw HTTPError(.conflict, message: problem) }
        return customPropertyList(status: .created)
    }

    private func customPropertyList(status: HTTPResponse.Status = .ok) -> Response {
        let list = state.customProperties.map { p -> ODataValue in
            .object([("name", .string(p.name)), ("type", .string(p.type.rawValue)), ("writable", .bool(p.writable)),
                     ("nullable", .bool(p.nullable)),
                     ("versions", p.versions.map { .array($0.sorted().map(ODataValue.string)) } ?? .null)])
        }
        return json(status, .object([("properties", .array(list))]))
    }

    /// `{"served": false}`: `$metadata` answers 404 from now on, as a server without one would.
    /// `{"document": "<edmx:Edmx …>"}`: `$metadata` answers exactly that text from now on, as a
    /// careless or hostile server would (tests of what hubctl accepts); `{"served": true}` restores
    /// the emulator's own document.
    private func setMetadata(_ request: Request) async throws -> Response {
        let body = try await jsonObject(request)
        if let document = body["document"] {
            guard case .string(let text) = document else { throw HTTPError(.badRequest, message: "document must be a string.") }
            state.setMetadataDocument(text)
            return json(.ok, .object([("served", .bool(true)), ("document", .string(text))]))
        }
        guard case .bool(let served) = body["served"] ?? .null else {
            throw HTTPError(.badRequest, message: "served must be true or false (or give a document).")
        }
        state.setMetadataServed(served)
        return json(.ok, .object([("served", .bool(served))]))
    }

    // MARK: State

    private func stateDocument() -> Response {
        let schema = state.schema(version: nil)
        let connections = state.connections.map { record -> ODataValue in
            .object([("id", .string(record.id)), ("appId", .string(record.appId)),
                     ("user", record.user.map(ODataValue.string) ?? .null),
                     ("properties", .object(record.orderedProperties(schema)))])
        }
        let requests = state.requests.map { entry -> ODataValue in
            .object([("method", .string(entry.method)), ("path", .string(entry.path)),
                     ("query", entry.query.map(ODataValue.string) ?? .null),
                     ("headers", .object(entry.headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                     ("at", .double(entry.at)), ("status", entry.status.map(ODataValue.int) ?? .null)])
        }
        return json(.ok, .object([("connections", .array(connections)), ("requests", .array(requests))]))
    }

    // MARK: JSON helpers

    private func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response {
        Answers.text(status, ODataJSON.write(value), contentType: "application/json")
    }

    private func jsonObject(_ request: Request) async throws -> ODataValue {
        let data = try await request.collectSmallBody()
        guard let value = try? ODataValue.parseJSON(data), case .object = value else {
            throw HTTPError(.badRequest, message: "The body must be a JSON object.")
        }
        return value
    }

    private func requiredString(_ body: ODataValue, _ key: String) throws -> String {
        guard case .string(let value) = body[key] ?? .null, !value.isEmpty else {
            throw HTTPError(.badRequest, message: "\(key) is required and must be a non-empty string.")
        }
        return value
    }
}
