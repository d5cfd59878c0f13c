// What a command's services are built from its Invocation: the transports (with the TLS, plain-HTTP,
// verbose and deadline rules), the credential chain, the vault, the sessions and the services
// themselves. A command asks for `connections()`, `clientServices()`, `vault()`, `pushBackend(…)`,
// `bundleAdmin(…)`, `apps(…)` … and never assembles them itself. One per Invocation, made on first
// use and kept (`invocation.services`), and cheap to make: nothing is resolved until it is asked for.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubVault

public final class Services: Sendable {
    /// The Invocation this factory builds from. Held strongly, as the sessions it builds hold it
    /// (their closures capture it); the Invocation lets its factory go when the command has run
    /// (`Invocation.finish`), which ends the pair.
    let invocation: Invocation
    init(_ invocation: Invocation) { self.invocation = invocation }

    var console: Console { invocation.console }
    var global: GlobalValues { invocation.global }

    /// How this command's transports are made: its factory, its deadline, the TLS and plain-HTTP
    /// rules, `--verbose`.
    var transports: CommandTransports {
        let console = self.console
        let note: (@Sendable (String) -> Void)? = invocation.verbose ? { @Sendable line in console.note(line) } : nil
        return CommandTransports(make: invocation.context.makeHTTPTransport, started: invocation.context.started,
                                 deadlineSeconds: invocation.deadlineSeconds, insecure: invocation.insecure,
                                 allowHTTP: invocation.allowHTTP, warn: { console.warning($0) }, note: note)
    }

    /// The credential providers in the order of the reactive chain: what was supplied
    /// (--password-stdin / HUBCTL_PASSWORD), then the vault, then a prompt on a terminal.
    func credentialProviders(_ config: ConnectionConfig, saveCredentials: Bool) throws -> [any CredentialProvider] {
        var providers: [any CredentialProvider] = []
        if let password = try invocation.suppliedPassword() {
            providers.append(StaticPasswordProvider(name: global.passwordStdin ? "--password-stdin" : "HUBCTL_PASSWORD", password: password))
        }
        // The vault is made when it is first needed: a password given up front is usually all a
        // command sends, and reading the passcode policy the vault is made with costs ~0.3 ms.
        invocation.warnIfHomeIsShared()
        let store = LazyVaultStore { try self.vaultStore() }
        let keys = CredentialKeys(server: config.server, appId: config.appId,
                                  securityConfiguration: config.securityConfiguration, share: config.shareCredentials)
        let secrets = VaultSecrets(invocation: invocation)
        let mayPrompt = invocation.mayPrompt
        let context = invocation.context, deadline = invocation.deadline
        providers.append(VaultCredentialProvider(
            makeStore: { try store.value() }, keys: keys, saveAccepted: saveCredentials,
            consentToSavePrompted: mayPrompt ? {
                try context.readVisibleLine("Keep these credentials in the vault? [y/N] ", until: deadline)?.lowercased().hasPrefix("y") ?? false
            } : nil,
            secret: {
                // Open the vault only when a secret is at hand or can be asked for; otherwise skip it.
                try secrets.available(for: try store.value())
            }))
        if mayPrompt {
            providers.append(PromptCredentialProvider(
                server: config.server,
                readLine: { try context.readVisibleLine($0, until: deadline) },
                readSecret: { try context.readSecret($0, until: deadline) }))
        }
        return providers
    }

    /// The vault under --home with the passcode policy in force; warnings go to stderr.
    func vault() throws -> VaultStore {
        invocation.warnIfHomeIsShared()
        return try vaultStore()
    }

    /// `vault()` without the warning about the home's mode (given once, by the caller).
    private func vaultStore() throws -> VaultStore {
        let console = self.console, home = invocation.home, context = invocation.context, deadline = invocation.deadline
        var store = VaultStore(directory: home, policy: try PasscodePolicyFile.load(home: home), warn: { console.warning($0) })
        store.lockDeadline = invocation.deadline
        if invocation.mayPrompt {
            // A person at a terminal is asked before the retry limit deletes the vault.
            store.confirmDeletion = { attempts, limit in
                try context.readVisibleLine("Wrong passphrase \(attempts) times; the passcode policy (retry limit \(limit)) deletes the vault and every secret in it now. Delete it? [y/N] ", until: deadline)?
                    .lowercased().hasPrefix("y") ?? false
            }
        }
        return store
    }

    /// The session every service of one command sends its requests through: the endpoint of the
    /// resolved configuration over the authenticated transport.
    func session(saveCredentials: Bool = false, shape: TransportShape = TransportShape()) throws -> SMPSession {
        let config = try invocation.connectionConfig()
        return try transports.session(config, shape: shape, certificates: try certificateProvider(config), oauth: try oauthLayer(config),
                                      providers: try credentialProviders(config, saveCredentials: saveCredentials),
                                      home: invocation.home, deadline: invocation.deadline)
    }

    /// Registration, settings and unregistration for the resolved configuration.
    func connections(saveCredentials: Bool = false, shape: TransportShape = TransportShape()) throws -> ConnectionService {
        let console = self.console
        return ConnectionService(session: try session(saveCredentials: saveCredentials, shape: shape), home: invocation.home,
                                 warn: { console.warning($0) })
    }

    /// Checks for and fetches of the connection's Application Configuration Profile.
    func acp(shape: TransportShape = TransportShape()) throws -> ACPService {
        ACPService(connections: try connections(shape: shape))
    }

    /// The recorded registration (exit 66 when none), then the platform (`--platform`, or asked).
    func clientServices() throws -> ClientServiceContext {
        try ClientServiceContext.make(try connections())
    }

    /// The existing vault and the secret that opens it; 66 before anything is asked when there is none.
    func existingVault() throws -> (VaultStore, VaultSecret) {
        let store = try vault()
        try store.requireExisting()
        return (store, try VaultSecrets(invocation: invocation).current(preferring: try store.storedSecretKind()))
    }

    /// The vault to write to, its secret, and whether the write creates it (a prompt then asks twice).
    func vaultForWriting() throws -> (store: VaultStore, secret: VaultSecret, creates: Bool) {
        let store = try vault()
        let creates = !store.exists
        return (store, try VaultSecrets(invocation: invocation).current(preferring: try store.storedSecretKind(), confirm: creates), creates)
    }

    /// The Connection schema of the server (docs/protocol.md §13), `--verbose` telling where it came from.
    func connectionSchema(_ session: SMPSession, version: String) throws -> ConnectionPropertySchema {
        let console = self.console, verbose = invocation.verbose
        return try SchemaService(session: session, home: invocation.home).schema(version: version, note: { line in
            if verbose { console.note("hubctl: " + line) }
        }, warn: { console.warning($0) })
    }
}

/// The vault store, made on first use and kept (one command's thread). Not generic: a generic
/// class's metadata is made at run time, on the path this exists to keep short.
final class LazyVaultStore {
    private let make: () throws -> VaultStore
    private var made: VaultStore?

    init(_ make: @escaping () throws -> VaultStore) { self.make = make }

    func value() throws -> VaultStore {
        if let made { return made }
        let value = try make()
        made = value
        return value
    }
}
