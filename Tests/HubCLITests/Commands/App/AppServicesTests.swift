// `hubctl app services` in-process against a scripted CF and Admin API: the catalogue printed in
// SAP's shape with the Admin API's address; a catalogue that is not a list is 65.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app services", .serialized)
struct AppServicesTests {
    @Test func printsTheCatalogue() async throws {
        let (bench, cf) = try await appBench()
        let r = await bench.app(["services"], cf)
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["adminApi": .string, "services": .array])
        #expect(r.json?["adminApi"] == .string(FakeCloudFoundry.cockpit))
        let services = arrayElements(r.json?["services"])
        #expect(services.map { $0["name"]?.stringValue } == ["push", "app-update"])
        #expect(services.first?["plans"] == .array([.object(["name": .string("standard")]), .object(["name": .string("premium")])]))
        #expect(cf.requests.last == "GET \(FakeCloudFoundry.cockpit)/services")
        #expect(!cf.requests.contains { $0.hasPrefix("POST") })
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["app", "services", "--cf-api", "https://api.x", "--org", "o", "--space", "s"], as: AppServices.self)
        #expect(options.source == AppAdminSource(cfAPI: "https://api.x", org: "o", space: "s"))
    }
}
