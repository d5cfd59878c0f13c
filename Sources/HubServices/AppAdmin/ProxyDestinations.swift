// The destinations of an application's `proxy` feature (Mobile Connectivity; docs/protocol.md
// §17.12): read from the app (`services[name=proxy].parameters.endpointConfigurations`, SAP's MCP
// server), written as SAP's MDK CLI does, `GET` then `PUT <base>/app/{id}/service/proxy`. A change
// reads the service, changes the one entry and puts the rest back as it came; a `set` that asks for
// what is there already sends no PUT (`changed: false`). Passwords are never part of what is shown.

import Foundation
import HubCore

/// One endpoint configuration (`endPointName`, `endPointAddress?`, `cloudDestinationName?`,
/// `ssoMethod?`, `useCloudConnector?`: MCP `src/mobile-services-client.ts` 31-37).
public struct ProxyDestination: Sendable, Equatable {
    public var name: String
    public var url: String?
    public var cloudDestination: String?
    public var ssoMethod: String?
    public var cloudConnector: Bool?
    public var user: String?
    public var passwordSet: Bool
    /// The whole object, as the server sent it (what a change keeps).
    public var raw: JSONValue

    /// The members hubctl names (the first five the sources'; `userName` and `password` hubctl's
    /// choice, [none]).
    enum Member {
        static let name = "endPointName", url = "endPointAddress", cloudDestination = "cloudDestinationName"
        static let ssoMethod = "ssoMethod", cloudConnector = "useCloudConnector", user = "userName", password = "password"
    }

    /// An entry of the list; nil without a name (65 when the name is not a string).
    static func read(_ value: JSONValue) throws -> ProxyDestination? {
        guard case .object = value else { return nil }
        guard let name = value[Member.name]?.stringValue, !name.isEmpty else { return nil }
        let password = value[Member.password]
        return ProxyDestination(name: name, url: value[Member.url]?.stringValue, cloudDestination: value[Member.cloudDestination]?.stringValue,
                                ssoMethod: value[Member.ssoMethod]?.stringValue, cloudConnector: value[Member.cloudConnector]?.boolValue,
                                user: value[Member.user]?.stringValue,
                                passwordSet: password != nil && password != .null && password != .string(""), raw: value)
    }
}

/// What `destination set` asks for: nil members are left as they are (a new entry: none set).
public struct ProxyDestinationChange: Sendable, Equatable {
    public var name: String
    public var url: String?
    public var cloudDestination: String?
    public var ssoMethod: String?
    public var cloudConnector: Bool?
    public var user: String?
    public var password: String?

    public init(name: String, url: String? = nil, cloudDestination: String? = nil, ssoMethod: String? = nil,
                cloudConnector: Bool? = nil, user: String? = nil, password: String? = nil) {
        self.name = name
        self.url = url
        self.cloudDestination = cloudDestination
        self.ssoMethod = ssoMethod
        self.cloudConnector = cloudConnector
        self.user = user
        self.password = password
    }

    /// `existing` (or a new entry) with this change's members set; its other members kept.
    func applied(to existing: JSONValue?) -> JSONValue {
        typealias M = ProxyDestination.Member
        var members = existing?.objectValue ?? [M.name: .string(name)]
        let given: [(String, JSONValue?)] = [
            (M.url, url.map(JSONValue.string)), (M.cloudDestination, cloudDestination.map(JSONValue.string)),
            (M.ssoMethod, ssoMethod.map(JSONValue.string)), (M.cloudConnector, cloudConnector.map(JSONValue.bool)),
            (M.user, user.map(JSONValue.string)), (M.password, password.map(JSONValue.string)),
        ]
        for (key, value) in given { if let value { members[key] = value } }
        if existing == nil {
            // A new entry says how it authenticates and whether it goes through the Cloud Connector.
            members[M.ssoMethod] = members[M.ssoMethod] ?? .string(ProxyDestinations.noAuthentication)
            members[M.cloudConnector] = members[M.cloudConnector] ?? .bool(false)
        }
        return .object(members)
    }
}

public enum ProxyDestinations {
    /// The feature's name, in the app's `services` and in the service's path.
    public static let feature = "proxy"
    /// The `ssoMethod` of a destination without authentication (the fixture's value; [none]).
    public static let noAuthentication = "None"

    /// `--auth`'s names and the `ssoMethod` each sends ([none]: no source lists the values; the
    /// cockpit's page names the mechanisms, help.sap.com `…/backend-connectivity/admin/config.html`).
    public static let authNames: [(name: String, ssoMethod: String)] = [
        ("none", noAuthentication), ("basic", "Basic"), ("forward", "Forward"), ("technical-user", "TechnicalUser"),
    ]

    /// The `ssoMethod` for an --auth value: a name above, else the value as given.
    public static func ssoMethod(_ auth: String) -> String {
        authNames.first { $0.name == auth.lowercased() }?.ssoMethod ?? auth
    }

    /// The list inside a service object or an app's `services` entry: `parameters.endpointConfigurations`,
    /// else a top-level `endpointConfigurations` (read tolerantly, §17.8); nil when neither is there.
    static func list(in service: JSONValue) throws -> [JSONValue]? {
        for found in [service["parameters"]?["endpointConfigurations"], service["endpointConfigurations"]] {
            switch found {
            case nil, .null?: continue
            case .array(let items)?: return items
            default: throw HubError(.data, code: .malformedResponse, "The Admin API's endpointConfigurations of the proxy feature is not a list.", status: 200)
            }
        }
        return nil
    }

