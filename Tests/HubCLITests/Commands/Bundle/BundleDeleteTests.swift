// `hubctl bundle delete` in-process: a deleted bundle is gone for devices too; a missing one is 66
// unless --missing-ok.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("bundle delete", .serialized)
struct BundleDeleteTests {
    @Test func deletesTheBundle() async throws {
        let (bench, key) = try await bundleAdminBench()
        await publishPDF(bench, key: key, name: "guide", version: "1")
        let r = await bench.run(["bundle", "delete", "guide:1", "--service-key", key])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["bundleId": .string, "deleted": .bool])
        #expect(r.json?["deleted"] == .bool(true))
        let list = await bench.run(["bundle", "list", "--service-key", key])
        #expect(arrayElements(list.json?["bundles"]).count == 0)
    }

    @Test func aMissingBundleIs66UnlessMissingOK() async throws {
        let (bench, key) = try await bundleAdminBench()
        expectFailure(await bench.run(["bundle", "delete", "guide:1", "--service-key", key]), exit: 66, code: "bundle_not_found")
        let ok = await bench.run(["bundle", "delete", "guide:1", "--missing-ok", "--service-key", key])
        #expect(ok.exitCode == 0, "\(ok)")
        #expect(ok.json?["deleted"] == .bool(false))
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["bundle", "delete", "profile:41", "--missing-ok", "--service-key", "key.json"], as: BundleDelete.self)
        #expect(options == BundleDelete.Options(credentials: ServiceKeySource(serviceKey: "key.json"), bundle: "profile:41", missingOK: true))
        #expect(try parsedOptions(["bundle", "delete", "p:1"], as: BundleDelete.self).missingOK == false)
    }
}
