// Registration, settings and unregistration of an application connection (docs/protocol.md §2–6).

import Foundation
import HubAuth
import HubBundles
import HubConfig
import HubCore
import HubTransport
import HubVault

public struct RegisterRequest: Sendable {
    public var properties: [String: JSONValue]
    public var force: Bool
    public init(properties: [String: JSONValue], force: Bool) {
        self.properties = properties
        self.force = force
    }
}

public struct RegisterResult: Sendable {
    public var registration: Registration
    public var settings: [String: JSONValue]
}

/// A conditional read of the settings: unchanged (**304**), or the settings and their `ETag`.
public enum ConditionalSettings: Sendable {
    case notModified
    case changed([String: JSONValue], etag: String?)
}

public struct UnregisterResult: Sendable {
    public var applicationConnectionId: String
    /// Whether the server still had the connection (false after a 404: it is forgotten locally anyway).
    public var serverKnewIt: Bool
}

public final class ConnectionService {
    /// The endpoint and authenticated transport every request of this service goes through.
    public let session: SMPSession
    let store: RegistrationStore
    /// Where the passcode policy of the latest registration is recorded for the vault.
    let home: String
    let makeConnectionId: () -> String
    /// What the user is told, whatever the output format: here, property names the server sent that
    /// are not OData identifiers and were left out.
    let warn: (String) -> Void

    public init(session: SMPSession, home: String,
                makeConnectionId: @escaping () -> String = { UUID().uuidString.lowercased() },
                warn: @escaping (String) -> Void = { _ in }) {
        self.session = session
        self.home = home
        self.warn = warn
        self.store = RegistrationStore(home: home, lockDeadline: session.deadline)
        self.makeConnectionId = makeConnectionId
    }

    var config: ConnectionConfig { session.config }

    /// A server may keep its own value of a property a client sent (SAP's server does so for
    /// read-only ones such as `UserName`, with 201 or 204): each such property is said, so nobody
    /// believes a value was set that was not. Values are compared as OData V2 JSON renders them
    /// (an Int64 as a string, `5` and `5.0` alike).
    func noteServerValues(sent: [String: JSONValue], got: [String: JSONValue]) {
        for (name, value) in sent.sorted(by: { $0.key < $1.key }) where name != "Capability" {
            guard let kept = got[name], Self.rendered(kept) != Self.rendered(value) else { continue }
            warn("the server kept its own value of \(name): \(Self.shown(kept)) (hubctl sent \(Self.shown(value)))")
        }
    }

    static func rendered(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .double(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .string(let s): return s
        default: return "\(value)"
        }
    }

    static func shown(_ value: JSONValue) -> String {
        if case .string(let s) = value { return HubError.quoted(s) }
        return rendered(value)
    }

    /// Warns of a property name in a server's answer that is not an OData identifier (left out).
    func refusedName(_ name: String) {
        warn("the server's answer has a property named \(HubError.quoted(name)), which is not an OData identifier: hubctl leaves it out.")
    }
    var endpoint: SMPEndpoint { session.endpoint }

    // MARK: Register

    public func register(_ request: RegisterRequest) throws -> RegisterResult {
        if request.properties["Capability"] != nil, !endpoint.versionsToTry.contains(where: Self.takesCapabilities) {
            throw Self.capabilitiesNeedVersion3(config.apiVersion)
        }
        // One registration per identity at a time, across processes: the check, the POST and the
        // record happen under one lock, so parallel `register` calls for the same (server, app id,
        // user) end with one connection on the server instead of one each.
        let lock = try FileLock(path: try identityLockPath(), until: session.deadline,
                                what: "the registration of this user")
        return try withExtendedLifetime(lock) { try registerHoldingLock(request) }
    }

