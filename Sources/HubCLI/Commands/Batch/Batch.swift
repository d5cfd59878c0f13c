// `hubctl batch`: Run many operations from NDJSON in one process, several at a time.

import ArgumentParser
import Foundation
import HubCore
import HubServices
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

struct BatchCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Run many operations from NDJSON in one process, several at a time.",
        discussion: """
        Each input line is one operation: {"command": ["settings", "get"], "user": "u17"}. \
        `command` is the argument list as on hubctl's command line; the optional keys `server`, \
        `app-id`, `user` and `profile` set that configuration for the line (over the batch's own \
        flags), and `password-env` names an environment variable starting with HUBCTL_ that holds \
        the user's password (passwords never go in the file). Commands allowed: register, \
        unregister, settings, acp, status, plist, push, logs, usage, whoami, policy; a line that \
        would read stdin (`-` as a file) or is not UTF-8 JSON fails alone with 64. Blank lines are \
        skipped.

        Each result is one NDJSON line, in the order the operations finish: {"line": 17, \
        "lineSha256": "…", "exitCode": 0, "output": {…}} or {"line": 17, "lineSha256": "…", \
        "exitCode": 77, "error": {…}}, on stdout or appended to --results FILE. The results file \
        (and stdout when it is a regular file) is locked: a second batch on it ends with 75. Lines \
        of one identity (server, app id, user, profile) run one at a time, in file order; other \
        lines run --concurrency at a time over one libcurl connection pool. A summary (and, on a \
        terminal, a progress bar) goes to stderr.

        --resume RESULTS skips the lines that succeeded in an earlier run's results, when the line \
        is byte for byte the one that ran (its SHA-256), so a killed job can run again and do only \
        what is left; an edited jobs file stops the batch at the first changed line (65). --shard \
        I/N runs only the lines whose identity hashes (FNV-1a) to shard I of N; --shard /N takes I \
        from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job).

        Exit codes: 0 when every line succeeded, else the most severe exit code of a line, in this \
        order: 70, 64, 78, 77, 73, 65, 66, 69, 75 (retryable failures last). The batch itself \
        fails with 64 (bad flags), 65 (a --resume file that is not results, or does not match the \
        jobs file), 66 (unreadable input or results file), 73 (a results file that cannot be \
        created), 75 (another batch holds the results file).

        Example:
          hubctl batch --resume results.ndjson --results results.ndjson jobs.ndjson
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: ArgumentHelp("The NDJSON operations; - or nothing reads stdin.", valueName: "FILE"), completion: .file())
    var file: String?
    @Option(help: ArgumentHelp("Operations in flight at once (1–256).", valueName: "N"))
    var concurrency: Int = 8
    @Option(help: ArgumentHelp("Skip the lines that succeeded in this earlier results file (repeatable).", valueName: "RESULTS"),
            completion: .file())
    var resume: [String] = []
    @Option(help: ArgumentHelp("Run only the lines of shard I of N (I from 0; '/N' reads I from JOB_COMPLETION_INDEX).", valueName: "I/N"))
    var shard: String?
    @Option(help: ArgumentHelp("Append the results to this file (created 0600) instead of stdout, locked against a second batch.", valueName: "RESULTS"),
            completion: .file())
    var results: String?

    var options: Options { Options(file: file, concurrency: concurrency, resume: resume, shard: shard, results: results) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var file: String?
        var concurrency: Int = 8
        var resume: [String] = []
        var shard: String?
        var results: String?

        func run(_ invocation: Invocation) throws {
            guard (1...256).contains(concurrency) else {
                throw HubError.usage("--concurrency must be between 1 and 256 (got \(concurrency)).")
            }
            if invocation.global.passwordStdin {
                throw HubError.usage("--password-stdin cannot be used with batch: give each line a \"password-env\", or set HUBCTL_PASSWORD.", code: .noPassword)
            }
            let shard = try self.shard.map { try BatchShard(parsing: $0, environment: invocation.environment) }
            // First the lock on where the results go, so no other batch can start on that file while
            // this one reads what an earlier run did.
            let console = invocation.console
            let output = try BatchOutput.open(results: results, stdoutIsProcess: console.writesToProcessStdout,
                                              stdout: { console.writeRaw($0) })
            var done: [Int: String] = [:]
            for path in resume {
                let same = output.identity != nil && ResultsLock.identity(path: path).map { $0 == output.identity! } == true
                try BatchResults.succeededLines(in: path, into: &done, lockShared: !same)
            }
            let input: BatchInput
            if file == nil || file == "-" {
                // stdin is waited for without the deadline: the batch reads its jobs for as long as it
                // runs (each line has a deadline of its own), and a producer that stalls is stopped by a signal.
                let source = invocation.input
                input = .standardInput { limit throws(BoundedFile.Failure) in try source.readLineBytes(limit: limit, until: nil) }
            } else {
                input = .file(try BatchInput.open(file!))
            }
            let batch = invocation.global, parsed = ParsedCommands()
            let context = invocation.context
            let runner = try BatchRunner(
                environment: invocation.environment, transport: context.usesDefaultTransport ? nil : context.makeHTTPTransport,
                defaults: BatchOperation.Defaults(batch),
                concurrency: concurrency, shard: shard, skip: done, input: input,
                progress: { total in invocation.showsProgress ? BatchProgress(totalBytes: total, draw: { console.rawErr($0) }) : nil },
                note: { console.note($0) }, results: output.write,
                runLine: { op, environment, transport in BatchCommand.runLine(op, environment: environment, transport: transport, batch: batch, parsed: parsed) })
            let severest = try withExtendedLifetime(output) { try runner.run() }
            if severest != 0 {
                // The failed lines' errors are in the results already: exit with the severest line's code.
                throw HubError.reported(FailureKind(exitCode: severest) ?? .internal, code: .partialFailure,
                                        "batch: a line failed with exit \(severest)")
            }
        }
    }
}

extension BatchCommand {
    /// One line through the same path as a command line: parsed by `Hubctl.run` (once per distinct
    /// argument list), with the line's options and environment, its stdout and stderr captured.
    static func runLine(_ op: BatchOperation, environment: [String: String], transport: @escaping TransportFactory,
                        batch: GlobalValues, parsed: ParsedCommands) -> BatchLineRun {
        let out = Mutex(Data())
        let err = Mutex(Data())
        let console = Console(stdoutIsTerminal: false, stderrIsTerminal: false,
                              out: { data in out.withLock { $0.append(data) } },
                              err: { data in err.withLock { $0.append(data) } })
        let scan = ArgvScan(op.arguments)
        let code = Hubctl.run(scan, console: console, parse: { Hubctl.ParsedCommand(try parsed.command(for: scan)) },
                              options: { merge(line: $0, op: op, batch: batch) }) {
            CommandContext(console: console, environment: environment, input: BufferedInput(), transport: transport)
        }
        return (exitCode: code, stdout: out.withLock { $0 }, stderr: err.withLock { $0 })
    }

    /// The line's options: its command's own flags first, then the line's keys, then the batch's
    /// flags; never a prompt. The values are keyed by the settings table, so every global flag
    /// is inherited unless `GlobalValues.notInherited` names it (a test checks every flag).
    static func merge(line: GlobalValues, op: BatchOperation, batch: GlobalValues) -> GlobalValues {
        var g = line.inheriting(from: batch)
        // The line's own keys come between its flags and the batch's.
        g[.server] = line[.server] ?? op.server ?? batch[.server]
        g[.appId] = line[.appId] ?? op.appId ?? batch[.appId]
        g[.user] = line[.user] ?? op.user ?? batch[.user]
        g[.profile] = line[.profile] ?? op.profile ?? batch[.profile]
        g[.noInput] = "true"
        return g
    }
}

/// Argument lists parsed once: fleet files repeat the same `command` on thousands of lines, and
/// ArgumentParser's parse (reflection over the command tree) costs more than the rest of a
/// `settings get`. A failed parse is not kept (its error is reported on every such line).
///
/// `@unchecked Sendable`: `cache` is read and written only under `lock`; the cached commands are
/// value types, copied out under the lock, and running one does not change it.
final class ParsedCommands: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [[String]: any ParsableCommand] = [:]
    /// Distinct argument lists kept (a file of all-different lines gains nothing from more).
    static let limit = 4096

    func command(for scan: ArgvScan) throws -> any ParsableCommand {
        let arguments = scan.arguments
        lock.lock()
        let hit = cache[arguments]
        lock.unlock()
        if let hit { return hit }
        let command = try Hubctl.parseAsRoot(ArgumentOrder.normalize(scan).arguments)
        lock.lock()
        if cache.count < Self.limit { cache[arguments] = command }
        lock.unlock()
        return command
    }
}

extension BatchOperation.Defaults {
    /// The batch's `--server`, `--app-id`, `--user` and `--profile`.
    init(_ batch: GlobalValues) { self.init(server: batch[.server], appId: batch[.appId], user: batch[.user], profile: batch[.profile]) }
}
