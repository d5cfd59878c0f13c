// `hubctl push unregister` in-process (Mobile Services): "deleted", then "absent"; and no registration.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("push unregister", .serialized)
struct PushUnregisterTests {
    @Test func deletedThenAbsent() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        #expect(await bench.run(["push", "register", "--os", "ios", "--token", "apns-1"]).exitCode == 0)
        let r = await bench.run(["push", "unregister", "--os", "ios"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["platform": .string, "os": .string, "deviceId": .string, "action": .string, "pushId": .null])
        #expect(r.json?["action"] == .string("deleted"))
        #expect(r.json?["os"] == .string("ios"))
        let again = await bench.run(["push", "unregister", "--os", "ios"])
        #expect(again.exitCode == 0, "\(again)")
        #expect(again.json?["action"] == .string("absent"))
    }

    @Test func notRegisteredIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["push", "unregister", "--os", "ios"]), exit: 66, code: "not_registered")
    }
}

extension PushUnregisterTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["push", "unregister", "--os", "os-1"], as: PushUnregister.self)
        #expect(options == PushUnregister.Options(os: PushOSOption.Value(os: "os-1")))
    }
}
