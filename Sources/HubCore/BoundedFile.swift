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
        /// A pipe, FIFO or device gave no end of input before the time allowed (a FIFO nobody
        /// writes to, a process that never ends).
        case timedOut
    }

    /// How long a read of a pipe, FIFO or device waits at most when the caller gives no deadline.
    public static let defaultWait: Double = 30

    /// Reads the whole file at `path`, at most `limit` bytes: a regular file larger than that is
    /// refused by its size before anything is read, and the read itself stops at `limit + 1` bytes
    /// for pipes and devices. `openFlags` are added to `O_RDONLY | O_CLOEXEC | O_NONBLOCK` (e.g.
    /// `O_NOFOLLOW`). The open never waits (a FIFO without a writer opens at once), and a pipe, FIFO
    /// or device (`<(cmd)`, /dev/stdin) is read with `poll` for at most `wait` seconds: then
    /// `.timedOut`. `regularOnly` refuses FIFOs, sockets and devices (hubctl's own files).
    public static func read(path: String, limit: Int, openFlags: Int32 = 0, regularOnly: Bool = false,
                            wait: Double = defaultWait) throws(Failure) -> Data {
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
        // Never a blocking open: a FIFO (or one swapped in after the check) cannot hang here.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | openFlags)
        guard fd >= 0 else { throw .failed(.open, errno: errno) }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0 else { throw .failed(.stat, errno: errno) }
        if opened.st_mode & S_IFMT == S_IFDIR { throw .directory }
        if opened.st_mode & S_IFMT == S_IFREG { return try read(fd: fd, limit: limit) }
        if regularOnly { throw .notRegular }
        return try read(fd: fd, limit: limit, until: .now + .milliseconds(Int64(max(0, min(wait, 86_400)) * 1000)))
    }

    /// Reads `fd` to its end, failing with `.tooLarge(size: nil)` as soon as more than `limit`
    /// bytes arrive, and with `.timedOut` when `until` passes first (each read waits with `poll`,
    /// so a non-blocking descriptor works too). Does not close `fd`.
    public static func read(fd: Int32, limit: Int, until: ContinuousClock.Instant? = nil) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: min(64 * 1024, limit + 1))
        while true {
            if let until { try waitReadable(fd, until: until) }
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
                if err == EAGAIN || err == EWOULDBLOCK {
                    if until == nil { try waitReadable(fd, until: nil) }
                    continue
                }
                throw .failed(.read, errno: err)
            }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            if data.count > limit { throw .tooLarge(size: nil) }
        }
    }

    /// Waits until `fd` has something to read (or its writer is gone), at most until `until`.
    public static func waitReadable(_ fd: Int32, until: ContinuousClock.Instant?) throws(Failure) {
        while true {
            var ms: Int32 = -1
            if let until {
                let left = ContinuousClock.now.duration(to: until)
                let total = left.inMilliseconds
                guard total > 0 else { throw .timedOut }
                ms = Int32(clamping: total)
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, ms)
            if ready > 0 { return }
            if ready == 0 { throw .timedOut }
            if errno != EINTR { throw .failed(.read, errno: errno) }
        }
    }
}

extension HubError {
    /// A line of stdin that could not be read: `timeout` (75) when the deadline ended the wait,
    /// saying what was waited for; `unreadable` (66) when stdin failed.
    public static func stdin(_ error: BoundedFile.Failure, waitingFor what: String) -> HubError {
        if case .timedOut = error {
            return HubError(.temporary, code: .timeout,
                            "hubctl waited for \(what) on stdin until the deadline, and none came (a pipe or FIFO nobody writes to, or a terminal nobody typed at). Give it on stdin, or raise --deadline.")
        }
        let reason = if case .failed(_, let err) = error { String(cString: strerror(err)) } else { "\(error)" }
        return HubError.noInput("stdin cannot be read (waiting for \(what)): \(reason).", code: .unreadable)
    }

    /// A read that failed, in words: `label` names the input (a path, "the value on stdin").
    public static func input(_ error: BoundedFile.Failure, label: String, limit: Int, tooLarge: ErrorCode) -> HubError {
        switch error {
        case .tooLarge:
            return HubError.data("\(label) is larger than \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"); nothing was sent.", code: tooLarge)
        case .timedOut:
            return HubError(.temporary, code: .timeout, "\(label) gave no end of input before the deadline (a FIFO nobody writes to, or a command that does not end). Raise --deadline if it is slow.")
        case .failed(_, let err) where err == ENOSPC || err == EDQUOT:
            // Only a write fails so: the private spool of a pipe or stdin (InputFile.spool), in TMPDIR.
            return HubError(.cannotCreate, code: .diskFull,
                            "No space left to keep \(label) while it is used: the temporary directory \(NSTemporaryDirectory()) (TMPDIR) is full (\(String(cString: strerror(err)))). Free space there or point TMPDIR at another file system; nothing was sent.")
        case .failed(_, let err):
            return HubError.noInput("\(label) cannot be read: \(String(cString: strerror(err))).", code: .unreadable)
        case .missing:
            return HubError.noInput("\(label) does not exist. Check the path.", code: .fileNotFound)
        case .directory, .notRegular:
            return HubError.noInput("\(label) is not a file hubctl can read.", code: .notAFile)
        }
    }
}
