// Where the `app` commands' Cloud Foundry and Admin API access comes from, as plain data (the
// command layer's `AppAdminOptions` give it), and the Cloud Foundry login chain read from it, the
// environment and cf's config.json: the files through the command layer's input
// (`OperatorContext.read`). `apps(_:)` resolves it into the operations, `MobileServicesApps`
// (docs/protocol.md §17). A command reaches them as `invocation.services.apps(source)`.

import Foundation
import HubConfig
import HubCore

public struct AppAdminSource: Sendable, Equatable {
    /// --cf-api, else cf's `Target`.
    public var cfAPI: String?
    /// --org, --space (names), else cf's GUIDs.
    public var org: String?
    public var space: String?
    /// --admin-api, else HUBCTL_ADMIN_API or the profile's admin-api.
    public var adminAPI: String?
    public var cfTokenFile: String?
    public var cfPasswordFile: String?
    public var cfOrigin: String?
    /// --admin-user with --admin-password-file: Basic on the Admin API instead of the bearer.
    public var adminUser: String?
    public var adminPasswordFile: String?

    public init(cfAPI: String? = nil, org: String? = nil, space: String? = nil, adminAPI: String? = nil, cfTokenFile: String? = nil,
                cfPasswordFile: String? = nil, cfOrigin: String? = nil, adminUser: String? = nil, adminPasswordFile: String? = nil) {
        self.cfAPI = cfAPI
        self.org = org
        self.space = space
        self.adminAPI = adminAPI
        self.cfTokenFile = cfTokenFile
        self.cfPasswordFile = cfPasswordFile
        self.cfOrigin = cfOrigin
        self.adminUser = adminUser
        self.adminPasswordFile = adminPasswordFile
    }

    /// HUBCTL_CF_TOKEN, HUBCTL_CF_USERNAME (its name in messages).
    static let tokenVariable = GlobalSetting.cfToken.environment ?? ""
    static let usernameVariable = GlobalSetting.cfUsername.environment ?? ""

