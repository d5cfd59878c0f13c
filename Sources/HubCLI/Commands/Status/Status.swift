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
            let acpRoot = home + "/acp"
            let apps = (try? FileManager.default.contentsOfDirectory(atPath: acpRoot))?.sorted() ?? []
            // The last fetch of each (server, application), wherever it went; then the default
            // directories under the home that no record points to.
            let fetched = try ACPStateStore(home: home).all().map { last -> StatusOutput.ACPProfile in
                let directory = ProfileDirectory(path: last.destination)
                let record = try? directory.currentRecord()
                return StatusOutput.ACPProfile(appId: last.appId, path: directory.currentPath, current: record?.bundleId,
                                               sha256: record?.sha256, fetchedAt: record?.fetchedAt, server: last.server)
            }
            let recorded = Set(fetched.map(\.path))
            let acp = fetched + apps.compactMap { app -> StatusOutput.ACPProfile? in
                let directory = ProfileDirectory(path: ACPStateStore.absolute("\(acpRoot)/\(app)"))
                guard !recorded.contains(directory.currentPath) else { return nil }
                let record = try? ProfileDirectory(path: "\(acpRoot)/\(app)").currentRecord()
                return StatusOutput.ACPProfile(appId: app, path: "\(acpRoot)/\(app)/current", current: record?.bundleId,
                                 sha256: record?.sha256, fetchedAt: record?.fetchedAt)
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
