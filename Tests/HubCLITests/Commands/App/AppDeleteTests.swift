// `hubctl app delete` in-process: the Admin API's delete, then the leftover instance and its
// keys; a missing app is 66 unless --missing-ok.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app delete", .serialized)
struct AppDeleteTests {
    @Test func deletesAppInstanceAndKeys() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        cf.state.withLock { $0.instances[0].keys = ["ci": "k-ci"] }
        let r = await bench.app(["delete", "ci-1"], cf)
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["appId": .string, "deleted": .bool, "app": .bool, "instance": .bool, "keys": .array])
        #expect(r.json?["keys"] == .array([.string("ci")]))
        #expect(cf.state.withLock { $0.instances.isEmpty })
        let order = cf.requests.filter { $0.hasPrefix("DELETE") }
        #expect(order == ["DELETE \(FakeCloudFoundry.cockpit)/app/ci-1", "DELETE \(FakeCloudFoundry.api)/v3/service_credential_bindings/k-ci",
                          "DELETE \(FakeCloudFoundry.api)/v3/service_instances/g-ci-1"])
    }

    @Test func aMissingAppIs66UnlessMissingOK() async throws {
        let (bench, cf) = try await appBench()
        expectFailure(await bench.app(["delete", "ci-none"], cf), exit: 66, code: "application_not_found")
        let ok = await bench.app(["delete", "ci-none", "--missing-ok"], cf)
        #expect(ok.exitCode == 0, "\(ok)")
        #expect(ok.json?["deleted"] == .bool(false))
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "delete", "ci-1", "--missing-ok"], as: AppDelete.self)
                == AppDelete.Options(source: AppAdminSource(), app: "ci-1", missingOK: true))
    }
}
