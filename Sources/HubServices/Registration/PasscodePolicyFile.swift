// The server's PasswordPolicy* settings (docs/protocol.md §10), kept under --home and read back
// as the vault's PasscodePolicy: the only place that knows how SMP spells a passcode policy.

import Foundation
import HubCore
import HubVault
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public enum PasscodePolicyFile {
    /// `<home>/passcode-policy.json`: the latest server's `PasswordPolicy*` properties, as sent.
    public static let fileName = "passcode-policy.json"

    /// A policy is a dozen properties; anything much larger is not one.
    static let maximumSize = 64 << 10

    public static func path(home: String) -> String { (home as NSString).appendingPathComponent(fileName) }

    /// Recorded beside the settings: whether they came over an authenticated HTTPS connection.
    static let trustKey = "hubctl.authenticatedHTTPS"

    /// The lowest retry limit applied: a server's 1 or 2 would let a single typing mistake delete
    /// every secret in the vault.
    public static let minimumRetryLimit = 5

    /// The policy the settings describe; nil when `PasswordPolicyEnabled` is not true. Values may
    /// be typed or text ("8", "true"), since servers answering Atom give text. The retry limit,
    /// which deletes the vault, is applied only when the settings came over authenticated HTTPS
    /// (`trusted`), and never below `minimumRetryLimit`.
    public static func policy(settings: [String: JSONValue], trusted: Bool = true) -> PasscodePolicy? {
        guard bool(settings["PasswordPolicyEnabled"]) == true else { return nil }
        let limit = int(settings, "PasswordPolicyRetryLimit") ?? 0
        return PasscodePolicy(minLength: int(settings, "PasswordPolicyMinLength") ?? 8,
                              digitRequired: bool(settings["PasswordPolicyDigitRequired"]) ?? false,
                              upperRequired: bool(settings["PasswordPolicyUpperRequired"]) ?? false,
                              lowerRequired: bool(settings["PasswordPolicyLowerRequired"]) ?? false,
                              specialRequired: bool(settings["PasswordPolicySpecialRequired"]) ?? false,
                              minUniqueChars: int(settings, "PasswordPolicyMinUniqueChars") ?? 0,
                              retryLimit: trusted && limit > 0 ? max(limit, minimumRetryLimit) : 0,
                              expiresInDays: int(settings, "PasswordPolicyExpiresInNDays") ?? 0,
                              lockTimeout: int(settings, "PasswordPolicyLockTimeout") ?? 0,
                              defaultPasswordAllowed: bool(settings["PasswordPolicyDefaultPasswordAllowed"]) ?? false,
                              digitsOnly: bool(settings["PasswordPolicyIsDigitsOnly"]) ?? false)
    }

    /// The policy in force for `home`; nil when none was recorded or it is not enabled. A file
    /// that is not a JSON object is an error (exit 65).
    public static func load(home: String) throws -> PasscodePolicy? {
        let path = path(home: home)
        let identity = FileIdentity(path: path)
        if let identity, let known = lastSeen.withLock({ $0[path] }), known.identity == identity {
            return known.policy
        }
        let data: Data
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.read(path: path, limit: maximumSize, regularOnly: true)
        } catch .missing {
            return nil
        } catch {
            throw HubError.data("\(path) cannot be read or is not a passcode policy (\(error)). Delete it; the next `hubctl register` writes it again.",
                                code: .invalidPasscodePolicy)
        }
        guard let value = try? JSONValue.read(data), let object = value.objectValue else {
            throw HubError.data("\(path) is not a JSON object of PasswordPolicy* settings. Delete it; the next `hubctl register` writes it again.",
                                code: .invalidPasscodePolicy)
        }
        let loaded = policy(settings: object, trusted: object[trustKey] == .bool(true))
        // Remembered only when the file did not change while it was read.
        if let identity, FileIdentity(path: path) == identity {
            lastSeen.withLock { $0[path] = Snapshot(identity: identity, object: object, policy: loaded) }
        }
        return loaded
    }

    // A batch reads and records the policy on every line, nearly always the same file: what this
    // process last read is kept with the file's identity (device, inode, size, change
    // time), and used again while the file still has that identity. Every write is a rename of a
    // new file, so a change by any process gives the file a new inode.
    private struct FileIdentity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, changed: Int, changedNanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            changed = info.st_ctim.tv_sec
            changedNanoseconds = info.st_ctim.tv_nsec
        }
    }

    private struct Snapshot {
        var identity: FileIdentity
        /// The file's JSON object as read.
        var object: [String: JSONValue]
        var policy: PasscodePolicy?
    }

    private static let lastSeen = Mutex<[String: Snapshot]>([:])

    /// Records the `PasswordPolicy*` properties of a connection's settings, when there are any,
    /// and whether they arrived over authenticated HTTPS.
    static func record(_ settings: [String: JSONValue], trusted: Bool, home: String) throws {
        var policy = try checked(settings.filter { $0.key.hasPrefix("PasswordPolicy") })
        guard !policy.isEmpty else { return }
        policy[trustKey] = .bool(trusted)
        let path = path(home: home)
        // Most reads return the same policy: skip the (fsync-ing) write when nothing changed. The
        // file is read (and remembered) once if this process has not yet: comparing what it holds
        // costs less than encoding the policy to compare bytes (JSONEncoder's first use).
        if let identity = FileIdentity(path: path) {
            if lastSeen.withLock({ $0[path] }) == nil { _ = try? load(home: home) }
            if let known = lastSeen.withLock({ $0[path] }), known.identity == identity, known.object == policy { return }
        }
        let data = try JSONOutput.encode(policy, pretty: true)
        if FileManager.default.contents(atPath: path) == data { return }
        try AtomicFile.ensurePrivateDirectory(home)
        // Not remembered here: another process may replace the file before it could be looked
        // at; the next load reads it and remembers what it read.
        try AtomicFile.write(data, to: path)
    }

    private static func bool(_ value: JSONValue?) -> Bool? {
        switch value {
        case .bool(let b): b
        case .string(let s): ["true", "1", "yes"].contains(s.lowercased()) ? true : (["false", "0", "no"].contains(s.lowercased()) ? false : nil)
        case .int(let i): i != 0
        default: nil
        }
    }

    /// The numeric settings, each kept in its range (`numericRange`).
    static let numericSettings = ["PasswordPolicyMinLength", "PasswordPolicyMinUniqueChars", "PasswordPolicyRetryLimit",
                                  "PasswordPolicyExpiresInNDays", "PasswordPolicyLockTimeout"]

    /// The range each numeric setting is kept in (docs/protocol.md §10): a server's 1e300 becomes
    /// the largest value that still means something, never a trap. A switch, not a dictionary: the
    /// first `[String: ClosedRange<Int>]` of a process costs more than reading the policy.
    static func numericRange(_ key: String) -> ClosedRange<Int>? {
        switch key {
        case "PasswordPolicyMinLength", "PasswordPolicyMinUniqueChars": 0...1024
        case "PasswordPolicyRetryLimit": 0...1_000_000
        case "PasswordPolicyExpiresInNDays": 0...36_500
        case "PasswordPolicyLockTimeout": 0...31_536_000
        default: nil
        }
    }

    private static func int(_ settings: [String: JSONValue], _ key: String) -> Int? {
        BoundedNumber.integer(settings[key], clampedTo: numericRange(key) ?? 0...Int(Int32.max))
    }

    /// The settings as they are recorded: numbers clamped into their ranges; a numeric setting that
    /// is not a finite number at all is refused (65), so nothing unchecked reaches the file.
    static func checked(_ settings: [String: JSONValue]) throws -> [String: JSONValue] {
        var checked = settings
        for key in numericSettings {
            guard let range = numericRange(key), let value = settings[key], value != .null else { continue }
            guard let number = BoundedNumber.integer(value, clampedTo: range) else {
                throw HubError.data("The server's passcode policy has a \(key) that is not a whole number (\(HubError.quoted(String(describing: value)))); it was not recorded. Ask the server's administrator to fix the policy.",
                                    code: .invalidPasscodePolicy)
            }
            checked[key] = .int(Int64(number))
        }
        return checked
    }
}

extension PasscodePolicyFile {
    /// Records Mobile Services' settings-exchange `passwordPolicy` (`passwordPolicyMinLength`, …)
    /// the same way as SMP's `PasswordPolicy*` connection properties (docs/protocol.md §15.6).
    public static func recordMobileServices(passwordPolicy: [String: JSONValue], trusted: Bool, home: String) throws {
        var settings: [String: JSONValue] = [:]
        for (key, value) in passwordPolicy where key.hasPrefix("passwordPolicy") {
            settings["PasswordPolicy" + key.dropFirst("passwordPolicy".count)] = value
        }
        try record(settings, trusted: trusted, home: home)
    }
}
