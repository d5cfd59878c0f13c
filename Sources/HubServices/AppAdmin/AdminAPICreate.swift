// The services catalogue and the create through the Admin API (issue 50 item 2; docs/protocol.md
// §17.11), as SAP's MDK CLI calls them ([code] @sap/mdk-tools lib/deployer/deploy-ms.js 540-576
// and 578-655, as quoted in issue #50, not re-read here):
//
//   GET  <base>/services          → [{"name", "plans": [{"name"}]}], read tolerantly; an empty list
//                                   is refused as SAP's 1.10.2 CLI refuses it (69: the service
//                                   offers no feature, so nothing can be created)
//   POST <base>/app?async=true    {"name", "displayName" (. _ - as spaces), "security": {"name":
//                                   "oauth"}, "connection": {"backend_connection_timeout": 150000},
//                                   "uris": ["https://cfapps.<landscape>"], "mobileServices":
//                                   [{"name", "plan"}], "device_support": {…}} → 200/201/202, the
//                                   body unread; then `GET <base>/app/<id>` until it is there.
//
// The landscape is the base's host without its first label and a `cfapps.` after it
// (`mobile-service-cockpit-api.cfapps.eu10.hana.ondemand.com` → `eu10.hana.ondemand.com`) [none:
// hubctl's; SAP's CLI has cf's target]. A feature's plan is F:PLAN, else the catalogue's first.

import Foundation
import HubCore
import HubTransport

/// The features an application can have and their plans (`GET <base>/services`).
public struct ServicesCatalogue: Sendable, Equatable {
    public struct Service: Sendable, Equatable {
        public var name: String
        public var plans: [String]
        public init(name: String, plans: [String]) {
            self.name = name
            self.plans = plans
        }
    }
    public var services: [Service]

    /// The answer read tolerantly: items without a name are skipped, plans without a name too,
    /// unknown members ignored. Not a list, or a name that is no feature name (it goes into a
    /// body and an address): 65. No service at all: 69, as SAP's MDK CLI 1.10.2 stops there.
    public static func read(_ value: JSONValue) throws -> ServicesCatalogue {
        guard case .array(let items) = value["services"] ?? value else {
            throw HubError(.data, code: .malformedResponse, "The Admin API's services catalogue is not a list of {name, plans}.", status: 200)
        }
        var services: [Service] = []
        for item in items {
            guard let name = item["name"]?.stringValue ?? item.stringValue else { continue }
            guard FeatureChoice.isName(name) else {
                throw HubError(.data, code: .malformedResponse, "The Admin API's services catalogue names a feature \(HubError.quoted(name)), which is not a feature name (lower-case letters, digits and -).", status: 200)
            }
            var plans: [String] = []
            if case .array(let list)? = item["plans"] {
                for plan in list {
                    guard let planName = plan["name"]?.stringValue ?? plan.stringValue else { continue }
                    guard FeatureChoice.isPlan(planName) else {
                        throw HubError(.data, code: .malformedResponse, "The Admin API's services catalogue names a plan \(HubError.quoted(planName)) of \(name), which is not a plan name (letters, digits, . _ -).", status: 200)
                    }
                    plans.append(planName)
                }
            }
            services.append(Service(name: name, plans: plans))
        }
        guard !services.isEmpty else {
            throw HubError(.unavailable, code: .serverError, "The Admin API's services catalogue is empty: the service offers no feature here, so no application can be created through it (SAP's MDK CLI stops here too). Check the Mobile Services instance and its landscape.", status: 200)
        }
        return ServicesCatalogue(services: services)
    }

