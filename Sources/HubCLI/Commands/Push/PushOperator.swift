// What the operator's push commands (`push send|status|registrations|localizations`) share: where
// the credentials come from (a service key, a binding, VCAP_SERVICES or the profile), the vault that
// keeps their secret and tokens, and the Notification Backend client built from the configuration
// layers like every other command's transport. The protocol itself is HubServices'
// `NotificationBackend` (docs/protocol.md §16); secrets never reach argv, output or --verbose.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubVault

/// The flags that name a feature's service key (push; client resources for `bundle …`).
struct ServiceKeyOptions: ParsableArguments {
    @Option(name: .customLong("service-key"), help: ArgumentHelp("A Mobile Services service key JSON (url with apiKey and alias, or an X.509 key's certificate and key), or SAP's client settings file (the key of the command's feature: push, or client resources; a key with uaa instead of apiKey is a binding). '-': stdin.", valueName: "file"), completion: .file())
    var serviceKey: String?

    @Option(name: .customLong("binding"), help: ArgumentHelp("A service binding JSON (uaa.clientid with uaa.clientsecret and uaa.url, or credential-type x509 with certificate, key and certurl; endpoints.mobileservices.url): OAuth2 client credentials. '-': stdin.", valueName: "file"), completion: .file())
    var binding: String?

    @Option(name: .customLong("key-alias"), help: ArgumentHelp("Which service key of a settings file (SAP's {\"services\": [{\"name\": \"push\", \"serviceKeys\": [...]}]}), by its alias, when the feature has several.", valueName: "alias"))
    var keyAlias: String?

    @Option(name: .customLong("binding-name"), help: ArgumentHelp("Which Mobile Services binding of VCAP_SERVICES (tagged mobileservice…), when it has several.", valueName: "name"))
    var bindingName: String?

    @Option(name: .customLong("tenant"), help: ArgumentHelp("A subscriber tenant id (sent as x-tenant-id; with a shared-tenant-mode binding, the zone the token is asked for).", valueName: "id"))
    var tenant: String?

    /// These options as plain data (a command's Options hold them).
    var value: Value { Value(serviceKey: serviceKey, binding: binding, keyAlias: keyAlias, bindingName: bindingName, tenant: tenant) }

    typealias Value = ServiceKeySource
}

/// Where a feature's credentials come from, as plain data: the one credential chain of the
/// operator's commands (push, client resources).
struct ServiceKeySource: Sendable, Equatable {
    var serviceKey: String?
    var binding: String?
    var keyAlias: String?
    var bindingName: String?
    var tenant: String?

    /// The credentials in force, first found of: --service-key / --binding, VCAP_SERVICES, the
    /// profile's for `feature` (`hubctl config set-push`: push-* settings; `hubctl config
    /// set-service-key --feature client-resources`: bundles-* settings; the secret in the vault).
    /// --tenant wins over any tenant they name.
    func credentials(_ invocation: Invocation, vault: PushVault, feature: ServiceFeature) throws -> PushBackendCredentials {
        if serviceKey != nil && binding != nil {
            throw HubError.usage("Give --service-key or --binding, not both.")
        }
        var credentials: PushBackendCredentials
        if let path = serviceKey ?? binding {
            credentials = try Self.read(serviceKey: serviceKey != nil, path: path, invocation, keyAlias: keyAlias, feature: feature)
        } else if let vcap = invocation.environment["VCAP_SERVICES"], !vcap.isEmpty {
            credentials = try PushBackendCredentials.vcapServices(vcap, name: bindingName)
        } else {
            let config = try invocation.connectionConfig(requireConnection: false)
            guard let settings = config.serviceCredentials[feature] else {
                throw HubError(.config, code: .config, "No \(feature.label) credentials: give --service-key FILE or --binding FILE, or run where VCAP_SERVICES has a mobile-services binding, or keep them in the profile with `\(feature.profileCommand)`.")
            }
            credentials = try vault.profileCredentials(settings, profile: config.profile)
            if invocation.verbose {
                invocation.console.note("hubctl: \(feature.label) credentials of profile '\(config.profile)' (the secret from the vault)")
            }
        }
        if keyAlias != nil && serviceKey == nil {
            throw HubError.usage("--key-alias picks a key of a settings file given with --service-key.")
        }
        if let tenant { credentials.tenant = tenant }
        return credentials
    }

    /// What a feature's session is built from: the resolved configuration, the vault (for a
    /// profile's secret and the token cache) and the credentials in force. The push and the
    /// client resources sessions both start here.
    func session(_ invocation: Invocation, feature: ServiceFeature) throws -> (config: ConnectionConfig, vault: PushVault, credentials: PushBackendCredentials) {
        let config = try invocation.connectionConfig(requireConnection: false)
        let vault = PushVault(invocation)
        return (config, vault, try credentials(invocation, vault: vault, feature: feature))
    }

    /// A service key or binding file (`-`: stdin), with a warning when others may read it.
    static func read(serviceKey: Bool, path: String, _ invocation: Invocation, keyAlias: String? = nil,
                     feature: ServiceFeature = .push) throws -> PushBackendCredentials {
        let what = serviceKey ? "service key" : "binding"
        if path != "-" { warnIfReadable(path, invocation) }
        let data = try invocation.read(path, limit: 1 << 20, what: what)
        let label = path == "-" ? "the \(what) on stdin" : path
        return serviceKey ? try PushBackendCredentials.serviceKey(data, alias: keyAlias, what: label, feature: feature)
            : try PushBackendCredentials.binding(data, what: label)
    }

