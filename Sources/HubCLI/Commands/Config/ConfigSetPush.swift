// `hubctl config set-push`: Keep push operator credentials in a profile (the secret in the vault).

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubVault

struct ConfigSetPush: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-push",
        abstract: "Keep push operator credentials in a profile (the secret in the vault).",
        discussion: """
        Reads a service key (--service-key, API key) or a service binding (--binding, OAuth2 client \
        credentials), FILE or '-' for stdin, and keeps them for `push send|status|registrations`: \
        the URL, alias, uaa URL, client id and tenant as the profile's push-url, push-alias, \
        push-uaa-url, push-client-id and push-tenant settings, the API key or client secret in the \
        vault (created when there is none; its passphrase as for `vault set`). The secret is never \
        written to the configuration file. Setting them again replaces the profile's previous push \
        credentials, and their secret leaves the vault unless another profile uses it.

        The push commands take credentials from --service-key or --binding first, then \
        VCAP_SERVICES, then the profile. `config set-service-key --feature push` is the same \
        command; `--feature client-resources` keeps the `bundle` commands' credentials.

        Exit codes: 0 ok, 64 bad flags, 66 no such file, 73 cannot write the file or the vault, \
        77 wrong vault passphrase, 78 a bad key or binding, or no vault passphrase.

        Example:
          hubctl config set-push --service-key key.json --profile prod
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var credentials: ProfileCredentialFlags

    var options: Options { credentials.options(.push) }

    /// The command's options as plain data, and its body (`config set-service-key`'s too, for any feature).
    struct Options: CommandOptions {
        var feature: ServiceFeature = .push
        var serviceKey: String?
        var binding: String?
        var keyAlias: String?
        var tenant: String?

        func run(_ invocation: Invocation) throws {
            guard (serviceKey == nil) != (binding == nil) else {
                throw HubError.usage("Give --service-key FILE or --binding FILE (one of them).")
            }
            guard keyAlias == nil || serviceKey != nil else { throw HubError.usage("--key-alias picks a key of a settings file given with --service-key.") }
            var credentials = try invocation.services.serviceKeyCredentials(serviceKey: serviceKey != nil, path: serviceKey ?? binding!, keyAlias: keyAlias, feature: feature)
            if let tenant {
                guard !tenant.isEmpty else { throw HubError.usage("--tenant is empty.") }
                credentials.tenant = tenant
            }
            if let refusal = credentials.profileRefusal {
                throw HubError(.config, code: .configInvalid, "A profile cannot keep \(refusal): give it to each \(feature.label) command with \(serviceKey != nil ? "--service-key" : "--binding") FILE, or run where VCAP_SERVICES has it.")
            }
            let settings = credentials.profileSettings(feature)
            // Checked as `config set` checks each of them, before anything is written.
            for (name, value) in settings.settings {
                guard let value, let setting = GlobalSetting.all.first(where: { $0.name == name }) else { continue }
                try ConfigEditor.validate(setting, value: value)
            }
            let path = invocation.configPath
            let file = try ConfigFile.load(path: path)
            let profile = invocation.configProfile(in: file)
            try ConfigEditor.checkProfileName(profile)
            let key = PushBackendCredentials.secretVaultKey(settings)
            let previous = profileCredentials(file, profile, feature)

            // The vault first: a profile never names a secret the vault does not have.
            let (store, secret, created) = try invocation.services.vaultForWriting()
            let value = Data(credentials.secret.utf8)
            let removed = try store.update(secret: secret, createIfMissing: true) { contents -> [String] in
                contents.set(value, forKey: key)
                guard let previous, previous != settings else { return [] }
                return removeStale(previous, keeping: key, file: file, profile: profile, from: &contents)
            }
            try ConfigEditor.set(path: path, profile: profile, values: settings.settings)

            let authentication: String
            switch credentials.auth {
            case .apiKey, .x509Key: authentication = "api-key"
            case .clientCredentials, .clientCertificate: authentication = "client-credentials"
            }
            try invocation.emit(ConfigPushOutput(path: path, profile: profile, authentication: authentication,
                                              settings: Dictionary(uniqueKeysWithValues: settings.settings.compactMap { k, v in v.map { (k, $0) } }),
                                              vaultKey: key, vaultCreated: created, vaultKeysRemoved: removed))
        }
    }
}

/// What `hubctl config set-push` prints.
struct ConfigPushOutput: JSONDocument {
    var path: String
    var profile: String
    /// api-key (X-API-Key, as SAP's library sends every service key) or client-credentials.
    var authentication: String
    /// The push-* settings written (the secret is not one of them).
    var settings: [String: String]
    /// Where the secret is in the vault.
    var vaultKey: String
    var vaultCreated: Bool
    var vaultKeysRemoved: [String]

    var json: JSONValue {
        .object(["path": .string(path), "profile": .string(profile), "authentication": .string(authentication),
                 "settings": .object(settings.mapValues(JSONValue.string)), "vaultKey": .string(vaultKey),
                 "vaultCreated": .bool(vaultCreated), "vaultKeysRemoved": .strings(vaultKeysRemoved)])
    }
}
