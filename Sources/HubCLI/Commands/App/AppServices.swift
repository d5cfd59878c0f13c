// `hubctl app services`: Print the Admin API's services catalogue, the features an app can have
// and their plans (docs/protocol.md §17.11).

import ArgumentParser
import HubCore
import HubServices

struct AppServices: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "services",
        abstract: "Print the services catalogue: the features an application can have and their plans.",
        discussion: """
        GET <admin-api>/services, as SAP's MDK CLI reads it before a create: {adminApi, \
        services: [{name, plans: [{name}]}]}, in the catalogue's order. `app create --via \
        admin-api --feature F` takes F's first plan from it unless F:PLAN names one. Read \
        tolerantly (items and plans without a name skipped); an empty catalogue is refused as \
        SAP's CLI refuses it (69: the service offers no feature here).

        Exit codes: 0 ok, 64 bad flags, 65 an answer that cannot be read, 66 no such org or \
        space, 69 server unreachable or an empty catalogue, 75 timeout, 77 credentials refused \
        or a login page, 78 no CF API, credentials, org or space.

        Example:
          hubctl app services | jq -r '.services[].name'
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions

    var options: Options { Options(source: cf.value) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource

        func run(_ invocation: Invocation) throws {
            let (catalogue, base) = try invocation.services.apps(source).catalogue()
            try invocation.emit(AppServicesOutput(adminAPI: base, catalogue: catalogue))
        }
    }
}

/// What `hubctl app services` prints.
struct AppServicesOutput: JSONDocument {
    var adminAPI: String
    var catalogue: ServicesCatalogue

    var json: JSONValue { .object(["adminApi": .string(adminAPI), "services": catalogue.json]) }
}
