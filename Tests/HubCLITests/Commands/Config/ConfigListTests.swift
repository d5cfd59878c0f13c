// `hubctl config list` in-process: every profile, the default and the current one; and a
// malformed configuration file.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config list", .serialized)
struct ConfigListTests {
    @Test func listsTheProfiles() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let none = await bench.run(["config", "list"])
        #expect(none.exitCode == 0, "\(none)")
        expectShape(none.json, ["path": .string, "exists": .bool, "defaultProfile": .null, "current": .string, "profiles": .object])
        #expect(none.json?["exists"] == .bool(false))
        #expect(none.json?["current"] == .string("default"))

        #expect(await bench.run(["config", "set", "user", "alice", "--profile", "prod"]).exitCode == 0)
        #expect(await bench.run(["config", "use", "prod"]).exitCode == 0)
        let r = await bench.run(["config", "list"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "exists": .bool, "defaultProfile": .string, "current": .string, "profiles": .object])
        #expect(r.json?["profiles"] == .object(["prod": .object(["user": .string("alice")])]))
        #expect(r.json?["defaultProfile"] == .string("prod"))
        #expect(r.json?["current"] == .string("prod"))
    }

    @Test func aMalformedFileIs78() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        try FileManager.default.createDirectory(atPath: bench.root + "/config/hubctl", withIntermediateDirectories: true)
        _ = writeFile(bench, "config/hubctl/config.yaml", "prod: [unclosed\n")
        expectFailure(await bench.run(["config", "list"]), exit: 78, code: "config_invalid")
    }
}

extension ConfigListTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "list"], as: ConfigList.self)
        #expect(options == ConfigList.Options())
        #expect(try parsedOptions(["config", "list"], as: ConfigList.self) == ConfigList.Options())
    }
}
