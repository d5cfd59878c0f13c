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

// MARK: - Shards

/// `--shard I/N`: the lines whose identity hashes to I modulo N.
struct BatchShard: Equatable {
    let index: Int
    let count: Int

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init(parsing text: String, environment: [String: String]) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else {
            throw HubError.usage("--shard must be I/N with 0 <= I < N, e.g. 0/4, or /N to take I from JOB_COMPLETION_INDEX (got '\(text)').")
        }
        let indexText = parts[0].isEmpty ? environment["JOB_COMPLETION_INDEX"] : String(parts[0])
        guard let indexText else {
            throw HubError.usage("--shard \(text) takes the shard index from JOB_COMPLETION_INDEX, which is not set. Give it as I/\(count).")
        }
        guard let index = Int(indexText), (0..<count).contains(index) else {
            throw HubError.usage("The shard index must be a whole number from 0 to \(count - 1) (got '\(indexText)').")
        }
        self.init(index: index, count: count)
    }

    func owns(_ identity: String) -> Bool {
        Int(Self.fnv1a(identity) % UInt64(count)) == index
    }

    /// 64-bit FNV-1a of the UTF-8 bytes: the same on every machine and every run (Swift's
    /// `Hasher` is seeded per process, so it cannot split work across machines).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

// MARK: - Input

/// Where the NDJSON comes from: stdin (through the context's input) or a file read line by line,
/// never all at once.
enum BatchInput {
    case standardInput(any InputSource)
    case file(LineFile)

    /// Longest line accepted; a longer one is a usage error for that line.
    static let maxLineBytes = 1 << 20

    static func open(_ path: String) throws -> LineFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw HubError.noInput("Cannot read the batch file \(path): \(String(cString: strerror(errno))). Check the path.", code: .fileNotFound)
        }
        guard info.st_mode & S_IFMT != S_IFDIR, let stream = fopen(path, "re") else {
            throw HubError.noInput("Cannot read the batch file \(path). Check that it is a readable file.", code: .unreadable)
        }
        return LineFile(stream: stream, regularFileSize: info.st_mode & S_IFMT == S_IFREG ? Int64(info.st_size) : nil)
    }

    func readLine() -> String? {
        switch self {
        case .standardInput(let source): return source.readLine()
        case .file(let file): return file.readLine()
        }
    }
}

/// A file read one line at a time with getline(3).
/// `@unchecked Sendable`: the FILE pointer is only used by `readLine`, which the batch calls under
/// its scheduler's lock.
final class LineFile: @unchecked Sendable {
    private let stream: UnsafeMutablePointer<FILE>
    let regularFileSize: Int64?
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    init(stream: UnsafeMutablePointer<FILE>, regularFileSize: Int64?) {
        self.stream = stream
        self.regularFileSize = regularFileSize
    }

    deinit {
        free(buffer)
        fclose(stream)
    }

    func readLine() -> String? {
        let n = getline(&buffer, &capacity, stream)
        guard n >= 0, let buffer else { return nil }
        var length = n
        if length > 0, buffer[length - 1] == 0x0A { length -= 1 }
        if length > 0, buffer[length - 1] == 0x0D { length -= 1 }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}

// MARK: - Operations

/// One line of the input, parsed.
struct BatchOperation: Sendable {
    let line: Int
    /// (server, app id, user, profile) as the line and the batch's flags give them: the unit of
    /// ordering and of sharding.
    let identity: String
    let arguments: [String]
    let server: String?
    let appId: String?
    let user: String?
    let profile: String?
    let passwordEnv: String?
    /// Set when the line cannot run (not JSON, an unknown key, a command batch does not run).
    let refusal: HubError?

    static let keys: Set<String> = ["command", "server", "app-id", "user", "profile", "password-env"]
    /// Command groups a batch runs; the others prompt, read stdin, or print text.
    static let allowedCommands: Set<String> = ["register", "unregister", "settings", "acp", "status", "plist",
                                                "push", "logs", "usage", "whoami", "policy"]

