// A damaged vault file, in-process (moved from Tests/EndToEndTests/VaultEndToEndTests.swift, where
// one process per flipped byte took most of the suite's time; the same assertions). Concurrent
// writers, kill -9 and the terminal prompt need real processes and stay there.

import Foundation
import HubCLI
import HubCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Vault damage in-process", .serialized)
struct VaultDamageInProcessTests {
    @Test func aFlippedByteAnywhereIsRefusedAndChangesNothing() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(21)])
        let vaultPath = bench.home + "/vault"
        func vaultBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: vaultPath)) }
        func writeVault(_ data: Data) throws {
            try data.write(to: URL(fileURLWithPath: vaultPath))
            chmod(vaultPath, 0o600)
        }
        #expect(await bench.run(["vault", "set", "k", "value"]).exitCode == 0)
        let good = try vaultBytes()
        for index in 0..<good.count {
            var bad = good
            bad[index] ^= 0x20
            try writeVault(bad)
            // Every fourth byte also tries a write: it must refuse and leave the file alone.
            let r = index % 4 == 0 ? await bench.run(["vault", "set", "k2", "x"]) : await bench.run(["vault", "list"])
            // A raw-key vault: magic, version, KDF id (0…9) and the ciphertext length (22…29) are
            // damage (65); the nonce, ciphertext and tag fail authentication like a wrong key (77).
            let damaged = (0..<10).contains(index) || (22..<30).contains(index)
            #expect(r.exitCode == (damaged ? 65 : 77), "byte \(index): \(r)")
            #expect(r.errorCode == (damaged ? "vault_damaged" : "wrong_passphrase"), "byte \(index)")
            #expect(r.stdout.isEmpty)
            #expect(try vaultBytes() == bad, "byte \(index): the file changed")
        }
        try writeVault(good)
        #expect(await bench.run(["vault", "show", "k"]).json?["value"] == .string("value"))
    }
}
