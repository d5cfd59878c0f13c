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
public final class FileLock {
    private let fd: Int32

    /// Blocks until the lock on `path` is held. The lock file is created 0600 if missing.
    public init(path: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw AtomicFile.fileError("open lock file \(path)", errno) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let e = errno
            close(fd)
            throw AtomicFile.fileError("lock \(path)", e)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
