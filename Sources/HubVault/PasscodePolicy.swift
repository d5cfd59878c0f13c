// The server's PasswordPolicy* settings as rules for the vault passphrase (protocol.md §10).

import Foundation
import HubCore

/// A passcode policy from a registration's settings. Built only when `PasswordPolicyEnabled` is
/// true. `retryLimit` 0 means unlimited; otherwise that many wrong passphrases in a row delete
/// the vault, as SAP's data vault does. Codable (camelCase fields) so `status` can show it.
public struct PasscodePolicy: Sendable, Equatable, Codable {
    /// The characters SAP counts as "special".
    public static let specialCharacters: Set<Character> = Set("~!@#$%^&*()-+")
    /// Where the registration code keeps the latest server's `PasswordPolicy*` properties.
    public static let fileName = "passcode-policy.json"

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

    public init(minLength: Int = 8, digitRequired: Bool = false, upperRequired: Bool = false,
                lowerRequired: Bool = false, specialRequired: Bool = false, minUniqueChars: Int = 0,
                retryLimit: Int = 0, expiresInDays: Int = 0, lockTimeout: Int = 0, defaultPasswordAllowed: Bool = false) {
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
    }

    /// nil when `PasswordPolicyEnabled` is not true. Values may be typed or text ("8", "true"),
    /// since servers answering Atom give text.
    public init?(settings: [String: JSONValue]) {
        guard Self.bool(settings["PasswordPolicyEnabled"]) == true else { return nil }
        self.init(minLength: Self.int(settings["PasswordPolicyMinLength"]) ?? 8,
                  digitRequired: Self.bool(settings["PasswordPolicyDigitRequired"]) ?? false,
                  upperRequired: Self.bool(settings["PasswordPolicyUpperRequired"]) ?? false,
                  lowerRequired: Self.bool(settings["PasswordPolicyLowerRequired"]) ?? false,
                  specialRequired: Self.bool(settings["PasswordPolicySpecialRequired"]) ?? false,
                  minUniqueChars: Self.int(settings["PasswordPolicyMinUniqueChars"]) ?? 0,
                  retryLimit: max(0, Self.int(settings["PasswordPolicyRetryLimit"]) ?? 0),
                  expiresInDays: Self.int(settings["PasswordPolicyExpiresInNDays"]) ?? 0,
                  lockTimeout: Self.int(settings["PasswordPolicyLockTimeout"]) ?? 0,
                  defaultPasswordAllowed: Self.bool(settings["PasswordPolicyDefaultPasswordAllowed"]) ?? false)
    }

    /// The policy in force for `home`: read from `<home>/passcode-policy.json`, which the
    /// registration code writes from the latest server settings. nil when there is none or it
    /// is not enabled; a file that is not a JSON object is an error (exit 65).
    public static func load(home: String) throws -> PasscodePolicy? {
        let path = (home as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data), let object = value.objectValue else {
            throw HubError.data("\(path) is not a JSON object of PasswordPolicy* settings. Delete it; the next `hubctl register` writes it again.",
                                code: .invalidPasscodePolicy)
        }
        return PasscodePolicy(settings: object)
    }

    /// Each rule the passphrase breaks, in words; empty when it satisfies the policy.
    public func violations(of passphrase: [UInt8]) -> [String] {
        let text = String(decoding: passphrase, as: UTF8.self)
        var broken: [String] = []
        if text.count < minLength {
            broken.append("at least \(minLength) characters")
        }
        if digitRequired && !text.contains(where: { $0.isASCII && $0.isNumber }) {
            broken.append("at least one digit")
        }
        if upperRequired && !text.contains(where: { $0.isUppercase }) {
            broken.append("at least one upper-case letter")
        }
        if lowerRequired && !text.contains(where: { $0.isLowercase }) {
            broken.append("at least one lower-case letter")
        }
        if specialRequired && !text.contains(where: { Self.specialCharacters.contains($0) }) {
            broken.append("at least one special character (one of ~!@#$%^&*()-+)")
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

    private static func bool(_ value: JSONValue?) -> Bool? {
        switch value {
        case .bool(let b): b
        case .string(let s): ["true", "1", "yes"].contains(s.lowercased()) ? true : (["false", "0", "no"].contains(s.lowercased()) ? false : nil)
        case .int(let i): i != 0
        default: nil
        }
    }

    private static func int(_ value: JSONValue?) -> Int? {
        switch value {
        case .int(let i): Int(clamping: i)
        case .double(let d) where d.isFinite: Int(d)
        case .string(let s): Int(s.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}
