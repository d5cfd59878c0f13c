// Secrets over plain HTTP: refused to anything but loopback unless allowed, then warned about.
import Foundation
import Synchronization
import Testing
@testable import HubCore
@testable import HubTransport

@Suite struct PlainHTTPTests {
    @Test func loopbackAndHTTPSAreNotExposed() {
        for url in ["https://ms.example.com/x", "http://127.0.0.1:8080/x", "http://127.1.2.3/x", "http://localhost/x",
                    "http://api.localhost:9/x", "http://[::1]:8080/x", "HTTP://LOCALHOST/x"] {
            #expect(PlainHTTP.exposedHost(url) == nil, "\(url)")
        }
        #expect(PlainHTTP.exposedHost("http://ms.example.com/x") == "ms.example.com")
        #expect(PlainHTTP.exposedHost("http://10.0.0.1:443/x") == "10.0.0.1")
        #expect(PlainHTTP.exposedHost("http://127.0.0.1.example.com/x") == "127.0.0.1.example.com")
        #expect(PlainHTTP.exposedHost("http://[::2]/x") == "::2")
    }

    @Test func onlyRequestsWithSecretsAreChecked() throws {
        let url = "http://ms.example.com/x"
        try PlainHTTP.check(HTTPRequest(method: "GET", url: url), policy: .refuse)
        var basic = HTTPRequest(method: "GET", url: url)
        basic.credentials = BasicCredentials(user: "u", password: "p")
        let token = HTTPRequest(method: "GET", url: url, headers: [HTTPHeader("authorization", "Bearer t")])
        let apiKey = HTTPRequest(method: "POST", url: url, headers: [HTTPHeader("X-API-Key", "k")])
        var marked = HTTPRequest(method: "POST", url: url)
        marked.carriesSecrets = true
        for request in [basic, token, apiKey, marked] {
            do {
                try PlainHTTP.check(request, policy: .refuse)
                Issue.record("a secret to \(url) must be refused")
            } catch let e as HubError {
                #expect(e.code == .plainHttpRefused)
                #expect(e.exitCode == 78)
                #expect(!e.message.contains("Bearer t") && !e.message.contains("k\""))
            }
        }
        let warnings = Mutex<[String]>([])
        try PlainHTTP.check(apiKey, policy: .allow(warn: { line in warnings.withLock { $0.append(line) } }))
        try PlainHTTP.check(token, policy: .allow(warn: { line in warnings.withLock { $0.append(line) } }))
        #expect(warnings.withLock { $0.count } == 2, "a warning each time")
    }

    @Test func theClientRefusesBeforeConnecting() throws {
        // Port 9 of a name that never resolves: refused before any lookup or connection.
        let client = try CurlHTTPClient(options: TransportOptions(retry: RetryPolicy(maxAttempts: 1)))
        var request = HTTPRequest(method: "GET", url: "http://hubctl-plain-http.invalid:9/x")
        request.credentials = BasicCredentials(user: "u", password: "p")
        #expect(throws: HubError.self) { try client.send(request) }
        do { _ = try client.send(request) } catch let e as HubError { #expect(e.code == .plainHttpRefused) }
    }
}
