// `hubctl vault show`: Print a stored value.

import ArgumentParser
import Foundation
import HubCore
import HubVault

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
    @Argument(help: "The key to show.", completion: DynamicCompletion.vaultKeys) var key: String

    var options: Options { Options(key: key) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var key: String

        func run(_ invocation: Invocation) throws {
            let (store, secret) = try invocation.services.existingVault()
            let contents = try store.read(secret: secret)
            guard let entry = contents.entry(forKey: key) else { throw missingKey(key) }
            try invocation.emit(VaultValueOutput(key: key, entry: entry))
        }
    }
}

/// What `hubctl vault show` prints.
struct VaultValueOutput: JSONDocument {
    var key: String
    var value: String
    /// "base64" when the value is not UTF-8 text; absent otherwise.
    var encoding: String?
    var updatedAt: Date

    init(key: String, entry: VaultEntry) {
        self.key = key
        updatedAt = entry.updatedAt
        if let text = String(data: entry.value, encoding: .utf8) {
            value = text
            encoding = nil
        } else {
            value = entry.value.base64EncodedString()
            encoding = "base64"
        }
    }

    var json: JSONValue {
        .members(["key": .string(key), "value": .string(value), "encoding": encoding.map(JSONValue.string), "updatedAt": JSONValue(updatedAt)])
    }
}