    init(line: Int, text: String, batch: GlobalOptions) {
        self.line = line
        var arguments: [String] = []
        var strings: [String: String] = [:]
        var refusal: HubError?
        if text.utf8.count > BatchInput.maxLineBytes {
            refusal = HubError.usage("Line \(line) is longer than \(BatchInput.maxLineBytes) bytes.")
        } else if let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] {
            if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
                refusal = HubError.usage("Line \(line) has an unknown key \(HubError.quoted(unknown)); the keys are \(Self.keys.sorted().joined(separator: ", ")).")
            } else if let command = object["command"] as? [String], let first = command.first {
                arguments = command
                if !Self.allowedCommands.contains(first) {
                    refusal = HubError.usage("Line \(line): \(HubError.quoted(first)) cannot run in a batch; the commands are \(Self.allowedCommands.sorted().joined(separator: ", ")).")
                } else if command.contains(where: { ["--password-stdin", "--help", "-h", "--version"].contains($0) || $0.hasPrefix("--error-format") }) {
                    refusal = HubError.usage("Line \(line): --password-stdin, --help, --version and --error-format cannot be used in a batch (use \"password-env\" for a password; errors are always JSON in the results).")
                }
            } else {
                refusal = HubError.usage("Line \(line) has no \"command\": give the arguments as a non-empty array of strings, e.g. {\"command\": [\"settings\", \"get\"]}.")
            }
            for key in Self.keys where key != "command" {
                guard let value = object[key] else { continue }
                if let s = value as? String { strings[key] = s } else if refusal == nil {
                    refusal = HubError.usage("Line \(line): \"\(key)\" must be a string.")
                }
            }
        } else {
            refusal = HubError.usage("Line \(line) is not a JSON object; each line is one operation, e.g. {\"command\": [\"settings\", \"get\"], \"user\": \"u17\"}.")
        }
        self.arguments = arguments
        server = strings["server"]
        appId = strings["app-id"]
        user = strings["user"]
        profile = strings["profile"]
        passwordEnv = strings["password-env"]
        self.refusal = refusal
        identity = [server ?? batch.server ?? "", appId ?? batch.appId ?? "", user ?? batch.user ?? "",
                    profile ?? batch.profile ?? ""].joined(separator: "\n")
    }
}

// MARK: - Results

enum BatchResults {
    /// Adds the line numbers an earlier results file reports with exit code 0. A line that is not
    /// a result (the cut-off last line of a killed run) is skipped: that operation runs again.
    static func succeededLines(in path: String, into done: inout Set<Int>) throws {
        let file: LineFile
        do { file = try BatchInput.open(path) } catch let e as HubError {
            throw HubError(e.kind, code: e.code, "Cannot read the results file \(path) given to --resume. Check the path (the file is the stdout of an earlier batch).")
        }
        while let text = file.readLine() {
            guard !text.isEmpty,
                  let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
                  let line = object["line"] as? Int, let code = object["exitCode"] as? Int, code == 0 else { continue }
            done.insert(line)
        }
    }

    /// `{"line":N,"exitCode":0,"output":…}`: the command's own compact JSON document embedded as it is.
    static func success(line: Int, stdout: Data) -> Data {
        var body = stdout
        while let last = body.last, last == 0x0A || last == 0x0D || last == 0x20 { body.removeLast() }
        var result = Data("{\"line\":\(line),\"exitCode\":0,\"output\":".utf8)
        if body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "[") {
            result.append(body)
        } else if body.isEmpty {
            result.append(Data("null".utf8))
        } else {
            result.append((try? JSONOutput.encode(["text": String(decoding: body, as: UTF8.self)], pretty: false)) ?? Data("null".utf8))
        }
        result.append(Data("}".utf8))
        return result
    }

    /// `{"line":N,"exitCode":C,"error":{…}}`, the error object as `Console.emitError` wrote it.
    static func failure(line: Int, exitCode: Int32, errorObject: Data) -> Data {
        var result = Data("{\"line\":\(line),\"exitCode\":\(exitCode),\"error\":".utf8)
        result.append(errorObject)
        result.append(Data("}".utf8))
        return result
    }

    static func errorObject(_ error: HubError) -> Data {
        (try? JSONOutput.encode(ErrorDocument(error).error, pretty: false)) ?? Data("{}".utf8)
    }

    /// The exit codes of failed lines from most to least severe: a bug, then what the input or the
    /// set-up must fix (usage, configuration, credentials, local files, data), then what may pass
    /// by itself (unavailable, temporary), so a re-run with --resume is the answer to the last two.
    static let severity: [Int32] = [70, 64, 78, 77, 73, 65, 66, 69, 75]

    static func moreSevere(_ a: Int32, than b: Int32) -> Bool {
        if b == 0 { return a != 0 }
        let rank = { (code: Int32) in severity.firstIndex(of: code) ?? severity.count }
        return rank(a) < rank(b)
    }
}

