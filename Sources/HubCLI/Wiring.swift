// Builds what a command needs from its context: the resolved configuration, the transport, the services.

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubTransport
import HubVault

extension CommandContext {
    /// Resolves flags, environment, profile, plist and defaults (README.md "Configuration") into one configuration.
    func connectionConfig(requireConnection: Bool = true) throws -> ConnectionConfig {
        try ConfigResolver(flags: global.flagValues, environment: environment)
            .resolve(requireConnection: requireConnection)
    }

    /// The command's `--deadline` in seconds (flag, HUBCTL_DEADLINE or the profile; 120 by default),
    /// for commands that need no server: read without requiring the connection's configuration.
    var deadlineSeconds: Double {
        (try? connectionConfig(requireConnection: false).deadline) ?? global.deadline ?? 120
    }

    /// All of stdin for a command given `-`: at most `limit` bytes, waiting no longer than the
    /// deadline. `what` names the input in messages; `tooLarge` is the error past the limit.
    func readStandardInput(limit: Int, what: String, tooLarge: ErrorCode) throws -> Data {
        do throws(BoundedFile.Failure) {
            return try input.readAll(limit: limit, until: deadlineInstant)
        } catch {
            throw Self.inputFailure(error, label: "\(what) on stdin", limit: limit, tooLarge: tooLarge)
        }
    }

    /// A whole FILE argument (a regular file, or a pipe such as `<(cmd)`, read once): at most
    /// `limit` bytes, a pipe waited for no longer than the deadline.
    func readFileArgument(_ path: String, limit: Int, what: String, tooLarge: ErrorCode) throws -> Data {
        let wait = secondsLeft
        do throws(BoundedFile.Failure) {
            return try BoundedFile.read(path: path, limit: limit, wait: wait)
        } catch .missing {
            throw HubError.noInput("No \(what) at \(path). Check the path.", code: .fileNotFound)
        } catch .directory {
            throw HubError.noInput("\(path) is a directory, not a \(what).", code: .notAFile)
        } catch {
            throw Self.inputFailure(error, label: path, limit: limit, tooLarge: tooLarge)
        }
    }

    static func inputFailure(_ error: BoundedFile.Failure, label: String, limit: Int, tooLarge: ErrorCode) -> HubError {
        switch error {
        case .tooLarge:
            return HubError.data("\(label) is larger than \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"); nothing was sent.", code: tooLarge)
        case .timedOut:
            return HubError(.temporary, code: .timeout, "\(label) gave no end of input before the deadline (a FIFO nobody writes to, or a command that does not end). Raise --deadline if it is slow.")
        case .failed(_, let err):
            return HubError.noInput("\(label) cannot be read: \(String(cString: strerror(err))).", code: .unreadable)
        case .missing:
            return HubError.noInput("\(label) does not exist. Check the path.", code: .fileNotFound)
        case .directory, .notRegular:
            return HubError.noInput("\(label) is not a file hubctl can read.", code: .notAFile)
        }
    }

    /// When the command's deadline passes.
    var deadlineInstant: ContinuousClock.Instant {
        started + .milliseconds(Int64(min(deadlineSeconds, 86_400) * 1000))
    }

    /// Seconds until the deadline (0 once it passed).
    var secondsLeft: Double {
        let left = ContinuousClock.now.duration(to: deadlineInstant).components
        return max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
    }

    /// The transport options every command's requests go out with, from the resolved settings
    /// (`cacert`, `timeout`, the deadline from the command's start unless `deadline` replaces it),
    /// `--insecure` (with its warning), the plain-HTTP rule and `--verbose`.
    func transportOptions(_ config: ConnectionConfig, deadline: Deadline? = nil) -> TransportOptions {
        if global.insecure {
            console.warning("--insecure: TLS certificate verification is OFF. Anyone on the network path can impersonate the server and read your credentials. Use --cacert instead.")
        }
        var options = TransportOptions(caCertificatePath: config.caCertificate, insecure: global.insecure,
                                       totalTimeout: config.timeout,
                                       deadline: deadline ?? Deadline(seconds: config.deadline, from: started))
        options.plainHTTP = plainHTTPPolicy
        if global.verbose {
            let console = self.console
            options.verboseLog = { line in console.note("hubctl: " + line) }
        }
        return options
    }

    /// The HTTP transport configured from the connection settings and global flags; `shape`
    /// replaces the command's deadline or retry policy (`acp check --wait`).
    func makeTransport(_ config: ConnectionConfig, shape: TransportShape = TransportShape()) throws -> any HTTPTransport {
        var options = transportOptions(config, deadline: shape.deadline)
        if let retry = shape.retry { options.retry = retry }
        let make = makeHTTPTransport
        guard let provider = try certificateProvider(config) else { return try make(options) }
        let console = self.console, verbose = global.verbose
        return CertificateTransport(provider: provider, note: verbose ? { console.note("hubctl: " + $0) } : nil) { certificate in
            var withCertificate = options
            withCertificate.clientCertificate = certificate
            return try make(withCertificate)
        }
    }

