// Completion candidates computed when the shell asks: profile names and (when unlockable without a prompt) vault keys.

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubServices
import HubVault

enum DynamicCompletion {
    /// Profiles in the configuration file in force.
    static let profiles = CompletionKind.custom { _, _, _ in
        let env = ProcessInfo.processInfo.environment
        let file = try? ConfigFile.load(path: HubPaths.defaultConfigFile(environment: env))
        return file?.profiles.keys.sorted() ?? []
    }

    /// `NAME=` for `settings set`: the writable properties of the `$metadata` hubctl cached
    /// (docs/protocol.md §13), else of its compiled table. Never asks a server.
    static let writableProperties = CompletionKind.custom { _, _, prefix in
        SchemaService.cachedPropertyNames(home: completionHome(), writableOnly: true).map { $0 + "=" }
            .filter { $0.hasPrefix(prefix) }
    }

    /// Property names for `settings get`, from the same place.
    static let properties = CompletionKind.custom { _, _, prefix in
        SchemaService.cachedPropertyNames(home: completionHome(), writableOnly: false).filter { $0.hasPrefix(prefix) }
    }

    private static func completionHome() -> String {
        let env = ProcessInfo.processInfo.environment
        return env["HUBCTL_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? HubPaths.defaultHome(environment: env)
    }

    /// Vault keys, only when HUBCTL_VAULT_KEY or HUBCTL_VAULT_PASSPHRASE can open the vault silently.
    static let vaultKeys = CompletionKind.custom { _, _, _ in
        let env = ProcessInfo.processInfo.environment
        let home = env["HUBCTL_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? HubPaths.defaultHome(environment: env)
        let store = VaultStore(directory: home, warn: { _ in })
        guard store.exists, let kind = try? store.storedSecretKind() else { return [] }
        let secret: VaultSecret?
        switch kind {
        case .rawKey: secret = env["HUBCTL_VAULT_KEY"].flatMap { VaultSecret.rawKey(base64: $0) }
        case .passphrase: secret = env["HUBCTL_VAULT_PASSPHRASE"].flatMap { $0.isEmpty ? nil : VaultSecret.passphrase(Array($0.utf8)) }
        }
        guard let secret, let contents = try? store.read(secret: secret) else { return [] }
        return contents.keys
    }
}
