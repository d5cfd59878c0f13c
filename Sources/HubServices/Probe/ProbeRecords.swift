// What `hubctl probe` keeps under the home between runs: when each (server, application) last
// succeeded, and the records of throw-away connections not yet deleted (docs/security.md "Probe
// clean-up").

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// When a probe of each (server, application) last succeeded: `<home>/probe-state.json`, so a
/// failed probe still reports the last success. Numbers are checked when read (docs/security.md §15).
public enum ProbeState {
    static let latestDate: Double = 253_402_300_799   // 9999-12-31T23:59:59Z

    /// Records a success at `at`, or reads the last one after a failure; returns the last success.
    public static func update(home: String, server: String, appId: String, succeeded: Bool, at: Date) throws -> Date? {
        let path = home + "/probe-state.json"
        let key = server + "\n" + appId
        var entries: [String: JSONValue] = [:]
        if let data = try? BoundedFile.read(path: path, limit: 1 << 20, openFlags: O_NOFOLLOW, regularOnly: true),
           case .object(let stored)? = (try? JSONValue.read(data))?["lastSuccess"] {
            entries = stored.filter { seconds($0.value) != nil }
        }
        guard succeeded else { return entries[key].flatMap(seconds).map { Date(timeIntervalSince1970: $0) } }
        entries[key] = .double(at.timeIntervalSince1970.rounded(.down))
        try AtomicFile.ensurePrivateDirectory(home)
        try AtomicFile.write(Data(try JSONValue.object(["lastSuccess": .object(entries)]).written(pretty: false)), to: path)
        return Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
    }

    private static func seconds(_ value: JSONValue) -> Double? {
        let number: Double?
        switch value {
        case .int(let i): number = Double(i)
        case .double(let d): number = d
        default: number = nil
        }
        guard let n = BoundedNumber.seconds(number, maximum: latestDate), n > 0 else { return nil }
        return n
    }
}

/// A throw-away connection of `probe --register`, recorded before its create is sent and removed
/// after its DELETE was answered, so a probe that a crash, `kill -9` or a failing DELETE ended
/// leaves a record the next probe acts on (docs/security.md "Probing"):
/// `<home>/probe/pending-<key>-<connection id>.json` (0600), `key` the first 16 hex digits of the
/// SHA-256 of the server and the application id. The connection id is in the name, so even a record
/// whose body a crash cut short names it; the body says what it belongs to (server, app, user, when).
/// Its owner holds an flock(2) on it while it runs, so another probe never takes a live one for a
/// leftover; the kernel releases it when the process ends, however it ends.
public final class ProbePendingConnection: Sendable {
    let path: String
    public let connectionId: String
    /// The open, locked record; -1 once released.
    private let descriptor: Mutex<Int32>

    private init(path: String, connectionId: String, descriptor: Int32) {
        self.path = path
        self.connectionId = connectionId
        self.descriptor = Mutex(descriptor)
    }

    deinit { release() }

    static func directory(home: String) -> String { home + "/probe" }

    /// `pending-<key>-`: the records of one server and application.
    static func prefix(server: String, appId: String) throws -> String {
        let key = Array((server + "\n" + appId).utf8)
        let digest = try key.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
        return "pending-" + digest.prefix(16) + "-"
    }

    /// Creates the record of `connectionId` (which must not exist) and holds its lock.
    public static func record(home: String, server: String, appId: String, user: String?, connectionId: String,
                       at: Date = Date()) throws -> ProbePendingConnection {
        guard SafeName.isConnectionId(connectionId) else {
            throw HubError.internalError("The probe chose a connection id that is not a safe name: \(HubError.quoted(connectionId)).")
        }
        let dir = directory(home: home)
        try AtomicFile.ensurePrivateDirectory(home)
        try AtomicFile.ensurePrivateDirectory(dir)
        let path = dir + "/" + (try prefix(server: server, appId: appId)) + connectionId + ".json"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw AtomicFile.fileError("create \(path)", errno) }
        let record = ProbePendingConnection(path: path, connectionId: connectionId, descriptor: fd)
        // Locked before anything is written: a probe that finds it unlocked in between (and took it
        // for a leftover) has unlinked it, which `isStill` sees.
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, record.isStill(at: path) else {
            throw HubError(.temporary, code: .stateBusy, "Another probe took the record \(path) while it was being written. Run the probe again.")
        }
        var body: [String: JSONValue] = ["server": .string(server), "appId": .string(appId),
                                         "connectionId": .string(connectionId), "created": .string(ISO8601.string(from: at))]
        if let user { body["user"] = .string(user) }
        let data = Data(try JSONValue.object(body).written(pretty: false))
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count, fsync(fd) == 0 else {
            let e = errno
            record.remove()
            throw AtomicFile.fileError("write \(path)", e)
        }
        AtomicFile.syncDirectory(dir)
        return record
    }

    /// The records of `server` and `appId` that no running process holds, each now locked by this
    /// one; records of other servers, names that are not connection ids, and anything that is not a
    /// regular file are left alone.
    public static func leftovers(home: String, server: String, appId: String) throws -> [ProbePendingConnection] {
        let dir = directory(home: home)
        let prefix = try prefix(server: server, appId: appId)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        var found: [ProbePendingConnection] = []
        for name in names.sorted() where name.hasPrefix(prefix) && name.hasSuffix(".json") {
            let id = String(name.dropFirst(prefix.count).dropLast(".json".count))
            guard SafeName.isConnectionId(id) else { continue }
            let path = dir + "/" + name
            let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else { continue }
            let record = ProbePendingConnection(path: path, connectionId: id, descriptor: fd)
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  flock(fd, LOCK_EX | LOCK_NB) == 0, record.isStill(at: path) else { continue }
            found.append(record)
        }
        return found
    }

    /// Whether this process still holds the record (neither removed nor released).
    public var isHeld: Bool { descriptor.withLock { $0 >= 0 } }

    /// The connection is gone: the record is deleted (then its lock released).
    public func remove() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            if isStill(at: path, fd: fd) { unlink(path) }
            close(fd)
            fd = -1
        }
        AtomicFile.syncDirectory((path as NSString).deletingLastPathComponent)
    }

    /// The record stays for the next probe; only its lock is released.
    public func release() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
        }
    }

    private func isStill(at path: String) -> Bool { descriptor.withLock { isStill(at: path, fd: $0) } }

    /// Whether `path` is still the file open as `fd` (not unlinked or replaced since).
    private func isStill(at path: String, fd: Int32) -> Bool {
        var open = stat(), named = stat()
        return fd >= 0 && fstat(fd, &open) == 0 && lstat(path, &named) == 0
            && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}
