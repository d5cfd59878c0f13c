// One command's run: the global options, the switches they and the environment give (through the
// settings table, HubConfig/GlobalSetting.swift), the connection configuration of every layer
// (resolved on first use), and the one deadline every wait counts down: HTTP
// requests, locks, stdin and FIFOs, `--wait` loops, the login listener. The deadline is owned
// here: what enforces it (the transport, stdin, locks) is handed it, nothing else resolves it.
// Commands receive it; what is built from it (sessions, services, the vault) comes from
// `services` (Services.swift).

import Foundation
import HubConfig
import HubCore
import HubServices
import Synchronization

public final class Invocation: Sendable {
    /// The global flags given, keyed by the settings table (GlobalOptions.swift).
    public let global: GlobalValues
    /// The seams: console, input, environment, clock, transport factory.
    public let context: CommandContext
    /// `--home`, `HUBCTL_HOME`, else the XDG default.
    public let home: String
    /// `--no-input`, or `HUBCTL_NO_INPUT` on (1/true/yes/on).
    public let noInput: Bool
    /// `--allow-http`, or `HUBCTL_ALLOW_HTTP` on.
    public let allowHTTP: Bool
    public let verbose: Bool
    public let insecure: Bool
    /// The configuration of every layer (requiring no server yet), resolved on first use: a
    /// command meets its errors (an unknown profile, an invalid timeout, a broken clienthub.plist)
    /// when it asks for it, so `config` (which may be repairing it), `status` (which reports it),
    /// `vault`, `plist` and `batch` run on a broken configuration without saying so. The deadline
    /// is read from it on first use too, from the configuration file's profile alone.
    private let configuration: LazyConfiguration

    /// The command's `--deadline` in seconds.
    public var deadlineSeconds: Double { configuration.deadline.seconds }
    /// When the deadline passes (counted from `context.started`).
    public var deadline: ContinuousClock.Instant { configuration.deadline.instant }
    /// Whether the user gave the deadline (flag, HUBCTL_DEADLINE or the profile) rather than the
    /// built-in default: `acp check --wait` is bounded by it only then.
    public var deadlineGiven: Bool { configuration.deadline.given }

    /// Resolves the switches the options and the environment give, and checks a deadline they give.
    public init(global: GlobalValues, context: CommandContext) throws {
        self.global = global
        self.context = context
        let environment = context.environment
        func on(_ setting: GlobalSetting, _ flag: Bool) throws -> Bool { try flag || setting.isOn(in: environment) }
        noInput = try on(.noInput, global.noInput)
        allowHTTP = try on(.allowHTTP, global.allowHTTP)
        verbose = global.isOn(.verbose)
        insecure = global.insecure
        home = global.home.flatMap { $0.isEmpty ? nil : $0 } ?? GlobalSetting.home.value(in: environment)
            ?? HubPaths.defaultHome(environment: environment)
        // A deadline the flag or the variable gives is checked before the command starts, as
        // strictly as the configuration checks it; the profile's is read when first needed.
        let given = try (global[.deadline] ?? GlobalSetting.deadline.value(in: environment)).map { try GlobalSetting.deadline.seconds($0) }
        configuration = LazyConfiguration(flags: global.flagValues, environment: environment, started: context.started, deadline: given)
    }

    /// The same resolution over other seams (probe's observed transports, a bounded step).
    private init(_ other: Invocation, context: CommandContext) {
        global = other.global
        self.context = context
        home = other.home
        noInput = other.noInput
        allowHTTP = other.allowHTTP
        verbose = other.verbose
        insecure = other.insecure
        configuration = other.configuration
    }

    public func replacingContext(_ context: CommandContext) -> Invocation { Invocation(self, context: context) }

    /// The resolved configuration; `requireConnection` demands a server and an app id (78 otherwise).
    public func connectionConfig(requireConnection: Bool = true) throws -> ConnectionConfig {
        let config = try configuration.resolved.get()
        if requireConnection {
            try ConfigResolver(flags: global.flagValues, environment: environment).requireConnection(config)
        }
        return config
    }

