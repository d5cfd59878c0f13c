// `hubctl acp fetch`: Download the assigned profile, verify it, extract it safely and switch DIR/current to it.

import ArgumentParser
import Foundation
import HubBundles
import HubCore
import HubServices

struct ACPFetch: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download the assigned profile, verify it, extract it safely and switch DIR/current to it.",
        discussion: """
        Streams the bundle through libarchive into a new directory, checks META-INF/MANIFEST.MF (when \
        there is one) against the assigned id, computes its SHA-256, and only then switches DIR/current \
        atomically and records the id. A bundle that is not a zip or tar archive (a PDF, an XML \
        file; or an archive the server's X-BUNDLE-EXTENSION calls another type, such as xlsx) is \
        stored as one file, DIR/current/NAME ("kind": "file", "file": NAME). With no bundle assigned \
        it fetches the application's default bundle. On any failure the previous profile stays \
        current, untouched. The last 3 versions are kept. Hostile archives (.. or absolute paths, \
        links out, device nodes, bombs) are refused.

        Example:
          hubctl acp fetch --dest /srv/app/profile && ls /srv/app/profile/current

        Exit codes: 0 ok, 65 corrupt, hostile or mismatched bundle, or a body cut short, 66 no bundle on \
        the server (404: the assigned one, or no default bundle when none is assigned) or not registered, 69 server unreachable, 73 destination not writable, \
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

    var options: Options { Options(destination: destination.value, force: force, noSync: noSync, maxBytes: maxBytes, maxEntries: maxEntries, maxPathBytes: maxPathBytes) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var destination = ACPDestination.Value()
        var force = false
        var noSync = false
        var maxBytes: Int64 = ExtractionLimits.defaultTotalBytes
        var maxEntries: Int = 100_000
        var maxPathBytes: Int = 4096

        func validate() throws {
            guard maxBytes > 0, maxEntries > 0, maxPathBytes > 0 else {
                throw ValidationError("--max-bytes, --max-entries and --max-path-bytes must be greater than 0.")
            }
        }

        func run(_ invocation: Invocation) throws {
            let service = try invocation.services.acp()
            var limits = ExtractionLimits.default
            limits.maxTotalBytes = maxBytes
            limits.maxFileBytes = min(limits.maxFileBytes, maxBytes)
            limits.maxEntries = maxEntries
            limits.maxPathBytes = maxPathBytes
            let bar = invocation.showsProgress ? ProgressBar(console: invocation.console) : nil
            defer { bar?.finish() }
            var progress: (@Sendable (InstallProgress) -> Void)?
            if let bar {
                progress = { update in bar.update(update.bytesReceived, total: update.totalBytes) }
            }
            let result = try service.install(destination: try service.destination(given: destination.dest, home: invocation.home),
                                             home: invocation.home, force: force, limits: limits, durable: !noSync, progress: progress)
            bar?.finish()
            try invocation.emit(ACPFetchOutput(result))
        }
    }
}

/// What `hubctl acp fetch` prints (and `acp check --wait --fetch` in its `fetch`).
struct ACPFetchOutput: JSONDocument {
    var bundleId: String
    var updated: Bool
    var path: String
    var files: Int
    var bytes: Int64
    var sha256: String
    var manifest: [String: String]
    /// The server's `X-BUNDLE-EXTENSION` (with an archive, for information: the content decides).
    var fileExtension: String?
    /// `assigned` or `default`.
    var source: String
    /// `archive` (extracted into `path`) or `file` (one file: `path`/`file`).
    var kind: String
    var file: String?
    /// The installed bundle's version: `etag:…`, `last-modified:…` or `sha256:…`.
    var revision: String?

    var json: JSONValue {
        .members([
            "bundleId": .string(bundleId), "updated": .bool(updated), "path": .string(path), "files": JSONValue(files),
            "bytes": .int(bytes), "sha256": .string(sha256), "manifest": .object(manifest.mapValues(JSONValue.string)),
            "extension": fileExtension.map(JSONValue.string), "source": .string(source), "kind": .string(kind),
            "file": file.map(JSONValue.string), "revision": revision.map(JSONValue.string),
        ])
    }
}

extension ACPFetchOutput {
    init(_ r: ACPFetchResult) {
        self.init(bundleId: r.bundleId, updated: r.updated, path: r.path, files: r.files, bytes: r.bytes, sha256: r.sha256,
                  manifest: r.manifest, fileExtension: r.fileExtension, source: r.source, kind: r.kind, file: r.file,
                  revision: r.revision)
    }
}