    /// `<home>/locks/register-<hash of server, app id, user>.lock`.
    func identityLockPath() throws -> String {
        let directory = home + "/locks"
        // The home first: created as a parent of `locks` it would not get its private mode.
        try AtomicFile.ensurePrivateDirectory(home)
        try AtomicFile.ensurePrivateDirectory(directory)
        let identity = Data("\(config.server)\n\(config.appId)\n\(config.user ?? "")".utf8)
        let hash = try identity.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
        return directory + "/register-" + hash.prefix(32) + ".lock"
    }

    private func registerHoldingLock(_ request: RegisterRequest) throws -> RegisterResult {
        if let existing = try store.find(server: config.server, appId: config.appId, user: config.user) {
            if request.force {
                _ = try? delete(existing)
                try store.remove(applicationConnectionId: existing.applicationConnectionId)
            } else {
                let response = try session.send(session.request("GET", endpoint.connectionURL(version: existing.apiVersion, id: existing.applicationConnectionId),
                                                                appcid: existing.applicationConnectionId))
                if response.status == 200 {
                    let settings = try ODataCodec.decodeEntity(response.body, status: 200, refused: refusedName)
                    try recordPolicy(settings)
                    return RegisterResult(registration: existing, settings: settings)
                }
                if response.status != 404 {
                    throw SMPEndpoint.unexpected(response, doing: "reading the recorded connection \(existing.applicationConnectionId)")
                }
                // The server no longer knows it: forget it and register anew.
                try store.remove(applicationConnectionId: existing.applicationConnectionId)
            }
        }

        let body = try ODataCodec.encodeProperties(request.properties)
        // The id is noted before the POST: if the process dies after the server created the
        // connection but before it is recorded, the next `register` of this identity sends the same
        // id, gets 409 and adopts the connection instead of creating a second one.
        let chosenId: String
        if let pending = try store.pendingConnectionId(server: config.server, appId: config.appId, user: config.user),
           SafeName.isConnectionId(pending) {
            chosenId = pending
        } else {
            chosenId = makeConnectionId()
            try store.recordPending(server: config.server, appId: config.appId, user: config.user, connectionId: chosenId)
        }
        let (response, version) = try create(id: chosenId, body: body, capabilities: request.properties["Capability"] != nil)
        switch response.status {
        case 200, 201:
            var settings = response.body.isEmpty ? [:] : try ODataCodec.decodeEntity(response.body, status: response.status, refused: refusedName)
            guard let id = Self.connectionId(settings: settings, response: response) else {
                throw HubError(.data, code: .malformedResponse, "The server created a connection but did not say its id (no ApplicationConnectionId, X-SMP-APPCID header or cookie).", status: response.status)
            }
            try Self.checkServerConnectionId(id, status: response.status)
            if settings.isEmpty { settings = try readSettings(version: version, id: id) }
            noteServerValues(sent: request.properties, got: settings)
            return try finishRegistration(id: id, version: version, settings: settings)
        case 409:
            // Our own earlier attempt (a lost answer, then a retry) already created it: read it back.
            let settings = try readSettings(version: version, id: chosenId)
            return try finishRegistration(id: chosenId, version: version, settings: settings)
        default:
            throw SMPEndpoint.unexpected(response, doing: "registering")
        }
    }

