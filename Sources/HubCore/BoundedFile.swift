// The one bounded file read: never more than `limit` bytes in memory, whatever the path names
// (a huge file, a pipe, a device). Callers word the error, so each keeps its own code and exit status.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum BoundedFile {
    /// The system call that failed.
    public enum Step: Sendable, Equatable {
        case stat, open, read
    }

    /// Why a bounded read failed.
    public enum Failure: Error, Sendable, Equatable {
        /// Nothing is at the path (`stat` said ENOENT or ENOTDIR).
        case missing
        /// The path is a directory.
        case directory
        /// The path is a FIFO, socket or device and only a regular file was asked for (reading one
        /// could block forever).
        case notRegular
        /// More than `limit` bytes; `size` is the file's size when `stat` told it before reading.
        case tooLarge(size: Int64?)
        /// `stat`, `open` or `read` failed with `errno`.
        case failed(Step, errno: Int32)
    }

    /// Reads the whole file at `path`, at most `limit` bytes: a regular file larger than that is
    /// refused by its size before anything is read, and the read itself stops at `limit + 1` bytes
    /// for pipes and devices. `openFlags` are added to `O_RDONLY | O_CLOEXEC` (e.g. `O_NOFOLLOW`).
    /// `regularOnly` refuses FIFOs, sockets and devices before opening them: files a user names for
    /// checking are read that way, so a FIFO without a writer cannot hang the command.
    public static func read(path: String, limit: Int, openFlags: Int32 = 0, regularOnly: Bool = false) throws(Failure) -> Data {
        var info = stat()
        if stat(path, &info) != 0 {
            let err = errno
            if err == ENOENT || err == ENOTDIR { throw .missing }
            throw .failed(.stat, errno: err)
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw .directory }
        if regularOnly && type != S_IFREG { throw .notRegular }
        if type == S_IFREG && Int64(info.st_size) > Int64(limit) { throw .tooLarge(size: Int64(info.st_size)) }
        // Non-blocking open for regular-only reads: a FIFO swapped in after the check cannot block.
        let fd = open(path, O_RDONLY | O_CLOEXEC | openFlags | (regularOnly ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw .failed(.open, errno: errno) }
        defer { close(fd) }
        if regularOnly {
            var opened = stat()
            guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        }
        return try read(fd: fd, limit: limit)
    }

    /// Reads `fd` to its end, failing with `.tooLarge(size: nil)` as soon as more than `limit`
    /// bytes arrive. Does not close `fd`.
    public static func read(fd: Int32, limit: Int) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: min(64 * 1024, limit + 1))
        while true {
            let n = buffer.withUnsafeMutableBytes { raw in
                // Never ask for more than one byte past the limit.
                let wanted = min(raw.count, limit + 1 - data.count)
                #if canImport(Glibc)
                return Glibc.read(fd, raw.baseAddress, wanted)
                #else
                return Darwin.read(fd, raw.baseAddress, wanted)
                #endif
            }
            if n < 0 {
                let err = errno
                if err == EINTR { continue }
                throw .failed(.read, errno: err)
            }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            if data.count > limit { throw .tooLarge(size: nil) }
        }
    }
}
