// One command's run, resolved once before the command starts: the global options, the switches
// they and the environment give (through the settings table, HubConfig/GlobalSetting.swift), the
// connection configuration of every layer, and the one deadline every wait counts down: HTTP
// requests, locks, stdin and FIFOs, `--wait` loops, the login listener. Commands receive it;
// what is built from it (sessions, services, the vault) comes from `services` (Services.swift).

import Foundation
import HubConfig
import HubCore
import HubServices

public final class Invocation: Sendable {
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
    /// The configuration of every layer (requiring no server yet), resolved once. A command that
    /// resolves its connection fails on its error before it starts; one that does not (`config`,
    /// `vault`, `plist`) meets it only if it asks for the configuration.
    private let configuration: Result<ConnectionConfig, HubError>
    /// The command's `--deadline` in seconds, and when it passes (counted from `context.started`).
    public let deadlineSeconds: Double
    public let deadline: ContinuousClock.Instant

    /// Resolves the options and the environment. `resolvesConnection`: the configuration's errors
    /// (an unknown profile, an invalid timeout, a broken clienthub.plist) end the command here.
    public convenience init(global: GlobalOptions, context: CommandContext, resolvesConnection: Bool = true) throws {
        try self.init(global: global.values, context: context, resolvesConnection: resolvesConnection)
    }

    /// The same from the options' values (the fast parser's; FastPath.swift).
    public init(global: GlobalValues, context: CommandContext, resolvesConnection: Bool = true) throws {
        self.global = global
        self.context = context
        let environment = context.environment
        func on(_ setting: GlobalSetting, _ flag: Bool) throws -> Bool { try flag || setting.isOn(in: environment) }
        noInput = try on(.noInput, global.noInput)
        allowHTTP = try on(.allowHTTP, global.allowHTTP)
        verbose = global.verbose
        insecure = global.insecure
        home = global.home.flatMap { $0.isEmpty ? nil : $0 } ?? GlobalSetting.home.value(in: environment)
            ?? HubPaths.defaultHome(environment: environment)

        let resolver = ConfigResolver(flags: global.flagValues, environment: environment)
        let resolved: Result<ConnectionConfig, HubError>
        do { resolved = .success(try resolver.resolve(requireConnection: false)) } catch let error as HubError {
            resolved = .failure(error)
        }
        if resolvesConnection, case .failure(let error) = resolved { throw error }
        configuration = resolved
        switch resolved {
        case .success(let config): deadlineSeconds = config.deadline
        case .failure:
            // The profile cannot be read (a `config` command may be about to repair it): the
            // deadline of the flag or the variable, checked as strictly, else the default.
            let given = global.deadline.map { String($0) } ?? GlobalSetting.deadline.value(in: environment)
            deadlineSeconds = try given.map { try ConfigResolver.seconds($0, of: .deadline, code: .invalidDeadline) }
                ?? GlobalSetting.defaultDeadlineSeconds
        }
        deadline = context.started + .milliseconds(Int64(min(deadlineSeconds, 86_400) * 1000))
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
        deadlineSeconds = other.deadlineSeconds
        deadline = other.deadline
    }

    public func replacingContext(_ context: CommandContext) -> Invocation { Invocation(self, context: context) }

    /// The resolved configuration; `requireConnection` demands a server and an app id (78 otherwise).
    public func connectionConfig(requireConnection: Bool = true) throws -> ConnectionConfig {
        let config = try configuration.get()
        if requireConnection {
            try ConfigResolver(flags: global.flagValues, environment: environment).requireConnection(config)
        }
        return config
    }

    /// Builds what the command needs from this resolution.
    public var services: Services { Services(self) }

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

    /// The password from the first line of stdin (`--password-stdin`) or `HUBCTL_PASSWORD`.
    func suppliedPassword() throws -> String? {
        if global.passwordStdin {
            guard let line = try input.readLine(until: deadline, waitingFor: "the password line (--password-stdin)"), !line.isEmpty else {
                throw HubError.usage("--password-stdin was given but stdin had no password line. Pipe it in, e.g. `printf '%s\\n' \"$PW\" | hubctl … --password-stdin`.", code: .noPassword)
            }
            return line
        }
        return value(of: .password)
    }

    /// A home that others can write to lets them replace the vault or the state: say so.
    func warnIfHomeIsShared() {
        var info = stat()
        guard stat(home, &info) == 0, info.st_mode & 0o022 != 0 else { return }
        console.warning("\(home) (--home) is writable by its group or by others, who could replace the vault or the registration records. Run `chmod 700 \(home)`.")
    }
}
