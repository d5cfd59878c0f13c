// The Notification Backend API's state (docs/protocol.md §16): its API keys and XSUAA clients with
// their roles and applications, the tokens issued, and every notification sent with what each device
// got (the record `GET /_emulator/push/notifications` shows). The addresses are PushBackendHandler.swift's.

import Foundation
import Synchronization

/// An API key of a service key (`alias`, `apiKey`) with its roles and application (nil: the default one).
struct PushAPIKey: Sendable {
    var key: String
    var alias: String
    var roles: Set<String>
    var appId: String? = nil
}

/// An XSUAA client of a service binding (`clientid`, `clientsecret`) with its roles and application.
struct PushClient: Sendable {
    var clientId: String
    /// nil for a client that authenticates with its certificate only.
    var clientSecret: String?
    var roles: Set<String>
    var appId: String? = nil
    /// An x509 client (`credential-type: x509`): the CN of the certificate that may ask its tokens
    /// over mutual TLS, as the TLS front forwards it (`SSL_CLIENT_S_DN`).
    var certificateCN: String? = nil
}

/// Who calls: the roles, the application the credentials belong to, and the name a status shows
/// as `caller` (the API key's alias or the client id).
struct PushCaller: Sendable {
    var roles: Set<String>
    var appId: String
    var name: String
    /// The subscriber zone a token was asked for (`X-zid` on the token request, SAP's shared tenant mode).
    var zone: String? = nil
}

/// What one device got of a notification.
struct PushDelivery: Sendable {
    var registrationId: String
    var user: String?
    var deviceId: String
    var os: String
    var pushToken: String?
    var notificationId: String
    /// 0 sent, -1 or 11 queued.
    var code: Int
    /// The payload this device received (its user's bulk text, its locale's entry, or the default).
    var notification: ODataValue
}

/// One notification request as sent: one target, what every delivered device got.
struct SentNotification: Sendable {
    var id: String
    var appId: String
    var notificationType: String
    var target: String
    /// The default (root) payload of the request.
    var notification: ODataValue
    var deliveries: [PushDelivery]
    var tenant: String?
    var caller: String
}

/// What the status address tells about one device's notification.
struct PushNotificationStatus: Sendable {
    var appId: String
    var os: String
    var code: Int
    var caller: String
}

public final class PushBackendState: Sendable {
    static let allRoles: Set<String> = ["push_single", "push_multiple", "push_all", "pushregistrations_read"]
    static let defaultKey = PushAPIKey(key: "emulator-push-api-key", alias: "emulator", roles: allRoles)
    static let defaultClient = PushClient(clientId: "push-client", clientSecret: "push-client-secret", roles: allRoles)
    /// How long a client-credentials token lives (seconds); a test may shorten it.
    static let defaultTokenLifetime = 3600

    struct Store: Sendable {
        var keys: [PushAPIKey] = [PushBackendState.defaultKey]
        var clients: [PushClient] = [PushBackendState.defaultClient]
        var tokens: [String: (client: PushClient, expires: Date, zone: String?)] = [:]
        var tokenLifetime = PushBackendState.defaultTokenLifetime
        var tokensIssued = 0
        var sent: [SentNotification] = []
        /// Each delivered device's notificationId, for the status address.
        var statuses: [String: PushNotificationStatus] = [:]
    }

    private let store = Mutex(Store())
    static let recordLimit = 1_000
    /// The application of credentials that name none (the defaults among them).
    let defaultAppId: String

    public init(defaultAppId: String = "com.example.demo") {
        self.defaultAppId = defaultAppId
    }

    func caller(apiKey: String, alias: String?) -> PushCaller? {
        store.withLock { s in
            s.keys.first { $0.key == apiKey && (alias == nil || $0.alias == alias) }
                .map { PushCaller(roles: $0.roles, appId: $0.appId ?? defaultAppId, name: $0.alias) }
        }
    }

    func caller(token: String) -> PushCaller? {
        store.withLock { s in
            guard let t = s.tokens[token], t.expires > Date() else { return nil }
            return PushCaller(roles: t.client.roles, appId: t.client.appId ?? defaultAppId, name: t.client.clientId, zone: t.zone)
        }
    }

