// Mobile Services' Client Resources admin API's state (docs/protocol.md §19): the service keys with
// their roles and applications, and the entities created and not yet given their content. The
// bundles themselves are the SMP world's store (EmulatorState), so a device fetches what was published.

import Foundation
import HTTPTypes
import Synchronization

/// A Client Resources service key: an API key (alias, key) or an X.509 key (its certificate's CN).
struct ClientResourcesKey: Sendable {
    var key: String?
    var alias: String
    var certificateCN: String?
    var roles: Set<String>
    var appId: String?
}

/// An entity created and not yet given its content.
struct PendingBundle: Sendable {
    var fileExtension: String
    var isDefault: Bool
    var created: Date
}

public final class ClientResourcesState: Sendable {
    static let role = "client_resources_admin"
    static let defaultKey = ClientResourcesKey(key: "emulator-bundles-api-key", alias: "emulator", roles: [role])
    static let maximumBundles = 100

    struct Store: Sendable {
        var keys: [ClientResourcesKey] = [ClientResourcesState.defaultKey]
        /// By application, then `name:version`.
        var pending: [String: [String: PendingBundle]] = [:]
    }

    private let store = Mutex(Store())
    let defaultAppId: String

    init(defaultAppId: String) { self.defaultAppId = defaultAppId }

    func configure(keys: [ClientResourcesKey]) { store.withLock { $0.keys = keys } }

    func caller(apiKey: String, alias: String?) -> (roles: Set<String>, appId: String)? {
        store.withLock { s in
            s.keys.first { $0.key != nil && $0.key == apiKey && (alias == nil || $0.alias == alias) }.map { ($0.roles, $0.appId ?? defaultAppId) }
        }
    }

    func caller(certificateCN cn: String) -> (roles: Set<String>, appId: String)? {
        store.withLock { s in
            s.keys.first { $0.certificateCN != nil && $0.certificateCN == cn }.map { ($0.roles, $0.appId ?? defaultAppId) }
        }
    }

    func pending(_ appId: String) -> [String: PendingBundle] { store.withLock { $0.pending[appId] ?? [:] } }

    /// Adds a pending entity unless `exists` (stored ones) or the limit says no.
    func create(appId: String, id: String, _ bundle: PendingBundle, stored: Set<String>) -> HTTPResponse.Status {
        store.withLock { s in
            let pending = s.pending[appId] ?? [:]
            if pending[id] != nil || stored.contains(id) { return .conflict }
            if stored.union(pending.keys).count >= Self.maximumBundles { return .badRequest }
            s.pending[appId, default: [:]][id] = bundle
            return .created
        }
    }

    @discardableResult
    func removePending(appId: String, id: String) -> PendingBundle? {
        store.withLock { $0.pending[appId]?.removeValue(forKey: id) }
    }
}
