// The Mobile Services cockpit's Admin API (docs/protocol.md §17): `<base>/apps`, `<base>/app/{id}`
// (show, delete), `<base>/app/{id}/restore` and `<base>/app/{id}/service/{feature}/key`, under
// `<cockpit>/cockpit/v1/org/{orgGUID}/space/{spaceGUID}`. Seen only in SAP's open-source code
// ([code]): every answer is read tolerantly (unknown members ignored, missing ones allowed). A
// login page (`com.sap.cloud.security.login: login-request`, HTML, or a redirect, never followed)
// means the credentials were not taken: 77 with a hint. A 403
// with `X-CSRF-Token: Required` gets one `X-CSRF-Token: Fetch` (cookies kept) and one retry.
// Every request carries `X-Requested-With: XMLHttpRequest`, as SAP's MDK CLI sends it on every
// CF call ([code] @sap/mdk-tools deploy-ms.js, as quoted in issue #50, not re-read here; SAP's
// MCP server sends `application/json` there).

import Foundation
import HubAuth
import HubCore
import HubTransport

/// One application as the Admin API lists it.
public struct MobileServicesApp: Sendable, Equatable {
    public var id: String
    public var displayName: String?
    /// The features (`services[].name`).
    public var features: [String]
    /// The whole object, as the server sent it.
    public var raw: JSONValue

    /// The application of a list or a GET; nil without an id; 65 when the id cannot go into an
    /// address (checked here, where it is read: `app prune` and `app delete` put it in one).
    static func read(_ value: JSONValue) throws -> MobileServicesApp? {
        guard let id = value["id"]?.stringValue ?? value["applicationId"]?.stringValue ?? value["appId"]?.stringValue
                ?? value["name"]?.stringValue, !id.isEmpty else { return nil }
        try AppAdminRules.serverName(id, "an application id", from: "The Admin API")
        var features: [String] = []
        if case .array(let services)? = value["services"] {
            features = services.compactMap { $0["name"]?.stringValue ?? $0.stringValue }
        }
        return MobileServicesApp(id: id, displayName: value["displayName"]?.stringValue, features: features, raw: value)
    }
}

/// How the Admin API is authenticated: Basic (documented for the cockpit API) or the CF user's bearer.
public enum MobileServicesAdminAuth {
    case basic(BasicCredentials)
    case bearer(CloudFoundryTokens)
}

/// A feature key's request (`{"alias", "scopes"}`, X.509's `credential-type` and `x509`).
public struct FeatureKeyRequest: Sendable, Equatable {
    public enum ValidityType: String, Sendable, Equatable { case days = "DAYS", months = "MONTHS" }
    public struct X509: Sendable, Equatable {
        public var keyLength: Int
        public var validity: Int
        public var validityType: ValidityType
        public init(keyLength: Int = 2048, validity: Int = 1, validityType: ValidityType = .days) {
            self.keyLength = keyLength
            self.validity = validity
            self.validityType = validityType
        }
    }
    public var alias: String
    public var scopes: [String]
    public var x509: X509?

    public init(alias: String, scopes: [String], x509: X509? = nil) {
        self.alias = alias
        self.scopes = scopes
        self.x509 = x509
    }

    var json: JSONValue {
        var body: [String: JSONValue] = ["alias": .string(alias), "scopes": .array(scopes.map(JSONValue.string))]
        if let x509 {
            body["credential-type"] = .string("x509")
            body["x509"] = .object(["key-length": .int(Int64(x509.keyLength)), "validity": .int(Int64(x509.validity)),
                                    "validity-type": .string(x509.validityType.rawValue)])
        }
        return .object(body)
    }
}

public final class MobileServicesAdmin {
    public let base: String
    let auth: MobileServicesAdminAuth
    let http: any HTTPTransport
    let note: ((String) -> Void)?
    /// The CSRF token, once fetched. The session cookie that came with it is the transport's:
    /// libcurl's in-memory jar sends it back with the retry (docs/protocol.md §17).
    private var csrfToken: String?

    public init(base: String, auth: MobileServicesAdminAuth, transport: any HTTPTransport, note: ((String) -> Void)? = nil) {
        self.base = CloudFoundryTokens.trimmed(base)
        self.auth = auth
        http = transport
        self.note = note
    }

    func appURL(_ id: String) -> String { base + "/app/" + SMPEndpoint.escape(segment: id) }

