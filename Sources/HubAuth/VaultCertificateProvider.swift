// The built-in `vault` certificate provider: the client certificate and its key kept inside hubctl's vault.

import Foundation
import HubCore
import HubTransport
import HubVault

/// Where certificates live in the vault: one per application and server, and a default one.
public enum CertificateVaultKeys {
    public static let defaultKey = "hubctl/certificate/default"

    public static func application(server: String, appId: String) -> String {
        "hubctl/certificate/app/\(appId)@\(server)"
    }

    /// The keys looked up, in order: the application's own, then the default.
    public static func lookup(server: String?, appId: String?) -> [String] {
        guard let server, !server.isEmpty, let appId, !appId.isEmpty else { return [defaultKey] }
        return [application(server: server, appId: appId), defaultKey]
    }
}

extension CertificateDocument {
    /// The vault entry `hubctl vault import-cert` stores and `VaultCertificateProvider` reads back:
    /// a record the vault keeps, not a document hubctl prints.
    public func vaultValue() throws -> Data { try JSONEncoder().encode(self) }
}

/// Serves the certificate `hubctl vault import-cert` stored (a `CertificateDocument` as JSON);
/// `deleteStoredCertificate` removes the entry it served.
public final class VaultCertificateProvider: CertificateProvider {
    public let providerId = "vault"
    public var canDelete: Bool { true }
    let store: VaultStore
    let keys: [String]
    let secret: () throws -> VaultSecret
    private var servedKey: String?
    private var cachedSecret: VaultSecret?

    public init(store: VaultStore, keys: [String], secret: @escaping () throws -> VaultSecret) {
        self.store = store
        self.keys = keys
        self.secret = secret
    }

    private func vaultSecret() throws -> VaultSecret {
        if let cachedSecret { return cachedSecret }
        let s = try secret()
        cachedSecret = s
        return s
    }

    public func storedCertificate() throws -> ClientCertificate? {
        servedKey = nil
        guard store.exists else { return nil }
        let contents = try store.read(secret: try vaultSecret())
        for key in keys {
            guard let value = contents.value(forKey: key) else { continue }
            guard let document = try? JSONDecoder().decode(CertificateDocument.self, from: value) else {
                throw damaged(key, "it is not a certificate document")
            }
            let certificate = try document.clientCertificate { self.damaged(key, $0) }
            servedKey = key
            return certificate
        }
        return nil
    }

    public func deleteStoredCertificate() throws {
        guard let key = servedKey else { return }
        try store.update(secret: try vaultSecret()) { contents in _ = contents.remove(key) }
        servedKey = nil
    }

    private func damaged(_ key: String, _ reason: String) -> HubError {
        HubError.data("The vault entry \"\(key)\" cannot be used as a client certificate (\(reason)). Import it again with `hubctl vault import-cert`.",
                      code: .invalidCertificateEntry)
    }
}
