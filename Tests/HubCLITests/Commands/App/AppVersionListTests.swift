// `hubctl app version list` in-process against a scripted App Update API: the versions per
// platform, an application without App Update (66), Basic sent without Cloud Foundry.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite(.serialized) struct AppVersionListTests {
    @Test func theVersionsOfEachPlatformArePrinted() async throws {
        let (bench, fake) = try await appVersionBench()
        fake.set("android", current: 2, pending: [3, 4])
        fake.set("ios", current: 1)
        let result = await bench.version(["list", FakeAppUpdate.app], fake)
        #expect(result.exitCode == 0, "\(result)")
        let platforms = try #require(result.json?["platforms"]?.fakeArray)
        #expect(platforms.map { $0["platform"] } == [.string("android"), .string("ios")])
        #expect(platforms[0]["current"]?["revision"] == .int(2))
        #expect(platforms[0]["pending"]?.fakeArray?.map { $0["revision"] } == [.int(3), .int(4)])
        #expect(platforms[1]["staged"] == .null)
        #expect(platforms[1]["pending"] == .array([]))
        // One GET, Basic, no Cloud Foundry request.
        #expect(fake.requests == ["GET " + FakeAppUpdate.url])
    }

    @Test func argvGivesTheOptions() throws {
        #expect(try parsedOptions(["app", "version", "list", "ci-1", "--admin-user", "u", "--admin-password-file", "pw"], as: AppVersionList.self)
                == AppVersionList.Options(source: AppAdminSource(adminUser: "u", adminPasswordFile: "pw"), app: "ci-1"))
    }

    @Test func anApplicationWithoutAppUpdateIs66() async throws {
        let (bench, fake) = try await appVersionBench()
        let result = await bench.run(["app", "version", "list", "other-app", "--admin-api", FakeAppUpdate.base, "--admin-user", "ci-user",
                                      "--admin-password-file", bench.root + "/admin-password"], transport: fake.factory)
        #expect(result.exitCode == 66, "\(result)")
        #expect(result.errorCode == "application_not_found")
    }

    @Test func withoutCredentialsNothingIsSent() async throws {
        let (bench, fake) = try await appVersionBench()
        let result = await bench.run(["app", "version", "list", FakeAppUpdate.app, "--admin-api", FakeAppUpdate.base], transport: fake.factory)
        #expect(result.exitCode == 78, "\(result)")
        #expect(fake.requests.isEmpty)
    }
}
