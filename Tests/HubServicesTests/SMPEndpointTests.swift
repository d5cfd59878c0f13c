// The one place URLs and headers are made: escaping, prefixes, anonymous access, versions.

import Foundation
import HubAuth
import HubConfig
import HubCore
@testable import HubServices
import HubTransport
import Testing

@Suite struct SMPEndpointTests {
    func endpoint(server: String = "https://smp.example.com:8443", appId: String = "com.acme.field",
                  anonymous: Bool = false, version: String = "latest", pinned: Bool = false) -> SMPEndpoint {
        SMPEndpoint(config: ConnectionConfig(server: server, appId: appId, apiVersion: version, apiVersionPinned: pinned,
                                             anonymous: anonymous, securityConfiguration: "SSO", domain: "default"))
    }

    @Test func connectionURLsKeepTheServersPrefix() {
        let e = endpoint(server: "https://gw.example.com/mobile")
        #expect(e.connectionsURL(version: "v1") == "https://gw.example.com/mobile/odata/applications/v1/com.acme.field/Connections")
        #expect(e.connectionURL(version: "latest", id: "abc") ==
                "https://gw.example.com/mobile/odata/applications/latest/com.acme.field/Connections('abc')")
    }

    @Test func anonymousApplicationsUseThePublicPath() {
        #expect(endpoint(anonymous: true).connectionsURL(version: "v2") ==
                "https://smp.example.com:8443/public/odata/applications/v2/com.acme.field/Connections")
    }

    @Test func anHTMLPageIsNotTheJSONOrXMLThatWasAskedFor() throws {
        let json = HTTPRequest(method: "GET", url: "https://s/x", headers: [HTTPHeader("Accept", "application/json")])
        let page = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: Data("<html>Sign in</html>".utf8), effectiveURL: "https://s/x")
        #expect(throws: HubError.self) { try SMPSession.refuseHTMLPage(page, for: json) }
        // An empty body labelled HTML, an error status, or a request that accepts anything: the caller's to read.
        let empty = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: Data(), effectiveURL: "https://s/x")
        try SMPSession.refuseHTMLPage(empty, for: json)
        let error = HTTPResponse(status: 500, headers: [HTTPHeader("Content-Type", "text/html")], body: Data("<html>".utf8), effectiveURL: "https://s/x")
        try SMPSession.refuseHTMLPage(error, for: json)
        let any = HTTPRequest(method: "GET", url: "https://s/b", headers: [HTTPHeader("Accept", "application/octet-stream, */*")])
        try SMPSession.refuseHTMLPage(page, for: any)
        let xml = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/atom+xml")], body: Data("<entry/>".utf8), effectiveURL: "https://s/x")
        try SMPSession.refuseHTMLPage(xml, for: json)
    }

    @Test func dotSegmentsNeverLeaveTheirSegment() {
        // The one escaping rule, with the names libcurl (without CURLOPT_PATH_AS_IS) or a server
        // would fold into another address.
        #expect(SMPEndpoint.escape(segment: ".") == "%2E")
        #expect(SMPEndpoint.escape(segment: "..") == "%2E%2E")
        #expect(SMPEndpoint.escape(segment: "%2e%2E") == "%252e%252E", "an encoded dot is sent as the text it is")
        #expect(SMPEndpoint.escape(segment: "...") == "...", "three dots are a name")
        #expect(SMPEndpoint.escape(segment: "../x") == "..%2Fx")
        #expect(SMPEndpoint.escape(segment: ".hidden") == ".hidden")
        #expect(endpoint().url(["bundles", "app", ".."]) == "https://smp.example.com:8443/bundles/app/%2E%2E")
        // Where names enter, the two are refused outright.
        #expect(!SafeName.isConnectionId(".") && !SafeName.isConnectionId(".."))
        #expect(SafeName.isConnectionId("a..b") && SafeName.isConnectionId("..."))
        #expect(!SafeName.isApplicationId("..") && !SafeName.isApplicationId("."))
    }

    @Test func oneEscapingRuleForIdsAppIdsAndBundleNames() {
        let e = endpoint(appId: "a/b?c#d")
        #expect(e.connectionsURL(version: "v1").hasSuffix("/applications/v1/a%2Fb%3Fc%23d/Connections"))
        // A quote in an id is doubled (an OData string key), then the segment is escaped.
        #expect(endpoint().connectionURL(version: "v1", id: "it's 50%/x").hasSuffix("/Connections('it''s%2050%25%2Fx')"))
        #expect(endpoint().bundleURL(bundleId: "Appmc:1.2 beta/../x") ==
                "https://smp.example.com:8443/bundles/com.acme.field/Appmc:1.2%20beta%2F..%2Fx")
        #expect(endpoint().bundleURL(bundleId: nil) == "https://smp.example.com:8443/bundles/com.acme.field/")
    }

    @Test func standardHeaders() {
        let h = endpoint().headers(appcid: "id-1", contentType: "application/json")
        #expect(h == [HTTPHeader("Accept", "application/json"), HTTPHeader("Content-Type", "application/json"),
                      HTTPHeader("X-SMP-APPCID", "id-1"), HTTPHeader("X-SMP-SC", "SSO"), HTTPHeader("X-SMP-DOMAIN", "default")])
        #expect(endpoint().headers(appcid: nil, accept: "*/*").first == HTTPHeader("Accept", "*/*"))
    }

    @Test func versionFallbackOnlyForAnUnpinnedLatest() {
        #expect(endpoint().versionsToTry == ["latest", "v1"])
        #expect(endpoint(version: "v3").versionsToTry == ["v3"])
        #expect(endpoint(version: "latest", pinned: true).versionsToTry == ["latest"])
    }

    @Test func unexpectedStatusesBecomeErrorsToActOn() {
        func status(_ code: Int, _ body: String = "") -> HTTPResponse {
            HTTPResponse(status: code, headers: [], body: Data(body.utf8), effectiveURL: "x")
        }
        #expect(SMPEndpoint.unexpected(status(401), doing: "x").code == .authFailed)
        #expect(SMPEndpoint.unexpected(status(403), doing: "x").exitCode == 77)
        #expect(SMPEndpoint.unexpected(status(502), doing: "x").code == .serverError)
        let odd = SMPEndpoint.unexpected(status(418, #"{"error":{"message":{"value":"teapot"}}}"#), doing: "brewing")
        #expect(odd.code == .unexpectedStatus)
        #expect(odd.message.contains("brewing: HTTP 418: teapot"))
    }

    @Test func anUploadCarriesTheStandardHeadersAndAStreamedBody() throws {
        let fake = FakeTransport([response(204)])
        let session = SMPSession(endpoint: endpoint(), http: AuthenticatingTransport(transport: fake, providers: [], user: nil))
        let path = NSTemporaryDirectory() + "upload-\(UUID().uuidString).log"
        try Data("#2026-11-23T10:00:00Z#INFO#line#\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let request = session.upload("POST", endpoint().url(["clientlogs"]), appcid: "id-1", body: try .file(path), contentType: "text/plain")
        #expect(try session.send(request).status == 204)
        let sent = try #require(fake.requests.first)
        #expect(sent.headers.contains(HTTPHeader("Content-Type", "text/plain")))
        #expect(sent.headers.contains(HTTPHeader("X-SMP-APPCID", "id-1")))
        #expect(sent.url == "https://smp.example.com:8443/clientlogs")
        guard case .stream(let length, _)? = sent.body else { Issue.record("not streamed: \(String(describing: sent.body))"); return }
        #expect(length == 33)
    }
}
