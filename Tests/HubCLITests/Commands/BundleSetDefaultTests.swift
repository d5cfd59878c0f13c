// `hubctl bundle set-default` in-process: the default moves, and an unknown bundle is 66.

import Foundation
import HubCLI
import HubCore
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
}
