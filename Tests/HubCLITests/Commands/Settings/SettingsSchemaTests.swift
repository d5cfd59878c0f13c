// `hubctl settings schema` in-process: the properties with their Edm type and flags, and a
// server that refuses the credentials.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("settings schema", .serialized)
struct SettingsSchemaTests {
    @Test func printsEveryPropertyWithItsTypeAndSource() async throws {
        let bench = try await registeredCommandBench()
        let r = await bench.run(["settings", "schema"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["source": .string, "apiVersion": .string, "properties": .object])
        #expect(r.json?["source"] == .string("server"))
        let properties = try #require(r.json?["properties"]?.objectValue)
        #expect(properties.count > 10)
        for (name, property) in properties {
            expectShape(property, ["type": .string, "writable": .bool, "nullable": .bool, "source": .string], name)
            #expect(property["type"]?.stringValue?.hasPrefix("Edm.") == true, "\(name)")
        }
        #expect(properties["ApnsPushEnable"]?["type"] == .string("Edm.Boolean"))
        #expect(properties["ApplicationConnectionId"]?["writable"] == .bool(false))
    }

    @Test func refusedCredentialsAre77() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start(), password: "not-the-password")
        expectFailure(await bench.run(["settings", "schema"]), exit: 77, code: "auth_failed")
    }
}

extension SettingsSchemaTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["settings", "schema"], as: SettingsSchema.self)
        #expect(options == SettingsSchema.Options())
        #expect(try parsedOptions(["settings", "schema"], as: SettingsSchema.self) == SettingsSchema.Options())
    }
}
