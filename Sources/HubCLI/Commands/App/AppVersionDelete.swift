// `hubctl app version delete`: Delete pending revisions, a platform's versions, or every version
// of an application (asked for, or --yes).

import ArgumentParser
import HubCore
import HubServices

struct AppVersionDelete: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete pending versions, a platform's versions, or all of an application's versions.",
        discussion: """
        Reads the details (GET …/KapselApp/APP), checks what is asked against them, then sends \
        one of: --pending --revision N… (with --app-platform P…: only there, where each N must be \
        pending; else on every platform where N is pending): POST \
        …/KapselApp/APP/deletePendings with X-HTTP-METHOD: DELETE and [{platform, revisions}]; \
        --app-platform P… alone: DELETE …/KapselApp/APP/P for each (every version of that \
        platform, current included); --all: DELETE …/KapselApp/APP (every platform). --all asks \
        on a terminal; without one (CI, stdin not a terminal, or --no-input) it needs --yes. \
        Prints {appId, deletedPending: [{platform, revision}], deletedPlatforms: [P], all, \
        dryRun}; --dry-run sends no delete.

        Exit codes: 0 ok, 64 bad or conflicting flags, a revision not pending, an unknown \
        platform, --all without --yes and no terminal (nothing sent), 65 an answer that cannot \
        be read, 66 no such app or App Update feature, 69 server unreachable, 75 timeout, 77 \
        credentials refused or a login page, 78 no credentials or Admin API.

        Example:
          hubctl app version delete ci-app --pending --revision 4 --app-platform android
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Flag(name: .customLong("pending"), help: "Delete the pending revisions --revision names.") var pending = false
    @Option(name: .customLong("revision"), help: ArgumentHelp("With --pending: a pending revision to delete (repeatable).", valueName: "n"))
    var revisions: [Int] = []
    @Option(name: .customLong("app-platform"), help: ArgumentHelp("With --pending: only on this platform; alone: every version of this platform (repeatable).", valueName: "platform"))
    var platforms: [String] = []
    @Flag(name: .customLong("all"), help: "Delete every version on every platform.") var all = false
    @Flag(name: .customLong("yes"), help: "Do not ask before --all (needed without a terminal).") var yes = false
    @Flag(name: .customLong("dry-run"), help: "Print what would be deleted; delete nothing.") var dryRun = false

    var options: Options {
        Options(source: cf.value, app: app, pending: pending, revisions: revisions, platforms: platforms, all: all, yes: yes, dryRun: dryRun)
    }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var pending: Bool
        var revisions: [Int]
        var platforms: [String]
        var all: Bool
        var yes: Bool
        var dryRun: Bool

        /// The flags' combinations (64).
        func checkFlags() throws {
            if all, pending || !platforms.isEmpty || !revisions.isEmpty {
                throw HubError.usage("--all deletes every version; it takes no --pending, --revision or --app-platform. Nothing was sent.")
            }
            if pending, revisions.isEmpty { throw HubError.usage("--pending needs --revision N (one or more). Nothing was sent.") }
            if !pending, !revisions.isEmpty { throw HubError.usage("--revision needs --pending (only pending revisions are deleted one by one). Nothing was sent.") }
            if !all, !pending, platforms.isEmpty {
                throw HubError.usage("app version delete needs --pending --revision N…, --app-platform P… or --all. Nothing was sent.")
            }
            if let bad = revisions.first(where: { $0 < 1 }) { throw HubError.usage("--revision \(bad) is no revision (1 or more). Nothing was sent.") }
            if Set(revisions).count != revisions.count { throw HubError.usage("A --revision is given twice. Nothing was sent.") }
        }

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            try checkFlags()
            if all, !yes, !dryRun {
                guard invocation.mayPrompt else {
                    throw HubError.usage("--all deletes every version of \(app) on every platform; without a terminal to ask on, give --yes. Nothing was sent.")
                }
                let answer = try invocation.context.readVisibleLine("Delete every version of \(app) on every platform? [y/N] ", until: invocation.deadline)
                guard answer?.lowercased().hasPrefix("y") == true else { throw HubError.usage("Not confirmed. Nothing was sent.") }
            }
            let client = try AppVersionSupport.session(source, app: app, invocation).client
            let details = try client.details()
            try AppVersionSupport.checkPlatforms(platforms, known: details.map(\.platform))
            var output = AppVersionDeleteOutput(appId: app, all: all, dryRun: dryRun)
            if pending {
                output.deletedPending = try AppUpdatePlan.deletePending(details, revisions: revisions, platforms: platforms)
                if !dryRun { try client.deletePending(output.deletedPending) }
            } else if all {
                output.deletedPlatforms = details.map(\.platform)
                if !dryRun { _ = try client.delete() }
            } else {
                output.deletedPlatforms = platforms
                if !dryRun { for platform in platforms { _ = try client.delete(platform: platform) } }
            }
            try invocation.emit(output)
        }
    }
}

/// What `hubctl app version delete` prints (with --dry-run, what it would delete).
struct AppVersionDeleteOutput: JSONDocument {
    var appId: String
    var deletedPending: [AppUpdateRevisions] = []
    var deletedPlatforms: [String] = []
    var all: Bool
    var dryRun: Bool

    var json: JSONValue {
        .object([
            "appId": .string(appId), "deletedPending": AppVersionDeployOutput.pairs(deletedPending),
            "deletedPlatforms": .strings(deletedPlatforms), "all": .bool(all), "dryRun": .bool(dryRun),
        ])
    }
}
