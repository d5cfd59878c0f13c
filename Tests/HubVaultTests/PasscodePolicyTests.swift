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

    /// Issue 38: SAP's Fiori passcode policy counts any non-alphanumeric character as special, and
    /// `isDigitsOnly` allows digits only (the letter and special rules then do not apply).
    @Test func specialIsAnythingButALetterOrDigitAndDigitsOnlyIsDigits() {
        let special = PasscodePolicy(minLength: 4, specialRequired: true)
        for passphrase in ["abcd.1", "abcd_1", "abcd 1", "abcd?1", "abcd€1", "abcd-1"] {
            #expect(special.violations(of: Array(passphrase.utf8)).isEmpty, "\(passphrase)")
        }
        #expect(special.violations(of: Array("abcd1é".utf8)) == ["at least one special character (anything but a letter or a digit)"])
        let digits = PasscodePolicy(minLength: 6, upperRequired: true, specialRequired: true, digitsOnly: true)
        #expect(digits.violations(of: Array("123456".utf8)).isEmpty, "letter and special rules do not apply")
        #expect(digits.violations(of: Array("12345a".utf8)) == ["digits only"])
        #expect(digits.violations(of: Array("12345".utf8)) == ["at least 6 characters"])
    }
}
