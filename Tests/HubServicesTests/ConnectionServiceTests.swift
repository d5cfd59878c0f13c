// ConnectionService against a scripted fake transport: id sources, 409 read-back, version fallback.
import Foundation
import Synchronization
import Testing
@testable import HubAuth
@testable import HubConfig
@testable import HubCore
@testable import HubServices
@testable import HubTransport

final class FakeTransport: HTTPTransport {
    var requests: [HTTPRequest] = []
    var answers: [(HTTPRequest) -> HTTPResponse]
    init(_ answers: [(HTTPRequest) -> HTTPResponse]) { self.answers = answers }
    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        requests.append(request)
        guard !answers.isEmpty else { Issue.record("unexpected request \(request.method) \(request.url)"); return HTTPResponse(status: 599, headers: [], body: Data(), effectiveURL: request.url) }
        return answers.removeFirst()(request)
    }
    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse { try send(request) }
}

func response(_ status: Int, _ body: String = "", headers: [HTTPHeader] = []) -> (HTTPRequest) -> HTTPResponse {
    { req in HTTPResponse(status: status, headers: headers, body: Data(body.utf8), effectiveURL: req.url) }
}

final class WarningLog: Sendable {
    private let store = Mutex<[String]>([])
    var lines: [String] { store.withLock { $0 } }
    func append(_ line: String) { store.withLock { $0.append(line) } }
}

@Suite struct ConnectionServiceTests {
    let home = NSTemporaryDirectory() + "svc-\(UUID().uuidString)"
    var config = ConnectionConfig(server: "http://127.0.0.1:9", appId: "com.example.demo", user: "demo", securityConfiguration: "SSO")

    func service(_ fake: FakeTransport, id: String = "chosen-id") -> ConnectionService {
        let http = AuthenticatingTransport(transport: fake, providers: [StaticPasswordProvider(name: "test", password: "pw")], user: "demo")
        return ConnectionService(session: SMPSession(endpoint: SMPEndpoint(config: config), http: http), home: home, makeConnectionId: { id })
    }

