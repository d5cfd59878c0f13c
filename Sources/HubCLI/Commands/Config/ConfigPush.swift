// What `hubctl config set-push|set-service-key` and `unset-push|unset-service-key` share: a
// feature's operator credentials (push: docs/protocol.md §16; client resources: §19) kept in a
// profile, the URL, alias, uaa URL, client id and tenant as its settings of config.yaml (push-*,
// bundles-*), the API key or client secret in the vault (never in the file, argv or output).

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubVault

extension ServiceFeature: ExpressibleByArgument {}

/// The --feature of `config set-service-key` and `config unset-service-key`.
struct ServiceFeatureOption: ParsableArguments {
    @Option(name: .customLong("feature"), help: ArgumentHelp("Whose credentials: push, or client-resources (the bundle commands).", valueName: "feature"))
    var feature: ServiceFeature
}

/// The flags that name the credentials `config set-push` and `config set-service-key` keep.
struct ProfileCredentialFlags: ParsableArguments {
    @Option(name: .customLong("service-key"), help: ArgumentHelp("A Mobile Services service key JSON (url, apiKey, alias), or SAP's client settings file (the key of the feature's service), or '-' for stdin.", valueName: "file"), completion: .file())
    var serviceKey: String?
    @Option(name: .customLong("binding"), help: ArgumentHelp("A service binding JSON (uaa.clientid, uaa.clientsecret, uaa.url, endpoints.mobileservices.url), or '-'.", valueName: "file"), completion: .file())
    var binding: String?
    @Option(name: .customLong("key-alias"), help: ArgumentHelp("Which of the feature's service keys of a settings file, by its alias, when it has several.", valueName: "alias"))
    var keyAlias: String?
    @Option(name: .customLong("tenant"), help: ArgumentHelp("A subscriber tenant id to keep with them (sent as x-tenant-id).", valueName: "id"))
    var tenant: String?

    /// `config set-push`'s Options for these flags and `feature`.
    func options(_ feature: ServiceFeature) -> ConfigSetPush.Options {
        ConfigSetPush.Options(feature: feature, serviceKey: serviceKey, binding: binding, keyAlias: keyAlias, tenant: tenant)
    }
}

/// The settings of `feature` a profile of the file has; nil when it sets none.
func profileCredentials(_ file: ConfigFile, _ profile: String, _ feature: ServiceFeature) -> ServiceProfileSettings? {
    file.profiles[profile].flatMap { values in ServiceProfileSettings(feature: feature) { values[$0] } }
}

/// The vault keys that other credentials than `feature`'s of `profile` still need (every feature
/// of every profile): their secrets and their clients' tokens.
func keysInUse(_ file: ConfigFile, except profile: String, _ feature: ServiceFeature) -> (secrets: Set<String>, tokenPrefixes: Set<String>) {
    var secrets: Set<String> = [], prefixes: Set<String> = []
    for name in file.profiles.keys {
        for other in ServiceFeature.allCases where name != profile || other != feature {
            guard let settings = profileCredentials(file, name, other) else { continue }
            secrets.insert(PushBackendCredentials.secretVaultKey(settings))
            if let prefix = tokenPrefix(settings) { prefixes.insert(prefix) }
        }
    }
    return (secrets, prefixes)
}

/// The vault key prefix of the cached tokens of a profile's client (nil for an API key).
func tokenPrefix(_ settings: ServiceProfileSettings) -> String? {
    guard let clientId = settings.clientId, let uaa = settings.uaaURL else { return nil }
    var base = uaa
    while base.hasSuffix("/") { base.removeLast() }
    return ClientCredentialsClient.vaultKeyPrefix(tokenURL: base + "/oauth/token", clientId: clientId)
}

/// Removes what a profile's old credentials left in the vault, unless other credentials need it.
/// Returns the keys removed.
func removeStale(_ old: ServiceProfileSettings, keeping current: String?, file: ConfigFile, profile: String,
                 from contents: inout VaultContents) -> [String] {
    let inUse = keysInUse(file, except: profile, old.feature)
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
