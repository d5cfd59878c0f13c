// Client log upload (docs/protocol.md §15.3): every line is checked before anything is sent, the
// body is streamed from the file in requests of at most `maximumRequestBytes` split on line
// boundaries, to Mobile Services' text/plain API or SMP 3's multipart `/clientlogs`.

import Foundation
import HubCore
import HubTransport

public enum LogSeverity: Int, Sendable, Comparable, CaseIterable {
    case debug = 1, info, warn, error, fatal

    public static func < (a: LogSeverity, b: LogSeverity) -> Bool { a.rawValue < b.rawValue }

    var name: String { String(describing: self).uppercased() }

    static func parse<C: Collection<UInt8>>(_ bytes: C) -> LogSeverity? {
        switch String(decoding: bytes, as: UTF8.self) {
        case "DEBUG": .debug
        case "INFO": .info
        case "WARN", "WARNING": .warn
        case "ERROR": .error
        case "FATAL": .fatal
        default: nil
        }
    }

    /// The lowest severity a connection's `ConnectionLogLevel` lets through; nil for NONE (nothing).
    public static func minimum(connectionLogLevel level: String) -> LogSeverity?? {
        switch level.uppercased() {
        case "NONE": return .some(nil)
        case "PATH", "DEBUG", "ALL": return .some(.debug)
        case "INFO": return .some(.info)
        case "WARN", "WARNING": return .some(.warn)
        case "ERROR": return .some(.error)
        case "FATAL": return .some(.fatal)
        default: return nil
        }
    }
}

/// Where the log comes from: a file or stdin read through one descriptor (`InputFile`: checked,
/// then streamed, and streamed again on a retry, without opening anything twice), or bytes in memory.
public enum LogSource: Sendable {
    case file(InputFile)
    case bytes(Data)

    var name: String {
        switch self {
        case .file(let input): input.name
        case .bytes: "stdin"
        }
    }
}

/// One request's share of the log: a range of the source, and what of it is sent.
public struct LogChunk: Sendable, Equatable {
    public var start: Int64
    public var end: Int64
    /// Bytes and lines sent (fewer than the range holds when a minimum severity filters).
    public var bytes: Int64
    public var lines: Int
}

public struct LogUploadPlan: Sendable {
    public var chunks: [LogChunk]
    public var totalLines: Int
    public var filtered: Bool
    public var sentLines: Int { chunks.reduce(0) { $0 + $1.lines } }
    public var sentBytes: Int64 { chunks.reduce(0) { $0 + $1.bytes } }
}

public struct LogUploadResult: Sendable {
    public var platform: Platform
    public var deviceId: String
    public var source: String
    public var requests: Int
    public var lines: Int
    public var bytes: Int64
    /// Lines left out because they are below `minimum`.
    public var filteredLines: Int
    public var minimum: LogSeverity?
    /// Why nothing was sent (`--from-settings` with upload disabled), nil when it was.
    public var skipped: String?
}

public enum LogFormat {
    /// The longest line accepted (and the most a reader holds at once).
    public static let maximumLineBytes = 1 << 20
    static let block = 1 << 20

