// `hubctl vault delete`: Remove a key and its value.

import ArgumentParser
import Foundation
import HubCore
import HubVault

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
    @Argument(help: "The key to delete.", completion: DynamicCompletion.vaultKeys) var key: String

    var options: Options { Options(key: key) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var key: String

        func run(_ invocation: Invocation) throws {
            let (store, secret) = try invocation.services.existingVault()
            try store.update(secret: secret) { contents in
                guard contents.remove(key) != nil else { throw missingKey(key) }
            }
            try invocation.emit(VaultDeletedOutput(key: key, deleted: true))
        }
    }
}
