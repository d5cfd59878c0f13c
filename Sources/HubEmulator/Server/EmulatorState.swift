// The emulator's in-memory state: applications, users, connections, bundles, and the request log.

import Foundation
import Hummingbird
import Synchronization

/// One application connection, owned by (application, user).
public struct ConnectionRecord: Sendable {
    public let id: String
    public let appId: String
    /// The authenticated user; nil for an anonymous connection made without credentials.
    public let user: String?
    public var values: [String: ODataValue]

    /// The properties in the order the entity lists them: schema (of the version asked for), navigation,
    /// then unpublished ones.
    public func orderedProperties(_ schema: [PropertyDefinition]) -> [(String, ODataValue)] {
        var list: [(String, ODataValue)] = schema.map { ($0.name, values[$0.name] ?? .null) }
        list += RegistrationSchema.navigationProperties.map { ($0, .object([("results", values[$0] ?? .array([]))])) }
        list += RegistrationSchema.unpublishedProperties.map { ($0.0, values[$0.0] ?? $0.1) }
        return list
    }
}

/// An uploaded customization resource bundle (any file type, docs/protocol.md §7). The bytes stay
/// in one buffer that answers share.
public struct StoredBundle: Sendable {
    public let bytes: ByteBuffer
    public let fileExtension: String
    /// Sent as `ETag` (quoted): a digest of the bytes, so an upload of other bytes changes it.
    public var etag: String = ""
    /// When it was uploaded, sent as `Last-Modified`.
    public var uploadedAt = Date()
    /// A test knob: sent as `Content-Disposition: attachment; filename="…"` (SAP documents none).
    public var fileName: String?
    /// A test knob: false makes the bundle's address ignore If-None-Match and If-Modified-Since (a
    /// server, or a proxy in front of it, that always answers 200).
    public var honorsConditions = true
}

/// One protocol request as the client sent it, for tests that check headers.
public struct LoggedRequest: Sendable, Encodable {
    public let method: String
    public let path: String
    public let query: String?
    /// Lower-case header names; `Authorization` and `X-API-Key` values replaced by `<redacted>`.
    public let headers: [String: String]
    /// When it arrived: seconds since the emulator started, on a monotonic clock (tests compare
    /// the times of two requests).
    public var at: Double = 0
    /// The status of the answer, once it is known.
    public var status: Int?
    /// Its place in the log, to find it again when the answer is known.
    var sequence = 0

    enum CodingKeys: String, CodingKey { case method, path, query, headers, at, status }

    public init(method: String, path: String, query: String?, headers: [String: String]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }
}

/// What a protocol lookup of an application found.
struct ApplicationState: Sendable {
    var configuration: EmulatorConfiguration.Application
    var assignedBundle: String?
    var bundles: [String: StoredBundle] = [:]
    /// The default bundle, served at `/bundles/{appId}/`: the first one uploaded (SMP 3.0
    /// "Uploading client resources"), or one an upload marked `default=true`.
    var defaultBundle: String?
}

/// Everything the server remembers, behind one lock: each operation is short and never awaits.
public final class EmulatorState: Sendable {
    struct Store: Sendable {
        var applications: [String: ApplicationState] = [:]
        var connections: [String: ConnectionRecord] = [:]
        var requests: [LoggedRequest] = []
        var requestsLogged = 0
        /// The last ETag time handed out, so two updates in one millisecond still get different ETags.
        var lastETagMillis: Int64 = 0
        /// Connection properties added through the control API (docs/protocol.md §13).
        var customProperties: [PropertyDefinition] = []
        /// False: `$metadata` answers 404, as a server without one would.
        var metadataServed = true
        /// A `$metadata` document served verbatim instead of the emulator's own (control API).
        var metadataDocument: String?
    }

