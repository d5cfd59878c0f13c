// Chooses where the client certificate comes from: the --cert/--key/--pkcs12 files, else a certificate provider.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubVault

extension Services {
    /// The default time a provider program may take, in seconds (HUBCTL_CERT_PROVIDER_TIMEOUT).
    static let defaultCertificateProviderTimeout = Double(GlobalSetting.certProviderTimeout.defaultValue!)!

    /// The certificate source for this command, nil for none. Explicit files win; a provider
    /// (--cert-provider / HUBCTL_CERT_PROVIDER) is used when the UserCreationPolicy is `certificate`
    /// (the clienthub.plist default) or not set; with `automatic`/`manual` it is ignored, with a warning.
    func certificateProvider(_ config: ConnectionConfig) throws -> (any CertificateProvider)? {
        if let certificate = try certificateFiles(config) {
            return StaticCertificateProvider(certificate: certificate)
        }
        guard let command = config.certificateProvider else { return nil }
        if let policy = config.userCreationPolicy, policy != .certificate {
            console.warning("the certificate provider is not used: the UserCreationPolicy is '\(policy.rawValue)', not 'certificate'.")
            return nil
        }
        if command == "vault" {
            let store = try vault()
            let secrets = VaultSecrets(invocation: invocation)
            return VaultCertificateProvider(store: store, keys: CertificateVaultKeys.lookup(server: config.server, appId: config.appId)) {
                try secrets.current(preferring: try store.storedSecretKind())
            }
        }
        var parameters = ["HUBCTL_SERVER": config.server, "HUBCTL_APP_ID": config.appId, "HUBCTL_PROVIDER_VERSION": "1"]
        parameters["HUBCTL_USER"] = config.user
        parameters["HUBCTL_SECURITY_CONFIGURATION"] = config.securityConfiguration
        parameters["HUBCTL_USER_CREATION_POLICY"] = config.userCreationPolicy?.rawValue
        return try ExternalCertificateProvider(command: command, parameters: parameters, environment: invocation.environment,
                                               timeout: try certificateProviderTimeout())
    }

    /// The certificate named by --cert/--key or --pkcs12 (or their variables), with the key's or
    /// bundle's passphrase from the environment; nil when none is named.
    private func certificateFiles(_ config: ConnectionConfig) throws -> StaticCertificateProvider.Certificate? {
        try CertificateFiles.load(certificate: config.certificate, key: config.privateKey, pkcs12: config.pkcs12,
                                  keyPassphrase: invocation.value(of: .keyPassphrase),
                                  pkcs12Passphrase: invocation.value(of: .pkcs12Passphrase), until: invocation.deadline)
    }

    /// That certificate as the vault keeps it (`vault import-cert`), for the provider `providerId`.
    func certificateDocument(_ config: ConnectionConfig, providerId: String) throws -> CertificateDocument? {
        try certificateFiles(config).map { CertificateDocument($0, providerId: providerId) }
    }

    func certificateProviderTimeout() throws -> Double {
        guard let text = invocation.value(of: .certProviderTimeout) else {
            return Self.defaultCertificateProviderTimeout
        }
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
            throw HubError.config("Invalid HUBCTL_CERT_PROVIDER_TIMEOUT '\(text)': give a number of seconds greater than 0 (at most 3600).",
                                  code: .invalidTimeout)
        }
        return seconds
    }
}
