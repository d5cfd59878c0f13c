// `hubctl app destination delete`: Remove one destination of an application.

import ArgumentParser
import HubCore
import HubServices

struct AppDestinationDelete: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove one destination of an application.",
        discussion: """
        Reads the app's proxy feature (GET …/app/APP/service/proxy) and PUTs it back without the \
        destination NAME, the other destinations as they came. Prints {appId, name, changed, \
        destination} (the removed destination). A destination that is not there is 66 \
        (destination_not_found), as `app delete` treats a missing app, unless --missing-ok \
        (then 0, changed: false, nothing sent).

        Exit codes: 0 ok, 64 bad flags, id or name, 65 an answer that cannot be read, 66 no such \
        app (application_not_found), no proxy feature (proxy_not_assigned) or no such destination \
        (destination_not_found), 69 server unreachable, 75 timeout, 77 credentials refused or a \
        login page, 78 no CF API, credentials, org or space.

        Example:
          hubctl app destination delete ci-1 backend --missing-ok
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Argument(help: ArgumentHelp("The destination's name (endPointName).", valueName: "name")) var name: String
    @Flag(name: .customLong("missing-ok"), help: "Succeed when there is no such destination.") var missingOK = false

    var options: Options { Options(source: cf.value, app: app, name: name, missingOK: missingOK) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var name: String
        var missingOK: Bool

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            try AppDestinationCommand.checkName(name)
            let result = try invocation.services.apps(source).deleteDestination(appId: app, name: name)
            if !result.changed && !missingOK {
                throw HubError.noInput("\(app) has no destination \(HubError.quoted(name)) (`hubctl app destination list \(app)`). --missing-ok makes this a success.", code: .destinationNotFound)
            }
            try invocation.emit(AppDestinationChangeOutput(appId: app, name: name, result: result))
        }
    }
}
