// `hubctl whoami` in-process (Mobile Services): the user document, and access control turned off.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("whoami", .serialized)
struct WhoamiTests {
    @Test func printsTheUserAndRoles() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        try await bench.emulator.call("PUT", "/_emulator/services", json: #"{"appId": "com.example.demo", "roles": ["Admin"], "groups": ["Ops"]}"#)
        let r = await bench.run(["whoami"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["platform": .string, "id": .string, "userName": .string, "displayName": .string, "givenName": .string,
                             "familyName": .string, "emails": .array, "roles": .array, "groups": .array, "registrationId": .null])
        #expect(r.json?["userName"] == .string("demo"))
        #expect(r.json?["id"] == .string("demo"))
        #expect(r.json?["emails"] == .array([.string("demo@emulator.invalid")]))
        #expect(r.json?["roles"] == .array([.string("Admin")]))
        #expect(r.json?["groups"] == .array([.string("Ops")]))
        // The emulator's user has no display name of its own: given and family name make it.
        #expect(r.json?["displayName"] == .string("demo Emulator"))
    }

    @Test func accessControlDisabledIs69() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        try await bench.emulator.call("PUT", "/_emulator/services", json: #"{"appId": "com.example.demo", "accessControl": false}"#)
        expectFailure(await bench.run(["whoami"]), exit: 69, code: "access_control_disabled")
    }

    @Test func onSMP3Is64() async throws {
        let bench = try await registeredCommandBench(platform: "smp3")
        expectFailure(await bench.run(["whoami"]), exit: 64, code: "usage")
    }
}

extension WhoamiTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["whoami"], as: WhoamiCommand.self)
        #expect(options == WhoamiCommand.Options())
        #expect(try parsedOptions(["whoami"], as: WhoamiCommand.self) == WhoamiCommand.Options())
    }
}
