// The operator's credentials for Mobile Services' Notification Backend API (docs/protocol.md §16):
// a service key (`url`, `apiKey`, `alias`: API key by `X-API-Key`), a service binding
// (`uaa.clientid`, `uaa.clientsecret`, `uaa.url` → client credentials at `<uaa.url>/oauth/token`,
// `endpoints.mobileservices.url`), or the `mobile-services` entry of `VCAP_SERVICES`.
// Parsing only; no secret is ever put into a message.

import Foundation
import HubConfig
import HubCore

public struct PushBackendCredentials: Sendable, Equatable {
    public enum Auth: Sendable, Equatable {
        case apiKey(alias: String?, key: String)
        case clientCredentials(tokenURL: String, clientId: String, clientSecret: String)
    }
    /// Mobile Services' base URL (no trailing slash).
    public var url: String
    public var auth: Auth
    /// A subscriber tenant (`x-tenant-id`).
    public var tenant: String?
    /// The application the credentials belong to, when they name it: SAP's settings file's
    /// `applicationId` (`MobileServicesSettings`), a binding's `sap.cloud.service` (`MobileServicesBinding`).
    public var applicationId: String?

    public init(url: String, auth: Auth, tenant: String? = nil, applicationId: String? = nil) {
        self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
        self.auth = auth
        self.tenant = tenant
        self.applicationId = applicationId
    }

    static func bad(_ what: String, _ message: String) -> HubError {
        HubError(.config, code: .configInvalid, "\(what): \(message)")
    }

    static func read(_ data: Data, _ what: String) throws -> JSONValue {
        guard let value = try? JSONValue.read(data), value.objectValue != nil else { throw bad(what, "not a JSON object.") }
        return value
    }

    /// A service key: `{"url", "apiKey", "alias"}`, or SAP's settings file with
    /// `services[].serviceKeys[]` (the first key, or the one whose alias is `alias`).
    public static func serviceKey(_ data: Data, alias wanted: String? = nil, what: String = "the service key") throws -> PushBackendCredentials {
        let value = try read(data, what)
        var candidates: [JSONValue] = [value]
        if case .array(let services)? = value["services"] {
            candidates = services.flatMap { s -> [JSONValue] in
                if case .array(let keys)? = s["serviceKeys"] { return keys }
                return []
            }
        }
        for key in candidates {
            let alias = key["alias"]?.stringValue
            if let wanted, alias != wanted { continue }
            guard let url = key["url"]?.stringValue, !url.isEmpty else { throw bad(what, "has no \"url\".") }
            guard let apiKey = (key["apiKey"] ?? key["apikey"] ?? key["api_key"])?.stringValue, !apiKey.isEmpty else {
                throw bad(what, "has no \"apiKey\".")
            }
            return PushBackendCredentials(url: url, auth: .apiKey(alias: alias, key: apiKey), applicationId: value["applicationId"]?.stringValue)
        }
        throw bad(what, wanted.map { "has no service key with alias \(HubError.quoted($0))." } ?? "has no service key.")
    }

    /// A service binding's credentials: `uaa.{clientid,clientsecret,url}` and `endpoints.mobileservices.url`.
    public static func binding(_ data: Data, what: String = "the binding") throws -> PushBackendCredentials {
        try binding(try read(data, what), what: what)
    }

    static func binding(_ value: JSONValue, what: String) throws -> PushBackendCredentials {
        let credentials = value["credentials"] ?? value
        guard let uaa = credentials["uaa"] else { throw bad(what, "has no \"uaa\" object.") }
        guard let id = uaa["clientid"]?.stringValue, !id.isEmpty else { throw bad(what, "has no \"uaa.clientid\".") }
        guard let secret = uaa["clientsecret"]?.stringValue, !secret.isEmpty else { throw bad(what, "has no \"uaa.clientsecret\".") }
        guard var tokenBase = uaa["url"]?.stringValue, !tokenBase.isEmpty else { throw bad(what, "has no \"uaa.url\".") }
        if tokenBase.hasSuffix("/") { tokenBase.removeLast() }
        guard let url = credentials["endpoints"]?["mobileservices"]?["url"]?.stringValue ?? credentials["url"]?.stringValue, !url.isEmpty else {
            throw bad(what, "has no \"endpoints.mobileservices.url\".")
        }
        return PushBackendCredentials(url: url, auth: .clientCredentials(tokenURL: tokenBase + "/oauth/token", clientId: id, clientSecret: secret),
                                      applicationId: credentials["sap.cloud.service"]?.stringValue)
    }

