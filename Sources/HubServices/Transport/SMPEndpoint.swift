// The one place where a configuration becomes requests to SMP 3 / Mobile Services: URLs, the
// standard headers, the version fallback, and the mapping of unexpected statuses to HubError
// (docs/protocol.md §2–7). Every service builds its requests here; none assembles a URL itself.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubTransport

/// The server and application a command talks to, as URLs and headers.
public struct SMPEndpoint: Sendable {
    public let config: ConnectionConfig
    /// Whether the application's addresses go through `public/`: SMP 3's anonymous addresses. Mobile
    /// Services documents anonymous access on the plain address (docs/protocol.md §1), so an
    /// anonymous application there has none. With `--platform auto` it starts as SMP 3's rule and
    /// the session settles it by asking the server (`SMPSession.settleAnonymousPath`).
    public var publicPath: Bool

    public init(config: ConnectionConfig) {
        self.config = config
        publicPath = config.anonymous && config.platform != "mobile-services"
    }

    // MARK: URLs

    /// One escaping rule for every path segment (connection ids, app ids, bundle names): what a
    /// path may hold, minus the characters that would end or split the segment.
    /// `.` and `..` are written as `%2E` and `%2E%2E`: a name that reaches here as one has been let
    /// through a check, and must still not be read as "this directory" or "its parent"; the names
    /// hubctl takes from users and servers are refused as such where they enter (`isDotSegment`).
    public static func escape(segment: String) -> String {
        if SafeName.isDotSegment(segment) { return String(repeating: "%2E", count: segment.count) }
        return PercentEncoding.pathSegment.encode(segment)
    }

    /// The server's base URL with these path segments, each escaped. The configuration layer has
    /// checked the server URL (`scheme://host[:port][/prefix]`, no query, fragment or trailing
    /// slash: ConfigResolver.normalizeServer), so the path goes right after it.
    public func url(_ segments: [String]) -> String {
        var url = config.server
        for segment in segments { url += "/" + Self.escape(segment: segment) }
        return url
    }

    /// `…/[public/]odata/applications/<version>/<appId>` followed by `tail`.
    public func applicationURL(version: String, _ tail: [String] = []) -> String {
        url((publicPath ? ["public"] : []) + ["odata", "applications", version, config.appId] + tail)
    }

    public func connectionsURL(version: String) -> String { applicationURL(version: version, ["Connections"]) }

    /// `Connections('<id>')`, the id quoted as an OData string key (a quote doubled).
    public func connectionURL(version: String, id: String) -> String {
        applicationURL(version: version, ["Connections('" + Self.odataString(id) + "')"])
    }

    /// A key in an OData string literal: a quote doubled.
    static func odataString(_ key: String) -> String {
        var quoted = ""
        for character in key {
            quoted.append(character)
            if character == "'" { quoted.append("'") }
        }
        return quoted
    }

    /// `/bundles/<appId>/[<bundleId>]`: the assigned bundle, or the server's default without an id.
    public func bundleURL(bundleId: String?) -> String {
        guard let bundleId else { return url(["bundles", config.appId]) + "/" }
        return url(["bundles", config.appId, bundleId])
    }

    // MARK: Headers and versions

    /// The headers every SMP request carries: what it accepts, the connection id, and the Client
    /// Hub's security configuration and domain when configured.
    public func headers(appcid: String?, accept: String = "application/json", contentType: String? = nil) -> [HTTPHeader] {
        var h = [HTTPHeader("Accept", accept)]
        if let contentType { h.append(HTTPHeader("Content-Type", contentType)) }
        if let appcid { h.append(HTTPHeader("X-SMP-APPCID", appcid)) }
        // SMP 3.0 asks for the X-SMP-XXX forms; X-SUP-XXX is kept by the server only for apps of
        // earlier versions (SMP 3.0 "HTTP Headers and Cookies").
        if let sc = config.securityConfiguration { h.append(HTTPHeader("X-SMP-SC", sc)) }
        if let domain = config.domain { h.append(HTTPHeader("X-SMP-DOMAIN", domain)) }
        return h
    }

