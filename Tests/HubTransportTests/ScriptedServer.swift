// A loopback HTTP/1.1 server for the transport tests: answers requests with canned raw responses, records what it got.

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the server does with the next request it reads.
enum ScriptedAction: Sendable {
    /// Write these bytes as the answer; the connection stays open unless they say `Connection: close`.
    case respond(Data)
    /// Write the pieces one by one with a pause between them (a body arriving in chunks).
    case pieces([Data], pauseMilliseconds: Int)
    /// Never answer (until the server stops).
    case hang
    /// Close the connection without a word.
    case close
}

struct RecordedRequest: Sendable {
    var method: String
    var target: String
    var headers: [(name: String, value: String)]
    var body: Data
    var head: String
    var connection: Int

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Listens on 127.0.0.1 on a port the kernel picks; one thread accepts, one thread per connection.
/// When the script runs out, it answers 500 so a test that sends too much fails instead of hanging.
final class ScriptedServer: Sendable {
    let port: Int
    private let listener: Int32
    private struct State {
        var script: [ScriptedAction] = []
        var recorded: [RecordedRequest] = []
        var connections = 0
        var stopped = false
    }
    private let state = Mutex(State())

    var baseURL: String { "http://127.0.0.1:\(port)" }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    func enqueue(_ actions: ScriptedAction...) {
        state.withLock { $0.script.append(contentsOf: actions) }
    }

    var requests: [RecordedRequest] { state.withLock { $0.recorded } }
    var connectionCount: Int { state.withLock { $0.connections } }

    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { close(listener) }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    /// Waits up to 50 ms for `fd` to be readable; false when the server stops meanwhile.
    private func waitReadable(_ fd: Int32) -> Bool? {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, 50)
        if isStopped { return nil }
        return ready > 0
    }

    private func acceptLoop() {
        while true {
            guard let readable = waitReadable(listener) else { return }
            guard readable else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let number = state.withLock { state -> Int in state.connections += 1; return state.connections }
            let thread = Thread { [self] in serve(client, connection: number) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32, connection: Int) {
        defer { close(fd) }
        var buffer = Data()
        while let request = readRequest(fd, buffer: &buffer, connection: connection) {
            let action = state.withLock { state -> ScriptedAction in
                state.recorded.append(request)
                return state.script.isEmpty
                    ? .respond(Self.response(500, body: "the test script has no answer for this request"))
                    : state.script.removeFirst()
            }
            switch action {
            case .respond(let data):
                guard write(fd, data) else { return }
                if String(decoding: data.prefix(2048), as: UTF8.self).lowercased().contains("connection: close") { return }
            case .pieces(let pieces, let pause):
                for piece in pieces {
                    guard write(fd, piece) else { return }
                    usleep(useconds_t(pause * 1000))
                }
            case .hang:
                // Until the client gives up (EOF) or the server stops.
                while let readable = waitReadable(fd) {
                    guard readable else { continue }
                    var sink = [UInt8](repeating: 0, count: 1024)
                    if recv(fd, &sink, sink.count, 0) <= 0 { return }
                }
                return
            case .close:
                return
            }
        }
    }

    private func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Reads one request (head and a Content-Length body); nil when the peer closed or the server stopped.
    private func readRequest(_ fd: Int32, buffer: inout Data, connection: Int) -> RecordedRequest? {
        let separator = Data("\r\n\r\n".utf8)
        func fill() -> Bool {
            while true {
                guard let readable = waitReadable(fd) else { return false }
                if !readable { continue }
                var chunk = [UInt8](repeating: 0, count: 8192)
                let count = recv(fd, &chunk, chunk.count, 0)
                if count <= 0 { return false }
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
        }
        while buffer.range(of: separator) == nil {
            guard fill() else { return nil }
        }
        let end = buffer.range(of: separator)!
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<end.upperBound)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Data(buffer.prefix(length))
        buffer.removeFirst(length)
        return RecordedRequest(method: requestLine.first.map(String.init) ?? "",
                               target: requestLine.count > 1 ? String(requestLine[1]) : "",
                               headers: headers, body: body, head: head, connection: connection)
    }

    // MARK: - Canned answers

    static func response(_ status: Int, headers: [(String, String)] = [], body: String = "") -> Data {
        var head = "HTTP/1.1 \(status) Scripted\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.utf8.count)\r\n\r\n"
        return Data(head.utf8) + Data(body.utf8)
    }

    /// A chunked answer as separate pieces: the head, then one piece per chunk, then the terminator.
    static func chunked(_ status: Int, headers: [(String, String)] = [], chunks: [Data]) -> [Data] {
        var head = "HTTP/1.1 \(status) Scripted\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Transfer-Encoding: chunked\r\n\r\n"
        var pieces = [Data(head.utf8)]
        for chunk in chunks {
            pieces.append(Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8))
        }
        pieces.append(Data("0\r\n\r\n".utf8))
        return pieces
    }
}

/// Collects verbose lines from the client (called on the request's thread).
final class LogLines: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}

/// A loopback port nobody listens on: bound (so no other test can take it) but never listening,
/// so connecting is refused. Releasing it and reusing the number raced with parallel tests.
final class RefusingPort {
    let port: Int
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { close(fd); throw POSIXError(.EADDRINUSE) }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}