    /// Why a line (without its line ending) is not `#date#severity#correlation#source#location#message#`,
    /// with `\` escaping a `#` inside a field; nil when it is one. Returns the severity too.
    static func check(_ line: UnsafeRawBufferPointer) -> Result<LogSeverity, LineProblem> {
        let bytes = line.bindMemory(to: UInt8.self)
        let hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
        guard bytes.count >= 2, bytes.first == hash, bytes.last == hash else {
            return .failure(bytes.isEmpty ? .blank : .notDelimited)
        }
        // Count the separators, skipping escaped characters; keep where the first three are.
        var count = 0, second = 0, third = 0, lastSeparator = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == backslash { i += 2; continue }
            if b == hash {
                count += 1
                if count == 2 { second = i } else if count == 3 { third = i }
                if count > 7 { return .failure(.fieldCount) }
                lastSeparator = i
            }
            i += 1
        }
        guard count == 7, lastSeparator == bytes.count - 1 else { return .failure(.fieldCount) }
        guard isTimestamp(UnsafeBufferPointer(rebasing: bytes[1..<second])) else { return .failure(.date) }
        guard let severity = LogSeverity.parse(UnsafeBufferPointer(rebasing: bytes[(second + 1)..<third])) else { return .failure(.severity) }
        return .success(severity)
    }

    enum LineProblem: Error {
        case blank, notDelimited, fieldCount, date, severity, tooLong

        var text: String {
            switch self {
            case .blank: "is blank"
            case .notDelimited: "does not start and end with '#'"
            case .fieldCount: "does not have the six fields date#severity#correlation#source#location#message between '#' (escape a '#' in a field as \\#)"
            case .date: "has no date of the form 2024-07-01T17:16:08.637+02:00 in its first field"
            case .severity: "has no severity DEBUG, INFO, WARN, ERROR or FATAL in its second field"
            case .tooLong: "is longer than 1 MiB"
            }
        }
    }

    /// `YYYY-MM-DDThh:mm:ss[.s…](Z|±hh:mm|±hhmm)`.
    static func isTimestamp(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= b.count && b[range].allSatisfy { $0 >= 48 && $0 <= 57 } }
        guard b.count >= 20, digits(0..<4), b[4] == UInt8(ascii: "-"), digits(5..<7), b[7] == UInt8(ascii: "-"), digits(8..<10),
              b[10] == UInt8(ascii: "T"), digits(11..<13), b[13] == UInt8(ascii: ":"), digits(14..<16), b[16] == UInt8(ascii: ":"),
              digits(17..<19) else { return false }
        var i = 19
        if b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
            guard i > start else { return false }
        }
        let zone = b[i...]
        if zone.count == 1 && zone.first == UInt8(ascii: "Z") { return true }
        guard let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return false }
        if zone.count == 6 { return digits((i + 1)..<(i + 3)) && b[i + 3] == UInt8(ascii: ":") && digits((i + 4)..<(i + 6)) }
        if zone.count == 5 { return digits((i + 1)..<(i + 5)) }
        return false
    }

    /// Reads the source once, checks every line and cuts it into chunks of at most `maximumBytes`
    /// (sent bytes), on line boundaries. Lines below `minimum` are counted but not sent.
    /// Memory: one block and at most one line.
    public static func plan(_ source: LogSource, maximumBytes: Int64, minimum: LogSeverity?) throws -> LogUploadPlan {
        var chunks: [LogChunk] = []
        var current = LogChunk(start: 0, end: 0, bytes: 0, lines: 0)
        var lineNumber = 0
        var total = 0
        try forEachLine(source) { line, start, length in
            lineNumber += 1
            let content = line.count > 0 && line[line.count - 1] == 0x0D ? UnsafeRawBufferPointer(rebasing: line[0..<(line.count - 1)]) : line
            let severity: LogSeverity
            switch check(content) {
            case .success(let s): severity = s
            case .failure(let problem): throw invalidLine(lineNumber, problem, source: source)
            }
            total += 1
            let sent = minimum.map { severity >= $0 } ?? true
            if sent {
                if current.bytes + length > maximumBytes {
                    if current.lines == 0 {
                        throw HubError(.data, code: .invalidLogLine,
                                       "Line \(lineNumber) of \(source.name) is \(length) bytes, more than one request may carry (--max-request-size \(maximumBytes)). Nothing was sent; raise the limit.")
                    }
                    chunks.append(current)
                    current = LogChunk(start: start, end: start, bytes: 0, lines: 0)
                }
                current.bytes += length
                current.lines += 1
            }
            current.end = start + length
        }
        if current.lines > 0 { chunks.append(current) }
        return LogUploadPlan(chunks: chunks, totalLines: total, filtered: minimum != nil && minimum != .debug)
    }

    static func invalidLine(_ number: Int, _ problem: LineProblem, source: LogSource) -> HubError {
        HubError(.data, code: .invalidLogLine,
                 "Line \(number) of \(source.name) \(problem.text). Nothing was sent; each line is #date#severity#correlation#source#location#message#.")
    }

    /// Calls `body` with each line (line ending included in `length`, not in the bytes given
    /// except a `\r`), its offset and its length. A last line without a newline counts.
    static func forEachLine(_ source: LogSource, range: Range<Int64>? = nil,
                            _ body: (UnsafeRawBufferPointer, Int64, Int64) throws -> Void) throws {
        switch source {
        case .bytes(let data):
            let lower = Int(range?.lowerBound ?? 0), upper = Int(range?.upperBound ?? Int64(data.count))
            _ = try data.withUnsafeBytes { all in
                try scanLines(UnsafeRawBufferPointer(rebasing: all[lower..<upper]), base: Int64(lower), final: true, body)
            }
        case .file(let input):
            var offset = range?.lowerBound ?? 0
            let end = min(range?.upperBound ?? input.size, input.size)
            var carry = Data()
            while offset < end {
                let want = Int(min(Int64(block), end - offset))
                let chunk = try input.read(at: offset, count: want)
                guard !chunk.isEmpty else { break }
                var data = carry
                data.append(chunk)
                let base = offset - Int64(carry.count)
                offset += Int64(chunk.count)
                let consumed = try data.withUnsafeBytes { try scanLines($0, base: base, final: false, body) }
                carry = data.subdata(in: consumed..<data.count)
                if carry.count > maximumLineBytes {
                    throw HubError(.data, code: .invalidLogLine, "A line of \(input.name) is longer than 1 MiB. Nothing was sent.")
                }
            }
            if !carry.isEmpty {
                let base = offset - Int64(carry.count)
                _ = try carry.withUnsafeBytes { try scanLines($0, base: base, final: true, body) }
            }
        }
    }

    /// The complete lines of `buffer` (and with `final` the rest too); returns the bytes consumed.
    @discardableResult
    static func scanLines(_ buffer: UnsafeRawBufferPointer, base: Int64, final: Bool,
                          _ body: (UnsafeRawBufferPointer, Int64, Int64) throws -> Void) throws -> Int {
        guard let start = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
            if let newline = memchr(start + offset, 0x0A, buffer.count - offset) {
                let n = (start + offset).distance(to: UnsafeRawPointer(newline))
                try body(UnsafeRawBufferPointer(start: start + offset, count: n), base + Int64(offset), Int64(n + 1))
                offset += n + 1
            } else {
                guard final else { return offset }
                let n = buffer.count - offset
                try body(UnsafeRawBufferPointer(start: start + offset, count: n), base + Int64(offset), Int64(n))
                offset = buffer.count
            }
        }
        return offset
    }
}

