// The SMP world's control routes (docs/usage.md "The emulator"), for tests and the demo: bundles
// uploaded and assigned as the cockpit would, users and server-owned settings of an application,
// Connection properties added after SAP's (docs/protocol.md §13), and how `$metadata` answers.

import COpenSSL
import Foundation
import Hummingbird

struct SMPControl: Sendable {
    let state: EmulatorState

    /// Bundles may be large (Mobile Services allows 1 GB); the emulator keeps them in memory.
    static let maximumBundleSize = 1 << 30

    /// The SMP world's control rows (ControlRoutes.table).
    static let routes: [ControlRoute] = [
        ControlRoute(.put, "bundles/{appId}/{bundleId}", .smp, "upload a bundle (?default, ?assign, ?etag)") { call in
            try await SMPControl(state: call.state).uploadBundle(call.request, call.parameters)
        },
        ControlRoute(.post, "assign", .smp, "assign an uploaded bundle, or none") { call in
            try await SMPControl(state: call.state).assign(call.request)
        },
        ControlRoute(.post, "users", .smp, "a user and password of an application") { call in
            try await SMPControl(state: call.state).setUser(call.request)
        },
        ControlRoute(.put, "settings", .smp, "server-owned Connection properties") { call in
            try await SMPControl(state: call.state).setSettings(call.request)
        },
        ControlRoute(.post, "schema/properties", .smp, "add a Connection property (§13)") { call in
            try await SMPControl(state: call.state).addProperty(call.request)
        },
        ControlRoute(.get, "schema/properties", .smp, "the Connection properties added") { call in
            SMPControl(state: call.state).customPropertyList()
        },
        ControlRoute(.put, "metadata", .smp, "how $metadata answers: served, or a document") { call in
            try await SMPControl(state: call.state).setMetadata(call.request)
        },
    ]

    // MARK: Bundles

    /// Streams the body into one buffer sized from Content-Length, so a 50 MB bundle is copied once.
    private func uploadBundle(_ request: Request, _ parameters: Parameters) async throws -> Response {
        let appId = try parameters.require("appId")
        let bundleId = try parameters.require("bundleId")
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
        return ControlRoutes.json(.created, .object([("appId", .string(decodedApp)), ("bundleId", .string(decodedBundle)),
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
        let body = try await ControlRoutes.jsonObject(request)
        let appId = try ControlRoutes.requiredString(body, "appId")
        let bundleId: String?
        switch body["bundleId"] {
        case .string(let id): bundleId = id
        case .null, nil: bundleId = nil
        default: throw HTTPError(.badRequest, message: "bundleId must be a string \"Name:1.0\" or null.")
        }
        switch state.assignBundle(appId: appId, bundleId: bundleId) {
        case .assigned:
            return ControlRoutes.json(.ok, .object([("appId", .string(appId)), ("bundleId", bundleId.map(ODataValue.string) ?? .null)]))
        case .unknownApplication:
            throw HTTPError(.notFound, message: "Application '\(appId)' does not exist in the emulator's configuration.")
        case .unknownBundle:
            throw HTTPError(.notFound, message: "Bundle '\(bundleId ?? "")' was not uploaded; PUT it to /_emulator/bundles/\(appId)/\(bundleId ?? "") first.")
        }
    }

    // MARK: Users and settings

    private func setUser(_ request: Request) async throws -> Response {
        let body = try await ControlRoutes.jsonObject(request)
        let appId = try ControlRoutes.requiredString(body, "appId")
        let user = try ControlRoutes.requiredString(body, "user")
        let password = try ControlRoutes.requiredString(body, "password")
        guard state.setUser(appId: appId, user: user, password: password) else {
            throw HTTPError(.notFound, message: "Application '\(appId)' does not exist in the emulator's configuration.")
        }
        return ControlRoutes.json(.ok, .object([("appId", .string(appId)), ("user", .string(user))]))
    }

    private func setSettings(_ request: Request) async throws -> Response {
        let body = try await ControlRoutes.jsonObject(request)
        let appId = try ControlRoutes.requiredString(body, "appId")
        guard case .object(let members) = body["settings"] ?? .null else {
            throw HTTPError(.badRequest, message: "settings must be an object of Connection properties.")
        }
        var settings: [String: ODataValue] = [:]
        for (name, value) in members {
            do throws(PropertyRejection) {
                settings[name] = try RegistrationSchema.validateServerWrite(name, value, properties: state.schema(version: nil))
            } catch {
                throw HTTPError(.badRequest, message: error.message)
            }
        }
        guard state.applySettings(appId: appId, settings: settings) else {
            throw HTTPError(.notFound, message: "Application '\(appId)' does not exist in the emulator's configuration.")
        }
        return ControlRoutes.json(.ok, .object([("appId", .string(appId)), ("settings", .object(settings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))]))
    }

    // MARK: Schema (docs/protocol.md §13)

    /// `{"name": "FleetSlot", "type": "Edm.Int32", "writable": true, "versions": ["v1"], "default": 0}`:
    /// a Connection property added after SAP's, in `$metadata`, answers and validation alike.
    private func addProperty(_ request: Request) async throws -> Response {
        let body = try await ControlRoutes.jsonObject(request)
        let name = try ControlRoutes.requiredString(body, "name")
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
            property = try RegistrationSchema.customProperty(name: name, typeName: typeName, writable: writable, nullable: nullable,
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
        return ControlRoutes.json(status, .object([("properties", .array(list))]))
    }

    /// `{"served": false}`: `$metadata` answers 404 from now on, as a server without one would.
    /// `{"document": "<edmx:Edmx …>"}`: `$metadata` answers exactly that text from now on, as a
    /// careless or hostile server would (tests of what hubctl accepts); `{"served": true}` restores
    /// the emulator's own document.
    private func setMetadata(_ request: Request) async throws -> Response {
        let body = try await ControlRoutes.jsonObject(request)
        if let document = body["document"] {
            guard case .string(let text) = document else { throw HTTPError(.badRequest, message: "document must be a string.") }
            state.setMetadataDocument(text)
            return ControlRoutes.json(.ok, .object([("served", .bool(true)), ("document", .string(text))]))
        }
        guard case .bool(let served) = body["served"] ?? .null else {
            throw HTTPError(.badRequest, message: "served must be true or false (or give a document).")
        }
        state.setMetadataServed(served)
        return ControlRoutes.json(.ok, .object([("served", .bool(served))]))
    }
}
