// `hubctl config set-push | unset-push`: the operator's push credentials (docs/protocol.md §16) kept
// in a profile: the URL, alias, uaa URL, client id and tenant as push-* settings of config.yaml, the
// API key or client secret in the vault (never in the file, argv or output).

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubVault

/// The push-* settings of a profile as the file has them; nil when it sets none.
private func pushSettings(_ file: ConfigFile, _ profile: String) -> PushProfileSettings? {
    file.profiles[profile].flatMap { values in PushProfileSettings { values[$0] } }
}

/// The vault keys that profiles other than `profile` still need: their secrets and their clients' tokens.
private func keysInUse(_ file: ConfigFile, except profile: String) -> (secrets: Set<String>, tokenPrefixes: Set<String>) {
    var secrets: Set<String> = [], prefixes: Set<String> = []
    for name in file.profiles.keys where name != profile {
        guard let other = pushSettings(file, name) else { continue }
        secrets.insert(PushBackendCredentials.secretVaultKey(other))
        if let prefix = tokenPrefix(other) { prefixes.insert(prefix) }
    }
    return (secrets, prefixes)
}

/// The vault key prefix of the cached tokens of a profile's client (nil for an API key).
private func tokenPrefix(_ settings: PushProfileSettings) -> String? {
    guard let clientId = settings.clientId, let uaa = settings.uaaURL else { return nil }
    var base = uaa
    while base.hasSuffix("/") { base.removeLast() }
    return ClientCredentialsClient.vaultKeyPrefix(tokenURL: base + "/oauth/token", clientId: clientId)
}

/// Removes what a profile's old credentials left in the vault, unless another profile needs it.
/// Returns the keys removed.
private func removeStale(_ old: PushProfileSettings, keeping current: String?, file: ConfigFile, profile: String,
                         from contents: inout VaultContents) -> [String] {
    let inUse = keysInUse(file, except: profile)
    var removed: [String] = []
    let secretKey = PushBackendCredentials.secretVaultKey(old)
    if secretKey != current, !inUse.secrets.contains(secretKey), contents.remove(secretKey) != nil { removed.append(secretKey) }
    if let prefix = tokenPrefix(old), !inUse.tokenPrefixes.contains(prefix) {
        for key in contents.keys where key == prefix || key.hasPrefix(prefix + "#") {
            if contents.remove(key) != nil { removed.append(key) }
        }
    }
    return removed
}

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