// MARK: - Scheduling

/// Hands operations to the workers: file order within an identity, one operation of an identity in
/// flight at a time, and at most `window` lines read ahead (so a 100,000-line batch is never all in
/// memory). `@unchecked Sendable`: every field is used only under `condition`'s lock.
final class BatchScheduler: @unchecked Sendable {
    private let condition = NSCondition()
    private var queues: [String: [BatchOperation]] = [:]
    private var ready: [String] = []
    private var readyHead = 0
    private var busy = Set<String>()
    private var buffered = 0
    private var inputDone = false
    private let window: Int
    /// Reads the next operation to run (after shard and resume filtering); nil at the end.
    private let readNext: () -> BatchOperation?

    init(window: Int, readNext: @escaping () -> BatchOperation?) {
        self.window = window
        self.readNext = readNext
    }

    func next() -> BatchOperation? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while !inputDone, buffered < window {
                guard let op = readNext() else { inputDone = true; break }
                enqueue(op)
            }
            if readyHead < ready.count {
                let identity = ready[readyHead]
                readyHead += 1
                if readyHead > 1024, readyHead * 2 > ready.count {
                    ready.removeFirst(readyHead)
                    readyHead = 0
                }
                let op = queues[identity]!.removeFirst()
                busy.insert(identity)
                buffered -= 1
                return op
            }
            if inputDone, buffered == 0 { return nil }
            condition.wait()
        }
    }

    func finished(_ op: BatchOperation) {
        condition.lock()
        defer { condition.unlock() }
        busy.remove(op.identity)
        if let queue = queues[op.identity], !queue.isEmpty {
            ready.append(op.identity)
        } else {
            queues[op.identity] = nil
        }
        condition.broadcast()
    }

    private func enqueue(_ op: BatchOperation) {
        let wasEmpty = queues[op.identity]?.isEmpty ?? true
        queues[op.identity, default: []].append(op)
        buffered += 1
        if wasEmpty, !busy.contains(op.identity) { ready.append(op.identity) }
    }
}

// MARK: - Running

/// Runs the operations of one batch and writes their results.
final class BatchRunner: Sendable {
    private let context: CommandContext
    private let batchGlobal: GlobalOptions
    private let concurrency: Int
    private let scheduler: BatchScheduler
    private let driver: CurlMultiDriver?
    private let transport: TransportFactory
    private let progress: BatchProgress?
    private let parsed = ParsedCommands()

    private struct Tally {
        var succeeded = 0
        var failed: [Int32: Int] = [:]
        var skipped = 0
        var severest: Int32 = 0
    }
    /// A class around the counts, so the line reader can hold it while `self` is being made.
    private final class Counts: Sendable {
        let tally = Mutex(Tally())
    }
    private let counts = Counts()

