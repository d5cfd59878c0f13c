// `hubctl vault list`: List the stored keys (never the values).

import ArgumentParser
import Foundation
import HubCore
import HubVault

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

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let (store, secret) = try invocation.services.existingVault()
            let contents = try store.read(secret: secret)
            let entries = contents.entries.sorted { $0.key < $1.key }
            try invocation.emit(VaultListOutput(entries: entries.map { VaultListOutput.Entry(key: $0.key, updatedAt: $0.value.updatedAt) }))
        }
    }
}

/// What `hubctl vault list` prints.
struct VaultListOutput: JSONDocument {
    struct Entry { var key: String; var updatedAt: Date }
    var entries: [Entry]

    var json: JSONValue { .object(["entries": .array(entries.map { .object(["key": .string($0.key), "updatedAt": JSONValue($0.updatedAt)]) })]) }
}
