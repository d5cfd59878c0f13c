// What `hubctl vault import-cert` and `delete-cert` share: the vault keys of a client certificate
// and its key (the `vault` certificate provider).

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubVault

/// The vault key for the certificate of this command: the application's own when a server and an
/// application id are configured, else the default one (which the `vault` provider falls back to).
func certificateKey(_ config: ConnectionConfig) -> String {
    CertificateVaultKeys.lookup(server: config.server, appId: config.appId)[0]
}
