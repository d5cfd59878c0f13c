// The Mobile Services layers of a command's transport: the standard headers and the answers that
// are not data, and OAuth bearer tokens from the vault when a client id is configured.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubTransport

extension Services {
    /// The OAuth client of the configuration, nil when no client id is configured.
    func oauthClient(_ config: ConnectionConfig) -> OAuthClientInfo? {
        guard let oauth = config.oauth else { return nil }
        return OAuthClientInfo(server: config.server, appId: config.appId, clientId: oauth.clientId,
                               redirectURI: oauth.redirectURI, authorizeURL: oauth.authorizeURL, tokenURL: oauth.tokenURL)
    }

    /// Where the client's tokens are kept; the vault is opened only when they are needed.
    func oauthVault(_ client: OAuthClientInfo) throws -> OAuthTokenVault {
        let store = try vault()
        let secrets = VaultSecrets(invocation: invocation)
        return OAuthTokenVault(store: store, key: client.vaultKey, secret: {
            do { return try secrets.current(preferring: try store.storedSecretKind(), confirm: !store.exists) }
            catch let e as HubError where e.code == .vaultSecretMissing { return nil }
        })
    }

    /// The libcurl transport under the OAuth layer (when configured) under the Mobile Services layer.
    func mobileServicesTransport(_ config: ConnectionConfig, shape: TransportShape = TransportShape()) throws -> any HTTPTransport {
        var transport = try makeTransport(config, shape: shape)
        let client = oauthClient(config)
        if let client { transport = try oauthTransport(inner: transport, client: client) }
        let home = invocation.home
        return MobileServicesTransport(inner: transport, appId: config.appId,
                                       deviceId: { try DeviceIdentity.load(home: home) },
                                       appVersion: config.appVersion, oauthClient: client)
    }

    /// The probe's token step: one refresh of the configured client's access token through a
    /// transport of its own (its exchange is observed like every other).
    func renewOAuthTokens(_ config: ConnectionConfig) throws {
        guard let client = oauthClient(config) else { return }
        try oauthTransport(inner: try makeTransport(config), client: client).renewNow()
    }

    /// The OAuth layer over `inner`: the client's tokens from the vault (or HUBCTL_REFRESH_TOKEN).
    private func oauthTransport(inner: any HTTPTransport, client: OAuthClientInfo) throws -> OAuthTransport {
        let console = self.console
        return OAuthTransport(inner: inner, client: client, vault: try oauthVault(client),
                              seedRefreshToken: invocation.value(of: .refreshToken),
                              note: invocation.verbose ? { console.note("hubctl: " + $0) } : nil,
                              warn: { console.warning($0) })
    }

    /// The configured OAuth client; 78 when no client id is configured.
    func requireOAuthClient(_ config: ConnectionConfig) throws -> OAuthClientInfo {
        guard let client = oauthClient(config) else {
            throw HubError.config("No OAuth client id configured. Pass --oauth-client-id ID (the client id of the application's OAuth client in the Mobile Services cockpit), set HUBCTL_OAUTH_CLIENT_ID, or add `oauth-client-id:` to the profile.",
                                  code: .missingOauthClientId)
        }
        return client
    }
}
