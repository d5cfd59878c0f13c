// The on-disk home of an application's profiles: staging, versions, the atomic `current` switch, pruning.

import Foundation
import HubCore

/// What `current` is: written beside its version directory before the switch and never changed
/// afterwards, so the recorded id always describes the tree `current` points to.
public struct ProfileRecord: Codable, Sendable, Equatable {
    /// `<name>:<version>`, as asked for, or `default` for the application's default bundle.
    public var bundleId: String
    /// SHA-256 (hex) of the bundle as received.
    public var sha256: String
    public var files: Int
    public var directories: Int
    /// Uncompressed bytes of all files.
    public var bytes: Int64
    /// Bytes of the bundle as received.
    public var archiveBytes: Int64
    /// The main section of META-INF/MANIFEST.MF (empty without one).
    public var manifest: [String: String]
    public var fetchedAt: Date
    /// The directory under `versions/` that holds this profile.
    public var version: String
    // Written since bundles of any type and the default bundle (docs/protocol.md §7); nil in the
    // records of an older hubctl, which were archives of an assigned id.
    /// `archive` (extracted) or `file` (stored as one file, named `file`).
    public var kind: String? = nil
    /// The one file's name, for a `file` bundle.
    public var file: String? = nil
    /// `default` when installed from the default bundle's address, `assigned` otherwise.
    public var source: String? = nil
    /// What the server said: `X-BUNDLE-EXTENSION`, `ETag`, `Last-Modified`.
    public var fileExtension: String? = nil
    public var etag: String? = nil
    public var lastModified: String? = nil

    /// The id recorded for the application's default bundle: its address names no bundle.
    public static let defaultBundleId = "default"

    public var isDefaultBundle: Bool { source == "default" }

    /// A record as hubctl writes it (JSONEncoder, ISO 8601 dates), read through HubCore's JSON
    /// reader rather than JSONDecoder, whose first use costs `acp check` more than a millisecond:
    /// nil for anything that is not a record (a member missing or of the wrong type).
    /// ProfileRecordTests compares it with JSONDecoder.
    public static func decoded(from data: Data) -> ProfileRecord? {
        guard let o = (try? JSONValue.read(data))?.objectValue else { return nil }
        func text(_ key: String) -> String? { o[key]?.stringValue }
        /// An optional member: absent or null is nil; another type is not a record.
        func optionalText(_ key: String) -> String?? {
            switch o[key] {
            case nil, .null?: .some(nil)
            case .string(let s)?: .some(s)
            default: nil
            }
        }
        func integer(_ key: String) -> Int64? { if case .int(let i)? = o[key] { i } else { nil } }
        guard let bundleId = text("bundleId"), let sha256 = text("sha256"), let version = text("version"),
              let files = integer("files").flatMap({ Int(exactly: $0) }),
              let directories = integer("directories").flatMap({ Int(exactly: $0) }),
              let bytes = integer("bytes"), let archiveBytes = integer("archiveBytes"),
              let fetchedAt = text("fetchedAt").flatMap(ISO8601.date(from:)),
              let manifestValues = o["manifest"]?.objectValue,
              let kind = optionalText("kind"), let file = optionalText("file"), let source = optionalText("source"),
              let fileExtension = optionalText("fileExtension"), let etag = optionalText("etag"),
              let lastModified = optionalText("lastModified") else { return nil }
        var manifest: [String: String] = [:]
        for (key, value) in manifestValues {
            guard let text = value.stringValue else { return nil }
            manifest[key] = text
        }
        return ProfileRecord(bundleId: bundleId, sha256: sha256, files: files, directories: directories, bytes: bytes,
                             archiveBytes: archiveBytes, manifest: manifest, fetchedAt: fetchedAt, version: version,
                             kind: kind, file: file, source: source, fileExtension: fileExtension, etag: etag,
                             lastModified: lastModified)
    }
}

/// Bytes received so far and, when the producer announced it (Content-Length), the total.
public struct InstallProgress: Sendable, Equatable {
    public var bytesReceived: Int64
    public var totalBytes: Int64?
}