    /// Builds what the command needs from this resolution: one factory, made on first use and kept.
    public var services: Services {
        madeServices.withLock { made in
            if let made { return made }
            let services = Services(self)
            made = services
            return services
        }
    }
    private let madeServices = Mutex<Services?>(nil)

    /// Lets the factory go once the command has run: a Services holds its Invocation (the sessions
    /// it builds capture it), so the pair would otherwise outlive the command, one pair for each
    /// line of a `batch` run in one process.
    func finish() { madeServices.withLock { $0 = nil } }

    /// Runs `command` on this invocation, then lets its factory go (`finish`).
    func run(_ command: any CommandOptions) throws {
        defer { finish() }
        try command.run(self)
    }

    // The seams, for the commands' convenience.
    public var console: Console { context.console }
    public var input: any InputSource { context.input }
    public var environment: [String: String] { context.environment }
    /// The command's one document on stdout (`Console.emit`).
    public func emit(_ document: some JSONDocument) throws { try context.console.emit(document) }

    /// A setting's environment variable (the settings table names it), nil when unset or empty.
    func value(of setting: GlobalSetting) -> String? { setting.value(in: environment) }

    /// Prompts are allowed only on a terminal and without --no-input / HUBCTL_NO_INPUT.
    public var mayPrompt: Bool { !noInput && input.isTerminal }

    /// Progress bars only on a terminal, and not with --no-input / HUBCTL_NO_INPUT or TERM=dumb.
    var showsProgress: Bool { console.stderrIsTerminal && !noInput && environment["TERM"] != "dumb" }

    /// Seconds until the deadline (0 once it passed).
    var secondsLeft: Double { max(0, ContinuousClock.now.duration(to: deadline).inSeconds) }

    /// `$HUBCTL_CONFIG`, else `${XDG_CONFIG_HOME:-~/.config}/hubctl/config.yaml`.
    var configPath: String { HubPaths.defaultConfigFile(environment: environment) }

    /// The profile a `config` command acts on: --profile, HUBCTL_PROFILE, the default profile, `default`.
    func configProfile(in file: ConfigFile) -> String {
        ConfigResolver(flags: global.flagValues, environment: environment).profileName(file: file)
    }

    // The command's reads of stdin and files, each waiting no longer than the deadline
    // (InputSource): the commands never hand the deadline to a read themselves.

    /// A `FILE|-` argument whole (`InputSource.read`): `what` names it in messages ("usage report").
    public func read(_ path: String, limit: Int, what: String, tooLarge: ErrorCode = .tooLarge) throws -> Data {
        try input.read(path, limit: limit, until: deadline, what: what, tooLarge: tooLarge)
    }

    /// A FILE argument whole (no `-`).
    public func readFile(_ path: String, limit: Int, what: String, tooLarge: ErrorCode = .tooLarge) throws -> Data {
        try input.readFile(path, limit: limit, until: deadline, what: what, tooLarge: tooLarge)
    }

    /// All of stdin ("the `what` on stdin" in messages).
    public func readStdin(limit: Int, what: String, tooLarge: ErrorCode = .tooLarge) throws -> Data {
        try input.readAll(limit: limit, until: deadline, what: "the " + what, tooLarge: tooLarge)
    }

    /// All of stdin, failures left to the caller to word.
    public func readStdin(limit: Int) throws(BoundedFile.Failure) -> Data {
        try input.readAll(limit: limit, until: deadline)
    }

    /// A `FILE|-` argument opened once (`InputSource.open`); failures left to the caller to word.
    public func open(_ path: String, spoolLimit: Int64, fileLimit: Int64) throws(BoundedFile.Failure) -> InputFile {
        try input.open(path, spoolLimit: spoolLimit, fileLimit: fileLimit, until: deadline)
    }

    /// The next line of stdin read with echo off (`InputSource.readSecretLine`).
    public func readSecretLine(prompting prompt: () -> Void) throws(BoundedFile.Failure) -> [UInt8]? {
        try input.readSecretLine(until: deadline, prompting: prompt)
    }

