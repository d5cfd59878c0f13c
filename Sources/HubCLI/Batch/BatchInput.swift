// Where a batch's NDJSON comes from: stdin or a file, read a line at a time.

import ArgumentParser
import Foundation
import HubCore
import HubTransport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the NDJSON comes from: stdin (through the context's input) or a file read line by line,
/// never all at once.
enum BatchInput {
    case standardInput(any InputSource)
    case file(LineFile)

    /// Longest line accepted; a longer one is a usage error for that line.
    static let maxLineBytes = 1 << 20

    static func open(_ path: String) throws -> LineFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw HubError.noInput("Cannot read the batch file \(path): \(String(cString: strerror(errno))). Check the path.", code: .fileNotFound)
        }
        guard info.st_mode & S_IFMT != S_IFDIR, let stream = fopen(path, "re") else {
            throw HubError.noInput("Cannot read the batch file \(path). Check that it is a readable file.", code: .unreadable)
        }
        return LineFile(stream: stream, regularFileSize: info.st_mode & S_IFMT == S_IFREG ? Int64(info.st_size) : nil)
    }

    func readLine() -> String? {
        switch self {
        case .standardInput(let source): return source.readLine()
        case .file(let file): return file.readLine()
        }
    }
}

/// A file read one line at a time with getline(3).
/// `@unchecked Sendable`: the FILE pointer is only used by `readLine`, which the batch calls under
/// its scheduler's lock.
final class LineFile: @unchecked Sendable {
    private let stream: UnsafeMutablePointer<FILE>
    let regularFileSize: Int64?
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    init(stream: UnsafeMutablePointer<FILE>, regularFileSize: Int64?) {
        self.stream = stream
        self.regularFileSize = regularFileSize
    }

    deinit {
        free(buffer)
        fclose(stream)
    }

    func readLine() -> String? {
        let n = getline(&buffer, &capacity, stream)
        guard n >= 0, let buffer else { return nil }
        var length = n
        if length > 0, buffer[length - 1] == 0x0A { length -= 1 }
        if length > 0, buffer[length - 1] == 0x0D { length -= 1 }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
