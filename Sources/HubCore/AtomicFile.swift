// Crash-safe file replacement (temp file, fsync, rename, fsync directory) and private directories.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum AtomicFile {
    /// Replaces `path` with `data` so that a crash at any instant leaves either the old or the new
    /// file. The temp file is created next to the target (O_EXCL|O_NOFOLLOW, `mode`) and removed on
    /// every error path.
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let tmp = "\(dir.isEmpty ? "." : dir)/.\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw fileError("create \(tmp)", errno) }
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        do {
            defer { close(fd) }
            _ = fchmod(fd, mode)
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw fileError("write \(tmp)", errno)
                    }
                    offset += n
                }
            }
            guard fsync(fd) == 0 else { throw fileError("fsync \(tmp)", errno) }
        }
        guard rename(tmp, path) == 0 else { throw fileError("rename to \(path)", errno) }
        ok = true
        syncDirectory(dir.isEmpty ? "." : dir)
    }

    /// fsync a directory so a rename in it is durable.
    public static func syncDirectory(_ dir: String) {
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    /// Creates `path` (and parents) with mode 0700 when missing.
    public static func ensurePrivateDirectory(_ path: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            if !isDir.boolValue {
                throw HubError(.cannotCreate, code: .notADirectory, "\(path) exists and is not a directory. Remove it or choose another --home.")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw HubError(.cannotCreate, code: .cannotCreate, "Cannot create directory \(path): \(error.localizedDescription). Check the permissions or choose another --home.")
        }
    }

    public static func fileError(_ what: String, _ err: Int32) -> HubError {
        let reason = String(cString: strerror(err))
        let kind: FailureKind = (err == ENOENT) ? .noInput : .cannotCreate
        return HubError(kind, code: err == ENOSPC ? .diskFull : .cannotCreate,
                        "Cannot \(what): \(reason). Check that the directory exists, is writable and has free space.")
    }
}

/// An exclusive advisory lock on a separate, stable lock file, held across read-modify-write.
/// Waiting for it is bounded (docs/security.md §17): a holder doing network I/O can keep it for a
/// while, never forever. The holder writes who it is into the lock file (hubctl's own file), so
/// the one that gives up can say who held it.
public final class FileLock {
    private let fd: Int32

    /// How long a lock is waited for when the caller gives no deadline.
    public static let defaultWait: Duration = .seconds(120)

    /// Waits until the lock on `path` is held, at most until `until` (by default `defaultWait`
    /// from now): then `lock_held` (75), naming the holder when the lock file says who it is.
    /// `what` names the lock in that message ("the vault"). The lock file is created 0600 if missing.
    public init(path: String, until: ContinuousClock.Instant? = nil, what: String = "a lock") throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw AtomicFile.fileError("open lock file \(path)", errno) }
        let end = until ?? ContinuousClock.now + Self.defaultWait
        var pause: Duration = .milliseconds(5)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            if e == EINTR { continue }
            guard e == EWOULDBLOCK || e == EAGAIN else {
                close(fd)
                throw AtomicFile.fileError("lock \(path)", e)
            }
            let now = ContinuousClock.now
            guard now < end else {
                let holder = Self.holder(fd: fd)
                close(fd)
                throw HubError(.temporary, code: .lockHeld,
                               "\(holder.map { "Another hubctl (\($0))" } ?? "Another process") holds \(what) (\(path)) and did not release it before the deadline. Wait for it to finish, or raise --deadline.")
            }
            Thread.sleep(forTimeInterval: min(pause, now.duration(to: end)).inSeconds)
            pause = min(pause * 2, .milliseconds(200))
        }
        // Who holds it now, for a process that has to give up waiting.
        let me = "pid \(getpid()): " + Self.commandName()
        _ = ftruncate(fd, 0)
        _ = me.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        // No holder any more: a waiter must not name a process that is done.
        _ = ftruncate(fd, 0)
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// What the holder wrote, when that process is still alive.
    private static func holder(fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("pid "), let pid = Int32(text.dropFirst(4).prefix { $0.isNumber }), kill(pid, 0) == 0 || errno == EPERM else {
            return nil
        }
        return text
    }

    /// `hubctl vault set`: the program and its leading words, never an option or its value.
    private static func commandName() -> String {
        let arguments = CommandLine.arguments
        let program = (arguments.first as NSString?)?.lastPathComponent ?? "hubctl"
        return ([program] + arguments.dropFirst().prefix { !$0.hasPrefix("-") }.prefix(2)).joined(separator: " ")
    }
}