struct ConfigSetPush: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-push",
        abstract: "Keep push operator credentials in a profile (the secret in the vault).",
        discussion: """
        Reads a service key (--service-key, API key) or a service binding (--binding, OAuth2 client \
        credentials), FILE or '-' for stdin, and keeps them for `push send|status|registrations`: \
        the URL, alias, uaa URL, client id and tenant as the profile's push-url, push-alias, \
        push-uaa-url, push-client-id and push-tenant settings, the API key or client secret in the \
        vault (created when there is none; its passphrase as for `vault set`). The secret is never \
        written to the configuration file. Setting them again replaces the profile's previous push \
        credentials, and their secret leaves the vault unless another profile uses it.

        The push commands take credentials from --service-key or --binding first, then \
        VCAP_SERVICES, then the profile.

        Exit codes: 0 ok, 64 bad flags, 66 no such file, 73 cannot write the file or the vault, \
        77 wrong vault passphrase, 78 a bad key or binding, or no vault passphrase.

        Example:
          hubctl config set-push --service-key key.json --profile prod
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    @Option(name: .customLong("service-key"), help: ArgumentHelp("A Mobile Services service key JSON (url, apiKey, alias), or '-' for stdin.", valueName: "file"), completion: .file())
    var serviceKey: String?

    @Option(name: .customLong("binding"), help: ArgumentHelp("A service binding JSON (uaa.clientid, uaa.clientsecret, uaa.url, endpoints.mobileservices.url), or '-'.", valueName: "file"), completion: .file())
    var binding: String?

    @Option(name: .customLong("tenant"), help: ArgumentHelp("A subscriber tenant id to keep with them (sent as x-tenant-id).", valueName: "id"))
    var tenant: String?

    func execute(_ invocation: Invocation) throws {
        guard (serviceKey == nil) != (binding == nil) else {
            throw HubError.usage("Give --service-key FILE or --binding FILE (one of them).")
        }
        var credentials = try PushBackendOptions.read(serviceKey: serviceKey != nil, path: serviceKey ?? binding!, invocation)
        if let tenant {
            guard !tenant.isEmpty else { throw HubError.usage("--tenant is empty.") }
            credentials.tenant = tenant
        }
        let settings = credentials.profileSettings
        // Checked as `config set` checks each of them, before anything is written.
        for (name, value) in settings.settings {
            guard let value, let setting = GlobalSetting.all.first(where: { $0.name == name }) else { continue }
            try ConfigEditor.validate(setting, value: value)
        }
        let path = invocation.configPath
        let file = try ConfigFile.load(path: path)
        let profile = invocation.configProfile(in: file)
        try ConfigEditor.checkProfileName(profile)
        let key = PushBackendCredentials.secretVaultKey(settings)
        let previous = pushSettings(file, profile)

        // The vault first: a profile never names a secret the vault does not have.
        let (store, secret, created) = try invocation.services.vaultForWriting()
        let value = Data(credentials.secret.utf8)
        let removed = try store.update(secret: secret, createIfMissing: true) { contents -> [String] in
            contents.set(value, forKey: key)
            guard let previous, previous != settings else { return [] }
            return removeStale(previous, keeping: key, file: file, profile: profile, from: &contents)
        }
        try ConfigEditor.set(path: path, profile: profile, values: settings.settings)

        let authentication: String
        switch credentials.auth {
        case .apiKey: authentication = "api-key"
        case .clientCredentials: authentication = "client-credentials"
        }
        try invocation.emit(ConfigPushOutput(path: path, profile: profile, authentication: authentication,
                                          settings: Dictionary(uniqueKeysWithValues: settings.settings.compactMap { k, v in v.map { (k, $0) } }),
                                          vaultKey: key, vaultCreated: created, vaultKeysRemoved: removed))
    }
}

struct ConfigUnsetPush: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset-push",
        abstract: "Remove a profile's push operator credentials, and their secret from the vault.",
        discussion: """
        Removes the profile's push-* settings, and from the vault their API key or client secret \
        and the client's cached tokens, unless another profile uses the same ones. A profile \
        without push credentials is not an error.

        Exit codes: 0 ok, 73 cannot write the file or the vault, 77 wrong vault passphrase, \
        78 unknown profile, unreadable file, or no vault passphrase.

        Example:
          hubctl config unset-push --profile prod
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    struct Output: Encodable {
        var path: String
        var profile: String
        /// The push-* settings the profile had.
        var removed: [String]
        var vaultKeysRemoved: [String]
    }

    func execute(_ invocation: Invocation) throws {
        let path = invocation.configPath
        let file = try ConfigFile.load(path: path)
        let profile = invocation.configProfile(in: file)
        try requireProfile(profile, in: file)
        let values = file.profiles[profile] ?? [:]
        let present = PushProfileSettings.keys.filter { values[$0] != nil }
        var vaultRemoved: [String] = []
        if let old = pushSettings(file, profile) {
            let store = try invocation.services.vault()
            if store.exists {
                // The vault first: when it cannot be opened, the profile still says where its secret is.
                let secret = try VaultSecrets(invocation: invocation).current(preferring: try store.storedSecretKind())
                vaultRemoved = try store.update(secret: secret) { contents in
                    removeStale(old, keeping: nil, file: file, profile: profile, from: &contents)
                }
            }
        }
        if !present.isEmpty {
            try ConfigEditor.set(path: path, profile: profile, values: present.map { ($0, nil) })
        }
        try invocation.emit(Output(path: path, profile: profile, removed: present, vaultKeysRemoved: vaultRemoved))
    }
}
