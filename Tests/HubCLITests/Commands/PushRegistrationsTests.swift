// `hubctl push registrations` in-process: the list with SAP's member names, and --id with --group.

import Foundation
import HubCLI
import HubCore
import Testing

@Suite("push registrations", .serialized)
struct PushRegistrationsTests {
    @Test func listsTheRegistrations() async throws {
        let (bench, key) = try await pushOperatorBench()
        let r = await bench.run(["push", "registrations", "--service-key", key])
        #expect(r.exitCode == 0, "\(r)")
        let list = arrayElements(r.json)
        #expect(list.count == 2)
        for registration in list {
            expectShape(registration, ["id": .string, "device": .string, "deviceModel": .null, "formFactor": .null,
                                       "pushGroup": registration["username"] == .string("demo") ? .string : .null,
                                       "pushProvider": .string, "userLocale": .string, "username": .string])
        }
        #expect(Set(list.compactMap { $0["username"]?.stringValue }) == ["demo", "alice"])
    }

    @Test func idWithGroupIs64() async throws {
        let (bench, key) = try await pushOperatorBench()
        expectFailure(await bench.run(["push", "registrations", "--service-key", key, "--id", "x", "--group", "ops"]), exit: 64, code: "usage")
    }

    @Test func anUnknownIdIs66() async throws {
        let (bench, key) = try await pushOperatorBench()
        expectFailure(await bench.run(["push", "registrations", "--service-key", key, "--id", "no-such-registration"]), exit: 66, code: "not_found")
    }
}
