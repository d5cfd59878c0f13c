// The operator's credentials for a Mobile Services feature's service API: the Notification Backend
// API (docs/protocol.md §16.2) and the Client Resources admin API (§19), read as SAP's Java client
// reads them: a settings file's push service key (`url` and `apiKey`, or
// `uaa`; `MobileServicesSettings`, `push/PushClientBuilder.java`), a service binding (`uaa` client
// secret or x509 certificate, `tenantmode`, `endpoints.mobileservices.{url,timeout}`;
// `MobileServicesBinding`, `XsuaaTokenFlowFactory`), or the binding in `VCAP_SERVICES` tagged
// `mobileservice…`. A service key belongs to one feature (SAP's "Service Keys" page: "the service key
// is limited to a specific use case"): `Feature` says which one a command reads. Parsing only; no
// secret is ever put into a message.

import Foundation
import HubConfig
import HubCore

public struct PushBackendCredentials: Sendable, Equatable {
    public enum Auth: Sendable, Equatable {
        case apiKey(alias: String?, key: String)
        case clientCredentials(tokenURL: String, clientId: String, clientSecret: String)
        /// An x509 binding (`credential-type: x509`): the token from `<certurl>/oauth/token` over
        /// mutual TLS with the binding's PEM certificate and key, the client by `client_id` alone.
        case clientCertificate(tokenURL: String, clientId: String, certificate: String, key: String)
        /// A service key of the X.509 manner (SAP's "Service Keys" page): its PEM certificate and key
        /// are presented over mutual TLS on every API call, with no header (docs/protocol.md §19.2).
        case x509Key(alias: String?, certificate: String, key: String)
    }
    /// The feature whose service keys a command takes (HubConfig's `ServiceFeature`): the name of
    /// its service in SAP's settings file (`{"services": [{"name", "serviceKeys"}]}`) and how messages call it.
    public typealias Feature = ServiceFeature
    /// XSUAA's `tenantmode` (`XsuaaClientConfiguration.TenantMode`): with `shared`, a subscriber's
    /// token is asked for its zone (`X-zid`) and the API call names no tenant; otherwise the tenant
    /// goes in `x-tenant-id`.
    public enum TenantMode: String, Sendable, Equatable { case dedicated, shared, external }
    /// Mobile Services' base URL (no trailing slash).
    public var url: String
    public var auth: Auth
    /// A subscriber tenant (`x-tenant-id`).
    public var tenant: String?
    /// The application the credentials belong to, when they name it: SAP's settings file's
    /// `applicationId` (`MobileServicesSettings`), a binding's `sap.cloud.service` (`MobileServicesBinding`).
    public var applicationId: String?
    public var tenantMode: TenantMode
    /// `endpoints.mobileservices.timeout` in seconds (the binding gives milliseconds): SAP's read timeout.
    public var readTimeout: Double?

    public init(url: String, auth: Auth, tenant: String? = nil, applicationId: String? = nil,
                tenantMode: TenantMode = .dedicated, readTimeout: Double? = nil) {
        self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
        self.auth = auth
        self.tenant = tenant
        self.applicationId = applicationId
        self.tenantMode = tenantMode
        self.readTimeout = readTimeout
        SecretValues.register(secret)
    }

    static func bad(_ what: String, _ message: String) -> HubError {
        HubError(.config, code: .configInvalid, "\(what): \(message)")
    }

    static func read(_ data: Data, _ what: String) throws -> JSONValue {
        guard let value = try? JSONValue.read(data), value.objectValue != nil else { throw bad(what, "not a JSON object.") }
        return value
    }

