// `hubctl bundle show` in-process: one bundle's shape, and an unknown one (66).

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("bundle show", .serialized)
struct BundleShowTests {
    @Test func printsTheBundle() async throws {
        let (bench, key) = try await bundleAdminBench()
        await publishPDF(bench, key: key, name: "guide", version: "1.2")
        let r = await bench.run(["bundle", "show", "guide:1.2", "--service-key", key])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, bundleShape)
        #expect(r.json?["name"] == .string("guide"))
        #expect(r.json?["version"] == .string("1.2"))
    }

    @Test func anUnknownBundleIs66() async throws {
        let (bench, key) = try await bundleAdminBench()
        expectFailure(await bench.run(["bundle", "show", "guide:9", "--service-key", key]), exit: 66, code: "bundle_not_found")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["bundle", "show", "profile:42", "--service-key", "-"], as: BundleShow.self)
        #expect(options == BundleShow.Options(credentials: ServiceKeySource(serviceKey: "-"), bundle: "profile:42"))
    }
}
