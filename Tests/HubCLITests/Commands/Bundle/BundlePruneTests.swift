// `hubctl bundle prune` in-process: the newest K and the default are kept, --dry-run deletes
// nothing, and --keep 0 is refused before anything is sent.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("bundle prune", .serialized)
struct BundlePruneTests {
    @Test func keepsTheNewestAndTheDefault() async throws {
        let (bench, key) = try await bundleAdminBench()
        for v in ["1", "2", "3", "10"] { await publishPDF(bench, key: key, name: "guide", version: v) }
        await publishPDF(bench, key: key, name: "other", version: "1")
        // guide:1 is the default (the application's first bundle).
        let dry = await bench.run(["bundle", "prune", "--name", "guide", "--keep", "2", "--dry-run", "--service-key", key])
        #expect(dry.exitCode == 0, "\(dry)")
        expectShape(dry.json, ["name": .string, "kept": .array, "deleted": .array, "failed": .array, "dryRun": .bool])
        #expect(dry.json?["deleted"] == .array([.string("guide:2")]))
        #expect(dry.json?["kept"] == .array([.string("guide:10"), .string("guide:3"), .string("guide:1")]))
        let listed = await bench.run(["bundle", "list", "--service-key", key])
        #expect(arrayElements(listed.json?["bundles"]).count == 5, "a dry run deletes nothing")
        let r = await bench.run(["bundle", "prune", "--name", "guide", "--keep", "2", "--service-key", key])
        #expect(r.json?["deleted"] == .array([.string("guide:2")]))
        let after = await bench.run(["bundle", "list", "--service-key", key])
        #expect(arrayElements(after.json?["bundles"]).compactMap { $0["bundleId"]?.stringValue } == ["guide:1", "guide:10", "guide:3", "other:1"])
    }

    @Test func keepZeroIsRefused() async throws {
        let (bench, key) = try await bundleAdminBench()
        expectFailure(await bench.run(["bundle", "prune", "--name", "guide", "--keep", "0", "--service-key", key]), exit: 64, code: "usage")
        #expect(try await loggedRequests(bench) == [])
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["bundle", "prune", "--name", "profile", "--keep", "3", "--dry-run", "--service-key", "key.json"], as: BundlePrune.self)
        #expect(options == BundlePrune.Options(credentials: ServiceKeySource(serviceKey: "key.json"), name: "profile", keep: 3, dryRun: true))
    }
}
