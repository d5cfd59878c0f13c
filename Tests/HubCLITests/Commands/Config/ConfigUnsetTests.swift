// `hubctl config unset` in-process: the key's document with "value": null, and an unknown profile.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config unset", .serialized)
struct ConfigUnsetTests {
    @Test func removesTheKey() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["config", "set", "acp-dest", "/srv/profile", "--profile", "prod"]).exitCode == 0)
        let r = await bench.run(["config", "unset", "acp-dest", "--profile", "prod"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "profile": .string, "key": .string, "value": .null])
        #expect(r.json?["key"] == .string("acp-dest"))
        expectFailure(await bench.run(["config", "get", "acp-dest", "--profile", "prod"]), exit: 66, code: "config_key_not_set")
    }

    @Test func anUnknownProfileIs78() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["config", "set", "acp-dest", "/srv/profile", "--profile", "prod"]).exitCode == 0)
        expectFailure(await bench.run(["config", "unset", "acp-dest", "--profile", "staging"]), exit: 78, code: "unknown_profile")
    }
}

extension ConfigUnsetTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "unset", "key-1"], as: ConfigUnset.self)
        #expect(options == ConfigUnset.Options(key: "key-1"))
    }
}