/// Streams one chunk: the source's bytes in range, or (with a minimum severity) only its lines at
/// or above it. Made anew for every attempt of the request (reading the same descriptor again).
final class LogChunkReader {
    private let source: LogSource
    private let chunk: LogChunk
    private let minimum: LogSeverity?
    private let prefix: Data
    private let suffix: Data
    private var pending = Data()
    private var pendingOffset = 0
    private var position: Int64
    private var carry = Data()
    private var stage = 0

    init(source: LogSource, chunk: LogChunk, minimum: LogSeverity?, prefix: Data, suffix: Data) throws {
        self.source = source
        self.chunk = chunk
        self.minimum = minimum
        self.prefix = prefix
        self.suffix = suffix
        self.position = chunk.start
        pending = prefix
    }

    /// Fills `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while pendingOffset >= pending.count {
            pending = Data()
            pendingOffset = 0
            guard try refill() else { return 0 }
        }
        let n = min(buffer.count, pending.count - pendingOffset)
        pending.withUnsafeBytes { src in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: src[pendingOffset..<(pendingOffset + n)]))
        }
        pendingOffset += n
        return n
    }

    /// The next piece of the body into `pending`; false at the end.
    private func refill() throws -> Bool {
        switch stage {
        case 0:
            if position < chunk.end, let raw = try nextRaw() {
                guard let minimum else { pending = raw; return true }
                var data = carry
                data.append(raw)
                var kept = Data()
                let final = position >= chunk.end
                let consumed = try data.withUnsafeBytes { buffer in
                    try LogFormat.scanLines(buffer, base: 0, final: final) { line, offset, length in
                        let content = line.count > 0 && line[line.count - 1] == 0x0D ? UnsafeRawBufferPointer(rebasing: line[0..<(line.count - 1)]) : line
                        if case .success(let severity) = LogFormat.check(content), severity >= minimum {
                            kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[Int(offset)..<Int(offset + length)]))
                        }
                    }
                }
                carry = data.subdata(in: consumed..<data.count)
                pending = kept
                return true
            }
            stage = 1
            pending = suffix
            return !suffix.isEmpty
        default:
            return false
        }
    }

    private func nextRaw() throws -> Data? {
        let want = Int(min(Int64(LogFormat.block), chunk.end - position))
        guard want > 0 else { return nil }
        let data: Data
        switch source {
        case .bytes(let all): data = all.subdata(in: (all.startIndex + Int(position))..<(all.startIndex + Int(position) + want))
        case .file(let input): data = try input.read(at: position, count: want)
        }
        guard !data.isEmpty else { throw HubError(.data, code: .invalidData, "The log changed while it was being sent (it is shorter now). Nothing more was sent.") }
        position += Int64(data.count)
        return data
    }
}

