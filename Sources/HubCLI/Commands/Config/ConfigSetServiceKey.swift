// `hubctl config set-service-key`: Keep a feature's operator credentials in a profile (the secret in the vault).

import ArgumentParser
import Foundation
import HubConfig
import HubCore

struct ConfigSetServiceKey: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-service-key",
        abstract: "Keep a feature's operator credentials in a profile (the secret in the vault).",
        discussion: """
        What `config set-push` does, for the feature --feature names: push (the same as \
        `config set-push`), or client-resources (the `bundle` commands). Reads a service key \
        (--service-key, API key) or a service binding (--binding, OAuth2 client credentials), FILE \
        or '-' for stdin, and keeps the URL, alias, uaa URL, client id and tenant as the profile's \
        settings of the feature (push-url, push-alias, push-uaa-url, push-client-id, push-tenant; \
        bundles-url, bundles-alias, bundles-uaa-url, bundles-client-id, bundles-tenant), the API key \
        or client secret in the vault (created when there is none; its passphrase as for `vault \
        set`). The secret is never written to the configuration file. Setting them again replaces \
        the profile's previous credentials of the feature, and their secret leaves the vault unless \
        other credentials use it. X.509 service keys, x509 bindings and bindings with uaa.tenantmode \
        shared cannot be kept: give them to each command.

        The feature's commands take credentials from --service-key or --binding first, then \
        VCAP_SERVICES, then the profile.

        Exit codes: 0 ok, 64 bad flags, 66 no such file, 73 cannot write the file or the vault, \
        77 wrong vault passphrase, 78 a bad key or binding, or no vault passphrase.

        Example:
          hubctl config set-service-key --feature client-resources --binding cr.json
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var feature: ServiceFeatureOption
    @OptionGroup var credentials: ProfileCredentialFlags

    var options: ConfigSetPush.Options { credentials.options(feature.feature) }
}
