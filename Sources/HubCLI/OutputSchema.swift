// Every JSON document hubctl prints on stdout, in one place. Each type is mapped from a domain
// value; storage records (state.json, passcode-policy.json) and service results never double as
// output, so changing a file format cannot change what scripts read, and the reverse. Each gives
// its document as a JSONValue (`JSONDocument.json`), which HubCore's one writer writes pretty on a
// terminal and compact in a pipe (OutputBytesTests pins the bytes). Two documents are a service's
// result as it is and live beside it in HubServices: `push send`'s report (PushSendReport.swift)
// and the probe's (ProbeReport.swift). A member that is always
// present is given as null when unknown; `JSONValue.members` leaves out the ones given as nil.
//
// Field names are the contract with scripts (README "Usage"): add fields, never rename them.

import Foundation
import HubBundles
import HubAuth
import HubCore
import HubServices
import HubVault

// MARK: register, settings get|set

/// The connection's settings as the server has them: property names with typed values.
struct SettingsOutput: JSONDocument {
    var properties: [String: JSONValue]

    var json: JSONValue { .object(properties) }
}

// MARK: settings schema

/// `{"source": "server", "apiVersion": "v1", "properties": {"DeviceModel": {"type": "Edm.String", "writable": true,
/// "nullable": true, "source": "server"}, …}}`
struct SchemaOutput: JSONDocument {
    struct Property {
        var type: String
        var writable: Bool
        var nullable: Bool
        var source: String
    }
    var source: String
    var apiVersion: String
    var properties: [String: Property]

    init(_ schema: ConnectionPropertySchema, apiVersion: String) {
        source = schema.source.rawValue
        self.apiVersion = apiVersion
        properties = schema.properties.mapValues {
            Property(type: $0.type.rawValue, writable: $0.writable, nullable: $0.nullable, source: schema.source.rawValue)
        }
    }

    var json: JSONValue {
        .object(["source": .string(source), "apiVersion": .string(apiVersion), "properties": .object(properties.mapValues { p in
            .object(["type": .string(p.type), "writable": .bool(p.writable), "nullable": .bool(p.nullable), "source": .string(p.source)])
        })])
    }
}

// MARK: unregister

struct UnregisterOutput: JSONDocument {
    var applicationConnectionId: String
    var deleted: Bool
    var serverKnewIt: Bool

    var json: JSONValue {
        .object(["applicationConnectionId": .string(applicationConnectionId), "deleted": .bool(deleted), "serverKnewIt": .bool(serverKnewIt)])
    }
}

extension UnregisterOutput {
    init(_ r: UnregisterResult) { self.init(applicationConnectionId: r.applicationConnectionId, deleted: true, serverKnewIt: r.serverKnewIt) }
}

// MARK: acp check|fetch

struct ACPCheckOutput: JSONDocument {
    var appId: String
    var current: String?
    var available: String?
    var updateAvailable: Bool
    /// `assigned` (CustomizationBundleId) or `default` (none assigned: the default bundle).
    var source: String = ACPCheckResult.assignedSource
    /// The default bundle's version on the server (ETag, Last-Modified or digest), when asked for.
    var availableRevision: String?
    /// The version of the profile in use.
    var currentRevision: String?
    /// The profile directory compared (from --dest, acp-dest, the last fetch, or the default).
    var destination: String?
    /// `acp check --wait --fetch`: what the fetch that followed did (the document of `acp fetch`).
    var fetch: ACPFetchOutput?

    /// `current`, `available` and the revisions are always present, null when unknown.
    var json: JSONValue {
        .members([
            "appId": .string(appId), "current": JSONValue(current), "available": JSONValue(available),
            "updateAvailable": .bool(updateAvailable), "source": .string(source),
            "availableRevision": JSONValue(availableRevision), "currentRevision": JSONValue(currentRevision),
            "destination": destination.map(JSONValue.string), "fetch": fetch?.json,
        ])
    }
}

extension ACPCheckOutput {
    init(_ c: ACPCheckResult, destination: String? = nil) {
        self.init(appId: c.appId, current: c.current, available: c.available, updateAvailable: c.updateAvailable,
                  source: c.source, availableRevision: c.availableRevision, currentRevision: c.currentRevision,
                  destination: destination)
    }
}