    /// POSTs a new connection with the client-chosen `id` to each registration version the server
    /// may know, until one is not 404: that answer and its version; every version 404 is
    /// `application_not_found`, naming every address asked. A client-chosen X-SMP-APPCID makes the
    /// POST idempotent, so it is safe to retry.
    ///
    /// Capabilities have no `v1` fallback (§15.7): after a 404 at `latest` the versions address is
    /// asked (as Kapsel's settings plugin asks it, docs/protocol.md §15.7), unless registration
    /// already asked it, and the onboarding version it names is tried when it is 3 or later: a
    /// Mobile Services whose registration service has no `latest` (issue 48, item 14).
    private func create(id: String, body: Data, capabilities: Bool = false) throws -> (HTTPResponse, String) {
        var lastNotFound: HTTPResponse?
        var versions = try session.registrationVersionsToTry()
        // Inline capabilities need service version 3 or later: no `v1` fallback carries them.
        if capabilities {
            versions = versions.filter(Self.takesCapabilities)
            guard !versions.isEmpty else { throw Self.capabilitiesNeedVersion3(config.apiVersion) }
        }
        var tried: [String] = []
        /// What the versions address named, once asked here ("" for nothing usable).
        var named: String?
        var index = 0
        while index < versions.count {
            let version = versions[index]
            index += 1
            let url = endpoint.connectionsURL(version: version)
            tried.append(url)
            let response = try session.send(session.request("POST", url, appcid: id, json: body, idempotent: true))
            guard response.status == 404 else { return (response, version) }
            lastNotFound = response
            if capabilities, version == "latest", index == versions.count, named == nil, !session.discoversOnboardingVersion {
                let hint = try session.onboardingVersionHint()
                named = hint ?? ""
                if let hint, Self.takesCapabilities(hint), !versions.contains(hint) { versions.append(hint) }
            }
        }
        var message = "The server does not know application '\(config.appId)' at \(tried.joined(separator: ", ")) (HTTP 404)."
        if let named {
            let versionsURL = endpoint.managementVersionsURL
            if named.isEmpty {
                message += " Its versions address \(versionsURL) names no onboarding version, and capabilities have no v1 fallback: give --api-version v3 or v4, or register without --capability."
            } else if !Self.takesCapabilities(named) {
                message += " Its versions address \(versionsURL) names onboarding \(named), which cannot carry capabilities (version 3 or later): register without --capability."
            }
        }
        throw HubError(.noInput, code: .applicationNotFound,
                       message + " Check --app-id, --server (and its path prefix) and --api-version.",
                       status: lastNotFound?.status)
    }

    /// Service versions that take capabilities with the registration: 3 and later ("Capabilities
    /// upon registration": "service version 3 or later"), and `latest`.
    static func takesCapabilities(_ version: String) -> Bool {
        if version == "latest" { return true }
        guard version.hasPrefix("v"), let n = Int(version.dropFirst()) else { return false }
        return n >= 3
    }

    static func capabilitiesNeedVersion3(_ version: String) -> HubError {
        HubError.usage("Capabilities need registration service version 3 or later (SAP's \"Capabilities upon registration\"); --api-version \(version) cannot carry them. Use v3, v4 or latest, or register without --capability; nothing was sent.",
                       code: .invalidCapability)
    }

    /// A connection id the server chose goes into every later URL and X-SMP-APPCID header: one
    /// that is not a safe name is refused here instead.
    static func checkServerConnectionId(_ id: String, status: Int) throws {
        guard SafeName.isConnectionId(id) else {
            throw HubError(.data, code: .invalidConnectionId,
                           "The server answered with a connection id hubctl cannot use safely: \(HubError.quoted(id)) (ids are letters, digits, '.', '_', ':' and '-', at most 128). Nothing was recorded; ask the server's administrator.",
                           status: status)
        }
    }

    private func finishRegistration(id: String, version: String, settings: [String: JSONValue]) throws -> RegisterResult {
        var settings = settings
        if settings["ApplicationConnectionId"] == nil { settings["ApplicationConnectionId"] = .string(id) }
        let registration = Registration(server: config.server, appId: config.appId, user: config.user,
                                        applicationConnectionId: id, apiVersion: version, anonymous: config.anonymous,
                                        securityConfiguration: config.securityConfiguration)
        try store.save(registration)
        try recordPolicy(settings)
        return RegisterResult(registration: registration, settings: settings)
    }

    /// The id from the body, else the X-SMP-APPCID header, else the cookie (docs/protocol.md §2).
    static func connectionId(settings: [String: JSONValue], response: HTTPResponse) -> String? {
        if let id = settings["ApplicationConnectionId"]?.stringValue, !id.isEmpty { return id }
        if let id = response.header("X-SMP-APPCID"), !id.isEmpty { return id }
        let cookies = response.cookies
        if let id = cookies["X-SMP-APPCID"], !id.isEmpty { return id }
        if let id = cookies["X-SUP-APPCID"], !id.isEmpty { return id }
        return nil
    }

