// `hubctl vault set`: Store a value under a key (creates the vault when there is none).

import ArgumentParser
import Foundation
import HubCore
import HubVault

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
    @Argument(help: "The key, e.g. api-token.") var key: String
    @Argument(help: "The value; omit it to read the value from stdin (recommended for secrets).") var value: String?

    var options: Options { Options(key: key, value: value) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var key: String
        var value: String?

        func run(_ invocation: Invocation) throws {
            try validateKey(key)
            let data: Data
            if let value {
                data = Data(value.utf8)
            } else {
                if invocation.input.isTerminal {
                    invocation.console.note("Reading the value from stdin; end it with Ctrl-D.")
                }
                data = try invocation.readStdin(limit: 1 << 20, what: "value")
            }
            let (store, secret, created) = try invocation.services.vaultForWriting()
            let now = Date()
            try store.update(secret: secret, createIfMissing: true) { $0.set(data, forKey: key, at: now) }
            try invocation.emit(VaultStoredOutput(key: key, updatedAt: now, vaultCreated: created))
        }
    }
}

/// What `hubctl vault set` prints.
struct VaultStoredOutput: JSONDocument {
    var key: String; var updatedAt: Date; var vaultCreated: Bool
    var json: JSONValue { .object(["key": .string(key), "updatedAt": JSONValue(updatedAt), "vaultCreated": .bool(vaultCreated)]) }
}
