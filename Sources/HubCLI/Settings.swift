// `hubctl settings get|set`: read and update the connection's settings.

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

    func execute(_ invocation: Invocation) throws {
        let service = try invocation.services.connections()
        let expanded = expand.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        try invocation.emit(SettingsOutput(properties: try service.settings(names: names, expand: expanded)))
    }
}

struct SettingsSet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Update writable settings and print the settings as the server has them.",
        discussion: """
        The schema is the server's: its $metadata says which properties exist, their Edm types and \
        which are writable (read once, then cached in the home for an hour; see `hubctl settings \
        schema`). A server without $metadata is checked against hubctl's table of SAP's published \
        properties (--verbose says so). Values are typed by the schema (true/false for Booleans, \
        whole numbers for Int16/Int32/Int64, ISO 8601 for DateTime, text otherwise). Read-only and \
        unknown properties are refused before anything is sent.

        Exit codes: 0 ok, 64 unknown, read-only or wrongly typed property, 66 not registered, \
        69 server unreachable, 75 timeout, 77 authentication failed, 78 missing configuration.

        Example:
          hubctl settings set DeviceModel=ci-runner-7 ApnsPushEnable=false
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Argument(help: ArgumentHelp("Assignments to make.", valueName: "NAME=VALUE"), completion: DynamicCompletion.writableProperties)
    var assignments: [String]

    func execute(_ invocation: Invocation) throws {
        guard !assignments.isEmpty else { throw HubError.usage("Give at least one NAME=VALUE.") }
        // The form of each assignment is checked before anything is read or sent.
        for item in assignments where item.firstIndex(of: "=").map({ $0 == item.startIndex }) ?? true {
            throw HubError(.usage, code: .invalidAssignment, "Expected NAME=VALUE, got '\(item)'. Example: DeviceModel=ci-runner.")
        }
        let service = try invocation.services.connections()
        let registration = try service.recorded()
        let schema = try invocation.services.connectionSchema(service.session, version: registration.apiVersion)
        let properties = try schema.assignments(assignments)
        try invocation.emit(SettingsOutput(properties: try service.update(properties)))
    }
}

struct SettingsSchema: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the connection's properties: Edm type, writable, nullable, and where that came from.",
        discussion: """
        Reads the server's $metadata (the registration service's, for the registered connection's API \
        version, else the configured one) once and caches it in the home for an hour. "source" is \
        "server", or "fallback" when the server has no $metadata and hubctl's table of SAP's \
        published properties is used (--verbose says why). Scripts can list what `settings set` takes.

        Exit codes: 0 ok, 65 malformed answer, 69 server unreachable, 75 timeout, \
        77 authentication failed, 78 missing configuration.

        Example:
          hubctl settings schema | jq '.properties.DeviceModel'
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func execute(_ invocation: Invocation) throws {
        let service = try invocation.services.connections()
        let version: String
        do {
            version = try service.recorded().apiVersion
        } catch let error as HubError where error.code == .notRegistered {
            version = service.session.endpoint.versionsToTry.first ?? service.session.config.apiVersion
        }
        try invocation.emit(SchemaOutput(try invocation.services.connectionSchema(service.session, version: version), apiVersion: version))
    }
}
