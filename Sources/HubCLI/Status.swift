// `hubctl status`: what hubctl knows locally (no network): configuration, registrations, vault, policy.

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubBundles
import HubServices
import HubVault

struct StatusCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what hubctl knows: profile, server, registrations, vault, ACP.",
        discussion: """
        Reads only local state; it never contacts the server. A configuration problem is reported
        in "configError" instead of failing, so status is safe to run first when something is wrong.

        Exit codes: 0 ok, 65 local state damaged, 70 internal error.
        """)

    @OptionGroup var global: GlobalOptions

    struct Output: Encodable {
        struct Config: Encodable {
            var profile: String
            var server: String?
            var appId: String?
            var user: String?
            var apiVersion: String
            var plist: String?
            var securityConfiguration: String?
            var userCreationPolicy: String?
            var shareCredentials: Bool
        }
        var version: String
        var home: String
        var configFile: String
        var config: Config?
        var configError: String?
        var registrations: [Registration]
        var vault: VaultStatus
        /// The passcode policy in force for the vault (null when the server sent none or it is disabled).
        var passcodePolicy: PasscodePolicy?
        var acp: [ACPStatus]
    }
    struct VaultStatus: Encodable { var path: String; var exists: Bool }
    struct ACPStatus: Encodable { var appId: String; var path: String; var current: String?; var sha256: String?; var fetchedAt: Date? }

    func execute(_ context: CommandContext) throws {
        var config: Output.Config?
        var configError: String?
        do {
            let c = try context.connectionConfig(requireConnection: false)
            config = Output.Config(profile: c.profile, server: c.server.isEmpty ? nil : c.server,
                                   appId: c.appId.isEmpty ? nil : c.appId, user: c.user, apiVersion: c.apiVersion,
                                   plist: c.plist, securityConfiguration: c.securityConfiguration,
                                   userCreationPolicy: c.userCreationPolicy?.rawValue, shareCredentials: c.shareCredentials)
        } catch let e as HubError {
            configError = e.message
        }
        let home = context.home
        let registrations = try RegistrationStore(home: home).all()
        let policy = try PasscodePolicy.load(home: home)
        let vault = VaultStore(directory: home)
        let acpRoot = home + "/acp"
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: acpRoot))?.sorted() ?? []
        let acp = apps.map { app -> ACPStatus in
            let record = try? ProfileDirectory(path: "\(acpRoot)/\(app)").currentRecord()
            return ACPStatus(appId: app, path: "\(acpRoot)/\(app)/current", current: record?.bundleId,
                             sha256: record?.sha256, fetchedAt: record?.fetchedAt)
        }
        try context.emit(Output(
            version: HubVersion.current, home: home,
            configFile: HubPaths.defaultConfigFile(environment: context.environment),
            config: config, configError: configError, registrations: registrations,
            vault: VaultStatus(path: vault.path, exists: vault.exists),
            passcodePolicy: policy, acp: acp))
    }
}
