// The emulator's Cloud Foundry world (issue #42, docs/protocol.md §17): one org, one space, the
// `mobile-services` offering with its `standard` plan, users and clients of cf's UAA, the tokens it
// issued, service instances, credential bindings (keys), route bindings, jobs, and the Mobile
// Services cockpit's applications (the Admin API's view). Everything behind one lock.
//
// What no SAP source shows, and the emulator decides (docs/protocol.md §17): creating an instance
// creates its application; deleting the instance or the application removes both (with the
// instance's keys). Created applications are applications of the emulator: devices register
// against them with the CF users' passwords, and their push keys (feature keys and CF keys) are
// credentials of the push backend (PushBackendState), with the application they belong to.

import COpenSSL
import Foundation
import Synchronization

/// A user of cf's UAA: the password grant and the Admin API's Basic authentication take it.
struct CFUser: Sendable {
    var username: String
    var password: String?
    var origin: String
}

/// A CF service instance, of `mobile-services` (its application id is its name) unless a test
/// made one of another offering's plan.
struct CFInstance: Sendable {
    var guid: String
    var name: String
    var createdAt: Date
    /// When provisioning ends: `last_operation` is `in progress` until then.
    var readyAt: Date
    var labels: [(String, String)]
    var tags: [String]
    var parameters: ODataValue
    /// The URL of a route bound to the instance (route bindings), if any.
    var routeURL: String?
    /// Why its provisioning failed (the broker's message): `last_operation` ends `failed`, its job
    /// FAILED, and no application is made for it.
    var failure: String? = nil
    /// Its plan (`relationships.service_plan`): mobile-services' `standard` unless a test chose another.
    var planGuid: String = CloudFoundryState.planGuid
    /// Its `dashboard_url`: the cockpit's page of the app, another URL, or none.
    var dashboard: CFDashboard = .cockpit

    var isMobileServices: Bool { planGuid == CloudFoundryState.planGuid }
}

enum CFDashboard: Sendable {
    case cockpit, url(String), none
}

/// A plan of another offering (a test's PostgreSQL beside mobile-services).
struct CFPlan: Sendable {
    var guid: String
    var name: String
    var offeringGuid: String
    var offeringName: String
}

/// A CF service key (a credential binding of type key).
struct CFBinding: Sendable {
    var guid: String
    var name: String
    var instanceGuid: String
    var createdAt: Date
    var credentials: ODataValue
}

/// An asynchronous CF operation.
struct CFJob: Sendable {
    var guid: String
    var operation: String
    var createdAt: Date
    var readyAt: Date
    /// The error of a failed job.
    var failure: String?
    /// The resource it works on (`service_instances` or `service_credential_bindings`, its guid).
    var resource: (kind: String, guid: String)?
}

/// An application of the Mobile Services cockpit, as the Admin API lists it.
struct CockpitApp: Sendable {
    var id: String
    var displayName: String
    var features: [String]
    /// The `device_support` of an app created through `POST /app` (SAP's MDK CLI's body), as sent.
    var deviceSupport: ODataValue? = nil
    var restores = 0
    var keysIssued = 0
    /// The proxy feature's `endpointConfigurations` (ProxyServiceHandler), and its PUTs counted.
    var proxyEndpoints: [ODataValue] = []
    var proxyWrites = 0
}

public final class CloudFoundryState: Sendable {
    static let orgGuid = "8f0b2b5c-6a1e-4c61-9d1a-3c5e0a0f4201"
    static let spaceGuid = "2d7e9c41-0b3f-4a8e-8c6d-5f1a7b2e4302"
    static let offeringGuid = "b1a6e3f0-7c2d-4e95-a8b4-6d0c9f1e5303"
    static let planGuid = "c4d8f2a7-9e1b-4f30-b6c5-7a2e0d3f6404"
    static let brokerGuid = "d7e0a4b9-2f6c-4a1d-9b8e-1c5f3a7d8505"
    static let orgName = "emulator-org"
    static let spaceName = "dev"
    static let offeringName = "mobile-services"
    static let planName = "standard"
    static let defaultUser = "ci-user@example.com"
    /// How many resources a list page holds unless the client asks for fewer: small, so clients must follow `next`.
    static let defaultPageSize = 2
    /// The emulator's HS256 key for the JWTs it issues (it checks tokens by its own record, not the signature).
    static let signingKey = Array("hubctl-emulator-cf-uaa-signing-key".utf8)

