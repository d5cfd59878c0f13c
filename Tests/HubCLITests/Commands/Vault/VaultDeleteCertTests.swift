// `hubctl vault delete-cert` in-process: {"key", "deleted": true}, and no certificate stored.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("vault delete-cert", .serialized)
struct VaultDeleteCertTests {
    @Test func deletesTheImportedCertificate() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(10)])
        let (cert, key) = FixedCertificate.files(bench)
        let imported = await bench.run(["vault", "import-cert", "--cert", cert, "--key", key])
        let stored = try #require(imported.json?["key"]?.stringValue, "\(imported)")
        let r = await bench.run(["vault", "delete-cert"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["key": .string, "deleted": .bool])
        #expect(r.json == .object(["key": .string(stored), "deleted": .bool(true)]))
        #expect(await bench.run(["vault", "list"]).json == .object(["entries": .array([])]))
    }

    @Test func noCertificateStoredIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(10)])
        #expect(await bench.run(["vault", "init"]).exitCode == 0)
        expectFailure(await bench.run(["vault", "delete-cert"]), exit: 66, code: "vault_key_not_found")
    }
}

extension VaultDeleteCertTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "delete-cert"], as: VaultDeleteCert.self)
        #expect(options == VaultDeleteCert.Options())
        #expect(try parsedOptions(["vault", "delete-cert"], as: VaultDeleteCert.self) == VaultDeleteCert.Options())
    }
}
