// `hubctl settings get` in-process: the named properties, typed, and an unknown name.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("settings get", .serialized)
struct SettingsGetTests {
    @Test func printsTheNamedPropertiesTyped() async throws {
        let bench = try await registeredCommandBench()
        let r = await bench.run(["settings", "get", "ApplicationConnectionId", "DeviceType", "ApnsPushEnable"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["ApplicationConnectionId": .string, "DeviceType": .string, "ApnsPushEnable": .bool])
        #expect(r.json?["DeviceType"] == .string("Linux"))
    }

    @Test func allSettingsWithTheirTypes() async throws {
        let bench = try await registeredCommandBench()
        let r = await bench.run(["settings", "get"])
        #expect(r.exitCode == 0, "\(r)")
        let settings = try #require(r.json?.objectValue, "\(r)")
        #expect(settings["UserName"] == .string("demo"))
        expectShape(r.json, connectionSettingsShape())
    }

    @Test func anUnknownPropertyIs65() async throws {
        let bench = try await registeredCommandBench()
        expectFailure(await bench.run(["settings", "get", "NoSuchSetting"]), exit: 65, code: "unknown_setting")
    }
}

extension SettingsGetTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["settings", "get", "--expand", "expand-1", "--expand", "expand-2", "names-1", "names-2"], as: SettingsGet.self)
        #expect(options == SettingsGet.Options(names: ["names-1", "names-2"], expand: ["expand-1", "expand-2"]))
        #expect(try parsedOptions(["settings", "get"], as: SettingsGet.self) == SettingsGet.Options())
    }
}
