// `hubctl bundle set-default` in-process: the default moves, and an unknown bundle is 66.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("bundle set-default", .serialized)
struct BundleSetDefaultTests {
    @Test func movesTheDefault() async throws {
        let (bench, key) = try await bundleAdminBench()
        await publishPDF(bench, key: key, name: "guide", version: "1")
        await publishPDF(bench, key: key, name: "guide", version: "2")
        let r = await bench.run(["bundle", "set-default", "guide:2", "--service-key", key])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["bundleId": .string, "default": .bool])
        let list = await bench.run(["bundle", "list", "--service-key", key])
        let defaults = arrayElements(list.json?["bundles"]).filter { $0["default"] == .bool(true) }.compactMap { $0["bundleId"]?.stringValue }
        #expect(defaults == ["guide:2"])
    }

    @Test func anUnknownBundleIs66() async throws {
        let (bench, key) = try await bundleAdminBench()
        expectFailure(await bench.run(["bundle", "set-default", "nothing:1", "--service-key", key]), exit: 66, code: "bundle_not_found")
        expectFailure(await bench.run(["bundle", "set-default", "no-version", "--service-key", key]), exit: 64, code: "usage")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["bundle", "set-default", "profile:42", "--binding", "binding.json", "--tenant", "t1"], as: BundleSetDefault.self)
        #expect(options == BundleSetDefault.Options(credentials: ServiceKeySource(binding: "binding.json", tenant: "t1"), bundle: "profile:42"))
    }
}
