// `hubctl vault show` in-process: {"key", "value", "updatedAt"}, and a key that is not there.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("vault show", .serialized)
struct VaultShowTests {
    @Test func printsTheValue() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(3)])
        #expect(await bench.run(["vault", "set", "api-token"], stdin: "line one\nline two").exitCode == 0)
        let r = await bench.run(["vault", "show", "api-token"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["key": .string, "value": .string, "updatedAt": .string])
        #expect(r.json?["value"] == .string("line one\nline two"))
    }

    @Test func aMissingKeyIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), extra: ["HUBCTL_VAULT_KEY": fixedVaultKey(3)])
        #expect(await bench.run(["vault", "init"]).exitCode == 0)
        expectFailure(await bench.run(["vault", "show", "nope"]), exit: 66, code: "vault_key_not_found")
    }
}

extension VaultShowTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["vault", "show", "key-1"], as: VaultShow.self)
        #expect(options == VaultShow.Options(key: "key-1"))
    }
}
