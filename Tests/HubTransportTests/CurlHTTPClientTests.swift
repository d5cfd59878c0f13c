// Tests of CurlHTTPClient against the scripted loopback server: requests, retries, limits, redirects, streams, logs.

import Foundation
import HubCore
@testable import HubTransport
import Testing

/// Small backoffs so the retry tests stay fast; nothing here asserts on timing.
private func fastOptions(attempts: Int = 3, log: LogLines? = nil) -> TransportOptions {
    var verbose: (@Sendable (String) -> Void)?
    if let log { verbose = { line in log.append(line) } }
    return TransportOptions(connectTimeout: 5, totalTimeout: 10,
                     retry: RetryPolicy(maxAttempts: attempts, initialBackoff: 0.01, maxBackoff: 0.05),
                     verboseLog: verbose)
}

/// A server that never answers (twice), and a client for it with these limits.
private func neverAnswering(attempts: Int, totalTimeout: Double, deadline: Double = 30) throws -> (ScriptedServer, CurlHTTPClient) {
    let server = try ScriptedServer()
    server.enqueue(.hang, .hang)
    var options = fastOptions(attempts: attempts)
    options.totalTimeout = totalTimeout
    options.deadline = Deadline(seconds: deadline)
    return (server, try CurlHTTPClient(options: options))
}

/// Two servers: the first redirects with `status` to `path` on the second, which answers `answer`.
private func redirecting(_ status: Int, to path: String, answer: Int) throws -> (ScriptedServer, ScriptedServer) {
    let first = try ScriptedServer()
    let second = try ScriptedServer()
    first.enqueue(.respond(ScriptedServer.response(status, headers: [("Location", second.baseURL + path)])))
    second.enqueue(.respond(ScriptedServer.response(answer)))
    return (first, second)
}

/// What a GET of `url` with these options throws (an issue is recorded when it succeeds).
private func getError(_ url: String, _ options: TransportOptions) throws -> HubError? {
    let client = try CurlHTTPClient(options: options)
    return #expect(throws: HubError.self) { try client.send(HTTPRequest(method: "GET", url: url)) }
}

/// A server that redirects with `status` to `location` on itself, then answers 200.
private func movedWithin(_ status: Int, to location: String) throws -> ScriptedServer {
    let server = try ScriptedServer()
    server.enqueue(.respond(ScriptedServer.response(status, headers: [("Location", location)])),
                   .respond(ScriptedServer.response(200)))
    return server
}

private struct SinkRefused: Error {}

@Suite("CurlHTTPClient")
struct CurlHTTPClientTests {
    // MARK: Requests

