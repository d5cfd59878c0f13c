// `hubctl vault import-cert`: Store a client certificate and its key in the vault, for --cert-provider vault.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubVault

struct VaultImportCert: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-cert",
        abstract: "Store a client certificate and its key in the vault, for --cert-provider vault.",
        discussion: """
        Give --cert PEM --key PEM (an encrypted key's passphrase in HUBCTL_KEY_PASSPHRASE) or \
        --pkcs12 FILE (its passphrase in HUBCTL_PKCS12_PASSPHRASE). The files are read, checked to be \
        PEM or base64-able, and kept encrypted in the vault with their passphrase; you may delete \
        them afterwards. With --server and --app-id the certificate is the application's own; \
        without them it is the default one, used for every application that has none. \
        Prints {"key", "format", "updatedAt", "vaultCreated"}. \
        Exit codes: 0 stored; 64 --cert without --key or both --cert and --pkcs12; 65 not a PEM file; \
        66 a file cannot be read; 77 wrong vault passphrase; 78 no vault passphrase source, or an \
        encrypted key without HUBCTL_KEY_PASSPHRASE.

        Example:
          hubctl vault import-cert --cert client.pem --key client-key.pem
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let config = try invocation.connectionConfig(requireConnection: false)
            guard let document = try invocation.services.certificateDocument(config, providerId: "vault") else {
                throw HubError.usage("Nothing to import: give --cert PATH --key PATH (PEM) or --pkcs12 PATH.", code: .noCertificateGiven)
            }
            let key = certificateKey(config)
            let value = try document.vaultValue()
            let (store, secret, created) = try invocation.services.vaultForWriting()
            let now = Date()
            try store.update(secret: secret, createIfMissing: true) { $0.set(value, forKey: key, at: now) }
            let format = document.pkcs12 == nil ? "pem" : "pkcs12"
            try invocation.emit(VaultCertificateStoredOutput(key: key, format: format, updatedAt: now, vaultCreated: created))
        }
    }
}

/// What `hubctl vault import-cert` prints.
struct VaultCertificateStoredOutput: JSONDocument {
    var key: String; var format: String; var updatedAt: Date; var vaultCreated: Bool
    var json: JSONValue {
        .object(["key": .string(key), "format": .string(format), "updatedAt": JSONValue(updatedAt), "vaultCreated": .bool(vaultCreated)])
    }
}
