// `hubctl policy get` in-process (Mobile Services): the policies typed, and a bad policy name.

import Foundation
import HubCLI
import HubCore
import Testing

@Suite("policy get", .serialized)
struct PolicyGetTests {
    @Test func printsThePoliciesTyped() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        let r = await bench.run(["policy", "get"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["platform": .string, "policies": .object])
        #expect(r.json?["platform"] == .string("mobile-services"))
        let policies = try #require(r.json?["policies"]?.objectValue, "\(r)")
        #expect(policies["passwordPolicy"]?.objectValue != nil, "\(r)")
        let one = await bench.run(["policy", "get", "passwordPolicy"])
        #expect(one.exitCode == 0, "\(one)")
        #expect(one.json?["policies"]?.objectValue?.keys.sorted() == ["passwordPolicy"])
    }

    @Test func aNameThatIsNoPolicyNameIs64() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        expectFailure(await bench.run(["policy", "get", "pass word"]), exit: 64, code: "unknown_policy")
    }

    @Test func aPolicyTheServerDoesNotHaveIs66() async throws {
        let bench = try await registeredCommandBench(platform: "mobile-services")
        expectFailure(await bench.run(["policy", "get", "noSuchPolicy"]), exit: 66, code: "policy_not_found")
    }
}
