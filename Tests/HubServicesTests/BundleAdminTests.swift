// The Client Resources admin client (docs/protocol.md §19): SAP's addresses and create body, the
// list read in the shape of Tests/Fixtures/sap/bundles-admin/list-response.json and in OData V2's
// `d.results` too (read tolerantly), a failed upload that removes the entity it created, and
// prune's order (newest first, never the default).

import Foundation
import HubCore
import Testing
@testable import HubBundles
@testable import HubServices
@testable import HubTransport

@Suite struct BundleAdminTests {
    let credentials = PushBackendCredentials(url: "https://ms.example.com", auth: .apiKey(alias: "ci", key: "secret-key"))
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sap/bundles-admin")

    @Test func theFixturesListIsRead() throws {
        let body = try String(contentsOf: fixtures.appendingPathComponent("list-response.json"), encoding: .utf8)
        let fake = FakeTransport([response(200, body)])
        let admin = BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil)
        let list = try admin.list(appId: "com.example.demo")
        #expect(list.map(\.id) == ["profile:40", "profile:41"])
        #expect(list.map(\.isDefault) == [false, true])
        let url = try #require(fake.requests.first?.url)
        #expect(url.hasPrefix("https://ms.example.com/mobileservices/origin/SAP%20Mobile%20Services/bundles/v1/admin/ApplicationResourceBundles?$filter="))
        #expect(fake.requests.first?.headers.contains(HTTPHeader("X-API-Key", "secret-key")) == true)
        let v2 = FakeTransport([response(200, #"{"d": {"results": [{"BundleName": "a", "BundleVersion": "1", "IsDefault": "true"}]}}"#)])
        #expect(try BundleAdmin(credentials: credentials, transport: v2, tokenCache: nil).list(appId: "x").map(\.isDefault) == [true])
    }

    @Test func theCreateBodyIsSAPsEntity() throws {
        let fake = FakeTransport([response(201, "{}"), response(409, "{}")])
        let admin = BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil)
        let id = try BundleId(name: "profile", version: "41")
        #expect(try admin.create(appId: "com.example.demo", id, fileExtension: "zip", isDefault: true))
        #expect(try !admin.create(appId: "com.example.demo", id, fileExtension: "zip", isDefault: true))
        let sent = try JSONValue.read(try #require(fake.requests.first?.bodyBytes))
        let expected = try JSONValue.read(Data(contentsOf: fixtures.appendingPathComponent("create-request.json")))
        #expect(sent == expected)
    }

    @Test func aFailedUploadRemovesTheEntityItCreated() throws {
        let fake = FakeTransport([
            response(200, #"{"value": []}"#), response(201, "{}"),
            { _ in HTTPResponse(status: 500, headers: [], body: Data(), effectiveURL: "") },
            response(204),
        ])
        let publisher = BundlePublisher(admin: BundleAdmin(credentials: credentials, transport: fake, tokenCache: nil), appId: "app")
        let source = try BundleSource.checked(try InputFile.spool(bytes: Data("%PDF".utf8), name: "x.pdf"))
        #expect {
            try publisher.publish(try BundleId(name: "p", version: "1"), source: source, fileExtension: "pdf", makeDefault: false, ifExists: .fail)
        } throws: { error in
            (error as? HubError)?.message.contains("was removed; nothing is left") == true
        }
        #expect(fake.requests.map(\.method) == ["GET", "POST", "PUT", "DELETE"])
        #expect(fake.requests[3].url.hasSuffix("ApplicationResourceBundles(ApplicationId='app',BundleName='p',BundleVersion='1')"))
    }

    @Test func newestFirstByTimeThenByVersion() {
        let a = AdminBundle(name: "n", version: "9", created: "2026-01-01T00:00:00.000Z")
        let b = AdminBundle(name: "n", version: "10", created: "2026-01-01T00:00:00.000Z")
        let c = AdminBundle(name: "n", version: "1", created: "2026-02-01T00:00:00.000Z")
        #expect([a, b, c].sorted(by: BundlePublisher.newerFirst).map(\.version) == ["1", "10", "9"])
    }

    @Test func namesSAPRefusesAreRefusedHere() {
        for bad in ["a:b", "a?b", "a#b", "a%b", "a/b", ".", "..", ""] {
            #expect(throws: HubError.self) { try BundleId(name: bad, version: "1") }
        }
        #expect(throws: HubError.self) { try BundleId(parsing: "noversion") }
        #expect((try? BundleId(parsing: "name:1.0"))?.version == "1.0")
    }
}
