// `hubctl app prune`: Delete the apps hubctl made that match a pattern and are older than a given age.

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct AppPrune: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete old applications hubctl made (a nightly clean-up after crashed pipelines).",
        discussion: """
        Deletes, as `app delete` does, every app whose id matches --match (a glob that begins \
        with at least one literal character before any * ? or [, such as 'ci-*', so that no \
        pattern selects every app) and whose mobile-services instance is labelled \
        managed-by=hubctl (any label with --any-owner) and was created (created_at) more than \
        --older-than ago (90s, 60m, 12h, 7d; more than 0). An app without an instance has no \
        known age and is skipped; instances of other offerings are never considered. Prints \
        {deleted: [ids], failed: [{appId, error}], skipped: [{appId, reason}], dryRun}; \
        --dry-run deletes nothing.

        Exit codes: 0 ok, 3 some delete failed (the report says which), 64 bad flags, 65 an \
        answer that cannot be read, 69 server unreachable, 75 timeout, 77 credentials refused or \
        a login page, 78 no CF API, credentials, org or space.

        Example:
          hubctl app prune --match 'ci-*' --older-than 60m
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Option(name: .customLong("match"), help: ArgumentHelp("The ids to consider, a glob beginning with a literal character (required; such as 'ci-*').", valueName: "glob")) var match: String?
    @Option(name: .customLong("older-than"), help: ArgumentHelp("Only apps whose instance is older than this (60m, 12h, 7d).", valueName: "duration")) var olderThan: String?
    @Flag(name: .customLong("dry-run"), help: "Print what would be deleted; delete nothing.") var dryRun = false
    @Flag(name: .customLong("any-owner"), help: "Also apps whose instance is not labelled managed-by=hubctl.") var anyOwner = false

    var options: Options { Options(source: cf.value, match: match, olderThan: olderThan, dryRun: dryRun, anyOwner: anyOwner) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var match: String?
        var olderThan: String?
        var dryRun: Bool
        var anyOwner: Bool

        func run(_ invocation: Invocation) throws {
            guard let match else { throw HubError.usage("app prune needs --match GLOB (such as 'ci-*'). Nothing was sent.") }
            try AppAdminRules.checkPattern(match)
            guard let olderThan else { throw HubError.usage("app prune needs --older-than DURATION (such as 60m). Nothing was sent.") }
            let seconds = try AppAdminRules.duration(olderThan, flag: "--older-than")
            let apps = try invocation.services.apps(source)
            let (instances, listed) = try apps.inventory()
            let plan = PrunePlan.make(apps: listed.map(\.id), instances: instances, match: match, olderThan: seconds, anyOwner: anyOwner, now: Date())
            var output = AppPruneOutput(skipped: plan.skipped, dryRun: dryRun)
            for id in plan.delete {
                if dryRun { output.deleted.append(id); continue }
                do {
                    _ = try apps.delete(appId: id)
                    output.deleted.append(id)
                } catch let error as HubError {
                    output.failed.append((id, error))
                }
            }
            try invocation.emit(output)
            if !output.failed.isEmpty {
                throw HubError.reported(.partial, code: .partialFailure, "\(output.failed.count) of \(plan.delete.count) deletes failed; the report on stdout says which.")
            }
        }
    }
}

/// What `hubctl app prune` prints (with --dry-run, what it would delete).
struct AppPruneOutput: JSONDocument {
    var deleted: [String] = []
    var failed: [(appId: String, error: HubError)] = []
    var skipped: [PrunePlan.Skipped]
    var dryRun: Bool

    var json: JSONValue {
        .object([
            "deleted": .strings(deleted),
            "failed": .array(failed.map { .object(["appId": .string($0.appId), "error": .string($0.error.message), "code": .string($0.error.code.rawValue)]) }),
            "skipped": .array(skipped.map { .object(["appId": .string($0.id), "reason": .string($0.reason)]) }),
            "dryRun": .bool(dryRun),
        ])
    }
}
