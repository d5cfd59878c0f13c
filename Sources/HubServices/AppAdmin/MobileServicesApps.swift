// The `app` commands' operations over Cloud Foundry and the Admin API (docs/protocol.md §17):
// create through CF (SAP's test broker's parameters and its restore), keys of both kinds, SAP's
// client settings file, delete (the Admin API, then a leftover instance and its keys) and the
// prune plan (age and owner from CF, as the broker reads them); and how they are made over the
// command's transports, the org and the space resolved (`CommandTransports.mobileServicesApps`).

import Foundation
import HubConfig
import HubCore
import HubTransport

/// Where the Admin API base comes from, for --verbose and the output.
public enum AdminAPISource: String, Sendable {
    case given, dashboard, supportURL = "support-url", target
}

public final class MobileServicesApps {
    public let cf: CloudFoundryAPI
    public let org: String
    public let space: String
    let givenBase: String?
    let target: String?
    let makeAdmin: (String) -> MobileServicesAdmin
    let warn: (String) -> Void
    private var admin: (MobileServicesAdmin, AdminAPISource)?
    private var offeringFound: (guid: String, supportURL: String?)?
    private var plansFound: [String]?

    /// `cf` in `org`/`space` (GUIDs); the Admin API at `base` when given, else discovered (with
    /// cf's `target` as the last guess); `makeAdmin` makes its client for a base.
    public init(cf: CloudFoundryAPI, org: String, space: String, base: String?, target: String?,
                makeAdmin: @escaping (String) -> MobileServicesAdmin, warn: @escaping (String) -> Void) {
        self.cf = cf
        self.org = org
        self.space = space
        givenBase = base
        self.target = target
        self.makeAdmin = makeAdmin
        self.warn = warn
    }

    // MARK: The space's mobile-services instances

    /// The `mobile-services` offering (asked once).
    func offering() throws -> (guid: String, supportURL: String?) {
        if let offeringFound { return offeringFound }
        let found = try cf.offering()
        offeringFound = found
        return found
    }

    /// The GUIDs of the offering's plans (asked once); none when Cloud Foundry shows this user no
    /// mobile-services offering (then no instance is one of its).
    func mobileServicesPlans() throws -> [String] {
        if let plansFound { return plansFound }
        let plans: [String]
        do {
            plans = try cf.plans(offering: try offering().guid)
        } catch let error as HubError where error.kind == .noInput {
            plans = []
        }
        plansFound = plans
        return plans
    }

    /// The space's instances of the mobile-services offering (by name, label selector): an
    /// instance of another offering (a database named like an app) is neither listed nor touched,
    /// as SAP's broker keeps to its plan (docs/protocol.md §17.5).
    public func instances(named name: String? = nil, labelSelector: String? = nil) throws -> [CloudFoundryInstance] {
        let plans = try mobileServicesPlans()
        guard !plans.isEmpty else { return [] }
        return try cf.instances(space: space, name: name, labelSelector: labelSelector, plans: plans)
    }

    /// The mobile-services instance named `name`, nil when there is none.
    public func instance(named name: String) throws -> CloudFoundryInstance? {
        try instances(named: name).first
    }

    /// The space's mobile-services instances and the Admin API's applications (its base, when not
    /// known yet, from the first of those instances that has a dashboard).
    public func inventory() throws -> (instances: [CloudFoundryInstance], apps: [MobileServicesApp]) {
        let instances = try instances()
        let apps = try adminAPI(dashboard: instances.lazy.compactMap(\.dashboardURL).first).0.list()
        return (instances, apps)
    }

    // MARK: The Admin API

