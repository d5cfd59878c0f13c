// `hubctl policy get` in-process (Mobile Services): the policies typed, and a bad policy name.

import Foundation
@testable import HubCLI
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
        let policies = r.json?["policies"]
        expectShape(policies, ["attestationSettings": .object, "featureVectorPolicies": .object, "logSettings": .object, "passwordPolicy": .object])
        // The settings exchange's text values typed: booleans and numbers.
        // Per platform, booleans, as the iOS SDK's example (`SAPcpmsAttestationSettings`).
        expectShape(policies?["attestationSettings"], ["iOS": .object, "android": .object])
        expectShape(policies?["attestationSettings"]?["iOS"], ["enabled": .bool, "enforced": .bool])
        expectShape(policies?["featureVectorPolicies"], ["featureVectorPolicyAllEnabled": .bool, "restrictedPolicies": .null])
        expectShape(policies?["logSettings"], ["logEnabled": .bool, "logEntryExpiry": .int, "logLevel": .string])
        expectShape(policies?["passwordPolicy"], [
            "passwordPolicyDefaultPasswordAllowed": .bool, "passwordPolicyDigitRequired": .bool, "passwordPolicyEnabled": .bool,
            "passwordPolicyExpiresInNDays": .int, "passwordPolicyLockTimeout": .int, "passwordPolicyLowerRequired": .bool,
            "passwordPolicyMinLength": .int, "passwordPolicyMinUniqueChars": .int, "passwordPolicyRetryLimit": .int,
            "passwordPolicySpecialRequired": .bool, "passwordPolicyUpperRequired": .bool])
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

extension PolicyGetTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["policy", "get", "name-1"], as: PolicyGet.self)
        #expect(options == PolicyGet.Options(name: "name-1"))
        #expect(try parsedOptions(["policy", "get"], as: PolicyGet.self) == PolicyGet.Options())
    }
}
