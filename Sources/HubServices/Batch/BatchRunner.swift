// Runs a batch's lines on worker threads through the same seam as a command line.

import Foundation
import HubConfig
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a line's command did: its exit code and what it wrote on stdout and stderr.
public typealias BatchLineRun = (exitCode: Int32, stdout: Data, stderr: Data)

/// Runs the operations of one batch and writes their results. The command line of a line is run
/// by `runLine` (the command layer's `Hubctl.run` with a console that captures the line's output):
/// this engine knows the order, the results, the summary and the connection pool, not commands.
public final class BatchRunner: Sendable {
    /// Runs one line's arguments with the line's environment (its `password-env` set as the
    /// password variable) over the batch's transport factory.
    public typealias LineRunner = @Sendable (BatchOperation, _ environment: [String: String], _ transport: @escaping TransportFactory) -> BatchLineRun

    private let environment: [String: String]
    private let concurrency: Int
    private let scheduler: BatchScheduler
    private let pool: PooledTransports?
    private let transport: TransportFactory
    private let progress: BatchProgress?
    private let note: @Sendable (String) -> Void
    private let runLine: LineRunner

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

    /// `transport`: the command's factory, nil for the default (libcurl), which the lines then share
    /// through one connection pool. `skip`: the lines an earlier run did, with the digest each line
    /// had then. `results`: where each result line goes (stdout, or the --results file). `progress`:
    /// given the input's size when known, the progress bar to draw (nil: none). `note`: a human
    /// line on the batch's stderr.
    public init(environment: [String: String], transport given: TransportFactory?, defaults: BatchOperation.Defaults,
                concurrency: Int, shard: BatchShard?, skip: [Int: String], input: BatchInput,
                progress makeProgress: (_ totalBytes: Int64?) -> BatchProgress?,
                note: @escaping @Sendable (String) -> Void, results: @escaping @Sendable (Data) -> Void,
                runLine: @escaping LineRunner) throws {
        self.environment = environment
        self.results = results
        self.note = note
        self.runLine = runLine
        self.concurrency = concurrency
        if let given {
            pool = nil
            transport = given
        } else {
            let pool = try PooledTransports(maxConnections: concurrency * 2)
            self.pool = pool
            transport = pool.factory
        }
        var total: Int64?
        if case .file(let f) = input { total = f.regularFileSize }
        progress = makeProgress(total)

        let counts = self.counts
        let progress = self.progress
        var lineNumber = 0
        scheduler = BatchScheduler(window: max(64, concurrency * 16)) {
            func next() -> [UInt8]? {
                do throws(BoundedFile.Failure) { return try input.readLine() } catch {
                    counts.tally.withLock {
                        $0.stopped = HubError.stdin(error, waitingFor: "line \(lineNumber + 1) of the jobs")
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
                let op = BatchOperation(line: lineNumber, bytes: bytes, digest: digest, defaults: defaults)
                if let shard, !shard.owns(op.identity) { continue }
                return op
            }
            return nil
        }
    }

    /// Runs every operation and returns the batch's exit code; throws when the batch stopped
    /// before the end of its input (`resume_mismatch`), after the results of what ran.
    public func run() throws -> Int32 {
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
        note(summary)
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

    /// One operation through the same path as a command line (`runLine`), with the line's
    /// environment; the error document on its stderr becomes the result's error.
    private func execute(_ op: BatchOperation) -> (Int32, Data) {
        if let refusal = op.refusal {
            return (refusal.exitCode, BatchResults.failure(line: op.line, digest: op.digest, exitCode: refusal.exitCode, errorObject: BatchResults.errorObject(refusal)))
        }
        var environment = self.environment
        if let name = op.passwordEnv {
            guard let password = environment[name], !password.isEmpty else {
                let e = HubError.usage("Line \(op.line): the environment variable \(HubError.quoted(name)) named by \"password-env\" is not set or empty.", code: .noPassword)
                return (e.exitCode, BatchResults.failure(line: op.line, digest: op.digest, exitCode: e.exitCode, errorObject: BatchResults.errorObject(e)))
            }
            environment[GlobalSetting.password.environment!] = password
        }
        let run = runLine(op, environment, transport)
        let code = run.exitCode
        // Human lines (warnings, --verbose) go on to the batch's stderr; the error document, if
        // any, into the result.
        var errorObject: Data?
        let errText = run.stderr
        for piece in errText.split(separator: 0x0A) {
            let prefix = Data("{\"error\":".utf8)
            if piece.starts(with: prefix), piece.last == UInt8(ascii: "}") {
                errorObject = Data(piece.dropFirst(prefix.count).dropLast())
            } else {
                note("line \(op.line): " + String(decoding: piece, as: UTF8.self))
            }
        }
        if code == 0 { return (0, BatchResults.success(line: op.line, digest: op.digest, stdout: run.stdout)) }
        let object = errorObject ?? BatchResults.errorObject(HubError(.internal, code: .internal, "The command failed with exit code \(code) without an error document."))
        return (code, BatchResults.failure(line: op.line, digest: op.digest, exitCode: code, errorObject: object))
    }
}
