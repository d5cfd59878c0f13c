// `hubctl app prune` in-process: a mix (old and new, matching or not, a foreign label, no
// instance), first --dry-run, then for real with one failing delete (3); the refusals.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app prune", .serialized)
struct AppPruneTests {
    @Test func prunesOldAppsHubctlMade() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-old", createdAt: "2020-01-01T00:00:00Z")
        cf.add("ci-old-2", createdAt: "2020-01-01T00:00:00Z")
        cf.add("ci-new", createdAt: ISO8601.string(from: Date()))
        cf.add("ci-foreign", createdAt: "2020-01-01T00:00:00Z", labels: ["managed-by": "someone"])
        cf.add("prod", createdAt: "2020-01-01T00:00:00Z")
        cf.state.withLock { $0.orphanApps = ["ci-orphan"] }
        let dry = await bench.app(["prune", "--match", "ci-*", "--older-than", "60m", "--dry-run"], cf)
        #expect(dry.exitCode == 0, "\(dry)")
        expectShape(dry.json, ["deleted": .array, "failed": .array, "skipped": .array, "dryRun": .bool])
        #expect(dry.json?["deleted"] == .array([.string("ci-old"), .string("ci-old-2")]))
        #expect(arrayElements(dry.json?["skipped"]).map { $0["appId"]?.stringValue } == ["ci-foreign", "ci-new", "ci-orphan"])
        #expect(!cf.requests.contains { $0.hasPrefix("DELETE") })

        cf.state.withLock { $0.failDelete = ["ci-old-2"] }
        let real = await bench.app(["prune", "--match", "ci-*", "--older-than", "60m"], cf)
        #expect(real.exitCode == 3, "\(real)")
        #expect(real.json?["deleted"] == .array([.string("ci-old")]))
        #expect(arrayElements(real.json?["failed"]).map { $0["appId"]?.stringValue } == ["ci-old-2"])
        #expect(cf.state.withLock { $0.instances.map(\.name) } == ["ci-old-2", "ci-new", "ci-foreign", "prod"])
    }

    @Test func refusalsSendNothing() async throws {
        let (bench, cf) = try await appBench()
        for args in [["prune", "--older-than", "60m"], ["prune", "--match", "*", "--older-than", "60m"], ["prune", "--match", "ci-*", "--older-than", "0m"],
                     ["prune", "--match", "ci-*"], ["prune", "--match", "ci-*", "--older-than", "-1h"]] {
            expectFailure(await bench.app(args, cf), exit: 64, code: "usage")
        }
        #expect(cf.requests.isEmpty, "\(cf.requests)")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "prune", "--match", "ci-*", "--older-than", "60m", "--dry-run", "--any-owner"], as: AppPrune.self)
                == AppPrune.Options(source: AppAdminSource(), match: "ci-*", olderThan: "60m", dryRun: true, anyOwner: true))
    }
}
