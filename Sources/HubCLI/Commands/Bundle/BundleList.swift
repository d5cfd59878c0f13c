// `hubctl bundle list`: List the application's client resource bundles.

import ArgumentParser
import HubCore
import HubServices

struct BundleList: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the application's client resource bundles.",
        discussion: """
        Prints {applicationId, bundles: [{bundleId, name, version, extension, default, size, \
        created}]}, by id; size and created are null when the server does not say. Credentials \
        as for `bundle publish`.

        Exit codes: 0 ok, 64 bad flags, 65 an answer that is not a list, 69 server unreachable, \
        75 timeout, 77 credentials refused or a role missing, 78 no credentials or application.

        Example:
          hubctl bundle list --name profile | jq -r '.bundles[].bundleId'
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var credentials: ServiceKeyOptions
    @Option(name: .customLong("name"), help: ArgumentHelp("Only the versions of this bundle.", valueName: "name")) var name: String?

    var options: Options { Options(credentials: credentials.value, name: name) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var credentials: ServiceKeySource
        var name: String?

        func run(_ invocation: Invocation) throws {
            if let name { try BundleAdmin.check(name: name, version: "0") }
            let session = try invocation.services.bundleAdmin(credentials)
            let bundles = try session.admin.list(appId: session.appId, name: name).sorted { $0.id < $1.id }
            try invocation.emit(BundleListOutput(applicationId: session.appId, bundles: bundles))
        }
    }
}

/// What `hubctl bundle list` prints.
struct BundleListOutput: JSONDocument {
    var applicationId: String
    var bundles: [AdminBundle]

    var json: JSONValue { .object(["applicationId": .string(applicationId), "bundles": .array(bundles.map { BundleOutput(bundle: $0).json })]) }
}
