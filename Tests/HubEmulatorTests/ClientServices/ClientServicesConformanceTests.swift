// The emulator's client usage, user information and settings exchange against SAP's documented
// shapes (Tests/Fixtures/sap/client-services, each file's source named in its README): SAP's usage
// example is accepted and a report without a required member refused (400), `/v2/Me` and the
// settings exchange answer with the fixtures' member names and JSON types.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

/// A file of Tests/Fixtures/sap/client-services, parsed (booleans, numbers and null kept apart).
func clientServicesFixture(_ name: String) throws -> ODataValue {
    let url = fixtureURL("sap/client-services/\(name)")
    return try ODataValue.parseJSON(try Data(contentsOf: url))
}

private let app = "com.example.demo"
private let usagePath = "/mobileservices/application/\(app)/clientusage/v1/runtime/clientusage/application/\(app)/device/dev-1"
private let mePath = "/mobileservices/application/\(app)/roleservice/application/\(app)/v2/Me"
private let settingsPath = "/mobileservices/application/\(app)/Storage/v1/runtime/application/\(app)/global/mobileservices/settingsExchange"

@Suite struct ClientServicesConformanceTests {
    /// A fresh emulator playing Mobile Services.
    func withMobileServices(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await withEmulator { client, _ in
            let put = try await client.control(.put, "platform", #"{"platform": "mobile-services"}"#)
            #expect(put.status == .ok, "\(put.text)")
            try await test(client)
        }
    }

    func received(_ client: any TestClientProtocol) async throws -> [[String: Any]] {
        let answer = try await client.control(.get, "received")
        return answer.json["usage"] as? [[String: Any]] ?? []
    }

    // MARK: usage (§15.4)

    @Test func sapsUsageExampleIsAccepted() async throws {
        let report = try clientServicesFixture("usage-report.json")
        try await withMobileServices { client in
            let answer = try await client.execute(uri: usagePath, method: .post, headers: headers(contentType: "application/json"),
                                                  body: ByteBuffer(string: ODataJSON.write(report)))
            #expect(answer.status == .created, "\(answer.text)")
            let usage = try await received(client)
            #expect(usage.count == 1)
            #expect(usage.first?["accepted"] as? Bool == true)
            #expect(usage.first?["deviceId"] as? String == "dev-1")
            #expect((usage.first?["report"] as? [String: Any])?["report"] as? String == "reportUUID")
        }
    }

    @Test(arguments: [["report"], ["appInfo", "application"], ["deviceInfo", "deviceID"]])
    func aReportWithoutARequiredMemberIs400(path: [String]) async throws {
        guard case .object(var members) = try clientServicesFixture("usage-report.json") else { Issue.record("fixture shape"); return }
        if path.count == 1 {
            members.removeAll { $0.0 == path[0] }
        } else if let i = members.firstIndex(where: { $0.0 == path[0] }), case .object(var inner) = members[i].1 {
            inner.removeAll { $0.0 == path[1] }
            members[i].1 = .object(inner)
        } else {
            Issue.record("no \(path) in the fixture")
        }
        let body = ODataJSON.write(.object(members))
        try await withMobileServices { client in
            let answer = try await client.execute(uri: usagePath, method: .post, headers: headers(contentType: "application/json"),
                                                  body: ByteBuffer(string: body))
            #expect(answer.status == .badRequest, "\(answer.text)")
            #expect(answer.errorCode == "InvalidUsageReport")
            #expect(answer.text.contains(path.joined(separator: ".")), "\(answer.text)")
            #expect(try await received(client).first?["accepted"] as? Bool == false)
        }
    }

    @Test func sessionsAndEventsNeedTheirIdsAndTimes() {
        let bad = ODataValue.object([
            ("report", .string("r")), ("appInfo", .object([("application", .string("a"))])),
            ("deviceInfo", .object([("deviceID", .int(3))])),
            ("sessions", .array([.object([("sessionInfo", .object([])), ("events", .array([.object([("type", .string("t"))])]))])])),
        ])
        #expect(ClientServicesHandler.usageProblems(bad) == ["deviceInfo.deviceID (a string)", "sessions[0].sessionInfo.sessionId (a string)",
                                                             "sessions[0].events[0].time (a string)"])
    }

    @Test func usageOffIs403() async throws {
        let report = try clientServicesFixture("usage-report.json")
        try await withMobileServices { client in
            let off = try await client.control(.put, "services", #"{"appId": "com.example.demo", "usageEnabled": false}"#)
            #expect(off.status == .ok, "\(off.text)")
            let answer = try await client.execute(uri: usagePath, method: .post, headers: headers(contentType: "application/json"),
                                                  body: ByteBuffer(string: ODataJSON.write(report)))
            #expect(answer.status == .forbidden)
            #expect(answer.errorCode == "UsageNotEnabled")
        }
    }

    // MARK: user information (§15.5)

    @Test func meHasTheShapeOfSAPsExample() async throws {
        let fixture = try clientServicesFixture("user-info-me.json")
        try await withMobileServices { client in
            let set = try await client.control(.put, "services", """
                {"appId": "com.example.demo", "roles": ["Admin", "Sales"], "groups": ["SAPMS_Admin"], "givenName": "John", "familyName": "Doe"}
                """)
            #expect(set.status == .ok, "\(set.text)")
            let answer = try await client.execute(uri: mePath, method: .get, headers: headers())
            #expect(answer.status == .ok, "\(answer.text)")
            let me = try ODataValue.parseJSON(Data(answer.text.utf8))
            #expect(shapeDifferences(fixture, me) == [])
            #expect(me["roles"] == .array([.string("Admin"), .string("Sales")]), "roles are plain strings")
            #expect(me["name"]?["givenName"] == .string("John"))
            #expect(me["name"]?["familyName"] == .string("Doe"))
            #expect(me["detail"]?["Groups"] == .array([.string("SAPMS_Admin")]))
            #expect(me["userName"] == .string("demo"))
            #expect(me["groups"] == nil)
            #expect(me["displayName"] == nil)
        }
    }

    // MARK: settings exchange (§15.6)

    @Test func settingsExchangeHasTheShapeOfSAPsPayload() async throws {
        let fixture = try #require(try clientServicesFixture("settings-exchange.json")["mobileservices"]?["settingsExchange"])
        guard case .object(let expected) = fixture else { Issue.record("fixture shape"); return }
        try await withMobileServices { client in
            let answer = try await client.execute(uri: settingsPath, method: .get, headers: headers())
            #expect(answer.status == .ok, "\(answer.text)")
            let document = try ODataValue.parseJSON(Data(answer.text.utf8))
            guard case .object(let members) = document else { Issue.record("not an object: \(answer.text)"); return }
            for (name, shape) in expected {
                let actual = try #require(document[name], "no \(name)")
                #expect(shapeDifferences(shape, actual, at: name) == [])
            }
            // One member beyond SAP's example: attestationSettings (SAP's SDK settings).
            #expect(Set(members.map(\.0)).subtracting(expected.map(\.0)) == ["attestationSettings"])
            #expect(document["logSettings"]?["logEnabled"] == .string("true"))

            let off = try await client.control(.put, "services", #"{"appId": "com.example.demo", "logUploadEnabled": false}"#)
            #expect(off.status == .ok)
            let one = try await client.execute(uri: settingsPath + "/logSettings", method: .get, headers: headers())
            #expect(one.status == .ok, "\(one.text)")
            let logSettings = try ODataValue.parseJSON(Data(one.text.utf8))
            #expect(logSettings["logEnabled"] == .string("false"))
            #expect(logSettings["logUploadEnabled"] == nil, "the old member is gone")
            let missing = try await client.execute(uri: settingsPath + "/noSuchPolicy", method: .get, headers: headers())
            #expect(missing.status == .notFound)
        }
    }
}
