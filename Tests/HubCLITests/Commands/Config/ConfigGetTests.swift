// `hubctl config get` in-process: the value as the file has it, and a key the profile does not set.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config get", .serialized)
struct ConfigGetTests {
    @Test func printsTheFilesValue() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["config", "set", "server", "https://smp.example.com:8443", "--profile", "prod"]).exitCode == 0)
        // A flag given now does not change the answer.
        let r = await bench.run(["config", "get", "server", "--profile", "prod", "--server", "https://other.example.com"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "profile": .string, "key": .string, "value": .string])
        #expect(r.json?["value"] == .string("https://smp.example.com:8443"))
        #expect(r.json?["profile"] == .string("prod"))
    }

    @Test func aKeyTheProfileDoesNotSetIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        #expect(await bench.run(["config", "set", "server", "https://smp.example.com", "--profile", "prod"]).exitCode == 0)
        expectFailure(await bench.run(["config", "get", "user", "--profile", "prod"]), exit: 66, code: "config_key_not_set")
    }
}

extension ConfigGetTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "get", "key-1"], as: ConfigGet.self)
        #expect(options == ConfigGet.Options(key: "key-1"))
    }
}