    /// Each requested feature with its plan: the given one, else the catalogue's first. A feature
    /// or a plan the catalogue does not have is refused (64) naming those it has.
    public func choose(_ requested: [FeatureChoice]) throws -> [FeatureChoice] {
        try requested.map { wanted in
            guard let service = services.first(where: { $0.name == wanted.name }) else {
                throw HubError.usage("The services catalogue has no feature \(HubError.quoted(wanted.name)); it has \(services.map(\.name).joined(separator: ", ")) (`hubctl app services`). Nothing was created.")
            }
            if let plan = wanted.plan {
                guard service.plans.contains(plan) else {
                    let known = service.plans.isEmpty ? "none" : service.plans.joined(separator: ", ")
                    throw HubError.usage("The services catalogue has no plan \(HubError.quoted(plan)) of \(wanted.name); its plans: \(known). Nothing was created.")
                }
                return wanted
            }
            guard let first = service.plans.first else {
                throw HubError.usage("The services catalogue lists no plan of \(wanted.name), so hubctl cannot choose one; give --feature \(wanted.name):PLAN. Nothing was created.")
            }
            return FeatureChoice(name: wanted.name, plan: first)
        }
    }

    public var json: JSONValue {
        .array(services.map { .object(["name": .string($0.name), "plans": .array($0.plans.map { .object(["name": .string($0)]) })]) })
    }
}

/// A `--feature F[:PLAN]` of the Admin API create.
public struct FeatureChoice: Sendable, Equatable {
    public var name: String
    public var plan: String?

    public init(name: String, plan: String?) {
        self.name = name
        self.plan = plan
    }

    /// A feature name: a lower-case letter, then lower-case letters, digits and `-`, at most 64.
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    static func isPlan(_ plan: String) -> Bool {
        (1...64).contains(plan.count) && plan.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
    }

    /// `F` or `F:PLAN` (64 when malformed or a feature given twice).
    public static func parse(_ values: [String]) throws -> [FeatureChoice] {
        let choices = values.map { value -> FeatureChoice in
            guard let colon = value.firstIndex(of: ":") else { return FeatureChoice(name: value, plan: nil) }
            return FeatureChoice(name: String(value[..<colon]), plan: String(value[value.index(after: colon)...]))
        }
        try AppAdminRules.checkFeatures(choices.map(\.name))
        for choice in choices {
            if let plan = choice.plan, !isPlan(plan) {
                throw HubError.usage("--feature \(choice.name):\(HubError.quoted(plan)) names no plan (1 to 64 letters, digits, . _ -). Nothing was sent.")
            }
        }
        return choices
    }
}

/// The body of `POST <base>/app?async=true`, as SAP's MDK CLI builds it.
public struct AdminAppCreate: Sendable, Equatable {
    /// The app's kind: `mdk` sends `app_type: "mdk"` (SAP's CLI); hybrid and native send none [none].
    public enum Kind: String, Sendable, CaseIterable { case mdk, hybrid, native }

    public var appId: String
    public var displayName: String
    public var kind: Kind
    public var landscape: String
    public var services: [FeatureChoice]

    public init(appId: String, displayName: String? = nil, kind: Kind, landscape: String, services: [FeatureChoice]) {
        self.appId = appId
        self.displayName = displayName ?? Self.displayName(appId)
        self.kind = kind
        self.landscape = landscape
        self.services = services
    }

    /// The id with `.`, `_` and `-` as spaces (SAP's CLI's display name).
    public static func displayName(_ id: String) -> String {
        String(id.map { $0 == "." || $0 == "_" || $0 == "-" ? " " : $0 })
    }