    /// A service key `{"url", "apiKey", "alias"}` (or `{"url", "uaa"}`, or an X.509 key `{"url",
    /// "certificate", "key"}`), or SAP's settings file `{"applicationId", "services": [{"name",
    /// "serviceKeys": [...]}]}`, read as `PushClientBuilder` does: the keys of `feature`'s service
    /// only; the only key, or the one whose alias is `alias`; several keys and no alias is refused
    /// rather than guessed.
    public static func serviceKey(_ data: Data, alias wanted: String? = nil, what: String = "the service key",
                                  feature: Feature = .push) throws -> PushBackendCredentials {
        let value = try read(data, what)
        let key: JSONValue
        let label = feature.label
        if let services = value["services"] {
            guard case .array(let list) = services else { throw bad(what, "has a \"services\" member that is not a list.") }
            guard let service = list.first(where: { feature.serviceNames.contains($0["name"]?.stringValue?.lowercased() ?? "") }) else {
                let names = list.compactMap { $0["name"]?.stringValue }
                throw bad(what, "has no service named \"\(feature.serviceNames[0])\"\(names.isEmpty ? "" : " (it has \(names.map { HubError.quoted($0) }.joined(separator: ", ")))"); the \(label) commands take only the \(label) service's keys.")
            }
            guard case .array(let keys)? = service["serviceKeys"], !keys.isEmpty else { throw bad(what, "has no service keys for \(label).") }
            let aliases = keys.map { $0["alias"]?.stringValue ?? "" }
            if let wanted {
                guard let i = aliases.firstIndex(of: wanted) else {
                    throw bad(what, "has no \(label) service key with alias \(HubError.quoted(wanted)); it has \(aliases.map { HubError.quoted($0) }.joined(separator: ", ")).")
                }
                key = keys[i]
            } else {
                guard keys.count == 1 else {
                    throw bad(what, "has \(keys.count) \(label) service keys (\(aliases.map { HubError.quoted($0) }.joined(separator: ", "))); name one with --key-alias.")
                }
                key = keys[0]
            }
        } else {
            if let wanted, value["alias"]?.stringValue != wanted {
                throw bad(what, "is a single service key whose alias is not \(HubError.quoted(wanted)).")
            }
            key = value
        }
        let alias = key["alias"]?.stringValue
        let applicationId = value["applicationId"]?.stringValue
        guard let url = key["url"]?.stringValue, !url.isEmpty else { throw bad(what, "has no \"url\".") }
        // A key with `uaa` instead of `apiKey` is a binding whose endpoint is the key's url (`PushClientBuilder.build(settings, alias)`).
        if let uaa = key["uaa"], uaa != .null {
            var credentials = try binding(uaa: uaa, endpoint: url, timeout: nil, what: what)
            credentials.applicationId = applicationId
            return credentials
        }
        // An X.509 key: its certificate and private key in PEM (member names *unconfirmed*, §19.2).
        if let certificate = key["certificate"]?.stringValue, !certificate.isEmpty {
            guard let pem = (key["key"] ?? key["privateKey"])?.stringValue, !pem.isEmpty else {
                throw bad(what, "is an X.509 service key without its \"key\".")
            }
            return PushBackendCredentials(url: url, auth: .x509Key(alias: alias, certificate: certificate, key: pem), applicationId: applicationId)
        }
        guard let apiKey = (key["apiKey"] ?? key["apikey"] ?? key["api_key"])?.stringValue, !apiKey.isEmpty else {
            throw bad(what, "has no \"apiKey\" (nor \"uaa\", nor an X.509 \"certificate\").")
        }
        return PushBackendCredentials(url: url, auth: .apiKey(alias: alias, key: apiKey), applicationId: applicationId)
    }

    /// A service binding's credentials: `uaa` and `endpoints.mobileservices` (`MobileServicesBinding`).
    public static func binding(_ data: Data, what: String = "the binding") throws -> PushBackendCredentials {
        try binding(try read(data, what), what: what)
    }

    static func binding(_ value: JSONValue, what: String) throws -> PushBackendCredentials {
        let credentials = value["credentials"] ?? value
        guard let uaa = credentials["uaa"], uaa.objectValue != nil else { throw bad(what, "has no \"uaa\" object.") }
        let endpoint = credentials["endpoints"]?["mobileservices"]
        guard let url = endpoint?["url"]?.stringValue ?? credentials["url"]?.stringValue, !url.isEmpty else {
            throw bad(what, "has no \"endpoints.mobileservices.url\".")
        }
        var timeout: Double?
        switch endpoint?["timeout"] {
        case nil, .null?: break
        case let t?:
            // Milliseconds (`MobileServicesBinding.Endpoint.timeout`, used when above 0); at most a day.
            guard let ms = BoundedNumber.integer(t, clampedTo: -1...86_400_000) else { throw bad(what, "has an endpoints.mobileservices.timeout that is not a number of milliseconds.") }
            if ms > 0 { timeout = Double(ms) / 1000 }
        }
        var result = try binding(uaa: uaa, endpoint: url, timeout: timeout, what: what)
        result.applicationId = credentials["sap.cloud.service"]?.stringValue
        return result
    }