    struct Settings: Sendable {
        var csrf = false
        var loginPage = false
        var tokenLifetime = 1200
        var provisionSeconds = 0.0
        var failDelete: Set<String> = []
        /// Names of instances whose provisioning fails.
        var failProvision: Set<String> = []
        var failRestore = false
        /// The message text of the failures above (`failDelete`, `failRestore`), as a server's own
        /// (nil: the emulator's "… failed (a test asked for it)."): control characters or a
        /// credential echoed back, as a hostile server would quote them (issue 48, items 8 and 16).
        var failMessage: String?
        /// The HTTP status of those failures (500 by default: hubctl's transport tries a 5xx again,
        /// and reports the last one without its text; a 4xx is quoted once).
        var failStatus = 500
        var pageSize = CloudFoundryState.defaultPageSize
        /// New instances created through CF get a route binding to this URL.
        var routeURL: String?
        /// Members that replace (null: remove) those of every successful answer of cf's UAA (a JSON
        /// object): a careless or hostile UAA, for tests of clients (issue 48 item 4).
        var tokenAnswer: Data?
        /// The cockpit's login-page fault: the Content-Type of the page (default text/html).
        var loginPageType: String?
        /// The cockpit's redirect fault: every Admin API request is answered 302 to this URL.
        var loginRedirect: String?
        /// Faults (issue 48): every service instance in a list carries a `padding` member of
        /// about this many bytes; new jobs get this id (their `Location` ends with it); the next
        /// create of an instance first makes these instances (labelled managed-by=hubctl, with
        /// their apps), as another run of hubctl would at that moment.
        var padInstanceBytes = 0
        var jobGuid: String?
        var raceCreate: [String] = []
        /// The Admin API's services catalogue is empty (SAP's MDK CLI refuses to create then).
        var emptyCatalogue = false
    }

    struct Store: Sendable {
        var settings = Settings()
        var users = [CFUser(username: CloudFoundryState.defaultUser, password: nil, origin: "uaa")]
        var clients: [String: String] = [:]
        /// Access token → its subject and expiry.
        var access: [String: (subject: String, expires: Date)] = [:]
        /// Refresh token → the user it was issued to.
        var refresh: [String: String] = [:]
        var instances: [CFInstance] = []
        var bindings: [CFBinding] = []
        var jobs: [String: CFJob] = [:]
        var apps: [CockpitApp] = []
        /// Plans of other offerings, made by the instances control.
        var otherPlans: [CFPlan] = []
        /// Session cookie → CSRF token (the Admin API's CSRF switch).
        var csrf: [String: String] = [:]
    }

    private let store = Mutex(Store())

    init() {}

    var settings: Settings { store.withLock { $0.settings } }
    func update(_ change: (inout Settings) -> Void) { store.withLock { change(&$0.settings) } }

    // MARK: Users, clients and tokens

    var users: [CFUser] { store.withLock { $0.users } }

    /// Adds users or changes their password and origin.
    func setUsers(_ users: [CFUser]) {
        store.withLock { s in
            for user in users {
                if let i = s.users.firstIndex(where: { $0.username == user.username }) { s.users[i] = user } else { s.users.append(user) }
            }
        }
    }

    func setClients(_ clients: [(String, String)]) {
        store.withLock { s in for (id, secret) in clients { s.clients[id] = secret } }
    }

    /// The user whose password this is, of `origin` (nil: any origin).
    func user(_ name: String, password: String, origin: String?) -> CFUser? {
        store.withLock { s in
            s.users.first { $0.username == name && $0.password != nil && $0.password == password && (origin == nil || $0.origin == origin) }
        }
    }

    func clientMatches(_ id: String, secret: String) -> Bool {
        store.withLock { $0.clients[id].map { $0 == secret } ?? false }
    }

