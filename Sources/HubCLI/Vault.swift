// `hubctl vault init | set | show | list | delete | rekey` (and import-cert | delete-cert): the local encrypted secure store.

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

private func kindName(_ secret: VaultSecret) -> String {
    secret.kind == .rawKey ? "rawKey" : "scrypt"
}

/// Keys are names, not secrets: printable, no control characters, at most 256 characters.
private func validateKey(_ key: String) throws {
    guard !key.isEmpty, key.count <= 256, !key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
        throw HubError.usage("A vault key must be 1 to 256 printable characters.", code: .invalidVaultKeyName)
    }
}

private let commonExitCodes = """
Exit codes: 0 ok; 65 vault file damaged; 66 no vault (run `hubctl vault init`); 77 wrong passphrase \
or key, a modified vault, or a vault file with unsafe permissions; 78 no passphrase source.
"""

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

    static var resolvesConnection: Bool { false }

    func execute(_ invocation: Invocation) throws {
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

struct VaultSet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Store a value under a key (creates the vault when there is none).",
        discussion: """
        Without VALUE, the value is ALL of stdin, bytes kept as they are (newlines, binary), so \
        secrets stay out of argv: `printf %s "$TOKEN" | hubctl vault set api-token`. \
        Prints {"key", "updatedAt", "vaultCreated"}. \
        \(commonExitCodes) \
        Also 64: a bad key name, or a new vault's passphrase breaks the passcode policy.

        Example:
          printf %s "$TOKEN" | hubctl vault set api-token
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }
    @Argument(help: "The key, e.g. api-token.") var key: String
    @Argument(help: "The value; omit it to read the value from stdin (recommended for secrets).") var value: String?

    func execute(_ invocation: Invocation) throws {
        try validateKey(key)
        let data: Data
        if let value {
            data = Data(value.utf8)
        } else {
            if invocation.input.isTerminal {
                invocation.console.note("Reading the value from stdin; end it with Ctrl-D.")
            }
            data = try invocation.readStandardInput(limit: 1 << 20, what: "the value", tooLarge: .tooLarge)
        }
        let (store, secret, created) = try invocation.services.vaultForWriting()
        let now = Date()
        try store.update(secret: secret, createIfMissing: true) { $0.set(data, forKey: key, at: now) }
        try invocation.emit(VaultStoredOutput(key: key, updatedAt: now, vaultCreated: created))
    }
}

struct VaultShow: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a stored value.",
        discussion: """
        Prints {"key", "value", "updatedAt"}; a value that is not UTF-8 text is printed as base64 \
        with "encoding": "base64". \
        \(commonExitCodes) \
        A missing key is 66 as well.

        Example:
          hubctl vault show api-token | jq -r .value
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }
    @Argument(help: "The key to show.", completion: DynamicCompletion.vaultKeys) var key: String

    func execute(_ invocation: Invocation) throws {
        let (store, secret) = try invocation.services.existingVault()
        let contents = try store.read(secret: secret)
        guard let entry = contents.entry(forKey: key) else { throw missingKey(key) }
        try invocation.emit(VaultValueOutput(key: key, entry: entry))
    }
}

struct VaultList: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the stored keys (never the values).",
        discussion: """
        Prints {"entries": [{"key", "updatedAt"}]}, sorted by key. \
        \(commonExitCodes)

        Example:
          hubctl vault list | jq -r '.entries[].key'
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    func execute(_ invocation: Invocation) throws {
        let (store, secret) = try invocation.services.existingVault()
        let contents = try store.read(secret: secret)
        let entries = contents.entries.sorted { $0.key < $1.key }
        try invocation.emit(VaultListOutput(entries: entries.map { VaultListOutput.Entry(key: $0.key, updatedAt: $0.value.updatedAt) }))
    }
}

struct VaultDelete: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove a key and its value.",
        discussion: """
        Prints {"key", "deleted": true}. \
        \(commonExitCodes) \
        A missing key is 66 as well (and nothing is written).

        Example:
          hubctl vault delete api-token
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }
    @Argument(help: "The key to delete.", completion: DynamicCompletion.vaultKeys) var key: String

    func execute(_ invocation: Invocation) throws {
        let (store, secret) = try invocation.services.existingVault()
        try store.update(secret: secret) { contents in
            guard contents.remove(key) != nil else { throw missingKey(key) }
        }
        try invocation.emit(VaultDeletedOutput(key: key, deleted: true))
    }
}

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

    static var resolvesConnection: Bool { false }
    @Option(name: .customLong("new-passphrase-file"), help: ArgumentHelp("File whose first line is the new passphrase.", valueName: "path"))
    var newPassphraseFile: String?

    func execute(_ invocation: Invocation) throws {
        let store = try invocation.services.vault()
        let secrets = VaultSecrets(invocation: invocation)
        try store.requireExisting()
        let old = try secrets.current(preferring: try store.storedSecretKind())
        let new = try secrets.new(passphraseFile: newPassphraseFile)
        try store.rekey(from: old, to: new)
        try invocation.emit(VaultRekeyedOutput(path: store.path, rekeyed: true, kdf: kindName(new)))
    }
}

private func missingKey(_ key: String) -> HubError {
    HubError.noInput("The vault has no entry \"\(key)\". `hubctl vault list` shows the keys.", code: .vaultKeyNotFound)
}
