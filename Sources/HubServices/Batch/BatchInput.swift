// Where a batch's NDJSON comes from: stdin or a file, read a line at a time.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the NDJSON comes from: stdin (a line at a time through the command's input, given as
/// `readLine(limit)`) or a file read line by line, never all at once.
public enum BatchInput: Sendable {
    case standardInput(@Sendable (_ limit: Int) throws(BoundedFile.Failure) -> [UInt8]?)
    case file(LineFile)

    /// Longest line accepted; a longer one is a usage error for that line.
    public static let maxLineBytes = 1 << 20

    public static func open(_ path: String) throws -> LineFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw HubError.noInput("Cannot read the batch file \(path): \(String(cString: strerror(errno))). Check the path.", code: .fileNotFound)
        }
        guard info.st_mode & S_IFMT != S_IFDIR, let stream = fopen(path, "re") else {
            throw HubError.noInput("Cannot read the batch file \(path). Check that it is a readable file.", code: .unreadable)
        }
        return LineFile(stream: stream, regularFileSize: info.st_mode & S_IFMT == S_IFREG ? Int64(info.st_size) : nil)
    }

    /// The next line's bytes (at most `maxLineBytes` + 1 of them, see HubCLI's `InputSource.readLineBytes`).
    /// stdin is waited for without the deadline: the batch reads its jobs for as long as it runs
    /// (each line has a deadline of its own), and a producer that stalls is stopped by a signal.
    func readLine() throws(BoundedFile.Failure) -> [UInt8]? {
        switch self {
        case .standardInput(let readLine): return try readLine(Self.maxLineBytes)
        case .file(let file): return file.readLine(limit: Self.maxLineBytes)
        }
    }
}

/// A file read one line at a time.
/// `@unchecked Sendable`: the FILE pointer is only used by `readLine`, which the batch calls under
/// its scheduler's lock.
public final class LineFile: @unchecked Sendable {
    private let stream: UnsafeMutablePointer<FILE>
    let regularFileSize: Int64?

    init(stream: UnsafeMutablePointer<FILE>, regularFileSize: Int64?) {
        self.stream = stream
        self.regularFileSize = regularFileSize
    }

    deinit { fclose(stream) }

    var descriptor: Int32 { fileno(stream) }

    /// The next line without its line ending (and a CR before it), at most `limit` + 1 bytes of
    /// it kept, the rest of a longer line read and dropped; nil at the end of the file.
    func readLine(limit: Int) -> [UInt8]? {
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

    /// The next line as text (results files: their lines are JSON that hubctl wrote).
    func readTextLine() -> String? {
        readLine(limit: BatchInput.maxLineBytes).map { String(decoding: $0, as: UTF8.self) }
    }
}
