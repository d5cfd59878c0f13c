// `hubctl app settings-file` in-process: SAP's settings file with the new push key and the bound
// route as server, 0600; a bad scope is refused before sending.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app settings-file", .serialized)
struct AppSettingsFileTests {
    @Test func writesSAPsSettingsFile() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        let out = bench.root + "/settings.json"
        let r = await bench.app(["settings-file", "ci-1", "--feature", "push", "--scope", "push_all", "--alias", "ci", "--out", out], cf)
        #expect(r.exitCode == 0, "\(r)")
        let file = try JSONValue.read(Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(file["server"] == .string("https://app.cfapps.test"))
        #expect(file["platform"] == .string("CF") && file["applicationId"] == .string("ci-1"))
        let key = arrayElements(arrayElements(file["services"]).first?["serviceKeys"]).first
        #expect(key?["alias"] == .string("ci") && key?["apiKey"] == .string("fake-api-key"))
        #expect((try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int) == 0o600)
        let sent = try JSONValue.read(Data(try #require(cf.bodies.last).utf8))
        #expect(sent == .object(["alias": .string("ci"), "scopes": .array([.string("push_all")])]))

        let given = bench.root + "/settings-2.json"
        let r2 = await bench.app(["settings-file", "ci-1", "--scope", "push_all", "--server", "https://ms.example", "--out", given], cf)
        #expect(r2.exitCode == 0, "\(r2)")
        #expect(try JSONValue.read(Data(contentsOf: URL(fileURLWithPath: given)))["server"] == .string("https://ms.example"))
    }

    @Test func aBadScopeSendsNothing() async throws {
        let (bench, cf) = try await appBench()
        expectFailure(await bench.app(["settings-file", "ci-1", "--scope", "admin", "--out", bench.root + "/s.json"], cf), exit: 64, code: "usage")
        #expect(cf.requests.isEmpty)
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        #expect(try parsedOptions(["app", "settings-file", "ci-1", "--scope", "push_all", "--x509", "--server", "https://s", "--out", "f.json"], as: AppSettingsFile.self)
                == AppSettingsFile.Options(source: AppAdminSource(), app: "ci-1", feature: "push", key: FeatureKeySpec(scopes: ["push_all"], x509: true),
                                           out: "f.json"))
    }
}
