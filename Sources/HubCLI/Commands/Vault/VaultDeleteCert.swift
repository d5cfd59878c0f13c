// `hubctl vault delete-cert`: Remove the client certificate stored by `vault import-cert`.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubVault

struct VaultDeleteCert: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-cert",
        abstract: "Remove the client certificate stored by `vault import-cert`.",
        discussion: """
        Removes the application's certificate when --server and --app-id are configured, else the \
        default one. Prints {"key", "deleted": true}. \
        Exit codes: 0 deleted; 66 no vault, or no certificate stored under that key; 77 wrong vault \
        passphrase; 78 no vault passphrase source.

        Example:
          hubctl vault delete-cert --app-id com.acme.field
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let key = certificateKey(try invocation.connectionConfig(requireConnection: false))
            let (store, secret) = try invocation.services.existingVault()
            try store.update(secret: secret) { contents in
                guard contents.remove(key) != nil else {
                    throw HubError.noInput("The vault has no client certificate under \"\(key)\". `hubctl vault list` shows the keys.",
                                           code: .vaultKeyNotFound)
                }
            }
            try invocation.emit(VaultDeletedOutput(key: key, deleted: true))
        }
    }
}
