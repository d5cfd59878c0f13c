// `hubctl push id` in-process (Mobile Services): the push id the server hands out, and an
// application without push configured.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("push id", .serialized)
struct PushIdTests {
    @Test func printsThePushId() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        try await bench.emulator.call("PUT", "/_emulator/services", json: #"{"appId": "com.example.demo", "pushIds": {"w3cpushapi": "vapid-key-1"}}"#)
        let r = await bench.run(["push", "id", "--os", "w3cpushapi"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["platform": .string, "os": .string, "deviceId": .string, "action": .string, "pushId": .string])
        #expect(r.json?["pushId"] == .string("vapid-key-1"))
        #expect(r.json?["os"] == .string("w3cpushapi"))
        #expect(r.json?["platform"] == .string("mobile-services"))
    }

    @Test func pushNotConfiguredIs69() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        try await bench.emulator.call("PUT", "/_emulator/services", json: #"{"appId": "com.example.demo", "pushConfigured": false}"#)
        expectFailure(await bench.run(["push", "id", "--os", "android"]), exit: 69, code: "push_not_configured")
    }
}

extension PushIdTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["push", "id", "--os", "os-1"], as: PushId.self)
        #expect(options == PushId.Options(os: PushOSOption.Value(os: "os-1")))
    }
}
