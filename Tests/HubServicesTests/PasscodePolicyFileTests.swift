// The passcode policy as HubServices reads it from a server's PasswordPolicy* settings and keeps it.

import Foundation
import HubCore
@testable import HubServices
import HubVault
import Testing

@Suite struct PasscodePolicyFileTests {
    let strict: [String: JSONValue] = [
        "PasswordPolicyEnabled": .bool(true),
        "PasswordPolicyMinLength": .int(10),
        "PasswordPolicyDigitRequired": .bool(true),
        "PasswordPolicyUpperRequired": .bool(true),
        "PasswordPolicyLowerRequired": .bool(true),
        "PasswordPolicySpecialRequired": .bool(true),
        "PasswordPolicyMinUniqueChars": .int(6),
        "PasswordPolicyRetryLimit": .int(3),
    ]

    @Test func disabledPolicyIsNil() {
        #expect(PasscodePolicyFile.policy(settings: [:]) == nil)
        #expect(PasscodePolicyFile.policy(settings: ["PasswordPolicyEnabled": .bool(false), "PasswordPolicyMinLength": .int(20)]) == nil)
    }

    @Test func textValuesAreAccepted() {
        let policy = PasscodePolicyFile.policy(settings: ["PasswordPolicyEnabled": .string("true"), "PasswordPolicyMinLength": .string("12"),
                                                          "PasswordPolicyRetryLimit": .string("5")])
        #expect(policy?.minLength == 12)
        #expect(policy?.retryLimit == 5)
    }

    @Test func digitsOnlyIsRead() {
        #expect(PasscodePolicyFile.policy(settings: ["PasswordPolicyEnabled": .bool(true), "PasswordPolicyIsDigitsOnly": .string("true")])?.digitsOnly == true)
        #expect(PasscodePolicyFile.policy(settings: ["PasswordPolicyEnabled": .bool(true)])?.digitsOnly == false)
    }

    @Test func defaultsFollowSAP() {
        let policy = PasscodePolicyFile.policy(settings: ["PasswordPolicyEnabled": .bool(true)])
        #expect(policy?.minLength == 8)
        #expect(policy?.retryLimit == 0)
    }

    @Test func everySettingReachesTheRules() throws {
        let policy = try #require(PasscodePolicyFile.policy(settings: strict))
        // The server's 3 is raised to the floor of 5.
        #expect(policy == PasscodePolicy(minLength: 10, digitRequired: true, upperRequired: true, lowerRequired: true,
                                         specialRequired: true, minUniqueChars: 6, retryLimit: 5))
    }

    @Test func theRetryLimitNeedsTrustAndHasAFloor() {
        let settings: [String: JSONValue] = ["PasswordPolicyEnabled": .bool(true), "PasswordPolicyRetryLimit": .int(1)]
        #expect(PasscodePolicyFile.policy(settings: settings, trusted: true)?.retryLimit == 5)
        #expect(PasscodePolicyFile.policy(settings: settings, trusted: false)?.retryLimit == 0)
        let many: [String: JSONValue] = ["PasswordPolicyEnabled": .bool(true), "PasswordPolicyRetryLimit": .int(12)]
        #expect(PasscodePolicyFile.policy(settings: many, trusted: true)?.retryLimit == 12)
        #expect(PasscodePolicyFile.policy(settings: ["PasswordPolicyEnabled": .bool(true)], trusted: true)?.retryLimit == 0)
    }

    @Test func loadsFromTheHome() throws {
        let dir = NSTemporaryDirectory() + "policy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try PasscodePolicyFile.load(home: dir) == nil)
        try Data(#"{"PasswordPolicyEnabled": true, "PasswordPolicyMinLength": 9}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/passcode-policy.json"))
        #expect(try PasscodePolicyFile.load(home: dir)?.minLength == 9)
        try Data("[1,2]".utf8).write(to: URL(fileURLWithPath: dir + "/passcode-policy.json"))
        let error = #expect(throws: HubError.self) { try PasscodePolicyFile.load(home: dir) }
        #expect(error?.code == .invalidPasscodePolicy)
    }

    /// Numbers no integer holds are clamped into each setting's range, never a trap.
    @Test func hugeNumbersAreClamped() throws {
        let policy = try #require(PasscodePolicyFile.policy(settings: [
            "PasswordPolicyEnabled": .bool(true), "PasswordPolicyMinLength": .double(1e300),
            "PasswordPolicyRetryLimit": .string("1e300"), "PasswordPolicyLockTimeout": .double(-1e300),
            "PasswordPolicyExpiresInNDays": .int(Int64.max), "PasswordPolicyMinUniqueChars": .string("nan"),
        ]))
        #expect(policy.minLength == 1024)
        #expect(policy.retryLimit == 1_000_000)
        #expect(policy.lockTimeout == 0)
        #expect(policy.expiresInDays == 36_500)
        #expect(policy.minUniqueChars == 0, "not a number: the default")
    }

    /// What is recorded has each numeric setting clamped into its own range.
    @Test func recordedNumbersAreClampedIntoEachSettingsRange() throws {
        let huge = Dictionary(uniqueKeysWithValues: PasscodePolicyFile.numericSettings.map { ($0, JSONValue.double(1e300)) })
        let checked = try PasscodePolicyFile.checked(huge.merging(["PasswordPolicyEnabled": .bool(true)]) { $1 })
        #expect(checked == [
            "PasswordPolicyEnabled": .bool(true), "PasswordPolicyMinLength": .int(1024), "PasswordPolicyMinUniqueChars": .int(1024),
            "PasswordPolicyRetryLimit": .int(1_000_000), "PasswordPolicyExpiresInNDays": .int(36_500),
            "PasswordPolicyLockTimeout": .int(31_536_000),
        ])
    }

    /// `record` writes the file only when the policy it holds differs: a file with the same
    /// settings (however formatted) stays as it is, a different or damaged one is replaced.
    @Test func recordWritesOnlyWhatChanged() throws {
        let home = NSTemporaryDirectory() + "policy-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = PasscodePolicyFile.path(home: home)
        func inode() throws -> Int? { try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int }
        // Another process wrote the same policy, formatted its own way.
        try Data(#"{ "hubctl.authenticatedHTTPS" : true,"PasswordPolicyEnabled":true, "PasswordPolicyMinLength" : 9 }"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let before = try inode()
        try PasscodePolicyFile.record(["PasswordPolicyEnabled": .bool(true), "PasswordPolicyMinLength": .int(9)], trusted: true, home: home)
        #expect(try inode() == before, "the same policy: not written again")
        try PasscodePolicyFile.record(["PasswordPolicyEnabled": .bool(true), "PasswordPolicyMinLength": .int(12)], trusted: true, home: home)
        #expect(try inode() != before, "a new policy: written")
        #expect(try PasscodePolicyFile.load(home: home)?.minLength == 12)
        // A damaged file is replaced by the policy.
        try Data("[1,2]".utf8).write(to: URL(fileURLWithPath: path))
        try PasscodePolicyFile.record(["PasswordPolicyEnabled": .bool(true), "PasswordPolicyMinLength": .int(12)], trusted: true, home: home)
        #expect(try PasscodePolicyFile.load(home: home)?.minLength == 12)
    }
}
