// `hubctl app destination list`: Print an application's destinations (the proxy feature).

import ArgumentParser
import HubCore
import HubServices

struct AppDestinationList: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print an application's destinations.",
        discussion: """
        Prints {appId, destinations: [{name, url, cloudDestination, auth, cloudConnector, user, \
        password}]} from the app's proxy feature (GET …/app/APP). `auth` is the destination's \
        ssoMethod as the server has it; `password` is "set" or "not set", never the password.

        Exit codes: 0 ok, 64 bad flags or id, 65 an answer that cannot be read, 66 no such app \
        (application_not_found) or no proxy feature (proxy_not_assigned), 69 server unreachable, \
        75 timeout, 77 credentials refused or a login page, 78 no CF API, credentials, org or space.

        Example:
          hubctl app destination list ci-1 | jq -r '.destinations[].name'
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String

    var options: Options { Options(source: cf.value, app: app) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            let found = try invocation.services.apps(source).destinations(appId: app)
            try invocation.emit(AppDestinationListOutput(appId: app, destinations: found))
        }
    }
}

/// What `hubctl app destination list` prints.
struct AppDestinationListOutput: JSONDocument {
    var appId: String
    var destinations: [ProxyDestination]

    var json: JSONValue {
        .object(["appId": .string(appId), "destinations": .array(destinations.map { AppDestinationOutput(destination: $0).json })])
    }
}
