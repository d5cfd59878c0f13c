// The destinations of the proxy feature against SAP's shapes (Tests/Fixtures/sap/admin: app.json,
// proxy-service.json): read from the app, set as GET + PUT of the whole service with only the one
// entry changed, no PUT when already as asked, delete, and the refusals (no app, no feature).

import Foundation
import HubCore
import Testing
@testable import HubServices
@testable import HubTransport

@Suite struct ProxyDestinationsTests {
    func fixture(_ name: String) throws -> String { try String(contentsOf: sapFixtureURL("admin/" + name), encoding: .utf8) }
    func json(_ name: String) throws -> JSONValue { try JSONValue.read(Data(try fixture(name).utf8)) }
    let base = "https://c.example/cockpit/v1/org/o/space/s"

    func apps(_ fake: FakeTransport) -> MobileServicesApps {
        let cf = CloudFoundryAPI(root: "https://api.cf.example", tokens: CloudFoundryTokens(login: .bearer("t", source: "test"), transport: fake, api: nil),
                                 transport: fake, deadline: .now + .seconds(5), sleep: { _ in })
        return MobileServicesApps(cf: cf, org: "o", space: "s", base: base, target: nil, makeAdmin: { [base] _ in
            MobileServicesAdmin(base: base, auth: .basic(BasicCredentials(user: "u", password: "p")), transport: fake)
        }, warn: { _ in })
    }

    @Test func theAppsDestinationsAreRead() throws {
        let fake = FakeTransport([response(200, try fixture("app.json"))])
        let found = try apps(fake).destinations(appId: "ci-1234")
        #expect(fake.requests.map { $0.method + " " + $0.url } == ["GET \(base)/app/ci-1234"])
        #expect(found.count == 1)
        let backend = try #require(found.first)
        #expect(backend.name == "backend" && backend.url == "https://backend.example.com/odata/v4/demo")
        #expect(backend.ssoMethod == "None" && backend.cloudConnector == false && !backend.passwordSet)
    }

    @Test func setPutsTheWholeServiceBackWithOneEntryAdded() throws {
        let fake = FakeTransport([response(200, try fixture("app.json")), response(200, try fixture("proxy-service.json")), response(200, "{}")])
        let change = ProxyDestinationChange(name: "new", url: "https://n.example.com/odata", ssoMethod: "Basic", user: "svc", password: "pw-secret")
        let result = try apps(fake).setDestination(appId: "ci-1234", change)
        #expect(result.changed && result.destination?.passwordSet == true && result.destination?.user == "svc")
        #expect(fake.requests.map(\.method) == ["GET", "GET", "PUT"])
        #expect(fake.requests[1].url == base + "/app/ci-1234/service/proxy" && fake.requests[2].url == base + "/app/ci-1234/service/proxy")
        let sent = try JSONValue.read(try #require(fake.requests[2].bodyBytes))
        guard case .array(var expected)? = try json("proxy-service.json")["parameters"]?["endpointConfigurations"] else {
            Issue.record("the fixture has no list")
            return
        }
        expected.append(.object(["endPointName": .string("new"), "endPointAddress": .string("https://n.example.com/odata"), "ssoMethod": .string("Basic"),
                                 "useCloudConnector": .bool(false), "userName": .string("svc"), "password": .string("pw-secret")]))
        #expect(sent == .object(["name": .string("proxy"), "parameters": .object(["endpointConfigurations": .array(expected)])]))
    }

    @Test func setAsItIsSendsNoPut() throws {
        let fake = FakeTransport([response(200, try fixture("app.json")), response(200, try fixture("proxy-service.json"))])
        let result = try apps(fake).setDestination(appId: "ci-1234", ProxyDestinationChange(name: "backend", url: "https://backend.example.com/odata/v4/demo",
                                                                                          ssoMethod: "None", cloudConnector: false))
        #expect(!result.changed && result.destination?.name == "backend")
        #expect(fake.requests.map(\.method) == ["GET", "GET"])
    }

    @Test func aChangeKeepsTheOtherMembersAndEntries() throws {
        let fake = FakeTransport([response(200, try fixture("app.json")), response(200, try fixture("proxy-service.json")), response(200, "")])
        let result = try apps(fake).setDestination(appId: "ci-1234", ProxyDestinationChange(name: "onpremise", cloudConnector: false))
        #expect(result.changed && result.destination?.cloudDestination == "demo-onpremise" && result.destination?.cloudConnector == false)
        let sent = try JSONValue.read(try #require(fake.requests[2].bodyBytes))
        guard case .array(let list)? = sent["parameters"]?["endpointConfigurations"] else {
            Issue.record("no list sent: \(sent)")
            return
        }
        let original = try json("proxy-service.json")["parameters"]?["endpointConfigurations"]
        let first: JSONValue? = if case .array(let a)? = original { a[0] } else { nil }
        #expect(list.count == 2 && first != nil && list[0] == first)
    }

    @Test func deleteRemovesOneEntryOrNothing() throws {
        let fake = FakeTransport([response(200, try fixture("app.json")), response(200, try fixture("proxy-service.json")), response(204)])
        let removed = try apps(fake).deleteDestination(appId: "ci-1234", name: "backend")
        #expect(removed.changed && removed.destination?.url == "https://backend.example.com/odata/v4/demo")
        let sent = try JSONValue.read(try #require(fake.requests[2].bodyBytes))
        let names: [String]? = if case .array(let list)? = sent["parameters"]?["endpointConfigurations"] { list.compactMap { $0["endPointName"]?.stringValue } } else { nil }
        #expect(names == ["onpremise"])
        let none = FakeTransport([response(200, try fixture("app.json")), response(200, try fixture("proxy-service.json"))])
        let missing = try apps(none).deleteDestination(appId: "ci-1234", name: "absent")
        #expect(!missing.changed && missing.destination == nil && none.requests.count == 2)
    }

    @Test func noAppNoFeatureAndAMalformedList() throws {
        let unknown = FakeTransport([response(404, "{}")])
        #expect { try apps(unknown).destinations(appId: "ci-x") } throws: { ($0 as? HubError)?.code == .applicationNotFound }
        let push = FakeTransport([response(200, #"{"name": "ci-1", "services": [{"name": "push"}]}"#)])
        #expect { try apps(push).setDestination(appId: "ci-1", ProxyDestinationChange(name: "b", url: "https://b.example")) } throws: { error in
            let e = error as? HubError
            return e?.code == .proxyNotAssigned && e?.kind.exitCode == 66
        }
        #expect(push.requests.count == 1)
        let bad = FakeTransport([response(200, #"{"name": "ci-1", "services": [{"name": "proxy", "parameters": {"endpointConfigurations": {}}}]}"#)])
        #expect { try apps(bad).destinations(appId: "ci-1") } throws: { ($0 as? HubError)?.code == .malformedResponse }
    }
}
