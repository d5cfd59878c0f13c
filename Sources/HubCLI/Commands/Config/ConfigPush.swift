// What `hubctl config set-push` and `unset-push` share: the operator's push credentials
// (docs/protocol.md §16) kept in a profile, the URL, alias, uaa URL, client id and tenant as push-*
// settings of config.yaml, the API key or client secret in the vault (never in the file, argv or output).

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubVault

/// The push-* settings of a profile as the file has them; nil when it sets none.
func pushSettings(_ file: ConfigFile, _ profile: String) -> PushProfileSettings? {
    file.profiles[profile].flatMap { values in PushProfileSettings { values[$0] } }
}

/// The vault keys that profiles other than `profile` still need: their secrets and their clients' tokens.
func keysInUse(_ file: ConfigFile, except profile: String) -> (secrets: Set<String>, tokenPrefixes: Set<String>) {
    var secrets: Set<String> = [], prefixes: Set<String> = []
    for name in file.profiles.keys where name != profile {
        guard let other = pushSettings(file, name) else { continue }
        secrets.insert(PushBackendCredentials.secretVaultKey(other))
        if let prefix = tokenPrefix(other) { prefixes.insert(prefix) }
    }
    return (secrets, prefixes)
}

/// The vault key prefix of the cached tokens of a profile's client (nil for an API key).
func tokenPrefix(_ settings: PushProfileSettings) -> String? {
    guard let clientId = settings.clientId, let uaa = settings.uaaURL else { return nil }
    var base = uaa
    while base.hasSuffix("/") { base.removeLast() }
    return ClientCredentialsClient.vaultKeyPrefix(tokenURL: base + "/oauth/token", clientId: clientId)
}

/// Removes what a profile's old credentials left in the vault, unless another profile needs it.
/// Returns the keys removed.
func removeStale(_ old: PushProfileSettings, keeping current: String?, file: ConfigFile, profile: String,
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
