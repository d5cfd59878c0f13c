// `hubctl settings set`: Update writable settings and print the settings as the server has them.

import ArgumentParser
import HubCore
import HubServices

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

    var options: Options { Options(assignments: assignments) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var assignments: [String]

        func run(_ invocation: Invocation) throws {
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
}
