// The one way commands read input: a visible line (a password on stdin, a yes/no answer), a
// secret line with echo off (a passphrase at a prompt), or all the bytes (`vault set`, `-` as a
// file), every read bounded in size and the waits by the deadline (docs/security.md §17). The
// process uses its stdin; in-process tests give the bytes.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public protocol InputSource: Sendable {
    /// Whether a person may be typing: prompts are offered only then.
    var isTerminal: Bool { get }
    /// The next line without its line ending; nil at the end of input. Waits no longer than `until`
    /// (`.timedOut`): a pipe or FIFO nobody writes to, a terminal nobody types at.
    func readLine(until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> String?
    /// The next line read with echo off on a terminal; nil at the end of input. `prompt` runs once
    /// echo is off, so a prompt is never shown while what is typed in answer could still echo (or,
    /// typed early, be flushed away). Waits no longer than `until` (`.timedOut`).
    func readSecretLine(until: ContinuousClock.Instant?, prompting prompt: () -> Void) throws(BoundedFile.Failure) -> [UInt8]?
    /// Everything that is left, at most `limit` bytes (`.tooLarge` past it) and waiting at most until
    /// `until` (`.timedOut`): the bounded read every command uses for `-`.
    func readAll(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> Data
    /// Everything that is left, into a private spool file (for an input read more than once, or too
    /// large for memory): at most `limit` bytes, waiting no longer than `until`.
    func spool(limit: Int64, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> InputFile
    /// The next line's bytes without its line ending, as they are (no UTF-8 repair); at most
    /// `limit` + 1 bytes of it, the rest of a longer line read and dropped, so a caller sees that it
    /// was too long without holding it. nil at the end of input. Waits no longer than `until`.
    func readLineBytes(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> [UInt8]?
}

/// Reads with the messages of a command: what was waited for, what is too large, a path that is
/// missing or not a file. The command layer reads stdin and files only through these and the
/// protocol's own reads (LayeringTests holds it).
extension InputSource {
    /// A line of stdin (`readLine`), its failure worded as waiting for `what` on stdin.
    public func readLine(until: ContinuousClock.Instant?, waitingFor what: String) throws -> String? {
        do throws(BoundedFile.Failure) { return try readLine(until: until) } catch {
            throw HubError.stdin(error, waitingFor: what)
        }
    }

    /// All of stdin for a command given `-`: at most `limit` bytes, waiting no longer than `until`
    /// (the deadline). `what` names the input in messages; `tooLarge` is the error past the limit.
    public func readAll(limit: Int, until: ContinuousClock.Instant, what: String, tooLarge: ErrorCode) throws -> Data {
        do throws(BoundedFile.Failure) {
            return try readAll(limit: limit, until: until)
        } catch {
            throw HubError.input(error, label: "\(what) on stdin", limit: limit, tooLarge: tooLarge)
        }
    }

    /// A whole FILE argument (a regular file, or a pipe such as `<(cmd)`, read once): at most
    /// `limit` bytes, a pipe waited for no longer than `until`.
    public func readFile(_ path: String, limit: Int, until: ContinuousClock.Instant, what: String, tooLarge: ErrorCode) throws -> Data {
        do throws(BoundedFile.Failure) {
            return try readFile(path, limit: limit, until: until)
        } catch .missing {
            throw HubError.noInput("No \(what) at \(path). Check the path.", code: .fileNotFound)
        } catch .directory {
            throw HubError.noInput("\(path) is a directory, not a \(what).", code: .notAFile)
        } catch {
            throw HubError.input(error, label: path, limit: limit, tooLarge: tooLarge)
        }
    }

    /// A `FILE|-` argument whole: stdin for `-` (named "the `what` on stdin" in messages), else the
    /// file (`readFile`). The one place the `-` of such an argument is told apart from a path.
    public func read(_ path: String, limit: Int, until: ContinuousClock.Instant, what: String, tooLarge: ErrorCode) throws -> Data {
        path == "-" ? try readAll(limit: limit, until: until, what: "the " + what, tooLarge: tooLarge)
                    : try readFile(path, limit: limit, until: until, what: what, tooLarge: tooLarge)
    }

    /// A `FILE|-` argument opened once: stdin spooled (at most `spoolLimit` bytes), else the file
    /// through one descriptor (`openFile`, at most `fileLimit`); failures left to the caller to word.
    public func open(_ path: String, spoolLimit: Int64, fileLimit: Int64, until: ContinuousClock.Instant) throws(BoundedFile.Failure) -> InputFile {
        path == "-" ? try spool(limit: spoolLimit, until: until) : try openFile(path, limit: fileLimit, until: until)
    }

    /// A file's bytes as they are (at most `limit`; a pipe waited for until `until`), failures left
    /// to the caller to word.
    public func readFile(_ path: String, limit: Int, until: ContinuousClock.Instant) throws(BoundedFile.Failure) -> Data {
        try BoundedFile.read(path: path, limit: limit, wait: max(0, ContinuousClock.now.duration(to: until).inSeconds))
    }

    /// A file opened once through one descriptor (a regular file as it is, a pipe spooled), at most
    /// `limit` bytes, waiting no longer than `until`.
    public func openFile(_ path: String, limit: Int64, until: ContinuousClock.Instant) throws(BoundedFile.Failure) -> InputFile {
        try InputFile.open(path: path, limit: limit, until: until)
    }
}

/// The process's standard input.
public struct StandardInput: InputSource {
    public let isTerminal: Bool

    public init() { isTerminal = isatty(STDIN_FILENO) == 1 }

    /// What is kept of one line read from stdin (a password, a token, an answer): the rest of a
    /// longer line is read and dropped, so no line can take the process's memory.
    public static let maximumLineBytes = 64 << 10

    public func readLine(until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> String? {
        try readLineBytes(limit: Self.maximumLineBytes, until: until).map { String(decoding: $0.prefix(Self.maximumLineBytes), as: UTF8.self) }
    }

    public func readSecretLine(until: ContinuousClock.Instant?, prompting prompt: () -> Void) throws(BoundedFile.Failure) -> [UInt8]? {
        try Terminal.readLineWithoutEcho(until: until, prompt: prompt)
    }

    public func readLineBytes(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> [UInt8]? {
        try StandardInputBuffer.readLine(limit: limit, until: until)
    }

    public func readAll(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> Data {
        // What a line read before left in the buffer is the start of "everything that is left".
        let head = StandardInputBuffer.takeBuffered()
        guard head.count <= limit else { throw .tooLarge(size: nil) }
        var data = Data(head)
        data.append(try BoundedFile.read(fd: STDIN_FILENO, limit: limit - head.count, until: until))
        return data
    }

    public func spool(limit: Int64, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> InputFile {
        try InputFile.spool(fd: STDIN_FILENO, name: "stdin", limit: limit, until: until, prefix: StandardInputBuffer.takeBuffered())
    }
}

/// stdin read a line at a time through one buffer for the process, each read(2) preceded by a
/// poll(2) that gives up at the caller's deadline: a C stream's `getc` blocks in read(2) for as long
/// as a silent pipe, a FIFO nobody writes to or a terminal nobody types at keeps it waiting, and
/// what it buffers past a line is invisible to poll(2). What one read(2) brings past a line is kept
/// for the next line, or for `readAll`/`spool`.
enum StandardInputBuffer {
    private struct State {
        var bytes: [UInt8] = []
        var start = 0
        var ended = false
    }

    private static let state = Mutex(State())

    static func readLine(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> [UInt8]? {
        try state.withLock { (state: inout State) throws(BoundedFile.Failure) -> [UInt8]? in
            var line: [UInt8] = []
            var sawAny = false
            while true {
                if state.start == state.bytes.count {
                    if state.ended { break }
                    try refill(&state, until: until)
                    continue
                }
                sawAny = true
                let rest = state.bytes[state.start...]
                let end = rest.firstIndex(of: 0x0A)
                // Never more than `limit` + 1 bytes kept: the rest of a longer line is read and dropped.
                line.append(contentsOf: rest[..<(end ?? rest.endIndex)].prefix(max(0, limit + 1 - line.count)))
                if let end {
                    state.start = end + 1
                    break
                }
                state.start = state.bytes.count
            }
            guard sawAny else { return nil }
            if line.last == 0x0D, line.count <= limit { line.removeLast() }
            return line
        }
    }

    /// What the buffer holds that no line has taken; the buffer is empty after.
    static func takeBuffered() -> [UInt8] {
        state.withLock { state in
            defer { state.bytes = []; state.start = 0 }
            return Array(state.bytes[state.start...])
        }
    }

    /// One read(2) of at most 64 KiB into the empty buffer, once poll(2) says there is something
    /// to read (or the writer is gone), waiting no longer than `until`.
    private static func refill(_ state: inout State, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            try BoundedFile.waitReadable(STDIN_FILENO, until: until)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n > 0 {
                state.bytes = Array(buffer[0..<n])
                state.start = 0
                return
            }
            if n == 0 {
                state.ended = true
                return
            }
            let err = errno
            if err == EINTR || err == EAGAIN || err == EWOULDBLOCK { continue }
            // No stdin at all (closed by whoever started hubctl): the end of input, as a C stream reads it.
            if err == EBADF {
                state.ended = true
                return
            }
            throw .failed(.read, errno: err)
        }
    }
}

/// Input given as bytes (tests, and anything that runs a command in-process).
public final class BufferedInput: InputSource {
    public let isTerminal: Bool
    private let remaining: Mutex<Data>

    public init(_ data: Data = Data(), isTerminal: Bool = false) {
        self.isTerminal = isTerminal
        self.remaining = Mutex(data)
    }

    public convenience init(_ text: String, isTerminal: Bool = false) {
        self.init(Data(text.utf8), isTerminal: isTerminal)
    }

    public func readLine(until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> String? {
        readLineBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    public func readSecretLine(until: ContinuousClock.Instant?, prompting prompt: () -> Void) throws(BoundedFile.Failure) -> [UInt8]? {
        prompt()
        return readLineBytes()
    }

    /// Everything that is left (the bounded reads below check its size).
    private func takeAll() -> Data {
        remaining.withLock { data in
            defer { data = Data() }
            return data
        }
    }

    public func readLineBytes(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> [UInt8]? {
        readLineBytes().map { Array($0.prefix(limit + 1)) }
    }

    public func readAll(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> Data {
        let all = takeAll()
        guard all.count <= limit else { throw .tooLarge(size: Int64(all.count)) }
        return all
    }

    public func spool(limit: Int64, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> InputFile {
        let all = takeAll()
        guard Int64(all.count) <= limit else { throw .tooLarge(size: Int64(all.count)) }
        return try InputFile.spool(bytes: all, name: "stdin")
    }

    private func readLineBytes() -> [UInt8]? {
        remaining.withLock { data -> [UInt8]? in
            guard !data.isEmpty else { return nil }
            let end = data.firstIndex(of: 0x0A)
            var line = Array(data[data.startIndex..<(end ?? data.endIndex)])
            data = end.map { Data(data[data.index(after: $0)...]) } ?? Data()
            if line.last == 0x0D { line.removeLast() }
            return line
        }
    }
}