    /// The application of the paths that name one: --app-id (or HUBCTL_APP_ID, the profile's
    /// app-id, the plist), else the one the credentials belong to.
    static func applicationId(_ config: ConnectionConfig, _ credentials: PushBackendCredentials) throws -> String {
        if !config.appId.isEmpty { return config.appId }
        if let app = credentials.applicationId, !app.isEmpty { return app }
        throw HubError(.config, code: .missingAppId, "No application: give --app-id (or HUBCTL_APP_ID, or the profile's app-id); the credentials name none.")
    }

    /// A key file others may read is a leak waiting to happen: say so (the command goes on).
    static func warnIfReadable(_ path: String, _ invocation: Invocation) {
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o077 != 0 else { return }
        invocation.console.warning("\(path) is readable by group or others (mode \(String(mode & 0o777, radix: 8))); it holds a secret: chmod 600 \(path).")
    }
}

/// The vault as the push commands use it: the secret that opens it is asked for at most once.
/// Nothing is read (not even the passcode policy) for credentials that need no vault.
final class PushVault {
    let invocation: Invocation
    let secrets: VaultSecrets
    private var opened: VaultStore?
    private var secret: VaultSecret?

    init(_ invocation: Invocation) {
        self.invocation = invocation
        secrets = VaultSecrets(invocation: invocation)
    }

    var store: VaultStore {
        get throws {
            if let opened { return opened }
            let store = try invocation.services.vault()
            opened = store
            return store
        }
    }

    /// The secret, or nil when none can be had (without a prompt when `prompt` is false).
    func secret(prompt: Bool) throws -> VaultSecret? {
        if let secret { return secret }
        let store = try self.store
        do {
            secret = try secrets.current(preferring: try store.storedSecretKind(), confirm: !store.exists, prompt: prompt)
        } catch let e as HubError where e.code == .vaultSecretMissing {
            return nil
        }
        return secret
    }

    /// The credentials of a profile: its settings of their feature (push-*, bundles-*) and the
    /// secret `config set-push` / `config set-service-key` put in the vault.
    func profileCredentials(_ settings: ServiceProfileSettings, profile: String) throws -> PushBackendCredentials {
        let store = try self.store
        let key = PushBackendCredentials.secretVaultKey(settings)
        let label = settings.feature.label
        let again = "`\(settings.feature.profileCommand) \(settings.clientId == nil ? "--service-key" : "--binding") FILE`"
        guard store.exists else {
            throw HubError(.noInput, code: .vaultNotFound,
                           "Profile '\(profile)' names \(label) credentials, but there is no vault with their secret under \(store.directory). Run \(again) --profile \(profile).")
        }
        guard let secret = try secret(prompt: true) else {
            throw HubError.config("The secret of profile '\(profile)''s \(label) credentials is in the vault, which cannot be opened: set HUBCTL_VAULT_PASSPHRASE, --vault-passphrase-file or HUBCTL_VAULT_KEY, or run on a terminal.", code: .vaultSecretMissing)
        }
        guard let data = try store.read(secret: secret).value(forKey: key), let text = String(data: data, encoding: .utf8), !text.isEmpty else {
            throw HubError(.noInput, code: .vaultKeyNotFound,
                           "The vault has no secret for profile '\(profile)''s \(label) credentials (\(settings.clientId.map { "client \($0)" } ?? "the API key of \(settings.url)")). Run \(again) --profile \(profile).")
        }
        return try PushBackendCredentials.profile(settings, secret: text, profile: profile)
    }

    /// Where client-credentials tokens are cached: never worth a prompt.
    var tokenCache: ClientCredentialsCache {
        get throws { ClientCredentialsCache(store: try store, secret: { [self] in try self.secret(prompt: false) }) }
    }
}

/// The operator's conversation with the Notification Backend API, built from the resolved
/// configuration (`--cacert`/`HUBCTL_CACERT`/the profile's `cacert`, `timeout`, the deadline,
/// `--insecure` with its warning) and the credentials in force.
struct PushBackendSession {
    let backend: NotificationBackend
    let config: ConnectionConfig

    init(_ invocation: Invocation, options: ServiceKeyOptions.Value) throws {
        let (config, vault, credentials) = try options.session(invocation, feature: .push)
        try self.init(invocation, config: config, credentials: credentials, vault: vault)
    }

    init(_ invocation: Invocation, config: ConnectionConfig, credentials: PushBackendCredentials, vault: PushVault?) throws {
        self.config = config
        backend = try invocation.services.transports.notificationBackend(config, credentials: credentials, tokenCache: try vault?.tokenCache)
    }

    /// The application of the paths that name one: --app-id (or HUBCTL_APP_ID, the profile's
    /// app-id, the plist), else the one the credentials belong to (a settings file's
    /// `applicationId`, a binding's `sap.cloud.service`).
    func appId() throws -> String {
        try ServiceKeySource.applicationId(config, backend.credentials)
    }
}

extension Services {
    /// The operator's Notification Backend session for the credentials `options` name.
    func pushBackend(_ options: ServiceKeyOptions.Value) throws -> PushBackendSession {
        try PushBackendSession(invocation, options: options)
    }
}