    init(context: CommandContext, batchGlobal: GlobalOptions, concurrency: Int, shard: BatchShard?,
         skip: Set<Int>, input: BatchInput) throws {
        self.context = context
        self.batchGlobal = batchGlobal
        self.concurrency = concurrency
        if context.usesDefaultTransport {
            let driver = try CurlMultiDriver(maxConnections: concurrency * 2)
            self.driver = driver
            transport = { try CurlHTTPClient(options: $0, driver: driver) }
        } else {
            driver = nil
            transport = context.makeHTTPTransport
        }
        var total: Int64?
        if case .file(let f) = input { total = f.regularFileSize }
        progress = context.showsProgress ? BatchProgress(console: context.console, totalBytes: total) : nil

        let counts = self.counts
        let progress = self.progress
        var lineNumber = 0
        scheduler = BatchScheduler(window: max(64, concurrency * 16)) {
            while let text = input.readLine() {
                lineNumber += 1
                progress?.read(bytes: text.utf8.count + 1)
                if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
                if skip.contains(lineNumber) {
                    counts.tally.withLock { $0.skipped += 1 }
                    continue
                }
                let op = BatchOperation(line: lineNumber, text: text, batch: batchGlobal)
                if let shard, !shard.owns(op.identity) { continue }
                return op
            }
            return nil
        }
    }

    /// Runs every operation and returns the batch's exit code.
    func run() -> Int32 {
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
        driver?.shutdown()
        progress?.finish()
        let t = counts.tally.withLock { $0 }
        let elapsed = started.duration(to: .now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let ran = t.succeeded + t.failed.values.reduce(0, +)
        var summary = "hubctl batch: \(ran) operation\(ran == 1 ? "" : "s"), \(t.succeeded) succeeded"
        if !t.failed.isEmpty {
            let parts = t.failed.keys.sorted { BatchResults.moreSevere($0, than: $1) }.map { "\(t.failed[$0]!) with exit \($0)" }
            summary += ", \(t.failed.values.reduce(0, +)) failed (\(parts.joined(separator: ", ")))"
        }
        if t.skipped > 0 { summary += ", \(t.skipped) skipped (succeeded before, --resume)" }
        summary += String(format: " in %.1f s (%.0f/s).", seconds, seconds > 0 ? Double(ran) / seconds : 0)
        context.console.note(summary)
        return t.severest
    }

    private func record(_ code: Int32, _ result: Data) {
        var line = result
        line.append(0x0A)
        context.console.writeRaw(line)
        counts.tally.withLock { t in
            if code == 0 { t.succeeded += 1 } else { t.failed[code, default: 0] += 1 }
            if BatchResults.moreSevere(code, than: t.severest) { t.severest = code }
        }
        progress?.completed(failed: code != 0)
    }

    /// One operation through the same path as a command line: parsed by `Hubctl.run`, given a
    /// context with the line's configuration, its output captured.
    private func execute(_ op: BatchOperation) -> (Int32, Data) {
        if let refusal = op.refusal {
            return (refusal.exitCode, BatchResults.failure(line: op.line, exitCode: refusal.exitCode, errorObject: BatchResults.errorObject(refusal)))
        }
        var environment = context.environment
        if let name = op.passwordEnv {
            guard let password = environment[name], !password.isEmpty else {
                let e = HubError.usage("Line \(op.line): the environment variable \(HubError.quoted(name)) named by \"password-env\" is not set or empty.", code: .noPassword)
                return (e.exitCode, BatchResults.failure(line: op.line, exitCode: e.exitCode, errorObject: BatchResults.errorObject(e)))
            }
            environment["HUBCTL_PASSWORD"] = password
        }
        let out = Mutex(Data())
        let err = Mutex(Data())
        let console = Console(stdoutIsTerminal: false, stderrIsTerminal: false,
                              out: { data in out.withLock { $0.append(data) } },
                              err: { data in err.withLock { $0.append(data) } })
        let batch = batchGlobal, transport = self.transport, parsed = self.parsed
        let code = Hubctl.run(op.arguments, console: console, parse: { try parsed.command(for: op.arguments) }) { lineGlobal in
            CommandContext(global: Self.merge(line: lineGlobal, op: op, batch: batch), console: console,
                           environment: environment, input: BufferedInput(), transport: transport)
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
                context.console.note("line \(op.line): " + String(decoding: piece, as: UTF8.self))
            }
        }
        if code == 0 { return (0, BatchResults.success(line: op.line, stdout: out.withLock { $0 })) }
        let object = errorObject ?? BatchResults.errorObject(HubError(.internal, code: .internal, "The command failed with exit code \(code) without an error document."))
        return (code, BatchResults.failure(line: op.line, exitCode: code, errorObject: object))
    }