    /// `uaa`: a client secret, or (`credential-type: x509`) a certificate and key for `certurl`.
    static func binding(uaa: JSONValue, endpoint url: String, timeout: Double?, what: String) throws -> PushBackendCredentials {
        guard uaa.objectValue != nil else { throw bad(what, "has a \"uaa\" that is not an object.") }
        guard let id = uaa["clientid"]?.stringValue, !id.isEmpty else { throw bad(what, "has no \"uaa.clientid\".") }
        var mode = TenantMode.dedicated
        if let given = uaa["tenantmode"]?.stringValue {
            // As `UaaConfig.getTenantMode`: absent is dedicated; an unknown mode is refused.
            guard let m = TenantMode(rawValue: given.lowercased()) else {
                throw bad(what, "has uaa.tenantmode \(HubError.quoted(given)); SAP's client takes shared, dedicated or external.")
            }
            mode = m
        }
        func base(_ member: String) throws -> String {
            guard var u = uaa[member]?.stringValue, !u.isEmpty else { throw bad(what, "has no \"uaa.\(member)\".") }
            while u.hasSuffix("/") { u.removeLast() }
            return u + tokenPath
        }
        let auth: Auth
        if uaa["credential-type"]?.stringValue == "x509" {
            guard let certificate = uaa["certificate"]?.stringValue, !certificate.isEmpty else { throw bad(what, "is an x509 binding without \"uaa.certificate\".") }
            guard let key = uaa["key"]?.stringValue, !key.isEmpty else { throw bad(what, "is an x509 binding without \"uaa.key\".") }
            // XSUAA's certificate endpoint (`XsuaaDefaultEndpoints`: certurl when there is one).
            auth = .clientCertificate(tokenURL: uaa["certurl"]?.stringValue?.isEmpty == false ? try base("certurl") : try base("url"),
                                      clientId: id, certificate: certificate, key: key)
        } else {
            guard let secret = uaa["clientsecret"]?.stringValue, !secret.isEmpty else { throw bad(what, "has no \"uaa.clientsecret\".") }
            auth = .clientCredentials(tokenURL: try base("url"), clientId: id, clientSecret: secret)
        }
        return PushBackendCredentials(url: url, auth: auth, tenantMode: mode, readTimeout: timeout)
    }

