// The services catalogue and the Admin API create (issue 50 item 2, docs/protocol.md §17.11)
// against the fixtures in SAP's MDK CLI's shapes: the catalogue read tolerantly and checked where
// read (65 malformed, 69 empty), plans chosen (F:PLAN, else the catalogue's first; unknown ones
// 64 naming the known), the body byte for byte as app-create-request.json, the landscape from the
// base's host, the POST's statuses, and a login answer to the new calls read as 77 (item 4c).

import Foundation
import HubCore
import Testing
@testable import HubServices
@testable import HubTransport

@Suite struct AdminAPICreateTests {
    func fixture(_ name: String) throws -> String { try String(contentsOf: sapFixtureURL("admin/" + name), encoding: .utf8) }
    let base = "https://mobile-service-cockpit-api.cfapps.eu10.example.com/cockpit/v1/org/o/space/s"
    func admin(_ fake: FakeTransport) -> MobileServicesAdmin {
        MobileServicesAdmin(base: base, auth: .basic(BasicCredentials(user: "u", password: "p")), transport: fake)
    }
    func code(_ body: () throws -> Void) -> Int? {
        do { try body() } catch let error as HubError { return Int(error.kind.exitCode) } catch { return -1 }
        return 0
    }

    @Test func theCatalogueFixtureIsRead() throws {
        let fake = FakeTransport([response(200, try fixture("services-response.json"))])
        let catalogue = try admin(fake).services()
        #expect(catalogue.services.map(\.name) == ["appcatalog", "app-update", "client-log-upload", "cbms", "proxy", "offline", "push", "storage"])
        #expect(catalogue.services.first { $0.name == "push" }?.plans == ["standard", "premium"])
        #expect(fake.requests.map(\.url) == [base + "/services"])
        #expect(fake.requests[0].headers.contains(HTTPHeader("X-Requested-With", "XMLHttpRequest")))
        #expect(catalogue.json == (try JSONValue.read(Data(try fixture("services-response.json").utf8))), "printed in SAP's shape")
    }

