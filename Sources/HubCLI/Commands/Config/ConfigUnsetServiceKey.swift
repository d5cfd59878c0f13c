// `hubctl config unset-service-key`: Remove a profile's operator credentials of a feature, and their secret from the vault.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

struct ConfigUnsetServiceKey: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset-service-key",
        abstract: "Remove a profile's operator credentials of a feature, and their secret from the vault.",
        discussion: """
        What `config unset-push` does, for the feature --feature names: push (the same as \
        `config unset-push`) or client-resources. Removes the profile's settings of the feature \
        (push-*, bundles-*), and from the vault their API key or client secret and the client's \
        cached tokens, unless other credentials use the same ones. A profile without such \
        credentials is not an error.

        Exit codes: 0 ok, 64 bad flags, 73 cannot write the file or the vault, 77 wrong vault \
        passphrase, 78 unknown profile, unreadable file, or no vault passphrase.

        Example:
          hubctl config unset-service-key --feature client-resources --profile ci
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var feature: ServiceFeatureOption

    var options: ConfigUnsetPush.Options { ConfigUnsetPush.Options(feature: feature.feature) }
}
