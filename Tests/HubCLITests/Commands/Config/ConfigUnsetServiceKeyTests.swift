// `hubctl config unset-service-key` in-process: a feature's credentials leave the profile and the
// vault, another feature's of the same profile stay; an unknown profile.

import Foundation
@testable import HubCLI
import HubConfig
import HubCore
import Testing

@Suite("config unset-service-key", .serialized)
struct ConfigUnsetServiceKeyTests {
    @Test func removesOneFeaturesCredentialsAndLeavesTheOthers() async throws {
        let (bench, key) = try await pushOperatorBench()
        let env = ["HUBCTL_VAULT_KEY": fixedVaultKey(15)]
        // The same key file for both features: their vault keys differ, by feature.
        let push = await bench.run(["config", "set-push", "--service-key", key, "--profile", "ops"], environment: env)
        let bundles = await bench.run(["config", "set-service-key", "--feature", "client-resources", "--service-key", key, "--profile", "ops"], environment: env)
        let bundlesKey = try #require(bundles.json?["vaultKey"]?.stringValue, "\(bundles)")
        #expect(bundlesKey != push.json?["vaultKey"]?.stringValue)
        let r = await bench.run(["config", "unset-service-key", "--feature", "client-resources", "--profile", "ops"], environment: env)
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "profile": .string, "removed": .array, "vaultKeysRemoved": .array])
        #expect(r.json?["removed"] == .array([.string("bundles-url")]))
        #expect(r.json?["vaultKeysRemoved"] == .array([.string(bundlesKey)]))
        let config = try String(contentsOfFile: bench.root + "/config/hubctl/config.yaml", encoding: .utf8)
        #expect(config.contains("push-url") && !config.contains("bundles-url"), "\(config)")
        // The push credentials still work.
        let list = await bench.run(["push", "localizations", "--users", "demo", "--profile", "ops"], environment: env)
        #expect(list.exitCode == 0, "\(list)")
    }

    @Test func anUnknownProfileIs78AndAFeatureIsNeeded() async throws {
        let (bench, _) = try await pushOperatorBench()
        expectFailure(await bench.run(["config", "unset-service-key", "--feature", "client-resources", "--profile", "nope"]), exit: 78, code: "unknown_profile")
        expectFailure(await bench.run(["config", "unset-service-key"]), exit: 64, code: "usage")
    }
}

extension ConfigUnsetServiceKeyTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "unset-service-key", "--feature", "client-resources"], as: ConfigUnsetServiceKey.self)
        #expect(options == ConfigUnsetPush.Options(feature: .clientResources))
        #expect(try parsedOptions(["config", "unset-service-key", "--feature", "push"], as: ConfigUnsetServiceKey.self) == ConfigUnsetPush.Options())
    }
}