    /// The credential providers in the order of the reactive chain: what was supplied
    /// (--password-stdin / HUBCTL_PASSWORD), then the vault, then a prompt on a terminal.
    func credentialProviders(_ config: ConnectionConfig, saveCredentials: Bool) throws -> [any CredentialProvider] {
        var providers: [any CredentialProvider] = []
        if let password = try suppliedPassword() {
            providers.append(StaticPasswordProvider(name: global.passwordStdin ? "--password-stdin" : "HUBCTL_PASSWORD", password: password))
        }
        let store = try vaultStore()
        let keys = CredentialKeys(server: config.server, appId: config.appId,
                                  securityConfiguration: config.securityConfiguration, share: config.shareCredentials)
        let secrets = VaultSecrets(context: self)
        let mayPrompt = self.mayPrompt
        providers.append(VaultCredentialProvider(
            store: store, keys: keys, saveAccepted: saveCredentials,
            consentToSavePrompted: mayPrompt ? {
                self.readVisibleLine("Keep these credentials in the vault? [y/N] ")?.lowercased().hasPrefix("y") ?? false
            } : nil,
            secret: {
                // Open the vault only when a secret is at hand or can be asked for; otherwise skip it.
                do { return try secrets.current(preferring: try store.storedSecretKind(), confirm: !store.exists) }
                catch let e as HubError where e.code == .vaultSecretMissing { return nil }
            }))
        if mayPrompt {
            providers.append(PromptCredentialProvider(
                server: config.server,
                readLine: { self.readVisibleLine($0) },
                readSecret: { try self.readSecret($0) }))
        }
        return providers
    }

    /// The vault under --home with the passcode policy in force; warnings go to stderr.
    func vaultStore() throws -> VaultStore {
        let console = self.console
        warnIfHomeIsShared()
        var store = VaultStore(directory: home, policy: try PasscodePolicyFile.load(home: home), warn: { console.warning($0) })
        store.lockDeadline = deadlineInstant
        if mayPrompt {
            // A person at a terminal is asked before the retry limit deletes the vault.
            store.confirmDeletion = { attempts, limit in
                self.readVisibleLine("Wrong passphrase \(attempts) times; the passcode policy (retry limit \(limit)) deletes the vault and every secret in it now. Delete it? [y/N] ")?
                    .lowercased().hasPrefix("y") ?? false
            }
        }
        return store
    }

    /// A home that others can write to lets them replace the vault or the state: say so.
    func warnIfHomeIsShared() {
        var info = stat()
        guard stat(home, &info) == 0, info.st_mode & 0o022 != 0 else { return }
        console.warning("\(home) (--home) is writable by its group or by others, who could replace the vault or the registration records. Run `chmod 700 \(home)`.")
    }

    /// The password from the first line of stdin (`--password-stdin`) or `HUBCTL_PASSWORD`.
    func suppliedPassword() throws -> String? {
        if global.passwordStdin {
            guard let line = input.readLine(), !line.isEmpty else {
                throw HubError.usage("--password-stdin was given but stdin had no password line. Pipe it in, e.g. `printf '%s\\n' \"$PW\" | hubctl … --password-stdin`.", code: .noPassword)
            }
            return line
        }
        if let p = environment["HUBCTL_PASSWORD"], !p.isEmpty { return p }
        return nil
    }

    /// The session every service of one command sends its requests through: the endpoint of the
    /// resolved configuration over the authenticated transport.
    func session(saveCredentials: Bool = false, shape: TransportShape = TransportShape()) throws -> SMPSession {
        let config = try connectionConfig()
        let http = AuthenticatingTransport(transport: try mobileServicesTransport(config, shape: shape),
                                           providers: try credentialProviders(config, saveCredentials: saveCredentials), user: config.user)
        return SMPSession(endpoint: SMPEndpoint(config: config), http: http)
    }

    /// Registration, settings and unregistration for the resolved configuration.
    func connectionService(saveCredentials: Bool = false, shape: TransportShape = TransportShape()) throws -> ConnectionService {
        let console = self.console
        return ConnectionService(session: try session(saveCredentials: saveCredentials, shape: shape), home: home, warn: { console.warning($0) })
    }
}

/// What a command that runs a series of bounded steps changes in its transport: a deadline that
/// moves from step to step, and how many attempts a request gets (nil: the command's own).
struct TransportShape {
    var deadline: Deadline?
    var retry: RetryPolicy?
}