    // MARK: Requests

    func send(_ method: String, _ url: String, json body: JSONValue? = nil, upload: RequestBody? = nil, extra: [HTTPHeader] = []) throws -> HTTPResponse {
        var headers = [HTTPHeader("Accept", "application/json"), HTTPHeader("X-Requested-With", "XMLHttpRequest")] + extra
        let data = try body.map { try JSONOutput.encode($0, pretty: false) }
        if data != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        var request = HTTPRequest(method: method, url: url, headers: headers, body: data, idempotent: method == "GET" || method == "DELETE")
        if let upload { request.body = upload }
        // A redirect is not followed, even to the same host: it is the cockpit sending a browser to
        // its login (`checkAuthenticated`: 77), and the token or password goes nowhere else.
        request.followsRedirects = false
        switch auth {
        case .basic(let credentials):
            request.credentials = credentials
            request.carriesSecrets = true
            return try http.send(request)
        case .bearer(let tokens):
            return try tokens.send(request, through: http)
        }
    }

    /// A request with the CSRF token when one was fetched; a 403 asking for one fetches it
    /// (`GET <base>/apps`, `X-CSRF-Token: Fetch`) and retries once.
    func exchange(_ method: String, _ url: String, json body: JSONValue? = nil, upload: RequestBody? = nil, extra: [HTTPHeader] = [], doing what: String) throws -> HTTPResponse {
        let changes = method != "GET"
        var response = try send(method, url, json: body, upload: upload, extra: extra + (changes ? csrfHeaders : []))
        if changes, response.status == 403, response.header("X-CSRF-Token")?.lowercased() == "required" {
            note?("hubctl: the Admin API asks for a CSRF token; fetching one and trying once more")
            let fetched = try send("GET", base + "/apps", extra: [HTTPHeader("X-CSRF-Token", "Fetch")])
            try Self.checkAuthenticated(fetched, doing: "fetching a CSRF token")
            guard let token = fetched.header("X-CSRF-Token"), !token.isEmpty, token.lowercased() != "required" else {
                throw HubError(.permission, code: .forbidden, "The Admin API asked for a CSRF token while \(what) but gave none on `X-CSRF-Token: Fetch` (HTTP \(fetched.status)).", status: 403)
            }
            csrfToken = token
            response = try send(method, url, json: body, upload: upload, extra: extra + csrfHeaders)
        }
        try Self.checkAuthenticated(response, doing: what)
        return response
    }

    private var csrfHeaders: [HTTPHeader] {
        csrfToken.map { [HTTPHeader("X-CSRF-Token", $0)] } ?? []
    }

    /// What to do when the Admin API did not take the credentials.
    static let loginHint = "Check --admin-api (the instance's \"Admin API\" link), run `cf login` again, or give --admin-user with --admin-password-file."

    /// Not the API but a login (77): the header `com.sap.cloud.security.login: login-request`
    /// whatever the status and Content-Type (SAP's MDK CLI reads it so: `@sap/mdk-tools`
    /// `lib/deployer/deploy-ms.js` 914-928), a 2xx HTML page, or any redirect (not followed: a
    /// redirect to an identity provider is a login, and the credentials go to no other host).
    static func checkAuthenticated(_ response: HTTPResponse, doing what: String) throws {
        let type = response.header("Content-Type")?.lowercased() ?? ""
        let shownType = type.isEmpty ? "" : ", " + HubError.quoted(type)
        if OAuthChallenge.isSAMLLoginPage(response) {
            throw HubError(.permission, code: .loginRequired,
                           "The Admin API answered \(what) with a login page (HTTP \(response.status)\(shownType), com.sap.cloud.security.login: login-request), not the API: the credentials were not accepted. \(loginHint)",
                           status: response.status)
        }
        if (300...399).contains(response.status) {
            let to = response.header("Location").map { " to " + OAuthChallenge.origin($0) } ?? ""
            throw HubError(.permission, code: .loginRequired,
                           "The Admin API answered \(what) with a redirect\(to) (HTTP \(response.status)), a login rather than the API: the credentials were not accepted. hubctl does not follow it (the credentials go to no other host). \(loginHint)",
                           status: response.status)
        }
        if (200...299).contains(response.status) && type.contains("text/html") {
            throw HubError(.permission, code: .loginRequired,
                           "The Admin API answered \(what) with a login page (HTTP \(response.status)\(shownType)), not the API: the credentials were not accepted. \(loginHint)",
                           status: response.status)
        }
    }

