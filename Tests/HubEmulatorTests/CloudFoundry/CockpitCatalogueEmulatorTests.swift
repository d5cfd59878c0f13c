// The emulator's services catalogue and its create through the Admin API (issue 50 item 2,
// docs/protocol.md §17.11) against the fixtures in SAP's MDK CLI's shapes
// (Tests/Fixtures/sap/admin/services-response.json, app-create-request.json): the catalogue as
// the fixture, the empty-catalogue switch, the create in SAP's body (202, then listed with
// services[{name}] and its device_support), and each member it checks.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import HubEmulator

@Suite struct CockpitCatalogueEmulatorTests {
    typealias CF = CloudFoundryEmulatorTests
    static func fixture(_ name: String) throws -> String { try String(contentsOf: fixtureURL("sap/admin/" + name), encoding: .utf8) }

    @Test func theCatalogueIsTheFixtureAndCanBeEmpty() async throws {
        try await withEmulator { client, _ in
            let token = try await CF.token(client)
            let answer = try await client.execute(uri: CF.admin + "/services", method: .get, headers: CF.bearer(token))
            #expect(answer.status == .ok)
            // Compared as Foundation's objects: members in any order, the list in the fixture's.
            let got = try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? NSArray
            let expected = try JSONSerialization.jsonObject(with: Data(try Self.fixture("services-response.json").utf8)) as? NSArray
            #expect(got != nil && got == expected, "\(answer.text)")
            try await client.control(.put, "cf/settings", #"{"emptyCatalogue": true}"#)
            let empty = try await client.execute(uri: CF.admin + "/services", method: .get, headers: CF.bearer(token))
            #expect(String(buffer: empty.body) == "[]")
            #expect(try await client.execute(uri: CF.admin + "/services", method: .get, headers: [:]).status == .unauthorized)
        }
    }

    @Test func theCreateInSAPsBodyIsAcceptedAndListed() async throws {
        try await withEmulator { client, _ in
            let token = try await CF.token(client)
            let body = try Self.fixture("app-create-request.json")
            let created = try await client.execute(uri: CF.admin + "/app?async=true", method: .post, headers: CF.bearer(token, json: true),
                                                   body: ByteBuffer(string: body))
            #expect(created.status == .accepted, "\(created.text)")
            #expect(created.body.readableBytes == 0)
            let read = try CF.object(try await client.execute(uri: CF.admin + "/app/com.example.ci_app-1234", method: .get, headers: CF.bearer(token)))
            #expect(read["displayName"] as? String == "com example ci app 1234")
            #expect((read["services"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["app-update", "push"])
            #expect((read["device_support"] as? [String: Any])?["app_type"] as? String == "mdk")
            let again = try await client.execute(uri: CF.admin + "/app?async=true", method: .post, headers: CF.bearer(token, json: true),
                                                 body: ByteBuffer(string: body))
            #expect(again.status == .conflict)
        }
    }

    @Test func eachMemberIsChecked() async throws {
        try await withEmulator { client, _ in
            let token = try await CF.token(client)
            let good = try JSONSerialization.jsonObject(with: Data(try Self.fixture("app-create-request.json").utf8)) as? [String: Any] ?? [:]
            let broken: [(String, Any?)] = [
                ("name", ""), ("displayName", nil), ("security", ["name": "basic"]), ("connection", [:] as [String: Any]),
                ("uris", [] as [String]), ("uris", ["http://x"]), ("mobileServices", [["name": "nope", "plan": "standard"]]),
                ("mobileServices", [["name": "push", "plan": "gold"]]), ("mobileServices", [["name": "push"]]),
                ("mobileServices", [["name": "push", "plan": "standard"], ["name": "push", "plan": "premium"]]),
                ("device_support", ["app_type": "mdk"]),
            ]
            for (member, value) in broken {
                var body = good
                body[member] = value
                let data = try JSONSerialization.data(withJSONObject: body)
                let r = try await client.execute(uri: CF.admin + "/app?async=true", method: .post, headers: CF.bearer(token, json: true),
                                                 body: ByteBuffer(bytes: data))
                #expect(r.status == .badRequest, "\(member): \(r.text)")
            }
            let apps = try await client.execute(uri: CF.admin + "/apps", method: .get, headers: CF.bearer(token))
            #expect(String(buffer: apps.body) == "[]", "nothing was created")
        }
    }
}
