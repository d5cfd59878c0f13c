// The OAuth client of a command's configuration and where its tokens are kept: the vault.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices

extension Services {
    /// The OAuth client of the configuration, nil when no client id is configured.
    func oauthClient(_ config: ConnectionConfig) -> OAuthClientInfo? { OAuthLayer.client(of: config) }

    /// Where the client's tokens are kept; the vault is opened only when they are needed.
    func oauthVault(_ client: OAuthClientInfo) throws -> OAuthTokenVault {
        let store = try vault()
        let secrets = VaultSecrets(invocation: invocation)
        return OAuthTokenVault(store: store, key: client.vaultKey, secret: { try secrets.available(for: store) })
    }

    /// The OAuth layer of the configuration's client, nil when no client id is configured.
    func oauthLayer(_ config: ConnectionConfig) throws -> OAuthLayer? {
        try OAuthLayer.configured(config, seedRefreshToken: invocation.value(of: .refreshToken), vault: oauthVault)
    }

    /// The OAuth layer of the configured client; 78 when no client id is configured.
    func requireOAuthLayer(_ config: ConnectionConfig) throws -> OAuthLayer {
        guard let layer = try oauthLayer(config) else { throw Self.missingOAuthClient }
        return layer
    }

    /// The probe's token step: one refresh of the configured client's access token through a
    /// transport of its own (its exchange is observed like every other).
    func renewOAuthTokens(_ config: ConnectionConfig) throws {
        guard let oauth = try oauthLayer(config) else { return }
        try transports.renewOAuthTokens(config, certificates: try certificateProvider(config), oauth: oauth)
    }

    /// The configured OAuth client; 78 when no client id is configured.
    func requireOAuthClient(_ config: ConnectionConfig) throws -> OAuthClientInfo {
        guard let client = oauthClient(config) else { throw Self.missingOAuthClient }
        return client
    }

    private static var missingOAuthClient: HubError {
        HubError.config("No OAuth client id configured. Pass --oauth-client-id ID (the client id of the application's OAuth client in the Mobile Services cockpit), set HUBCTL_OAUTH_CLIENT_ID, or add `oauth-client-id:` to the profile.",
                        code: .missingOauthClientId)
    }
}