    /// Versions to try: the pinned one, or `latest` then `v1` (Kapsel's fallback on 404).
    public var versionsToTry: [String] {
        config.apiVersionPinned || config.apiVersion != "latest" ? [config.apiVersion] : ["latest", "v1"]
    }

    // MARK: Statuses

    /// The message of an OData error document (`{"error": {"message": {"value": …}}}` or a plain string).
    public static func serverMessage(_ response: HTTPResponse) -> String? {
        guard let value = try? JSONValue.read(response.body),
              let error = value["error"] else {
            return nil
        }
        if let s = error["message"]?["value"]?.stringValue { return s }
        return error["message"]?.stringValue
    }

    /// A status the caller did not expect, as the error a user can act on.
    public static func unexpected(_ response: HTTPResponse, doing what: String) -> HubError {
        let detail = serverMessage(response).map { ": \($0)" } ?? ""
        switch response.status {
        case 401:
            return HubError(.permission, code: .authFailed, "The server refused the credentials while \(what)\(detail). Check --user and the password.", status: 401)
        case 403:
            return HubError(.permission, code: .forbidden, "The server refused access while \(what) (HTTP 403)\(detail). Check the user's role and that the connection belongs to this user; on Mobile Services with application versioning, that --app-version names an active version (SAP answers a request without X-APP-VERSION with a plain 403).", status: 403)
        case 500...599:
            return HubError(.unavailable, code: .serverError, "The server failed while \(what) (HTTP \(response.status))\(detail). Try again later.", status: response.status)
        default:
            return HubError(.data, code: .unexpectedStatus, "Unexpected answer while \(what): HTTP \(response.status)\(detail). Check that --server (with its path prefix) points at SAP Mobile Platform or Mobile Services; --verbose shows each request.", status: response.status)
        }
    }
}

/// An endpoint with the authenticated transport: what every service sends its requests through.
/// One session per command; like the transport under it, it is used by one thread at a time.
public final class SMPSession {
    public private(set) var endpoint: SMPEndpoint
    let http: AuthenticatingTransport
    /// When the command's deadline passes (the Invocation's, handed down): the end of every wait
    /// of its services (locks too), not only of its requests. nil: a lock is waited for as long as
    /// `FileLock.defaultWait` (a session made without a command, in tests).
    public let deadline: ContinuousClock.Instant?

    public init(endpoint: SMPEndpoint, http: AuthenticatingTransport, deadline: ContinuousClock.Instant? = nil) {
        self.endpoint = endpoint
        self.http = http
        self.deadline = deadline
    }

    public var config: ConnectionConfig { endpoint.config }

    /// An anonymous application with `--platform auto`: asks the server which platform it is (one
    /// request, `PlatformDiscovery.probe`) and keeps `public/` only for SMP 3.
    public func settleAnonymousPath() throws {
        guard config.anonymous, config.platform != "smp3", config.platform != "mobile-services" else { return }
        endpoint.publicPath = try PlatformDiscovery.probe(self) == .smp3
    }

    /// A request with the standard headers; a JSON body gets its Content-Type.
    public func request(_ method: String, _ url: String, appcid: String?, json body: Data? = nil,
                        accept: String = "application/json", extraHeaders: [HTTPHeader] = [],
                        idempotent: Bool? = nil) -> HTTPRequest {
        HTTPRequest(method: method, url: url,
                    headers: endpoint.headers(appcid: appcid, accept: accept, contentType: body == nil ? nil : "application/json") + extraHeaders,
                    body: body, idempotent: idempotent)
    }

    /// A request whose body is streamed (logs, usage reports) rather than held in memory.
    public func upload(_ method: String, _ url: String, appcid: String?, body: RequestBody, contentType: String,
                       idempotent: Bool? = nil) -> HTTPRequest {
        HTTPRequest(method: method, url: url, headers: endpoint.headers(appcid: appcid, contentType: contentType),
                    upload: body, idempotent: idempotent)
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        let response = try http.send(request)
        try Self.refuseHTMLPage(response, for: request)
        return response
    }