    @Test func sendsMethodHeadersAndBody() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(201, headers: [("X-Reply", "yes")], body: "{\"ok\":true}")))
        let client = try CurlHTTPClient(options: fastOptions())
        let body = Data("{\"DeviceType\":\"Linux\"}".utf8)
        let response = try client.send(HTTPRequest(
            method: "POST", url: server.baseURL + "/odata/applications/latest/app/Connections",
            headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("X-SMP-APPCID", "abc-123")],
            body: body))

        #expect(response.status == 201)
        #expect(response.header("x-reply") == "yes")
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"ok\":true}")
        let got = try #require(server.requests.first)
        #expect(got.method == "POST")
        #expect(got.target == "/odata/applications/latest/app/Connections")
        #expect(got.header("Content-Type") == "application/json")
        #expect(got.header("X-SMP-APPCID") == "abc-123")
        #expect(got.header("Content-Length") == String(body.count))
        #expect(got.header("Expect") == nil)
        #expect(got.header("Authorization") == nil)
        #expect(got.body == body)
    }

    @Test func basicAuthGoesInTheHeaderNotTheURL() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(200)))
        let client = try CurlHTTPClient(options: fastOptions())
        _ = try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/x",
                                        credentials: BasicCredentials(user: "alice", password: "pa:ss w0rd")))
        let got = try #require(server.requests.first)
        let expected = "Basic " + Data("alice:pa:ss w0rd".utf8).base64EncodedString()
        #expect(got.header("Authorization") == expected)
        #expect(!got.head.contains("pa:ss"))
        #expect(got.target == "/x")
    }

    @Test func reusedHandleDoesNotLeakBodyMethodOrCredentials() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        for _ in 0..<4 { server.enqueue(.respond(ScriptedServer.response(200, body: "ok"))) }
        let client = try CurlHTTPClient(options: fastOptions())
        _ = try client.send(HTTPRequest(method: "PUT", url: server.baseURL + "/a", body: Data("payload".utf8),
                                        credentials: BasicCredentials(user: "u", password: "p")))
        _ = try client.send(HTTPRequest(method: "DELETE", url: server.baseURL + "/b"))
        _ = try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/c"))
        _ = try client.send(HTTPRequest(method: "MERGE", url: server.baseURL + "/d", body: Data("m".utf8)))

        let got = server.requests
        try #require(got.count == 4)
        #expect(got.map(\.method) == ["PUT", "DELETE", "GET", "MERGE"])
        #expect(got[0].body == Data("payload".utf8))
        for bodyless in got[1...2] {
            #expect(bodyless.body.isEmpty)
            #expect(bodyless.header("Content-Length") == nil)
            #expect(bodyless.header("Content-Type") == nil)
            #expect(bodyless.header("Authorization") == nil)
        }
        #expect(got[3].body == Data("m".utf8))
        // One easy handle: the keep-alive connection is reused by PUT, DELETE and GET; the MERGE, which
        // is not idempotent, goes out on a fresh one (docs/security.md "No request sent twice").
        #expect(server.connectionCount == 2)
    }

    @Test func malformedHeaderIsRefusedBeforeSending() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        let client = try CurlHTTPClient(options: fastOptions())
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL,
                                        headers: [HTTPHeader("X-SUP-Domain", "a\r\nX-Evil: 1")]))
        }
        #expect(error?.code == .invalidHeader)
        #expect(server.requests.isEmpty)
    }

    // MARK: Retries

    @Test func retries503ThenSucceeds() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(503)), .respond(ScriptedServer.response(503)),
                       .respond(ScriptedServer.response(200, body: "finally")))
        let client = try CurlHTTPClient(options: fastOptions(attempts: 4))
        let response = try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/r"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "finally")
        #expect(server.requests.count == 3)
    }

    @Test func persistent503IsUnavailableAfterMaxAttempts() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        for _ in 0..<5 { server.enqueue(.respond(ScriptedServer.response(503))) }
        let client = try CurlHTTPClient(options: fastOptions(attempts: 3))
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/r"))
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.exitCode == 69)
        #expect(error?.code == .serverError)
        #expect(error?.status == 503)
        #expect(error?.message.contains("3 attempts") == true)
        #expect(server.requests.count == 3)
    }

    @Test func retryAfterWithinTheDeadlineIsHonoured() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(503, headers: [("Retry-After", "1")])),
                       .respond(ScriptedServer.response(200)))
        let log = LogLines()
        let client = try CurlHTTPClient(options: fastOptions(log: log))
        #expect(try client.send(HTTPRequest(method: "GET", url: server.baseURL)).status == 200)
        #expect(server.requests.count == 2)
        #expect(log.lines.count == 2)
    }

    /// The server asks for longer than the deadline leaves: no wait, no second request, and the
    /// message says what it asked for.
    @Test(arguments: [
        (429, "3600", ErrorCode.rateLimited, 69, "asked to retry after 3600 s"),
        (503, "Fri, 31 Dec 9999 23:59:59 GMT", .serverError, 69, "asked to retry at Fri, 31 Dec 9999 23:59:59 GMT"),
        (408, "99999999999999999999999", .timeout, 75, "asked to retry after 99999999999999999999999 s"),
    ])
    func retryAfterBeyondTheDeadlineFailsAtOnce(_ status: Int, _ retryAfter: String, _ code: ErrorCode,
                                                _ exit: Int32, _ said: String) throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(status, headers: [("Retry-After", retryAfter)])),
                       .respond(ScriptedServer.response(200)))
        var options = fastOptions(attempts: 4)
        options.deadline = Deadline(seconds: 20)
        let client = try CurlHTTPClient(options: options)
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL))
        }
        #expect(error?.code == code)
        #expect(error?.exitCode == exit)
        #expect(error?.status == status)
        #expect(error?.message.contains(said) == true, "\(String(describing: error?.message))")
        #expect(error?.message.contains("of the 20 s deadline (--deadline)") == true)
        #expect(server.requests.count == 1)
    }

    @Test func backoffLongerThanTheTimeLeftStopsRetrying() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(503)), .respond(ScriptedServer.response(200)))
        var options = fastOptions(attempts: 4)
        // The first backoff is 2.5–5 s; the deadline leaves under 2 s.
        options.retry = RetryPolicy(maxAttempts: 4, initialBackoff: 5, maxBackoff: 5)
        options.deadline = Deadline(seconds: 2)
        let client = try CurlHTTPClient(options: options)
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL))
        }
        #expect(error?.code == .serverError)
        #expect(error?.message.contains("after 1 attempt (the 2 s deadline (--deadline) left no time for another)") == true,
                "\(String(describing: error?.message))")
        #expect(server.requests.count == 1)
    }

    @Test func deadlineCutsARequestBeforeItsTimeout() throws {
        let (server, client) = try neverAnswering(attempts: 4, totalTimeout: 600, deadline: 1)
        defer { server.stop() }
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/slow"))
        }
        #expect(error?.exitCode == 75)
        #expect(error?.code == .timeout)
        #expect(error?.message.contains("before the 1 s deadline (--deadline) ran out") == true,
                "\(String(describing: error?.message))")
        #expect(server.requests.count == 1)
    }

    @Test func deadlineCutsADripFeedingStream() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        // Two bytes every 200 ms: never below the low-speed limit, never finished (1 MB announced).
        let head = Data("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n".utf8)
        server.enqueue(.pieces([head] + Array(repeating: Data("ab".utf8), count: 100), pauseMilliseconds: 200))
        var options = fastOptions(attempts: 4)
        options.deadline = Deadline(seconds: 1.5)
        let client = try CurlHTTPClient(options: options)
        var received = 0
        let error = #expect(throws: HubError.self) {
            try client.stream(HTTPRequest(method: "GET", url: server.baseURL + "/bundle")) { received += $0.count }
        }
        #expect(error?.code == .timeout)
        #expect(error?.message.contains("--deadline") == true, "\(String(describing: error?.message))")
        #expect(received > 0)
        #expect(server.requests.count == 1)
    }

    @Test func aDeadlineAlreadyPassedSendsNothing() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        var options = fastOptions()
        options.deadline = Deadline(seconds: 0.001)
        Thread.sleep(forTimeInterval: 0.01)
        let client = try CurlHTTPClient(options: options)
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL))
        }
        #expect(error?.code == .timeout)
        #expect(error?.message.contains("ran out before the request") == true)
        #expect(server.requests.isEmpty)
    }

    @Test func nonIdempotentPostIsNotRetriedAndGetsTheResponse() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(503, body: "busy")), .respond(ScriptedServer.response(201)))
        let client = try CurlHTTPClient(options: fastOptions())
        let response = try client.send(HTTPRequest(method: "POST", url: server.baseURL, body: Data("x".utf8)))
        #expect(response.status == 503)
        #expect(String(decoding: response.body, as: UTF8.self) == "busy")
        #expect(server.requests.count == 1)
    }

    @Test func postMarkedIdempotentIsRetried() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(503)), .respond(ScriptedServer.response(201)))
        let client = try CurlHTTPClient(options: fastOptions())
        let response = try client.send(HTTPRequest(method: "POST", url: server.baseURL, body: Data("x".utf8),
                                                   idempotent: true))
        #expect(response.status == 201)
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.body == Data("x".utf8) })
    }

    @Test func notFoundAndUnauthorizedAreNeverRetried() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(401)), .respond(ScriptedServer.response(404)))
        let client = try CurlHTTPClient(options: fastOptions())
        #expect(try client.send(HTTPRequest(method: "GET", url: server.baseURL)).status == 401)
        #expect(try client.send(HTTPRequest(method: "GET", url: server.baseURL)).status == 404)
        #expect(server.requests.count == 2)
    }

    @Test func connectionRefusedIsCannotConnectAfterRetries() throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        defer { withExtendedLifetime(refusing) {} }
        let log = LogLines()
        let client = try CurlHTTPClient(options: fastOptions(attempts: 3, log: log))
        // Even a POST is retried: nothing was sent.
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "POST", url: "http://127.0.0.1:\(port)/odata", body: Data()))
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.exitCode == 69)
        #expect(error?.code == .cannotConnect)
        #expect(error?.message.contains("127.0.0.1:\(port)") == true)
        #expect(error?.message.contains("--server") == true)
        #expect(log.lines.count == 3)
    }

    @Test func serverThatNeverAnswersTimesOut() throws {
        let (server, client) = try neverAnswering(attempts: 2, totalTimeout: 1)
        defer { server.stop() }
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/slow"))
        }
        #expect(error?.kind == .temporary)
        #expect(error?.exitCode == 75)
        #expect(error?.code == .timeout)
        #expect(error?.message.contains("--timeout") == true)
        #expect(server.requests.count == 2)
    }

    // MARK: Limits, redirects, headers

    @Test func chunkedBodyOverTheCapIsRefused() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 600)
        server.enqueue(.pieces(ScriptedServer.chunked(200, chunks: [chunk, chunk, chunk, chunk]), pauseMilliseconds: 5))
        var options = fastOptions()
        options.maxResponseBytes = 1000
        let client = try CurlHTTPClient(options: options)
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL))
        }
        #expect(error?.kind == .data)
        #expect(error?.code == .responseTooLarge)
        #expect(server.requests.count == 1)
    }

    /// Connection ids, X-SUP-* headers, cookies and credentials go only to the configured origin: a
    /// request without credentials may follow a redirect elsewhere, without those headers.
    @Test func redirectToAnotherOriginDropsSessionHeaders() throws {
        let (first, second) = try redirecting(302, to: "/elsewhere", answer: 200)
        defer { first.stop(); second.stop() }
        let client = try CurlHTTPClient(options: fastOptions())
        let response = try client.send(HTTPRequest(
            method: "GET", url: first.baseURL + "/bundles/app/",
            headers: [HTTPHeader("Accept", "application/json"), HTTPHeader("X-SMP-APPCID", "id-1"), HTTPHeader("X-SUP-SC", "sc"),
                      HTTPHeader("X-SUP-Domain", "d"), HTTPHeader("Cookie", "X-SMP-SESSID=s")]))
        #expect(response.status == 200)
        #expect(response.effectiveURL == second.baseURL + "/elsewhere")
        let asked = try #require(first.requests.first)
        #expect(asked.header("X-SMP-APPCID") == "id-1")
        let landed = try #require(second.requests.first)
        #expect(landed.method == "GET")
        #expect(landed.header("Accept") == "application/json")
        for name in ["X-SMP-APPCID", "X-SUP-SC", "X-SUP-Domain", "Cookie", "Authorization"] {
            #expect(landed.header(name) == nil, "\(name) was forwarded")
        }
    }

    /// A body is never replayed to another origin (307/308 keep it), credentials and secrets never
    /// follow a redirect there at all: the second server receives nothing and the error says why.
    @Test(arguments: [
        (307, "POST", false, false, "request body"), (308, "PUT", false, false, "request body"),
        (302, "GET", true, false, "authenticated request"), (303, "POST", true, false, "authenticated request"),
        (302, "GET", false, true, "carrying secrets"), (303, "POST", false, true, "carrying secrets"),
    ])
    func crossOriginRedirectsOfBodiesCredentialsAndSecretsAreRefused(status: Int, method: String, credentials: Bool,
                                                                        secrets: Bool, reason: String) throws {
        let (first, second) = try redirecting(status, to: "/stolen", answer: 200)
        defer { first.stop(); second.stop() }
        let client = try CurlHTTPClient(options: fastOptions())
        var request = HTTPRequest(method: method, url: first.baseURL + "/token", headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                  body: method == "GET" ? nil : Data("refresh_token=rt-XYZZY".utf8),
                                  credentials: credentials ? BasicCredentials(user: "u", password: "pw-XYZZY") : nil)
        request.carriesSecrets = secrets
        let error = #expect(throws: HubError.self) { try client.send(request) }
        #expect(error?.code == .redirectRefused)
        #expect(error?.exitCode == 69)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("XYZZY") == false, "no secret in the message")
        #expect(second.requests.isEmpty, "the other origin received \(second.requests.map(\.target))")
        #expect(first.requests.count == 1, "not retried")
    }

    /// A 303 turns a POST into a GET without a body: without credentials it may go elsewhere.
    @Test func aSeeOtherToAnotherOriginIsAGetWithoutTheBody() throws {
        let (first, second) = try redirecting(303, to: "/result", answer: 200)
        defer { first.stop(); second.stop() }
        let client = try CurlHTTPClient(options: fastOptions())
        let response = try client.send(HTTPRequest(method: "POST", url: first.baseURL + "/form",
                                                   headers: [HTTPHeader("Content-Type", "text/plain")], body: Data("x=1".utf8)))
        #expect(response.status == 200)
        let landed = try #require(second.requests.first)
        #expect(landed.method == "GET")
        #expect(landed.body.isEmpty)
        #expect(landed.header("Content-Type") == nil)
    }

    @Test func redirectWithinTheOriginKeepsSessionHeaders() throws {
        let server = try movedWithin(308, to: "/moved?x=1#frag")
        defer { server.stop() }
        let client = try CurlHTTPClient(options: fastOptions())
        let response = try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/start",
                                                   headers: [HTTPHeader("X-SMP-APPCID", "id-1")],
                                                   credentials: BasicCredentials(user: "u", password: "secret")))
        #expect(response.status == 200)
        #expect(server.requests.map(\.target) == ["/start", "/moved?x=1"])
        #expect(server.requests.map { $0.header("X-SMP-APPCID") } == ["id-1", "id-1"])
        #expect(server.requests.allSatisfy { $0.header("Authorization") != nil })
    }

    @Test func seeOtherTurnsAPostIntoAGetWithoutBody() throws {
        let server = try movedWithin(303, to: "/result")
        defer { server.stop() }
        let client = try CurlHTTPClient(options: fastOptions())
        _ = try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/form",
                                        headers: [HTTPHeader("Content-Type", "application/json")], body: Data("{}".utf8)))
        let second = try #require(server.requests.last)
        #expect(server.requests.count == 2)
        #expect(second.method == "GET")
        #expect(second.target == "/result")
        #expect(second.body.isEmpty)
        #expect(second.header("Content-Type") == nil)
    }

    @Test func moreRedirectsThanAllowedIs69() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        for _ in 0..<4 { server.enqueue(.respond(ScriptedServer.response(302, headers: [("Location", "/again")]))) }
        var options = fastOptions()
        options.maxRedirects = 2
        let error = try getError(server.baseURL, options)
        #expect(error?.code == .tooManyRedirects)
        #expect(error?.exitCode == 69)
        #expect(server.requests.count == 3)
    }

    @Test(arguments: ["ftp://127.0.0.1/file", "file:///etc/passwd", "http://"])
    func redirectToAnotherProtocolIsRefused(_ location: String) throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(302, headers: [("Location", location)])))
        let client = try CurlHTTPClient(options: fastOptions())
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL))
        }
        #expect(error?.code == .redirectRefused)
        #expect(server.requests.count == 1)
    }

    @Test func redirectTargetsAndOrigins() {
        #expect(Redirect.target(of: "/b?q=1", from: "https://h:8443/a/x", startedSecure: true) == "https://h:8443/b?q=1")
        #expect(Redirect.target(of: "c", from: "http://h/a/x", startedSecure: false) == "http://h/a/c")
        #expect(Redirect.target(of: "http://h/plain", from: "https://h/a", startedSecure: true) == nil)
        #expect(Redirect.target(of: "//other:81/p", from: "http://h/a", startedSecure: false) == "http://other:81/p")
        #expect(Origin("https://H:443/x") == Origin("https://h/y"))
        #expect(Origin("http://h/x") != Origin("https://h/x"))
        #expect(Origin("http://h:8080/x") != Origin("http://h/x"))
        #expect(Redirect.isOriginBound("x-smp-appcid") && Redirect.isOriginBound("X-SUP-SC"))
        #expect(!Redirect.isOriginBound("Accept"))
    }

    @Test func aHeaderLargerThanLibcurlAcceptsIsAClearError() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        let cookie = "a=" + String(repeating: "x", count: 1 << 20)
        server.enqueue(.respond(ScriptedServer.response(200, headers: [("Set-Cookie", cookie)])))
        let client = try CurlHTTPClient(options: fastOptions())
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL))
        }
        #expect(error?.code == .invalidResponse)
        #expect(error?.exitCode == 69)
        #expect(error?.message.contains("has a header larger than hubctl accepts") == true, "\(String(describing: error?.message))")
        #expect(error?.message.lowercased().contains("out of memory") == false)
        #expect(server.requests.count == 1)
    }

    @Test func headersAndCookiesAreThoseOfTheFinalResponse() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(
            .respond(ScriptedServer.response(302, headers: [("Location", "/next"), ("X-First", "1"),
                                                            ("Set-Cookie", "first=1; Path=/")])),
            .respond(ScriptedServer.response(200, headers: [
                ("X-Second", "2"),
                ("Set-Cookie", "X-SMP-APPCID=abc-123; Path=/; HttpOnly"),
                ("Set-Cookie", "other=\"quoted\""),
            ])))
        let client = try CurlHTTPClient(options: fastOptions())
        let response = try client.send(HTTPRequest(method: "GET", url: server.baseURL + "/start"))
        #expect(response.status == 200)
        #expect(response.header("X-First") == nil)
        #expect(response.header("X-Second") == "2")
        #expect(response.cookies == ["X-SMP-APPCID": "abc-123", "other": "quoted"])
        #expect(server.requests.map(\.target) == ["/start", "/next"])
    }

    // MARK: Streams

    @Test func streamDeliversChunksAsTheyArrive() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        let chunks = (0..<5).map { Data(repeating: UInt8(48 + $0), count: 3000) }
        server.enqueue(.pieces(ScriptedServer.chunked(200, headers: [("X-Bundle", "b")], chunks: chunks),
                               pauseMilliseconds: 10))
        let progress = LogLines()
        var options = fastOptions()
        options.progress = { received, expected in progress.append("\(received)/\(expected.map(String.init) ?? "?")") }
        let client = try CurlHTTPClient(options: options)
        var received = Data()
        var calls = 0
        let response = try client.stream(HTTPRequest(method: "GET", url: server.baseURL + "/bundle")) { chunk in
            calls += 1
            received.append(contentsOf: chunk)
        }
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.header("X-Bundle") == "b")
        #expect(received == chunks.reduce(Data(), +))
        #expect(calls >= 2)
        // Chunked: no announced total; the last report has every byte.
        #expect(progress.lines.last == "15000/?")
    }

    @Test func throwingSinkAbortsTheTransfer() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        let chunks = (0..<5).map { _ in Data(repeating: 1, count: 4000) }
        server.enqueue(.pieces(ScriptedServer.chunked(200, chunks: chunks), pauseMilliseconds: 10))
        let client = try CurlHTTPClient(options: fastOptions())
        var calls = 0
        #expect(throws: SinkRefused.self) {
            try client.stream(HTTPRequest(method: "GET", url: server.baseURL)) { _ in
                calls += 1
                throw SinkRefused()
            }
        }
        #expect(calls == 1)
        #expect(server.requests.count == 1)
    }

    @Test func streamReturnsErrorBodiesWithoutCallingTheSink() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(404, body: "no bundle")))
        let client = try CurlHTTPClient(options: fastOptions())
        var calls = 0
        let response = try client.stream(HTTPRequest(method: "GET", url: server.baseURL)) { _ in calls += 1 }
        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == "no bundle")
        #expect(calls == 0)
    }

    // MARK: Verbose log and TLS-facing errors

    @Test func verboseLineRedactsSecrets() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        server.enqueue(.respond(ScriptedServer.response(503)),
                       .respond(ScriptedServer.response(201, body: "created")))
        let log = LogLines()
        let client = try CurlHTTPClient(options: fastOptions(log: log))
        let url = "http://bob:url-secret@127.0.0.1:\(server.port)/odata?password=hunter2&format=json"
        _ = try client.send(HTTPRequest(method: "PUT", url: url, body: Data("{}".utf8),
                                        credentials: BasicCredentials(user: "bob", password: "s3cr3t-pw")))
        let text = log.lines.joined(separator: "\n")
        #expect(log.lines.count == 2)
        #expect(log.lines.last?.hasPrefix("PUT http://***@127.0.0.1:\(server.port)/odata?password=***&format=json -> 201 (7 B, ") == true)
        #expect(log.lines.last?.hasSuffix("attempt 2/3)") == true)
        for secret in ["url-secret", "hunter2", "s3cr3t-pw", "Authorization", "Basic "] {
            #expect(!text.contains(secret))
        }
    }

    @Test func nginxCertificateRefusalIsPermission() throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        let page = "<html><center><h1>400 Bad Request</h1></center><center>No required SSL certificate was sent</center></html>"
        server.enqueue(.respond(ScriptedServer.response(400, body: page)))
        let client = try CurlHTTPClient(options: fastOptions())
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: server.baseURL))
        }
        #expect(error?.exitCode == 77)
        #expect(error?.code == .certificateRequired)
    }

    @Test func unreadablePKCS12IsClientCertificateInvalid() throws {
        // The certificate is loaded at the TLS handshake, so this needs an https URL; the listener
        // speaks plain HTTP, but libcurl reads the PKCS#12 before it sends anything.
        let server = try ScriptedServer()
        defer { server.stop() }
        var options = fastOptions(attempts: 2)
        options.clientCertificate = .pkcs12(Data("not a pkcs12".utf8), passphrase: "wrong")
        let client = try CurlHTTPClient(options: options)
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: "https://127.0.0.1:\(server.port)/"))
        }
        #expect(error?.exitCode == 77)
        #expect(error?.code == .clientCertificateInvalid)
        #expect(error?.message.contains("wrong") == false)
    }
}

