// `hubctl vault`: The local encrypted secure store (scrypt + AES-256-GCM, one file under --home).

import ArgumentParser
import Foundation
import HubCore
import HubVault

struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "The local encrypted secure store (scrypt + AES-256-GCM, one file under --home).",
        discussion: """
        The secret that opens the vault comes from --vault-passphrase-file PATH (first line), \
        HUBCTL_VAULT_KEY (base64 of a raw 256-bit key, for CI), HUBCTL_VAULT_PASSPHRASE, or a no-echo \
        prompt on a terminal; never from argv. When a registration's server sent a passcode policy \
        (PasswordPolicy*), a new passphrase must satisfy it, and its retry limit applies.

        Example:
          hubctl vault list
        """,
        subcommands: [VaultInit.self, VaultSet.self, VaultShow.self, VaultList.self, VaultDelete.self, VaultRekey.self,
                      VaultImportCert.self, VaultDeleteCert.self]
    )
}
