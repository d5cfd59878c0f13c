// `hubctl push localizations` in-process: {"users", "requests", "localizations"}, and no users.

import Foundation
import HubCLI
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
