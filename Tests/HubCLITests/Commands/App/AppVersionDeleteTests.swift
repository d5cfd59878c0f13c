// `hubctl app version delete` in-process against a scripted App Update API: pending revisions
// (X-HTTP-METHOD: DELETE), a platform, --all with --yes; the refusals before sending.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite(.serialized) struct AppVersionDeleteTests {
    @Test func pendingRevisionsAreDeletedWithTheOverrideHeader() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1, pending: [2, 3])
        fake.set("ios", pending: [3])
        let result = await bench.version(["delete", FakeAppUpdate.app, "--pending", "--revision", "3"], fake)
        #expect(result.exitCode == 0, "\(result)")
        #expect(fake.requests.last == "POST " + FakeAppUpdate.url + "/deletePendings")
        #expect(fake.bodies == [#"[{"platform":"android","revisions":[3]},{"platform":"ios","revisions":[3]}]"#])
        let header = fake.state.withLock { $0.headers.last?.first { $0.name == "X-HTTP-METHOD" }?.value }
        #expect(header == "DELETE")
        #expect(result.json?["deletedPending"]?.fakeArray?.count == 2)
        #expect(fake.state.withLock { $0.platforms["android"]?.pending } == [2])
    }

    @Test func aPlatformAndEverything() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1)
        fake.set("ios", current: 1)
        let one = await bench.version(["delete", FakeAppUpdate.app, "--app-platform", "ios"], fake)
        #expect(one.exitCode == 0, "\(one)")
        #expect(fake.requests.last == "DELETE " + FakeAppUpdate.url + "/ios")
        let dry = await bench.version(["delete", FakeAppUpdate.app, "--all", "--dry-run"], fake)
        #expect(dry.json?["deletedPlatforms"] == .array([.string("android")]))
        #expect(fake.requests.last == "GET " + FakeAppUpdate.url)
        let all = await bench.version(["delete", FakeAppUpdate.app, "--all", "--yes"], fake)
        #expect(all.exitCode == 0, "\(all)")
        #expect(fake.requests.last == "DELETE " + FakeAppUpdate.url)
    }

    @Test func argvGivesTheOptions() throws {
        #expect(try parsedOptions(["app", "version", "delete", "ci-1", "--pending", "--revision", "4", "--revision", "5", "--dry-run"], as: AppVersionDelete.self)
                == AppVersionDelete.Options(source: AppAdminSource(), app: "ci-1", pending: true, revisions: [4, 5], platforms: [], all: false, yes: false, dryRun: true))
    }

    @Test func refusedBeforeSending() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 1, pending: [2])
        let cases: [([String], String)] = [
            (["--all"], "give --yes"),
            (["--all", "--pending", "--revision", "2"], "takes no --pending"),
            (["--pending"], "needs --revision"),
            (["--revision", "2"], "needs --pending"),
            ([], "needs --pending --revision"),
            (["--pending", "--revision", "2", "--revision", "2"], "twice"),
        ]
        for (arguments, message) in cases {
            let result = await bench.version(["delete", FakeAppUpdate.app] + arguments, fake)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
            let said = result.err.contains(message)
            #expect(said, "\(arguments): \(result.err)")
        }
        #expect(fake.requests.isEmpty, "\(fake.requests)")
        for (arguments, message) in [(["--pending", "--revision", "7"], "pending on no platform"), (["--app-platform", "ios"], "not a platform here"),
                                     (["--pending", "--revision", "1", "--app-platform", "android"], "not pending on android")] {
            let result = await bench.version(["delete", FakeAppUpdate.app] + arguments, fake)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
            let said = result.err.contains(message)
            #expect(said, "\(arguments): \(result.err)")
        }
        let deletes = fake.requests.filter { !$0.hasPrefix("GET") }
        #expect(deletes.isEmpty, "\(deletes)")
    }
}
