// `hubctl app key create` in-process: a CF key (readable again), a feature key written once to a
// new 0600 file, and the refusals (scopes, X.509) with nothing sent.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app key create", .serialized)
struct AppKeyCreateTests {
    @Test func createsACFKeyAndAFeatureKeyFile() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        let cfKey = await bench.app(["key", "create", "ci-1", "--cf-key", "ci"], cf)
        #expect(cfKey.exitCode == 0, "\(cfKey)")
        #expect(cfKey.json?["url"] == .string("https://ms.test"))
        expectFailure(await bench.app(["key", "create", "ci-1", "--cf-key", "ci"], cf), exit: 73, code: "cannot_create")

        let out = bench.root + "/push-key.json"
        let feature = await bench.app(["key", "create", "ci-1", "--feature", "push", "--scope", "push_all", "--alias", "ci", "--out", out], cf)
        #expect(feature.exitCode == 0, "\(feature)")
        #expect(feature.out.isEmpty, "the key goes to the file only")
        let written = try JSONValue.read(Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(written["apiKey"] == .string("fake-api-key"))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let before = cf.requests.count
        expectFailure(await bench.app(["key", "create", "ci-1", "--feature", "push", "--scope", "push_all", "--out", out], cf), exit: 73, code: "cannot_create")
        #expect(cf.requests.count == before, "an existing --out is refused before sending")
    }

    /// The --out file is written by the console's one writer, pretty: the bytes JSONEncoder wrote
    /// for it before (`JSONOutput.encode`, the writer `--out` used until #49).
    @Test func theOutFileHasTheOneWritersBytes() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        let out = bench.root + "/push-key.json"
        let made = await bench.app(["key", "create", "ci-1", "--feature", "push", "--scope", "push_all", "--alias", "ci", "--out", out], cf)
        #expect(made.exitCode == 0, "\(made)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        let document = try JSONValue.read(bytes)
        #expect(bytes == Data(try Console.bytes(of: document, pretty: true)))
        var encoded = try JSONOutput.encode(document, pretty: true)
        encoded.append(0x0A)
        #expect(bytes == encoded)
    }

    @Test func refusalsSendNothing() async throws {
        let (bench, cf) = try await appBench()
        for args in [["key", "create", "ci-1", "--feature", "push", "--scope", "push_everything"],
                     ["key", "create", "ci-1", "--feature", "push", "--scope", "push_all", "--x509", "--key-length", "1024"],
                     ["key", "create", "ci-1", "--feature", "push", "--scope", "push_all", "--x509", "--validity", "1y"],
                     ["key", "create", "ci-1", "--feature", "push"], ["key", "create", "ci-1"],
                     ["key", "create", "ci-1", "--cf-key", "k", "--feature", "push"]] {
            expectFailure(await bench.app(args, cf), exit: 64, code: "usage")
        }
        #expect(cf.requests.isEmpty, "\(cf.requests)")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["app", "key", "create", "ci-1", "--feature", "push", "--scope", "push_all", "--x509", "--validity", "7d",
                                         "--key-length", "4096", "--alias", "a", "--out", "-"], as: AppKeyCreate.self)
        #expect(options == AppKeyCreate.Options(source: AppAdminSource(), app: "ci-1", cfKey: nil, feature: "push",
                                                key: FeatureKeySpec(scopes: ["push_all"], x509: true, validity: "7d", keyLength: 4096, alias: "a"), out: "-"))
        #expect(try parsedOptions(["app", "key", "create", "x", "--cf-key", "k"], as: AppKeyCreate.self).cfKey == "k")
    }
}
