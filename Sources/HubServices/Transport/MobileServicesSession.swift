// What a Mobile Services tenant expects of every request and how hubctl reads its special answers
// (docs/protocol.md §14): X-SMP-APPID, X-SMP-DEVICEID and X-APP-VERSION on every request; a SAML
// login page, an OAuth challenge hubctl cannot answer, and an application-versioning 403 as errors.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubTransport

/// Adds the standard Mobile Services headers and turns answers that are not data into errors.
public final class MobileServicesTransport: HTTPTransport {
    let inner: any HTTPTransport
    let appId: String
    /// Read (or made) at the first request, so a command that sends nothing writes nothing.
    let deviceId: () throws -> String?
    private var device: String??
    let appVersion: String?
    /// The OAuth client when one is configured (for the advice of `login_required`).
    let oauthClient: OAuthClientInfo?

    public init(inner: any HTTPTransport, appId: String, deviceId: @escaping () throws -> String?, appVersion: String?, oauthClient: OAuthClientInfo?) {
        self.inner = inner
        self.appId = appId
        self.deviceId = deviceId
        self.appVersion = appVersion
        self.oauthClient = oauthClient
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try check(try inner.send(decorate(request)), request)
    }

    public func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse {
        try check(try inner.stream(decorate(request), to: sink), request)
    }

    func decorate(_ request: HTTPRequest) throws -> HTTPRequest {
        if device == nil { device = .some(try deviceId()) }
        var r = request
        func add(_ name: String, _ value: String?) {
            guard let value, !value.isEmpty, !r.headers.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else { return }
            r.headers.append(HTTPHeader(name, value))
        }
        add("X-SMP-APPID", appId.isEmpty ? nil : appId)
        add("X-SMP-DEVICEID", device ?? nil)
        add("X-APP-VERSION", appVersion)
        return r
    }

    func check(_ response: HTTPResponse, _ request: HTTPRequest) throws -> HTTPResponse {
        let server = OAuthChallenge.origin(request.url)
        if OAuthChallenge.isSAMLLoginPage(response) {
            throw HubError(.permission, code: .samlRequired,
                           "The server at \(server) answered with a SAML login page (HTTP \(response.status)): application '\(appId)' uses SAML authentication, which needs a person in a browser and cannot serve hubctl. In the Mobile Services cockpit, set the application's security to OAuth (add an OAuth client with a loopback redirect URI) and use `hubctl login`, or to Basic.",
                           status: response.status)
        }
        if OAuthChallenge.isChallenge(response) {
            throw OAuthChallenge.loginRequired("The server at \(server) asks for an OAuth token (HTTP \(response.status)).", client: oauthClient)
        }
        if response.status == 403, Self.isVersioningRefusal(response) {
            let sent = appVersion.map { "the version sent (X-APP-VERSION: \($0)) is not an active version of '\(appId)'. Give an active one with --app-version" }
                ?? "no application version was sent. Give the app's version with --app-version"
            let detail = SMPEndpoint.serverMessage(response).map { " (\($0))" } ?? ""
            throw HubError(.permission, code: .appVersionRejected,
                           "The server at \(server) refused the request through application versioning (HTTP 403, x-app-version-inactive: true)\(detail): \(sent) (or HUBCTL_APP_VERSION, or the profile's app-version); the cockpit lists the active versions.",
                           status: 403)
        }
        return response
    }

    /// An inactive application version, as SAP's SDKs recognise it: the response header
    /// `x-app-version-inactive: true` (SAPFoundation's `ApplicationVersionObserver`).
    static func isVersioningRefusal(_ response: HTTPResponse) -> Bool {
        response.header("x-app-version-inactive")?.trimmingCharacters(in: .whitespaces).lowercased() == "true"
    }
}

/// The device id sent as X-SMP-DEVICEID: generated once per home and kept in `<home>/device-id`.
public enum DeviceIdentity {
    public static func load(home: String) throws -> String {
        let path = home + "/device-id"
        if let existing = read(path) { return existing }
        try AtomicFile.ensurePrivateDirectory(home)
        // Written under a temporary name and linked into place, so two first runs agree on one id.
        let id = UUID().uuidString.lowercased()
        let temporary = path + ".tmp-" + UUID().uuidString.prefix(8)
        try AtomicFile.write(Data((id + "\n").utf8), to: temporary, mode: 0o600)
        defer { unlink(temporary) }
        if link(temporary, path) != 0, errno != EEXIST {
            throw AtomicFile.fileError("create \(path)", errno)
        }
        guard let stored = read(path) else {
            throw HubError(.data, code: .stateDamaged, "\(path) does not hold a device id hubctl wrote. Move it away; hubctl makes a new one.")
        }
        return stored
    }

    private static func read(_ path: String) -> String? {
        guard let data = try? BoundedFile.read(path: path, limit: 1024, regularOnly: true) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingWhitespaceAndNewlines()
        guard !text.isEmpty, text.count <= 128, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
        return text
    }
}

extension SMPSession {
    /// `GET /mobileservices/management/versions`: the registration API version Mobile Services
    /// names (`{"services": {"onboarding": "v4"}}`); nil when the server does not have the address.
    public func discoveredOnboardingVersion() throws -> String? {
        let response = try send(request("GET", endpoint.managementVersionsURL, appcid: nil))
        guard response.status == 200,
              let value = try? JSONValue.read(response.body),
              let version = value["services"]?["onboarding"]?.stringValue,
              ["v1", "v2", "v3", "v4"].contains(version) else { return nil }
        return version
    }

    /// Whether `registrationVersionsToTry` asks the versions address: no version pinned, and a
    /// Mobile Services application (an OAuth client is configured).
    public var discoversOnboardingVersion: Bool { endpoint.versionsToTry.count > 1 && config.oauth != nil }

    /// The versions registration tries: a pinned one; for a Mobile Services application (an OAuth
    /// client is configured) the one the server names; else `latest` then `v1`.
    public func registrationVersionsToTry() throws -> [String] {
        let configured = endpoint.versionsToTry
        guard discoversOnboardingVersion else { return configured }
        if let discovered = try onboardingVersionHint() { return [discovered] }
        return configured
    }

    /// The onboarding version the versions address names; nil when it names none or fails there:
    /// the address is only a hint, and a server that fails on it gets the fallback. A refusal of the
    /// credentials and the deadline are the errors they are.
    public func onboardingVersionHint() throws -> String? {
        do {
            return try discoveredOnboardingVersion()
        } catch let error as HubError where error.kind != .permission && error.code != .timeout {
            return nil
        }
    }
}

extension SMPEndpoint {
    /// Mobile Services' own bundle address:
    /// `/mobileservices/application/<appId>/bundles/v1/runtime/bundle/application/<appId>`
    /// `[/bundle/<name>/version/<version>]` (the assigned bundle without an id).
    public func mobileServicesBundleURL(bundleId: String?) -> String {
        var segments = ["mobileservices", "application", config.appId, "bundles", "v1", "runtime", "bundle", "application", config.appId]
        if let bundleId, let colon = bundleId.firstIndex(of: ":") {
            segments += ["bundle", String(bundleId[..<colon]), "version", String(bundleId[bundleId.index(after: colon)...])]
        }
        return url(segments)
    }
}
