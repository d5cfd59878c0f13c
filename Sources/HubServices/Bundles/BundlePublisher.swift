// `hubctl bundle publish` and `bundle prune` below the command layer (docs/protocol.md §19.4):
// what is refused before anything is sent, the order of the requests, and what a failed upload
// leaves behind (the entity it created is removed, or named with the command that removes it).

import Foundation
import HubBundles
import HubCore
import HubTransport
import Synchronization

/// What `bundle publish` sends: a file (or stdin's spool) as it is, or a directory zipped as it is sent.
public enum BundleSource: Sendable {
    case file(InputFile)
    case directory(DeterministicZip, path: String)

    /// Reads what is given, refusing (64) before anything is sent: an input over 1 GB, a
    /// password-protected zip. `stdin`: the spooled standard input.
    public static func checked(_ input: InputFile) throws -> BundleSource {
        guard input.size <= BundleAdmin.maximumBytes else { throw tooLarge(input.name, input.size) }
        if try ZipEncryption.isEncrypted(size: input.size, read: { try input.read(at: $0, count: $1) }) == true {
            throw HubError.usage("\(input.name) is a password-protected zip, which Mobile Services does not take (\"password protected zip files are not supported\"). Nothing was sent.", code: .invalidData)
        }
        return .file(input)
    }

    public static func tooLarge(_ name: String, _ size: Int64) -> HubError {
        HubError.usage("\(name) is \(size) bytes; Mobile Services takes bundles of at most 1 GB (\(BundleAdmin.maximumBytes) bytes). Nothing was sent.", code: .tooLarge)
    }

    public var length: Int64 {
        switch self {
        case .file(let input): input.size
        case .directory(let zip, _): zip.length
        }
    }

    /// The body, read as it is sent; `sent` sees every piece (count, progress).
    func body(_ sent: @escaping @Sendable (_ count: Int, _ restart: Bool) -> Void) -> RequestBody {
        .stream(length: length) {
            sent(0, true)
            let read = reader()
            return { buffer in
                let n = try read(buffer)
                sent(n, false)
                return n
            }
        }
    }

    /// The content's SHA-256, computed from a reader of its own while the requests go out.
    func startDigest() -> BackgroundDigest {
        BackgroundDigest { reader() }
    }

    /// A new reader of the content from its first byte.
    private func reader() -> BackgroundDigest.Reader {
        switch self {
        case .file(let input):
            let offset = OffsetBox()
            return { buffer in
                try offset.advance { at in
                    let n = try input.read(at: at, into: buffer)
                    if n == 0, at < input.size, buffer.count > 0 { throw Self.changed(input.name) }
                    return n
                }
            }
        case .directory(let zip, _):
            let reader = zip.reader()
            return { try reader.read(into: $0) }
        }
    }

    /// Whether what was sent is what the digest read: the same number of bytes, from a file not
    /// written to meanwhile (a directory's zip checks each file's CRC-32 as it reads it).
    func isUnchanged(sent: Int64, digested: Int64) -> Bool {
        guard sent == digested, digested == length else { return false }
        if case .file(let input) = self { return input.isUnchangedSinceOpened }
        return true
    }

    /// A file that changed (or shrank) while it was being sent.
    static func changed(_ name: String) -> HubError {
        HubError(.data, code: .bundleMismatch,
                 "\(name) changed while it was being sent, so the bundle on the server may not be what the file holds; run the command again once it is stable.")
    }

    /// A server that answered the upload (2xx) before it had read the whole body.
    static func answeredEarly(_ bundle: BundleId, sent: Int64, of length: Int64) -> HubError {
        HubError(.unavailable, code: .connectionLost,
                 "Mobile Services answered the upload of \(HubError.quoted(bundle.id)) before receiving the whole bundle (\(sent) of \(length) bytes read for it), so what it stored may be cut short; try again.")
    }

    var name: String {
        switch self {
        case .file(let input): input.name
        case .directory(_, let path): path
        }
    }
}

/// Where a reader of a file is. A reader is called by one thread at a time (libcurl's for the
/// upload, the digest's own), but not always the same one, so the offset is behind a lock rather
/// than shared unguarded.
final class OffsetBox: Sendable {
    private let offset = Mutex<Int64>(0)

    /// Runs `read` at the current offset and moves on by what it read.
    func advance(_ read: (Int64) throws -> Int) throws -> Int {
        try offset.withLock { at in
            let n = try read(at)
            at += Int64(n)
            return n
        }
    }
}