struct ACPFetchOutput: JSONDocument {
    var bundleId: String
    var updated: Bool
    var path: String
    var files: Int
    var bytes: Int64
    var sha256: String
    var manifest: [String: String]
    /// The server's `X-BUNDLE-EXTENSION` (with an archive, for information: the content decides).
    var fileExtension: String?
    /// `assigned` or `default`.
    var source: String
    /// `archive` (extracted into `path`) or `file` (one file: `path`/`file`).
    var kind: String
    var file: String?
    /// The installed bundle's version: `etag:…`, `last-modified:…` or `sha256:…`.
    var revision: String?

    var json: JSONValue {
        .members([
            "bundleId": .string(bundleId), "updated": .bool(updated), "path": .string(path), "files": JSONValue(files),
            "bytes": .int(bytes), "sha256": .string(sha256), "manifest": .object(manifest.mapValues(JSONValue.string)),
            "extension": fileExtension.map(JSONValue.string), "source": .string(source), "kind": .string(kind),
            "file": file.map(JSONValue.string), "revision": revision.map(JSONValue.string),
        ])
    }
}

extension ACPFetchOutput {
    init(_ r: ACPFetchResult) {
        self.init(bundleId: r.bundleId, updated: r.updated, path: r.path, files: r.files, bytes: r.bytes, sha256: r.sha256,
                  manifest: r.manifest, fileExtension: r.fileExtension, source: r.source, kind: r.kind, file: r.file,
                  revision: r.revision)
    }
}

// MARK: status

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

    struct Vault { var path: String; var exists: Bool }

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
    var vault: Vault
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

// MARK: vault

struct VaultCreatedOutput: JSONDocument {
    var path: String; var created: Bool; var kdf: String
    var json: JSONValue { .object(["path": .string(path), "created": .bool(created), "kdf": .string(kdf)]) }
}
struct VaultRekeyedOutput: JSONDocument {
    var path: String; var rekeyed: Bool; var kdf: String
    var json: JSONValue { .object(["path": .string(path), "rekeyed": .bool(rekeyed), "kdf": .string(kdf)]) }
}
struct VaultStoredOutput: JSONDocument {
    var key: String; var updatedAt: Date; var vaultCreated: Bool
    var json: JSONValue { .object(["key": .string(key), "updatedAt": JSONValue(updatedAt), "vaultCreated": .bool(vaultCreated)]) }
}
struct VaultCertificateStoredOutput: JSONDocument {
    var key: String; var format: String; var updatedAt: Date; var vaultCreated: Bool
    var json: JSONValue {
        .object(["key": .string(key), "format": .string(format), "updatedAt": JSONValue(updatedAt), "vaultCreated": .bool(vaultCreated)])
    }
}
struct VaultDeletedOutput: JSONDocument {
    var key: String; var deleted: Bool
    var json: JSONValue { .object(["key": .string(key), "deleted": .bool(deleted)]) }
}

struct VaultValueOutput: JSONDocument {
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

    var json: JSONValue {
        .members(["key": .string(key), "value": .string(value), "encoding": encoding.map(JSONValue.string), "updatedAt": JSONValue(updatedAt)])
    }
}

struct VaultListOutput: JSONDocument {
    struct Entry { var key: String; var updatedAt: Date }
    var entries: [Entry]

    var json: JSONValue { .object(["entries": .array(entries.map { .object(["key": .string($0.key), "updatedAt": JSONValue($0.updatedAt)]) })]) }
}

// MARK: push register|unregister|id

/// One shape for every push command, on either platform; `pushId` is null except for `push id`.
struct PushOutput: JSONDocument {
    var platform: String
    var os: String
    var deviceId: String
    var action: String
    var pushId: String?

    var json: JSONValue {
        .object(["platform": .string(platform), "os": .string(os), "deviceId": .string(deviceId), "action": .string(action),
                 "pushId": JSONValue(pushId)])
    }
}

extension PushOutput {
    init(_ r: PushResult) {
        self.init(platform: r.platform.rawValue, os: r.os.rawValue, deviceId: r.deviceId, action: r.action.rawValue, pushId: r.pushId)
    }
}

// MARK: logs upload

struct LogsUploadOutput: JSONDocument {
    var uploaded: Bool
    /// Why nothing was sent (`--from-settings`); null when it was.
    var skipped: String?
    var platform: String?
    var deviceId: String
    var source: String
    var requests: Int
    var lines: Int
    var bytes: Int64
    var filteredLines: Int
    var minimumSeverity: String?
    var connectionLogLevel: String?