    /// Records the server's PasswordPolicy* settings where the vault's policy is read from.
    func recordPolicy(_ settings: [String: JSONValue]) throws {
        // A policy from plain http or an anonymous application could come from anyone on the path.
        let trusted = config.server.lowercased().hasPrefix("https://") && !config.anonymous
        try PasscodePolicyFile.record(settings, trusted: trusted, home: home)
    }

    // MARK: Settings

    /// The recorded registration for this configuration, or exit 66 saying how to make one.
    public func recorded() throws -> Registration {
        guard let r = try store.find(server: config.server, appId: config.appId, user: config.user) else {
            throw HubError(.noInput, code: .notRegistered,
                           "No registration for app '\(config.appId)'\(config.user.map { " and user '\($0)'" } ?? "") on \(config.server). Run `hubctl register` first.")
        }
        return r
    }

    func readSettings(version: String, id: String) throws -> [String: JSONValue] {
        guard case .changed(let settings, _) = try readSettings(version: version, id: id, ifNoneMatch: nil) else {
            throw HubError.internalError("A read of the settings without If-None-Match was answered as unchanged.")
        }
        return settings
    }

    /// GET of the connection, conditional on `etag` when given: **304** is `.notModified` (only
    /// then), **200** the settings and their ETag. The condition goes both ways a server may read
    /// it: SMP 3's documented query, `Connections('{id}')?If-None-Match="{ETag}"` ("Retrieving
    /// Changed Settings and Connections Metadata"), and OData's `If-None-Match` header. The ETag is
    /// the answer's `ETag` header, else the entity's `ETag` property, which SMP 3's query carries.
    func readSettings(version: String, id: String, ifNoneMatch etag: String?) throws -> ConditionalSettings {
        let extra = etag.map { [HTTPHeader("If-None-Match", $0)] } ?? []
        var url = endpoint.connectionURL(version: version, id: id)
        if let etag { url += "?If-None-Match=" + PercentEncoding.queryValue.encode("\"" + Self.unquoted(etag) + "\"") }
        let response = try session.send(session.request("GET", url, appcid: id, extraHeaders: extra))
        switch response.status {
        case 304 where etag != nil:
            return .notModified
        case 200:
            let settings = try ODataCodec.decodeEntity(response.body, status: 200, refused: refusedName)
            return .changed(settings, etag: response.header("ETag").flatMap { Self.usableETag($0) }
                                ?? settings["ETag"]?.stringValue.flatMap(Self.usablePropertyETag))
        case 404:
            throw Self.connectionNotFound(id)
        default:
            throw SMPEndpoint.unexpected(response, doing: "reading the connection's settings")
        }
    }

    /// The recorded registration and its settings as the server has them now (the passcode
    /// policy among them recorded for the vault).
    public func recordedSettings() throws -> (Registration, [String: JSONValue]) {
        let r = try recorded()
        let all = try readSettings(version: r.apiVersion, id: r.applicationConnectionId)
        try recordPolicy(all)
        return (r, all)
    }

    /// The recorded registration and, unless the server says they are unchanged since `etag` (an
    /// `ETag` it sent before: `If-None-Match`, **304**), its settings and their new `ETag`.
    public func recordedSettings(ifNoneMatch etag: String?) throws -> (Registration, ConditionalSettings) {
        let r = try recorded()
        let answer = try readSettings(version: r.apiVersion, id: r.applicationConnectionId, ifNoneMatch: etag)
        if case .changed(let all, _) = answer { try recordPolicy(all) }
        return (r, answer)
    }

    /// An ETag without `W/` and the quotes around it, as SMP 3's query wraps it in its own quotes.
    static func unquoted(_ etag: String) -> String {
        var e = Substring(etag)
        if e.hasPrefix("W/") { e = e.dropFirst(2) }
        if e.count >= 2, e.hasPrefix("\""), e.hasSuffix("\"") { e = e.dropFirst().dropLast() }
        return String(e)
    }

