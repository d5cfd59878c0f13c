// `hubctl config set-push` in-process: the settings it wrote and where the secret went, and neither
// a service key nor a binding.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config set-push", .serialized)
struct ConfigSetPushTests {
    @Test func keepsAServiceKeyInTheProfile() async throws {
        let (bench, key) = try await pushOperatorBench()
        let r = await bench.run(["config", "set-push", "--service-key", key, "--profile", "ops"],
                                environment: ["HUBCTL_VAULT_KEY": fixedVaultKey(12)])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "profile": .string, "authentication": .string, "settings": .object,
                             "vaultKey": .string, "vaultCreated": .bool, "vaultKeysRemoved": .array])
        #expect(r.json?["authentication"] == .string("api-key"))
        #expect(r.json?["profile"] == .string("ops"))
        #expect(r.json?["vaultCreated"] == .bool(true))
        #expect(r.json?["settings"]?["push-url"] == .string(bench.emulator.url))
        #expect(!r.out.contains("emulator-push-api-key"), "the secret is not printed")
        let config = try String(contentsOfFile: bench.root + "/config/hubctl/config.yaml", encoding: .utf8)
        #expect(!config.contains("emulator-push-api-key"), "the secret is not in the file")
        // The push commands find them in the profile.
        let list = await bench.run(["push", "localizations", "--users", "demo", "--profile", "ops"],
                                   environment: ["HUBCTL_VAULT_KEY": fixedVaultKey(12)])
        #expect(list.json?["localizations"] == .array([.string("de")]), "\(list)")
    }

    @Test func neitherKeyNorBindingIs64() async throws {
        let (bench, _) = try await pushOperatorBench()
        expectFailure(await bench.run(["config", "set-push", "--profile", "ops"], environment: ["HUBCTL_VAULT_KEY": fixedVaultKey(12)]),
                      exit: 64, code: "usage")
    }
}

extension ConfigSetPushTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "set-push", "--service-key", "serviceKey-1", "--binding", "binding-1", "--key-alias", "keyAlias-1", "--tenant", "tenant-1"], as: ConfigSetPush.self)
        #expect(options == ConfigSetPush.Options(serviceKey: "serviceKey-1", binding: "binding-1", keyAlias: "keyAlias-1", tenant: "tenant-1"))
        #expect(try parsedOptions(["config", "set-push"], as: ConfigSetPush.self) == ConfigSetPush.Options())
    }
}
