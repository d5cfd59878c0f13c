// `hubctl vault set` in-process: {"key", "updatedAt", "vaultCreated"} with the value from stdin, and
// a key name that is not printable.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("vault set", .serialized)
struct VaultSetTests {
    @Test func storesStdinAndCreatesTheVault() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(2)])
        let r = await bench.run(["vault", "set", "api-token"], stdin: "t0ken-value")
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["key": .string, "updatedAt": .string, "vaultCreated": .bool])
        #expect(r.json?["key"] == .string("api-token"))
        #expect(r.json?["vaultCreated"] == .bool(true))
        #expect(!r.out.contains("t0ken-value"))
        let again = await bench.run(["vault", "set", "other"], stdin: "x")
        #expect(again.json?["vaultCreated"] == .bool(false), "\(again)")
    }

    @Test func aControlCharacterInTheKeyIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(2)])
        expectFailure(await bench.run(["vault", "set", "bad\u{7}key"], stdin: "x"), exit: 64, code: "invalid_vault_key_name")
        #expect(!FileManager.default.fileExists(atPath: bench.home + "/vault"), "no vault was created")
    }
}

extension VaultSetTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "set", "key-1", "value-1"], as: VaultSet.self)
        #expect(options == VaultSet.Options(key: "key-1", value: "value-1"))
    }
}