    @Test func theCatalogueIsReadTolerantlyAndCheckedWhereRead() throws {
        let tolerant = try ServicesCatalogue.read(try JSONValue.read(Data(#"""
            [{"name": "push", "plans": [{"name": "standard", "x": 1}, {"nameless": true}, "premium"], "future": {}}, {"plans": []}, {"name": "storage"}]
            """#.utf8)))
        #expect(tolerant == ServicesCatalogue(services: [.init(name: "push", plans: ["standard", "premium"]), .init(name: "storage", plans: [])]))
        for (body, exit) in [(#"{"a": 1}"#, 65), (#"[{"name": "Push!"}]"#, 65), (#"[{"name": "push", "plans": [{"name": "a b"}]}]"#, 65),
                             ("[]", 69), (#"[{"plans": []}]"#, 69)] {
            #expect(code { _ = try ServicesCatalogue.read(try JSONValue.read(Data(body.utf8))) } == exit, "\(body)")
        }
        #expect(code { _ = try self.admin(FakeTransport([response(200, "not json")])).services() } == 65)
    }

    @Test func plansComeFromTheFeatureOrTheCataloguesFirst() throws {
        let catalogue = ServicesCatalogue(services: [.init(name: "push", plans: ["standard", "premium"]), .init(name: "storage", plans: [])])
        let chosen = try catalogue.choose(try FeatureChoice.parse(["push"]))
        #expect(chosen == [FeatureChoice(name: "push", plan: "standard")])
        #expect(try catalogue.choose(try FeatureChoice.parse(["push:premium"])) == [FeatureChoice(name: "push", plan: "premium")])
        #expect { try catalogue.choose([FeatureChoice(name: "offline", plan: nil)]) } throws: { error in
            let message = (error as? HubError)?.message ?? ""
            return (error as? HubError)?.kind.exitCode == 64 && message.contains("push, storage")
        }
        #expect { try catalogue.choose([FeatureChoice(name: "push", plan: "gold")]) } throws: { error in
            (error as? HubError)?.kind.exitCode == 64 && ((error as? HubError)?.message ?? "").contains("standard, premium")
        }
        #expect(code { _ = try catalogue.choose([FeatureChoice(name: "storage", plan: nil)]) } == 64, "no plan to choose")
        for bad in [["push:"], ["push:a b"], ["Push"], ["push", "push:premium"]] {
            #expect(code { _ = try FeatureChoice.parse(bad) } == 64, "\(bad)")
        }
    }

    @Test func theBodyIsSAPsByteForByte() throws {
        let request = AdminAppCreate(appId: "com.example.ci_app-1234", kind: .mdk, landscape: "eu10.example.com",
                                     services: [FeatureChoice(name: "app-update", plan: "standard"), FeatureChoice(name: "push", plan: "premium")])
        let written = try JSONOutput.encode(request.json, pretty: true)
        let expected = try fixture("app-create-request.json")
        #expect(String(decoding: written, as: UTF8.self) + "\n" == expected)
        var hybrid = request
        hybrid.kind = .hybrid
        #expect(hybrid.json["device_support"] == .object(["android_device_appid": .string("sapmobilesvcs"), "ios_device_appid": .string("sapmobilesvcs")]),
                "no app_type for a kind SAP's CLI does not show")
        #expect(AdminAppCreate(appId: "a", displayName: "My App", kind: .native, landscape: "x", services: []).json["displayName"] == .string("My App"))
    }

    @Test func theLandscapeComesFromTheBasesHost() throws {
        #expect(try AdminAppCreate.landscape(base: base) == "eu10.example.com")
        #expect(try AdminAppCreate.landscape(base: "https://mobile-service-cockpit-api-preview.cfapps.us10.hana.ondemand.com:443/x") == "us10.hana.ondemand.com")
        #expect(try AdminAppCreate.landscape(base: "http://mobile-service-cockpit-api.localhost:8080/cockpit") == "localhost")
        for bad in ["http://127.0.0.1:8080/c", "https://localhost/c", "ftp://a.b/c"] {
            #expect(code { _ = try AdminAppCreate.landscape(base: bad) } == 78, "\(bad)")
        }
    }

    @Test func theCreateSendsTheBodyAndReadsOnlyTheStatus() throws {
        let request = AdminAppCreate(appId: "com.example.ci_app-1234", kind: .mdk, landscape: "eu10.example.com",
                                     services: [FeatureChoice(name: "app-update", plan: "standard"), FeatureChoice(name: "push", plan: "premium")])
        for status in [200, 201, 202] {
            let fake = FakeTransport([response(status, "not json, unread")])
            try admin(fake).create(request)
            #expect(fake.requests.map { $0.method + " " + $0.url } == ["POST " + base + "/app?async=true"])
            let sent = try #require(fake.requests[0].bodyBytes)
            #expect(sent == (try JSONOutput.encode(try JSONValue.read(Data(try fixture("app-create-request.json").utf8)), pretty: false)))
            #expect(fake.requests[0].headers.contains(HTTPHeader("X-Requested-With", "XMLHttpRequest")))
        }
        #expect(code { try self.admin(FakeTransport([response(409, "{}")])).create(request) } == 73)
        #expect(code { try self.admin(FakeTransport([response(400, #"{"error": {"message": "bad"}}"#)])).create(request) } == 65)
    }

    /// Item 4(c): the login header (whatever the status) is 77 on the catalogue and the create too.
    @Test func aLoginAnswerToTheNewCallsIs77() throws {
        let login = response(200, "{}", headers: [HTTPHeader("com.sap.cloud.security.login", "login-request"), HTTPHeader("Content-Type", "application/json")])
        #expect(code { _ = try self.admin(FakeTransport([login])).services() } == 77)
        let request = AdminAppCreate(appId: "a", kind: .mdk, landscape: "x", services: [])
        #expect(code { try self.admin(FakeTransport([login])).create(request) } == 77)
    }
}