    private let store: Mutex<Store>
    /// OAuth clients, tokens and sessions of Mobile Services applications (MobileServices/).
    public let mobileServices: MobileServicesState
    /// The client services' switches and what they received (ClientServices/).
    public let clientServices = ClientServicesState()
    /// The Notification Backend API's credentials and sent notifications (PushBackend/).
    /// Its default API key and client belong to the first configured application.
    public let pushBackend: PushBackendState
    /// The Client Resources admin API's service keys and the entities created but not yet uploaded (ClientResources/).
    public let clientResources: ClientResourcesState
    /// The Cloud Foundry world, cf's UAA and the cockpit's Admin API (CloudFoundry/).
    public let cloudFoundry = CloudFoundryState()
    /// The App Update feature's revisions and their uploaded files (CloudFoundry/AppUpdateState).
    public let appUpdate = AppUpdateState()
    /// A cap on the request log, so a long-running demo does not grow without bound.
    static let requestLogLimit = 10_000
    /// When the emulator started: the request log's times count from here.
    let started = ContinuousClock.now

    public init(configuration: EmulatorConfiguration) {
        var store = Store()
        store.customProperties = configuration.customProperties
        for app in configuration.applications {
            store.applications[app.id] = ApplicationState(configuration: app)
        }
        self.store = Mutex(store)
        self.pushBackend = PushBackendState(defaultAppId: configuration.applications.first?.id ?? "com.example.demo")
        self.clientResources = ClientResourcesState(defaultAppId: configuration.applications.first?.id ?? "com.example.demo")
        self.mobileServices = MobileServicesState(configuration: configuration)
        // A configured onboarding version is a Mobile Services tenant; without one the emulator plays
        // SMP 3 (no versions address) until a test switches it (docs/protocol.md §14, §15.1).
        clientServices.platform = configuration.onboardingVersion == nil ? .smp3 : .mobileServices
        // Connections the configuration names exist from the start (a restarted server keeps its
        // connections); `parse` checked their applications.
        for seeded in configuration.connections {
            _ = createConnection(id: seeded.id, appId: seeded.appId, user: seeded.user, clientValues: [:])
        }
    }

    // MARK: Applications and users

    func application(_ id: String) -> ApplicationState? {
        store.withLock { $0.applications[id] }
    }

    /// Adds an application (one the cockpit created); false when the id is taken.
    func addApplication(_ configuration: EmulatorConfiguration.Application) -> Bool {
        store.withLock { store in
            guard store.applications[configuration.id] == nil else { return false }
            store.applications[configuration.id] = ApplicationState(configuration: configuration)
            return true
        }
    }

    /// Removes an application and its connections (the cockpit deleted it).
    func removeApplication(_ id: String) {
        store.withLock { store in
            store.applications[id] = nil
            store.connections = store.connections.filter { $0.value.appId != id }
        }
    }

    /// Adds a user or changes a password; false when the application does not exist.
    func setUser(appId: String, user: String, password: String) -> Bool {
        store.withLock { store in
            guard store.applications[appId] != nil else { return false }
            store.applications[appId]!.configuration.users[user] = password
            return true
        }
    }

    /// Changes server-owned values of an application, for new and existing connections.
    func applySettings(appId: String, settings: [String: ODataValue]) -> Bool {
        store.withLock { store in
            guard store.applications[appId] != nil else { return false }
            for (name, value) in settings { store.applications[appId]!.configuration.settings[name] = value }
            let etag = Self.nextETag(&store)
            for (id, connection) in store.connections where connection.appId == appId {
                for (name, value) in settings { store.connections[id]!.values[name] = value }
                store.connections[id]!.values["ETag"] = .string(etag)
            }
            return true
        }
    }

    // MARK: Schema

    /// The Connection properties of an API version (nil: of every version), custom ones included.
    func schema(version: String?) -> [PropertyDefinition] {
        let custom = store.withLock { $0.customProperties }
        return RegistrationSchema.properties(version: version, custom: custom)
    }

    var customProperties: [PropertyDefinition] { store.withLock { $0.customProperties } }

