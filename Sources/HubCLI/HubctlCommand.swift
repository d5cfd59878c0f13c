// The root command, the shape every leaf command takes, and the entry point's error handling.

import ArgumentParser
import Foundation
import HubCore
import HubServices
#if canImport(Glibc)
import Glibc
#endif

public struct Hubctl: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "hubctl",
        abstract: "Register, configure and provision SAP Mobile Platform / Mobile Services application connections.",
        discussion: """
        Every successful command prints one JSON document on stdout. Errors go to stderr: at a \
        terminal one line (`hubctl: error: …`) and a hint, otherwise (or with --error-format json, \
        HUBCTL_ERROR_FORMAT=json) one JSON document. \
        Exit codes: 0 ok, 64 usage, 65 data, 66 no input, 69 unavailable, 70 internal, \
        73 cannot create, 75 temporary, 77 permission, 78 config (see `hubctl help exit-codes`). \
        Environment variables and configuration layers: `hubctl help environment`.

        Environment: \(HelpTopics.variableList).

        Files: ${XDG_CONFIG_HOME:-~/.config}/hubctl/config.yaml (profiles, see `hubctl config`); \
        ${XDG_DATA_HOME:-~/.local/share}/hubctl/ (registrations.db, vault, passcode-policy.json, acp/<appId>/, acp-state/).

        Example:
          hubctl --server https://smp.example.com:8443 --app-id com.acme.field status
        """,
        version: HubVersion.current,
        subcommands: HubctlSubcommands.all
    )

    /// Runs hubctl with the process arguments and exits with the code of README.md "Exit codes".
    public static func runMain() -> Never {
        // The command's --deadline counts from here.
        let started = ContinuousClock.now
        #if canImport(Glibc)
        // No core dumps: a crash must not write secrets to disk.
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &limit)
        #endif
        // The environment is read once (Foundation builds a new dictionary on every read), without
        // ProcessInfo (ProcessEnvironment), and one console serves the error document and the command.
        let environment = ProcessEnvironment.read()
        let console = Console(environment: environment)
        let code = run(Array(CommandLine.arguments.dropFirst()), console: console) {
            CommandContext(console: console, environment: environment, started: started)
        }
        // The registration records' WAL, checkpointed and truncated if this process wrote to it: the
        // next hubctl opens the database without replaying it (RegistrationDatabase).
        RegistrationStore.finish()
        // What hubctl printed went out through write(2) (Console); what it kept is written and
        // synced by AtomicFile or committed by SQLite. Exit handlers and destructors would only tear
        // down memory, libraries and handles the kernel frees anyway: skip them (docs/architecture.md
        // "Start-up"). stdio is flushed in case a library wrote through it.
        fflush(nil)
        _exit(code)
    }

    /// Parses and runs one hubctl command line in this process and returns its exit code: the
    /// output goes to `console`, errors become the error document there. `makeContext` gives a
    /// command its seams: environment, input, clock and transport (the process's own, or a test's).
    public static func run(_ arguments: [String], console: Console,
                           makeContext: () -> CommandContext) -> Int32 {
        // One scan of the words (ArgvScan) for the error format, the fast path and the argument order.
        let scan = ArgvScan(arguments)
        return run(scan, console: console, parse: {
            // The fast path builds the hot commands' Options itself, and the global values keyed
            // by the table: no ArgumentParser tree, no `GlobalOptions` (docs/architecture.md).
            if let (options, global) = FastPath.parse(scan) { return .command(options, global) }
            return ParsedCommand(try parseAsRoot(ArgumentOrder.normalize(scan).arguments))
        }, makeContext: makeContext)
    }

    /// A parsed command line: a leaf command's Options and the global values given, from either
    /// parser, or one of ArgumentParser's own commands (help, completion).
    enum ParsedCommand {
        case command(any CommandOptions, GlobalValues)
        case other(any ParsableCommand)

        init(_ parsed: any ParsableCommand) {
            if let command = parsed as? any HubCommand {
                self = .command(command.options, command.global.values)
            } else {
                self = .other(parsed)
            }
        }
    }

    /// `run` with an ArgumentParser command (a batch's line, parsed once for every line like it).
    static func run(_ arguments: [String], console: Console, parse: () throws -> any ParsableCommand,
                    options: (GlobalValues) -> GlobalValues = { $0 },
                    makeContext: () -> CommandContext) -> Int32 {
        run(arguments, console: console, parse: { ParsedCommand(try parse()) }, options: options, makeContext: makeContext)
    }

    /// `run` with the parsing given: `batch` parses an argument list once and runs the parsed
    /// command for every line that repeats it (parsing costs more than the rest of `settings get`).
    /// `options` turns the global values given into the command's (a batch line takes what it
    /// does not give from the batch's).
    static func run(_ arguments: [String], console: Console, parse: () throws -> ParsedCommand,
                    options: (GlobalValues) -> GlobalValues = { $0 },
                    makeContext: () -> CommandContext) -> Int32 {
        run(ArgvScan(arguments), console: console, parse: parse, options: options, makeContext: makeContext)
    }

    /// `run` with the command line scanned once (ArgvScan).
    static func run(_ scan: ArgvScan, console: Console, parse: () throws -> ParsedCommand,
                    options: (GlobalValues) -> GlobalValues = { $0 },
                    makeContext: () -> CommandContext) -> Int32 {
        let format: ErrorFormat
        switch ErrorFormat.resolve(scan: scan, variable: console.errorFormatVariable,
                                   stderrIsTerminal: console.stderrIsTerminal) {
        case .success(let resolved): format = resolved
        case .failure(let error):
            console.emitError(error, format: console.stderrIsTerminal ? .text : .json)
            return error.exitCode
        }
        // `hubctl --version` alone: the version, as ArgumentParser prints it, without building its
        // tree (scripts and package checks call it often; FastPathParityTests compares the two).
        if scan.arguments == ["--version"] {
            console.write(HubVersion.current)
            return 0
        }
        // The ArgumentParser declarations of the global options, generated from the settings
        // table (hidden: `scripts/generate-docs.sh` writes them to GlobalOptions+Generated.swift).
        if scan.arguments == ["--generate-global-options"] {
            console.write(GlobalOptionsSource.text())
            return 0
        }
        do {
            switch try parse() {
            case .command(let command, let global):
                try Invocation(global: options(global), context: makeContext()).run(command)
            case .other(let command):
                try runOther(command, console: console)
            }
            return 0
        } catch let error as HubError where error.alreadyReported {
            // The command has said what happened (a batch's results, a push report, a stop by a signal).
            return error.exitCode
        } catch let error as HubError {
            console.emitError(error, format: format)
            return error.exitCode
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version, or a command group named alone: the text on stdout.
                let text = fullMessage(for: error)
                if scan.contains("--experimental-dump-help") {
                    console.write(HelpCommand.replacingBuiltInHelp(inDump: text))
                } else if scan.contains("--generate-completion-script") {
                    console.write(CompletionScript.hardened(text))
                } else if scan.contains("--version") {
                    console.write(text)
                } else {
                    console.write(HelpLayout.arrange(text))
                }
                return 0
            }
            if code == .validationFailure {
                console.emitError(UsageSuggestion.usageError(for: error, scan: scan, format: format), format: format)
                return FailureKind.usage.exitCode
            }
            let message = fullMessage(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            console.emitError(HubError(.internal, code: .internal, message), format: format)
            return FailureKind.internal.exitCode
        }
    }
}

