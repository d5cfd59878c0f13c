// `hubctl config unset-push` in-process: the settings and vault keys it removed, and an unknown profile.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("config unset-push", .serialized)
struct ConfigUnsetPushTests {
    @Test func removesTheCredentialsAndTheirSecret() async throws {
        let (bench, key) = try await pushOperatorBench()
        let env = ["HUBCTL_VAULT_KEY": fixedVaultKey(13)]
        let set = await bench.run(["config", "set-push", "--service-key", key, "--profile", "ops"], environment: env)
        let vaultKey = try #require(set.json?["vaultKey"]?.stringValue, "\(set)")
        let r = await bench.run(["config", "unset-push", "--profile", "ops"], environment: env)
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "profile": .string, "removed": .array, "vaultKeysRemoved": .array])
        #expect(r.json?["vaultKeysRemoved"] == .array([.string(vaultKey)]))
        let removed = arrayElements(r.json?["removed"])
        #expect(removed.contains(.string("push-url")), "\(r)")
        // Nothing left: not an error.
        let again = await bench.run(["config", "unset-push", "--profile", "ops"], environment: env)
        #expect(again.exitCode == 0, "\(again)")
        #expect(again.json?["removed"] == .array([]))
    }

    @Test func anUnknownProfileIs78() async throws {
        let (bench, _) = try await pushOperatorBench()
        expectFailure(await bench.run(["config", "unset-push", "--profile", "nope"]), exit: 78, code: "unknown_profile")
    }
}

extension ConfigUnsetPushTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "unset-push"], as: ConfigUnsetPush.self)
        #expect(options == ConfigUnsetPush.Options())
        #expect(try parsedOptions(["config", "unset-push"], as: ConfigUnsetPush.self) == ConfigUnsetPush.Options())
    }
}