    /// A new access token (a JWT with `exp`) and refresh token for `subject`; `lifetime` overrides the setting.
    func issueTokens(subject: String, origin: String, clientId: String, lifetime: Int? = nil, issuer: String)
        -> (access: String, refresh: String, lifetime: Int)
    {
        store.withLock { s in
            let seconds = lifetime ?? s.settings.tokenLifetime
            let now = Date()
            let expires = now.addingTimeInterval(TimeInterval(seconds))
            let jti = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let claims = ODataValue.object([
                ("jti", .string(jti)), ("sub", .string(subject)), ("user_name", .string(subject)), ("origin", .string(origin)),
                ("client_id", .string(clientId)), ("cid", .string(clientId)), ("iss", .string(issuer)),
                ("iat", .int(Int(now.timeIntervalSince1970))), ("exp", .int(Int(expires.timeIntervalSince1970))),
                ("scope", .array(["cloud_controller.read", "cloud_controller.write", "openid"].map(ODataValue.string))),
            ])
            let token = Self.jwt(claims)
            let refresh = "emulator-cf-refresh-" + UUID().uuidString.lowercased()
            s.access[token] = (subject, expires)
            s.refresh[refresh] = subject
            return (token, refresh, seconds)
        }
    }

    /// The user of a refresh token this UAA issued.
    func refreshSubject(_ token: String) -> String? { store.withLock { $0.refresh[token] } }

    func origin(of user: String) -> String { store.withLock { s in s.users.first { $0.username == user }?.origin ?? "uaa" } }

    enum TokenCheck: Equatable { case valid(String), expired, unknown }

    func check(accessToken token: String) -> TokenCheck {
        store.withLock { s in
            guard let entry = s.access[token] else { return .unknown }
            return entry.expires > Date() ? .valid(entry.subject) : .expired
        }
    }

    /// `header.claims.signature`, base64url, HS256 with the emulator's key.
    static func jwt(_ claims: ODataValue) -> String {
        let header = base64url(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let body = base64url(Array(ODataJSON.write(claims).utf8))
        return header + "." + body + "." + base64url(hmacSHA256(key: signingKey, Array((header + "." + body).utf8)))
    }

    /// HMAC-SHA256 (RFC 2104) over libcrypto's one-shot SHA-256; the key is shorter than a block.
    static func hmacSHA256(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        func sha256(_ bytes: [UInt8]) -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            _ = SHA256(bytes, bytes.count, &digest)
            return digest
        }
        let block = key + [UInt8](repeating: 0, count: 64 - key.count)
        return sha256(block.map { $0 ^ 0x5c } + sha256(block.map { $0 ^ 0x36 } + message))
    }

    static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    // MARK: CSRF

    /// A new session and its CSRF token.
    func newCSRFSession() -> (cookie: String, token: String) {
        store.withLock { s in
            let cookie = UUID().uuidString.lowercased(), token = UUID().uuidString.lowercased()
            s.csrf[cookie] = token
            return (cookie, token)
        }
    }

    func csrfValid(cookie: String?, token: String?) -> Bool {
        guard let cookie, let token else { return false }
        return store.withLock { $0.csrf[cookie] == token }
    }

    // MARK: Instances, bindings, jobs

    var instances: [CFInstance] { store.withLock { $0.instances } }
    var bindings: [CFBinding] { store.withLock { $0.bindings } }

    func instance(_ guid: String) -> CFInstance? { store.withLock { s in s.instances.first { $0.guid == guid } } }
    func instance(named name: String) -> CFInstance? { store.withLock { s in s.instances.first { $0.name == name } } }
    func binding(_ guid: String) -> CFBinding? { store.withLock { s in s.bindings.first { $0.guid == guid } } }
    func job(_ guid: String) -> CFJob? { store.withLock { $0.jobs[guid] } }

    enum Refusal: Error { case nameTaken, notFound, inProgress, notEmpty }

    /// Adds an instance (and its cockpit application, when given), unless the name is taken.
    func addInstance(_ instance: CFInstance, app: CockpitApp?) throws(Refusal) {
        try store.withLock { s throws(Refusal) in
            guard !s.instances.contains(where: { $0.name == instance.name }) else { throw .nameTaken }
            s.instances.append(instance)
            if let app, !s.apps.contains(where: { $0.id == app.id }) { s.apps.append(app) }
        }
    }

