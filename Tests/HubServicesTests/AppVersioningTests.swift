// An inactive application version is recognised by the header SAP's SDKs read
// (Tests/Fixtures/sap/app-versioning), not by a body SAP does not document.
import Foundation
import Testing
@testable import HubCore
@testable import HubServices
@testable import HubTransport

@Suite struct AppVersioningTests {
    func fixtureResponse(_ name: String) throws -> (Int, [HTTPHeader]) { try httpFixtureHead("app-versioning/" + name) }

    func transport(_ answer: @escaping (HTTPRequest) -> HTTPResponse, version: String?) -> MobileServicesTransport {
        MobileServicesTransport(inner: FakeTransport([answer]), appId: "com.example.demo", deviceId: { "device-1" }, appVersion: version, oauthClient: nil)
    }

    @Test func theInactiveHeaderIsAnAppVersionRejection() throws {
        let (status, headers) = try fixtureResponse("inactive-version-response.http")
        let t = transport(response(status, "", headers: headers), version: "0.9")
        do {
            _ = try t.send(HTTPRequest(method: "GET", url: "https://ms.example/odata/applications/v1/com.example.demo/Connections"))
            Issue.record("an inactive version must throw")
        } catch let e as HubError {
            #expect(e.code == .appVersionRejected)
            #expect(e.exitCode == 77)
            #expect(e.message.contains("X-APP-VERSION: 0.9"))
        }
    }

    @Test func aPlain403IsLeftToTheCallerAndBodyTextIsNotASignal() throws {
        // A 403 whose body talks of versions, without the header: not a versioning refusal.
        let body = #"{"error": {"code": "Forbidden", "message": {"value": "Application version '0.9' is not active"}}}"#
        let t = transport(response(403, body, headers: [HTTPHeader("Content-Type", "application/json")]), version: "0.9")
        let r = try t.send(HTTPRequest(method: "GET", url: "https://ms.example/x"))
        #expect(r.status == 403)
        let f = transport(response(403, "", headers: [HTTPHeader("x-app-version-inactive", "false")]), version: "1.0")
        #expect(try f.send(HTTPRequest(method: "GET", url: "https://ms.example/x")).status == 403)
        // The generic 403 says what to try when application versioning may be the reason.
        #expect(SMPEndpoint.unexpected(HTTPResponse(status: 403, headers: [], body: Data(), effectiveURL: "x"), doing: "registering").message.contains("--app-version"))
    }
}
