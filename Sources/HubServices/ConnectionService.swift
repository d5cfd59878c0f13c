// Registration, settings and unregistration of an application connection (protocol.md §2–6).

import Foundation
import HubAuth
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

public struct UnregisterResult: Sendable, Encodable {
    public var applicationConnectionId: String
    public var deleted: Bool
    public var serverKnewIt: Bool
}

public final class ConnectionService {
    let config: ConnectionConfig
    let http: AuthenticatingTransport
    let store: RegistrationStore
    /// Where the passcode policy of the latest registration is written for the vault (contract with HubVault).
    let home: String
    let makeConnectionId: () -> String

    public init(config: ConnectionConfig, http: AuthenticatingTransport, home: String,
                makeConnectionId: @escaping () -> String = { UUID().uuidString.lowercased() }) {
        self.config = config
        self.http = http
        self.home = home
        self.store = RegistrationStore(home: home)
        self.makeConnectionId = makeConnectionId
    }

    // MARK: URLs

    func applicationURL(version: String) -> String {
        "\(config.server)/\(config.anonymous ? "public/" : "")odata/applications/\(version)/\(Self.escape(config.appId))"
    }

    func connectionsURL(version: String) -> String { applicationURL(version: version) + "/Connections" }

    func connectionURL(version: String, id: String) -> String {
        connectionsURL(version: version) + "('\(Self.escape(id.replacingOccurrences(of: "'", with: "''")))')"
    }

    static func escape(_ s: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }

    func headers(appcid: String?, contentType: Bool = false) -> [HTTPHeader] {
        var h = [HTTPHeader("Accept", "application/json")]
        if contentType { h.append(HTTPHeader("Content-Type", "application/json")) }
        if let appcid { h.append(HTTPHeader("X-SMP-APPCID", appcid)) }
        if let sc = config.securityConfiguration { h.append(HTTPHeader("X-SUP-SC", sc)) }
        if let domain = config.domain { h.append(HTTPHeader("X-SUP-Domain", domain)) }
        return h
    }

    /// Versions to try: the pinned one, or `latest` then `v1` (Kapsel's fallback).
    var versionsToTry: [String] {
        config.apiVersionPinned || config.apiVersion != "latest" ? [config.apiVersion] : ["latest", "v1"]
    }

    // MARK: Register

    public func register(_ request: RegisterRequest) throws -> RegisterResult {
        if let existing = try store.find(server: config.server, appId: config.appId, user: config.user) {
            if request.force {
                _ = try? delete(existing)
                try store.remove(applicationConnectionId: existing.applicationConnectionId)
            } else {
                let response = try http.send(HTTPRequest(method: "GET", url: connectionURL(version: existing.apiVersion, id: existing.applicationConnectionId),
                                                          headers: headers(appcid: existing.applicationConnectionId)))
                if response.status == 200 {
                    let settings = try ODataCodec.decodeEntity(response.body, status: 200)
                    try recordPolicy(settings)
                    return RegisterResult(registration: existing, settings: settings)
                }
                if response.status != 404 {
                    throw Self.unexpected(response, doing: "reading the recorded connection \(existing.applicationConnectionId)")
                }
                // The server no longer knows it: forget it and register anew.
                try store.remove(applicationConnectionId: existing.applicationConnectionId)
            }
        }

        let body = try ODataCodec.encodeProperties(request.properties)
        let chosenId = makeConnectionId()
        var lastNotFound: HTTPResponse?
        for version in versionsToTry {
            // A client-chosen X-SMP-APPCID makes the POST idempotent, so it is safe to retry.
            let post = HTTPRequest(method: "POST", url: connectionsURL(version: version),
                                   headers: headers(appcid: chosenId, contentType: true), body: body, idempotent: true)
            let response = try http.send(post)
            switch response.status {
            case 200, 201:
                var settings = response.body.isEmpty ? [:] : try ODataCodec.decodeEntity(response.body, status: response.status)
                guard let id = Self.connectionId(settings: settings, response: response) else {
                    throw HubError(.data, code: .malformedResponse, "The server created a connection but did not say its id (no ApplicationConnectionId, X-SMP-APPCID header or cookie).", status: response.status)
                }
                if settings.isEmpty { settings = try readSettings(version: version, id: id) }
                return try finishRegistration(id: id, version: version, settings: settings)
            case 409:
                // Our own earlier attempt (a lost answer, then a retry) already created it: read it back.
                let settings = try readSettings(version: version, id: chosenId)
                return try finishRegistration(id: chosenId, version: version, settings: settings)
            case 404:
                lastNotFound = response
                continue
            default:
                throw Self.unexpected(response, doing: "registering")
            }
        }
        throw HubError(.noInput, code: .applicationNotFound,
                       "The server does not know application '\(config.appId)' at \(connectionsURL(version: versionsToTry.last!)) (HTTP 404). Check --app-id, --server (and its path prefix) and --api-version.",
                       status: lastNotFound?.status)
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

    /// The id from the body, else the X-SMP-APPCID header, else the cookie (protocol.md §2).
    static func connectionId(settings: [String: JSONValue], response: HTTPResponse) -> String? {
        if let id = settings["ApplicationConnectionId"]?.stringValue, !id.isEmpty { return id }
        if let id = response.header("X-SMP-APPCID"), !id.isEmpty { return id }
        let cookies = response.cookies
        if let id = cookies["X-SMP-APPCID"], !id.isEmpty { return id }
        if let id = cookies["X-SUP-APPCID"], !id.isEmpty { return id }
        return nil
    }

    /// Writes the server's PasswordPolicy* settings where the vault reads its passcode policy.
    func recordPolicy(_ settings: [String: JSONValue]) throws {
        let policy = settings.filter { $0.key.hasPrefix("PasswordPolicy") }
        guard !policy.isEmpty else { return }
        let data = try JSONOutput.encode(policy, pretty: true)
        let path = home + "/" + PasscodePolicy.fileName
        // Most reads return the same policy: skip the (fsync-ing) write when nothing changed.
        if FileManager.default.contents(atPath: path) == data { return }
        try AtomicFile.ensurePrivateDirectory(home)
        try AtomicFile.write(data, to: path)
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
        let response = try http.send(HTTPRequest(method: "GET", url: connectionURL(version: version, id: id), headers: headers(appcid: id)))
        guard response.status == 200 else {
            if response.status == 404 { throw Self.connectionNotFound(id) }
            throw Self.unexpected(response, doing: "reading the connection's settings")
        }
        return try ODataCodec.decodeEntity(response.body, status: 200)
    }

    /// The recorded registration and its settings as the server has them now (the passcode
    /// policy among them recorded for the vault).
    func recordedSettings() throws -> (Registration, [String: JSONValue]) {
        let r = try recorded()
        let all = try readSettings(version: r.apiVersion, id: r.applicationConnectionId)
        try recordPolicy(all)
        return (r, all)
    }

    public func settings(names: [String]) throws -> [String: JSONValue] {
        let (_, all) = try recordedSettings()
        guard !names.isEmpty else { return all }
        var picked: [String: JSONValue] = [:]
        var unknown: [String] = []
        for n in names {
            if let v = all[n] { picked[n] = v } else { unknown.append(n) }
        }
        if !unknown.isEmpty {
            throw HubError(.data, code: .unknownSetting,
                           "The connection has no setting named \(unknown.map { "'\($0)'" }.joined(separator: ", ")). Run `hubctl settings get` to list them (names are case-sensitive).")
        }
        return picked
    }

    /// Sends an update of writable properties (POST with X-HTTP-METHOD: MERGE, which SMP 3 and
    /// Mobile Services both accept, as Kapsel sends it), then reads the settings back.
    public func update(_ properties: [String: JSONValue]) throws -> [String: JSONValue] {
        let r = try recorded()
        var h = headers(appcid: r.applicationConnectionId, contentType: true)
        h.append(HTTPHeader("X-HTTP-METHOD", "MERGE"))
        // A merge of the same values is idempotent, so the POST may be retried.
        let response = try http.send(HTTPRequest(method: "POST", url: connectionURL(version: r.apiVersion, id: r.applicationConnectionId),
                                                 headers: h, body: try ODataCodec.encodeProperties(properties), idempotent: true))
        switch response.status {
        case 200 where !response.body.isEmpty:
            return try ODataCodec.decodeEntity(response.body, status: 200)
        case 200, 204:
            return try readSettings(version: r.apiVersion, id: r.applicationConnectionId)
        case 404:
            throw Self.connectionNotFound(r.applicationConnectionId)
        case 400:
            throw HubError(.usage, code: .updateRefused, "The server refused the update: \(Self.serverMessage(response) ?? "bad request"). Check the property names and values.", status: 400)
        default:
            throw Self.unexpected(response, doing: "updating the settings")
        }
    }

    // MARK: Unregister

    public func unregister(connectionId: String?) throws -> UnregisterResult {
        let registration: Registration
        if let connectionId {
            registration = try store.all().first { $0.applicationConnectionId == connectionId }
                ?? Registration(server: config.server, appId: config.appId, user: config.user, applicationConnectionId: connectionId,
                                apiVersion: versionsToTry[0], anonymous: config.anonymous, securityConfiguration: config.securityConfiguration)
        } else {
            registration = try recorded()
        }
        let knew = try delete(registration)
        try store.remove(applicationConnectionId: registration.applicationConnectionId)
        return UnregisterResult(applicationConnectionId: registration.applicationConnectionId, deleted: true, serverKnewIt: knew)
    }

    /// DELETE; true when the server had it (200/204), false on 404.
    @discardableResult
    func delete(_ r: Registration) throws -> Bool {
        let response = try http.send(HTTPRequest(method: "DELETE", url: connectionURL(version: r.apiVersion, id: r.applicationConnectionId),
                                                 headers: headers(appcid: r.applicationConnectionId)))
        switch response.status {
        case 200, 204: return true
        case 404: return false
        default: throw Self.unexpected(response, doing: "deleting connection \(r.applicationConnectionId)")
        }
    }

    // MARK: Errors

    static func serverMessage(_ response: HTTPResponse) -> String? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: response.body),
              let error = value["error"] else {
            return nil
        }
        if let s = error["message"]?["value"]?.stringValue { return s }
        return error["message"]?.stringValue
    }

    static func connectionNotFound(_ id: String) -> HubError {
        HubError(.noInput, code: .connectionNotFound, "The server no longer knows connection \(id). Run `hubctl register` to create a new one.", status: 404)
    }

    static func unexpected(_ response: HTTPResponse, doing what: String) -> HubError {
        let detail = serverMessage(response).map { ": \($0)" } ?? ""
        switch response.status {
        case 401:
            return HubError(.permission, code: .authFailed, "The server refused the credentials while \(what)\(detail). Check --user and the password.", status: 401)
        case 403:
            return HubError(.permission, code: .forbidden, "The server refused access while \(what) (HTTP 403)\(detail). Check the user's role and that the connection belongs to this user.", status: 403)
        case 500...599:
            return HubError(.unavailable, code: .serverError, "The server failed while \(what) (HTTP \(response.status))\(detail). Try again later.", status: response.status)
        default:
            return HubError(.data, code: .unexpectedStatus, "Unexpected answer while \(what): HTTP \(response.status)\(detail). Check that --server (with its path prefix) points at SAP Mobile Platform or Mobile Services; --verbose shows each request.", status: response.status)
        }
    }
}
