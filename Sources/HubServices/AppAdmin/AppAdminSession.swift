// How the `app` commands' clients are made below the command layer: the command gives plain
// settings (flags, environment, what it read from files), this resolves the CF API, the org and
// the space, and builds `MobileServicesApps` over the command's transport.

import Foundation
import HubConfig
import HubCore
import HubTransport

/// The `app` commands' settings as plain data.
public struct AppAdminSettings: Sendable {
    /// --cf-api, else cf's `Target`.
    public var cfAPI: String?
    /// --org, --space (names), else cf's GUIDs.
    public var org: String?
    public var space: String?
    /// --admin-api / HUBCTL_ADMIN_API.
    public var adminAPI: String?
    /// The CF user's token source; nil when there is none (78 at the first CF call).
    public var login: CloudFoundryLogin?
    /// cf's config.json, when found (target, GUIDs).
    public var cfConfig: CloudFoundryConfig?
    /// --admin-user with --admin-password-file: Basic on the Admin API instead of the bearer.
    public var adminUser: String?
    public var adminPassword: String?

    public init(cfAPI: String? = nil, org: String? = nil, space: String? = nil, adminAPI: String? = nil, login: CloudFoundryLogin? = nil,
                cfConfig: CloudFoundryConfig? = nil, adminUser: String? = nil, adminPassword: String? = nil) {
        self.cfAPI = cfAPI
        self.org = org
        self.space = space
        self.adminAPI = adminAPI
        self.login = login
        self.cfConfig = cfConfig
        self.adminUser = adminUser
        self.adminPassword = adminPassword
    }
}

extension CommandTransports {
    /// The `app` commands' operations for `settings`, the org and space resolved (by name through
    /// CF when given, else cf's GUIDs).
    public func mobileServicesApps(_ config: ConnectionConfig, settings: AppAdminSettings, deadline: ContinuousClock.Instant) throws -> MobileServicesApps {
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
