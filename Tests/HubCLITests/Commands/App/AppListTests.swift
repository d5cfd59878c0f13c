// `hubctl app list` in-process: the Admin API's apps joined with the CF instances, --match.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app list", .serialized)
struct AppListTests {
    @Test func listsAppsWithTheirInstance() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        cf.add("prod", labels: [:])
        cf.state.withLock { $0.orphanApps = ["ci-orphan"] }
        let r = await bench.app(["list", "--match", "ci-*"], cf)
        #expect(r.exitCode == 0, "\(r)")
        let apps = arrayElements(r.json?["apps"])
        #expect(apps.map { $0["appId"]?.stringValue } == ["ci-1", "ci-orphan"])
        expectShape(apps.first, ["appId": .string, "displayName": .string, "features": .array, "inAdminAPI": .bool, "instance": .object,
                                 "createdAt": .string, "state": .string, "labels": .object])
        #expect(apps.last?["instance"] == .null && apps.last?["createdAt"] == .null)
    }

    @Test func withoutCredentialsIs78() async throws {
        let (bench, cf) = try await appBench()
        let r = await bench.app(["list"], cf, environment: ["HUBCTL_CF_TOKEN": "", "CF_HOME": bench.root + "/nocf"])
        expectFailure(r, exit: 78, code: "config")
        #expect(cf.requests.isEmpty)
    }

    /// cf's config.json: its target and GUIDs; an expired token refreshed once (in memory, cf's file
    /// unchanged); a refused refresh is 77 with "run `cf login`"; SSLDisabled warned; no token in
    /// --verbose output.
    @Test func cfsConfigIsUsedAndItsExpiredTokenRefreshed() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        let home = bench.root + "/cf"
        let expired = unsignedJWT(exp: 1000)
        try writeCFConfig(home: home, access: expired, sslDisabled: true)
        let before = try Data(contentsOf: URL(fileURLWithPath: home + "/.cf/config.json"))
        let env = ["CF_HOME": home, "HUBCTL_CF_TOKEN": ""]
        let r = await bench.run(["app", "list", "--verbose"], environment: env, transport: cf.factory)
        #expect(r.exitCode == 0, "\(r)")
        #expect(cf.requests.first == "POST \(FakeCloudFoundry.uaa)/oauth/token")
        #expect(cf.requests.filter { $0.hasSuffix("/oauth/token") }.count == 1)
        #expect(r.err.contains("SSLDisabled"))
        #expect(!r.err.contains(testToken) && !r.err.contains("r-good") && !r.out.contains(testToken))
        #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/.cf/config.json")) == before, "cf's file is never written")

        cf.state.withLock { $0.refreshToken = "other" }
        expectFailure(await bench.run(["app", "list"], environment: env, transport: cf.factory), exit: 77, code: "login_required")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "list", "--match", "ci-*", "--admin-api", "https://c.x/cockpit/v1/org/o/space/s"], as: AppList.self)
                == AppList.Options(source: AppAdminSource(adminAPI: "https://c.x/cockpit/v1/org/o/space/s"), match: "ci-*"))
    }
}
