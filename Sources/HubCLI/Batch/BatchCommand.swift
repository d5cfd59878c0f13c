// `hubctl batch [FILE|-]`: many operations from NDJSON in one process, N at a time over one
// connection pool, results as NDJSON (README.md "Batches"; docs/architecture.md "Batch").

import ArgumentParser
import Foundation
import HubCore
import HubTransport
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
        flags), and `password-env` names an environment variable holding the user's password \
        (passwords never go in the file). Commands allowed: register, unregister, settings, acp, \
        status, plist, push, logs, usage, whoami, policy. Blank lines are skipped.

        Each result is one NDJSON line on stdout, in the order the operations finish: \
        {"line": 17, "exitCode": 0, "output": {…}} or {"line": 17, "exitCode": 77, "error": {…}}. \
        Lines of one identity (server, app id, user, profile) run one at a time, in file order; \
        other lines run --concurrency at a time over one libcurl connection pool. A summary (and, \
        on a terminal, a progress bar) goes to stderr.

        --resume RESULTS skips the lines that succeeded in an earlier run's results, so a killed \
        job can run again and do only what is left. --shard I/N runs only the lines whose identity \
        hashes (FNV-1a) to shard I of N; --shard /N takes I from JOB_COMPLETION_INDEX (a \
        Kubernetes Indexed Job).

        Exit codes: 0 when every line succeeded, else the most severe exit code of a line, in this \
        order: 70, 64, 78, 77, 73, 65, 66, 69, 75 (retryable failures last). The batch itself \
        fails with 64 (bad flags), 66 (unreadable input or results file).

        Example:
          hubctl batch --resume results.ndjson jobs.ndjson >> results.ndjson
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

    func execute(_ context: CommandContext) throws {
        guard (1...256).contains(concurrency) else {
            throw HubError.usage("--concurrency must be between 1 and 256 (got \(concurrency)).")
        }
        if global.passwordStdin {
            throw HubError.usage("--password-stdin cannot be used with batch: give each line a \"password-env\", or set HUBCTL_PASSWORD.", code: .noPassword)
        }
        let shard = try self.shard.map { try BatchShard(parsing: $0, environment: context.environment) }
        var done = Set<Int>()
        for path in resume { try BatchResults.succeededLines(in: path, into: &done) }
        let input: BatchInput = (file == nil || file == "-") ? .standardInput(context.input) : .file(try BatchInput.open(file!))
        let runner = try BatchRunner(context: context, batchGlobal: global, concurrency: concurrency,
                                     shard: shard, skip: done, input: input)
        let severest = runner.run()
        if severest != 0 { throw BatchFailed(exitCode: severest) }
    }
}

/// The batch's exit code when a line failed: the results are on stdout already, so nothing more
/// is printed (see `Hubctl.run`).
struct BatchFailed: Error {
    let exitCode: Int32
}
