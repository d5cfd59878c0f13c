// `hubctl app version promote`: Make pending revisions current (what devices get), checked
// against the details first.

import ArgumentParser
import HubCore
import HubServices

struct AppVersionPromote: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote",
        abstract: "Make pending versions current (what devices download).",
        discussion: """
        Reads the details (GET …/KapselApp/APP), then sends PUT …/KapselApp/APP/promotePending \
        with [{platform, revisions: [R]}]: by default the newest pending revision of every \
        platform that has one; --revision N that revision (on every platform where it is \
        pending, or on each --app-platform, where it must be pending); --app-platform P… only those \
        platforms. Refused before sending (64): a revision not pending, an unknown platform, \
        nothing pending. Prints {appId, promoted: [{platform, revision}], current: [{platform, \
        revision}], message} (`message`: the server's answer when it answered with one instead \
        of the platforms).

        Exit codes: 0 ok, 64 bad flags, id, platform or revision (nothing sent), 65 an answer \
        that cannot be read, 66 no such app or App Update feature, 69 server unreachable, 75 \
        timeout, 77 credentials refused or a login page, 78 no credentials or Admin API.

        Example:
          hubctl app version promote ci-$RUN --revision 7 --app-platform android
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Option(name: .customLong("revision"), help: ArgumentHelp("The pending revision to promote; default: the newest pending of each platform.", valueName: "n"))
    var revision: Int?
    @Option(name: .customLong("app-platform"), help: ArgumentHelp("Only this platform (repeatable); default: every platform with a pending revision.", valueName: "platform"))
    var platforms: [String] = []

    var options: Options { Options(source: cf.value, app: app, revision: revision, platforms: platforms) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var revision: Int?
        var platforms: [String]

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            if let revision, revision < 1 { throw HubError.usage("--revision \(revision) is no revision (1 or more). Nothing was sent.") }
            let client = try AppVersionSupport.session(source, app: app, invocation).client
            let details = try client.details()
            try AppVersionSupport.checkPlatforms(platforms, known: details.map(\.platform))
            let targets = try AppUpdatePlan.promote(details, revision: revision, platforms: platforms)
            let answer = try client.promote(targets)
            try invocation.emit(AppVersionPromoteOutput(appId: app, promoted: targets, result: answer))
        }
    }
}

/// What `hubctl app version promote` prints: what it sent, and the current revisions the server answered.
struct AppVersionPromoteOutput: JSONDocument {
    var appId: String
    var promoted: [AppUpdateRevisions]
    var result: AppUpdatePromoteResult

    var json: JSONValue {
        .object([
            "appId": .string(appId), "promoted": AppVersionDeployOutput.pairs(promoted),
            "current": .array(result.current.map { .object(["platform": .string($0.platform), "revision": .int(Int64($0.revision))]) }),
            "message": result.message.map(JSONValue.string) ?? .null,
        ])
    }
}
