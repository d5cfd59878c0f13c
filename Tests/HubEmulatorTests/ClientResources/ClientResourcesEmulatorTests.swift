// The emulator's Client Resources admin API (docs/protocol.md §19, Tests/Fixtures/sap/bundles-admin):
// SAP's create body → 201 then 409, the content PUT, the first upload the default that devices
// get at /bundles/{appId}/, SetDefault, the list in the fixture's shape, 401 and 403.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct ClientResourcesEmulatorTests {
    let fixtures = fixtureURL("sap/bundles-admin")
    static let base = "/mobileservices/origin/SAP%20Mobile%20Services/bundles/v1/admin/ApplicationResourceBundles"
    static let apiKey = HTTPField.Name("X-API-Key")!

    func entity(_ name: String, _ version: String) -> String {
        Self.base + "(ApplicationId='com.example.demo',BundleName='\(name)',BundleVersion='\(version)')"
    }

    func keyed(_ key: String = "emulator-bundles-api-key") -> HTTPFields {
        var h = HTTPFields()
        h[Self.apiKey] = key
        h[.contentType] = "application/json"
        return h
    }

    @Test func sapsCreateBodyThenContentThenDefault() async throws {
        let create = try Data(contentsOf: fixtures.appendingPathComponent("create-request.json"))
        try await withEmulator { client, _ in
            let device = try await client.register()
            let created = try await client.execute(uri: Self.base, method: .post, headers: keyed(), body: ByteBuffer(bytes: create))
            #expect(created.status == .created)
            let again = try await client.execute(uri: Self.base, method: .post, headers: keyed(), body: ByteBuffer(bytes: create))
            #expect(again.status == .conflict)
            // No content yet: devices get nothing.
            let early = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: device))
            #expect(early.status == .notFound)
            let put = try await client.execute(uri: entity("profile", "41") + "/BundleFile", method: .put, headers: keyed(),
                                               body: ByteBuffer(string: "%PDF-1.4 content"))
            #expect(put.status == .noContent)
            let fetched = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: device))
            #expect(fetched.status == .ok)
            #expect(String(buffer: fetched.body) == "%PDF-1.4 content")
            let named = try await client.execute(uri: "/bundles/com.example.demo/profile:41", method: .get, headers: headers(appCID: device))
            #expect(named.status == .ok)
            let setDefault = try await client.execute(uri: entity("profile", "41") + "/com.sap.mobile.server.bundle.admin.v1.SetDefault",
                                                      method: .post, headers: keyed())
            #expect(setDefault.status == .ok)
            let missing = try await client.execute(uri: entity("profile", "9") + "/com.sap.mobile.server.bundle.admin.v1.SetDefault",
                                                   method: .post, headers: keyed())
            #expect(missing.status == .notFound)
        }
    }

    @Test func theListHasTheFixturesShape() async throws {
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent("list-response.json"))) as? [String: Any]
        let fixtureMembers = Set(((expected?["value"] as? [[String: Any]])?.first ?? [:]).keys)
        try await withEmulator { client, _ in
            for v in ["40", "41"] {
                let body = #"{"ApplicationId": "com.example.demo", "BundleName": "profile", "BundleVersion": "\#(v)", "BundleExtension": "zip", "IsDefault": false}"#
                _ = try await client.execute(uri: Self.base, method: .post, headers: keyed(), body: ByteBuffer(string: body))
                _ = try await client.execute(uri: entity("profile", v) + "/BundleFile", method: .put, headers: keyed(), body: ByteBuffer(string: "PK"))
            }
            let list = try await client.execute(uri: Self.base, method: .get, headers: keyed())
            #expect(list.status == .ok)
            let value = try JSONSerialization.jsonObject(with: Data(buffer: list.body)) as? [String: Any]
            let items = try #require(value?["value"] as? [[String: Any]])
            #expect(items.count == 2)
            #expect(fixtureMembers.isSubset(of: Set(items[0].keys)), "\(items[0].keys) has the fixture's \(fixtureMembers)")
            #expect(items.compactMap { $0["IsDefault"] as? Bool } == [true, false], "the first upload is the default")
        }
    }

    @Test func wrongKeyIs401AndAMissingRoleIs403() async throws {
        try await withEmulator { client, _ in
            let wrong = try await client.execute(uri: Self.base, method: .get, headers: keyed("nope"))
            #expect(wrong.status == .unauthorized)
            _ = try await client.execute(uri: "/_emulator/bundles-admin/credentials", method: .put, headers: [:],
                                         body: ByteBuffer(string: #"{"keys": [{"key": "k2", "alias": "a2", "roles": ["push_single"]}]}"#))
            let roleless = try await client.execute(uri: Self.base, method: .get, headers: keyed("k2"))
            #expect(roleless.status == .forbidden)
            var basic = HTTPFields()
            basic[.authorization] = "Basic " + Data("a2:k2".utf8).base64EncodedString()
            let viaBasic = try await client.execute(uri: Self.base, method: .get, headers: basic)
            #expect(viaBasic.status == .forbidden, "Basic alias:key identifies the same key")
        }
    }
}
