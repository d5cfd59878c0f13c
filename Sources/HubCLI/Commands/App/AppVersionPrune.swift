// `hubctl app version prune`: Delete pending revisions but the newest K of each platform.

import ArgumentParser
import HubCore
import HubServices

struct AppVersionPrune: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete pending versions but the newest K of each platform.",
        discussion: """
        Reads the details (GET …/KapselApp/APP) and deletes the pending revisions of each \
        platform (--app-platform P…: only those) beyond the newest --keep K (by revision number): \
        one POST …/KapselApp/APP/deletePendings with X-HTTP-METHOD: DELETE and [{platform, \
        revisions}], nothing when there is nothing to delete. Current and staged versions are \
        never touched. Prints {appId, deleted: [{platform, revision}], kept: K, dryRun}; \
        --dry-run sends no delete.

        Exit codes: 0 ok, 64 bad flags or id, --keep missing or below 0, an unknown platform \
        (nothing sent), 65 an answer that cannot be read, 66 no such app or App Update feature, \
        69 server unreachable, 75 timeout, 77 credentials refused or a login page, 78 no \
        credentials or Admin API.

        Example:
          hubctl app version prune ci-app --keep 3
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Option(name: .customLong("keep"), help: ArgumentHelp("The pending revisions of each platform to keep, newest first (0 or more; required).", valueName: "k"))
    var keep: Int?
    @Option(name: .customLong("app-platform"), help: ArgumentHelp("Only this platform (repeatable).", valueName: "platform"))
    var platforms: [String] = []
    @Flag(name: .customLong("dry-run"), help: "Print what would be deleted; delete nothing.") var dryRun = false

    var options: Options { Options(source: cf.value, app: app, keep: keep, platforms: platforms, dryRun: dryRun) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var keep: Int?
        var platforms: [String]
        var dryRun: Bool

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            guard let keep else { throw HubError.usage("app version prune needs --keep K (the pending revisions to keep per platform). Nothing was sent.") }
            guard keep >= 0 else { throw HubError.usage("--keep \(keep) is below 0. Nothing was sent.") }
            let client = try AppVersionSupport.session(source, app: app, invocation).client
            let details = try client.details()
            try AppVersionSupport.checkPlatforms(platforms, known: details.map(\.platform))
            let doomed = AppUpdatePlan.prune(details, keep: keep, platforms: platforms)
            if !dryRun && !doomed.isEmpty { try client.deletePending(doomed) }
            try invocation.emit(AppVersionPruneOutput(appId: app, deleted: doomed, keep: keep, dryRun: dryRun))
        }
    }
}

/// What `hubctl app version prune` prints (with --dry-run, what it would delete).
struct AppVersionPruneOutput: JSONDocument {
    var appId: String
    var deleted: [AppUpdateRevisions]
    var keep: Int
    var dryRun: Bool

    var json: JSONValue {
        .object(["appId": .string(appId), "deleted": AppVersionDeployOutput.pairs(deleted), "kept": .int(Int64(keep)), "dryRun": .bool(dryRun)])
    }
}
