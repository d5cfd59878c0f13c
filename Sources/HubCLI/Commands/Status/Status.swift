// `hubctl status`: Show what hubctl knows: profile, server, registrations, vault, ACP.

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubBundles
import HubServices
import HubVault

struct StatusCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what hubctl knows: profile, server, registrations, vault, ACP.",
        discussion: """
        Reads only local state; it never contacts the server. A configuration problem is reported \
        in "configError" instead of failing, so status is safe to run first when something is wrong.

        Exit codes: 0 ok, 65 local state damaged, 70 internal error.

        Example:
          hubctl status | jq .acp
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            var config: StatusOutput.Config?
            var configError: String?
            do {
                let c = try invocation.connectionConfig(requireConnection: false)
                config = StatusOutput.Config(profile: c.profile, server: c.server.isEmpty ? nil : c.server,
                                       appId: c.appId.isEmpty ? nil : c.appId, user: c.user, apiVersion: c.apiVersion,
                                       plist: c.plist, securityConfiguration: c.securityConfiguration,
                                       userCreationPolicy: c.userCreationPolicy?.rawValue, shareCredentials: c.shareCredentials)
            } catch let e as HubError {
                configError = e.message
            }
            let home = invocation.home
            let registrations = try RegistrationStore(home: home, lockDeadline: invocation.deadline).all()
            let policy = try PasscodePolicyFile.load(home: home)
            let vault = VaultStore(directory: home)
            let acp = try InstalledProfile.all(home: home).map {
                StatusOutput.ACPProfile(appId: $0.appId, path: $0.path, current: $0.current, sha256: $0.sha256,
                                        fetchedAt: $0.fetchedAt, server: $0.server)
            }
            try invocation.emit(StatusOutput(
                version: HubVersion.current, home: home,
                configFile: HubPaths.defaultConfigFile(environment: invocation.environment),
                config: config, configError: configError, registrations: registrations.map(StatusOutput.RegistrationEntry.init),
                vault: StatusOutput.VaultFile(path: vault.path, exists: vault.exists),
                passcodePolicy: policy.map(StatusOutput.Policy.init), acp: acp))
        }
    }
}

/// What `hubctl status` prints.
struct StatusOutput: JSONDocument {
    struct Config {
        var profile: String
        var server: String?
        var appId: String?
        var user: String?
        var apiVersion: String
        var plist: String?
        var securityConfiguration: String?
        var userCreationPolicy: String?
        var shareCredentials: Bool

        var json: JSONValue {
            .members([
                "profile": .string(profile), "server": server.map(JSONValue.string), "appId": appId.map(JSONValue.string),
                "user": user.map(JSONValue.string), "apiVersion": .string(apiVersion), "plist": plist.map(JSONValue.string),
                "securityConfiguration": securityConfiguration.map(JSONValue.string),
                "userCreationPolicy": userCreationPolicy.map(JSONValue.string), "shareCredentials": .bool(shareCredentials),
            ])
        }
    }

    struct RegistrationEntry {
        var server: String
        var appId: String
        var user: String?
        var applicationConnectionId: String
        var apiVersion: String
        var anonymous: Bool
        var securityConfiguration: String?
        var createdAt: Date

        var json: JSONValue {
            .members([
                "server": .string(server), "appId": .string(appId), "user": user.map(JSONValue.string),
                "applicationConnectionId": .string(applicationConnectionId), "apiVersion": .string(apiVersion),
                "anonymous": .bool(anonymous), "securityConfiguration": securityConfiguration.map(JSONValue.string),
                "createdAt": JSONValue(createdAt),
            ])
        }
    }

    /// The passcode policy's rules, field for field (`retryLimit` 0: unlimited).
    struct Policy {
        var minLength, minUniqueChars, retryLimit, expiresInDays, lockTimeout: Int
        var digitRequired, upperRequired, lowerRequired, specialRequired, defaultPasswordAllowed: Bool

        var json: JSONValue {
            .object([
                "minLength": JSONValue(minLength), "minUniqueChars": JSONValue(minUniqueChars), "retryLimit": JSONValue(retryLimit),
                "expiresInDays": JSONValue(expiresInDays), "lockTimeout": JSONValue(lockTimeout),
                "digitRequired": .bool(digitRequired), "upperRequired": .bool(upperRequired), "lowerRequired": .bool(lowerRequired),
                "specialRequired": .bool(specialRequired), "defaultPasswordAllowed": .bool(defaultPasswordAllowed),
            ])
        }
    }

    struct VaultFile { var path: String; var exists: Bool }

    struct ACPProfile {
        var appId: String
        var path: String
        var current: String?
        var sha256: String?
        var fetchedAt: Date?
        /// The server the profile came from (known for fetches since hubctl recorded them).
        var server: String?

        var json: JSONValue {
            .members([
                "appId": .string(appId), "path": .string(path), "current": current.map(JSONValue.string),
                "sha256": sha256.map(JSONValue.string), "fetchedAt": fetchedAt.map(JSONValue.init), "server": server.map(JSONValue.string),
            ])
        }
    }

    var version: String
    var home: String
    var configFile: String
    var config: Config?
    var configError: String?
    var registrations: [RegistrationEntry]
    var vault: VaultFile
    /// The passcode policy in force for the vault (null when the server sent none or it is disabled).
    var passcodePolicy: Policy?
    var acp: [ACPProfile]

    var json: JSONValue {
        .members([
            "version": .string(version), "home": .string(home), "configFile": .string(configFile), "config": config?.json,
            "configError": configError.map(JSONValue.string), "registrations": .array(registrations.map(\.json)),
            "vault": .object(["path": .string(vault.path), "exists": .bool(vault.exists)]),
            "passcodePolicy": passcodePolicy?.json, "acp": .array(acp.map(\.json)),
        ])
    }
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
