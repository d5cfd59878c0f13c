// `hubctl bundle list` in-process: the list's shape (a bundle uploaded through the device store
// too), --name, and a wrong key (77) or a key without the role (77).

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("bundle list", .serialized)
struct BundleListTests {
    @Test func listsTheApplicationsBundles() async throws {
        let (bench, key) = try await bundleAdminBench()
        await publishPDF(bench, key: key, name: "guide", version: "1")
        await publishPDF(bench, key: key, name: "other", version: "7")
        let r = await bench.run(["bundle", "list", "--service-key", key])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["applicationId": .string, "bundles": .array])
        let bundles = arrayElements(r.json?["bundles"])
        #expect(bundles.compactMap { $0["bundleId"]?.stringValue } == ["guide:1", "other:7"])
        for b in bundles { expectShape(b, bundleShape) }
        let named = await bench.run(["bundle", "list", "--name", "other", "--service-key", key])
        #expect(arrayElements(named.json?["bundles"]).compactMap { $0["bundleId"]?.stringValue } == ["other:7"])
    }

    @Test func aWrongKeyOrAMissingRoleIs77() async throws {
        let (bench, key) = try await bundleAdminBench()
        let wrong = writeFile(bench, "wrong.json", #"{"url": "\#(bench.emulator.url)", "apiKey": "not-the-key"}"#)
        let r = await bench.run(["bundle", "list", "--service-key", wrong])
        expectFailure(r, exit: 77, code: "auth_failed")
        #expect(!r.err.contains("not-the-key"))
        try await bench.emulator.call("PUT", "/_emulator/bundles-admin/credentials",
                                      json: #"{"keys": [{"key": "emulator-bundles-api-key", "roles": ["something_else"]}]}"#)
        expectFailure(await bench.run(["bundle", "list", "--service-key", key]), exit: 77, code: "forbidden")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["bundle", "list", "--name", "profile", "--binding-name", "ms"], as: BundleList.self)
        #expect(options == BundleList.Options(credentials: ServiceKeySource(bindingName: "ms"), name: "profile"))
        #expect(try parsedOptions(["bundle", "list"], as: BundleList.self) == BundleList.Options(credentials: ServiceKeySource(), name: nil))
    }
}
