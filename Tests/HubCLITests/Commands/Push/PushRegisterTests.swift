// `hubctl push register` in-process (Mobile Services): {"platform", "os", "deviceId", "action",
// "pushId"}, and an os the push API does not know.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("push register", .serialized)
struct PushRegisterTests {
    @Test func createsThenUpdates() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        let id = try #require(await bench.run(["settings", "get", "ApplicationConnectionId"]).json?["ApplicationConnectionId"]?.stringValue)
        let r = await bench.run(["push", "register", "--os", "android", "--token", "fcm-token-1", "--group", "qa"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["platform": .string, "os": .string, "deviceId": .string, "action": .string, "pushId": .null])
        #expect(r.json == .object(["platform": .string("mobile-services"), "os": .string("android"), "deviceId": .string(id),
                                   "action": .string("created"), "pushId": .null]))
        let again = await bench.run(["push", "register", "--os", "android", "--token", "fcm-token-2"])
        #expect(again.json?["action"] == .string("updated"), "\(again)")
    }

    @Test func anUnknownOsIs64() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        expectFailure(await bench.run(["push", "register", "--os", "symbian", "--token", "t"]), exit: 64, code: "invalid_push_os")
        let received = try await bench.emulator.document("/_emulator/received")
        #expect(arrayElements(received["push"]).isEmpty, "nothing was sent")
    }
}

extension PushRegisterTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["push", "register", "--os", "os-1", "--token", "token-1", "--group", "group-1", "--device-model", "deviceModel-1", "--form-factor", "formFactor-1", "--user-locale", "userLocale-1", "--time-zone", "timeZone-1"], as: PushRegister.self)
        #expect(options == PushRegister.Options(os: PushOSOption.Value(os: "os-1"), token: "token-1", group: "group-1", deviceModel: "deviceModel-1", formFactor: "formFactor-1", userLocale: "userLocale-1", timeZone: "timeZone-1"))
    }
}