    /// Adds a cockpit application without an instance; false when the id is taken.
    func addApp(_ app: CockpitApp) -> Bool {
        store.withLock { s in
            guard !s.apps.contains(where: { $0.id == app.id }) else { return false }
            s.apps.append(app)
            return true
        }
    }

    var apps: [CockpitApp] { store.withLock { $0.apps } }
    func app(_ id: String) -> CockpitApp? { store.withLock { s in s.apps.first { $0.id == id } } }

    /// Counts a restore or an issued key of an application; false when there is no such application.
    func noteApp(_ id: String, _ change: (inout CockpitApp) -> Void) -> Bool {
        store.withLock { s in
            guard let i = s.apps.firstIndex(where: { $0.id == id }) else { return false }
            change(&s.apps[i])
            return true
        }
    }

    /// Removes an application and the instance of the same name with its keys (either way round);
    /// false when there was neither.
    @discardableResult
    func removeApp(_ id: String) -> Bool {
        store.withLock { s in
            let had = s.apps.contains { $0.id == id } || s.instances.contains { $0.name == id && $0.isMobileServices }
            s.apps.removeAll { $0.id == id }
            let guids = Set(s.instances.filter { $0.name == id && $0.isMobileServices }.map(\.guid))
            s.instances.removeAll { guids.contains($0.guid) }
            s.bindings.removeAll { guids.contains($0.instanceGuid) }
            return had
        }
    }

    func addBinding(_ binding: CFBinding) throws(Refusal) {
        try store.withLock { s throws(Refusal) in
            guard let instance = s.instances.first(where: { $0.guid == binding.instanceGuid }) else { throw .notFound }
            guard instance.readyAt <= Date() else { throw .inProgress }
            guard !s.bindings.contains(where: { $0.instanceGuid == binding.instanceGuid && $0.name == binding.name }) else { throw .nameTaken }
            s.bindings.append(binding)
        }
    }

    func removeBinding(_ guid: String) -> CFBinding? {
        store.withLock { s in
            guard let i = s.bindings.firstIndex(where: { $0.guid == guid }) else { return nil }
            return s.bindings.remove(at: i)
        }
    }

    /// Checks that an instance may be deleted: it exists and has no keys.
    func deletable(_ guid: String) throws(Refusal) -> CFInstance {
        try store.withLock { s throws(Refusal) in
            guard let instance = s.instances.first(where: { $0.guid == guid }) else { throw .notFound }
            guard !s.bindings.contains(where: { $0.instanceGuid == guid }) else { throw .notEmpty }
            return instance
        }
    }

    func addJob(_ job: CFJob) { store.withLock { $0.jobs[job.guid] = job } }

    /// Removes an instance alone (one of another offering has no application); false when there was none.
    @discardableResult
    func removeInstance(_ guid: String) -> Bool {
        store.withLock { s in
            let had = s.instances.contains { $0.guid == guid }
            s.instances.removeAll { $0.guid == guid }
            return had
        }
    }

    /// The races of `raceCreate`, taken once.
    func takeRaceCreate() -> [String] {
        store.withLock { s in
            defer { s.settings.raceCreate = [] }
            return s.settings.raceCreate
        }
    }

    // MARK: Other offerings

    var otherPlans: [CFPlan] { store.withLock { $0.otherPlans } }

    /// The plan `plan` of offering `offering` (another than mobile-services), made on first use.
    func otherPlan(offering: String, plan: String) -> CFPlan {
        store.withLock { s in
            if let found = s.otherPlans.first(where: { $0.offeringName == offering && $0.name == plan }) { return found }
            let offeringGuid = s.otherPlans.first { $0.offeringName == offering }?.offeringGuid ?? Self.guid()
            let made = CFPlan(guid: Self.guid(), name: plan, offeringGuid: offeringGuid, offeringName: offering)
            s.otherPlans.append(made)
            return made
        }
    }

    /// A fresh GUID.
    static func guid() -> String { UUID().uuidString.lowercased() }
}