    /// The `mobile-services` entry of `VCAP_SERVICES`; with several, `name` picks one.
    public static func vcapServices(_ text: String, name: String?) throws -> PushBackendCredentials {
        let what = "VCAP_SERVICES"
        let value = try read(Data(text.utf8), what)
        guard case .array(let entries)? = value["mobile-services"], !entries.isEmpty else {
            throw HubError(.config, code: .configInvalid, "VCAP_SERVICES has no \"mobile-services\" entry.")
        }
        let names = entries.map { $0["name"]?.stringValue ?? "" }
        let chosen: JSONValue
        if let name {
            guard let i = names.firstIndex(of: name) else {
                throw HubError(.config, code: .configInvalid, "VCAP_SERVICES has no mobile-services binding named \(HubError.quoted(name)); it has \(names.map { HubError.quoted($0) }.joined(separator: ", ")).")
            }
            chosen = entries[i]
        } else {
            guard entries.count == 1 else {
                throw HubError(.config, code: .configInvalid, "VCAP_SERVICES has \(entries.count) mobile-services bindings (\(names.map { HubError.quoted($0) }.joined(separator: ", "))); name one with --binding-name.")
            }
            chosen = entries[0]
        }
        return try binding(chosen, what: "VCAP_SERVICES binding \(HubError.quoted(chosen["name"]?.stringValue ?? ""))")
    }
}

// MARK: Credentials kept in a profile (`hubctl config set-push`)

extension PushBackendCredentials {
    /// The API key or the client secret.
    public var secret: String {
        switch auth {
        case .apiKey(_, let key): key
        case .clientCredentials(_, _, let secret): secret
        }
    }

    /// What a profile keeps of these credentials: everything but the secret.
    public var profileSettings: PushProfileSettings {
        switch auth {
        case .apiKey(let alias, _):
            return PushProfileSettings(url: url, alias: alias, tenant: tenant)
        case .clientCredentials(let tokenURL, let clientId, _):
            let uaa = tokenURL.hasSuffix(Self.tokenPath) ? String(tokenURL.dropLast(Self.tokenPath.count)) : tokenURL
            return PushProfileSettings(url: url, uaaURL: uaa, clientId: clientId, tenant: tenant)
        }
    }

    /// Where XSUAA's token endpoint is under `uaa.url`.
    static let tokenPath = "/oauth/token"

    /// The vault key of the secret of a profile's credentials: the API key by alias and URL, the
    /// client secret by client id and token endpoint (two profiles of one client share it).
    public static func secretVaultKey(_ settings: PushProfileSettings) -> String {
        if let clientId = settings.clientId {
            return "hubctl/push/client-secret/\(clientId)@\(Self.trimmed(settings.uaaURL ?? ""))\(tokenPath)"
        }
        return "hubctl/push/api-key/\(settings.alias ?? "")@\(Self.trimmed(settings.url))"
    }

    static func trimmed(_ url: String) -> String {
        var u = url
        while u.hasSuffix("/") { u.removeLast() }
        return u
    }

    /// The credentials of a profile's settings and the secret from the vault. `profile` names the
    /// profile in messages; a URL that is not http(s) is refused (78) with the key to fix.
    public static func profile(_ settings: PushProfileSettings, secret: String, profile: String) throws -> PushBackendCredentials {
        func url(_ raw: String, _ key: String) throws -> String {
            guard let c = URLComponents(string: raw), let scheme = c.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = c.host, !host.isEmpty, c.user == nil, c.password == nil, c.query == nil, c.fragment == nil else {
                throw HubError(.config, code: .configInvalid,
                               "The profile '\(profile)' has a \(key) that is not an http(s) URL without credentials, query or fragment. Run `hubctl config set-push` again.")
            }
            return trimmed(raw)
        }
        let base = try url(settings.url, "push-url")
        if let clientId = settings.clientId {
            guard let uaa = settings.uaaURL else {
                throw HubError(.config, code: .configInvalid,
                               "The profile '\(profile)' has push-client-id but no push-uaa-url. Run `hubctl config set-push --binding FILE` again.")
            }
            return PushBackendCredentials(url: base, auth: .clientCredentials(tokenURL: try url(uaa, "push-uaa-url") + tokenPath, clientId: clientId, clientSecret: secret),
                                          tenant: settings.tenant)
        }
        return PushBackendCredentials(url: base, auth: .apiKey(alias: settings.alias, key: secret), tenant: settings.tenant)
    }
}

