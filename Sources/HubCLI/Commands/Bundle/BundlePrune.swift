// `hubctl bundle prune`: Delete the old versions of a bundle, keeping the newest and the default.

import ArgumentParser
import HubCore
import HubServices

struct BundlePrune: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete the old versions of a bundle, keeping the newest and the default.",
        discussion: """
        Keeps the newest --keep versions of NAME (by creation time when the server gives every \
        one a time, compared as instants whatever their zone; else by version, numbers compared \
        as numbers, with a warning when some time is missing or unreadable) and the default, \
        whatever its age; deletes the rest (with --dry-run, only says which), going on past a \
        delete that fails. Prints {name, kept, deleted, failed: [{bundleId, error, code}], \
        dryRun}. Credentials as for `bundle publish`. A nightly job keeps an application under \
        Mobile Services' 100 bundles.

        Exit codes: 0 ok, 3 some delete failed (the report says which), 64 bad flags, 65 an \
        answer that is not a list or lists a name or version that cannot be addressed (nothing \
        is deleted), 69 server unreachable, 75 timeout, 77 credentials refused or a role \
        missing, 78 no credentials or application.

        Example:
          hubctl bundle prune --name profile --keep 5 --service-key key.json
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var credentials: ServiceKeyOptions
    @Option(name: .customLong("name"), help: ArgumentHelp("The bundle whose versions are pruned.", valueName: "name")) var name: String
    @Option(name: .customLong("keep"), help: ArgumentHelp("How many of the newest versions to keep (at least 1).", valueName: "count")) var keep: Int
    @Flag(name: .customLong("dry-run"), help: "Only print what would be deleted.") var dryRun = false

    var options: Options { Options(credentials: credentials.value, name: name, keep: keep, dryRun: dryRun) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var credentials: ServiceKeySource
        var name: String
        var keep: Int
        var dryRun: Bool

        func run(_ invocation: Invocation) throws {
            try BundleAdmin.check(name: name, version: "0")
            guard (1...BundleAdmin.maximumBundles).contains(keep) else {
                throw HubError.usage("--keep must be from 1 to \(BundleAdmin.maximumBundles); got \(keep).")
            }
            let session = try invocation.services.bundleAdmin(credentials)
            let result = try session.publisher.prune(name: name, keep: keep, dryRun: dryRun)
            if !result.untimed.isEmpty {
                let named = result.untimed.prefix(5).map { "\($0.bundleId) (\($0.created.map { HubError.quoted($0) } ?? "none"))" }
                invocation.console.warning("the CreatedAt of \(named.joined(separator: ", "))\(result.untimed.count > 5 ? " and \(result.untimed.count - 5) more" : "") is not a time; the versions of \(HubError.quoted(name)) are ordered by version (numbers as numbers), not by creation time.")
            }
            try invocation.emit(BundlePruneOutput(name: name, result: result, dryRun: dryRun))
            if !result.failed.isEmpty {
                throw HubError.reported(.partial, code: .partialFailure,
                                        "\(result.failed.count) of \(result.deleted.count + result.failed.count) deletes failed; the report on stdout says which.")
            }
        }
    }
}

/// What `hubctl bundle prune` prints (with --dry-run, what it would delete).
struct BundlePruneOutput: JSONDocument {
    var name: String
    var result: BundlePruneResult
    var dryRun: Bool

    var json: JSONValue {
        .object([
            "name": .string(name), "kept": .strings(result.kept), "deleted": .strings(result.deleted),
            "failed": .array(result.failed.map { .object(["bundleId": .string($0.bundleId), "error": .string($0.message), "code": .string($0.code.rawValue)]) }),
            "dryRun": .bool(dryRun),
        ])
    }
}
