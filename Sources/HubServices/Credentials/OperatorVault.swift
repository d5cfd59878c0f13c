// The vault as the operator's commands use it (push, client resources): where a profile's service
// key secret is kept and where client-credentials tokens are cached. The secret that opens it is
// asked for at most once, and nothing is read (not even the passcode policy) for credentials that
// need no vault.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubVault

public final class OperatorVault {
    private let context: OperatorContext
    private var opened: VaultStore?
    private var secret: VaultSecret?

    public init(_ context: OperatorContext) { self.context = context }

    var store: VaultStore {
        get throws {
            if let opened { return opened }
            let store = try context.vault()
            opened = store
            return store
        }
    }

    /// The secret, or nil when none can be had (without a prompt when `prompt` is false).
    func secret(prompt: Bool) throws -> VaultSecret? {
        if let secret { return secret }
        secret = try context.vaultSecret(try store, prompt)
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