/// Counts the bytes of the attempt under way (the digest reads the content on its own:
/// BackgroundDigest).
final class SentBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var sent: Int64 = 0
    let progress: (@Sendable (Int64) -> Void)?

    init(progress: (@Sendable (Int64) -> Void)?) { self.progress = progress }

    func take(_ count: Int, restart: Bool) {
        lock.lock()
        if restart { sent = 0 }
        sent += Int64(count)
        let now = sent
        lock.unlock()
        progress?(now)
    }

    var count: Int64 {
        lock.lock(); defer { lock.unlock() }
        return sent
    }
}

extension BundlePublisher {
    /// What `publish` does when the bundle exists: fail, skip the upload, or replace it. The app's
    /// create has a policy of its own (`MobileServicesApps.IfExists`: fail or reuse): each is named
    /// by its owner, and neither is a top-level `IfExists`.
    public enum IfExists: String, Sendable, Equatable, CaseIterable {
        case fail, skip, replace
    }
}

/// What `bundle publish` did.
public struct BundlePublishResult: Sendable, Equatable {
    public var bundleId: String
    /// The bytes sent and their SHA-256 (hex); nil when nothing was uploaded (`--if-exists skip`).
    public var bytes: Int64?
    public var sha256: String?
    public var isDefault: Bool
    /// The entity was created by this run (false: it existed).
    public var created: Bool
    public var uploaded: Bool
}

/// What `bundle prune` did (or, with `dryRun`, would do).
public struct BundlePruneResult: Sendable, Equatable {
    public struct Failure: Sendable, Equatable {
        public var bundleId: String
        public var message: String
        public var code: ErrorCode
    }

    public var kept: [String]
    public var deleted: [String]
    /// The deletes that failed; the others were still tried.
    public var failed: [Failure] = []
    /// Bundles whose `CreatedAt` is missing or not a time while others have one: the versions were
    /// then ordered by version, not by time (the command says so on stderr).
    public var untimed: [(bundleId: String, created: String?)] = []

    public static func == (a: Self, b: Self) -> Bool {
        a.kept == b.kept && a.deleted == b.deleted && a.failed == b.failed
            && a.untimed.map(\.bundleId) == b.untimed.map(\.bundleId) && a.untimed.map(\.created) == b.untimed.map(\.created)
    }
}

public struct BundlePublisher {
    public let admin: BundleAdmin
    public let appId: String

    public init(admin: BundleAdmin, appId: String) {
        self.admin = admin
        self.appId = appId
    }

    /// Creates the entity, uploads the content streamed, makes it the default when asked.
    /// `limitCheck`: the list is read first; when it is readable, a 101st bundle is refused (64)
    /// before the entity is created.
    public func publish(_ bundle: BundleId, source: BundleSource, fileExtension: String, makeDefault: Bool, ifExists: BundlePublisher.IfExists,
                        progress: (@Sendable (Int64) -> Void)? = nil, note: ((String) -> Void)? = nil) throws -> BundlePublishResult {
        // Started first, so that it fills the round trips; stopped if nothing is uploaded.
        let digest = source.startDigest()
        defer { digest.cancel() }
        var existing: [AdminBundle]?
        do {
            existing = try admin.list(appId: appId)
        } catch let e as HubError where e.kind != .permission || e.status == 403 {
            // A list this key may not read (or cannot be read) only leaves the 100 limit to the server.
            note?("hubctl: the bundle list could not be read (\(e.message)); the server checks the limit of \(BundleAdmin.maximumBundles)")
        }
        if let existing, !existing.contains(where: { $0.id == bundle.id }), existing.count >= BundleAdmin.maximumBundles {
            throw HubError.usage("Application \(HubError.quoted(appId)) has \(existing.count) bundles, Mobile Services' limit of \(BundleAdmin.maximumBundles); remove old ones first (`hubctl bundle prune --name NAME --keep K`). Nothing was created.", code: .tooManyEntries)
        }
        let created = try admin.create(appId: appId, bundle, fileExtension: fileExtension, isDefault: makeDefault)
        if !created {
            switch ifExists {
            case .fail:
                throw HubError(.cannotCreate, code: .bundleExists,
                               "Bundle \(HubError.quoted(bundle.id)) already exists (HTTP 409); nothing was uploaded. Publish another version, or pass --if-exists skip or --if-exists replace.",
                               status: 409)
            case .skip:
                let current = (try? admin.show(appId: appId, bundle))?.isDefault ?? false
                return BundlePublishResult(bundleId: bundle.id, bytes: nil, sha256: nil, isDefault: current, created: false, uploaded: false)
            case .replace:
                break
            }
        }
        let sent = SentBytes(progress: progress)
        let content: (hex: String, count: Int64)
        do {
            try admin.upload(appId: appId, bundle, body: source.body { sent.take($0, restart: $1) })
            // Answered before the body was read to its end: not a file that changed (the reader
            // says that itself when it finds one), but a server that did not wait for the bundle.
            guard sent.count == source.length else { throw BundleSource.answeredEarly(bundle, sent: sent.count, of: source.length) }
            content = try digest.result()
            guard source.isUnchanged(sent: sent.count, digested: content.count) else { throw BundleSource.changed(source.name) }
        } catch let failure as HubError {
            throw cleanUp(after: failure, bundle, created: created)
        }
        if makeDefault { try admin.setDefault(appId: appId, bundle) }
        return BundlePublishResult(bundleId: bundle.id, bytes: content.count, sha256: content.hex,
                                   isDefault: makeDefault || isDefaultAfterUpload(bundle, existing: existing),
                                   created: created, uploaded: true)
    }

