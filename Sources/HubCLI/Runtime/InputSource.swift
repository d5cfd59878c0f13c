// The one way commands read input: a visible line (a password on stdin, a yes/no answer), a
// secret line with echo off (a passphrase at a prompt), or all the bytes (`vault set`, `-` as a
// file), every read bounded in size and the waits by the deadline (docs/security.md §17). The
// process uses its stdin; in-process tests give the bytes.

import CLibraries
import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public protocol InputSource: Sendable {
    /// Whether a person may be typing: prompts are offered only then.
    var isTerminal: Bool { get }
    /// The next line without its line ending; nil at the end of input.
    func readLine() -> String?
    /// The next line read with echo off on a terminal; nil at the end of input. `prompt` runs once
    /// echo is off, so a prompt is never shown while what is typed in answer could still echo (or,
    /// typed early, be flushed away).
    func readSecretLine(prompting prompt: () -> Void) throws -> [UInt8]?
    /// Everything that is left, at most `limit` bytes (`.tooLarge` past it) and waiting at most until
    /// `until` (`.timedOut`): the bounded read every command uses for `-`.
    func readAll(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> Data
    /// Everything that is left, into a private spool file (for an input read more than once, or too
    /// large for memory): at most `limit` bytes, waiting no longer than `until`.
    func spool(limit: Int64, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> InputFile
    /// The next line's bytes without its line ending, as they are (no UTF-8 repair); at most
    /// `limit` + 1 bytes of it, the rest of a longer line read and dropped, so a caller sees that it
    /// was too long without holding it. nil at the end of input.
    func readLineBytes(limit: Int) -> [UInt8]?
}

extension InputSource {
    /// A secret line without a prompt of its own.
    public func readSecretLine() throws -> [UInt8]? { try readSecretLine(prompting: {}) }
}

/// The process's standard input.
public struct StandardInput: InputSource {
    public let isTerminal: Bool

    public init() { isTerminal = isatty(STDIN_FILENO) == 1 }

    /// What is kept of one line read from stdin (a password, a token, an answer): the rest of a
    /// longer line is read and dropped, so no line can take the process's memory.
    public static let maximumLineBytes = 64 << 10

    public func readLine() -> String? {
        readLineBytes(limit: Self.maximumLineBytes).map { String(decoding: $0.prefix(Self.maximumLineBytes), as: UTF8.self) }
    }

    public func readSecretLine(prompting prompt: () -> Void) throws -> [UInt8]? {
        try Terminal.readLineWithoutEcho(prompt: prompt)
    }


    public func readLineBytes(limit: Int) -> [UInt8]? { BoundedLineReader.readLine(from: hub_stdin_stream(), limit: limit) }

    public func readAll(limit: Int, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> Data {
        try BoundedFile.read(fd: STDIN_FILENO, limit: limit, until: until)
    }

    public func spool(limit: Int64, until: ContinuousClock.Instant?) throws(BoundedFile.Failure) -> InputFile {
        try InputFile.spool(fd: STDIN_FILENO, name: "stdin", limit: limit, until: until)
    }
}

/// Reads lines from a C stream with a bound on what is kept of each (any bytes, NUL included).
enum BoundedLineReader {
    static func readLine(from stream: UnsafeMutablePointer<FILE>, limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        var sawAny = false
        flockfile(stream)
        defer { funlockfile(stream) }
        while true {
            let c = getc_unlocked(stream)
            if c == EOF { break }
            sawAny = true
            if c == 0x0A { break }
            if line.count <= limit { line.append(UInt8(truncatingIfNeeded: c)) }
        }
        guard sawAny else { return nil }
        if line.last == 0x0D, line.count <= limit { line.removeLast() }
        return line
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

    public func readLine() -> String? {
        readLineBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    public func readSecretLine(prompting prompt: () -> Void) throws -> [UInt8]? {
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

    public func readLineBytes(limit: Int) -> [UInt8]? {
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
