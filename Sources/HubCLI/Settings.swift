// `hubctl settings get|set`: read and update the connection's settings.

import ArgumentParser
import HubCore
import HubServices

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Read or update the application connection's settings.",
        discussion: """
        Exit codes: see `hubctl settings get --help` and `hubctl settings set --help`.

        Example:
          hubctl settings set DeviceModel=ci-runner-7
        """,
        subcommands: [SettingsGet.self, SettingsSet.self])
}

struct SettingsGet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print all settings, or only the named properties.",
        discussion: """
        Prints the server's property names with typed values (booleans, integers, ISO 8601 dates).

        Exit codes: 0 ok, 65 unknown property name or malformed answer, 66 not registered, \
        69 server unreachable, 75 timeout, 77 authentication failed, 78 missing configuration.

        Example:
          hubctl settings get CustomizationBundleId | jq -r .CustomizationBundleId
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Argument(help: ArgumentHelp("Property names (case-sensitive), e.g. CustomizationBundleId.", valueName: "NAME"))
    var names: [String] = []

    func execute(_ context: CommandContext) throws {
        let service = try context.connectionService()
        try context.emit(SettingsOutput(properties: try service.settings(names: names)))
    }
}

struct SettingsSet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Update writable settings and print the settings as the server has them.",
        discussion: """
        Values are typed by the schema (true/false for Booleans, whole numbers for Int32, text otherwise). \
        Read-only and unknown properties are refused before anything is sent.

        Example:
          hubctl settings set DeviceModel=ci-runner-7 ApnsPushEnable=false

        Exit codes: 0 ok, 64 unknown, read-only or wrongly typed property, 66 not registered, \
        69 server unreachable, 75 timeout, 77 authentication failed, 78 missing configuration.
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Argument(help: ArgumentHelp("Assignments to make.", valueName: "NAME=VALUE"))
    var assignments: [String]

    func execute(_ context: CommandContext) throws {
        let properties = try ConnectionSchema.assignments(assignments)
        guard !properties.isEmpty else { throw HubError.usage("Give at least one NAME=VALUE.") }
        let service = try context.connectionService()
        try context.emit(SettingsOutput(properties: try service.update(properties)))
    }
}
