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
        let data: Data
        if path == "-" {
            data = try invocation.input.readAll(limit: 64 << 10, until: invocation.deadline, what: what, tooLarge: .tooLarge)
        } else {
            ServiceKeySource.warnIfReadable(path, invocation)
            data = try invocation.input.readFile(path, limit: 64 << 10, until: invocation.deadline, what: what, tooLarge: .tooLarge)
        }
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
        if let path = CloudFoundryConfig.path(environment: environment), FileManager.default.fileExists(atPath: path) {
            let data = try invocation.input.readFile(path, limit: 4 << 20, until: invocation.deadline, what: "cf's config.json", tooLarge: .tooLarge)
            let config = try CloudFoundryConfig.parse(data, what: path)
            if config.sslDisabled {
                invocation.console.warning("cf's \(path) has SSLDisabled (cf api --skip-ssl-validation); hubctl does not honour it and verifies TLS. Give --cacert with the API's CA, or --insecure to skip verification.")
            }
            settings.cfConfig = config
            if config.accessToken != nil || config.refreshToken != nil || config.grantType == "client_credentials" {
                settings.login = .cfConfig(config, path: path)
            }
        }
        if let file = cfTokenFile {
            settings.login = .bearer(try Self.secret(file, what: "the CF access token", invocation), source: file == "-" ? "stdin" : file)
        } else if let token = invocation.value(of: .cfToken) {
            settings.login = .bearer(SecretValues.registered(token), source: Self.tokenVariable)
        } else if let file = cfPasswordFile {
            guard let user = config.cfUsername, !user.isEmpty else {
                throw HubError.usage("--cf-password-file is the password of the technical user \(Self.usernameVariable) (or the profile's cf-username) names, and none is set.")
            }
            settings.login = .password(username: user, password: try Self.secret(file, what: "the CF password", invocation), origin: cfOrigin)
        } else if settings.login == nil, let user = config.cfUsername, !user.isEmpty {
            throw HubError.config("\(Self.usernameVariable) is set but no password: give --cf-password-file FILE.")
        }
        if let adminUser, let file = adminPasswordFile {
            settings.adminUser = adminUser
            settings.adminPassword = try Self.secret(file, what: "the Admin API password", invocation)
        }
        return settings
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

    /// The --out path checked before anything is sent: its directory exists, no file is there.
    static func check(_ out: String?) throws {
        guard let out, out != "-" else { return }
        guard !out.isEmpty else { throw HubError.usage("--out is empty.") }
        if FileManager.default.fileExists(atPath: out) {
            throw HubError(.cannotCreate, code: .cannotCreate, "\(out) exists; hubctl does not write a key over a file. Remove it or choose another --out. Nothing was sent.")
        }
        let dir = (out as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.isEmpty ? "." : dir, isDirectory: &isDir), isDir.boolValue else {
            throw HubError(.cannotCreate, code: .notADirectory, "The directory of --out \(out) does not exist. Nothing was sent.")
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
