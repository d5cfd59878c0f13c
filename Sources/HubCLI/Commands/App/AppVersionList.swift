// `hubctl app version list`: An application's current, staged and pending versions per platform.

import ArgumentParser
import HubCore
import HubServices

struct AppVersionList: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an application's current, staged and pending versions per platform.",
        discussion: """
        Reads the App Update details (GET …/KapselApp/APP) and prints {appId, platforms: \
        [{platform, current, staged, pending: [{revision, lastModified}]}]}; a platform without \
        any version is not listed. Sends nothing else.

        Exit codes: 0 ok, 64 bad flags or id, 65 an answer that cannot be read, 66 no such app \
        or no App Update feature, 69 server unreachable, 75 timeout, 77 credentials refused or a \
        login page, 78 no credentials or Admin API.

        Example:
          hubctl app version list ci-$RUN | jq '.platforms[].current.revision'
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
            let details = try AppVersionSupport.session(source, app: app, invocation).client.details()
            try invocation.emit(AppVersionListOutput(appId: app, platforms: details))
        }
    }
}

/// What `hubctl app version list` prints.
struct AppVersionListOutput: JSONDocument {
    var appId: String
    var platforms: [AppUpdatePlatformState]

    var json: JSONValue {
        .object(["appId": .string(appId), "platforms": .array(platforms.map(AppVersionSupport.state))])
    }
}
