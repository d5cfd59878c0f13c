// Answers that are not HTTP: a garbage status line, a reply that is not HTTP at all, headers cut
// off by a closed connection. Each is the server's fault (69), never "fix --server" (78).

import Foundation
import HubCore
@testable import HubTransport
import Testing

@Suite("Malformed answers")
struct MalformedAnswerTests {
    let options = TransportOptions(connectTimeout: 5, totalTimeout: 10,
                                   retry: RetryPolicy(maxAttempts: 3, initialBackoff: 0.01, maxBackoff: 0.02))

    func failure(answering raw: String, times: Int = 1) throws -> (HubError?, Int) {
        let server = try ScriptedServer()
        defer { server.stop() }
        for _ in 0..<times { server.enqueue(.respond(Data(raw.utf8))) }
        let client = try CurlHTTPClient(options: options)
        let error = #expect(throws: HubError.self) { try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/x")) }
        return (error, server.requests.count)
    }

    @Test(arguments: ["HTTP/1.1 abc\r\nConnection: close\r\n\r\n", "SSH-2.0-OpenSSH_9.2\r\nConnection: close\r\n\r\n",
                      "HTTP/7.3 200 OK\r\nConnection: close\r\n\r\n"])
    func aReplyThatIsNotHTTPIsTheServersFault(_ raw: String) throws {
        let (error, _) = try failure(answering: raw)
        #expect(error?.code == .invalidResponse, "\(String(describing: error))")
        #expect(error?.exitCode == 69)
        #expect(error?.message.contains("fix --server") == false)
    }

    @Test func headersCutOffAreRetriedThenTheConnectionIsLost() throws {
        let (error, requests) = try failure(answering: "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Le", times: 3)
        #expect(error?.code == .connectionLost, "\(String(describing: error))")
        #expect(error?.exitCode == 69)
        #expect(requests == 3)
    }
}