    var json: JSONValue {
        .object([
            "uploaded": .bool(uploaded), "skipped": JSONValue(skipped), "platform": JSONValue(platform), "deviceId": .string(deviceId),
            "source": .string(source), "requests": JSONValue(requests), "lines": JSONValue(lines), "bytes": .int(bytes),
            "filteredLines": JSONValue(filteredLines), "minimumSeverity": JSONValue(minimumSeverity),
            "connectionLogLevel": JSONValue(connectionLogLevel),
        ])
    }
}

extension LogsUploadOutput {
    init(_ r: LogUploadResult, level: String?) {
        self.init(uploaded: true, skipped: nil, platform: r.platform.rawValue, deviceId: r.deviceId, source: r.source,
                  requests: r.requests, lines: r.lines, bytes: r.bytes, filteredLines: r.filteredLines,
                  minimumSeverity: r.minimum.map { String(describing: $0).uppercased() }, connectionLogLevel: level)
    }

    init(skipped reason: String, deviceId: String, source: LogSource, level: String?) {
        let name: String
        switch source {
        case .file(let input): name = input.name
        case .bytes: name = "stdin"
        }
        self.init(uploaded: false, skipped: reason, platform: nil, deviceId: deviceId, source: name, requests: 0, lines: 0,
                  bytes: 0, filteredLines: 0, minimumSeverity: nil, connectionLogLevel: level)
    }
}

// MARK: usage upload

struct UsageUploadOutput: JSONDocument {
    var platform: String
    var deviceId: String
    var sessions: Int
    var events: Int
    var bytes: Int

    var json: JSONValue {
        .object(["platform": .string(platform), "deviceId": .string(deviceId), "sessions": JSONValue(sessions),
                 "events": JSONValue(events), "bytes": JSONValue(bytes)])
    }
}

extension UsageUploadOutput {
    init(_ r: UsageUploadResult) {
        self.init(platform: r.platform.rawValue, deviceId: r.deviceId, sessions: r.sessions, events: r.events, bytes: r.bytes)
    }
}

// MARK: whoami

/// `/v2/Me` in SAP's shape: `displayName` is the server's, else "givenName familyName".
struct WhoamiOutput: JSONDocument {
    var platform: String
    var id: String?
    var userName: String?
    var displayName: String?
    var givenName: String?
    var familyName: String?
    var emails: [String]
    var roles: [String]
    var groups: [String]
    var registrationId: String?

    var json: JSONValue {
        .object([
            "platform": .string(platform), "id": JSONValue(id), "userName": JSONValue(userName), "displayName": JSONValue(displayName),
            "givenName": JSONValue(givenName), "familyName": JSONValue(familyName), "emails": .strings(emails),
            "roles": .strings(roles), "groups": .strings(groups), "registrationId": JSONValue(registrationId),
        ])
    }
}

extension WhoamiOutput {
    init(platform: Platform, _ u: UserInfo) {
        self.init(platform: platform.rawValue, id: u.id, userName: u.userName, displayName: u.displayName,
                  givenName: u.givenName, familyName: u.familyName, emails: u.emails, roles: u.roles, groups: u.groups,
                  registrationId: u.registrationId)
    }
}

// MARK: policy get

struct PolicyOutput: JSONDocument {
    var platform: String
    var policies: [String: JSONValue]

    var json: JSONValue { .object(["platform": .string(platform), "policies": .object(policies)]) }
}

extension PolicyOutput {
    init(_ r: PolicyResult) { self.init(platform: r.platform.rawValue, policies: r.policies) }
}

// MARK: push send|status|registrations|localizations (the operator's side)

/// `push status`: the service's `statusDetails`.
struct PushStatusOutput: JSONDocument {
    var status: PushNotificationStatus
    var asked: String

    var json: JSONValue {
        .object([
            "notificationId": .string(status.notificationId ?? asked), "applicationId": JSONValue(status.applicationId),
            "notificationType": JSONValue(status.notificationType), "status": JSONValue(status.status),
            "statusInfo": JSONValue(status.statusInfo), "caller": JSONValue(status.caller),
            "providerReference": JSONValue(status.providerReference),
            "topics": status.topics.map { .array($0.map(JSONValue.string)) } ?? .null,
        ])
    }
}

