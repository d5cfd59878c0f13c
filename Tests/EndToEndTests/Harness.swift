// Runs the built hubctl and hubctl-emulator binaries as a user would, and captures what they print.
//
// Every end-to-end suite is `.serialized`, and `make test` runs them with `--no-parallel`: each test
// blocks a thread of the test runner's pool (as many threads as the machine has cores) while its
// processes run, and Foundation's `Process` needs a thread of that same pool to report an exit, so
// several such tests at once can wait on each other forever on a two-core machine. Each test still
// owns its state (its own emulator, home and temporary directory).

import Foundation
import Testing

/// Where the built binaries are: $HUBCTL_BIN_DIR, else next to this test bundle.
enum Binaries {
    static let directory: String = {
        if let dir = ProcessInfo.processInfo.environment["HUBCTL_BIN_DIR"], !dir.isEmpty { return dir }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The test bundle may be a directory (…/hubctlPackageTests.xctest/…) on some toolchains.
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("hubctl").path) {
            url = url.deletingLastPathComponent()
        }
        return url.path
    }()
    static var hubctl: String { directory + "/hubctl" }
    static var emulator: String { directory + "/hubctl-emulator" }
}

/// A fresh private directory, removed when the value goes away.
final class TempDir: Sendable {
    let path: String
    init(_ label: String = "e2e") {
        path = NSTemporaryDirectory() + "hubctl-\(label)-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }
    func file(_ name: String) -> String { path + "/" + name }
    /// A clienthub.plist with every mandatory key (plist validate accepts it); returns its path.
    func writeValidClientHubPlist() -> String {
        write("clienthub.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>Host</key><string>smp.example.com</string><key>Port</key><string>443</string>
          <key>FarmID</key><string>0</string><key>SecurityConfiguration</key><string>SSO</string>
          <key>UserCreationPolicy</key><string>manual</string>
        </dict></plist>
        """)
    }
    func write(_ name: String, _ text: String) -> String {
        let p = file(name)
        try! FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

struct RunResult: CustomStringConvertible {
    var status: Int32
    var stdout: Data
    var stderr: Data
    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
    /// stdout parsed as JSON (nil when it is not one JSON document).
    var json: [String: Any]? { try? JSONSerialization.jsonObject(with: stdout) as? [String: Any] }
    /// The `error` object of the JSON error document on stderr.
    var error: [String: Any]? {
        let line = err.split(separator: "\n").last(where: { $0.hasPrefix("{") }).map(String.init) ?? ""
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["error"] as? [String: Any]
    }
    var errorCode: String? { error?["code"] as? String }
    var description: String { "exit \(status)\nstdout: \(out)\nstderr: \(err)" }
}

/// Runs a program with a clean environment (HOME and XDG dirs inside `home` unless given).
/// `standardInput`: a descriptor of the test's (a FIFO's end) as its stdin instead of a pipe that
/// carries `stdin`; `started` runs once the program has started.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
         stdin: Data? = nil, standardInput: FileHandle? = nil, started: () -> Void = {},
         timeout: TimeInterval = 120) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env: [String: String] = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = standardInput ?? inPipe
    try process.run()
    started()
    if let stdin { inPipe.fileHandleForWriting.write(stdin) }
    try? inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty child cannot block on a full pipe. The readers are
    // threads of their own, not the global dispatch queue: tests run on that queue's few threads
    // (as many as the machine has cores), and a test blocked here must not be waiting for a reader
    // queued behind it.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    Thread { outData = outPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }.start()
    group.enter()
    Thread { errData = errPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }.start()
    if group.wait(timeout: .now() + timeout) == .timedOut {
        // SIGKILL, not terminate()'s SIGTERM: a program started from a test's thread inherits that
        // thread's blocked signals, SIGTERM among them, and one stuck in a read would never end.
        kill(process.processIdentifier, SIGKILL)
        Issue.record("\(executable) \(arguments) did not finish within \(timeout)s")
    }
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, stdout: outData, stderr: errData)
}

/// Another program holding an exclusive flock(2) on a file: flock(1), for up to 20 s, returned once
/// it holds the lock; `release()` (in a `defer`) ends it.
struct LockHolder {
    let process = Process()

    init(_ path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = ["--exclusive", "--no-fork", path, "sleep", "20"]
        try process.run()
        var held = false
        for _ in 0..<200 where !held {
            held = try run("/usr/bin/flock", ["--nonblock", path, "true"]).status != 0
            if !held { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(held, "flock(1) holds \(path)")
    }

    func release() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A hubctl invocation with its own isolated home, config and XDG directories.
struct Hubctl {
    let dir: TempDir
    var environment: [String: String]

    init(dir: TempDir = TempDir("hubctl"), environment: [String: String] = [:]) {
        self.dir = dir
        var env = ["HOME": dir.path, "HUBCTL_HOME": dir.path + "/home",
                   "XDG_CONFIG_HOME": dir.path + "/config", "XDG_DATA_HOME": dir.path + "/data"]
        for (k, v) in environment { env[k] = v }
        self.environment = env
    }

    @discardableResult
    func callAsFunction(_ arguments: String..., env: [String: String] = [:], stdin: String? = nil) throws -> RunResult {
        try self.run(arguments, env: env, stdin: stdin.map { Data($0.utf8) })
    }

    @discardableResult
    func run(_ arguments: [String], env: [String: String] = [:], stdin: Data? = nil, standardInput: FileHandle? = nil,
             started: () -> Void = {}, timeout: TimeInterval = 120) throws -> RunResult {
        var merged = environment
        for (k, v) in env { merged[k] = v }
        return try EndToEndTests.run(Binaries.hubctl, arguments, environment: merged, stdin: stdin,
                                     standardInput: standardInput, started: started, timeout: timeout)
    }
}

/// hubctl-emulator started as a process on a free loopback port, stopped on deinit.
final class Emulator: Sendable {
    let process: Process
    let url: String
    let dir: TempDir

    /// `config` is the emulator's JSON configuration (see hubctl-emulator --help); nil = defaults.
    /// `port`: 0 for a free one, or the port of an emulator stopped before (a restarted server).
    init(config: String? = nil, extraArguments: [String] = [], port: Int = 0) throws {
        dir = TempDir("emu")
        var args = ["--port", String(port), "--host", "127.0.0.1"]
        if let config { args += ["--config", dir.write("emulator.json", config)] }
        args += extraArguments
        process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.emulator)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line names the address: "hubctl-emulator listening on http://127.0.0.1:PORT".
        var buffer = Data()
        let handle = out.fileHandleForReading
        while !buffer.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let range = line.range(of: "http://") else {
            process.terminate()
            throw HarnessError("emulator did not print its address: \(line)")
        }
        url = String(line[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// Calls the emulator's control API (`/_emulator/...`) with a JSON body.
    @discardableResult
    func control(_ method: String, _ path: String, json: String? = nil, body: Data? = nil,
                 headers: [String: String] = [:]) throws -> (status: Int, body: Data) {
        var args = ["-sS", "-X", method, "-o", "-", "-w", "\n%{http_code}", url + path]
        for (k, v) in headers { args += ["-H", "\(k): \(v)"] }
        let dataFile: String?
        if let json { dataFile = dir.write("ctl-\(UUID().uuidString).json", json); args += ["-H", "Content-Type: application/json"] }
        else if let body { let f = dir.file("ctl-\(UUID().uuidString).bin"); try body.write(to: URL(fileURLWithPath: f)); dataFile = f }
        else { dataFile = nil }
        if let dataFile { args += ["--data-binary", "@" + dataFile] }
        let r = try EndToEndTests.run("/usr/bin/curl", args)
        var text = r.out
        let codeLine = text.split(separator: "\n").last.map(String.init) ?? "0"
        if let idx = text.lastIndex(of: "\n") { text = String(text[..<idx]) } else { text = "" }
        return (Int(codeLine) ?? 0, Data(text.utf8))
    }

    /// The port it listens on.
    var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }

    /// Stops the server (SIGTERM) and waits until it has exited.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }
}

/// A scripted peer, `python3 Tests/Interop/<script> ARGS…`, that writes the port it listens on to
/// a file: started, waited for (at most 10 s), and stopped by closing its stdin when dropped.
final class PythonPeer {
    static let interop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Interop")
    let process = Process()
    let input = Pipe()
    let port: Int

    /// `arguments` after the script; `portFile` is where the script writes its port.
    init(_ script: String, _ arguments: [String], portFile: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.interop.appendingPathComponent(script).path] + arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var found: Int?
        for _ in 0..<400 where found == nil {
            found = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
            if found == nil { usleep(25_000) }
        }
        guard let found else { process.terminate(); throw HarnessError("\(script) \(arguments.joined(separator: " ")) did not start") }
        port = found
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// A loopback TCP port bound by a socket that never listens: connections to it are refused, and
/// no other server can bind it until this value goes away.
final class RefusingPort: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw HarnessError("cannot bind a loopback port: errno \(errno)")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// hubctl run on a pseudo-terminal (through `script`), for prompts: read what it shows, answer.
final class TerminalSession {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    /// Everything the terminal showed so far.
    private(set) var seen = ""

    init(_ arguments: String, environment: [String: String], term: String = "xterm") throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(Binaries.hubctl) \(arguments)", "/dev/null"]
        process.environment = environment.merging(["PATH": "/usr/bin:/bin", "TERM": term]) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// Reads the terminal until `text` shows (a readiness check, not a sleep), for at most 30 s.
    func waitFor(_ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !seen.contains(text) && Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        return seen.contains(text)
    }

    func type(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    /// Waits for the end and returns the exit status.
    func finish() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
