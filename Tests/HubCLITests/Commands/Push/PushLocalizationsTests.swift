// `hubctl push localizations` in-process: {"users", "requests", "localizations"}, and no users.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("push localizations", .serialized)
struct PushLocalizationsTests {
    @Test func theLocalesOfTheUsers() async throws {
        let (bench, key) = try await pushOperatorBench()
        let r = await bench.run(["push", "localizations", "--service-key", key, "--users", "demo,alice"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["users": .int, "requests": .int, "localizations": .array])
        #expect(r.json == .object(["users": .int(2), "requests": .int(1), "localizations": .array([.string("de"), .string("en")])]))
    }

    @Test func noUsersIs64() async throws {
        let (bench, key) = try await pushOperatorBench()
        expectFailure(await bench.run(["push", "localizations", "--service-key", key]), exit: 64, code: "usage")
    }
}

extension PushLocalizationsTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["push", "localizations", "--service-key", "serviceKey-1", "--binding", "binding-1", "--key-alias", "keyAlias-1", "--binding-name", "bindingName-1", "--tenant", "tenant-1", "--users", "users-1", "--users-from", "usersFrom-1"], as: PushLocalizations.self)
        #expect(options == PushLocalizations.Options(backend: ServiceKeyOptions.Value(serviceKey: "serviceKey-1", binding: "binding-1", keyAlias: "keyAlias-1", bindingName: "bindingName-1", tenant: "tenant-1"), users: "users-1", usersFrom: "usersFrom-1"))
        #expect(try parsedOptions(["push", "localizations"], as: PushLocalizations.self) == PushLocalizations.Options())
    }
}
