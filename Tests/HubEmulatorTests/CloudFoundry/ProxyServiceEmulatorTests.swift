// The emulator's proxy feature (docs/protocol.md §17.12): GET and PUT …/app/{id}/service/proxy in
// the shape of Tests/Fixtures/sap/admin/proxy-service.json (its PUT taken, its GET answered back),
// the app read carrying services[proxy].parameters.endpointConfigurations as app.json does, each
// PUT counted (GET /_emulator/cf → apps[].proxyWrites), and the refusals.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct ProxyServiceEmulatorTests {
    static let proxy = CloudFoundryEmulatorTests.admin + "/app/ci-1234/service/proxy"

    static func writes(_ client: any TestClientProtocol) async throws -> Int? {
        let apps = try CloudFoundryEmulatorTests.object(try await client.control(.get, "cf"))["apps"] as? [[String: Any]]
        return apps?.first { $0["id"] as? String == "ci-1234" }?["proxyWrites"] as? Int
    }

    @Test func theFixtureIsTakenAndAnsweredBack() async throws {
        try await withEmulator { client, _ in
            let token = try await CloudFoundryEmulatorTests.token(client)
            let headers = CloudFoundryEmulatorTests.bearer(token, json: true)
            try await client.control(.post, "cf/apps", #"{"id": "ci-1234", "features": ["push", "proxy"]}"#)
            let empty = try CloudFoundryEmulatorTests.object(try await client.execute(uri: Self.proxy, method: .get, headers: headers))
            #expect((empty["parameters"] as? [String: Any])?["endpointConfigurations"] as? [Any] != nil, "\(empty)")
            #expect(try await Self.writes(client) == 0)

            let body = try Data(contentsOf: CloudFoundryFixtureShapeTests.fixtures.appendingPathComponent("proxy-service.json"))
            let put = try await client.execute(uri: Self.proxy, method: .put, headers: headers, body: ByteBuffer(bytes: body))
            #expect(put.status == .ok, "\(put.text)")
            #expect(try await Self.writes(client) == 1)
            let fixture = try #require(try JSONSerialization.jsonObject(with: body) as? NSDictionary)
            let read = try CloudFoundryEmulatorTests.object(try await client.execute(uri: Self.proxy, method: .get, headers: headers))
            #expect(NSDictionary(dictionary: read) == fixture, "\(read)")

            // The app read carries the same entry, as app.json does.
            let app = try CloudFoundryEmulatorTests.object(try await client.execute(uri: CloudFoundryEmulatorTests.admin + "/app/ci-1234", method: .get, headers: headers))
            let service = (app["services"] as? [[String: Any]])?.first { $0["name"] as? String == "proxy" }
            let entries = (service?["parameters"] as? [String: Any])?["endpointConfigurations"] as? [[String: Any]]
            #expect(entries?.compactMap { $0["endPointName"] as? String } == ["backend", "onpremise"])
            #expect(CloudFoundryFixtureShapeTests.missing(try CloudFoundryFixtureShapeTests.fixture("proxy-service.json"), read, nested: ["parameters"]) == [])
        }
    }

    @Test func refusals() async throws {
        try await withEmulator { client, _ in
            let token = try await CloudFoundryEmulatorTests.token(client)
            let headers = CloudFoundryEmulatorTests.bearer(token, json: true)
            #expect(try await client.execute(uri: Self.proxy, method: .get, headers: headers).status == .notFound)
            try await client.control(.post, "cf/apps", #"{"id": "ci-1234", "features": ["push"]}"#)
            #expect(try await client.execute(uri: Self.proxy, method: .get, headers: headers).status == .notFound, "no proxy feature")
            try await client.control(.post, "cf/apps", #"{"id": "ci-p", "features": ["proxy"]}"#)
            let path = CloudFoundryEmulatorTests.admin + "/app/ci-p/service/proxy"
            for bad in [#"{"parameters": {}}"#, #"{"parameters": {"endpointConfigurations": [{"endPointAddress": "https://x"}]}}"#,
                        #"{"parameters": {"endpointConfigurations": [{"endPointName": "a"}, {"endPointName": "a"}]}}"#] {
                #expect(try await client.execute(uri: path, method: .put, headers: headers, body: ByteBuffer(string: bad)).status == .badRequest, "\(bad)")
            }
            // Without a token: 401; with the CSRF switch, a PUT without its token: 403 Required.
            #expect(try await client.execute(uri: path, method: .get, headers: HTTPFields()).status == .unauthorized)
            try await client.control(.put, "cf/settings", #"{"csrf": true}"#)
            let put = try await client.execute(uri: path, method: .put, headers: headers, body: ByteBuffer(string: #"{"parameters": {"endpointConfigurations": []}}"#))
            #expect(put.status == .forbidden && put.headers[CloudFoundryEmulatorTests.csrf] == "Required")
        }
    }
}
