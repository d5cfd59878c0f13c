// `hubctl vault rekey`: Change the vault's passphrase (or key).

import ArgumentParser
import Foundation
import HubCore
import HubVault

struct VaultRekey: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Change the vault's passphrase (or key).",
        discussion: """
        The current secret comes from the usual sources; the new one from --new-passphrase-file PATH, \
        HUBCTL_VAULT_NEW_PASSPHRASE, HUBCTL_VAULT_NEW_KEY (base64, 32 bytes), or a prompt asked twice. \
        Prints {"path", "rekeyed", "kdf"}. \
        \(commonExitCodes) \
        Also 64: the new passphrase breaks the passcode policy (each broken rule is listed).

        Example:
          hubctl vault rekey --new-passphrase-file new-passphrase.txt
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(name: .customLong("new-passphrase-file"), help: ArgumentHelp("File whose first line is the new passphrase.", valueName: "path"))
    var newPassphraseFile: String?

    var options: Options { Options(newPassphraseFile: newPassphraseFile) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var newPassphraseFile: String?

        func run(_ invocation: Invocation) throws {
            let store = try invocation.services.vault()
            let secrets = VaultSecrets(invocation: invocation)
            try store.requireExisting()
            let old = try secrets.current(preferring: try store.storedSecretKind())
            let new = try secrets.new(passphraseFile: newPassphraseFile)
            try store.rekey(from: old, to: new)
            try invocation.emit(VaultRekeyedOutput(path: store.path, rekeyed: true, kdf: kindName(new)))
        }
    }
}

/// What `hubctl vault rekey` prints.
struct VaultRekeyedOutput: JSONDocument {
    var path: String; var rekeyed: Bool; var kdf: String
    var json: JSONValue { .object(["path": .string(path), "rekeyed": .bool(rekeyed), "kdf": .string(kdf)]) }
}