public struct ClientLogService {
    let context: ClientServiceContext

    public init(context: ClientServiceContext) { self.context = context }

    /// The body of one request: SMP 3 wraps the lines in a multipart form.
    static let boundary = "hubctl-clientlog-boundary-7d1c5b2e"

    public func upload(_ source: LogSource, plan: LogUploadPlan, minimum: LogSeverity?) throws -> LogUploadResult {
        var requests = 0
        for chunk in plan.chunks {
            do {
                try send(source, chunk: chunk, minimum: plan.filtered ? minimum : nil)
            } catch var error as HubError where requests > 0 {
                error.message += " (\(requests) of \(plan.chunks.count) requests had been sent: lines up to offset \(chunk.start) arrived.)"
                throw error
            }
            requests += 1
        }
        return LogUploadResult(platform: context.platform, deviceId: context.deviceId, source: source.name, requests: requests,
                               lines: plan.sentLines, bytes: plan.sentBytes, filteredLines: plan.totalLines - plan.sentLines,
                               minimum: minimum, skipped: nil)
    }

    private func send(_ source: LogSource, chunk: LogChunk, minimum: LogSeverity?) throws {
        let session = context.session
        let prefix: Data, suffix: Data, url: String, contentType: String
        switch context.platform {
        case .mobileServices:
            (prefix, suffix) = (Data(), Data())
            url = context.endpoint.clientLogsURL(deviceId: context.deviceId)
            contentType = "text/plain; charset=utf-8"
        case .smp3:
            prefix = Data("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"client.log\"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n".utf8)
            suffix = Data("\r\n--\(Self.boundary)--\r\n".utf8)
            url = context.endpoint.smp3ClientLogsURL
            contentType = "multipart/form-data; boundary=\(Self.boundary)"
        }
        let length = Int64(prefix.count) + chunk.bytes + Int64(suffix.count)
        let body = RequestBody.stream(length: length) {
            let reader = try LogChunkReader(source: source, chunk: chunk, minimum: minimum, prefix: prefix, suffix: suffix)
            return { buffer in try reader.read(into: buffer) }
        }
        // Log lines are appended on the server; a retry could store them twice, so no retry.
        let response = try session.send(session.upload("POST", url, appcid: context.deviceId, body: body, contentType: contentType, idempotent: false))
        switch response.status {
        case 200, 201, 204:
            return
        case 400:
            throw HubError(.data, code: .invalidLogLine,
                           "The server refused the log's format (HTTP 400)\(SMPEndpoint.serverMessage(response).map { ": \($0)" } ?? "").", status: 400)
        case 403:
            throw HubError(.permission, code: .logUploadDisabled,
                           "log upload is not enabled for this application (HTTP 403). Ask the administrator to enable client log upload for '\(context.endpoint.config.appId)'.",
                           status: 403)
        case 404 where context.platform == .mobileServices:
            throw HubError(.noInput, code: .applicationNotFound,
                           "The server's client log service does not know application '\(context.endpoint.config.appId)' (HTTP 404). Check --app-id and --server.", status: 404)
        default:
            throw SMPEndpoint.unexpected(response, doing: "uploading client logs")
        }
    }
}
