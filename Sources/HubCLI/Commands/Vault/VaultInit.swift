// `hubctl vault init`: Create an empty vault.

import ArgumentParser
import Foundation
import HubCore
import HubVault

struct VaultInit: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create an empty vault.",
        discussion: """
        Takes the passphrase (or HUBCTL_VAULT_KEY) from the same sources that open the vault; a \
        prompt asks twice. Refuses to overwrite an existing vault. Prints {"path", "created", "kdf"}. \
        Exit codes: 0 created; 64 passphrase breaks the passcode policy (each broken rule is listed); \
        73 a vault already exists or the home is not writable; 78 no passphrase source.

        Example:
          hubctl vault init --vault-passphrase-file ~/.config/hubctl/passphrase
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let store = try invocation.services.vault()
            guard !store.exists else {
                throw HubError(.cannotCreate, code: .vaultExists,
                               "A vault already exists at \(store.path). Use `hubctl vault rekey` to change its passphrase, or move the file away to start over.")
            }
            let secret = try VaultSecrets(invocation: invocation).current(preferring: nil, confirm: true)
            try store.create(secret: secret)
            try invocation.emit(VaultCreatedOutput(path: store.path, created: true, kdf: kindName(secret)))
        }
    }
}

/// What `hubctl vault init` prints.
struct VaultCreatedOutput: JSONDocument {
    var path: String; var created: Bool; var kdf: String
    var json: JSONValue { .object(["path": .string(path), "created": .bool(created), "kdf": .string(kdf)]) }
}
