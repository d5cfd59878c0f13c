// Every JSON document hubctl prints on stdout, in one place. Each type is mapped from a domain
// value; storage records (state.json, passcode-policy.json) and service results never double as
// output, so changing a file format cannot change what scripts read, and the reverse.
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
struct SettingsOutput: Encodable, CompactJSONWritable {
    var properties: [String: JSONValue]

    func writeCompactJSON(to out: inout [UInt8]) throws {
        try JSONValue.writeObject(properties, to: &out)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(properties)
    }
}

// MARK: settings schema

/// `{"source": "server", "apiVersion": "v1", "properties": {"DeviceModel": {"type": "Edm.String", "writable": true,
/// "nullable": true, "source": "server"}, …}}`
struct SchemaOutput: Encodable {
    struct Property: Encodable {
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

/// Written directly in a pipe (`CompactJSONWritable`), byte for byte as JSONEncoder writes it
/// (ACPCheckOutputTests): JSONEncoder's first use costs `acp check` a quarter of a millisecond.
struct ACPCheckOutput: Encodable, CompactJSONWritable {
    var appId: String
    var current: String?
    var available: String?
    var updateAvailable: Bool
    /// `assigned` (CustomizationBundleId) or `default` (none assigned: the default bundle).
    var source: String = ACPCheck.assignedSource
    /// The default bundle's version on the server (ETag, Last-Modified or digest), when asked for.
    var availableRevision: String?
    /// The version of the profile in use.
    var currentRevision: String?
    /// The profile directory compared (from --dest, acp-dest, the last fetch, or the default).
    var destination: String?
    /// `acp check --wait --fetch`: what the fetch that followed did (the document of `acp fetch`).
    var fetch: ACPFetchOutput?

    enum CodingKeys: String, CodingKey {
        case appId, current, available, updateAvailable, source, availableRevision, currentRevision, destination, fetch
    }

    /// `current`, `available` and the revisions are always present, null when unknown.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(appId, forKey: .appId)
        try c.encode(current, forKey: .current)
        try c.encode(available, forKey: .available)
        try c.encode(updateAvailable, forKey: .updateAvailable)
        try c.encode(source, forKey: .source)
        try c.encode(availableRevision, forKey: .availableRevision)
        try c.encode(currentRevision, forKey: .currentRevision)
        try c.encodeIfPresent(destination, forKey: .destination)
        try c.encodeIfPresent(fetch, forKey: .fetch)
    }

