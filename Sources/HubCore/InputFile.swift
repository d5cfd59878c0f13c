// An input that a command reads more than once (checked, then sent; sent again on a retry), read
// through one open descriptor: a regular file as it was when opened, or a private spool of a pipe,
// FIFO or stdin, so `<(cmd)` works and no path is ever opened twice (docs/security.md §17).

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which file a descriptor is: its device and inode (`stat`'s `st_dev`, `st_ino`).
public struct FileIdentity: Sendable, Equatable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    public init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

public final class InputFile: Sendable {
    /// The path as given, or "stdin": for messages.
    public let name: String
    /// The bytes there are to read: a regular file's size when it was opened (what is appended later
    /// is not part of this input), or all a pipe gave.
    public let size: Int64
    private let descriptor: Int32
    /// A regular file's modification and status-change times when it was opened (nil for a spool,
    /// which no one else can write).
    private let opened: FileTimes?
    /// A regular file's device and inode (nil for a spool).
    public let identity: FileIdentity?

    private struct FileTimes: Equatable, Sendable {
        let size: Int64, modified: [Int], changed: [Int]
        init(_ info: stat) {
            size = Int64(info.st_size)
            modified = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
            changed = [info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
        }
    }

    private init(name: String, size: Int64, descriptor: Int32, opened: stat? = nil) {
        self.name = name
        self.size = size
        self.descriptor = descriptor
        self.opened = opened.map(FileTimes.init)
        identity = opened.map(FileIdentity.init)
    }

    deinit { close(descriptor) }

    /// Opens `path` without waiting (a FIFO without a writer opens at once): a regular file is used
    /// as it is; anything else is read into a spool, waiting for data no longer than `until`.
    public static func open(path: String, limit: Int64, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> InputFile {
        let (fd, info) = try openWithoutWaiting(path, flags: 0)
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            close(fd)
            throw .directory
        case S_IFREG:
            guard Int64(info.st_size) <= limit else {
                close(fd)
                throw .tooLarge(size: Int64(info.st_size))
            }
            return regular(path, fd, info)
        default:
            defer { close(fd) }
            return try spool(fd: fd, name: path, limit: limit, until: until)
        }
    }

    /// Opens `path` only when it is a regular file itself, for a caller that saw the file before
    /// and compares `identity` and `size` with what it saw: never through a symbolic link
    /// (O_NOFOLLOW: `.failed(.open, errno: ELOOP)`), and a FIFO, socket or device is refused
    /// (`.notRegular`) before a byte is read, the open not waiting for a FIFO's writer.
    public static func openRegular(path: String) throws(BoundedFile.Failure) -> InputFile {
        let (fd, info) = try openWithoutWaiting(path, flags: O_NOFOLLOW)
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw info.st_mode & S_IFMT == S_IFDIR ? .directory : .notRegular
        }
        return regular(path, fd, info)
    }

    /// `path` opened read-only with O_NONBLOCK (and `flags`), and what `fstat` says of it.
    private static func openWithoutWaiting(_ path: String, flags: Int32) throws(BoundedFile.Failure) -> (Int32, stat) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | flags)
        guard fd >= 0 else {
            let err = errno
            if err == ENOENT || err == ENOTDIR { throw .missing }
            throw .failed(.open, errno: err)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let err = errno
            close(fd)
            throw .failed(.stat, errno: err)
        }
        return (fd, info)
    }

    /// A regular file's descriptor, blocking again, as the input it is.
    private static func regular(_ path: String, _ fd: Int32, _ info: stat) -> InputFile {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return InputFile(name: path, size: Int64(info.st_size), descriptor: fd, opened: info)
    }

    /// Reads `fd` to its end into a private temporary file (0600, unlinked at once, so nothing is
    /// left behind whatever happens), at most `limit` bytes, each read waiting no longer than `until`.
    /// `prefix`: bytes of the same input read before (what a line read of stdin left in its buffer).
    public static func spool(fd: Int32, name: String, limit: Int64, until: ContinuousClock.Instant?,
                             prefix: [UInt8] = []) throws(BoundedFile.Failure) -> InputFile {
        let spool = try makeSpool()
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        do throws(BoundedFile.Failure) {
            if !prefix.isEmpty {
                total = Int64(prefix.count)
                if total > limit { throw .tooLarge(size: nil) }
                try write(prefix, count: prefix.count, to: spool)
            }
            while true {
                try BoundedFile.waitReadable(fd, until: until)
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                    throw .failed(.read, errno: errno)
                }
                if n == 0 { break }
                total += Int64(n)
                if total > limit { throw .tooLarge(size: nil) }
                try write(buffer, count: n, to: spool)
            }
        } catch {
            close(spool)
            throw error
        }
        return InputFile(name: name, size: total, descriptor: spool)
    }

    private static func write(_ buffer: [UInt8], count n: Int, to spool: Int32) throws(BoundedFile.Failure) {
        var written = 0
        while written < n {
            let w = buffer.withUnsafeBytes { Glibc.write(spool, $0.baseAddress! + written, n - written) }
            if w < 0 {
                if errno == EINTR { continue }
                throw .failed(.read, errno: errno)
            }
            written += w
        }
    }

    /// A spool of bytes already in memory (in-process tests give stdin that way).
    public static func spool(bytes: Data, name: String) throws(BoundedFile.Failure) -> InputFile {
        let spool = try makeSpool()
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            var written = 0
            while written < raw.count {
                let w = Glibc.write(spool, raw.baseAddress! + written, raw.count - written)
                if w < 0 { if errno == EINTR { continue }; return false }
                written += w
            }
            return true
        }
        guard ok else {
            let err = errno
            close(spool)
            throw .failed(.read, errno: err)
        }
        return InputFile(name: name, size: Int64(bytes.count), descriptor: spool)
    }

    private static func makeSpool() throws(BoundedFile.Failure) -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/hubctl-input-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .failed(.open, errno: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return fd
    }

    /// Whether the file is as it was when opened: same size, not written to, its status not changed
    /// (a spool always is). A command that reads it more than once checks this after the last read.
    public var isUnchangedSinceOpened: Bool {
        guard let opened else { return true }
        var info = stat()
        return fstat(descriptor, &info) == 0 && FileTimes(info) == opened
    }

    /// Up to `count` bytes from `offset` (fewer at the end); never past `size`.
    public func read(at offset: Int64, count: Int) throws -> Data {
        let want = Int(max(0, min(Int64(count), size - offset)))
        guard want > 0 else { return Data() }
        var data = Data(count: want)
        let got = try data.withUnsafeMutableBytes { try read(at: offset, into: $0) }
        return got == want ? data : data.prefix(got)
    }

    /// Up to `buffer.count` bytes from `offset` straight into `buffer` (fewer at the end; never past
    /// `size`): the number read. A streamed upload reads into libcurl's buffer this way, with no
    /// copy and no allocation per piece.
    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let want = Int(max(0, min(Int64(buffer.count), size - offset)))
        guard want > 0, let base = buffer.baseAddress else { return 0 }
        var got = 0
        while got < want {
            let n = pread(descriptor, base + got, want - got, off_t(offset) + off_t(got))
            if n < 0 {
                if errno == EINTR { continue }
                throw HubError.noInput("Cannot read \(name): \(String(cString: strerror(errno))).", code: .unreadable)
            }
            if n == 0 { break }
            got += n
        }
        return got
    }
}
