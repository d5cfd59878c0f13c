// What the `app` commands share: the Cloud Foundry and Admin API flags (one option group), the
// credential chain read from them and the environment, and the key files they write (0600,
// atomically, never over an existing file). The protocol is HubServices' `MobileServicesApps`
// (docs/protocol.md §17).

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubServices

struct AppAdminOptions: ParsableArguments {
    @Option(name: .customLong("cf-api"), help: ArgumentHelp("The Cloud Foundry API (https://api.cf.<landscape>); default: cf's target.", valueName: "url"))
    var cfAPI: String?
    @Option(name: .customLong("org"), help: ArgumentHelp("The Cloud Foundry organization, by name; default: cf's targeted org.", valueName: "name"))
    var org: String?
    @Option(name: .customLong("space"), help: ArgumentHelp("The Cloud Foundry space, by name; default: cf's targeted space.", valueName: "name"))
    var space: String?
    @Option(name: .customLong("admin-api"), help: ArgumentHelp("The Admin API base (the instance's \"Admin API\" link, …/cockpit/v1/org/<guid>/space/<guid>); else HUBCTL_ADMIN_API or the profile's admin-api; else derived from the instance's dashboard, the offering, then cf's target (warned).", valueName: "url"))
    var adminAPI: String?
    @Option(name: .customLong("cf-token-file"), help: ArgumentHelp("A file holding the CF user's access token ('bearer ' optional; '-': stdin); also HUBCTL_CF_TOKEN. It is not refreshed.", valueName: "file"), completion: .file())
    var cfTokenFile: String?
    @Option(name: .customLong("cf-password-file"), help: ArgumentHelp("The password of the user HUBCTL_CF_USERNAME (or the profile's cf-username) names (a technical user's password grant; '-': stdin).", valueName: "file"), completion: .file())
    var cfPasswordFile: String?
    @Option(name: .customLong("cf-origin"), help: ArgumentHelp("The identity provider of HUBCTL_CF_USERNAME (login_hint origin).", valueName: "origin"))
    var cfOrigin: String?
    @Option(name: .customLong("admin-user"), help: ArgumentHelp("Basic authentication on the Admin API instead of the CF token: the user.", valueName: "user"))
    var adminUser: String?
    @Option(name: .customLong("admin-password-file"), help: ArgumentHelp("The --admin-user's password ('-': stdin).", valueName: "file"), completion: .file())
    var adminPasswordFile: String?

    var value: AppAdminSource {
        AppAdminSource(cfAPI: cfAPI, org: org, space: space, adminAPI: adminAPI, cfTokenFile: cfTokenFile, cfPasswordFile: cfPasswordFile,
                       cfOrigin: cfOrigin, adminUser: adminUser, adminPasswordFile: adminPasswordFile)
    }
}

/// Where the Cloud Foundry user's credentials come from, in the order hubctl tries them: the first
/// one present wins, so what is named for the run (a token, a technical user) beats cf's ambient
/// login. The cases are declared in that order; `chain` is it, and `hubctl app --help` (so the man
/// page) lists it from here.
enum CloudFoundryLoginSource: CaseIterable {
    case token, technicalUser, cfLogin

    static var chain: [CloudFoundryLoginSource] { allCases }

    /// One source, as the help lists it.
    var help: String {
        switch self {
        case .token: "a token, from --cf-token-file FILE|- or HUBCTL_CF_TOKEN ('bearer ' optional; not refreshed)"
        case .technicalUser: "a technical user's password grant: HUBCTL_CF_USERNAME (or the profile's cf-username) with --cf-password-file (--cf-origin for its identity provider)"
        case .cfLogin: "cf's login: its config.json ($CF_HOME/.cf, else ~/.cf: after `cf login` or `cf auth --client-credentials`)"
        }
    }

    /// The chain as one sentence: "Credentials, first found wins: 1. …; 2. …; 3. …."
    static var helpText: String {
        "Credentials, first found wins: " + chain.enumerated().map { "\($0.offset + 1). \($0.element.help)" }.joined(separator: "; ") + "."
    }
}