    /// An `ETag` header value that may be sent back as `If-None-Match`: visible ASCII, at most 256
    /// characters; anything else is not used (the next read is unconditional).
    static func usableETag(_ value: String) -> String? {
        usable(value, lowest: 0x21)
    }

    /// The `ETag` property (SMP 3: a time stamp such as `2026-11-27 10:00:00.0`) may hold spaces.
    static func usablePropertyETag(_ value: String) -> String? {
        usable(value, lowest: 0x20)
    }

    private static func usable(_ value: String, lowest: UInt32) -> String? {
        let trimmed = value.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 256,
              trimmed.unicodeScalars.allSatisfy({ (lowest...0x7E).contains($0.value) }) else { return nil }
        return trimmed
    }

    public func settings(names: [String]) throws -> [String: JSONValue] {
        let (_, all) = try recordedSettings()
        return try Self.pick(names, from: all)
    }

    /// The named settings of `all` (all of them when none is named); names the connection does not
    /// have are one error (65) listing them all, with the closest known name of each. The one
    /// unknown-name check of `settings get`, with `--expand` or without.
    static func pick(_ names: [String], from all: [String: JSONValue]) throws -> [String: JSONValue] {
        guard !names.isEmpty else { return all }
        var picked: [String: JSONValue] = [:]
        var unknown: [String] = []
        for n in names {
            if let v = all[n] { picked[n] = v } else { unknown.append(n) }
        }
        if !unknown.isEmpty {
            throw HubError(.data, code: .unknownSetting,
                           "The connection has no setting named \(unknown.map { "'\($0)'" }.joined(separator: ", "))." +
                           unknown.compactMap { n in Suggestion.closest(to: n, in: all.keys.sorted()).map { " Did you mean '\($0)'?" } }.joined() +
                           " Run `hubctl settings get` to list them (names are case-sensitive).")
        }
        return picked
    }

    /// Sends an update of writable properties (POST with X-HTTP-METHOD: MERGE, which SMP 3 and
    /// Mobile Services both accept, as Kapsel sends it), then reads the settings back.
    public func update(_ properties: [String: JSONValue]) throws -> [String: JSONValue] {
        let r = try recorded()
        // A merge of the same values is idempotent, so the POST may be retried.
        let response = try session.send(session.request("POST", endpoint.connectionURL(version: r.apiVersion, id: r.applicationConnectionId),
                                                        appcid: r.applicationConnectionId, json: try ODataCodec.encodeProperties(properties),
                                                        extraHeaders: [HTTPHeader("X-HTTP-METHOD", "MERGE")], idempotent: true))
        switch response.status {
        case 200 where !response.body.isEmpty:
            let settings = try ODataCodec.decodeEntity(response.body, status: 200, refused: refusedName)
            noteServerValues(sent: properties, got: settings)
            return settings
        case 200, 204:
            let settings = try readSettings(version: r.apiVersion, id: r.applicationConnectionId)
            noteServerValues(sent: properties, got: settings)
            return settings
        case 404:
            throw Self.connectionNotFound(r.applicationConnectionId)
        case 400:
            throw HubError(.usage, code: .updateRefused, "The server refused the update: \(SMPEndpoint.serverMessage(response) ?? "bad request"). Check the property names and values.", status: 400)
        default:
            throw SMPEndpoint.unexpected(response, doing: "updating the settings")
        }
    }

    // MARK: Unregister

    public func unregister(connectionId: String?) throws -> UnregisterResult {
        let registration: Registration
        if let connectionId {
            guard SafeName.isConnectionId(connectionId) else {
                throw HubError(.usage, code: .invalidConnectionId,
                               "\(HubError.quoted(connectionId)) is not a connection id (letters, digits, '.', '_', ':' and '-', at most 128). Check --appcid.")
            }
            registration = try store.find(applicationConnectionId: connectionId)
                ?? Registration(server: config.server, appId: config.appId, user: config.user, applicationConnectionId: connectionId,
                                apiVersion: endpoint.versionsToTry.first ?? config.apiVersion, anonymous: config.anonymous, securityConfiguration: config.securityConfiguration)
        } else {
            registration = try recorded()
        }
        let knew = try delete(registration)
        try store.remove(applicationConnectionId: registration.applicationConnectionId)
        return UnregisterResult(applicationConnectionId: registration.applicationConnectionId, serverKnewIt: knew)
    }

