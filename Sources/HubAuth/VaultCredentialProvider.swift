// Credentials kept in the vault, per application and shared per security configuration (Client Hub, docs/protocol.md §9).

import Foundation
import HubCore
import HubTransport
import HubVault

/// Where an application's credentials and the security configuration's shared copy live in the vault.
public struct CredentialKeys: Sendable, Equatable {
    public var application: String
    /// nil when the configuration has no security configuration or `ShareCredentials` is false.
    public var shared: String?

    public init(server: String, appId: String, securityConfiguration: String?, share: Bool) {
        application = "hubctl/credentials/app/\(appId)@\(server)"
        if share, let sc = securityConfiguration, !sc.isEmpty {
            shared = "hubctl/credentials/shared/\(sc)@\(server)"
        } else {
            shared = nil
        }
    }
}

/// The stored form of back-end credentials (a vault value).
struct StoredCredentials: Codable, Equatable {
    var user: String
    var password: String
}

/// Reads credentials from the vault when the server challenges, and after the server accepted
/// credentials, keeps the application's copy and the shared copy identical (newer wins).
public final class VaultCredentialProvider: CredentialProvider {
    public let name = "vault"
    /// The vault, made when the provider is first asked (reading the passcode policy it is made
    /// with costs more than a whole `settings get` that never needs the vault).
    private let makeStore: () throws -> VaultStore
    private var madeStore: VaultStore?
    let keys: CredentialKeys
    /// The vault secret, asked for only when the vault is needed; nil = no secret available
    /// without prompting (the provider is then skipped, or saving fails with advice).
    let secret: () throws -> VaultSecret?
    /// `--save-credentials`: store what worked even when it came from elsewhere.
    let saveAccepted: Bool
    /// Asked before saving credentials that came from a prompt (nil = never save them).
    let consentToSavePrompted: (() throws -> Bool)?
    private var cachedSecret: VaultSecret??
    /// What the vault held when it was read: the application's entry and the shared one.
    private var appEntry: (StoredCredentials, Date)?
    private var sharedEntry: (StoredCredentials, Date)?

    public convenience init(store: VaultStore, keys: CredentialKeys, saveAccepted: Bool,
                            consentToSavePrompted: (() throws -> Bool)? = nil, secret: @escaping () throws -> VaultSecret?) {
        self.init(makeStore: { store }, keys: keys, saveAccepted: saveAccepted, consentToSavePrompted: consentToSavePrompted, secret: secret)
    }

    public init(makeStore: @escaping () throws -> VaultStore, keys: CredentialKeys, saveAccepted: Bool,
                consentToSavePrompted: (() throws -> Bool)? = nil, secret: @escaping () throws -> VaultSecret?) {
        self.makeStore = makeStore
        self.keys = keys
        self.saveAccepted = saveAccepted
        self.consentToSavePrompted = consentToSavePrompted
        self.secret = secret
    }

    private func store() throws -> VaultStore {
        if let madeStore { return madeStore }
        let made = try makeStore()
        madeStore = made
        return made
    }

    private func vaultSecret() throws -> VaultSecret? {
        if let cachedSecret { return cachedSecret }
        let s = try secret()
        cachedSecret = .some(s)
        return s
    }

    public func credentials(user: String?) throws -> BasicCredentials? {
        let store = try store()
        guard store.exists, let secret = try vaultSecret() else { return nil }
        let contents = try store.read(secret: secret)
        appEntry = Self.decode(contents.entry(forKey: keys.application))
        sharedEntry = keys.shared.flatMap { Self.decode(contents.entry(forKey: $0)) }
        // The newer of the two copies wins (Client Hub's rule); a user name that does not match is ignored.
        let candidates = [appEntry, sharedEntry].compactMap { $0 }
            .filter { user == nil || user == "" || $0.0.user == user }
            .sorted { $0.1 > $1.1 }
        guard let best = candidates.first else { return nil }
        return BasicCredentials(user: best.0.user, password: SecretValues.registered(best.0.password))
    }

    public func accepted(_ credentials: BasicCredentials, from provider: String) throws {
        let stored = StoredCredentials(user: credentials.user, password: credentials.password)
        let shouldSave: Bool
        switch provider {
        case name:
            // From the vault: only bring the two copies in line (the server just verified them).
            shouldSave = appEntry?.0 != stored || (keys.shared != nil && sharedEntry?.0 != stored)
        case "prompt":
            shouldSave = try saveAccepted || (consentToSavePrompted?() ?? false)
        default:
            shouldSave = saveAccepted
        }
        guard shouldSave else { return }
        guard let secret = try vaultSecret() else {
            throw HubError.config("The server accepted the credentials, but the vault cannot be opened to keep them: set HUBCTL_VAULT_PASSPHRASE, --vault-passphrase-file or HUBCTL_VAULT_KEY, or run on a terminal.", code: .vaultSecretMissing)
        }
        let value = try JSONEncoder().encode(stored)
        try store().update(secret: secret, createIfMissing: true) { contents in
            if contents.value(forKey: keys.application) != value || Self.decode(contents.entry(forKey: keys.application))?.0 != stored {
                contents.set(value, forKey: keys.application)
            }
            if let shared = keys.shared, Self.decode(contents.entry(forKey: shared))?.0 != stored {
                contents.set(value, forKey: shared)
            }
        }
    }

    static func decode(_ entry: VaultEntry?) -> (StoredCredentials, Date)? {
        guard let entry, let creds = try? JSONDecoder().decode(StoredCredentials.self, from: entry.value) else { return nil }
        return (creds, entry.updatedAt)
    }
}

/// Asks on the terminal (no echo) when the server challenges; only used when prompting is allowed.
public final class PromptCredentialProvider: CredentialProvider {
    public let name = "prompt"
    let server: String
    let readLine: (String) throws -> String?
    let readSecret: (String) throws -> [UInt8]

    public init(server: String, readLine: @escaping (String) throws -> String?, readSecret: @escaping (String) throws -> [UInt8]) {
        self.server = server
        self.readLine = readLine
        self.readSecret = readSecret
    }

    public func credentials(user: String?) throws -> BasicCredentials? {
        var name = user ?? ""
        if name.isEmpty {
            name = (try readLine("User for \(server): ")) ?? ""
            guard !name.isEmpty else { return nil }
        }
        let password = try readSecret("Password for \(name) at \(server): ")
        guard !password.isEmpty else { return nil }
        return BasicCredentials(user: name, password: String(decoding: password, as: UTF8.self))
    }
}
