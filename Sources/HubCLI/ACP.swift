// `hubctl acp check|fetch`: notice and install a newly assigned Application Configuration Profile.

import ArgumentParser
import Foundation
import HubBundles
import HubCore
import HubServices

struct ACPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acp",
        abstract: "Check for and fetch Application Configuration Profiles (customization bundles).",
        discussion: """
        Exit codes: see `hubctl acp check --help` and `hubctl acp fetch --help`.

        Example:
          hubctl acp check | jq .updateAvailable
        """,
        subcommands: [ACPCheckCommand.self, ACPFetchCommand.self])
}

struct ACPDestination: ParsableArguments {
    @Option(help: ArgumentHelp("Profile directory; DIR/current is the profile in use. Without it: the profile's acp-dest (HUBCTL_ACP_DEST), else where the last fetch for this server and application went, else $HUBCTL_HOME/acp/<appId>.", valueName: "dir"),
            completion: .directory)
    var dest: String?

    /// The profile directory in force, in the order of --dest's help.
    func resolve(_ context: CommandContext, service: ACPService) throws -> String {
        if let dest, !dest.isEmpty { return dest }
        if let configured = service.config.acpDestination { return configured }
        if let last = try ACPStateStore(home: context.home).record(server: service.config.server, appId: service.config.appId) {
            return last.destination
        }
        return service.defaultDestination(home: context.home)
    }
}

struct ACPCheckCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Is a newer Application Configuration Profile assigned than the one fetched last?",
        discussion: """
        Compares the server's CustomizationBundleId with the id stored after the last successful \
        fetch, by plain string equality (as SAP's clients do). Without --dest it compares the \
        profile directory the last fetch for this server and application used (printed as \
        "destination").

        Exit codes: 0 ok, 65 malformed answer, 66 not registered, 69 server unreachable, \
        75 timeout, 77 authentication failed, 78 missing configuration.

        Example:
          hubctl acp check | jq -e .updateAvailable >/dev/null && hubctl acp fetch
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var destination: ACPDestination

    func execute(_ context: CommandContext) throws {
        let connections = try context.connectionService()
        let service = ACPService(connections: connections)
        let dest = try destination.resolve(context, service: service)
        try context.emit(ACPCheckOutput(try service.check(destination: dest), destination: ACPStateStore.absolute(dest)))
    }
}

struct ACPFetchCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download the assigned profile, verify it, extract it safely and switch DIR/current to it.",
        discussion: """
        Streams the bundle through libarchive into a new directory, checks META-INF/MANIFEST.MF against \
        the assigned id, computes its SHA-256, and only then switches DIR/current atomically and records \
        the id. On any failure the previous profile stays current, untouched. The last 3 versions are kept. \
        Hostile archives (.. or absolute paths, links out, device nodes, bombs) are refused.

        Example:
          hubctl acp fetch --dest /srv/app/profile && ls /srv/app/profile/current

        Exit codes: 0 ok, 65 corrupt, hostile or mismatched bundle, or a body cut short, 66 no bundle on \
        the server (404) or not registered, 69 server unreachable, 73 destination not writable, \
        75 timeout, 77 authentication failed, 78 missing configuration.
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var destination: ACPDestination

    @Flag(help: "Download and install even when the assigned profile is already current.")
    var force = false

    @Flag(name: .customLong("no-sync"), help: "Do not flush the new profile to disk before switching to it (faster on busy disks; a power loss right after the switch could leave it incomplete; kill -9 safety is unaffected).")
    var noSync = false

    @Option(name: .customLong("max-bytes"), help: "Largest total uncompressed size accepted (default 1 GiB).")
    var maxBytes: Int64 = ExtractionLimits.defaultTotalBytes

    @Option(name: .customLong("max-entries"), help: "Most archive entries accepted (default 100000).")
    var maxEntries: Int = 100_000

    @Option(name: .customLong("max-path-bytes"), help: "Longest entry path accepted, in bytes (default 4096).")
    var maxPathBytes: Int = 4096

    func validate() throws {
        guard maxBytes > 0, maxEntries > 0, maxPathBytes > 0 else {
            throw ValidationError("--max-bytes, --max-entries and --max-path-bytes must be greater than 0.")
        }
    }

    func execute(_ context: CommandContext) throws {
        let connections = try context.connectionService()
        let service = ACPService(connections: connections)
        var limits = ExtractionLimits.default
        limits.maxTotalBytes = maxBytes
        limits.maxFileBytes = min(limits.maxFileBytes, maxBytes)
        limits.maxEntries = maxEntries
        limits.maxPathBytes = maxPathBytes
        let bar = context.showsProgress ? ProgressBar(console: context.console) : nil
        defer { bar?.finish() }
        var progress: (@Sendable (InstallProgress) -> Void)?
        if let bar {
            progress = { update in bar.update(update.bytesReceived, total: update.totalBytes) }
        }
        let dest = try destination.resolve(context, service: service)
        let result = try service.fetch(destination: dest, force: force, limits: limits, durable: !noSync, progress: progress)
        bar?.finish()
        // Remembered per (server, application), so that `acp check` and `status` find it without --dest.
        try ACPStateStore(home: context.home).save(ACPStateRecord(
            server: service.config.server, appId: service.config.appId, bundleId: result.bundleId,
            destination: ACPStateStore.absolute(dest), sha256: result.sha256, fetchedAt: Date()))
        try context.emit(ACPFetchOutput(result))
    }
}
