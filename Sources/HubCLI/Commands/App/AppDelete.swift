// `hubctl app delete`: Delete an application: the Admin API's app, then a leftover instance and its keys.

import ArgumentParser
import HubCore
import HubServices

struct AppDelete: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a Mobile Services application and its CF instance.",
        discussion: """
        Deletes the app through the Admin API (DELETE …/app/APP), then, when the space still has \
        a mobile-services instance named APP, its CF keys and the instance (waiting for Cloud \
        Foundry's jobs); an instance of another offering is never touched. \
        Prints {appId, deleted, app, instance, keys}. A missing app (neither the Admin API nor CF \
        has it) is 66 unless --missing-ok.

        Exit codes: 0 ok, 64 bad flags or id, 65 an answer that cannot be read, 66 no such app, \
        69 server unreachable or a delete failed, 75 timeout, 77 credentials refused or a login \
        page, 78 no CF API, credentials, org or space.

        Example:
          trap 'hubctl app delete ci-$RUN --missing-ok' EXIT
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Flag(name: .customLong("missing-ok"), help: "Succeed when there is no such app.") var missingOK = false

    var options: Options { Options(source: cf.value, app: app, missingOK: missingOK) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var missingOK: Bool

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            let result = try invocation.services.apps(source).delete(appId: app)
            let deleted = result.app || result.instance
            if !deleted && !missingOK {
                throw HubError.noInput("There is no application \(HubError.quoted(app)) to delete (neither the Admin API nor Cloud Foundry has it). --missing-ok makes this a success.", code: .applicationNotFound)
            }
            try invocation.emit(AppDeleteOutput(appId: app, result: result))
        }
    }
}

/// What `hubctl app delete` prints: `deleted` when the Admin API or Cloud Foundry had the app.
struct AppDeleteOutput: JSONDocument {
    var appId: String
    var result: MobileServicesApps.Deleted

    var json: JSONValue {
        .object([
            "appId": .string(appId), "deleted": .bool(result.app || result.instance), "app": .bool(result.app),
            "instance": .bool(result.instance), "keys": .strings(result.keys),
        ])
    }
}