    /// The Admin API client: the given base, else (a) `dashboard` (the app's own mobile-services
    /// instance's: never another instance's, whose host would receive the token), (b) the
    /// offering's supportUrl, (c) cf's target (warned).
    public func adminAPI(dashboard: String? = nil) throws -> (MobileServicesAdmin, AdminAPISource) {
        if let admin { return admin }
        var found: (String, AdminAPISource)?
        if let givenBase { found = (givenBase, .given) }
        if found == nil, let dashboard, let base = AdminAPIBase.fromDashboard(dashboard) { found = (base, .dashboard) }
        if found == nil, let support = try offering().supportURL, let base = AdminAPIBase.fromSupportURL(support, org: org, space: space) {
            found = (base, .supportURL)
        }
        if found == nil, let target, let (base, warning) = AdminAPIBase.fromTarget(target, org: org, space: space) {
            warn(warning)
            found = (base, .target)
        }
        guard let (base, source) = found else {
            throw HubError.config("Cannot tell where the Admin API is: the app's mobile-services instance has no dashboard_url, the offering names no supportUrl, and cf's target is not api.cf.<landscape>. Give --admin-api (the instance's \"Admin API\" link in the cockpit).")
        }
        let made = (makeAdmin(base), source)
        admin = made
        return made
    }

    /// The Admin API client for work on `appId`: the base already known (given, or found before)
    /// costs no request; else the app's instance's dashboard is tried first.
    func adminAPI(forApp appId: String) throws -> MobileServicesAdmin {
        if admin == nil, givenBase == nil {
            return try adminAPI(dashboard: try instance(named: appId)?.dashboardURL).0
        }
        return try adminAPI().0
    }

    // MARK: Create

    /// SAP's test broker's instance parameters (`ServiceInstanceParams.java` 14-46).
    public static func parameters(appId: String, name: String, features: [String]) -> JSONValue {
        .object([
            "name": .string(appId), "displayName": .string(name),
            "security": .object(["name": .string("oauth")]),
            "services": .array(features.map { .object(["name": .string($0)]) }),
        ])
    }

    public struct Created: Sendable {
        public var instance: CloudFoundryInstance
        public var created: Bool
        /// The restore's failure, when it failed (warned, not fatal).
        public var restoreError: String?
        public var adminAPI: String?
    }

    public enum IfExists: String, Sendable, CaseIterable { case fail, reuse }

