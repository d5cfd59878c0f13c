// Unit tests of the passcode policy's rules (the vault's side: no SMP settings here).

import Foundation
import HubCore
import HubVault
import Testing

@Suite struct PasscodePolicyTests {
    let strict = PasscodePolicy(minLength: 10, digitRequired: true, upperRequired: true, lowerRequired: true,
                                specialRequired: true, minUniqueChars: 6, retryLimit: 3)

    @Test func eachBrokenRuleIsListed() throws {
        let policy = strict
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
        let policy = strict
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
}
