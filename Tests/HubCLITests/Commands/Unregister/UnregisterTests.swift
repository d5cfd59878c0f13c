// `hubctl unregister` in-process: its document, and the error when nothing is registered.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("unregister", .serialized)
struct UnregisterTests {
    @Test func printsTheDeletedConnection() async throws {
        let bench = try await registeredCommandBench()
        let id = try #require(await bench.run(["settings", "get", "ApplicationConnectionId"]).json?["ApplicationConnectionId"]?.stringValue)
        let r = await bench.run(["unregister"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["applicationConnectionId": .string, "deleted": .bool, "serverKnewIt": .bool])
        #expect(r.json?["applicationConnectionId"] == .string(id))
        #expect(r.json?["deleted"] == .bool(true))
        #expect(r.json?["serverKnewIt"] == .bool(true))
    }

    @Test func nothingRegisteredIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["unregister"]), exit: 66, code: "not_registered")
    }
}

extension UnregisterTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["unregister", "--appcid", "appcid-1"], as: UnregisterCommand.self)
        #expect(options == UnregisterCommand.Options(appcid: "appcid-1"))
        #expect(try parsedOptions(["unregister"], as: UnregisterCommand.self) == UnregisterCommand.Options())
    }
}
