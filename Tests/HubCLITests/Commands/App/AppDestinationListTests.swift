// `hubctl app destination list` in-process: the app's destinations (a password only as set or not
// set); an unknown app and an app without the proxy feature are 66.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app destination list", .serialized)
struct AppDestinationListTests {
    @Test func listsTheDestinations() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: appTokenEnvironment)
        let fake = ProxyFake()
        fake.add("ci-1", [endpoint("a", "https://a.example.com"), endpoint("b", "https://b.example.com", sso: "Basic", password: "listed-secret-pw")])
        let r = await bench.destination(["list", "ci-1"], fake)
        #expect(r.exitCode == 0, "\(r)")
        guard case .array(let list)? = r.json?["destinations"] else {
            Issue.record("no list: \(r)")
            return
        }
        #expect(list.compactMap { $0["name"]?.stringValue } == ["a", "b"])
        #expect(list[0]["password"] == .string("not set") && list[1]["password"] == .string("set") && list[1]["auth"] == .string("Basic"))
        #expect(list[0]["url"] == .string("https://a.example.com") && list[0]["cloudConnector"] == .bool(false))
        let leaked = r.out.contains("listed-secret-pw") || r.err.contains("listed-secret-pw")
        #expect(!leaked)
    }

    @Test func anUnknownAppAndAnAppWithoutProxyAre66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: appTokenEnvironment)
        let fake = ProxyFake()
        fake.cf.add("ci-push")
        expectFailure(await bench.destination(["list", "ci-none"], fake), exit: 66, code: "application_not_found")
        expectFailure(await bench.destination(["list", "ci-push"], fake), exit: 66, code: "proxy_not_assigned")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "destination", "list", "ci-1", "--cf-token-file", "t"], as: AppDestinationList.self)
                == AppDestinationList.Options(source: AppAdminSource(cfTokenFile: "t"), app: "ci-1"))
    }
}
