// `hubctl vault list` in-process: {"entries": [{"key", "updatedAt"}]} sorted by key, never a value;
// and another key than the vault's.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("vault list", .serialized)
struct VaultListTests {
    @Test func listsTheKeysSorted() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(4)])
        #expect(await bench.run(["vault", "set", "zeta"], stdin: "secret-z").exitCode == 0)
        #expect(await bench.run(["vault", "set", "alpha"], stdin: "secret-a").exitCode == 0)
        let r = await bench.run(["vault", "list"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["entries": .array])
        let entries = arrayElements(r.json?["entries"])
        for entry in entries { expectShape(entry, ["key": .string, "updatedAt": .string]) }
        #expect(entries.compactMap { $0["key"]?.stringValue } == ["alpha", "zeta"])
        #expect(!r.out.contains("secret-"))
    }

    @Test func anotherKeyIs77() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(4)])
        #expect(await bench.run(["vault", "init"]).exitCode == 0)
        expectFailure(await bench.run(["vault", "list"], environment: ["HUBCTL_VAULT_KEY": fixedVaultKey(5)]), exit: 77, code: "wrong_passphrase")
    }
}

extension VaultListTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "list"], as: VaultList.self)
        #expect(options == VaultList.Options())
        #expect(try parsedOptions(["vault", "list"], as: VaultList.self) == VaultList.Options())
    }
}
