// Every JSON document hubctl prints on stdout, in one place. Each type is mapped from a domain
// value; storage records (state.json, passcode-policy.json) and service results never double as
// output, so changing a file format cannot change what scripts read, and the reverse.
//
// Field names are the contract with scripts (README "Usage"): add fields, never rename them.

import Foundation
import HubBundles
import HubCore
import HubServices
import HubVault

// MARK: register, settings get|set

/// The connection's settings as the server has them: property names with typed values.
struct SettingsOutput: Encodable {
    var properties: [String: JSONValue]

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(properties)
    }
}

// MARK: unregister

struct UnregisterOutput: Encodable {
    var applicationConnectionId: String
    var deleted: Bool
    var serverKnewIt: Bool
}

extension UnregisterOutput {
    init(_ r: UnregisterResult) { self.init(applicationConnectionId: r.applicationConnectionId, deleted: true, serverKnewIt: r.serverKnewIt) }
}

// MARK: acp check|fetch

struct ACPCheckOutput: Encodable {
    var appId: String
    var current: String?
    var available: String?
    var updateAvailable: Bool
    /// The profile directory compared (from --dest, acp-dest, the last fetch, or the default).
    var destination: String?

    enum CodingKeys: String, CodingKey { case appId, current, available, updateAvailable, destination }

    /// `current` and `available` are always present, null when unknown.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(appId, forKey: .appId)
        try c.encode(current, forKey: .current)
        try c.encode(available, forKey: .available)
        try c.encode(updateAvailable, forKey: .updateAvailable)
        try c.encodeIfPresent(destination, forKey: .destination)
    }
}

extension ACPCheckOutput {
    init(_ c: ACPCheck, destination: String? = nil) {
        self.init(appId: c.appId, current: c.current, available: c.available, updateAvailable: c.updateAvailable, destination: destination)
    }
}

struct ACPFetchOutput: Encodable {
    var bundleId: String
    var updated: Bool
    var path: String
    var files: Int
    var bytes: Int64
    var sha256: String
    var manifest: [String: String]
    /// The server's `X-BUNDLE-EXTENSION` (informational: the format is detected from the content).
    var fileExtension: String?

    enum CodingKeys: String, CodingKey {
        case bundleId, updated, path, files, bytes, sha256, manifest
        case fileExtension = "extension"
    }
}

extension ACPFetchOutput {
    init(_ r: ACPFetchResult) {
        self.init(bundleId: r.bundleId, updated: r.updated, path: r.path, files: r.files, bytes: r.bytes, sha256: r.sha256,
                  manifest: r.manifest, fileExtension: r.fileExtension)
    }
}

// MARK: status

struct StatusOutput: Encodable {
    struct Config: Encodable {
        var profile: String
        var server: String?
        var appId: String?
        var user: String?
        var apiVersion: String
        var plist: String?
        var securityConfiguration: String?
        var userCreationPolicy: String?
        var shareCredentials: Bool
    }

    struct RegistrationEntry: Encodable {
        var server: String
        var appId: String
        var user: String?
        var applicationConnectionId: String
        var apiVersion: String
        var anonymous: Bool
        var securityConfiguration: String?
        var createdAt: Date
    }

    /// The passcode policy's rules, field for field (`retryLimit` 0: unlimited).
    struct Policy: Encodable {
        var minLength, minUniqueChars, retryLimit, expiresInDays, lockTimeout: Int
        var digitRequired, upperRequired, lowerRequired, specialRequired, defaultPasswordAllowed: Bool
    }

    struct Vault: Encodable { var path: String; var exists: Bool }

    struct ACPProfile: Encodable {
        var appId: String
        var path: String
        var current: String?
        var sha256: String?
        var fetchedAt: Date?
        /// The server the profile came from (known for fetches since hubctl recorded them).
        var server: String?
    }

    var version: String
    var home: String
    var configFile: String
    var config: Config?
    var configError: String?
    var registrations: [RegistrationEntry]
    var vault: Vault
    /// The passcode policy in force for the vault (null when the server sent none or it is disabled).
    var passcodePolicy: Policy?
    var acp: [ACPProfile]
}

extension StatusOutput.RegistrationEntry {
    init(_ r: Registration) {
        self.init(server: r.server, appId: r.appId, user: r.user, applicationConnectionId: r.applicationConnectionId,
                  apiVersion: r.apiVersion, anonymous: r.anonymous, securityConfiguration: r.securityConfiguration, createdAt: r.createdAt)
    }
}

extension StatusOutput.Policy {
    init(_ p: PasscodePolicy) {
        self.init(minLength: p.minLength, minUniqueChars: p.minUniqueChars, retryLimit: p.retryLimit, expiresInDays: p.expiresInDays,
                  lockTimeout: p.lockTimeout, digitRequired: p.digitRequired, upperRequired: p.upperRequired,
                  lowerRequired: p.lowerRequired, specialRequired: p.specialRequired, defaultPasswordAllowed: p.defaultPasswordAllowed)
    }
}

// MARK: vault

struct VaultCreatedOutput: Encodable { var path: String; var created: Bool; var kdf: String }
struct VaultRekeyedOutput: Encodable { var path: String; var rekeyed: Bool; var kdf: String }
struct VaultStoredOutput: Encodable { var key: String; var updatedAt: Date; var vaultCreated: Bool }
struct VaultCertificateStoredOutput: Encodable { var key: String; var format: String; var updatedAt: Date; var vaultCreated: Bool }
struct VaultDeletedOutput: Encodable { var key: String; var deleted: Bool }

struct VaultValueOutput: Encodable {
    var key: String
    var value: String
    /// "base64" when the value is not UTF-8 text; absent otherwise.
    var encoding: String?
    var updatedAt: Date

    init(key: String, entry: VaultEntry) {
        self.key = key
        updatedAt = entry.updatedAt
        if let text = String(data: entry.value, encoding: .utf8) {
            value = text
            encoding = nil
        } else {
            value = entry.value.base64EncodedString()
            encoding = "base64"
        }
    }
}

struct VaultListOutput: Encodable {
    struct Entry: Encodable { var key: String; var updatedAt: Date }
    var entries: [Entry]
}