    /// Whether the bundle is the default after its upload, from the list read before it: it was
    /// (`--if-exists replace` of the default), or the application had no default, so the upload
    /// made it one (SAP: "the first upload becomes the default"; an application whose default was
    /// deleted is taken to work the same way, *inferred*). Only a list that could not be read costs
    /// a read back of the entity.
    func isDefaultAfterUpload(_ bundle: BundleId, existing: [AdminBundle]?) -> Bool {
        guard let existing else { return (try? admin.show(appId: appId, bundle))?.isDefault ?? false }
        return existing.first { $0.id == bundle.id }?.isDefault == true || !existing.contains { $0.isDefault }
    }

    /// The error of a failed upload, saying what it left: the entity it created is deleted; one it
    /// could not delete, or one that existed before (`replace`), is named with the command to run.
    func cleanUp(after failure: HubError, _ bundle: BundleId, created: Bool) -> HubError {
        var result = failure
        let remove = "`hubctl bundle delete \(bundle.id)`"
        if created {
            do {
                _ = try admin.delete(appId: appId, bundle)
                result.message += " The bundle entity this run created was removed; nothing is left on the server."
            } catch {
                let why = (error as? HubError)?.message ?? "\(error)"
                result.message += " The bundle entity this run created could not be removed (\(why)); remove it with \(remove)."
            }
        } else {
            result.message += " Bundle \(HubError.quoted(bundle.id)) existed before and may now hold part of the upload: publish it again with --if-exists replace, or remove it with \(remove)."
        }
        return result
    }

    /// Deletes the bundles named `name` beyond the newest `keep`, never the default. Every listed
    /// name and version was checked when the list was read (`BundleAdmin.list`), before any delete.
    /// A delete that fails is reported in `failed` and the others are still tried.
    public func prune(name: String, keep: Int, dryRun: Bool) throws -> BundlePruneResult {
        let (all, untimed) = Self.newestFirst(try admin.list(appId: appId, name: name))
        var kept: [String] = [], doomed: [AdminBundle] = []
        for (i, b) in all.enumerated() {
            if i < keep || b.isDefault { kept.append(b.id) } else { doomed.append(b) }
        }
        var deleted: [String] = [], failed: [BundlePruneResult.Failure] = []
        for b in doomed {
            if dryRun { deleted.append(b.id); continue }
            do {
                _ = try admin.delete(appId: appId, try BundleId(name: b.name, version: b.version))
                deleted.append(b.id)
            } catch let error as HubError {
                failed.append(.init(bundleId: b.id, message: error.message, code: error.code))
            }
        }
        return BundlePruneResult(kept: kept, deleted: deleted, failed: failed, untimed: untimed)
    }

    /// Newest first: by creation time (`CreatedAt` read as an instant, whatever its zone) when
    /// every bundle has one; else by version, and the bundles without a readable time are named.
    static func newestFirst(_ bundles: [AdminBundle]) -> (sorted: [AdminBundle], untimed: [(bundleId: String, created: String?)]) {
        let times = bundles.map { $0.created.flatMap(ISO8601.date(from:)) }
        let untimed = zip(bundles, times).filter { $0.1 == nil }.map { (bundleId: $0.0.id, created: $0.0.created) }
        guard untimed.isEmpty else {
            // All without a time is the documented order by version, nothing to say.
            let said = bundles.contains { $0.created != nil } ? untimed : []
            return (bundles.sorted { versionOrder($1.version, $0.version) }, said)
        }
        let sorted = zip(bundles, times).sorted { a, b in
            a.1! != b.1! ? a.1! > b.1! : versionOrder(b.0.version, a.0.version)
        }
        return (sorted.map(\.0), [])
    }

    /// Whether version `a` comes before `b`: dot-separated parts, numbers as numbers.
    static func versionOrder(_ a: String, _ b: String) -> Bool {
        let pa = a.split(separator: "."), pb = b.split(separator: ".")
        for (x, y) in zip(pa, pb) where x != y {
            if let nx = Int(x), let ny = Int(y) { return nx < ny }
            return x < y
        }
        return pa.count < pb.count
    }
}
