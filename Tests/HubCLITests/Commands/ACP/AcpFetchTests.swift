// `hubctl acp fetch` in-process: the document of an installed profile, and no bundle on the server.

import Foundation
@testable import HubCLI
import HubCore
import HubTransport
import Testing

@Suite("acp fetch", .serialized)
struct ACPFetchTests {
    @Test func printsWhatWasInstalled() async throws {
        let bench = try await registeredCommandBench()
        let bundle = try makeBundle(version: "2.0.0")
        let emulator = bench.emulator
        _ = try await offPool {
            try emulator.control("PUT", "/_emulator/bundles/com.example.demo/Appmc:2.0.0", body: bundle,
                                 headers: [HTTPHeader("X-Bundle-Extension", "zip")])
        }
        try await emulator.call("POST", "/_emulator/assign", json: #"{"appId": "com.example.demo", "bundleId": "Appmc:2.0.0"}"#)
        let dest = bench.root + "/profile"
        let r = await bench.run(["acp", "fetch", "--dest", dest, "--no-sync"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["bundleId": .string, "updated": .bool, "path": .string, "files": .int, "bytes": .int,
                             "sha256": .string, "manifest": .object, "extension": .string, "source": .string,
                             "kind": .string, "revision": .string])
        #expect(r.json?["bundleId"] == .string("Appmc:2.0.0"))
        #expect(r.json?["updated"] == .bool(true))
        #expect(r.json?["path"] == .string(dest + "/current"))
        #expect(r.json?["files"] == .int(2))
        #expect(r.json?["kind"] == .string("archive"))
        #expect(r.json?["source"] == .string("assigned"))
        #expect(r.json?["sha256"]?.stringValue?.count == 64)
        #expect(r.json?["manifest"]?["Customization-Resource-Bundle-Version"] == .string("2.0.0"))
    }

    /// None assigned and no default bundle on the server (404).
    @Test func noBundleOnTheServerIs66() async throws {
        let bench = try await registeredCommandBench()
        let dest = bench.root + "/profile"
        expectFailure(await bench.run(["acp", "fetch", "--dest", dest]), exit: 66, code: "no_bundle_assigned")
        #expect(!FileManager.default.fileExists(atPath: dest + "/current"), "nothing installed")
    }
}

extension ACPFetchTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["acp", "fetch", "--dest", "dest-1", "--force", "--no-sync", "--max-bytes", "5000", "--max-entries", "3", "--max-path-bytes", "3"], as: ACPFetch.self)
        #expect(options == ACPFetch.Options(destination: ACPDestination.Value(dest: "dest-1"), force: true, noSync: true, maxBytes: 5000, maxEntries: 3, maxPathBytes: 3))
        #expect(try parsedOptions(["acp", "fetch"], as: ACPFetch.self) == ACPFetch.Options())
    }
}