/// An application's profile directory (e.g. `$HUBCTL_HOME/acp/<appId>`):
///
///     .hubctl-profile                marks the directory as hubctl's (written when it is claimed)
///     .hubctl-pending                names an install is about to create, until it has switched
///     .lock                          flock held across a whole install
///     .staging-<random>/             an extraction in progress (removed on failure or at next start)
///     .staging-<random>-download     the bundle as received, beside it until its type is known
///     versions/<id>-<time>-<rnd>/    an installed profile (files 0644, directories 0755)
///     versions/<id>-<time>-<rnd>.json  its `ProfileRecord`, written before the switch
///     current -> versions/<…>        relative symlink, replaced atomically with rename(2)
///
/// An install extracts into staging (a bundle that is not an archive: its one file, named by
/// `BundleFileName`, alone in staging), checks the manifest if there is one, moves staging into
/// `versions/`, writes the record, then switches `current`. A failure or a `kill -9` at any instant leaves
/// `current` and its record as they were; leftovers are removed at the start of the next install.
/// After a successful switch only the newest `keep` versions (current included) remain.
///
/// hubctl deletes only what it can prove it made: names it wrote to `.hubctl-pending` before
/// creating them, and versions whose record (a `ProfileRecord` naming that very directory) it
/// wrote. A non-empty directory without the marker is refused, untouched (an older hubctl's
/// profile directory, `current`, `versions/` and `.lock` only, is adopted).
///
/// How the ACP service is meant to use it (HubBundles knows nothing of HTTP):
///
///     let profiles = ProfileDirectory(path: dest)            // $HUBCTL_HOME/acp/<appId> or --dest
///     if !force, try profiles.currentRecord()?.bundleId == assigned { /* up to date */ }
///     let record = try profiles.install(bundleId: assigned,  // nil for the default bundle
///                                       limits: ExtractionLimits(maxTotalBytes: flag, …),
///                                       progress: { bar.update($0.bytesReceived, of: $0.totalBytes) }) { channel in
///         // On this background thread: run the GET. When the status is known to be 200,
///         // channel.setExpectedLength(contentLength); in curl's write callback,
///         // `try channel.write(chunk)`, returning 0 to curl when it throws (ByteChannelCancelled:
///         // the extractor gave up, so stop downloading). Throw a HubError for a 404 (.noInput),
///         // a transport failure or a body cut short: `install` rethrows that very error.
///     }
///     // record.bundleId / sha256 / files / bytes / manifest feed the `acp fetch` JSON;
///     // `currentPath` is its "path". `acp check` compares `currentRecord()?.bundleId`.
///
/// Errors: HubError `.data` (65) with the codes of `BundleErrorCode` for a refused bundle,
/// `.cannotCreate` (73) when the destination is not writable or the disk is full, and whatever
/// the producer threw. Concurrent installs into one directory serialize on `.lock`.
public struct ProfileDirectory: Sendable {
    public let path: String
    public let keep: Int
    /// Flush the extracted tree to disk before `current` switches to it, so a power cut cannot
    /// leave `current` pointing at empty files. A `kill -9` needs no flush (the page cache
    /// survives the process); turning it off makes a large bundle install several times faster
    /// on a busy filesystem.
    public let flushBeforeSwitch: Bool
    /// How long `.lock` is waited for (the command's deadline); nil: `FileLock.defaultWait`.
    public let lockDeadline: ContinuousClock.Instant?

    public init(path: String, keep: Int = 3, flushBeforeSwitch: Bool = true, lockDeadline: ContinuousClock.Instant? = nil) {
        self.path = path
        self.keep = max(1, keep)
        self.flushBeforeSwitch = flushBeforeSwitch
        self.lockDeadline = lockDeadline
    }

    /// The path a consumer of the profile uses: `<path>/current`.
    public var currentPath: String { (path as NSString).appendingPathComponent("current") }
    var versionsPath: String { (path as NSString).appendingPathComponent("versions") }

    // MARK: Reading

    /// A record is a few hundred bytes of JSON; anything larger is not one of ours.
    static let maximumRecordSize = 1 << 20

    /// The record of the profile `current` points to; nil when nothing was installed yet.
    /// Needs no lock: `current` and each record change only by rename.
    public func currentRecord() throws -> ProfileRecord? {
        // A concurrent install may switch and prune between reading the link and the record:
        // read again when the link moved.
        for _ in 0..<3 {
            guard let version = try currentVersion() else { return nil }
            let file = recordPath(version)
            guard let data = try? BoundedFile.read(path: file, limit: Self.maximumRecordSize, regularOnly: true) else {
                if try currentVersion() != version { continue }
                throw damaged("its record \(file) is missing")
            }
            guard let record = ProfileRecord.decoded(from: data) else {
                throw damaged("its record \(file) is not valid")
            }
            return record
        }
        throw damaged("it keeps changing while being read")
    }