    /// The flags' checks that need nothing read (64).
    func check() throws {
        let stdin = [cfTokenFile, cfPasswordFile, adminPasswordFile].filter { $0 == "-" }
        if stdin.count > 1 { throw HubError.usage("Only one of --cf-token-file, --cf-password-file and --admin-password-file can read stdin ('-').") }
        if (adminUser == nil) != (adminPasswordFile == nil) {
            throw HubError.usage("--admin-user and --admin-password-file go together (Basic authentication on the Admin API).")
        }
        if cfOrigin != nil && cfPasswordFile == nil { throw HubError.usage("--cf-origin goes with --cf-password-file (a password grant).") }
        if org != nil && space == nil { throw HubError.usage("--org needs --space (the space is looked up in that organization).") }
        for (flag, url) in [("--cf-api", cfAPI), ("--admin-api", adminAPI)] {
            if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
                throw HubError.usage("\(flag) \(HubError.quoted(url)) is not an http(s) URL.", code: .invalidUrl)
            }
        }
    }

    /// The operations, for a command whose own arguments were checked first: the files read, the
    /// environment and cf's config.json consulted, then the org and the space resolved.
    public func apps(_ context: OperatorContext) throws -> MobileServicesApps {
        try check()
        let config = try context.config()
        return try context.transports.mobileServicesApps(config, access: try resolved(context, config: config), deadline: context.deadline)
    }

    /// What the flags, the files, the environment and cf's config.json give.
    func resolved(_ context: OperatorContext, config: ConnectionConfig) throws -> MobileServicesApps.Access {
        // --admin-api, else HUBCTL_ADMIN_API or the profile's admin-api (the configuration layers).
        let base = try adminAPI ?? config.adminAPI.map { url in
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw HubError.config("The admin-api setting (HUBCTL_ADMIN_API or profile '\(config.profile)') \(HubError.quoted(url)) is not an http(s) URL.", code: .invalidUrl)
            }
            return url
        }
        var access = MobileServicesApps.Access(cfAPI: cfAPI, org: org, space: space, adminAPI: base)
        var cfConfigPath: String?
        if let path = CloudFoundryConfig.path(environment: context.environment), FileManager.default.fileExists(atPath: path) {
            let data = try context.read(path, 4 << 20, "cf's config.json")
            let cf = try CloudFoundryConfig.parse(data, what: path)
            if cf.sslDisabled {
                context.warn("cf's \(path) has SSLDisabled (cf api --skip-ssl-validation); hubctl does not honour it and verifies TLS. Give --cacert with the API's CA, or --insecure to skip verification.")
            }
            access.cfConfig = cf
            cfConfigPath = path
        }
        // The chain, in its declared order: the first source present wins.
        for source in CloudFoundryLoginSource.chain {
            if let login = try login(from: source, cfConfig: access.cfConfig.flatMap { c in cfConfigPath.map { (c, $0) } }, config: config, context) {
                access.login = login
                break
            }
        }
        if access.login == nil, let user = config.cfUsername, !user.isEmpty {
            throw HubError.config("\(Self.usernameVariable) is set but no password: give --cf-password-file FILE.")
        }
        if let adminUser, let file = adminPasswordFile {
            access.adminUser = adminUser
            access.adminPassword = try Self.secret(file, what: "Admin API password", context)
        }
        return access
    }

    /// The login `source` gives, nil when it is not there (the chain goes on to the next).
    func login(from source: CloudFoundryLoginSource, cfConfig: (CloudFoundryConfig, String)?, config: ConnectionConfig,
               _ context: OperatorContext) throws -> CloudFoundryLogin? {
        switch source {
        case .token:
            if let file = cfTokenFile {
                return .bearer(try Self.secret(file, what: "CF access token", context), source: file == "-" ? "stdin" : file)
            }
            return GlobalSetting.cfToken.value(in: context.environment).map { .bearer(SecretValues.registered($0), source: Self.tokenVariable) }
        case .technicalUser:
            guard let file = cfPasswordFile else { return nil }
            guard let user = config.cfUsername, !user.isEmpty else {
                throw HubError.usage("--cf-password-file is the password of the technical user \(Self.usernameVariable) (or the profile's cf-username) names, and none is set.")
            }
            return .password(username: user, password: try Self.secret(file, what: "CF password", context), origin: cfOrigin)
        case .cfLogin:
            guard let found = cfConfig else { return nil }
            let (cf, path) = found
            guard cf.accessToken != nil || cf.refreshToken != nil || cf.grantType == "client_credentials" else { return nil }
            return .cfConfig(cf, path: path)
        }
    }

    /// A secret file's first line (`-`: stdin), warned about when others may read it.
    static func secret(_ path: String, what: String, _ context: OperatorContext) throws -> String {
        let data = try context.secretFile(path, limit: 64 << 10, what: what)
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)?
            .trimmingCharacters(in: .whitespaces) ?? ""
        guard !line.isEmpty else { throw HubError.usage("\(path == "-" ? "stdin" : path) holds no \(what).", code: .noPassword) }
        SecretValues.register(line)
        return line
    }
}

/// Where the Cloud Foundry user's credentials come from, in the order hubctl tries them: the first
/// one present wins, so what is named for the run (a token, a technical user) beats cf's ambient
/// login. The cases are declared in that order; `chain` is it, and `hubctl app --help` (so the man
/// page) lists it from here.
public enum CloudFoundryLoginSource: CaseIterable, Sendable {
    case token, technicalUser, cfLogin

    public static var chain: [CloudFoundryLoginSource] { allCases }

    /// One source, as the help lists it.
    public var help: String {
        switch self {
        case .token: "a token, from --cf-token-file FILE|- or HUBCTL_CF_TOKEN ('bearer ' optional; not refreshed)"
        case .technicalUser: "a technical user's password grant: HUBCTL_CF_USERNAME (or the profile's cf-username) with --cf-password-file (--cf-origin for its identity provider)"
        case .cfLogin: "cf's login: its config.json ($CF_HOME/.cf, else ~/.cf: after `cf login` or `cf auth --client-credentials`)"
        }
    }

    /// The chain as one sentence: "Credentials, first found wins: 1. …; 2. …; 3. …."
    public static var helpText: String {
        "Credentials, first found wins: " + chain.enumerated().map { "\($0.offset + 1). \($0.element.help)" }.joined(separator: "; ") + "."
    }
}