    /// Adds a custom Connection property; the problem when its name is not usable. Existing connections
    /// get its default value.
    func addCustomProperty(_ property: PropertyDefinition) -> String? {
        store.withLock { store in
            if let problem = RegistrationSchema.problemWithCustomName(
                property.name, existing: RegistrationSchema.published + store.customProperties) { return problem }
            store.customProperties.append(property)
            for id in store.connections.keys { store.connections[id]!.values[property.name] = property.defaultValue }
            return nil
        }
    }

    var metadataServed: Bool { store.withLock { $0.metadataServed } }

    func setMetadataServed(_ served: Bool) {
        store.withLock {
            $0.metadataServed = served
            $0.metadataDocument = nil
        }
    }

    var metadataDocument: String? { store.withLock { $0.metadataDocument } }

    func setMetadataDocument(_ document: String) {
        store.withLock {
            $0.metadataServed = true
            $0.metadataDocument = document
        }
    }

    // MARK: Connections

    enum CreateOutcome { case created(ConnectionRecord), conflict, unknownApplication }

    /// Creates a connection with the client's writable values over the defaults.
    func createConnection(id: String, appId: String, user: String?, clientValues: [String: ODataValue]) -> CreateOutcome {
        store.withLock { store in
            guard let app = store.applications[appId] else { return .unknownApplication }
            guard store.connections[id] == nil else { return .conflict }
            var values: [String: ODataValue] = [:]
            for property in RegistrationSchema.published + store.customProperties { values[property.name] = property.defaultValue }
            for (name, value) in RegistrationSchema.unpublishedProperties { values[name] = value }
            for (name, value) in app.configuration.settings { values[name] = value }
            for (name, value) in clientValues { values[name] = value }
            let now = Self.nowMillis()
            values["ApplicationConnectionId"] = .string(id)
            values["UserName"] = user.map(ODataValue.string) ?? .null
            values["CreatedAt"] = .date(now)
            values["ETag"] = .string(Self.nextETag(&store))
            values["CustomizationBundleId"] = app.assignedBundle.map(ODataValue.string) ?? .null
            let record = ConnectionRecord(id: id, appId: appId, user: user, values: values)
            store.connections[id] = record
            return .created(record)
        }
    }

    func connection(_ id: String) -> ConnectionRecord? {
        store.withLock { $0.connections[id] }
    }

    /// Writes client values; with `replace`, writable properties of `version` not given go back to their
    /// defaults (PUT).
    func updateConnection(_ id: String, values: [String: ODataValue], replace: Bool, version: String?) -> ConnectionRecord? {
        store.withLock { store in
            guard var record = store.connections[id] else { return nil }
            if replace {
                for property in RegistrationSchema.properties(version: version, custom: store.customProperties) where property.writable {
                    record.values[property.name] = property.defaultValue
                }
            }
            for (name, value) in values { record.values[name] = value }
            record.values["ETag"] = .string(Self.nextETag(&store))
            store.connections[id] = record
            return record
        }
    }

    func deleteConnection(_ id: String) -> Bool {
        store.withLock { $0.connections.removeValue(forKey: id) != nil }
    }

    public var connections: [ConnectionRecord] {
        store.withLock { Array($0.connections.values) }.sorted { $0.id < $1.id }
    }

    // MARK: Bundles

    /// Stores a bundle (replacing one of the same id); the first of an application, or one
    /// uploaded with `makeDefault`, becomes its default bundle; with `assign` it is assigned in the
    /// same step (no reader sees it uploaded but not yet assigned). False when the application does
    /// not exist.
    func storeBundle(appId: String, bundleId: String, bundle: StoredBundle, makeDefault: Bool = false,
                     assign: Bool = false) -> Bool {
        store.withLock { store in
            guard store.applications[appId] != nil else { return false }
            store.applications[appId]!.bundles[bundleId] = bundle
            if makeDefault || store.applications[appId]!.defaultBundle == nil {
                store.applications[appId]!.defaultBundle = bundleId
            }
            if assign { Self.assign(&store, appId: appId, bundleId: bundleId) }
            return true
        }
    }

