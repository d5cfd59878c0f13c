// `hubctl config unset-push`: Remove a profile's push operator credentials, and their secret from the vault.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubVault

struct ConfigUnsetPush: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset-push",
        abstract: "Remove a profile's push operator credentials, and their secret from the vault.",
        discussion: """
        Removes the profile's push-* settings, and from the vault their API key or client secret \
        and the client's cached tokens, unless another profile uses the same ones. A profile \
        without push credentials is not an error.

        Exit codes: 0 ok, 73 cannot write the file or the vault, 77 wrong vault passphrase, \
        78 unknown profile, unreadable file, or no vault passphrase.

        Example:
          hubctl config unset-push --profile prod
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body (`config unset-service-key`'s too, for any feature).
    struct Options: CommandOptions {
        var feature: ServiceFeature = .push

        func run(_ invocation: Invocation) throws {
            let path = invocation.configPath
            let file = try ConfigFile.load(path: path)
            let profile = invocation.configProfile(in: file)
            try requireProfile(profile, in: file)
            let values = file.profiles[profile] ?? [:]
            let present = ServiceProfileSettings.keys(of: feature).filter { values[$0] != nil }
            var vaultRemoved: [String] = []
            if let old = profileCredentials(file, profile, feature) {
                let store = try invocation.services.vault()
                if store.exists {
                    // The vault first: when it cannot be opened, the profile still says where its secret is.
                    let secret = try VaultSecrets(invocation: invocation).current(preferring: try store.storedSecretKind())
                    vaultRemoved = try store.update(secret: secret) { contents in
                        removeStale(old, keeping: nil, file: file, profile: profile, from: &contents)
                    }
                }
            }
            if !present.isEmpty {
                try ConfigEditor.set(path: path, profile: profile, values: present.map { ($0, nil) })
            }
            try invocation.emit(ConfigUnsetPushOutput(path: path, profile: profile, removed: present, vaultKeysRemoved: vaultRemoved))
        }
    }
}

/// What `hubctl config unset-push` and `config unset-service-key` print.
struct ConfigUnsetPushOutput: JSONDocument {
    var path: String
    var profile: String
    /// The feature's settings the profile had (push-*, bundles-*).
    var removed: [String]
    var vaultKeysRemoved: [String]

    var json: JSONValue {
        .object(["path": .string(path), "profile": .string(profile), "removed": .strings(removed), "vaultKeysRemoved": .strings(vaultKeysRemoved)])
    }
}
