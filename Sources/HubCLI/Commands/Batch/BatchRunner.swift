// Runs a batch's lines on worker threads through the same seam as a command line.

import ArgumentParser
import Foundation
import HubConfig
import HubCore
import HubServices
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs the operations of one batch and writes their results.
final class BatchRunner: Sendable {
    private let invocation: Invocation
    private let batchGlobal: GlobalValues
    private let concurrency: Int
    private let scheduler: BatchScheduler
    private let pool: PooledTransports?
    private let transport: TransportFactory
    private let progress: BatchProgress?
    private let parsed = ParsedCommands()

    private let results: @Sendable (Data) -> Void

    private struct Tally {
        var succeeded = 0
        var failed: [Int32: Int] = [:]
        var skipped = 0
        var severest: Int32 = 0
        /// Why the batch stopped reading its input (an edited jobs file under --resume, stdin failing).
        var stopped: HubError?
    }
    /// A class around the counts, so the line reader can hold it while `self` is being made.
    private final class Counts: Sendable {
        let tally = Mutex(Tally())
    }
    private let counts = Counts()

    /// `skip`: the lines an earlier run did, with the digest each line had then. `results`: where
    /// each result line goes (stdout, or the --results file).
    init(invocation: Invocation, batchGlobal: GlobalValues, concurrency: Int, shard: BatchShard?,
         skip: [Int: String], input: BatchInput, results: @escaping @Sendable (Data) -> Void) throws {
        self.invocation = invocation
        self.results = results
        self.batchGlobal = batchGlobal
        self.concurrency = concurrency
        if invocation.context.usesDefaultTransport {
            let pool = try PooledTransports(maxConnections: concurrency * 2)
            self.pool = pool
            transport = pool.factory
        } else {
            pool = nil
            transport = invocation.context.makeHTTPTransport
        }
        var total: Int64?
        if case .file(let f) = input { total = f.regularFileSize }
        progress = invocation.showsProgress ? BatchProgress(console: invocation.console, totalBytes: total) : nil

        let counts = self.counts
        let progress = self.progress
        var lineNumber = 0
        scheduler = BatchScheduler(window: max(64, concurrency * 16)) {
            func next() -> [UInt8]? {
                do throws(BoundedFile.Failure) { return try input.readLine() } catch {
                    counts.tally.withLock {
                        $0.stopped = CommandContext.stdinFailure(error, waitingFor: "line \(lineNumber + 1) of the jobs")
                    }
                    return nil
                }
            }
            while let bytes = next() {
                lineNumber += 1
                progress?.read(bytes: bytes.count + 1)
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                let digest = BatchOperation.digest(of: bytes)
                if let recorded = skip[lineNumber] {
                    guard recorded == digest else {
                        // The jobs file changed since the run whose results say this line is done:
                        // whatever follows may be skipped or repeated wrongly. Stop reading.
                        counts.tally.withLock {
                            $0.stopped = HubError.data("Line \(lineNumber) of the jobs file is not the line the --resume results record as done there (its digest differs): the jobs file was edited since that run. No line from \(lineNumber) on was run. Resume with the jobs file as it was, or run the edited file without --resume.", code: .resumeMismatch)
                        }
                        return nil
                    }
                    counts.tally.withLock { $0.skipped += 1 }
                    continue
                }
                let op = BatchOperation(line: lineNumber, bytes: bytes, digest: digest, batch: batchGlobal)
                if let shard, !shard.owns(op.identity) { continue }
                return op
            }
            return nil
        }
    }