    /// The version directory name `current` points to, validated to be one of ours.
    func currentVersion() throws -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(currentPath, &buffer, buffer.count - 1)
        if n < 0 {
            if errno == ENOENT { return nil }
            if errno == EINVAL { throw damaged("\(currentPath) is not a symbolic link") }
            throw HubError.filesystem("read \(currentPath)", errno)
        }
        let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let prefix = "versions/"
        guard target.hasPrefix(prefix) else { throw damaged("\(currentPath) points to \(target)") }
        let version = String(target.dropFirst(prefix.count))
        guard !version.isEmpty, !version.contains("/"), !version.hasPrefix(".") else {
            throw damaged("\(currentPath) points to \(target)")
        }
        return version
    }

    // MARK: Installing

    /// Runs `produce` on a background thread to fill a `ByteChannel` (e.g. an HTTP download whose
    /// write callback calls `channel.write`), while extracting on the calling thread (or storing a
    /// bundle that is not an archive as one file); then checks the manifest, if there is one,
    /// against `bundleId` (nil: the default bundle, recorded as `default`), and switches `current`.
    /// Returns the new record.
    ///
    /// `produce` should return normally once every byte was written (or call `finish()`), and
    /// throw on failure (its error is what `install` throws). Before returning it may hand over
    /// what the server said about the bundle (`channel.describe`). When the extraction fails first,
    /// the producer's pending or next `write` throws `ByteChannelCancelled`; `install` waits for
    /// the producer to return before it returns, so no thread outlives the call.
    /// `progress` is called on the calling thread as bytes arrive.
    ///
    /// `unlessSHA256`: when what arrived has this digest, nothing is installed and the current
    /// record is returned (the default bundle fetched again, unchanged).
    public func install(bundleId: String?,
                        limits: ExtractionLimits = .default,
                        channelCapacity: Int = 4 * 256 * 1024,
                        unlessSHA256: String? = nil,
                        progress: (@Sendable (InstallProgress) -> Void)? = nil,
                        produce: @escaping @Sendable (ByteChannel) throws -> Void) throws -> ProfileRecord {
        try withLock { () throws -> ProfileRecord in
            let channel = ByteChannel(capacity: channelCapacity)
            let producerDone = DispatchSemaphore(value: 0)
            let thread = Thread {
                do {
                    try produce(channel)
                    channel.finish()
                } catch {
                    channel.fail(error)
                }
                producerDone.signal()
            }
            thread.name = "hubctl bundle download"
            thread.start()
            defer {
                // On success the producer already finished; on failure this unblocks it.
                channel.cancel()
                producerDone.wait()
            }
            var report: (@Sendable (Int64) -> Void)?
            if let progress {
                report = { bytes in progress(InstallProgress(bytesReceived: bytes, totalBytes: channel.progress.total)) }
            }
            return try installLocked(bundleId: bundleId, limits: limits, progress: report, source: channel,
                                     description: { channel.bundleDescription }, unlessSHA256: unlessSHA256)
        }
    }

    /// The same from any pull source (a file, memory), on the calling thread, with what the server
    /// said about it.
    public func install(bundleId: String?,
                        limits: ExtractionLimits = .default,
                        description: BundleDescription? = nil,
                        unlessSHA256: String? = nil,
                        progress: (@Sendable (InstallProgress) -> Void)? = nil,
                        from source: any ArchiveByteSource) throws -> ProfileRecord {
        try withLock { () throws -> ProfileRecord in
            var report: (@Sendable (Int64) -> Void)?
            if let progress {
                report = { bytes in progress(InstallProgress(bytesReceived: bytes, totalBytes: nil)) }
            }
            return try installLocked(bundleId: bundleId, limits: limits, progress: report, source: source,
                                     description: { description }, unlessSHA256: unlessSHA256)
        }
    }

    /// Claims the directory if needed, holds `.lock` and clears leftovers of an interrupted install.
    private func withLock<T>(_ body: () throws -> T) throws -> T {
        try claim()
        let lock = try FileLock(path: (path as NSString).appendingPathComponent(".lock"), until: lockDeadline, what: "the profile directory")
        return try withExtendedLifetime(lock) {
            try removeLeftovers()
            return try body()
        }
    }

    private func installLocked(bundleId: String?, limits: ExtractionLimits,
                               progress: (@Sendable (Int64) -> Void)?,
                               source: any ArchiveByteSource,
                               description: () -> BundleDescription?,
                               unlessSHA256: String?) throws -> ProfileRecord {
        let suffix = Self.randomSuffix()
        let stagingName = ".staging-\(suffix)"
        // The bundle as received, beside the staging tree (never inside it, where an archive entry
        // could have its name): kept until it is known whether it is the bundle's one file.
        let rawName = ".staging-\(suffix)-download"
        let staging = (path as NSString).appendingPathComponent(stagingName)
        let raw = (path as NSString).appendingPathComponent(rawName)
        try addPending([stagingName, rawName])
        guard mkdir(staging, 0o700) == 0 else { throw HubError.filesystem("create \(staging)", errno) }
        // Everything created so far, removed again unless `current` was switched.
        var undo: [String] = [staging]
        var switched = false
        defer {
            if !switched {
                for item in undo.reversed() { try? FileManager.default.removeItem(atPath: item) }
                clearPending()
            }
        }

        let rawFd = open(raw, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard rawFd >= 0 else { throw HubError.filesystem("create \(raw)", errno) }
        undo.append(raw)
        let intake: Intake
        do {
            defer { close(rawFd) }
            intake = try take(source, into: staging, raw: rawFd, limits: limits, progress: progress,
                              description: description)
        }
        let said = description()
        if let unlessSHA256, intake.summary.sha256 == unlessSHA256, let current = try currentRecord(),
           current.sha256 == unlessSHA256 {
            return current
        }

        let id = bundleId ?? ProfileRecord.defaultBundleId
        var manifest: BundleManifest?
        var fileName: String?
        if intake.isFile {
            // The tree (if one was extracted) is dropped; the bundle's bytes become its one file.
            try FileManager.default.removeItem(atPath: staging)
            guard mkdir(staging, 0o700) == 0 else { throw HubError.filesystem("create \(staging)", errno) }
            let name = BundleFileName.choose(contentDisposition: said?.contentDisposition, bundleId: bundleId,
                                             fileExtension: said?.fileExtension)
            // The staging directory was just made, empty, under the lock: nothing there to replace.
            guard rename(raw, (staging as NSString).appendingPathComponent(name)) == 0 else {
                throw HubError.filesystem("move the bundle into \(staging)", errno)
            }
            fileName = name
        } else {
            unlink(raw)
            manifest = try BundleManifest.read(fromExtracted: staging)
            if let bundleId { try manifest?.verify(bundleId: bundleId) }
        }

        // Whole seconds: the record is stored as ISO 8601, and must read back equal.
        let now = Date(timeIntervalSince1970: Double(Int64(Date().timeIntervalSince1970)))
        let version = "\(Self.sanitize(id))-\(Self.timestamp(now))-\(Self.randomSuffix())"
        let summary = intake.summary
        let record = ProfileRecord(bundleId: id, sha256: summary.sha256, files: summary.files,
                                   directories: summary.directories, bytes: summary.bytes,
                                   archiveBytes: summary.archiveBytes, manifest: manifest?.attributes ?? [:],
                                   fetchedAt: now, version: version,
                                   kind: intake.isFile ? "file" : "archive", file: fileName,
                                   source: bundleId == nil ? "default" : "assigned",
                                   fileExtension: said?.fileExtension, etag: said?.etag, lastModified: said?.lastModified)

        if mkdir(versionsPath, 0o755) != 0 && errno != EEXIST {
            throw HubError.filesystem("create \(versionsPath)", errno)
        }
        _ = chmod(staging, 0o755)
        if flushBeforeSwitch { FileSystemSync.flush(staging) }
        let target = (versionsPath as NSString).appendingPathComponent(version)
        try addPending(["versions/\(version)", "versions/\(version).json"])
        guard rename(staging, target) == 0 else { throw HubError.filesystem("move the profile into \(target)", errno) }
        undo = [target]
        let recordFile = recordPath(version)
        undo.append(recordFile)
        try AtomicFile.write(try JSONOutput.encode(record, pretty: true), to: recordFile, mode: 0o644)

        // The switch: a new link under a temporary name, renamed over `current` in one step.
        let linkName = ".current-\(Self.randomSuffix())"
        let temporaryLink = (path as NSString).appendingPathComponent(linkName)
        try addPending([linkName])
        guard symlink("versions/\(version)", temporaryLink) == 0 else {
            throw HubError.filesystem("create \(temporaryLink)", errno)
        }
        guard rename(temporaryLink, currentPath) == 0 else {
            let err = errno
            unlink(temporaryLink)
            if err == EISDIR || err == ENOTEMPTY || err == EEXIST {
                throw HubError(.cannotCreate, code: .cannotCreate,
                               "\(currentPath) is a directory, not the link hubctl manages. Move it away, then fetch again.")
            }
            throw HubError.filesystem("switch \(currentPath)", err)
        }
        switched = true
        AtomicFile.syncDirectory(path)
        clearPending()
        prune()
        return record
    }

    /// What arrived, and whether it is one file (the raw copy) or the extracted tree.
    private struct Intake {
        var summary: ExtractionSummary
        var isFile: Bool
    }

    /// Reads the whole bundle: extracted into `staging` when it is an archive, and in any case
    /// copied to `raw`; then decides, with the server's `X-BUNDLE-EXTENSION`, which of the two it
    /// is (`BundleFormat`, docs/protocol.md §7).
    private func take(_ source: any ArchiveByteSource, into staging: String, raw: Int32, limits: ExtractionLimits,
                      progress: (@Sendable (Int64) -> Void)?, description: () -> BundleDescription?) throws -> Intake {
        let prefixed = try PrefixedSource(source)
        let extractor = BundleExtractor(limits: limits, progress: progress)
        let oneFileCap = min(limits.maxFileBytes, limits.maxTotalBytes)
        func asFile(_ copy: RawCopy) throws -> Intake {
            if copy.bytes > oneFileCap { throw HubError.tooLarge("The bundle", cap: oneFileCap) }
            return Intake(summary: ExtractionSummary(files: 1, directories: 0, bytes: copy.bytes, archiveBytes: copy.bytes,
                                                     sha256: copy.sha256), isFile: true)
        }
        switch BundleFormat.sniff(prefixed.prefix) {
        case .empty:
            throw HubError.corruptArchive("the download was empty")
        case .other:
            let copy = try extractor.copy(from: prefixed, to: raw)
            let said = description()?.fileExtension
            if BundleFormat.namesArchive(said) == true {
                throw HubError.corruptArchive("the server calls it \(HubError.quoted(said ?? "")) (X-BUNDLE-EXTENSION), but it does not start like one")
            }
            return try asFile(copy)
        case .archive:
            switch try extractor.extract(from: prefixed, into: staging, copy: raw) {
            case .extracted(let summary, let tar):
                // Another type in an archive's clothes (an .xlsx is a zip): stored as it is. But a
                // tar under a compression's name (`gz` for appmc-1.1.0.tar.gz) is that archive.
                let said = description()?.fileExtension
                if BundleFormat.namesArchive(said) == false && !(tar && BundleFormat.namesCompression(said)) {
                    return try asFile(RawCopy(bytes: summary.archiveBytes, sha256: summary.sha256))
                }
                return Intake(summary: summary, isFile: false)
            case .unreadable(let error, let copy):
                // Compressed or zipped, but no archive libarchive reads: one file when the server
                // names another type (a .gz of one file), else the archive is corrupt.
                guard BundleFormat.namesArchive(description()?.fileExtension) == false else { throw error }
                return try asFile(copy)
            }
        }
    }

    // MARK: Housekeeping

    static let markerName = ".hubctl-profile"
    static let pendingName = ".hubctl-pending"
    var markerPath: String { (path as NSString).appendingPathComponent(Self.markerName) }
    var pendingPath: String { (path as NSString).appendingPathComponent(Self.pendingName) }

    /// Makes sure the directory is hubctl's before anything is written in it: a new or empty
    /// directory is claimed (the marker written), one with the marker is ours, an older hubctl's
    /// profile directory is adopted; anything else is refused with nothing touched.
    func claim() throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw HubError(.cannotCreate, code: .notADirectory, "\(path) exists and is not a directory. Give --dest a directory.")
            }
            if fm.fileExists(atPath: markerPath) { return }
            // The marker being written by a concurrent first install (its temporary file) is not content.
            let entries = try fm.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix("." + Self.markerName + ".tmp-") }
            let olderHubctl = Set(entries).isSubset(of: [".lock", "current", "versions"]) && entries.contains("versions")
            guard entries.isEmpty || olderHubctl else {
                throw HubError(.cannotCreate, code: .notAProfileDirectory,
                               "\(path) is not empty and is not a profile directory hubctl made (it has no \(Self.markerName)); nothing in it was touched. Give --dest a new or empty directory, or the one hubctl made before.")
            }
        } else {
            try AtomicFile.ensurePrivateDirectory(path)
        }
        let note = "A profile directory managed by hubctl: `current` and `versions/` are replaced and pruned by `hubctl acp fetch`. Keep your own files elsewhere.\n"
        try AtomicFile.write(Data(note.utf8), to: markerPath, mode: 0o644)
    }

    /// The names an install wrote to the journal before creating them.
    func pendingNames() -> [String] {
        guard let data = try? BoundedFile.read(path: pendingPath, limit: 1 << 16, regularOnly: true) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Records names before they are created, so an interrupted install's leftovers are provably ours.
    private func addPending(_ names: [String]) throws {
        let all = pendingNames() + names
        try AtomicFile.write(Data(all.map { $0 + "\n" }.joined().utf8), to: pendingPath, mode: 0o644)
    }

    private func clearPending() { unlink(pendingPath) }

    /// Removes what an interrupted install left: only the names it journalled (staging trees,
    /// temporary links, a version and its record), never `current`'s version, never anything else.
    func removeLeftovers() throws {
        let current = try? currentVersion()
        let protected = Set(current.map { ["versions/\($0)", "versions/\($0).json"] } ?? [])
        for name in pendingNames() where !protected.contains(name) && Self.isJournalName(name) {
            try? FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(name))
        }
        clearPending()
    }

    /// The shapes of names hubctl journals; anything else in the journal is ignored.
    static func isJournalName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1 { return name.hasPrefix(".staging-") || name.hasPrefix(".current-") }
        return parts.count == 2 && parts[0] == "versions" && !parts[1].isEmpty && !parts[1].hasPrefix(".")
    }

    /// Whether `versions/<name>` is a profile hubctl installed: its record names that very directory.
    func isInstalledVersion(_ name: String) -> Bool {
        guard let data = try? BoundedFile.read(path: recordPath(name), limit: Self.maximumRecordSize, regularOnly: true) else { return false }
        return ProfileRecord.decoded(from: data)?.version == name
    }

    /// Keeps `current` and the newest other installed versions up to `keep` in all; best effort (a
    /// failure to prune must not fail an install that already switched). Only versions with their
    /// own record are candidates.
    func prune() {
        let fm = FileManager.default
        guard let current = try? currentVersion(),
              let names = try? fm.contentsOfDirectory(atPath: versionsPath) else { return }
        let others = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }
            .filter { $0 != current && isInstalledVersion($0) }
            .map { (name: $0, time: modificationTime(recordPath($0))) }
            .sorted { ($0.time, $0.name) > ($1.time, $1.name) }
        for old in others.dropFirst(keep - 1) {
            // The directory first: a record without its tree is harmless.
            try? fm.removeItem(atPath: (versionsPath as NSString).appendingPathComponent(old.name))
            try? fm.removeItem(atPath: recordPath(old.name))
        }
        AtomicFile.syncDirectory(versionsPath)
    }

    private func modificationTime(_ file: String) -> Double {
        var info = stat()
        guard stat(file, &info) == 0 else { return 0 }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    func recordPath(_ version: String) -> String {
        (versionsPath as NSString).appendingPathComponent(version + ".json")
    }

    private func damaged(_ why: String) -> HubError {
        .data("The profile directory \(path) is damaged: \(why). Run `hubctl acp fetch --force` to install the profile again.",
              code: ErrorCode.profileDamaged)
    }

    /// A bundle id as a directory name: letters, digits, `.`, `_`, `-` kept, the rest `_`.
    static func sanitize(_ id: String) -> String {
        let mapped = id.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return scalar.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-" || c == "_") ? c : "_"
        }
        var name = String(mapped.prefix(64))
        if name.hasPrefix(".") || name.isEmpty { name = "_" + name }
        return name
    }

    static func timestamp(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970)
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                      parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    static func randomSuffix() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}

/// Flushes a whole filesystem once (syncfs), rather than one fsync per file, which would make a
/// bundle of thousands of small files slow. Glibc's Swift module does not export syncfs (a GNU
/// extension), so it is looked up at run time; `sync()` is the fallback.
enum FileSystemSync {
    private typealias SyncFS = @convention(c) (Int32) -> Int32

    static func flush(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { sync(); return }
        defer { close(fd) }
        if let symbol = dlsym(nil, "syncfs") {
            _ = unsafeBitCast(symbol, to: SyncFS.self)(fd)
        } else {
            sync()
        }
    }
}