    /// Every answer hubctl asks SMP or Mobile Services for is JSON or XML (the `Accept` it sends):
    /// a successful answer that is a non-empty HTML page (an identity provider's login page, a
    /// proxy's error page) is not what was promised, whatever its status says (docs/security.md
    /// "Answers that are not what was promised"). An empty body is left to the caller: some
    /// servers label an empty 200 or 204 as HTML.
    static func refuseHTMLPage(_ response: HTTPResponse, for request: HTTPRequest) throws {
        guard (200...299).contains(response.status), !response.body.isEmpty,
              let type = response.header("Content-Type")?.lowercased(), type.hasPrefix("text/html") else { return }
        let accept = request.headers.first { $0.name.caseInsensitiveCompare("Accept") == .orderedSame }?.value.lowercased() ?? ""
        guard !accept.contains("html"), !accept.contains("*/*") else { return }
        throw HubError(.data, code: .malformedResponse,
                       "The server answered with an HTML page (HTTP \(response.status), text/html) where \(accept.isEmpty ? "JSON or XML" : accept) was asked for: a login page or a proxy's error page answering instead of SAP Mobile Platform / Mobile Services. Check --server (and its path prefix); --verbose shows each request.",
                       status: response.status)
    }

    public func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse {
        try http.stream(request, to: sink)
    }
}

// MARK: Client services (docs/protocol.md §15)

extension SMPEndpoint {
    /// A query parameter's value, escaped so that `&`, `=`, `+` and `#` stay inside it.
    public static func escape(queryValue: String) -> String {
        PercentEncoding.queryValue.encode(queryValue)
    }

    /// `/mobileservices/management/versions`: a JSON object on Mobile Services, 404 on SMP 3.
    public var managementVersionsURL: String { url(["mobileservices", "management", "versions"]) }

    /// `/mobileservices/push/v1/runtime/applications/<appId>/os/<os>/devices/<deviceId>`.
    public func pushDeviceURL(os: String, deviceId: String) -> String {
        url(["mobileservices", "push", "v1", "runtime", "applications", config.appId, "os", os, "devices", deviceId])
    }

    /// `/mobileservices/push/v1/runtime/applications/<appId>/pushconfigurations/os/<os>/pushid`.
    public func pushIdURL(os: String) -> String {
        url(["mobileservices", "push", "v1", "runtime", "applications", config.appId, "pushconfigurations", "os", os, "pushid"])
    }

    /// `/mobileservices/application/<appId>/clientlogs/v1/runtime/log/application/<appId>?deviceId=<id>`.
    public func clientLogsURL(deviceId: String?) -> String {
        let base = url(["mobileservices", "application", config.appId, "clientlogs", "v1", "runtime", "log", "application", config.appId])
        return deviceId.map { base + "?deviceId=" + Self.escape(queryValue: $0) } ?? base
    }

    /// SMP 3's `/clientlogs` (multipart, the connection in X-SMP-APPCID).
    public var smp3ClientLogsURL: String { url(["clientlogs"]) }

    /// `/mobileservices/application/<appId>/clientusage/v1/runtime/clientusage/application/<appId>[/device/<id>]`.
    public func clientUsageURL(deviceId: String?) -> String {
        url(["mobileservices", "application", config.appId, "clientusage", "v1", "runtime", "clientusage", "application", config.appId]
            + (deviceId.map { ["device", $0] } ?? []))
    }

    /// `/mobileservices/application/<appId>/roleservice/application/<appId>/v2/Me`.
    public var currentUserURL: String {
        url(["mobileservices", "application", config.appId, "roleservice", "application", config.appId, "v2", "Me"])
    }

    /// `/mobileservices/application/<appId>/Storage/v1/runtime/application/<appId>/global/mobileservices/settingsExchange[/<member>]`.
    public func settingsExchangeURL(member: String?) -> String {
        url(["mobileservices", "application", config.appId, "Storage", "v1", "runtime", "application", config.appId,
             "global", "mobileservices", "settingsExchange"] + (member.map { [$0] } ?? []))
    }

    /// `Connections('<id>')?$expand=A,B`.
    public func connectionURL(version: String, id: String, expand: [String]) -> String {
        let base = connectionURL(version: version, id: id)
        return expand.isEmpty ? base : base + "?$expand=" + expand.map { Self.escape(queryValue: $0) }.joined(separator: ",")
    }
}