    /// Runs every operation and returns the batch's exit code; throws when the batch stopped
    /// before the end of its input (`resume_mismatch`), after the results of what ran.
    func run() throws -> Int32 {
        let started = ContinuousClock.now
        let group = DispatchGroup()
        for index in 0..<concurrency {
            group.enter()
            let thread = Thread { [self] in
                while let op = scheduler.next() {
                    let (code, result) = execute(op)
                    record(code, result)
                    scheduler.finished(op)
                }
                group.leave()
            }
            thread.name = "hubctl-batch-\(index)"
            // Deeply nested parsing and TLS need more than a secondary thread's default stack.
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        pool?.shutdown()
        progress?.finish()
        let t = counts.tally.withLock { $0 }
        let elapsed = started.duration(to: .now)
        let seconds = elapsed.inSeconds
        let ran = t.succeeded + t.failed.values.reduce(0, +)
        var summary = "hubctl batch: \(ran) operation\(ran == 1 ? "" : "s"), \(t.succeeded) succeeded"
        if !t.failed.isEmpty {
            let parts = t.failed.keys.sorted { BatchResults.moreSevere($0, than: $1) }.map { "\(t.failed[$0]!) with exit \($0)" }
            summary += ", \(t.failed.values.reduce(0, +)) failed (\(parts.joined(separator: ", ")))"
        }
        if t.skipped > 0 { summary += ", \(t.skipped) skipped (succeeded before, --resume)" }
        summary += String(format: " in %.1f s (%.0f/s).", seconds, seconds > 0 ? Double(ran) / seconds : 0)
        invocation.console.note(summary)
        if let stopped = t.stopped { throw stopped }
        return t.severest
    }

    private func record(_ code: Int32, _ result: Data) {
        var line = result
        line.append(0x0A)
        results(line)
        counts.tally.withLock { t in
            if code == 0 { t.succeeded += 1 } else { t.failed[code, default: 0] += 1 }
            if BatchResults.moreSevere(code, than: t.severest) { t.severest = code }
        }
        progress?.completed(failed: code != 0)
    }

    /// One operation through the same path as a command line: parsed by `Hubctl.run`, given a
    /// invocation with the line's configuration, its output captured.
    private func execute(_ op: BatchOperation) -> (Int32, Data) {
        if let refusal = op.refusal {
            return (refusal.exitCode, BatchResults.failure(line: op.line, digest: op.digest, exitCode: refusal.exitCode, errorObject: BatchResults.errorObject(refusal)))
        }
        var environment = invocation.environment
        if let name = op.passwordEnv {
            guard let password = environment[name], !password.isEmpty else {
                let e = HubError.usage("Line \(op.line): the environment variable \(HubError.quoted(name)) named by \"password-env\" is not set or empty.", code: .noPassword)
                return (e.exitCode, BatchResults.failure(line: op.line, digest: op.digest, exitCode: e.exitCode, errorObject: BatchResults.errorObject(e)))
            }
            environment[GlobalSetting.password.environment!] = password
        }
        let out = Mutex(Data())
        let err = Mutex(Data())
        let console = Console(stdoutIsTerminal: false, stderrIsTerminal: false,
                              out: { data in out.withLock { $0.append(data) } },
                              err: { data in err.withLock { $0.append(data) } })
        let batch = batchGlobal, transport = self.transport, parsed = self.parsed
        let code = Hubctl.run(op.arguments, console: console, parse: { try parsed.command(for: op.arguments) },
                              options: { Self.merge(line: $0, op: op, batch: batch) }) {
            CommandContext(console: console, environment: environment, input: BufferedInput(), transport: transport)
        }
        // Human lines (warnings, --verbose) go on to the batch's stderr; the error document, if
        // any, into the result.
        var errorObject: Data?
        let errText = err.withLock { $0 }
        for piece in errText.split(separator: 0x0A) {
            let prefix = Data("{\"error\":".utf8)
            if piece.starts(with: prefix), piece.last == UInt8(ascii: "}") {
                errorObject = Data(piece.dropFirst(prefix.count).dropLast())
            } else {
                invocation.console.note("line \(op.line): " + String(decoding: piece, as: UTF8.self))
            }
        }
        if code == 0 { return (0, BatchResults.success(line: op.line, digest: op.digest, stdout: out.withLock { $0 })) }
        let object = errorObject ?? BatchResults.errorObject(HubError(.internal, code: .internal, "The command failed with exit code \(code) without an error document."))
        return (code, BatchResults.failure(line: op.line, digest: op.digest, exitCode: code, errorObject: object))
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

    func command(for arguments: [String]) throws -> any ParsableCommand {
        lock.lock()
        let hit = cache[arguments]
        lock.unlock()
        if let hit { return hit }
        let command = try Hubctl.parseAsRoot(ArgumentOrder.normalize(arguments))
        lock.lock()
        if cache.count < Self.limit { cache[arguments] = command }
        lock.unlock()
        return command
    }
}