/// `push registrations`: a registration with SAP's member names.
struct PushRegistrationOutput: JSONDocument {
    var registration: PushBackendRegistration

    var json: JSONValue {
        let r = registration
        return .object([
            "id": JSONValue(r.id), "device": JSONValue(r.device), "deviceModel": JSONValue(r.deviceModel),
            "formFactor": JSONValue(r.formFactor), "pushGroup": JSONValue(r.pushGroup), "pushProvider": JSONValue(r.pushProvider),
            "userLocale": JSONValue(r.userLocale), "username": JSONValue(r.username),
        ])
    }
}

struct PushRegistrationListOutput: JSONDocument {
    var registrations: [PushBackendRegistration]
    var json: JSONValue { .array(registrations.map { PushRegistrationOutput(registration: $0).json }) }
}

/// `push localizations`: the locales of the users' registrations.
struct PushLocalizationsOutput: JSONDocument {
    var users: Int
    var requests: Int
    var localizations: [String]

    var json: JSONValue {
        .object(["users": .int(Int64(users)), "requests": .int(Int64(requests)), "localizations": .array(localizations.map(JSONValue.string))])
    }
}

// `hubctl login`, `logout`, `auth token`.
struct LoginOutput: JSONDocument {
    var server: String
    var appId: String
    var clientId: String
    var loggedIn: Bool
    var expiresAt: String?
    var scope: String?
    var refreshable: Bool

    init(client: OAuthClientInfo, tokens: OAuthTokens, loggedIn: Bool) {
        server = client.server
        appId = client.appId
        clientId = client.clientId
        self.loggedIn = loggedIn
        expiresAt = tokens.expiresAt.map { ISO8601.string(from: $0) }
        scope = tokens.scope
        refreshable = tokens.refreshToken != nil
    }

    var json: JSONValue {
        .members(["server": .string(server), "appId": .string(appId), "clientId": .string(clientId), "loggedIn": .bool(loggedIn),
                  "expiresAt": expiresAt.map(JSONValue.string), "scope": scope.map(JSONValue.string), "refreshable": .bool(refreshable)])
    }
}

struct LogoutOutput: JSONDocument {
    var server: String
    var appId: String
    var clientId: String
    var loggedOut: Bool

    var json: JSONValue {
        .object(["server": .string(server), "appId": .string(appId), "clientId": .string(clientId), "loggedOut": .bool(loggedOut)])
    }
}

struct AuthTokenOutput: JSONDocument {
    var accessToken: String
    var tokenType: String
    var expiresAt: String?

    var json: JSONValue {
        .members(["accessToken": .string(accessToken), "tokenType": .string(tokenType), "expiresAt": expiresAt.map(JSONValue.string)])
    }
}

// `hubctl config`.
/// One key of one profile.
struct ConfigValueOutput: JSONDocument {
    var path: String
    var profile: String
    var key: String
    var value: String?

    /// `value` is always present, null once removed.
    var json: JSONValue {
        .object(["path": .string(path), "profile": .string(profile), "key": .string(key), "value": JSONValue(value)])
    }
}

struct ConfigListOutput: JSONDocument {
    var path: String
    var exists: Bool
    /// The profile `config use` chose (null when none was chosen).
    var defaultProfile: String?
    /// The profile a command run now would use.
    var current: String
    var profiles: [String: [String: String]]

    var json: JSONValue {
        .object(["path": .string(path), "exists": .bool(exists), "defaultProfile": JSONValue(defaultProfile),
                 "current": .string(current), "profiles": .object(profiles.mapValues { .object($0.mapValues(JSONValue.string)) })])
    }
}

// `hubctl config set-push`, `unset-push`.
struct ConfigPushOutput: JSONDocument {
    var path: String
    var profile: String
    /// api-key (X-API-Key, as SAP's library sends every service key) or client-credentials.
    var authentication: String
    /// The push-* settings written (the secret is not one of them).
    var settings: [String: String]
    /// Where the secret is in the vault.
    var vaultKey: String
    var vaultCreated: Bool
    var vaultKeysRemoved: [String]

    var json: JSONValue {
        .object(["path": .string(path), "profile": .string(profile), "authentication": .string(authentication),
                 "settings": .object(settings.mapValues(JSONValue.string)), "vaultKey": .string(vaultKey),
                 "vaultCreated": .bool(vaultCreated), "vaultKeysRemoved": .strings(vaultKeysRemoved)])
    }
}