    /// The line's options: its command's own flags first, then the line's keys, then the batch's
    /// flags; never a prompt.
    static func merge(line: GlobalOptions, op: BatchOperation, batch: GlobalOptions) -> GlobalOptions {
        var g = line
        g.server = line.server ?? op.server ?? batch.server
        g.appId = line.appId ?? op.appId ?? batch.appId
        g.user = line.user ?? op.user ?? batch.user
        g.profile = line.profile ?? op.profile ?? batch.profile
        g.plist = line.plist ?? batch.plist
        g.cert = line.cert ?? batch.cert
        g.key = line.key ?? batch.key
        g.pkcs12 = line.pkcs12 ?? batch.pkcs12
        g.certProvider = line.certProvider ?? batch.certProvider
        g.cacert = line.cacert ?? batch.cacert
        g.apiVersion = line.apiVersion ?? batch.apiVersion
        g.home = line.home ?? batch.home
        g.timeout = line.timeout ?? batch.timeout
        g.deadline = line.deadline ?? batch.deadline
        g.vaultPassphraseFile = line.vaultPassphraseFile ?? batch.vaultPassphraseFile
        g.oauthClientId = line.oauthClientId ?? batch.oauthClientId
        g.redirectUri = line.redirectUri ?? batch.redirectUri
        g.oauthAuthorizeUrl = line.oauthAuthorizeUrl ?? batch.oauthAuthorizeUrl
        g.oauthTokenUrl = line.oauthTokenUrl ?? batch.oauthTokenUrl
        g.appVersion = line.appVersion ?? batch.appVersion
        g.platform = line.platform ?? batch.platform
        g.insecure = line.insecure || batch.insecure
        g.anonymous = line.anonymous || batch.anonymous
        g.verbose = line.verbose || batch.verbose
        g.noInput = true
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

// MARK: - Progress

/// `[#####-----]  52%  5210 done, 3 failed, 830/s, ETA 6s` on stderr, only on a terminal. The
/// share is of the input's bytes read (a file's size is known; stdin shows counts and rate only).
final class BatchProgress: Sendable {
    private struct State {
        var bytesRead: Int64 = 0
        var done = 0
        var failed = 0
        var lastDraw = ContinuousClock.now - .seconds(1)
        var drawn = false
        var finished = false
    }
    private let console: Console
    private let totalBytes: Int64?
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    init(console: Console, totalBytes: Int64?) {
        self.console = console
        self.totalBytes = totalBytes
    }

    func read(bytes: Int) { state.withLock { $0.bytesRead += Int64(bytes) } }

    func completed(failed: Bool) {
        state.withLock { s in
            s.done += 1
            if failed { s.failed += 1 }
            let now = ContinuousClock.now
            guard !s.finished, s.lastDraw.duration(to: now) > .milliseconds(100) else { return }
            s.lastDraw = now
            s.drawn = true
            draw(s, now: now)
        }
    }

    private func draw(_ s: State, now: ContinuousClock.Instant) {
        let elapsed = started.duration(to: now).components
        let seconds = max(0.001, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        let rate = Double(s.done) / seconds
        var text = "\r"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(s.bytesRead) / Double(totalBytes))
            let filled = Int(fraction * 20)
            text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]"
            text += String(format: " %3.0f%%", fraction * 100)
            if fraction > 0 {
                let eta = max(0, seconds / fraction - seconds)
                text += String(format: " %d done, %d failed, %.0f/s, ETA %.0fs", s.done, s.failed, rate, eta)
            }
        } else {
            text += String(format: "%d done, %d failed, %.0f/s", s.done, s.failed, rate)
        }
        console.rawErr(text + "\u{1B}[K")
    }

    func finish() {
        state.withLock { s in
            guard !s.finished else { return }
            s.finished = true
            if s.drawn { console.rawErr("\r\u{1B}[K") }
        }
    }
}
