// `hubctl app list`: List the space's Mobile Services applications with their instance's age and labels.

import ArgumentParser
import HubCore
import HubServices

struct AppList: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the space's Mobile Services applications, joined with their CF instance.",
        discussion: """
        The Admin API's applications and the space's mobile-services instances hubctl made, by \
        id: {apps: [{appId, displayName, features, inAdminAPI, createdAt, state, labels, \
        instance}]}. createdAt, state and labels come from the instance (null for an app without \
        one). --match keeps the ids matching a glob (* ? [...]).

        Exit codes: 0 ok, 64 bad flags, 65 an answer that cannot be read, 66 no such org or \
        space, 69 server unreachable, 75 timeout, 77 credentials refused or a login page, 78 no \
        CF API, credentials, org or space.

        Example:
          hubctl app list --match 'ci-*' | jq -r '.apps[].appId'
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Option(name: .customLong("match"), help: ArgumentHelp("Only the ids matching this glob.", valueName: "glob")) var match: String?

    var options: Options { Options(source: cf.value, match: match) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var match: String?

        func run(_ invocation: Invocation) throws {
            if let match, match.isEmpty { throw HubError.usage("--match is empty.") }
            let apps = try invocation.services.apps(source)
            let list = try apps.list(match: match)
            try invocation.emit(AppListOutput(apps: list.map { AppOutput(appId: $0.id, instance: $0.instance, app: $0.app) }))
        }
    }
}

/// What `hubctl app list` prints.
struct AppListOutput: JSONDocument {
    var apps: [AppOutput]

    var json: JSONValue { .object(["apps": .array(apps.map(\.json))]) }
}
