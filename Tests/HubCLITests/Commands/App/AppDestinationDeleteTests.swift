// `hubctl app destination delete` in-process: one entry removed (the others put back), an absent
// one 66 destination_not_found, or with --missing-ok 0 and nothing sent.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app destination delete", .serialized)
struct AppDestinationDeleteTests {
    @Test func deletesOneAndRefusesAnAbsentOne() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: appTokenEnvironment)
        let fake = ProxyFake()
        fake.add("ci-1", [endpoint("a", "https://a.example.com"), endpoint("b", "https://b.example.com")])
        let r = await bench.destination(["delete", "ci-1", "a"], fake)
        #expect(r.exitCode == 0 && r.json?["changed"] == .bool(true) && r.json?["destination"]?["name"] == .string("a"), "\(r)")
        #expect(fake.puts.count == 1 && fake.puts.first?["parameters"]?["endpointConfigurations"] == .array([endpoint("b", "https://b.example.com")]))
        expectFailure(await bench.destination(["delete", "ci-1", "a"], fake), exit: 66, code: "destination_not_found")
        let ok = await bench.destination(["delete", "ci-1", "a", "--missing-ok"], fake)
        #expect(ok.exitCode == 0 && ok.json?["changed"] == .bool(false) && ok.json?["destination"] == .null, "\(ok)")
        #expect(fake.puts.count == 1)
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "destination", "delete", "ci-1", "a", "--missing-ok"], as: AppDestinationDelete.self)
                == AppDestinationDelete.Options(source: AppAdminSource(), app: "ci-1", name: "a", missingOK: true))
    }
}