/// The documented notification shape (docs/protocol.md §16): what `push send --notification` is checked against.
public enum PushNotificationShape {
    public static let members: Set<String> = [
        "alert", "badge", "sound", "priority", "data", "custom", "sendAsSms", "category", "title", "body", "subtitle",
        "threadId", "contentAvailable", "mutableContent", "expiry", "collapseKey", "timeToLive", "ttl",
        "notificationId", "apns", "gcm", "fcm", "wns", "w3c", "baidu", "localizedAlert", "localizedTitle",
        "localizedSubtitle", "alertLocArgs", "titleLocArgs", "alertLocKey", "titleLocKey", "interruptionLevel",
        "relevanceScore", "targetContentId", "filterCriteria", "actions", "launchImage", "icon", "image",
    ]

    /// The problems of a notification object, as `field: message`; empty when it is fine.
    public static func problems(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return ["notification: must be a JSON object"] }
        var problems: [String] = []
        for (name, v) in members.sorted(by: { $0.key < $1.key }) {
            guard Self.members.contains(name) else { problems.append("notification.\(name): is not a documented member"); continue }
            switch (name, v) {
            case ("badge", .int(let n)) where n >= 0: break
            case ("badge", _): problems.append("notification.badge: must be a non-negative integer")
            case ("alert", .string), ("sound", .string), ("title", .string), ("body", .string), ("category", .string): break
            case ("alert", _), ("sound", _), ("title", _), ("body", _), ("category", _): problems.append("notification.\(name): must be a string")
            case ("priority", .string(let p)) where ["high", "normal", "low"].contains(p.lowercased()): break
            case ("priority", _): problems.append("notification.priority: must be high, normal or low")
            case ("sendAsSms", .bool): break
            case ("sendAsSms", _): problems.append("notification.sendAsSms: must be true or false")
            case ("data", .string), ("data", .object): break
            case ("data", _): problems.append("notification.data: must be a string or an object")
            case ("custom", .object(let pairs)):
                for (k, cv) in pairs.sorted(by: { $0.key < $1.key }) where cv.stringValue == nil {
                    problems.append("notification.custom.\(k): must be a string")
                }
            case ("custom", _): problems.append("notification.custom: must be an object of strings")
            default: break
            }
        }
        return problems
    }
}

extension PushNotificationShape {
    /// A notification from a file: a notification object (`{"alert": …}`), or the library's
    /// localized form (`{"notification": {…}, "notifications": {"<locale>": {…}}}`, `LocalizedPushPayload`),
    /// told apart by its `notification`/`notifications` members, which no notification has. Each
    /// notification in it is checked; `problems` lists what is wrong (empty when nothing is).
    public static func payload(_ value: JSONValue) -> (payload: PushPayload?, problems: [String]) {
        guard case .object(let members) = value else { return (nil, ["notification: must be a JSON object"]) }
        guard members["notification"] != nil || members["notifications"] != nil else {
            let p = problems(value)
            return (p.isEmpty ? PushPayload(notification: value) : nil, p)
        }
        var found: [String] = []
        for key in members.keys.sorted() where key != "notification" && key != "notifications" {
            found.append("\(key): is not a member of a localized notification (notification, notifications)")
        }
        guard let root = members["notification"] else { return (nil, found + ["notification: the default notification is missing"]) }
        found += problems(root)
        var localized: [String: JSONValue] = [:]
        switch members["notifications"] {
        case nil, .null?: break
        case .object(let byLocale)?:
            for (locale, n) in byLocale.sorted(by: { $0.key < $1.key }) {
                found += problems(n).map { "notifications.\(locale)" + $0.dropFirst("notification".count) }
                localized[locale] = n
            }
        default: found.append("notifications: must be an object of notifications by locale")
        }
        return (found.isEmpty ? PushPayload(notification: root, localized: localized) : nil, found)
    }
}
