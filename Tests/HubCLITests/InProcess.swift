// Runs hubctl commands in this process against an in-process hubctl-emulator, and decodes what
// they print. Fast paths only: exit codes of the real process, terminals and signals stay with
// the end-to-end tests through the binary.

import Foundation
@testable import HubCLI
import HubCore
import HubEmulator
import HubServices
import HubTransport
import Hummingbird
import Logging
import Synchronization
import Testing

/// A hubctl-emulator served on a free loopback port by this process, for one test.
final class InProcessEmulator: Sendable {
    let url: String
    private let task: Task<Void, any Error>

    private init(url: String, task: Task<Void, any Error>) {
        self.url = url
        self.task = task
    }

    static func start(_ configuration: EmulatorConfiguration = EmulatorConfiguration()) async throws -> InProcessEmulator {
        let server = EmulatorServer(configuration: configuration)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = server.application(port: 0, logger: Logger(label: "emulator", factory: { _ in SwiftLogNoOpLogHandler() })) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let task = Task { try await app.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CommandTestError("the emulator did not start") }
        return InProcessEmulator(url: "http://127.0.0.1:\(port)", task: task)
    }

    func stop() { task.cancel() }

    /// A call to the emulator's control API (`/_emulator/…`), checked for a 2xx answer.
    @discardableResult
    func control(_ method: String, _ path: String, json: String? = nil, body: Data? = nil,
                 headers: [HubTransport.HTTPHeader] = []) throws -> HubTransport.HTTPResponse {
        let client = try CurlHTTPClient(options: TransportOptions(retry: RetryPolicy(maxAttempts: 1)))
        var all = headers
        if json != nil { all.append(HTTPHeader("Content-Type", "application/json")) }
        let response = try client.send(HubTransport.HTTPRequest(method: method, url: url + path, headers: all,
                                                   body: json.map { Data($0.utf8) } ?? body))
        guard (200..<300).contains(response.status) else {
            throw CommandTestError("\(method) \(path): HTTP \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
        return response
    }
}

struct CommandTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What one in-process command printed, and its exit code.
struct CommandResult: CustomStringConvertible {
    var exitCode: Int32
    /// stdout and stderr as text.
    var out = "", err = ""

    var stdout: Data { Data(out.utf8) }
    /// stdout as one JSON value.
    var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: stdout) }
    /// The `error` object of the error document, the last JSON line on stderr.
    var error: JSONValue? {
        guard let line = err.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else { return nil }
        return (try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)))?["error"]
    }
    var errorCode: String? { error?["code"]?.stringValue }
    var description: String { "exit \(exitCode)\nstdout: \(out)\nstderr: \(err)" }
}

/// A private home, configuration and environment for commands run in-process.
final class CommandBench: Sendable {
    let emulator: InProcessEmulator
    let root: String
    let environment: [String: String]

    init(emulator: InProcessEmulator, app: String = "com.example.demo", user: String = "demo",
         password: String = "demo-password", extra: [String: String] = [:]) throws {
        self.emulator = emulator
        root = NSTemporaryDirectory() + "hubctl-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var env = ["HOME": root, "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data",
                   "HUBCTL_SERVER": emulator.url, "HUBCTL_APP_ID": app, "HUBCTL_USER": user,
                   "HUBCTL_PASSWORD": password, "HUBCTL_TIMEOUT": "20"]
        for (k, v) in extra { env[k] = v }
        environment = env
    }

    deinit {
        emulator.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    var home: String { root + "/data/hubctl" }

    /// Runs `hubctl ARGS` in this process (on its own thread: libcurl blocks) and collects the output.
    /// `argumentParser`: parsed by ArgumentParser even where the fast path would take the line.
    func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: String = "",
             transport: @escaping TransportFactory = CommandContext.curlTransport,
             argumentParser: Bool = false) async -> CommandResult {
        var env = environment
        for (k, v) in extra { env[k] = v }
        let environment = env
        let out = Mutex(Data()), err = Mutex(Data())
        let console = Console(stdoutIsTerminal: false, stderrIsTerminal: false,
                              out: { data in out.withLock { $0.append(data) } },
                              err: { data in err.withLock { $0.append(data) } })
        let input = BufferedInput(stdin)
        let code = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            Thread {
                let context = { CommandContext(console: console, environment: environment, input: input, transport: transport) }
                done.resume(returning: argumentParser
                    ? Hubctl.run(arguments, console: console, parse: { try Hubctl.parseAsRoot(ArgumentOrder.normalize(arguments)) },
                                 makeContext: context)
                    : Hubctl.run(arguments, console: console, makeContext: context))
            }.start()
        }
        return CommandResult(exitCode: code, out: String(decoding: out.withLock { $0 }, as: UTF8.self),
                             err: String(decoding: err.withLock { $0 }, as: UTF8.self))
    }
}

/// A zip bundle with the manifest an ACP needs, made with Python's zipfile (as the end-to-end tests do).
func makeBundle(name: String = "Appmc", version: String = "1.0.0") throws -> Data {
    let path = NSTemporaryDirectory() + "bundle-\(UUID().uuidString).zip"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let script = """
    import sys, zipfile
    path, name, version = sys.argv[1:4]
    manifest = f"Manifest-Version: 1.0\\nCustomization-Resource-Bundle-Name: {name}\\nCustomization-Resource-Bundle-Version: {version}\\n"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("META-INF/MANIFEST.MF", manifest)
        z.writestr("tiles/home.json", '{"title": "%s"}' % version)
    """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, path, name, version]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: path) else {
        throw CommandTestError("python3 could not make the bundle")
    }
    return data
}
