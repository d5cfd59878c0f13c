// `hubctl config set` in-process: {"path", "profile", "key", "value"}, and a secret refused.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config set", .serialized)
struct ConfigSetTests {
    @Test func setsAKeyOfTheProfile() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["config", "set", "app-id", "com.acme.field", "--profile", "prod"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "profile": .string, "key": .string, "value": .string])
        #expect(r.json == .object(["path": .string(bench.root + "/config/hubctl/config.yaml"), "profile": .string("prod"),
                                   "key": .string("app-id"), "value": .string("com.acme.field")]))
        let mode = try FileManager.default.attributesOfItem(atPath: bench.root + "/config/hubctl/config.yaml")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aSecretIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["config", "set", "password", "hunter2"]), exit: 64, code: "secret_in_config")
        #expect(!FileManager.default.fileExists(atPath: bench.root + "/config/hubctl/config.yaml"))
    }

    @Test func anUnknownKeyIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["config", "set", "app_id", "x"]), exit: 64, code: "unknown_config_key")
    }
}

extension ConfigSetTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "set", "key-1", "value-1"], as: ConfigSet.self)
        #expect(options == ConfigSet.Options(key: "key-1", value: "value-1"))
    }
}