    enum AssignOutcome { case assigned, unknownApplication, unknownBundle }

    /// Makes a bundle (or none) the application's current one, and every connection's CustomizationBundleId.
    func assignBundle(appId: String, bundleId: String?) -> AssignOutcome {
        store.withLock { store in
            guard let app = store.applications[appId] else { return .unknownApplication }
            if let bundleId, app.bundles[bundleId] == nil { return .unknownBundle }
            Self.assign(&store, appId: appId, bundleId: bundleId)
            return .assigned
        }
    }

    private static func assign(_ store: inout Store, appId: String, bundleId: String?) {
        store.applications[appId]!.assignedBundle = bundleId
        let etag = nextETag(&store)
        for (id, connection) in store.connections where connection.appId == appId {
            store.connections[id]!.values["CustomizationBundleId"] = bundleId.map(ODataValue.string) ?? .null
            store.connections[id]!.values["ETag"] = .string(etag)
        }
    }

    /// The named bundle, or the application's default bundle when `bundleId` is nil.
    func bundle(appId: String, bundleId: String?) -> StoredBundle? {
        store.withLock { store in
            guard let app = store.applications[appId], let id = bundleId ?? app.defaultBundle else { return nil }
            return app.bundles[id]
        }
    }

    /// The bundles of an application as the admin API lists them: id, bundle, whether it is the
    /// default; nil when the application does not exist.
    func bundleList(appId: String) -> [(id: String, bundle: StoredBundle, isDefault: Bool)]? {
        store.withLock { store in
            guard let app = store.applications[appId] else { return nil }
            return app.bundles.map { ($0.key, $0.value, $0.key == app.defaultBundle) }.sorted { $0.id < $1.id }
        }
    }

    /// Removes a bundle (the admin API's DELETE): false when there was none. A removed default
    /// leaves the application without one (*unconfirmed*, docs/protocol.md §19.5).
    func removeBundle(appId: String, bundleId: String) -> Bool {
        store.withLock { store in
            guard store.applications[appId]?.bundles.removeValue(forKey: bundleId) != nil else { return false }
            if store.applications[appId]!.defaultBundle == bundleId { store.applications[appId]!.defaultBundle = nil }
            return true
        }
    }

    /// Makes a stored bundle the default (the admin API's SetDefault): false when there is none.
    func makeDefaultBundle(appId: String, bundleId: String) -> Bool {
        store.withLock { store in
            guard store.applications[appId]?.bundles[bundleId] != nil else { return false }
            store.applications[appId]!.defaultBundle = bundleId
            return true
        }
    }

    // MARK: Request log

    /// Logs a request as it arrives; returns its sequence number for `logStatus`.
    @discardableResult
    func log(_ request: LoggedRequest) -> Int {
        var entry = request
        let elapsed = started.duration(to: .now).components
        entry.at = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return store.withLock { store in
            if store.requests.count >= Self.requestLogLimit { store.requests.removeFirst(store.requests.count / 2) }
            store.requestsLogged += 1
            entry.sequence = store.requestsLogged
            store.requests.append(entry)
            return entry.sequence
        }
    }

    /// Notes the status of the answer to a logged request.
    func logStatus(_ sequence: Int, _ status: Int) {
        store.withLock { store in
            if let index = store.requests.lastIndex(where: { $0.sequence == sequence }) { store.requests[index].status = status }
        }
    }

    public var requests: [LoggedRequest] {
        store.withLock { $0.requests }
    }

    func clearRequests() {
        store.withLock { $0.requests.removeAll() }
    }

    // MARK: Time

    static func nowMillis() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// An ETag in SMP's form (`2017-01-10 06:10:33.406`), strictly increasing.
    private static func nextETag(_ store: inout Store) -> String {
        let millis = max(nowMillis(), store.lastETagMillis + 1)
        store.lastETagMillis = millis
        return UTCTime.text(millis: millis, separator: " ")
    }
}
