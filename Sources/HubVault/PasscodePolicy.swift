// Rules a new vault passphrase must satisfy (docs/security.md). Where they come from (a server's
// PasswordPolicy* settings) is HubServices' business: the vault only receives the value.

import Foundation
import HubCore

/// The rules for vault passphrases. `retryLimit` 0 means unlimited; otherwise that many wrong
/// passphrases in a row delete the vault, as SAP's data vault does.
public struct PasscodePolicy: Sendable, Equatable {
    /// A "special" character as SAP's Fiori passcode policy counts one: any character that is not
    /// alphanumeric (`FioriPasscodePolicy`, "special (non-alphanumeric)"; UIKit's `FUIPasscodePolicy`).
    public static func isSpecial(_ character: Character) -> Bool {
        !character.isLetter && !character.isNumber
    }

    public var minLength: Int
    public var digitRequired: Bool
    public var upperRequired: Bool
    public var lowerRequired: Bool
    public var specialRequired: Bool
    public var minUniqueChars: Int
    public var retryLimit: Int
    public var expiresInDays: Int
    public var lockTimeout: Int
    public var defaultPasswordAllowed: Bool
    /// Digits only (Mobile Services' `passwordPolicyIsDigitsOnly`, the SDKs' `isDigitsOnly`): every
    /// character a digit; the letter and special-character rules then do not apply.
    public var digitsOnly: Bool

    public init(minLength: Int = 8, digitRequired: Bool = false, upperRequired: Bool = false,
                lowerRequired: Bool = false, specialRequired: Bool = false, minUniqueChars: Int = 0,
                retryLimit: Int = 0, expiresInDays: Int = 0, lockTimeout: Int = 0, defaultPasswordAllowed: Bool = false,
                digitsOnly: Bool = false) {
        self.minLength = minLength
        self.digitRequired = digitRequired
        self.upperRequired = upperRequired
        self.lowerRequired = lowerRequired
        self.specialRequired = specialRequired
        self.minUniqueChars = minUniqueChars
        self.retryLimit = retryLimit
        self.expiresInDays = expiresInDays
        self.lockTimeout = lockTimeout
        self.defaultPasswordAllowed = defaultPasswordAllowed
        self.digitsOnly = digitsOnly
    }

    /// Each rule the passphrase breaks, in words; empty when it satisfies the policy.
    public func violations(of passphrase: [UInt8]) -> [String] {
        let text = String(decoding: passphrase, as: UTF8.self)
        var broken: [String] = []
        if text.count < minLength {
            broken.append("at least \(minLength) characters")
        }
        if digitsOnly {
            if !text.allSatisfy({ $0.isASCII && $0.isNumber }) { broken.append("digits only") }
        } else {
            if digitRequired && !text.contains(where: { $0.isASCII && $0.isNumber }) {
                broken.append("at least one digit")
            }
            if upperRequired && !text.contains(where: { $0.isUppercase }) {
                broken.append("at least one upper-case letter")
            }
            if lowerRequired && !text.contains(where: { $0.isLowercase }) {
                broken.append("at least one lower-case letter")
            }
            if specialRequired && !text.contains(where: Self.isSpecial) {
                broken.append("at least one special character (anything but a letter or a digit)")
            }
        }
        if minUniqueChars > 0 && Set(text).count < minUniqueChars {
            broken.append("at least \(minUniqueChars) different characters")
        }
        return broken
    }

    /// Throws `passcode_policy_violation` (exit 64) naming every broken rule. The passphrase
    /// itself never appears in the message.
    public func check(_ passphrase: [UInt8]) throws {
        let broken = violations(of: passphrase)
        guard !broken.isEmpty else { return }
        throw HubError(.usage, code: .passcodePolicyViolation,
                       "The passphrase does not satisfy the server's passcode policy; it needs: \(broken.joined(separator: "; ")). Choose another passphrase.")
    }
}