    /// Issue 38: SMP 3's conditional read is `Connections('{id}')?If-None-Match="{ETag}"` with the
    /// entity's `ETag` property; without an ETag header the property is used, and both the query and
    /// the header carry it.
    @Test func theConditionalReadUsesSMPsQueryAndTheETagProperty() throws {
        let fake = FakeTransport([response(200, #"{"d":{"ApplicationConnectionId":"c-1","ETag":"2026-11-27 10:00:00.0"}}"#),
                                  response(304),
                                  response(200, #"{"d":{"ApplicationConnectionId":"c-1","ETag":"x"}}"#, headers: [HTTPHeader("ETag", "W/\"h-1\"")])])
        let svc = service(fake)
        guard case .changed(_, let etag) = try svc.readSettings(version: "v1", id: "c-1", ifNoneMatch: nil) else { Issue.record("not changed"); return }
        #expect(etag == "2026-11-27 10:00:00.0", "the property, without an ETag header")
        #expect(!fake.requests[0].url.contains("If-None-Match"))
        guard case .notModified = try svc.readSettings(version: "v1", id: "c-1", ifNoneMatch: etag) else { Issue.record("not 304"); return }
        #expect(fake.requests[1].url.hasSuffix("/Connections('c-1')?If-None-Match=%222026-11-27%2010:00:00.0%22"), "\(fake.requests[1].url)")
        #expect(fake.requests[1].headers.contains(HTTPHeader("If-None-Match", "2026-11-27 10:00:00.0")))
        guard case .changed(_, let header) = try svc.readSettings(version: "v1", id: "c-1", ifNoneMatch: "W/\"h-0\"") else { Issue.record("not changed"); return }
        #expect(header == "W/\"h-1\"", "an ETag header wins over the property")
        #expect(fake.requests[2].url.hasSuffix("?If-None-Match=%22h-0%22"), "\(fake.requests[2].url)")
    }

    @Test func idFromHeaderWhenBodyHasNone() throws {
        let fake = FakeTransport([response(201, #"{"d":{"DeviceType":"Linux"}}"#, headers: [HTTPHeader("X-SMP-APPCID", "from-header")])])
        let result = try service(fake).register(RegisterRequest(properties: [:], force: false))
        #expect(result.registration.applicationConnectionId == "from-header")
        let sent = fake.requests[0]
        #expect(sent.headers.contains(HTTPHeader("X-SMP-APPCID", "chosen-id")))
        #expect(sent.headers.contains(HTTPHeader("X-SMP-SC", "SSO")))
        #expect(sent.idempotent)
        #expect(sent.credentials == BasicCredentials(user: "demo", password: "pw"))
    }

    @Test func aValueTheServerKeptIsWarnedAboutOnCreateAndUpdate() throws {
        let warnings = WarningLog()
        // SAP's tutorial: the server answers 201 with its own value of what the client sent.
        let fake = FakeTransport([response(201, #"{"d":{"ApplicationConnectionId":"c-1","DeviceModel":"server-model","DeviceType":"Linux","BlackberryBESListenerPort":5}}"#),
                                  response(204), response(200, #"{"d":{"ApplicationConnectionId":"c-1","DeviceModel":"rack-7","ApnsPushEnable":false}}"#)])
        let http = AuthenticatingTransport(transport: fake, providers: [StaticPasswordProvider(name: "test", password: "pw")], user: "demo")
        let svc = ConnectionService(session: SMPSession(endpoint: SMPEndpoint(config: config), http: http), home: home,
                                    makeConnectionId: { "c-1" }, warn: { warnings.append($0) })
        _ = try svc.register(RegisterRequest(properties: ["DeviceModel": .string("ci-runner"), "DeviceType": .string("Linux"),
                                                          "BlackberryBESListenerPort": .double(5.0)], force: false))
        #expect(warnings.lines == [#"the server kept its own value of DeviceModel: "server-model" (hubctl sent "ci-runner")"#])
        _ = try svc.update(["DeviceModel": .string("rack-7"), "ApnsPushEnable": .bool(true)])
        #expect(warnings.lines.last == "the server kept its own value of ApnsPushEnable: false (hubctl sent true)")
        #expect(warnings.lines.count == 2, "equal values (5 and 5.0, the same text) are not warned about: \(warnings.lines)")
    }

    @Test func idFromCookieLast() throws {
        let fake = FakeTransport([response(201, #"{"d":{"DeviceType":"Linux"}}"#, headers: [HTTPHeader("Set-Cookie", "X-SMP-APPCID=from-cookie; Path=/")])])
        #expect(try service(fake).register(RegisterRequest(properties: [:], force: false)).registration.applicationConnectionId == "from-cookie")
    }

    @Test func conflictReadsBackTheConnectionItAlreadyCreated() throws {
        let fake = FakeTransport([response(409), response(200, #"{"d":{"ApplicationConnectionId":"chosen-id"}}"#)])
        let result = try service(fake).register(RegisterRequest(properties: [:], force: false))
        #expect(result.registration.applicationConnectionId == "chosen-id")
        #expect(fake.requests[1].method == "GET")
        #expect(fake.requests[1].url.hasSuffix("Connections('chosen-id')"))
    }

    @Test func latestFallsBackToV1On404() throws {
        let fake = FakeTransport([response(404), response(201, #"{"ApplicationConnectionId":"x"}"#)])
        let result = try service(fake).register(RegisterRequest(properties: [:], force: false))
        #expect(fake.requests[0].url.contains("/applications/latest/"))
        #expect(fake.requests[1].url.contains("/applications/v1/"))
        #expect(result.registration.apiVersion == "v1")
    }

    @Test mutating func pinnedVersionDoesNotFallBack() throws {
        config.apiVersion = "v4"
        config.apiVersionPinned = true
        let fake = FakeTransport([response(404)])
        #expect(throws: HubError.self) { try service(fake).register(RegisterRequest(properties: [:], force: false)) }
        #expect(fake.requests.count == 1)
    }

    @Test func wrongPasswordIsPermissionError() throws {
        let fake = FakeTransport([response(401)])
        do {
            _ = try service(fake).register(RegisterRequest(properties: [:], force: false))
            Issue.record("expected an error")
        } catch let e as HubError {
            #expect(e.kind == .permission)
            #expect(!e.message.contains("pw"))
        }
    }
}