    /// The Mobile Services binding of `VCAP_SERVICES`: every service instance tagged `mobileservice…`
    /// (`MobileServicesBinding.fromVCAPVariables`, whatever key it is listed under: a user-provided
    /// service has another) or listed under `mobile-services`; with several, `name` picks one.
    public static func vcapServices(_ text: String, name: String?) throws -> PushBackendCredentials {
        let what = "VCAP_SERVICES"
        let value = try read(Data(text.utf8), what)
        guard case .object(let byLabel) = value else { throw bad(what, "not a JSON object.") }
        var entries: [JSONValue] = []
        for label in byLabel.keys.sorted() {
            guard case .array(let instances)? = byLabel[label] else { continue }
            for instance in instances {
                var tags: [String] = []
                if case .array(let list)? = instance["tags"] { tags = list.compactMap(\.stringValue) }
                if label == "mobile-services" || tags.contains(where: { $0.hasPrefix("mobileservice") }) { entries.append(instance) }
            }
        }
        guard !entries.isEmpty else {
            throw HubError(.config, code: .configInvalid, "VCAP_SERVICES has no Mobile Services binding (none tagged mobileservice…, none under \"mobile-services\").")
        }
        let names = entries.map { $0["name"]?.stringValue ?? "" }
        let chosen: JSONValue
        if let name {
            guard let i = names.firstIndex(of: name) else {
                throw HubError(.config, code: .configInvalid, "VCAP_SERVICES has no Mobile Services binding named \(HubError.quoted(name)); it has \(names.map { HubError.quoted($0) }.joined(separator: ", ")).")
            }
            chosen = entries[i]
        } else {
            guard entries.count == 1 else {
                throw HubError(.config, code: .configInvalid, "VCAP_SERVICES has \(entries.count) Mobile Services bindings (\(names.map { HubError.quoted($0) }.joined(separator: ", "))); name one with --binding-name.")
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
        case .clientCertificate(_, _, _, let key): key
        case .x509Key(_, _, let key): key
        }
    }

    /// Why these credentials cannot be kept in a profile (whose settings hold no certificate and no
    /// tenant mode), nil when they can.
    public var profileRefusal: String? {
        if case .clientCertificate = auth { return "an x509 binding (its certificate and key stay in the binding file)" }
        if case .x509Key = auth { return "an X.509 service key (its certificate and key stay in the key file)" }
        if tenantMode == .shared { return "a binding with uaa.tenantmode shared" }
        return nil
    }

    /// What a profile keeps of these credentials for `feature`: everything but the secret.
    public func profileSettings(_ feature: Feature) -> ServiceProfileSettings {
        switch auth {
        case .apiKey(let alias, _), .x509Key(let alias, _, _):
            return ServiceProfileSettings(feature: feature, url: url, alias: alias, tenant: tenant)
        case .clientCredentials(let tokenURL, let clientId, _), .clientCertificate(let tokenURL, let clientId, _, _):
            let uaa = tokenURL.hasSuffix(Self.tokenPath) ? String(tokenURL.dropLast(Self.tokenPath.count)) : tokenURL
            return ServiceProfileSettings(feature: feature, url: url, uaaURL: uaa, clientId: clientId, tenant: tenant)
        }
    }

    /// Where XSUAA's token endpoint is under `uaa.url`.
    static let tokenPath = "/oauth/token"

    /// The vault key of the secret of a profile's credentials, under the feature's prefix (push's
    /// `hubctl/push/…`, as ever): the API key by alias and URL, the client secret by client id and
    /// token endpoint (two profiles of one client share it).
    public static func secretVaultKey(_ settings: ServiceProfileSettings) -> String {
        let base = "hubctl/" + settings.feature.settingPrefix
        if let clientId = settings.clientId {
            return "\(base)/client-secret/\(clientId)@\(Self.trimmed(settings.uaaURL ?? ""))\(tokenPath)"
        }
        return "\(base)/api-key/\(settings.alias ?? "")@\(Self.trimmed(settings.url))"
    }

    static func trimmed(_ url: String) -> String {
        var u = url
        while u.hasSuffix("/") { u.removeLast() }
        return u
    }

    /// The credentials of a profile's settings and the secret from the vault. `profile` names the
    /// profile in messages; a URL that is not http(s) is refused (78) with the key to fix.
    public static func profile(_ settings: ServiceProfileSettings, secret: String, profile: String) throws -> PushBackendCredentials {
        let command = settings.feature.profileCommand
        func url(_ field: ServiceProfileSettings.Field, _ raw: String) throws -> String {
            guard let c = URLComponents(string: raw), let scheme = c.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = c.host, !host.isEmpty, c.user == nil, c.password == nil, c.query == nil, c.fragment == nil,
                  !URLHostName.hasEmptyPort(raw) else {
                throw HubError(.config, code: .configInvalid,
                               "The profile '\(profile)' has a \(settings.key(field)) that is not an http(s) URL without credentials, query or fragment. Run `\(command)` again.")
            }
            return trimmed(raw)
        }
        let base = try url(.url, settings.url)
        if let clientId = settings.clientId {
            guard let uaa = settings.uaaURL else {
                throw HubError(.config, code: .configInvalid,
                               "The profile '\(profile)' has \(settings.key(.clientId)) but no \(settings.key(.uaaURL)). Run `\(command) --binding FILE` again.")
            }
            return PushBackendCredentials(url: base, auth: .clientCredentials(tokenURL: try url(.uaaURL, uaa) + tokenPath, clientId: clientId, clientSecret: secret),
                                          tenant: settings.tenant)
        }
        return PushBackendCredentials(url: base, auth: .apiKey(alias: settings.alias, key: secret), tenant: settings.tenant)
    }
}

/// SAP's notification (`push/DTO.java` `DTOPushPayload`, `push/PushPayload.java`, docs/protocol.md
/// §16.1): what `push send --notification` and `--bulk` are checked against and sent as.
public enum PushNotificationShape {
    /// `DTOPushPayload`'s members: nothing else is sent.
    public static let members: Set<String> = [
        "alert", "badge", "sound", "priority", "data", "sendAsSms", "apns", "gcm", "wns", "baidu", "w3c", "custom",
    ]
    /// The provider-specific objects (`ApnsNotification`, `GcmNotification`, `WnsNotification`,
    /// `BaiduNotification`, `W3cNotification`), passed through as given.
    public static let platformObjects: Set<String> = ["apns", "gcm", "wns", "baidu", "w3c"]