    func writeCompactJSON(to out: inout [UInt8]) throws {
        var members: [String: JSONValue] = [
            "appId": .string(appId), "current": JSONValue(current), "available": JSONValue(available),
            "updateAvailable": .bool(updateAvailable), "source": .string(source),
            "availableRevision": JSONValue(availableRevision), "currentRevision": JSONValue(currentRevision),
        ]
        if let destination { members["destination"] = .string(destination) }
        // `--wait --fetch` only: the fetch's document as JSONEncoder writes it.
        if let fetch { members["fetch"] = try JSONValue.read(JSONOutput.foundationEncode(fetch, pretty: false)) }
        try JSONValue.object(members).writeCompactJSON(to: &out)
    }
}

extension ACPCheckOutput {
    init(_ c: ACPCheck, destination: String? = nil) {
        self.init(appId: c.appId, current: c.current, available: c.available, updateAvailable: c.updateAvailable,
                  source: c.source, availableRevision: c.availableRevision, currentRevision: c.currentRevision,
                  destination: destination)
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
    /// The server's `X-BUNDLE-EXTENSION` (with an archive, for information: the content decides).
    var fileExtension: String?
    /// `assigned` or `default`.
    var source: String
    /// `archive` (extracted into `path`) or `file` (one file: `path`/`file`).
    var kind: String
    var file: String?
    /// The installed bundle's version: `etag:…`, `last-modified:…` or `sha256:…`.
    var revision: String?

    enum CodingKeys: String, CodingKey {
        case bundleId, updated, path, files, bytes, sha256, manifest
        case fileExtension = "extension"
        case source, kind, file, revision
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

// MARK: push register|unregister|id

/// One shape for every push command, on either platform; `pushId` is null except for `push id`.
struct PushOutput: Encodable {
    var platform: String
    var os: String
    var deviceId: String
    var action: String
    var pushId: String?

    enum CodingKeys: String, CodingKey { case platform, os, deviceId, action, pushId }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(platform, forKey: .platform)
        try c.encode(os, forKey: .os)
        try c.encode(deviceId, forKey: .deviceId)
        try c.encode(action, forKey: .action)
        try c.encode(pushId, forKey: .pushId)
    }
}

extension PushOutput {
    init(_ r: PushResult) {
        self.init(platform: r.platform.rawValue, os: r.os.rawValue, deviceId: r.deviceId, action: r.action.rawValue, pushId: r.pushId)
    }
}

// MARK: logs upload

struct LogsUploadOutput: Encodable {
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

    enum CodingKeys: String, CodingKey {
        case uploaded, skipped, platform, deviceId, source, requests, lines, bytes, filteredLines, minimumSeverity, connectionLogLevel
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(uploaded, forKey: .uploaded)
        try c.encode(skipped, forKey: .skipped)
        try c.encode(platform, forKey: .platform)
        try c.encode(deviceId, forKey: .deviceId)
        try c.encode(source, forKey: .source)
        try c.encode(requests, forKey: .requests)
        try c.encode(lines, forKey: .lines)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(filteredLines, forKey: .filteredLines)
        try c.encode(minimumSeverity, forKey: .minimumSeverity)
        try c.encode(connectionLogLevel, forKey: .connectionLogLevel)
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

struct UsageUploadOutput: Encodable {
    var platform: String
    var deviceId: String
    var sessions: Int
    var events: Int
    var bytes: Int
}

extension UsageUploadOutput {
    init(_ r: UsageUploadResult) {
        self.init(platform: r.platform.rawValue, deviceId: r.deviceId, sessions: r.sessions, events: r.events, bytes: r.bytes)
    }
}

// MARK: whoami

/// `/v2/Me` in SAP's shape: `displayName` is the server's, else "givenName familyName".
struct WhoamiOutput: Encodable {
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

    enum CodingKeys: String, CodingKey {
        case platform, id, userName, displayName, givenName, familyName, emails, roles, groups, registrationId
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(platform, forKey: .platform)
        try c.encode(id, forKey: .id)
        try c.encode(userName, forKey: .userName)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(givenName, forKey: .givenName)
        try c.encode(familyName, forKey: .familyName)
        try c.encode(emails, forKey: .emails)
        try c.encode(roles, forKey: .roles)
        try c.encode(groups, forKey: .groups)
        try c.encode(registrationId, forKey: .registrationId)
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

struct PolicyOutput: Encodable {
    var platform: String
    var policies: [String: JSONValue]
}

extension PolicyOutput {
    init(_ r: PolicyResult) { self.init(platform: r.platform.rawValue, policies: r.policies) }
}

// MARK: push send|status|registrations|localizations (the operator's side)

/// An output built as one JSON value: every member printed, `null` included, and written directly
/// in a pipe (10,000 results for 10,000 users) byte for byte as JSONEncoder would.
protocol JSONDocumentOutput: Encodable, CompactJSONWritable {
    var document: JSONValue { get }
}

extension JSONDocumentOutput {
    func encode(to encoder: any Encoder) throws { try document.encode(to: encoder) }
    func writeCompactJSON(to out: inout [UInt8]) throws { try document.writeCompactJSON(to: &out) }
}

extension JSONValue {
    init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }
}

/// `push send`: what the requests came to, one result per device registration.
struct PushSendOutput: JSONDocumentOutput {
    var target: String
    var requests: Int
    /// Requests taken for asynchronous delivery (`--all`), with their correlation ids.
    var accepted: Int
    var correlationIds: [String]
    var sent: Int
    var queued: Int
    var failed: Int
    /// How many users were asked (users, topics or a capability narrowed to users, bulk); null otherwise.
    var usersAsked: Int?
    var usersWithoutRegistration: [String]
    /// Requests answered "no registrations" (nothing was sent by them).
    var requestsWithoutRegistrations: Int
    var results: [PushResultEntry]
    /// Users of the request that failed and of those never sent (`--skip-done` sends to them).
    var usersNotSent: [String] = []
    /// Users of a request that may have reached the service before its answer was lost: neither
    /// sent nor not sent (`--skip-done` does not send to them again).
    var usersUnknown: [String] = []
    /// What stopped the send after some requests went out; null when every request went out.
    var stopped: HubError?
    /// The service's messages for the requests it sent nothing for (HTTP 404).
    var serviceMessages: [String] = []
    /// What the send was for (`applicationId`, `targetSha256`, `notificationSha256`), which
    /// `--skip-done` checks.
    var identity: PushSendIdentity?

    var document: JSONValue {
        .object([
            "applicationId": JSONValue(identity?.applicationId),
            "targetSha256": JSONValue(identity?.targetSha256),
            "notificationSha256": JSONValue(identity?.notificationSha256),
            "usersNotSent": .array(usersNotSent.map(JSONValue.string)),
            "usersUnknown": .array(usersUnknown.map(JSONValue.string)),
            "serviceMessages": .array(serviceMessages.map(JSONValue.string)),
            "error": stopped.map { e in .object(["code": .string(e.code.rawValue), "message": .string(e.message), "exitCode": .int(Int64(e.exitCode))]) } ?? .null,
            "target": .string(target), "requests": .int(Int64(requests)), "accepted": .int(Int64(accepted)),
            "correlationIds": .array(correlationIds.map(JSONValue.string)),
            "sent": .int(Int64(sent)), "queued": .int(Int64(queued)), "failed": .int(Int64(failed)),
            "usersAsked": usersAsked.map { .int(Int64($0)) } ?? .null,
            "usersWithoutRegistration": .array(usersWithoutRegistration.map(JSONValue.string)),
            "requestsWithoutRegistrations": .int(Int64(requestsWithoutRegistrations)),
            "results": .array(results.map { r in
                .object([
                    "registrationId": JSONValue(r.registrationId), "notificationId": JSONValue(r.notificationId),
                    "code": .int(Int64(r.completion.code)), "outcome": .string(r.completion.outcome.rawValue),
                    "reason": .string(r.completion.reason), "message": JSONValue(r.message),
                ])
            }),
        ])
    }
}

/// `push status`: the service's `statusDetails`.
struct PushStatusOutput: JSONDocumentOutput {
    var status: PushNotificationStatus
    var asked: String

    var document: JSONValue {
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
struct PushRegistrationOutput: JSONDocumentOutput {
    var registration: PushBackendRegistration

    var document: JSONValue {
        let r = registration
        return .object([
            "id": JSONValue(r.id), "device": JSONValue(r.device), "deviceModel": JSONValue(r.deviceModel),
            "formFactor": JSONValue(r.formFactor), "pushGroup": JSONValue(r.pushGroup), "pushProvider": JSONValue(r.pushProvider),
            "userLocale": JSONValue(r.userLocale), "username": JSONValue(r.username),
        ])
    }
}

struct PushRegistrationListOutput: JSONDocumentOutput {
    var registrations: [PushBackendRegistration]
    var document: JSONValue { .array(registrations.map { PushRegistrationOutput(registration: $0).document }) }
}

/// `push localizations`: the locales of the users' registrations.
struct PushLocalizationsOutput: JSONDocumentOutput {
    var users: Int
    var requests: Int
    var localizations: [String]

    var document: JSONValue {
        .object(["users": .int(Int64(users)), "requests": .int(Int64(requests)), "localizations": .array(localizations.map(JSONValue.string))])
    }
}

// `hubctl login`, `logout`, `auth token`.
struct LoginOutput: Encodable {
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
}

struct LogoutOutput: Encodable {
    var server: String
    var appId: String
    var clientId: String
    var loggedOut: Bool
}

struct AuthTokenOutput: Encodable {
    var accessToken: String
    var tokenType: String
    var expiresAt: String?
}

// MARK: Helpers

// `hubctl probe` (docs/protocol.md §18.3; docs/operations.md "probe (Prometheus)" says what each metric means).
struct ProbeReport: Encodable {
    var success: Bool
    var server: String
    var appId: String
    var timestamp: String
    /// When a probe of this server and application last succeeded (this one included); nil: never.
    var lastSuccess: String?
    var durationSeconds: Double
    var steps: [ProbeStep]

    private var timestampSeconds: Double
    private var lastSuccessSeconds: Double?

    init(server: String, appId: String, timestamp: Date, steps: [ProbeStep], lastSuccess: Date?) {
        self.success = steps.allSatisfy(\.success)
        self.server = server
        self.appId = appId
        self.timestamp = ISO8601.string(from: timestamp)
        self.lastSuccess = lastSuccess.map { ISO8601.string(from: $0) }
        self.durationSeconds = ProbePhases.microseconds(steps.reduce(0) { $0 + $1.durationSeconds })
        self.steps = steps
        self.timestampSeconds = timestamp.timeIntervalSince1970
        self.lastSuccessSeconds = lastSuccess?.timeIntervalSince1970
    }

    enum CodingKeys: String, CodingKey { case success, server, appId, timestamp, lastSuccess, durationSeconds, steps }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(success, forKey: .success)
        try c.encode(server, forKey: .server)
        try c.encode(appId, forKey: .appId)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encode(lastSuccess, forKey: .lastSuccess)
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encode(steps, forKey: .steps)
    }

    /// The report as Prometheus gauges, labelled with the server and the application.
    var prometheus: String {
        var text = PrometheusText()
        let base = [("server", server), ("app", appId)]
        text.gauge("hubctl_probe_success", help: "1 when every step of the last hubctl probe succeeded, else 0.",
                   labels: base, success ? 1 : 0)
        for s in steps {
            text.gauge("hubctl_probe_step_success", help: "1 when the step succeeded in the last probe, else 0.",
                       labels: base + [("step", s.step)], s.success ? 1 : 0)
        }
        for s in steps {
            text.gauge("hubctl_probe_duration_seconds", help: "How long the step took in the last probe, in seconds.",
                       labels: base + [("step", s.step)], s.durationSeconds)
        }
        for s in steps where !s.exchanges.isEmpty {
            for (phase, seconds) in ProbePhases(sum: s.exchanges.map(\.phases)).labelled {
                text.gauge("hubctl_probe_http_phase_seconds",
                           help: "Time of one HTTP phase (dns, connect, tls, first_byte, total) in the step, summed over its exchanges, in seconds.",
                           labels: base + [("step", s.step), ("phase", phase)], seconds)
            }
        }
        for s in steps where !s.exchanges.isEmpty {
            text.gauge("hubctl_probe_http_status_code", help: "HTTP status of the step's last exchange (0: no answer).",
                       labels: base + [("step", s.step)], Double(s.exchanges.last?.status ?? 0))
        }
        text.gauge("hubctl_probe_timestamp_seconds", help: "When the last probe ended, in seconds since the Unix epoch.",
                   labels: base, timestampSeconds.rounded(.down))
        text.gauge("hubctl_probe_last_success_timestamp_seconds",
                   help: "When a probe of this server and application last succeeded, in seconds since the Unix epoch (0: never).",
                   labels: base, (lastSuccessSeconds ?? 0).rounded(.down))
        return text.text
    }
}

// `hubctl config`.
/// One key of one profile.
struct ConfigValueOutput: Encodable {
    var path: String
    var profile: String
    var key: String
    var value: String?

    enum CodingKeys: String, CodingKey { case path, profile, key, value }

    /// `value` is always present, null once removed.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(profile, forKey: .profile)
        try c.encode(key, forKey: .key)
        try c.encode(value, forKey: .value)
    }
}

struct ConfigListOutput: Encodable {
    var path: String
    var exists: Bool
    /// The profile `config use` chose (null when none was chosen).
    var defaultProfile: String?
    /// The profile a command run now would use.
    var current: String
    var profiles: [String: [String: String]]

    enum CodingKeys: String, CodingKey { case path, exists, defaultProfile, current, profiles }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(exists, forKey: .exists)
        try c.encode(defaultProfile, forKey: .defaultProfile)
        try c.encode(current, forKey: .current)
        try c.encode(profiles, forKey: .profiles)
    }
}

// `hubctl config set-push`, `unset-push`.
struct ConfigPushOutput: Encodable {
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
}