    static func json(_ response: HTTPResponse, doing what: String) throws -> JSONValue {
        guard let value = try? JSONValue.read(response.body) else {
            throw HubError(.data, code: .malformedResponse, "The Admin API answered \(what) with a body that is not JSON (HTTP \(response.status)). Check --admin-api.", status: response.status)
        }
        return value
    }

    // MARK: Calls

    /// Every application of the space.
    public func list() throws -> [MobileServicesApp] {
        let response = try exchange("GET", base + "/apps", doing: "listing the applications")
        guard response.status == 200 else { throw Self.failure(response, doing: "listing the applications") }
        let value = try Self.json(response, doing: "listing the applications")
        let items: [JSONValue]
        switch value["apps"] ?? value["value"] ?? value {
        case .array(let list): items = list
        default: throw HubError(.data, code: .malformedResponse, "The Admin API's list of applications is not a list.", status: 200)
        }
        return try items.compactMap { try MobileServicesApp.read($0) }
    }

    /// One application; nil when the Admin API has none (404).
    public func show(_ id: String) throws -> MobileServicesApp? {
        let response = try exchange("GET", appURL(id), doing: "reading application \(HubError.quoted(id))")
        if response.status == 404 { return nil }
        guard response.status == 200 else { throw Self.failure(response, doing: "reading application \(HubError.quoted(id))") }
        let value = try Self.json(response, doing: "reading an application")
        return try MobileServicesApp.read(value) ?? MobileServicesApp(id: id, displayName: nil, features: [], raw: value)
    }

    /// Deletes the application: true when deleted, false when there was none (404).
    public func delete(_ id: String) throws -> Bool {
        let response = try exchange("DELETE", appURL(id), doing: "deleting application \(HubError.quoted(id))")
        switch response.status {
        case 200...299: return true
        case 404: return false
        default: throw Self.failure(response, doing: "deleting application \(HubError.quoted(id))")
        }
    }

    /// `POST <base>/app/{id}/restore` (no body), as SAP's test broker calls it after creating.
    public func restore(_ id: String) throws {
        let response = try exchange("POST", appURL(id) + "/restore", doing: "restoring application \(HubError.quoted(id))")
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: "restoring application \(HubError.quoted(id))") }
    }

    /// A new feature key: the answer's one object, as is (its only copy: it cannot be read again).
    public func createFeatureKey(_ id: String, feature: String, _ key: FeatureKeyRequest) throws -> JSONValue {
        let what = "creating a \(feature) key of \(HubError.quoted(id))"
        let response = try exchange("POST", appURL(id) + "/service/" + SMPEndpoint.escape(segment: feature) + "/key", json: key.json, doing: what)
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: what) }
        var value = try Self.json(response, doing: what)
        if case .array(let list) = value, list.count == 1 { value = list[0] }
        guard case .object = value, value["url"]?.stringValue != nil, value["apiKey"] != nil || value["uaa"] != nil else {
            throw HubError(.data, code: .malformedResponse, "The Admin API's answer \(what) is not a key ({alias, url, apiKey} or {alias, url, uaa}). The key may exist on the server; see the cockpit.", status: response.status)
        }
        return value
    }

    // MARK: Errors

    static func failure(_ response: HTTPResponse, doing what: String) -> HubError {
        let detail = BundleAdmin.message(response)
        switch response.status {
        case 401: return HubError(.permission, code: .authFailed, "The Admin API refused the credentials while \(what)\(detail). Run `cf login`, or check --admin-user and the password file.", status: 401)
        case 403: return HubError(.permission, code: .forbidden, "The Admin API refused \(what) (HTTP 403)\(detail). The user needs a Mobile Services role in the space (SpaceDeveloper).", status: 403)
        case 404: return HubError.noInput("The Admin API has no such application (HTTP 404 while \(what))\(detail). Check the id (`hubctl app list`).", code: .applicationNotFound, status: 404)
        case 400, 409, 422: return HubError(.data, code: .invalidData, "The Admin API refused \(what) (HTTP \(response.status))\(detail).", status: response.status)
        case 429: return HubError(.unavailable, code: .rateLimited, "The Admin API limits these requests (HTTP 429 while \(what)). Try again later.", status: 429)
        default: return SMPEndpoint.unexpected(response, doing: what)
        }
    }
}