    /// The next line of stdin as bytes (`InputSource.readLineBytes`).
    public func readLineBytes(limit: Int) throws(BoundedFile.Failure) -> [UInt8]? {
        try input.readLineBytes(limit: limit, until: deadline)
    }

    /// The password from the first line of stdin (`--password-stdin`) or `HUBCTL_PASSWORD`.
    func suppliedPassword() throws -> String? {
        if global.passwordStdin {
            guard let line = try input.readLine(until: deadline, waitingFor: "the password line (--password-stdin)"), !line.isEmpty else {
                throw HubError.usage("--password-stdin was given but stdin had no password line. Pipe it in, e.g. `printf '%s\\n' \"$PW\" | hubctl … --password-stdin`.", code: .noPassword)
            }
            SecretValues.register(line)
            return line
        }
        return SecretValues.registered(value(of: .password))
    }

    /// A home that others can write to lets them replace the vault or the state: say so.
    func warnIfHomeIsShared() {
        var info = stat()
        guard stat(home, &info) == 0, info.st_mode & 0o022 != 0 else { return }
        console.warning("\(home) (--home) is writable by its group or by others, who could replace the vault or the registration records. Run `chmod 700 \(home)`.")
    }
}

/// The configuration file, the layers over it and the deadline, each read once, on first use, and
/// shared by an Invocation's copies.
private final class LazyConfiguration: Sendable {
    /// The command's deadline: its seconds, when it passes, and whether the user gave it.
    struct CommandDeadline: Sendable {
        let seconds: Double
        let instant: ContinuousClock.Instant
        let given: Bool
    }

    private let flags: FlagValues
    private let environment: [String: String]
    private let started: ContinuousClock.Instant
    private let givenDeadline: Double?
    private let loadedFile = Mutex<Result<ConfigFile, HubError>?>(nil)
    private let result = Mutex<Result<ConnectionConfig, HubError>?>(nil)
    private let commandDeadline = Mutex<CommandDeadline?>(nil)

    init(flags: FlagValues, environment: [String: String], started: ContinuousClock.Instant, deadline: Double?) {
        self.flags = flags
        self.environment = environment
        self.started = started
        self.givenDeadline = deadline
    }

    private var resolver: ConfigResolver { ConfigResolver(flags: flags, environment: environment) }

    /// The configuration file (config.yaml), read once.
    var file: Result<ConfigFile, HubError> {
        loadedFile.withLock { loaded in
            if let loaded { return loaded }
            let file = Self.catching { try ConfigFile.load(path: HubPaths.defaultConfigFile(environment: environment)) }
            loaded = file
            return file
        }
    }

    /// Every layer over the file, resolved once.
    var resolved: Result<ConnectionConfig, HubError> {
        result.withLock { result in
            if let result { return result }
            let resolved = Self.catching { try resolver.resolve(requireConnection: false, file: try file.get()) }
            result = resolved
            return resolved
        }
    }

    /// The flag's or the variable's deadline, else the profile's (read from the file alone, not
    /// the connection's layers), else the default. A profile's value that the resolution would
    /// refuse, or a file that cannot be read, gives the default here: the command that resolves
    /// the configuration meets that error (a `config` command may be about to repair it).
    var deadline: CommandDeadline {
        commandDeadline.withLock { deadline in
            if let deadline { return deadline }
            var seconds = givenDeadline, given = givenDeadline != nil
            if seconds == nil, case .success(let file) = file,
               let text = file.profiles[resolver.profileName(file: file)]?[GlobalSetting.deadline.name], !text.isEmpty,
               let profile = try? GlobalSetting.deadline.seconds(text) {
                (seconds, given) = (profile, true)
            }
            let value = seconds ?? GlobalSetting.defaultDeadlineSeconds
            let made = CommandDeadline(seconds: value, instant: started + .milliseconds(Int64(min(value, 86_400) * 1000)), given: given)
            deadline = made
            return made
        }
    }

    private static func catching<T>(_ body: () throws -> T) -> Result<T, HubError> {
        do { return .success(try body()) } catch let error as HubError {
            return .failure(error)
        } catch {
            return .failure(HubError(.internal, code: .internal, "\(error)"))
        }
    }
}
