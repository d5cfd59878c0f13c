// What the operator's credential chains and sessions (push, client resources, the `app` commands'
// Cloud Foundry and Admin API) are built from: the command layer's seams, handed down as plain
// values and closures. Nothing here reads stdin, the terminal or a HUBCTL_* variable by itself: a
// credential file or `-` is read through the command layer's input, and the vault and its secret
// come from the command layer's factory (docs/architecture.md "How a command reaches a session").

import Foundation
import HubConfig
import HubCore
import HubVault

public struct OperatorContext {
    /// The command's transports (its factory, deadline, TLS and plain-HTTP rules, --verbose).
    public var transports: CommandTransports
    /// The command's deadline (the Cloud Foundry API's waits).
    public var deadline: ContinuousClock.Instant
    /// The process environment (VCAP_SERVICES, cf's home, the settings table's variables).
    public var environment: [String: String]
    /// The resolved configuration, no server required; asked for only when a chain needs it.
    public var config: () throws -> ConnectionConfig
    /// The bytes of a credential argument, FILE or `-` (stdin), through the command's input: at
    /// most `limit` bytes, `what` naming it in messages ("service key", "CF password").
    public var read: (_ path: String, _ limit: Int, _ what: String) throws -> Data
    /// The vault under --home with the passcode policy in force (made when first asked for).
    public var vault: () throws -> VaultStore
    /// The secret that opens a vault, nil when none can be had; `prompt`: whether one may be asked for.
    public var vaultSecret: (_ store: VaultStore, _ prompt: Bool) throws -> VaultSecret?
    /// A warning on stderr.
    public var warn: (String) -> Void
    /// --verbose lines; nil without it.
    public var note: ((String) -> Void)?

    public init(transports: CommandTransports, deadline: ContinuousClock.Instant, environment: [String: String],
                config: @escaping () throws -> ConnectionConfig, read: @escaping (String, Int, String) throws -> Data,
                vault: @escaping () throws -> VaultStore, vaultSecret: @escaping (VaultStore, Bool) throws -> VaultSecret?,
                warn: @escaping (String) -> Void, note: ((String) -> Void)?) {
        self.transports = transports
        self.deadline = deadline
        self.environment = environment
        self.config = config
        self.read = read
        self.vault = vault
        self.vaultSecret = vaultSecret
        self.warn = warn
        self.note = note
    }

    /// A file that holds a secret (`-`: stdin), warned about when others may read it.
    func secretFile(_ path: String, limit: Int, what: String) throws -> Data {
        if path != "-" { warnIfReadable(path) }
        return try read(path, limit, what)
    }

    /// A key file others may read is a leak waiting to happen: say so (the command goes on).
    func warnIfReadable(_ path: String) {
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o077 != 0 else { return }
        warn("\(path) is readable by group or others (mode \(String(mode & 0o777, radix: 8))); it holds a secret: chmod 600 \(path).")
    }
}
