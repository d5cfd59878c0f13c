// `hubctl status`: Show what hubctl knows: profile, server, registrations, vault, ACP.

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
        Reads only local state; it never contacts the server. A configuration problem is reported \
        in "configError" instead of failing, so status is safe to run first when something is wrong.

        Exit codes: 0 ok, 65 local state damaged, 70 internal error.

        Example:
          hubctl status | jq .acp
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            var config: StatusOutput.Config?
            var configError: String?
            do {
                let c = try invocation.connectionConfig(requireConnection: false)
                config = StatusOutput.Config(profile: c.profile, server: c.server.isEmpty ? nil : c.server,
                                       appId: c.appId.isEmpty ? nil : c.appId, user: c.user, apiVersion: c.apiVersion,
                                       plist: c.plist, securityConfiguration: c.securityConfiguration,
                                       userCreationPolicy: c.userCreationPolicy?.rawValue, shareCredentials: c.shareCredentials)
            } catch let e as HubError {
                configError = e.message
            }
            let home = invocation.home
            let registrations = try RegistrationStore(home: home, lockDeadline: invocation.deadline).all()
            let policy = try PasscodePolicyFile.load(home: home)
            let vault = VaultStore(directory: home)
            let acp = try InstalledProfile.all(home: home).map {
                StatusOutput.ACPProfile(appId: $0.appId, path: $0.path, current: $0.current, sha256: $0.sha256,
                                        fetchedAt: $0.fetchedAt, server: $0.server)
            }
            try invocation.emit(StatusOutput(
                version: HubVersion.current, home: home,
                configFile: HubPaths.defaultConfigFile(environment: invocation.environment),
                config: config, configError: configError, registrations: registrations.map(StatusOutput.RegistrationEntry.init),
                vault: StatusOutput.Vault(path: vault.path, exists: vault.exists),
                passcodePolicy: policy.map(StatusOutput.Policy.init), acp: acp))
        }
    }
}
