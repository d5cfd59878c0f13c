// `hubctl acp check` in-process: the document with an assigned profile, and a flag that needs --wait.

import Foundation
@testable import HubCLI
import HubCore
import HubTransport
import Testing

@Suite("acp check", .serialized)
struct ACPCheckTests {
    @Test func anAssignedProfileIsAvailable() async throws {
        let bench = try await registeredCommandBench()
        let bundle = try makeBundle()
        let emulator = bench.emulator
        _ = try await offPool {
            try emulator.control("PUT", "/_emulator/bundles/com.example.demo/Appmc:1.0.0", body: bundle,
                                 headers: [HTTPHeader("X-Bundle-Extension", "zip")])
        }
        try await emulator.call("POST", "/_emulator/assign", json: #"{"appId": "com.example.demo", "bundleId": "Appmc:1.0.0"}"#)
        let dest = bench.root + "/profile"
        let r = await bench.run(["acp", "check", "--dest", dest])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["appId": .string, "current": .null, "available": .string, "updateAvailable": .bool, "source": .string,
                             "availableRevision": .null, "currentRevision": .null, "destination": .string])
        #expect(r.json?["available"] == .string("Appmc:1.0.0"))
        #expect(r.json?["updateAvailable"] == .bool(true))
        #expect(r.json?["source"] == .string("assigned"))
        #expect(r.json?["destination"] == .string(dest))
    }

    @Test func intervalWithoutWaitIsAUsageError() async throws {
        let bench = try await registeredCommandBench()
        expectFailure(await bench.run(["acp", "check", "--interval", "5"]), exit: 64, code: "usage")
    }

    @Test func notRegisteredIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["acp", "check"]), exit: 66, code: "not_registered")
    }
}

extension ACPCheckTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["acp", "check", "--dest", "dest-1", "--wait", "--fetch", "--interval", "5", "--jitter-seed", "42"], as: ACPCheck.self)
        #expect(options == ACPCheck.Options(destination: ACPDestination.Value(dest: "dest-1"), wait: true, fetch: true, interval: 5, jitterSeed: 42))
        #expect(try parsedOptions(["acp", "check"], as: ACPCheck.self) == ACPCheck.Options())
    }
}
