// Request bodies streamed through libcurl's read callback: sent whole, sent again on a retry,
// a reader that fails aborts the request with its own error, and one that ends short of its
// declared length stops the request.

import Foundation
import HubCore
@testable import HubTransport
import Testing

private struct ReaderBroke: Error {}

/// A reader over `data` in small pieces, counting how often it was opened.
private final class PieceReader: Sendable {
    let data: Data
    let opened = OpenCount()
    init(_ data: Data) { self.data = data }

    func body(length: Bool = true) -> RequestBody {
        let data = self.data, opened = self.opened
        return .stream(length: length ? Int64(data.count) : nil) {
            opened.increment()
            var offset = 0
            return { buffer in
                let n = min(buffer.count, 1000, data.count - offset)
                data.copyBytes(to: buffer, from: offset..<(offset + n))
                offset += n
                return n
            }
        }
    }
}

private final class OpenCount: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite("Streamed request bodies")
struct StreamedBodyTests {
    let options = TransportOptions(connectTimeout: 5, totalTimeout: 10,
                                   retry: RetryPolicy(maxAttempts: 3, initialBackoff: 0.01, maxBackoff: 0.05))
    /// 300 kB of a repeating, position-dependent pattern: a dropped or repeated piece shows.
    let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })

    @Test func aStreamedBodyArrivesWhole() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(204)))
        let client = try CurlHTTPClient(options: options)
        let reader = PieceReader(payload)
        let response = try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/upload",
                                                   headers: [HTTPHeader("Content-Type", "text/plain")], upload: reader.body()))
        #expect(response.status == 204)
        let got = try #require(server.requests.first)
        #expect(got.header("Content-Length") == String(payload.count))
        #expect(got.header("Content-Type") == "text/plain")
        #expect(got.body == payload)
        #expect(reader.opened.value == 1)
    }

    @Test func aRetryReadsTheBodyAgainFromItsStart() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(503)), .respond(ScriptedServer.response(201)))
        let client = try CurlHTTPClient(options: options)
        let reader = PieceReader(payload)
        let response = try client.send(HTTPRequest(method: "PUT", url: server.baseURL + "/again", upload: reader.body()))
        #expect(response.status == 201)
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.body == payload && $0.method == "PUT" })
        #expect(reader.opened.value == 2)
    }

    @Test func aFailingReaderAbortsWithItsOwnError() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(204)))
        let client = try CurlHTTPClient(options: options)
        let body = RequestBody.stream(length: 10_000) {
            { _ in throw ReaderBroke() }
        }
        #expect(throws: ReaderBroke.self) {
            try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/broken", upload: body))
        }
    }

    /// A body that ends before its declared length (a file truncated while it is sent) stops the
    /// request at once, instead of leaving the server waiting for the rest until the time limit.
    @Test func aBodyShorterThanItsLengthStopsTheRequest() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(204)))
        let client = try CurlHTTPClient(options: TransportOptions(connectTimeout: 5, totalTimeout: 60, retry: RetryPolicy(maxAttempts: 1)))
        let part = Data(payload.prefix(50_000))
        let body = RequestBody.stream(length: Int64(payload.count)) {
            var offset = 0
            return { buffer in
                let n = min(buffer.count, part.count - offset)
                part.copyBytes(to: buffer, from: offset..<(offset + n))
                offset += n
                return n
            }
        }
        // Without the stop this would end in the 60 s limit's timeout, not in this error.
        #expect {
            try client.send(HTTPRequest(method: "PUT", url: server.baseURL + "/short", upload: body))
        } throws: { error in
            guard let e = error as? HubError else { return false }
            return e.code == .invalidData && e.message.contains("after 50000 of the 300000 bytes")
        }
    }

    @Test func aFileIsSentAsItsBytes() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(204)))
        let path = NSTemporaryDirectory() + "upload-\(UUID().uuidString)"
        try payload.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let client = try CurlHTTPClient(options: options)
        _ = try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/file", upload: try .file(path)))
        #expect(server.requests.first?.body == payload)
    }
}
