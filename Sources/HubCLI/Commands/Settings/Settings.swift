// `hubctl settings`: Read or update the application connection's settings.

import ArgumentParser
import HubCore
import HubServices

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Read or update the application connection's settings.",
        discussion: """
        Exit codes: see `hubctl settings get --help`, `hubctl settings set --help` and `hubctl settings schema --help`.

        Example:
          hubctl settings set DeviceModel=ci-runner-7
        """,
        subcommands: [SettingsGet.self, SettingsSet.self, SettingsSchema.self])
}
