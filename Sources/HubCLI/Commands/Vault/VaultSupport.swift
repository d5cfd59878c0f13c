// What the `hubctl vault` verbs share: the key rules, the secret kinds' names, the exit codes' text.

import ArgumentParser
import Foundation
import HubCore
import HubVault

func kindName(_ secret: VaultSecret) -> String {
    secret.kind == .rawKey ? "rawKey" : "scrypt"
}

/// Keys are names, not secrets: printable, no control characters, at most 256 characters.
func validateKey(_ key: String) throws {
    guard !key.isEmpty, key.count <= 256, !key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
        throw HubError.usage("A vault key must be 1 to 256 printable characters.", code: .invalidVaultKeyName)
    }
}

let commonExitCodes = """
Exit codes: 0 ok; 65 vault file damaged; 66 no vault (run `hubctl vault init`); 77 wrong passphrase \
or key, a modified vault, or a vault file with unsafe permissions; 78 no passphrase source.
"""

func missingKey(_ key: String) -> HubError {
    HubError.noInput("The vault has no entry \"\(key)\". `hubctl vault list` shows the keys.", code: .vaultKeyNotFound)
}

/// What `hubctl vault delete` and `vault delete-cert` print.
struct VaultDeletedOutput: JSONDocument {
    var key: String; var deleted: Bool
    var json: JSONValue { .object(["key": .string(key), "deleted": .bool(deleted)]) }
}
