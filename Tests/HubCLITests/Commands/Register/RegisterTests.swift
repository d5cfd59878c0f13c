// `hubctl register` in-process: the settings document it prints, and a refused flag.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("register", .serialized)
struct RegisterTests {
    @Test func printsTheConnectionsSettingsTyped() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["register", "--device-model", "bench-7", "--set", "ApnsPushEnable=false"])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.err.isEmpty, "\(r)")
        let settings = try #require(r.json?.objectValue, "\(r)")
        #expect(settings["ApplicationConnectionId"]?.stringValue?.isEmpty == false)
        #expect(settings["DeviceModel"] == .string("bench-7"))
        #expect(settings["DeviceType"] == .string("Linux"))
        #expect(settings["UserName"] == .string("demo"))
        #expect(settings["ApnsPushEnable"] == .bool(false))
        expectShape(r.json, connectionSettingsShape())
        #expect(settings["NetworkPolicy"]?["NetworkPolicyEnabled"] == .bool(false))
        #expect(settings["Capability"] == .array([]))
    }

    @Test func aCapabilityWithoutCategoryIsAUsageError() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["register", "--capability", "no-category"])
        expectFailure(r, exit: 64, code: "invalid_capability")
        let state = try await bench.emulator.document("/_emulator/state")
        #expect(arrayElements(state["connections"]).isEmpty, "nothing was created")
    }
}

extension RegisterTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["register", "--device-type", "deviceType-1", "--device-model", "deviceModel-1", "--set", "set-1", "--set", "set-2", "--capability", "capability-1", "--capability", "capability-2", "--save-credentials", "--force"], as: RegisterCommand.self)
        #expect(options == RegisterCommand.Options(deviceType: "deviceType-1", deviceModel: "deviceModel-1", set: ["set-1", "set-2"], capability: ["capability-1", "capability-2"], saveCredentials: true, force: true))
        #expect(try parsedOptions(["register"], as: RegisterCommand.self) == RegisterCommand.Options())
    }
}
