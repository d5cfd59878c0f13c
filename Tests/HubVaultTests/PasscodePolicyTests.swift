// Unit tests of the passcode policy built from PasswordPolicy* settings.

import Foundation
import HubCore
import HubVault
import Testing

@Suite struct PasscodePolicyTests {
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
        #expect(PasscodePolicy(settings: [:]) == nil)
        #expect(PasscodePolicy(settings: ["PasswordPolicyEnabled": .bool(false), "PasswordPolicyMinLength": .int(20)]) == nil)
    }

    @Test func textValuesAreAccepted() {
        let policy = PasscodePolicy(settings: ["PasswordPolicyEnabled": .string("true"), "PasswordPolicyMinLength": .string("12"),
                                               "PasswordPolicyRetryLimit": .string("5")])
        #expect(policy?.minLength == 12)
        #expect(policy?.retryLimit == 5)
    }

    @Test func defaultsFollowSAP() {
        let policy = PasscodePolicy(settings: ["PasswordPolicyEnabled": .bool(true)])
        #expect(policy?.minLength == 8)
        #expect(policy?.retryLimit == 0)
    }

    @Test func eachBrokenRuleIsListed() throws {
        let policy = try #require(PasscodePolicy(settings: strict))
        let broken = policy.violations(of: Array("aaaa".utf8))
        #expect(broken.count == 5)
        #expect(broken.contains("at least 10 characters"))
        #expect(broken.contains("at least one digit"))
        #expect(broken.contains("at least one upper-case letter"))
        #expect(broken.contains { $0.hasPrefix("at least one special character") })
        #expect(broken.contains("at least 6 different characters"))
        #expect(!broken.contains("at least one lower-case letter"))
        #expect(policy.violations(of: Array("Abcdef-123x".utf8)).isEmpty)
        #expect(policy.retryLimit == 3)
    }

    @Test func checkNamesRulesButNotThePassphrase() throws {
        let policy = try #require(PasscodePolicy(settings: strict))
        do {
            try policy.check(Array("hunter2hunter".utf8))
            Issue.record("accepted a passphrase without upper-case or special characters")
        } catch let error as HubError {
            #expect(error.code == .passcodePolicyViolation)
            #expect(error.exitCode == 64)
            #expect(error.message.contains("upper-case"))
            #expect(error.message.contains("special"))
            #expect(!error.message.contains("hunter2"))
        }
    }

    @Test func loadsFromTheHome() throws {
        let dir = NSTemporaryDirectory() + "policy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try PasscodePolicy.load(home: dir) == nil)
        try Data(#"{"PasswordPolicyEnabled": true, "PasswordPolicyMinLength": 9}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/passcode-policy.json"))
        #expect(try PasscodePolicy.load(home: dir)?.minLength == 9)
        try Data("[1,2]".utf8).write(to: URL(fileURLWithPath: dir + "/passcode-policy.json"))
        #expect(throws: HubError.self) { try PasscodePolicy.load(home: dir) }
    }
}