    /// The landscape of a base: its host without the first label and a `cfapps.` after it, the
    /// port dropped; 78 when the host has no such part (an address, or one label).
    public static func landscape(base: String) throws -> String {
        guard let (_, authority, _) = AdminAPIBase.split(base) else {
            throw HubError.config("The Admin API's address \(HubError.quoted(base)) is not an http(s) URL.")
        }
        var host = authority.lowercased()
        if let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...].allSatisfy(\.isNumber) { host = String(host[..<colon]) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        var rest = labels.dropFirst()
        if rest.first == "cfapps" { rest = rest.dropFirst() }
        guard !rest.isEmpty, !rest.contains(where: \.isEmpty), !labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) else {
            throw HubError.config("Cannot tell the landscape from the Admin API's host \(HubError.quoted(host)) (hubctl takes it from mobile-service-cockpit-api.cfapps.<landscape>); give --admin-api with the cockpit's host name.")
        }
        return rest.joined(separator: ".")
    }

    public var json: JSONValue {
        var device: [String: JSONValue] = ["android_device_appid": .string("sapmobilesvcs"), "ios_device_appid": .string("sapmobilesvcs")]
        if kind == .mdk { device["app_type"] = .string("mdk") }
        return .object([
            "name": .string(appId), "displayName": .string(displayName),
            "security": .object(["name": .string("oauth")]),
            "connection": .object(["backend_connection_timeout": .int(150_000)]),
            "uris": .array([.string("https://cfapps." + landscape)]),
            "mobileServices": .array(services.map { .object(["name": .string($0.name), "plan": $0.plan.map(JSONValue.string) ?? .null]) }),
            "device_support": .object(device),
        ])
    }
}

extension MobileServicesAdmin {
    /// `GET <base>/services`.
    public func services() throws -> ServicesCatalogue {
        let what = "reading the services catalogue"
        let response = try exchange("GET", base + "/services", doing: what)
        guard response.status == 200 else { throw Self.failure(response, doing: what) }
        return try ServicesCatalogue.read(try Self.json(response, doing: what))
    }

    /// `POST <base>/app?async=true`: 200, 201 or 202 (the body unread); 409 is 73.
    public func create(_ app: AdminAppCreate) throws {
        let what = "creating application \(HubError.quoted(app.appId))"
        let response = try exchange("POST", base + "/app?async=true", json: app.json, doing: what)
        switch response.status {
        case 200, 201, 202: return
        case 409: throw HubError(.cannotCreate, code: .cannotCreate, "The Admin API has an application \(HubError.quoted(app.appId)) already (HTTP 409).", status: 409)
        default: throw Self.failure(response, doing: what)
        }
    }
}

extension MobileServicesApps {
    public struct AdminCreated: Sendable {
        public var created: Bool
        public var adminAPI: String
        public var services: [FeatureChoice]
        public var app: MobileServicesApp?
    }

    /// The catalogue of the space's Admin API.
    public func catalogue() throws -> (ServicesCatalogue, String) {
        let admin = try adminAPI().0
        return (try admin.services(), admin.base)
    }

    /// Creates `appId` through the Admin API: the catalogue read first (plans chosen, unknown
    /// features refused, 64), an existing app refused (73) or reused, the POST, then `GET
    /// app/<id>` until it is there (first after half a second, then twice as long up to 5 s)
    /// within the deadline (75, naming the app that may still come).
    public func createThroughAdminAPI(appId: String, name: String?, kind: AdminAppCreate.Kind, features: [FeatureChoice],
                                      ifExists: IfExists) throws -> AdminCreated {
        let admin = try adminAPI().0
        let landscape = try AdminAppCreate.landscape(base: admin.base)
        let services = try admin.services().choose(features)
        if let existing = try admin.show(appId) {
            guard ifExists == .reuse else {
                throw HubError(.cannotCreate, code: .cannotCreate, "The Admin API has an application \(HubError.quoted(appId)) already. Give --if-exists reuse to use it, or another id.")
            }
            return AdminCreated(created: false, adminAPI: admin.base, services: services, app: existing)
        }
        try admin.create(AdminAppCreate(appId: appId, displayName: name, kind: kind, landscape: landscape, services: services))
        var pause = 0.5
        while true {
            if let app = try admin.show(appId) { return AdminCreated(created: true, adminAPI: admin.base, services: services, app: app) }
            let left = ContinuousClock.now.duration(to: cf.deadline).inSeconds - 0.2
            guard left > 0 else {
                throw HubError(.temporary, code: .timeout, "The Admin API accepted the create of \(appId) but did not list it by the deadline; it may still come (`hubctl app show \(appId)`). Give a longer --deadline; remove it with `hubctl app delete \(appId)`.")
            }
            cf.sleep(min(pause, left))
            pause = min(pause * 2, 5)
        }
    }
}
