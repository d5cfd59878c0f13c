// `hubctl app version prune` in-process against a scripted App Update API: the pending revisions
// beyond the newest K of each platform deleted in one request, --dry-run, --keep checked.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite(.serialized) struct AppVersionPruneTests {
    @Test func theNewestKOfEachPlatformAreKept() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1, pending: [2, 3, 4, 5])
        fake.set("ios", pending: [1])
        let dry = await bench.version(["prune", FakeAppUpdate.app, "--keep", "2", "--dry-run"], fake)
        #expect(dry.exitCode == 0, "\(dry)")
        #expect(dry.json?["deleted"] == .array([.object(["platform": .string("android"), "revision": .int(2)]),
                                                .object(["platform": .string("android"), "revision": .int(3)])]))
        #expect(fake.requests == ["GET " + FakeAppUpdate.url])
        let result = await bench.version(["prune", FakeAppUpdate.app, "--keep", "2"], fake)
        #expect(result.exitCode == 0, "\(result)")
        #expect(fake.bodies == [#"[{"platform":"android","revisions":[2,3]}]"#])
        #expect(fake.state.withLock { $0.platforms["android"]?.pending } == [4, 5])
        // Nothing left to prune: no delete sent.
        let again = await bench.version(["prune", FakeAppUpdate.app, "--keep", "2"], fake)
        #expect(again.json?["deleted"] == .array([]))
        #expect(fake.requests.last == "GET " + FakeAppUpdate.url)
    }

    @Test func argvGivesTheOptions() throws {
        #expect(try parsedOptions(["app", "version", "prune", "ci-1", "--keep", "3", "--app-platform", "android", "--dry-run"], as: AppVersionPrune.self)
                == AppVersionPrune.Options(source: AppAdminSource(), app: "ci-1", keep: 3, platforms: ["android"], dryRun: true))
    }

    @Test func keepIsRequiredAndNotNegative() async throws {
        let (bench, fake) = try await appVersionBench()
        for (arguments, message) in [([], "needs --keep"), (["--keep=-1"], "below 0")] {
            let result = await bench.version(["prune", FakeAppUpdate.app] + arguments, fake)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
            let said = result.err.contains(message)
            #expect(said, "\(arguments): \(result.err)")
        }
        #expect(fake.requests.isEmpty)
    }
}