    /// Where a member that SAP's notification lacks belongs instead (a member of a platform object in `DTO.java`).
    public static let belongsElsewhere: [String: String] = [
        "title": "apns.alertTitle or gcm.title", "body": "apns.alertBody or gcm.body", "subtitle": "apns.alertSubtitle",
        "category": "apns.category", "threadId": "apns.threadId", "contentAvailable": "apns.contentAvailable",
        "mutableContent": "apns.mutableContent", "interruptionLevel": "apns.interruptionLevel",
        "relevanceScore": "apns.relevanceScore", "targetContentId": "apns.targetContentId", "expiry": "apns.expiration",
        "expiration": "apns.expiration", "launchImage": "apns.launchImageFileName",
        "localizedAlert": "apns.localizedAlertKey or gcm.bodyLocKey", "alertLocKey": "apns.localizedAlertKey or gcm.bodyLocKey",
        "alertLocArgs": "apns.localizedAlertArguments or gcm.bodyLocArgsArray",
        "localizedTitle": "apns.localizedAlertTitleKey or gcm.titleLocKey", "titleLocKey": "apns.localizedAlertTitleKey or gcm.titleLocKey",
        "titleLocArgs": "apns.localizedAlertTitleArguments or gcm.titleLocArgsArray", "localizedSubtitle": "apns.localizedAlertSubtitleKey",
        "collapseKey": "gcm.collapseKey", "timeToLive": "gcm.timeToLive or w3c.ttl", "ttl": "gcm.timeToLive or w3c.ttl",
        "icon": "gcm.icon", "color": "gcm.color", "tag": "gcm.tag", "clickAction": "gcm.clickAction", "fcm": "gcm",
    ]

    /// The problems of a notification object, as `field: message`; empty when it is fine.
    public static func problems(_ value: JSONValue) -> [String] {
        normalized(value).problems
    }

    /// The notification as SAP sends it, or the problems that keep it from being sent. `data` given as
    /// an object is serialized into the string SAP's `PushPayload.Builder.data(Object)` makes
    /// ("a serialized / escape JSON key/value map"); every other member is sent as given.
    public static func normalized(_ value: JSONValue) -> (notification: JSONValue?, problems: [String]) {
        guard case .object(var members) = value else { return (nil, ["notification: must be a JSON object"]) }
        var problems: [String] = []
        for (name, v) in members.sorted(by: { $0.key < $1.key }) {
            guard Self.members.contains(name) else {
                if let place = belongsElsewhere[name] {
                    problems.append("notification.\(name): is not a member of SAP's notification; it belongs in \(place)")
                } else {
                    problems.append("notification.\(name): is not a member of SAP's notification (\(Self.members.sorted().joined(separator: ", ")))")
                }
                continue
            }
            switch (name, v) {
            case ("badge", .int(let n)) where n >= 0: break
            case ("badge", _): problems.append("notification.badge: must be a non-negative integer")
            case ("alert", .string), ("sound", .string): break
            case ("alert", _), ("sound", _): problems.append("notification.\(name): must be a string")
            case ("priority", .string(let p)) where ["high", "normal", "low"].contains(p.lowercased()): break
            case ("priority", _): problems.append("notification.priority: must be high, normal or low")
            case ("sendAsSms", .bool): break
            case ("sendAsSms", _): problems.append("notification.sendAsSms: must be true or false")
            case ("data", .string): break
            case ("data", .object):
                if let text = try? v.written(pretty: false) { members["data"] = .string(String(decoding: text, as: UTF8.self)) }
            case ("data", _): problems.append("notification.data: must be a string (a serialized JSON object) or an object")
            case ("custom", .object(let pairs)):
                for (k, cv) in pairs.sorted(by: { $0.key < $1.key }) where cv.stringValue == nil {
                    problems.append("notification.custom.\(k): must be a string")
                }
            case ("custom", _): problems.append("notification.custom: must be an object of strings")
            case (let platform, .object) where platformObjects.contains(platform): break
            case (let platform, _) where platformObjects.contains(platform): problems.append("notification.\(platform): must be an object")
            default: break
            }
        }
        return (problems.isEmpty ? .object(members) : nil, problems)
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
            let (notification, p) = normalized(value)
            return (notification.map { PushPayload(notification: $0) }, p)
        }
        var found: [String] = []
        for key in members.keys.sorted() where key != "notification" && key != "notifications" {
            found.append("\(key): is not a member of a localized notification (notification, notifications)")
        }
        guard let given = members["notification"] else { return (nil, found + ["notification: the default notification is missing"]) }
        let (root, rootProblems) = normalized(given)
        found += rootProblems
        var localized: [String: JSONValue] = [:]
        switch members["notifications"] {
        case nil, .null?: break
        case .object(let byLocale)?:
            for (locale, n) in byLocale.sorted(by: { $0.key < $1.key }) {
                let (variant, p) = normalized(n)
                found += p.map { "notifications.\(locale)" + $0.dropFirst("notification".count) }
                if let variant { localized[locale] = variant }
            }
        default: found.append("notifications: must be an object of notifications by locale")
        }
        guard found.isEmpty, let root else { return (nil, found) }
        return (PushPayload(notification: root, localized: localized), found)
    }
}
