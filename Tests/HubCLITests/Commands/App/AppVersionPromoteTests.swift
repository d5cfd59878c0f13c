// `hubctl app version promote` in-process against a scripted App Update API: the newest pending
// revision of each platform by default, --revision and --platform, refusals before sending.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite(.serialized) struct AppVersionPromoteTests {
    @Test func theNewestPendingOfEachPlatformByDefault() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1, pending: [2, 3])
        fake.set("ios", current: 1, pending: [2])
        let result = await bench.version(["promote", FakeAppUpdate.app], fake)
        #expect(result.exitCode == 0, "\(result)")
        #expect(fake.bodies == [#"[{"platform":"android","revisions":[3]},{"platform":"ios","revisions":[2]}]"#])
        #expect(fake.requests.last == "PUT " + FakeAppUpdate.url + "/promotePending")
        #expect(result.json?["current"] == .array([.object(["platform": .string("android"), "revision": .int(3)]),
                                                   .object(["platform": .string("ios"), "revision": .int(2)])]))
    }

    @Test func aRevisionOnOnePlatform() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1, pending: [2, 3])
        fake.set("ios", pending: [2])
        let result = await bench.version(["promote", FakeAppUpdate.app, "--revision", "2", "--app-platform", "android"], fake)
        #expect(result.exitCode == 0, "\(result)")
        #expect(fake.bodies == [#"[{"platform":"android","revisions":[2]}]"#])
    }

    @Test func argvGivesTheOptions() throws {
        #expect(try parsedOptions(["app", "version", "promote", "ci-1", "--revision", "4", "--app-platform", "ios"], as: AppVersionPromote.self)
                == AppVersionPromote.Options(source: AppAdminSource(), app: "ci-1", revision: 4, platforms: ["ios"]))
    }

    @Test func refusedBeforeSending() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1, pending: [2])
        fake.set("ios", current: 1)
        for (arguments, message) in [(["--revision", "5"], "pending on no platform"), (["--revision", "2", "--app-platform", "ios"], "not pending on ios"),
                                     (["--app-platform", "windows"], "not a platform here"), (["--app-platform", "ios"], "no pending revision"),
                                     (["--revision", "0"], "no revision")] {
            let result = await bench.version(["promote", FakeAppUpdate.app] + arguments, fake)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
            let said = result.err.contains(message)
            #expect(said, "\(arguments): \(result.err)")
        }
        let puts = fake.requests.filter { $0.hasPrefix("PUT") }
        #expect(puts.isEmpty)
    }
}
