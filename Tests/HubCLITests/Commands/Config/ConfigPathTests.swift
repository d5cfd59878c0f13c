// `hubctl config path` in-process: {"path", "exists"} (HUBCTL_CONFIG first). It has no failure of
// its own ("Exit codes: 0 ok"): its failure test is a stray argument.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config path", .serialized)
struct ConfigPathTests {
    @Test func printsWhereTheFileIs() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["config", "path"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "exists": .bool])
        #expect(r.json == .object(["path": .string(bench.root + "/config/hubctl/config.yaml"), "exists": .bool(false)]))
        let named = await bench.run(["config", "path"], environment: ["HUBCTL_CONFIG": bench.root + "/elsewhere.yaml"])
        #expect(named.json?["path"] == .string(bench.root + "/elsewhere.yaml"), "\(named)")
    }

    @Test func aStrayArgumentIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["config", "path", "extra"]), exit: 64, code: "usage")
    }
}

extension ConfigPathTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "path"], as: ConfigPath.self)
        #expect(options == ConfigPath.Options())
        #expect(try parsedOptions(["config", "path"], as: ConfigPath.self) == ConfigPath.Options())
    }
}
