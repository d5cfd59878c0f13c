// `hubctl vault init` in-process: {"path", "created", "kdf"}, and a vault that exists already.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("vault init", .serialized)
struct VaultInitTests {
    @Test func createsAnEmptyVault() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_PASSPHRASE": "correct horse battery"])
        let r = await bench.run(["vault", "init"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "created": .bool, "kdf": .string])
        #expect(r.json?["created"] == .bool(true))
        #expect(r.json?["kdf"] == .string("scrypt"))
        let path = try #require(r.json?["path"]?.stringValue)
        #expect(path.hasPrefix(bench.home + "/"), "\(path)")
        #expect(FileManager.default.fileExists(atPath: path))
        let list = await bench.run(["vault", "list"])
        #expect(list.json == .object(["entries": .array([])]), "\(list)")
    }

    @Test func aSecondInitIs73() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(1)])
        #expect(await bench.run(["vault", "init"]).exitCode == 0)
        expectFailure(await bench.run(["vault", "init"]), exit: 73, code: "vault_exists")
    }

    @Test func noPassphraseSourceIs78() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["vault", "init"]), exit: 78, code: "vault_secret_missing")
    }
}

extension VaultInitTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "init"], as: VaultInit.self)
        #expect(options == VaultInit.Options())
        #expect(try parsedOptions(["vault", "init"], as: VaultInit.self) == VaultInit.Options())
    }
}