extension Hubctl {
    /// One of ArgumentParser's own commands: `help`, `completion`, or a group named alone.
    fileprivate static func runOther(_ command: any ParsableCommand, console: Console) throws {
        switch command {
        case let help as HelpCommand:
            console.write(try help.text())
        case let completion as CompletionCommand:
            console.write(CompletionCommand.script(for: completion.shell))
        default:
            var other = command
            try other.run()
        }
    }
}

/// A leaf command's options as plain data (no property wrappers), and its body. Both parsers
/// produce it: ArgumentParser through the command's `options`, the fast path (FastPath.swift)
/// directly. Global values are read through the Invocation, never from the command.
public protocol CommandOptions: Sendable, Equatable {
    /// The checks ArgumentParser makes of the line after parsing it (a usage error, 64); the fast
    /// path leaves a line its Options refuse to ArgumentParser, so the message is the same.
    func validate() throws
    func run(_ invocation: Invocation) throws
}

extension CommandOptions {
    public func validate() throws {}
}

/// A leaf command as ArgumentParser sees it: it declares the flags (its own and, through
/// `@OptionGroup`, the global ones) and produces its plain `Options`, which do the work.
public protocol HubCommand: ParsableCommand {
    associatedtype Options: CommandOptions
    var global: GlobalOptions { get }
    var options: Options { get }
}

extension HubCommand {
    public func validate() throws { try options.validate() }

    public func run() throws {
        try Invocation(global: global.values, context: CommandContext()).run(options)
    }
}
