// `hubctl app destination`: An application's destinations (the proxy feature, Mobile Connectivity),
// and the one destination document `list`, `set` and `delete` print (a password as set or not set).

import ArgumentParser
import HubCore
import HubServices

struct AppDestinationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "destination",
        abstract: "List, set and delete an application's destinations (the proxy feature).",
        discussion: """
        The destinations of the app's Mobile Connectivity feature (proxy): read from the app \
        (GET …/app/APP, services[proxy].parameters.endpointConfigurations), changed with GET and \
        PUT …/app/APP/service/proxy, the other destinations put back as they came. `set` sends \
        nothing when the destination is already as asked (changed: false). Passwords come from \
        files or stdin only and are never printed.

        Example:
          hubctl app destination set ci-1 erp --url https://erp.example.com
        """,
        subcommands: [AppDestinationList.self, AppDestinationSet.self, AppDestinationDelete.self])
}

/// One destination as the `destination` verbs print it.
struct AppDestinationOutput: JSONDocument {
    var destination: ProxyDestination

    var json: JSONValue {
        let d = destination
        return .object([
            "name": .string(d.name), "url": JSONValue(d.url), "cloudDestination": JSONValue(d.cloudDestination),
            "auth": JSONValue(d.ssoMethod), "cloudConnector": d.cloudConnector.map(JSONValue.bool) ?? .null,
            "user": JSONValue(d.user), "password": .string(d.passwordSet ? "set" : "not set"),
        ])
    }
}

extension Services {
    /// A destination's password, from a file or stdin.
    func destinationPassword(_ file: String) throws -> String {
        try ProxyDestinations.password(file: file, operatorContext)
    }
}

extension AppDestinationCommand {
    /// A destination name (64 before anything is sent): 1 to 200 characters, none a control character.
    static func checkName(_ name: String) throws {
        guard !name.isEmpty, name.count <= 200, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw HubError.usage("\(HubError.quoted(name)) is not a destination name (1 to 200 characters, no control characters). Nothing was sent.")
        }
    }
}
