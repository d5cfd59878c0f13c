// `hubctl vault rekey` in-process: {"path", "rekeyed", "kdf"}, the old key refused afterwards; and
// no new secret given.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("vault rekey", .serialized)
struct VaultRekeyTests {
    @Test func movesTheVaultToTheNewKey() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(7)])
        #expect(await bench.run(["vault", "set", "api-token"], stdin: "kept").exitCode == 0)
        let r = await bench.run(["vault", "rekey"], environment: ["HUBCTL_VAULT_NEW_KEY": fixedVaultKey(8)])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "rekeyed": .bool, "kdf": .string])
        #expect(r.json?["rekeyed"] == .bool(true))
        #expect(r.json?["kdf"] == .string("rawKey"))
        let shown = await bench.run(["vault", "show", "api-token"], environment: ["HUBCTL_VAULT_KEY": fixedVaultKey(8)])
        #expect(shown.json?["value"] == .string("kept"), "\(shown)")
        #expect(await bench.run(["vault", "list"]).exitCode == 77, "the old key no longer opens it")
    }

    @Test func noNewSecretIs78() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(7)])
        #expect(await bench.run(["vault", "init"]).exitCode == 0)
        expectFailure(await bench.run(["vault", "rekey"]), exit: 78, code: "vault_secret_missing")
    }
}

extension VaultRekeyTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "rekey", "--new-passphrase-file", "newPassphraseFile-1"], as: VaultRekey.self)
        #expect(options == VaultRekey.Options(newPassphraseFile: "newPassphraseFile-1"))
        #expect(try parsedOptions(["vault", "rekey"], as: VaultRekey.self) == VaultRekey.Options())
    }
}
