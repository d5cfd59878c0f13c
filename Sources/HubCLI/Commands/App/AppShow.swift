// `hubctl app show`: Print one Mobile Services application as CF and the Admin API know it.

import ArgumentParser
import HubCore
import HubServices

struct AppShow: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one Mobile Services application, with its CF instance.",
        discussion: """
        Prints {appId, displayName, features, inAdminAPI, createdAt, state, labels, instance}: \
        the Admin API's app (GET …/app/APP) and the space's instance named APP.

        Exit codes: 0 ok, 64 bad flags or id, 65 an answer that cannot be read, 66 no such app, \
        69 server unreachable, 75 timeout, 77 credentials refused or a login page, 78 no CF API, \
        credentials, org or space.

        Example:
          hubctl app show ci-1234 | jq .createdAt
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
            guard let (instance, found) = try invocation.services.apps(source).show(appId: app) else {
                throw HubError.noInput("There is no application \(HubError.quoted(app)) in the space (neither the Admin API nor Cloud Foundry has it). `hubctl app list` lists them.", code: .applicationNotFound)
            }
            try invocation.emit(AppOutput(appId: app, instance: instance, app: found))
        }
    }
}
