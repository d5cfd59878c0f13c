// `hubctl app show` in-process: one app from both sides; an unknown app is 66.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app show", .serialized)
struct AppShowTests {
    @Test func showsTheApp() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1", createdAt: "2026-11-27T09:00:00Z")
        let r = await bench.app(["show", "ci-1"], cf)
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["displayName"] == .string("Display ci-1"))
        #expect(r.json?["createdAt"] == .string("2026-11-27T09:00:00Z"))
        #expect(r.json?["labels"]?["managed-by"] == .string("hubctl"))
    }

    /// The token from stdin (--cf-token-file -), and Basic on the Admin API (--admin-user with a
    /// password file): no secret in argv or the output.
    @Test func aTokenOnStdinAndBasicOnTheAdminAPI() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        let password = writeFile(bench, "admin-pw", "s3cret-admin\n")
        let r = await bench.app(["show", "ci-1", "--cf-token-file", "-", "--admin-user", "ops", "--admin-password-file", password], cf,
                                environment: ["HUBCTL_CF_TOKEN": ""], stdin: "bearer " + testToken + "\n")
        #expect(r.exitCode == 0, "\(r)")
        let cockpit = cf.requests.filter { $0.contains(FakeCloudFoundry.cockpit) }
        #expect(cockpit.count == 1 && cf.state.withLock { $0.basicUsers } == ["ops"], "only the Admin API request is Basic: \(cf.requests)")
        #expect(!r.out.contains("s3cret-admin") && !r.err.contains("s3cret-admin") && !r.err.contains(testToken))
        let both = await bench.app(["show", "ci-1", "--cf-token-file", "-", "--admin-user", "ops", "--admin-password-file", "-"], cf)
        expectFailure(both, exit: 64, code: "usage")
    }

    @Test func anUnknownAppIs66() async throws {
        let (bench, cf) = try await appBench()
        expectFailure(await bench.app(["show", "ci-none"], cf), exit: 66, code: "application_not_found")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "show", "ci-1", "--cf-token-file", "t", "--admin-user", "u", "--admin-password-file", "p"], as: AppShow.self)
                == AppShow.Options(source: AppAdminSource(cfTokenFile: "t", adminUser: "u", adminPasswordFile: "p"), app: "ci-1"))
    }
}
