// `hubctl settings get`: Print all settings, or only the named properties.

import ArgumentParser
import HubCore
import HubServices

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

    @Argument(help: ArgumentHelp("Property names (case-sensitive), e.g. CustomizationBundleId.", valueName: "NAME"),
              completion: DynamicCompletion.properties)
    var names: [String] = []

    @Option(help: ArgumentHelp("Read a navigation property inline (repeatable or comma-separated): Capability.", valueName: "name"))
    var expand: [String] = []

    var options: Options { Options(names: names, expand: expand) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var names: [String] = []
        var expand: [String] = []

        func run(_ invocation: Invocation) throws {
            let service = try invocation.services.connections()
            let expanded = expand.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
            try invocation.emit(SettingsOutput(properties: try service.settings(names: names, expand: expanded)))
        }
    }
}