    /// Creates the instance named `appId` (labelled `managed-by=hubctl`), waits, then restores the
    /// app through the Admin API (a failed restore is a warning). With `maxApps`, refused (73)
    /// when the space already holds that many instances hubctl manages, and counted again once the
    /// instance is made: over the cap (another run created one meanwhile), this run's instance is
    /// deleted again and the create is 73.
    public func create(appId: String, name: String?, features: [String], plan planName: String, labels: [String: String],
                       maxApps: Int?, ifExists: IfExists) throws -> Created {
        if let existing = try self.instance(named: appId) {
            guard ifExists == .reuse else {
                throw HubError(.cannotCreate, code: .cannotCreate, "The space has a service instance named \(HubError.quoted(appId)) already. Give --if-exists reuse to use it, or another id.")
            }
            return Created(instance: existing, created: false)
        }
        let owner = AppAdminRules.ownerLabel.key + "=" + AppAdminRules.ownerLabel.value
        if let maxApps {
            let owned = try instances(labelSelector: owner)
            guard owned.count < maxApps else {
                throw HubError(.cannotCreate, code: .cannotCreate, "The space holds \(owned.count) applications hubctl created (--max-apps \(maxApps)). Delete some (`hubctl app prune`) first.")
            }
        }
        let plan = try cf.plan(named: planName, offering: try offering().guid)
        var allLabels = labels
        allLabels[AppAdminRules.ownerLabel.key] = AppAdminRules.ownerLabel.value
        let instance: CloudFoundryInstance
        do {
            instance = try cf.createInstance(name: appId, parameters: Self.parameters(appId: appId, name: name ?? appId, features: features),
                                             labels: allLabels, space: space, plan: plan)
        } catch var failure as HubError where failure.code == .serverError {
            // CF keeps an instance whose provisioning failed: say so, and how it goes.
            if (try? self.instance(named: appId)) != nil {
                failure.message += " The failed instance \(HubError.quoted(appId)) stays in the space; remove it with `hubctl app delete \(appId)`."
            }
            throw failure
        } catch var failure as HubError where failure.code == .timeout {
            // The job's wait kept some of the deadline for this look and this message.
            let left = try? self.instance(named: appId)
            let what = left.map { "\($0.guid), \($0.state ?? "its state unknown")" } ?? "not listed yet"
            failure.message += " The instance \(HubError.quoted(appId)) (\(what)) stays in the space while Cloud Foundry goes on creating it; once it has finished, remove it with `hubctl app delete \(appId)`."
            throw failure
        } catch var failure as HubError where failure.code == .malformedResponse {
            // Cloud Foundry accepted the create: the instance may be there.
            failure.message += " The create was sent: the instance \(HubError.quoted(appId)) may be in the space (`cf service \(appId)`); remove it with `hubctl app delete \(appId)`."
            throw failure
        }
        if let maxApps {
            // Another run may have created one since the count above.
            let owned = try instances(labelSelector: owner)
            if owned.count > maxApps {
                let over = "The space holds \(owned.count) applications hubctl created once \(appId) was made (--max-apps \(maxApps)): another run created one meanwhile."
                do {
                    _ = try delete(appId: appId)
                } catch let error as HubError {
                    throw HubError(.cannotCreate, code: .cannotCreate, over + " Deleting \(appId) again failed (\(error.message)); remove it with `hubctl app delete \(appId)`.")
                }
                throw HubError(.cannotCreate, code: .cannotCreate, over + " \(appId) was deleted again; try later, or give a larger --max-apps.")
            }
        }
        var result = Created(instance: instance, created: true)
        do {
            let (admin, _) = try adminAPI(dashboard: instance.dashboardURL)
            result.adminAPI = admin.base
            try admin.restore(appId)
        } catch let error as HubError {
            result.restoreError = error.message
            warn("The instance \(appId) was created, but restoring its app through the Admin API failed: \(error.message)")
        }
        return result
    }

    // MARK: Keys

    /// The CF key `keyName` of the instance `appId`, created first when `create` (73 when it exists).
    public func cfKey(appId: String, keyName: String, create: Bool) throws -> JSONValue {
        let instance = try requireInstance(appId)
        if create {
            if !(try cf.keys(instance: instance.guid, name: keyName)).isEmpty {
                throw HubError(.cannotCreate, code: .cannotCreate, "\(appId) has a key named \(HubError.quoted(keyName)) already; read it with `hubctl app key show \(appId) --cf-key \(keyName)`.")
            }
            return try cf.keyCredentials(guid: try cf.createKey(name: keyName, instance: instance.guid))
        }
        guard let key = try cf.keys(instance: instance.guid, name: keyName).first else {
            throw HubError.noInput("\(appId) has no key named \(HubError.quoted(keyName)). Create it with `hubctl app key create \(appId) --cf-key \(keyName)`.")
        }
        return try cf.keyCredentials(guid: key.guid)
    }

    /// A new feature key of the Admin API (write-once: the answer is its only copy).
    public func featureKey(appId: String, feature: String, _ request: FeatureKeyRequest) throws -> JSONValue {
        try adminAPI(forApp: appId).createFeatureKey(appId, feature: feature, request)
    }

    /// SAP's client settings file (`AppConfig.java` 17-38): `server` is `server` when given, else
    /// the https URL of the route bound to the instance, else null.
    public func settingsFile(appId: String, feature: String, _ request: FeatureKeyRequest, server: String?) throws -> JSONValue {
        let instance = try self.instance(named: appId)
        var url = server
        if url == nil, let instance { url = try cf.routeURL(instance: instance.guid) }
        let key = try adminAPI(dashboard: instance?.dashboardURL).0.createFeatureKey(appId, feature: feature, request)
        return Self.settingsFile(appId: appId, server: url, feature: feature, key: key)
    }

