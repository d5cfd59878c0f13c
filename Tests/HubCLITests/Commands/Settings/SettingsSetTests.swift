// `hubctl settings set` in-process: the settings as the server has them after the update, and a
// read-only property refused before anything is sent.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("settings set", .serialized)
struct SettingsSetTests {
    @Test func printsTheUpdatedSettings() async throws {
        let bench = try await registeredCommandBench()
        let r = await bench.run(["settings", "set", "DeviceModel=model-9", "ApnsPushEnable=true"])
        #expect(r.exitCode == 0, "\(r)")
        let settings = try #require(r.json?.objectValue, "\(r)")
        #expect(settings["DeviceModel"] == .string("model-9"))
        #expect(settings["ApnsPushEnable"] == .bool(true))
        #expect(settings["ApplicationConnectionId"]?.stringValue?.isEmpty == false)
        // The whole document, not only the assigned members.
        expectShape(r.json, connectionSettingsShape())
    }

    @Test func aReadOnlyPropertyIs64() async throws {
        let bench = try await registeredCommandBench()
        expectFailure(await bench.run(["settings", "set", "UserName=mallory"]), exit: 64, code: "read_only_property")
        #expect(await bench.run(["settings", "get", "UserName"]).json?["UserName"] == .string("demo"))
    }

    @Test func aWronglyTypedValueIs64() async throws {
        let bench = try await registeredCommandBench()
        expectFailure(await bench.run(["settings", "set", "ApnsPushEnable=perhaps"]), exit: 64, code: "wrong_type")
    }
}

extension SettingsSetTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["settings", "set", "assignments-1", "assignments-2"], as: SettingsSet.self)
        #expect(options == SettingsSet.Options(assignments: ["assignments-1", "assignments-2"]))
    }
}
