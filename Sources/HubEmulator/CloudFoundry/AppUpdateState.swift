// The App Update feature's revisions (issue 50, docs/protocol.md §17.10 "The emulator"): per
// application and platform the current, staged and pending revisions, each an uploaded file in
// the emulator's own temporary directory with its size and SHA-256; the uploads begun and stored
// per application; the hold-after-store switch. A file goes when no revision refers to it any
// more, and the directory when the state goes (`deinit`) or the server stops (`removeFiles`).

import COpenSSL
import Foundation
import Synchronization

/// One stored revision of one platform.
struct AppUpdateRevision: Sendable {
    let revision: Int
    /// The uploaded file (shared by the platforms of one hybrid package).
    let file: String
    let bytes: Int64
    let sha256: String
    /// Milliseconds since 1970 (KCLI hands `lastModified` to `new Date(…)`).
    let lastModified: Int64
}

/// One platform of an application: what devices get, what testers get, what waits.
struct AppUpdatePlatform: Sendable {
    var current: AppUpdateRevision?
    var staged: AppUpdateRevision?
    var pending: [AppUpdateRevision] = []
    /// The last revision number handed out: numbers never repeat, even after a delete.
    var last = 0

    var isEmpty: Bool { current == nil && staged == nil && pending.isEmpty }
}

public final class AppUpdateState: Sendable {
    struct Store: Sendable {
        var apps: [String: [String: AppUpdatePlatform]] = [:]
        var uploads: [String: Int] = [:]
        var stored: [String: Int] = [:]
        var holdAfterStore: Double = 0
        var files: Set<String> = []
        /// The most bytes of a deploy's body held in memory at once, over every deploy (tests).
        var peakBuffered = 0
    }

    /// Where uploads go: created on the first upload, removed with the state.
    let directory = NSTemporaryDirectory() + "/hubctl-emulator-app-update-" + UUID().uuidString.lowercased()
    private let store = Mutex(Store())

    deinit { removeFiles() }

    /// Removes every uploaded file and the directory (the server stops).
    public func removeFiles() {
        store.withLock { $0.files = [] }
        try? FileManager.default.removeItem(atPath: directory)
    }

    var holdAfterStore: Double {
        get { store.withLock { $0.holdAfterStore } }
        set { store.withLock { $0.holdAfterStore = newValue } }
    }

    /// The most bytes of a deploy's body held in memory at once so far.
    var peakBuffered: Int {
        get { store.withLock { $0.peakBuffered } }
        set { store.withLock { $0.peakBuffered = max($0.peakBuffered, newValue) } }
    }

    /// Counts a POST begun and names a new file for its part.
    func beginUpload(_ appId: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let file = directory + "/" + UUID().uuidString.lowercased() + ".zip"
        store.withLock {
            $0.uploads[appId, default: 0] += 1
            $0.files.insert(file)
        }
        return file
    }

    /// A file no revision will refer to (a refused or cut upload).
    func discard(_ file: String) {
        store.withLock { _ = $0.files.remove(file) }
        unlink(file)
    }

    /// A new pending revision of each platform, all of one file; the revisions and the current
    /// version of the first platform.
    func store(_ appId: String, platforms: [String], file: String, bytes: Int64, sha256: String) -> (revisions: [Int], current: AppUpdateRevision?) {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        return store.withLock { s in
            var revisions: [Int] = []
            for platform in platforms {
                var p = s.apps[appId, default: [:]][platform] ?? AppUpdatePlatform()
                p.last += 1
                p.pending.append(AppUpdateRevision(revision: p.last, file: file, bytes: bytes, sha256: sha256, lastModified: now))
                s.apps[appId, default: [:]][platform] = p
                revisions.append(p.last)
            }
            s.stored[appId, default: 0] += 1
            return (revisions, platforms.first.flatMap { s.apps[appId]?[$0]?.current })
        }
    }

    /// The platforms that have any version, by name.
    func platforms(_ appId: String) -> [(name: String, state: AppUpdatePlatform)] {
        store.withLock { s in (s.apps[appId] ?? [:]).filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    func counts(_ appId: String) -> (uploads: Int, stored: Int) {
        store.withLock { ($0.uploads[appId] ?? 0, $0.stored[appId] ?? 0) }
    }

    /// Changes the platforms of one application, all or nothing: `change` throws the refusal of
    /// the first platform it cannot change, and then nothing is kept. The files its revisions
    /// held that no revision refers to afterwards are deleted.
    func change<T>(_ appId: String, _ change: (inout [String: AppUpdatePlatform]) throws(AppUpdateRefusal) -> T) throws(AppUpdateRefusal) -> T {
        let (result, orphans) = try store.withLock { s throws(AppUpdateRefusal) -> (T, Set<String>) in
            var platforms = s.apps[appId] ?? [:]
            let before = Self.files(platforms)
            let result = try change(&platforms)
            s.apps[appId] = platforms
            let orphans = before.subtracting(s.apps.values.reduce(into: Set<String>()) { $0.formUnion(Self.files($1)) })
            s.files.subtract(orphans)
            return (result, orphans)
        }
        for file in orphans { unlink(file) }
        return result
    }

    private static func files(_ platforms: [String: AppUpdatePlatform]) -> Set<String> {
        Set(platforms.values.flatMap { p in ([p.current, p.staged].compactMap { $0 } + p.pending).map(\.file) })
    }

    /// Forgets an application (its cockpit application was deleted).
    func removeApp(_ appId: String) {
        try? change(appId) { (platforms: inout [String: AppUpdatePlatform]) throws(AppUpdateRefusal) in platforms = [:] }
    }
}

/// Why a change was refused: the message of a 400.
struct AppUpdateRefusal: Error {
    let message: String
}
