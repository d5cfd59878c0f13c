// `hubctl vault delete` in-process: {"key", "deleted": true}, and no vault at all.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("vault delete", .serialized)
struct VaultDeleteTests {
    @Test func deletesTheKey() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(6)])
        #expect(await bench.run(["vault", "set", "api-token"], stdin: "x").exitCode == 0)
        let r = await bench.run(["vault", "delete", "api-token"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["key": .string, "deleted": .bool])
        #expect(r.json == .object(["key": .string("api-token"), "deleted": .bool(true)]))
        #expect(await bench.run(["vault", "list"]).json == .object(["entries": .array([])]))
    }

    @Test func noVaultIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(6)])
        expectFailure(await bench.run(["vault", "delete", "api-token"]), exit: 66, code: "vault_not_found")
    }

    @Test func aMissingKeyIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(6)])
        #expect(await bench.run(["vault", "init"]).exitCode == 0)
        expectFailure(await bench.run(["vault", "delete", "api-token"]), exit: 66, code: "vault_key_not_found")
    }
}

extension VaultDeleteTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "delete", "key-1"], as: VaultDelete.self)
        #expect(options == VaultDelete.Options(key: "key-1"))
    }
}