/// The `app` commands' flags as plain data.
struct AppAdminSource: Sendable, Equatable {
    var cfAPI: String?
    var org: String?
    var space: String?
    var adminAPI: String?
    var cfTokenFile: String?
    var cfPasswordFile: String?
    var cfOrigin: String?
    var adminUser: String?
    var adminPasswordFile: String?

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

    /// A secret file's first line (`-`: stdin), warned about when others may read it.
    static func secret(_ path: String, what: String, _ invocation: Invocation) throws -> String {
        if path != "-" { ServiceKeySource.warnIfReadable(path, invocation) }
        let data = try invocation.read(path, limit: 64 << 10, what: what)
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)?
            .trimmingCharacters(in: .whitespaces) ?? ""
        guard !line.isEmpty else { throw HubError.usage("\(path == "-" ? "stdin" : path) holds no \(what).", code: .noPassword) }
        SecretValues.register(line)
        return line
    }

    /// The settings: the files read, the environment and cf's config.json consulted.
    func settings(_ invocation: Invocation) throws -> AppAdminSettings {
        try check()
        let environment = invocation.environment
        // --admin-api, else HUBCTL_ADMIN_API or the profile's admin-api (the configuration layers).
        let config = try invocation.connectionConfig(requireConnection: false)
        let base = try adminAPI ?? config.adminAPI.map { url in
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw HubError.config("The admin-api setting (HUBCTL_ADMIN_API or profile '\(config.profile)') \(HubError.quoted(url)) is not an http(s) URL.", code: .invalidUrl)
            }
            return url
        }
        var settings = AppAdminSettings(cfAPI: cfAPI, org: org, space: space, adminAPI: base)
        var cfConfigPath: String?
        if let path = CloudFoundryConfig.path(environment: environment), FileManager.default.fileExists(atPath: path) {
            let data = try invocation.readFile(path, limit: 4 << 20, what: "cf's config.json")
            let config = try CloudFoundryConfig.parse(data, what: path)
            if config.sslDisabled {
                invocation.console.warning("cf's \(path) has SSLDisabled (cf api --skip-ssl-validation); hubctl does not honour it and verifies TLS. Give --cacert with the API's CA, or --insecure to skip verification.")
            }
            settings.cfConfig = config
            cfConfigPath = path
        }
        // The chain, in its declared order: the first source present wins.
        settings.login = nil
        for source in CloudFoundryLoginSource.chain {
            if let login = try login(from: source, cfConfig: settings.cfConfig.flatMap { c in cfConfigPath.map { (c, $0) } }, config: config, invocation) {
                settings.login = login
                break
            }
        }
        if settings.login == nil, let user = config.cfUsername, !user.isEmpty {
            throw HubError.config("\(Self.usernameVariable) is set but no password: give --cf-password-file FILE.")
        }
        if let adminUser, let file = adminPasswordFile {
            settings.adminUser = adminUser
            settings.adminPassword = try Self.secret(file, what: "Admin API password", invocation)
        }
        return settings
    }

    /// The login `source` gives, nil when it is not there (the chain goes on to the next).
    func login(from source: CloudFoundryLoginSource, cfConfig: (CloudFoundryConfig, String)?, config: ConnectionConfig,
               _ invocation: Invocation) throws -> CloudFoundryLogin? {
        switch source {
        case .token:
            if let file = cfTokenFile {
                return .bearer(try Self.secret(file, what: "CF access token", invocation), source: file == "-" ? "stdin" : file)
            }
            return invocation.value(of: .cfToken).map { .bearer(SecretValues.registered($0), source: Self.tokenVariable) }
        case .technicalUser:
            guard let file = cfPasswordFile else { return nil }
            guard let user = config.cfUsername, !user.isEmpty else {
                throw HubError.usage("--cf-password-file is the password of the technical user \(Self.usernameVariable) (or the profile's cf-username) names, and none is set.")
            }
            return .password(username: user, password: try Self.secret(file, what: "CF password", invocation), origin: cfOrigin)
        case .cfLogin:
            guard let found = cfConfig else { return nil }
            let (cf, path) = found
            guard cf.accessToken != nil || cf.refreshToken != nil || cf.grantType == "client_credentials" else { return nil }
            return .cfConfig(cf, path: path)
        }
    }

    /// The operations, for a command whose own arguments were checked first.
    func apps(_ invocation: Invocation) throws -> MobileServicesApps {
        let settings = try settings(invocation)
        let config = try invocation.connectionConfig(requireConnection: false)
        return try invocation.services.transports.mobileServicesApps(config, settings: settings, deadline: invocation.deadline)
    }
}