@Suite("Transport helpers")
struct TransportSupportTests {
    @Test func retryAfterReadsSecondsAndDates() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(TransportSupport.retryAfterSeconds("120", now: now) == 120)
        #expect(TransportSupport.retryAfterSeconds(" 0 ", now: now) == 0)
        #expect(TransportSupport.retryAfterSeconds("Tue, 14 Nov 2023 22:15:20 GMT", now: now) == 120)
        #expect(TransportSupport.retryAfterSeconds("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == 0)
        #expect(TransportSupport.retryAfterSeconds("soon", now: now) == nil)
        #expect(TransportSupport.retryAfterSeconds("99999999999999999999", now: now) == 1e20)
        #expect((TransportSupport.retryAfterSeconds("Fri, 31 Dec 9999 23:59:59 GMT", now: now) ?? 0) > 2.5e11)
        #expect(TransportSupport.retryAfterSeconds(nil, now: now) == nil)
    }

    @Test func backoffDoublesWithJitterAndCap() {
        let policy = RetryPolicy(initialBackoff: 1, maxBackoff: 4)
        for _ in 0..<20 {
            #expect((0.5...1).contains(TransportSupport.backoff(afterAttempt: 1, policy: policy)))
            #expect((1...2).contains(TransportSupport.backoff(afterAttempt: 2, policy: policy)))
            #expect((2...4).contains(TransportSupport.backoff(afterAttempt: 5, policy: policy)))
        }
    }

    @Test func redactionHidesUserinfoAndSecretQueryValues() {
        #expect(TransportSupport.redact("https://u:p@h:8443/a?token=t&x=1&apiKey=k")
                == "https://***@h:8443/a?token=***&x=1&apiKey=***")
        #expect(TransportSupport.redact("http://h/a") == "http://h/a")
        #expect(TransportSupport.hostPort("https://user:pw@example.com/x") == "example.com:443")
        #expect(TransportSupport.hostPort("http://127.0.0.1:8080/x") == "127.0.0.1:8080")
    }
}