    /// How a token request proves the client: its secret, or (x509) the certificate the TLS front verified.
    enum ClientProof: Sendable { case secret(String), certificate(cn: String) }

    /// A new token for a known client, nil for unknown credentials; `zone` is the subscriber zone
    /// asked for (`X-zid`).
    func issueToken(clientId: String, proof: ClientProof, zone: String?) -> (token: String, lifetime: Int)? {
        store.withLock { s in
            let client = s.clients.first { c in
                guard c.clientId == clientId else { return false }
                switch proof {
                case .secret(let secret): return c.clientSecret != nil && c.clientSecret == secret
                case .certificate(let cn): return c.certificateCN != nil && c.certificateCN == cn
                }
            }
            guard let client else { return nil }
            let token = "emulator-cc-" + UUID().uuidString.lowercased()
            s.tokens[token] = (client, Date().addingTimeInterval(TimeInterval(s.tokenLifetime)), zone)
            s.tokensIssued += 1
            return (token, s.tokenLifetime)
        }
    }

    /// Adds an API key or a client of a service key the cockpit issued for an application.
    func add(key: PushAPIKey? = nil, client: PushClient? = nil) {
        store.withLock { s in
            if let key { s.keys.append(key) }
            if let client { s.clients.append(client) }
        }
    }

    func removeClient(_ clientId: String) {
        store.withLock { s in s.clients.removeAll { $0.clientId == clientId } }
    }

    /// Every key, client and token of an application stops working (the cockpit deleted it).
    func removeCredentials(appId: String) {
        store.withLock { s in
            s.keys.removeAll { $0.appId == appId }
            s.clients.removeAll { $0.appId == appId }
            s.tokens = s.tokens.filter { $0.value.client.appId != appId }
        }
    }

    func record(_ notification: SentNotification) {
        store.withLock { s in
            if s.sent.count >= Self.recordLimit {
                for d in s.sent.removeFirst().deliveries { s.statuses[d.notificationId] = nil }
            }
            s.sent.append(notification)
            for d in notification.deliveries {
                s.statuses[d.notificationId] = PushNotificationStatus(appId: notification.appId, os: d.os, code: d.code, caller: notification.caller)
            }
        }
    }

    func status(id: String) -> PushNotificationStatus? {
        store.withLock { s in s.statuses[id] }
    }

    func configure(keys: [PushAPIKey]?, clients: [PushClient]?, tokenLifetime: Int?) {
        store.withLock { s in
            if let keys { s.keys = keys }
            if let clients { s.clients = clients }
            if let tokenLifetime { s.tokenLifetime = tokenLifetime }
            if keys != nil || clients != nil { s.tokens.removeAll() }
        }
    }

    func clear() {
        store.withLock { s in
            s.sent.removeAll()
            s.statuses.removeAll()
            s.tokensIssued = 0
        }
    }

    /// `GET /_emulator/push/notifications`: each notification and what each device would have received.
    var document: ODataValue {
        store.withLock { s in
            .object([
                ("tokensIssued", .int(s.tokensIssued)),
                ("notifications", .array(s.sent.map { n in
                    .object([("notificationId", .string(n.id)), ("appId", .string(n.appId)),
                             ("notificationType", .string(n.notificationType)), ("target", .string(n.target)),
                             ("tenant", n.tenant.map(ODataValue.string) ?? .null),
                             ("notification", n.notification),
                             ("devices", .array(n.deliveries.map { d in
                                 .object([("user", d.user.map(ODataValue.string) ?? .null), ("deviceId", .string(d.deviceId)),
                                          ("os", .string(d.os)), ("pushToken", d.pushToken.map(ODataValue.string) ?? .null),
                                          ("registrationId", .string(d.registrationId)), ("notificationId", .string(d.notificationId)),
                                          ("code", .int(d.code)), ("notification", d.notification)])
                             }))])
                })),
            ])
        }
    }
}