/// Where a key or settings file goes: stdout, or a new file (0600, written whole, never over an
/// existing file: hubctl cannot tell whether it made one it finds).
enum AppOutput {
    /// `made` names what the server made (a write-once key) for the message when the file cannot be written.
    static func write(_ document: JSONValue, to out: String?, made: String? = nil, _ invocation: Invocation) throws {
        guard let out, out != "-" else { try invocation.emit(document); return }
        var data = try JSONOutput.encode(document, pretty: true)
        data.append(0x0A)
        do {
            try AtomicFile.writeNew(data, to: out, mode: 0o600)
        } catch let error as HubError {
            guard let made else { throw error }
            throw HubError(error.kind, code: error.code, "\(made) was created on the server, but \(out) could not be written (\(error.message)); its only copy is lost: make a new one.")
        }
    }

    /// The --out path checked before anything is sent, so that a write-once key is never made
    /// when its file cannot be written: no entry of any kind is at the path (`lstat`, so a
    /// symbolic link, even a dangling one, is found: `writeNew`'s link(2) would refuse it after the
    /// key was made), and its directory exists and can be written.
    static func check(_ out: String?) throws {
        guard let out, out != "-" else { return }
        guard !out.isEmpty else { throw HubError.usage("--out is empty.") }
        var entry = stat()
        if lstat(out, &entry) == 0 {
            throw HubError(.cannotCreate, code: .cannotCreate, "\(out) exists (\(describe(entry.st_mode))); hubctl writes a key only to a new file. Remove it or choose another --out. Nothing was sent.")
        }
        let dir = (out as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.isEmpty ? "." : dir, isDirectory: &isDir), isDir.boolValue else {
            throw HubError(.cannotCreate, code: .notADirectory, "The directory of --out \(out) does not exist. Nothing was sent.")
        }
        guard access(dir.isEmpty ? "." : dir, W_OK | X_OK) == 0 else {
            throw HubError(.cannotCreate, code: .cannotCreate, "hubctl cannot create files in the directory of --out \(out) (\(String(cString: strerror(errno)))). Nothing was sent.")
        }
    }

    /// What an entry found at --out is, for the message.
    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: "a symbolic link; hubctl does not follow one, dangling or not"
        case S_IFDIR: "a directory"
        case S_IFREG: "a file"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a device or other special file"
        }
    }
}

extension MobileServicesApps.IfExists: ExpressibleByArgument {}

/// An app as `app list` and `app show` print it.
enum AppDocument {
    static func json(id: String, instance: CloudFoundryInstance?, app: MobileServicesApp?) -> JSONValue {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            "appId": .string(id), "displayName": text(app?.displayName),
            "features": app.map { .array($0.features.map(JSONValue.string)) } ?? .null,
            "inAdminAPI": .bool(app != nil),
            "instance": instance.map { i in
                .object(["guid": .string(i.guid), "createdAt": text(i.createdAt), "state": text(i.state), "operation": text(i.operation),
                         "labels": .object(i.labels.mapValues(JSONValue.string)), "dashboardUrl": text(i.dashboardURL)])
            } ?? .null,
            "createdAt": text(instance?.createdAt), "state": text(instance?.state),
            "labels": instance.map { .object($0.labels.mapValues(JSONValue.string)) } ?? .null,
        ])
    }
}