    public static func settingsFile(appId: String, server: String?, feature: String, key: JSONValue) -> JSONValue {
        .object([
            "server": server.map(JSONValue.string) ?? .null, "platform": .string("CF"), "applicationId": .string(appId),
            "services": .array([.object(["name": .string(feature), "serviceKeys": .array([key])])]),
        ])
    }

    func requireInstance(_ appId: String) throws -> CloudFoundryInstance {
        guard let instance = try self.instance(named: appId) else {
            throw HubError.noInput("The space has no mobile-services instance named \(HubError.quoted(appId)) (`hubctl app list`).", code: .applicationNotFound)
        }
        return instance
    }

    // MARK: Show, list

    /// The app as CF and the Admin API know it; nil when neither does.
    public func show(appId: String) throws -> (instance: CloudFoundryInstance?, app: MobileServicesApp?)? {
        let instance = try self.instance(named: appId)
        let app = try adminAPI(dashboard: instance?.dashboardURL).0.show(appId)
        if instance == nil && app == nil { return nil }
        return (instance, app)
    }

    /// Every app of the Admin API and every mobile-services instance, joined by id (`match` filters).
    public func list(match: String?) throws -> [(id: String, instance: CloudFoundryInstance?, app: MobileServicesApp?)] {
        let (instances, apps) = try inventory()
        var ids = Set(apps.map(\.id))
        // Instances whose app the Admin API does not list are shown too when hubctl made them.
        for i in instances where i.labels[AppAdminRules.ownerLabel.key] == AppAdminRules.ownerLabel.value { ids.insert(i.name) }
        return ids.sorted().filter { match == nil || AppAdminRules.matches($0, match!) }.map { id in
            (id, instances.first { $0.name == id }, apps.first { $0.id == id })
        }
    }

    // MARK: Delete

    public struct Deleted: Sendable, Equatable {
        public var app: Bool
        public var instance: Bool
        public var keys: [String]
    }

    /// The Admin API's delete, then the instance named `appId` if one is left, its keys first.
    public func delete(appId: String) throws -> Deleted {
        let app = try adminAPI(forApp: appId).delete(appId)
        var result = Deleted(app: app, instance: false, keys: [])
        if let left = try instance(named: appId) {
            for key in try cf.keys(instance: left.guid) {
                try cf.deleteKey(guid: key.guid, name: key.name)
                result.keys.append(key.name)
            }
            result.instance = try cf.deleteInstance(guid: left.guid, name: appId)
        }
        return result
    }
}

/// What `app prune` deletes and what it leaves, and why (the broker's rule: owner label, name,
/// `created_at` older than the lifetime; read from CF).
public struct PrunePlan: Sendable, Equatable {
    public struct Skipped: Sendable, Equatable {
        public var id: String
        public var reason: String
    }
    public var delete: [String]
    public var skipped: [Skipped]

