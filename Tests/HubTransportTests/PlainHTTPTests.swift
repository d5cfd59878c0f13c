// Secrets over plain HTTP: refused to anything but loopback unless allowed, then warned about.
import CCurl
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

    /// Loopback is what libcurl reads as a 127.0.0.0/8 address (issue 39, item 4): compared with
    /// libcurl's own URL parser, which writes a numeric host it understands as a dotted quad and
    /// keeps any other as a name for the resolver.
    @Test func loopbackIsWhatLibcurlReadsAsALoopbackAddress() throws {
        func libcurlHost(_ host: String) -> String? {
            guard let url = curl_url() else { return nil }
            defer { curl_url_cleanup(url) }
            guard curl_url_set(url, CURLUPART_URL, "http://\(host)/", 0) == CURLUE_OK else { return nil }
            var part: UnsafeMutablePointer<CChar>?
            guard curl_url_get(url, CURLUPART_HOST, &part, 0) == CURLUE_OK, let part else { return nil }
            defer { curl_free(part) }
            return String(cString: part)
        }
        let corpus = ["127.0.0.1", "127.1", "127.0.1", "0x7f.0.0.1", "0177.0.0.1", "2130706433", "127.255.255.255",
                      "127.0.0.08", "127.0.0.019", "127.00.0.09", "127.0.0.1.", "128.0.0.1", "126.255.255.255",
                      "0x80.0.0.1", "127.0.0.256", "127.0.0.1.example.com", "1.2.3.4", "0", "127.09.0.1", "127.0.0.0x1"]
        for host in corpus {
            let curl = libcurlHost(host)
            // An address libcurl understood comes back as a canonical dotted quad; a name as given.
            let parts = (curl ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let canonical = parts.count == 4 && parts.allSatisfy { p in UInt8(p).map { String($0) == p } ?? false }
            let curlLoopback = canonical && parts[0] == "127"
            #expect(PlainHTTP.isLoopbackIPv4(host) == curlLoopback, "\(host): libcurl reads \(curl ?? "nothing")")
        }
        #expect(PlainHTTP.exposedHost("http://127.0.0.08/x") == "127.0.0.08")
        #expect(PlainHTTP.exposedHost("http://127.1/x") == nil)
    }

    @Test func theProxyBypassKeepsTheUsersList() {
        #expect(LoopbackProxyBypass.combined(user: nil) == "localhost,127.0.0.0/8,::1")
        #expect(LoopbackProxyBypass.combined(user: " ") == "localhost,127.0.0.0/8,::1")
        #expect(LoopbackProxyBypass.combined(user: "example.org,.corp") == "example.org,.corp,localhost,127.0.0.0/8,::1")
        #expect(LoopbackProxyBypass.combined(user: "*") == "*")
    }
}
