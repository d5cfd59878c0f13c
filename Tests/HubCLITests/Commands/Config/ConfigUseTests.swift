// `hubctl config use` in-process: the profiles' document with the new default, and an unknown profile.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config use", .serialized)
struct ConfigUseTests {
    @Test func choosesTheDefaultProfile() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["config", "set", "user", "alice", "--profile", "prod"]).exitCode == 0)
        let r = await bench.run(["config", "use", "prod"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "exists": .bool, "defaultProfile": .string, "current": .string, "profiles": .object])
        #expect(r.json?["defaultProfile"] == .string("prod"))
        #expect(r.json?["current"] == .string("prod"))
        #expect(r.json?["exists"] == .bool(true))
    }

    @Test func anUnknownProfileIs78() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["config", "set", "user", "alice", "--profile", "prod"]).exitCode == 0)
        expectFailure(await bench.run(["config", "use", "staging"]), exit: 78, code: "unknown_profile")
    }
}

extension ConfigUseTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "use", "name-1"], as: ConfigUse.self)
        #expect(options == ConfigUse.Options(name: "name-1"))
    }
}
