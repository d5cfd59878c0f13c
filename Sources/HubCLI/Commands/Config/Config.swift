// `hubctl config`: Read and change the profiles of the configuration file.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Read and change the profiles of the configuration file.",
        discussion: """
        A profile is a named set of settings (server, app-id, user, acp-dest, …) that commands use when no flag or HUBCTL_* variable gives them. `config use` chooses the profile used when neither --profile nor HUBCTL_PROFILE names one. `config set-push` keeps the push operator credentials of a service key or binding in a profile, their secret in the vault; `config set-service-key --feature client-resources` keeps the `bundle` commands' credentials the same way.

        Example:
          hubctl config set server https://smp.example.com:8443 --profile prod
        """,
        subcommands: [ConfigSet.self, ConfigUnset.self, ConfigGet.self, ConfigList.self, ConfigUse.self, ConfigPath.self,
                      ConfigSetPush.self, ConfigUnsetPush.self, ConfigSetServiceKey.self, ConfigUnsetServiceKey.self])
}
