// `hubctl register`: Create an application connection (idempotent) and print its settings.

import ArgumentParser
import HubCore
import HubServices

struct RegisterCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an application connection (idempotent) and print its settings.",
        discussion: """
        When a registration for the same server, app id and user is recorded and the server still \
        knows it, prints it and creates nothing; when the server no longer knows it, registers anew. \
        --force deletes the recorded one and creates a new one.

        Example:
          HUBCTL_PASSWORD=… hubctl --server https://smp.example.com:8443 \\
            --app-id com.acme.field --user alice register \\
            --device-model ci-runner --capability push:Module=Orders

        Exit codes: 0 ok, 64 bad flags or properties, 65 malformed server answer, 66 unknown application, \
        69 server unreachable or failing, 75 timeout, 77 authentication failed, 78 missing configuration.
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(name: .customLong("device-type"), help: "DeviceType to register (default: Linux).")
    var deviceType: String = "Linux"
    @Option(name: .customLong("device-model"), help: "DeviceModel to register (default: hubctl).")
    var deviceModel: String = "hubctl"
    @Option(name: .customLong("set"), help: ArgumentHelp("A writable property to set at registration (repeatable).", valueName: "NAME=VALUE"))
    var set: [String] = []
    @Option(name: .customLong("capability"), help: ArgumentHelp("A capability to register (repeatable), e.g. push:Module=Orders.", valueName: "CATEGORY:NAME=VALUE"))
    var capability: [String] = []
    @Flag(name: .customLong("save-credentials"), help: "Keep the credentials that worked in the vault.")
    var saveCredentials = false
    @Flag(help: "Delete the recorded connection (if any) and create a new one.")
    var force = false

    var options: Options { Options(deviceType: deviceType, deviceModel: deviceModel, set: set, capability: capability, saveCredentials: saveCredentials, force: force) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var deviceType: String = "Linux"
        var deviceModel: String = "hubctl"
        var set: [String] = []
        var capability: [String] = []
        var saveCredentials = false
        var force = false

        func run(_ invocation: Invocation) throws {
            var properties = try ConnectionSchema.assignments(set)
            properties["DeviceType"] = properties["DeviceType"] ?? .string(deviceType)
            properties["DeviceModel"] = properties["DeviceModel"] ?? .string(deviceModel)
            if let capabilities = try Capability.property(capability) { properties["Capability"] = capabilities }
            let service = try invocation.services.connections(saveCredentials: saveCredentials)
            let result = try service.register(RegisterRequest(properties: properties, force: force))
            try invocation.emit(SettingsOutput(properties: result.settings))
        }
    }
}