    /// `service` with its list replaced where it was found (`parameters`, when it had none).
    static func replacing(_ items: [JSONValue], in service: JSONValue) -> JSONValue {
        guard var members = service.objectValue else { return .object(["parameters": .object(["endpointConfigurations": .array(items)])]) }
        if members["parameters"]?["endpointConfigurations"] == nil, members["endpointConfigurations"] != nil {
            members["endpointConfigurations"] = .array(items)
        } else {
            var parameters = members["parameters"]?.objectValue ?? [:]
            parameters["endpointConfigurations"] = .array(items)
            members["parameters"] = .object(parameters)
        }
        return .object(members)
    }
}

extension MobileServicesAdmin {
    func proxyURL(_ id: String) -> String { appURL(id) + "/service/" + ProxyDestinations.feature }

    /// `GET <base>/app/{id}/service/proxy`: the service object, as is.
    func proxyService(_ id: String) throws -> JSONValue {
        let what = "reading the proxy feature of \(HubError.quoted(id))"
        let response = try exchange("GET", proxyURL(id), doing: what)
        guard response.status == 200 else { throw Self.failure(response, doing: what) }
        let value = try Self.json(response, doing: what)
        guard case .object = value else {
            throw HubError(.data, code: .malformedResponse, "The Admin API's answer \(what) is not an object.", status: 200)
        }
        return value
    }

    /// `PUT <base>/app/{id}/service/proxy` with the whole service object.
    func putProxyService(_ id: String, _ service: JSONValue) throws {
        let what = "writing the proxy feature of \(HubError.quoted(id))"
        let response = try exchange("PUT", proxyURL(id), json: service, doing: what)
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: what) }
    }
}

extension MobileServicesApps {
    /// What a `set` or `delete` did.
    public struct DestinationResult: Sendable, Equatable {
        public var changed: Bool
        /// The entry after a set, before a delete; nil when a delete found none.
        public var destination: ProxyDestination?
    }

    /// The app's destinations, read from the app (66 when there is no such app, 66
    /// `proxy_not_assigned` when it has no proxy feature).
    public func destinations(appId: String) throws -> [ProxyDestination] {
        let app = try proxyApp(appId)
        let service: JSONValue = if case .array(let list)? = app.raw["services"] {
            list.first { $0["name"]?.stringValue == ProxyDestinations.feature } ?? .null
        } else { .null }
        return try (ProxyDestinations.list(in: service) ?? []).compactMap(ProxyDestination.read)
    }

    /// Creates or changes one destination; no PUT when it is already as asked.
    public func setDestination(appId: String, _ change: ProxyDestinationChange) throws -> DestinationResult {
        let (admin, service, items) = try proxyItems(appId)
        let index = items.firstIndex { $0[ProxyDestination.Member.name]?.stringValue == change.name }
        let updated = change.applied(to: index.map { items[$0] })
        let shown = try ProxyDestination.read(updated)
        if let index, items[index] == updated { return DestinationResult(changed: false, destination: shown) }
        var list = items
        if let index { list[index] = updated } else { list.append(updated) }
        try admin.putProxyService(appId, ProxyDestinations.replacing(list, in: service))
        return DestinationResult(changed: true, destination: shown)
    }

    /// Removes one destination; `changed: false` (no PUT) when there is none of that name.
    public func deleteDestination(appId: String, name: String) throws -> DestinationResult {
        let (admin, service, items) = try proxyItems(appId)
        guard let index = items.firstIndex(where: { $0[ProxyDestination.Member.name]?.stringValue == name }) else {
            return DestinationResult(changed: false, destination: nil)
        }
        let removed = try ProxyDestination.read(items[index])
        var list = items
        list.remove(at: index)
        try admin.putProxyService(appId, ProxyDestinations.replacing(list, in: service))
        return DestinationResult(changed: true, destination: removed)
    }

    /// The app (66 when unknown), checked to have the proxy feature (66 `proxy_not_assigned`).
    private func proxyApp(_ appId: String) throws -> MobileServicesApp {
        guard let app = try adminAPI(forApp: appId).show(appId) else {
            throw HubError.noInput("There is no application \(HubError.quoted(appId)) in the Admin API (`hubctl app list`).", code: .applicationNotFound)
        }
        guard app.features.contains(ProxyDestinations.feature) else {
            throw HubError.noInput("\(appId) does not have the Mobile Connectivity feature (proxy), which holds its destinations; its features: \(app.features.isEmpty ? "none" : app.features.joined(separator: ", ")). Add it in the cockpit, or create the app with --feature proxy.", code: .proxyNotAssigned)
        }
        return app
    }

    /// The proxy service object and its list, the app checked first.
    private func proxyItems(_ appId: String) throws -> (MobileServicesAdmin, JSONValue, [JSONValue]) {
        _ = try proxyApp(appId)
        let admin = try adminAPI(forApp: appId)
        let service = try admin.proxyService(appId)
        return (admin, service, try ProxyDestinations.list(in: service) ?? [])
    }
}

extension ProxyDestinations {
    /// A destination's password from a file's first line (`-`: stdin), as the other secrets are
    /// read (registered, so it is masked wherever it could be printed).
    public static func password(file: String, _ context: OperatorContext) throws -> String {
        try AppAdminSource.secret(file, what: "destination password", context)
    }
}
