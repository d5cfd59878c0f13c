// `hubctl app key show` in-process: a CF key read again; an unknown key is 66.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app key show", .serialized)
struct AppKeyShowTests {
    @Test func readsACFKey() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        cf.state.withLock { $0.instances[0].keys = ["ci": "k-ci"] }
        let r = await bench.app(["key", "show", "ci-1", "--cf-key", "ci"], cf)
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["sap.cloud.service"] == .string("ci-key-app"))
        #expect(cf.requests.last == "GET \(FakeCloudFoundry.api)/v3/service_credential_bindings/k-ci/details")
    }

    @Test func anUnknownKeyOrAppIs66() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        expectFailure(await bench.app(["key", "show", "ci-1", "--cf-key", "nope"], cf), exit: 66, code: "not_found")
        expectFailure(await bench.app(["key", "show", "ci-2", "--cf-key", "ci"], cf), exit: 66, code: "application_not_found")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "key", "show", "ci-1", "--cf-key", "ci"], as: AppKeyShow.self)
                == AppKeyShow.Options(source: AppAdminSource(), app: "ci-1", cfKey: "ci"))
    }
}
