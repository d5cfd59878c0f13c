// `hubctl push registrations` in-process: the list with SAP's member names, and --id with --group.

import Foundation
@testable import HubCLI
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

extension PushRegistrationsTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["push", "registrations", "--service-key", "serviceKey-1", "--binding", "binding-1", "--key-alias", "keyAlias-1", "--binding-name", "bindingName-1", "--tenant", "tenant-1", "--group", "group-1", "--id", "id-1"], as: PushRegistrations.self)
        #expect(options == PushRegistrations.Options(backend: ServiceKeyOptions.Value(serviceKey: "serviceKey-1", binding: "binding-1", keyAlias: "keyAlias-1", bindingName: "bindingName-1", tenant: "tenant-1"), group: "group-1", id: "id-1"))
        #expect(try parsedOptions(["push", "registrations"], as: PushRegistrations.self) == PushRegistrations.Options())
    }
}