    public static func make(apps: [String], instances: [CloudFoundryInstance], match: String, olderThan seconds: Double,
                            anyOwner: Bool, now: Date) -> PrunePlan {
        var plan = PrunePlan(delete: [], skipped: [])
        let byName = Dictionary(instances.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for id in Set(apps).union(byName.keys).sorted() where AppAdminRules.matches(id, match) {
            guard let instance = byName[id] else {
                plan.skipped.append(Skipped(id: id, reason: "no service instance: its age is unknown"))
                continue
            }
            if !anyOwner, instance.labels[AppAdminRules.ownerLabel.key] != AppAdminRules.ownerLabel.value {
                plan.skipped.append(Skipped(id: id, reason: "not labelled managed-by=hubctl (--any-owner prunes it)"))
                continue
            }
            guard let text = instance.createdAt, let created = ISO8601.date(from: text) else {
                plan.skipped.append(Skipped(id: id, reason: "no readable created_at"))
                continue
            }
            let age = now.timeIntervalSince(created)
            guard age > seconds else {
                plan.skipped.append(Skipped(id: id, reason: "created \(Seconds.format(age.rounded())) ago, not older than \(Seconds.format(seconds))"))
                continue
            }
            plan.delete.append(id)
        }
        return plan
    }
}

extension MobileServicesApps {
    /// What the `app` commands reach Cloud Foundry and the Admin API with, resolved from an
    /// `AppAdminSource` (the files read, the environment and cf's config.json consulted).
    struct Access {
        /// --cf-api, else cf's `Target`.
        var cfAPI: String?
        /// --org, --space (names), else cf's GUIDs.
        var org: String?
        var space: String?
        /// --admin-api / HUBCTL_ADMIN_API / the profile's admin-api.
        var adminAPI: String?
        /// The CF user's token source; nil when there is none (78 at the first CF call).
        var login: CloudFoundryLogin?
        /// cf's config.json, when found (target, GUIDs).
        var cfConfig: CloudFoundryConfig?
        /// --admin-user with --admin-password-file: Basic on the Admin API instead of the bearer.
        var adminUser: String?
        var adminPassword: String?
    }
}

extension CommandTransports {
    /// The `app` commands' operations for `settings`, the org and space resolved (by name through
    /// CF when given, else cf's GUIDs).
    func mobileServicesApps(_ config: ConnectionConfig, access settings: MobileServicesApps.Access, deadline: ContinuousClock.Instant) throws -> MobileServicesApps {
        guard let rawAPI = settings.cfAPI ?? settings.cfConfig?.target else {
            throw HubError.config("No Cloud Foundry API: give --cf-api URL, or run `cf login` (hubctl reads cf's config.json for its target).")
        }
        let api = CloudFoundryTokens.trimmed(rawAPI)
        guard let login = settings.login else {
            throw HubError.config("No Cloud Foundry credentials: run `cf login` (hubctl reads cf's config.json), give --cf-token-file FILE or HUBCTL_CF_TOKEN, or HUBCTL_CF_USERNAME with --cf-password-file.")
        }
        // A CF page or an Admin API answer is far smaller than the transport's default cap
        // (docs/security.md §6): a longer one is cut at 4 MiB (65), not held in memory.
        var shape = TransportShape()
        shape.maxResponseBytes = CloudFoundryAPI.maxAnswerBytes
        let http = try transport(config, shape: shape, certificates: nil)
        let note = self.note.map { note in { (line: String) in note(line) } }
        let warn = self.warn
        let tokens = CloudFoundryTokens(login: login, transport: http, api: api, note: note)
        let cf = CloudFoundryAPI(root: api, tokens: tokens, transport: http, deadline: deadline)
        let org: String
        if let name = settings.org {
            org = try cf.organization(named: name)
        } else if let guid = settings.cfConfig?.orgGUID {
            org = guid
        } else {
            throw HubError.config("No organization: give --org NAME, or target one with `cf target -o`.")
        }
        let space: String
        if let name = settings.space {
            space = try cf.space(named: name, organization: org)
        } else if settings.org == nil, let guid = settings.cfConfig?.spaceGUID {
            space = guid
        } else {
            throw HubError.config("No space: give --space NAME (with --org, the space's name is needed), or target one with `cf target -s`.")
        }
        let basic = settings.adminUser.map { BasicCredentials(user: $0, password: settings.adminPassword ?? "") }
        return MobileServicesApps(cf: cf, org: org, space: space, base: settings.adminAPI, target: settings.cfAPI == nil ? settings.cfConfig?.target : api,
                                  makeAdmin: { base in
                                      MobileServicesAdmin(base: base, auth: basic.map(MobileServicesAdminAuth.basic) ?? .bearer(tokens), transport: http, note: note)
                                  }, warn: { warn($0) })
    }
}