    /// DELETE; true when the server had it (200/204), false on 404.
    @discardableResult
    func delete(_ r: Registration) throws -> Bool {
        let response = try session.send(session.request("DELETE", endpoint.connectionURL(version: r.apiVersion, id: r.applicationConnectionId),
                                                        appcid: r.applicationConnectionId))
        switch response.status {
        case 200, 204: return true
        case 404: return false
        default: throw SMPEndpoint.unexpected(response, doing: "deleting connection \(r.applicationConnectionId)")
        }
    }

    // MARK: Connections that are never recorded (`hubctl probe --register`)

    /// Registers a throw-away connection: a new client-chosen id, the first registration version
    /// the server knows, and nothing written under the home (no record, no passcode policy).
    /// `beforeCreate` gets the chosen id before anything is sent (the probe records it there, so a
    /// connection a crash left behind can be found and deleted: docs/security.md "Probing"); when it
    /// throws, nothing is sent.
    public func registerUnrecorded(beforeCreate: (String) throws -> Void = { _ in }) throws -> Registration {
        let chosenId = makeConnectionId()
        try beforeCreate(chosenId)
        let body = try ODataCodec.encodeProperties(["DeviceType": .string("Linux"), "DeviceModel": .string("hubctl probe")])
        let (response, version) = try create(id: chosenId, body: body)
        switch response.status {
        case 200, 201, 409:
            // 409: our own first try (a lost answer, then a retry) created it.
            let settings = response.status == 409 || response.body.isEmpty ? [:]
                : try ODataCodec.decodeEntity(response.body, status: response.status, refused: refusedName)
            let id = response.status == 409 ? chosenId : Self.connectionId(settings: settings, response: response) ?? chosenId
            try Self.checkServerConnectionId(id, status: response.status)
            return Registration(server: config.server, appId: config.appId, user: config.user, applicationConnectionId: id,
                                apiVersion: version, anonymous: config.anonymous, securityConfiguration: config.securityConfiguration)
        default:
            throw SMPEndpoint.unexpected(response, doing: "registering a throw-away connection")
        }
    }

    /// The settings of a connection as the server has them now (nothing recorded).
    public func settings(of r: Registration) throws -> [String: JSONValue] {
        try readSettings(version: r.apiVersion, id: r.applicationConnectionId)
    }

    /// Deletes a connection that was never recorded; true when the server had it.
    @discardableResult
    public func deleteUnrecorded(_ r: Registration) throws -> Bool {
        try delete(r)
    }

    /// Deletes a connection that was never recorded and whose registration version is unknown (its
    /// create was under way, or a crash ended the process that made it): the DELETE goes to each
    /// version registration tries, in order, until one answers 200/204. True when the server had it,
    /// false when every version answered 404.
    @discardableResult
    public func deleteUnrecorded(connectionId: String) throws -> Bool {
        guard SafeName.isConnectionId(connectionId) else { throw HubError(.data, code: .invalidConnectionId, "\(HubError.quoted(connectionId)) is not a connection id.") }
        for version in try session.registrationVersionsToTry() {
            let r = Registration(server: config.server, appId: config.appId, user: config.user, applicationConnectionId: connectionId,
                                 apiVersion: version, anonymous: config.anonymous, securityConfiguration: config.securityConfiguration)
            if try delete(r) { return true }
        }
        return false
    }

    // MARK: Errors

    static func connectionNotFound(_ id: String) -> HubError {
        HubError(.noInput, code: .connectionNotFound, "The server no longer knows connection \(id). Run `hubctl register` to create a new one.", status: 404)
    }
}
