// `hubctl config set-service-key` in-process: a client-resources key kept in a profile (the
// `bundle` commands then need no --service-key), `--feature push` is `config set-push`, push
// credentials alone leave `bundle list` at 78 naming how to keep client-resources credentials,
// and what cannot be kept or parsed.

import Foundation
@testable import HubCLI
import HubConfig
import HubCore
import Testing

@Suite("config set-service-key", .serialized)
struct ConfigSetServiceKeyTests {
    static let env = ["HUBCTL_VAULT_KEY": fixedVaultKey(14)]

    @Test func keepsAClientResourcesKeyForTheBundleCommands() async throws {
        let (bench, key) = try await bundleAdminBench()
        let r = await bench.run(["config", "set-service-key", "--feature", "client-resources", "--service-key", key, "--profile", "ci"], environment: Self.env)
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["path": .string, "profile": .string, "authentication": .string, "settings": .object,
                             "vaultKey": .string, "vaultCreated": .bool, "vaultKeysRemoved": .array])
        #expect(r.json?["settings"] == .object(["bundles-url": .string(bench.emulator.url), "bundles-alias": .string("ci-publisher")]))
        #expect(r.json?["vaultKey"] == .string("hubctl/bundles/api-key/ci-publisher@\(bench.emulator.url)"))
        #expect(!r.out.contains("emulator-bundles-api-key") && !r.err.contains("emulator-bundles-api-key"), "the secret is not printed")
        let config = try String(contentsOfFile: bench.root + "/config/hubctl/config.yaml", encoding: .utf8)
        #expect(!config.contains("emulator-bundles-api-key"), "the secret is not in the file")
        #expect(!config.contains("push-url"), "no push credentials were kept")

        let pdf = writeFile(bench, "guide.pdf", "%PDF-1.4 guide\n")
        let published = await bench.run(["bundle", "publish", pdf, "--name", "guide", "--version", "1", "--profile", "ci", "--verbose"], environment: Self.env)
        #expect(published.exitCode == 0, "\(published)")
        #expect(published.err.contains("client resources credentials of profile 'ci'"), "\(published.err)")
        #expect(!published.err.contains("emulator-bundles-api-key"))
        let list = await bench.run(["bundle", "list", "--profile", "ci"], environment: Self.env)
        #expect(arrayElements(list.json?["bundles"]).compactMap { $0["bundleId"]?.stringValue } == ["guide:1"], "\(list)")
    }

    @Test func featurePushIsSetPushAndPushCredentialsAreNotTheBundleCommands() async throws {
        let (bench, key) = try await pushOperatorBench()
        let viaFeature = await bench.run(["config", "set-service-key", "--feature", "push", "--service-key", key, "--profile", "a"], environment: Self.env)
        let viaSetPush = await bench.run(["config", "set-push", "--service-key", key, "--profile", "b"], environment: Self.env)
        #expect(viaFeature.exitCode == 0 && viaSetPush.exitCode == 0, "\(viaFeature) \(viaSetPush)")
        #expect(viaFeature.json?["settings"] == viaSetPush.json?["settings"])
        #expect(viaFeature.json?["vaultKey"] == .string("hubctl/push/api-key/@\(bench.emulator.url)"))
        #expect(viaFeature.json?["vaultKey"] == viaSetPush.json?["vaultKey"])
        let list = await bench.run(["bundle", "list", "--profile", "a"], environment: Self.env)
        expectFailure(list, exit: 78, code: "config")
        #expect(list.err.contains("hubctl config set-service-key --feature client-resources"), "\(list.err)")
    }

    @Test func aFeatureIsNeededAndX509KeysAreNotKept() async throws {
        let (bench, _) = try await bundleAdminBench()
        expectFailure(await bench.run(["config", "set-service-key", "--service-key", "k.json"], environment: Self.env), exit: 64, code: "usage")
        expectFailure(await bench.run(["config", "set-service-key", "--feature", "bundles", "--service-key", "k.json"], environment: Self.env), exit: 64, code: "usage")
        let x509 = writeFile(bench, "x509.json", #"{"url": "\#(bench.emulator.url)", "certificate": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n", "key": "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n"}"#)
        let r = await bench.run(["config", "set-service-key", "--feature", "client-resources", "--service-key", x509], environment: Self.env)
        expectFailure(r, exit: 78, code: "config_invalid")
        #expect(r.err.contains("X.509") && r.err.contains("client resources command"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: bench.root + "/config/hubctl/config.yaml"), "nothing was written")
    }
}

extension ConfigSetServiceKeyTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["config", "set-service-key", "--feature", "client-resources", "--service-key", "serviceKey-1", "--binding", "binding-1",
                                         "--key-alias", "keyAlias-1", "--tenant", "tenant-1"], as: ConfigSetServiceKey.self)
        #expect(options == ConfigSetPush.Options(feature: .clientResources, serviceKey: "serviceKey-1", binding: "binding-1", keyAlias: "keyAlias-1", tenant: "tenant-1"))
        #expect(try parsedOptions(["config", "set-service-key", "--feature", "push"], as: ConfigSetServiceKey.self) == ConfigSetPush.Options())
    }
}
