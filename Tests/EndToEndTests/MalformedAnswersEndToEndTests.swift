// Answers that are not what they should be, through the built hubctl: a body that is not one
// Connection entity (65), an answer that is not HTTP or is cut off in its headers (69), a bundle
// whose manifest is a directory (65). Stdout stays empty and nothing is recorded.

import Foundation
import Testing

/// A TCP server on a free loopback port that answers every connection with the same raw bytes and
/// closes it (python3, as the archive factory uses); stopped when the value goes away.
final class RawServer: Sendable {
    let process: Process
    let port: Int
    private let dir = TempDir("raw")

    init(answer: String) throws {
        let script = """
        import socket, sys
        answer, port_file = sys.argv[1].encode("latin-1"), sys.argv[2]
        s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
        with open(port_file + ".tmp", "w") as f: f.write(str(s.getsockname()[1]))
        import os; os.rename(port_file + ".tmp", port_file)
        while True:
            c, _ = s.accept()
            c.settimeout(5)
            data = b""
            try:
                while b"\\r\\n\\r\\n" not in data:
                    chunk = c.recv(65536)
                    if not chunk: break
                    data += chunk
                c.sendall(answer)
            except OSError:
                pass
            c.close()
        """
        (process, port) = try startLoopbackScript(script, [answer], portFile: dir.file("port"))
    }

    deinit { stopLoopbackScript(process) }
}

/// Runs `python3 -c script arguments… portFile` and returns the process and the port its server
/// listens on: the script writes the port to `portFile` (renamed into place, so whole) once it listens.
/// The server ends when its stdin, a pipe from this process, reaches its end: when the test drops
/// the Process or the test process ends however it ends, no server is left behind.
/// Stops a server of `startLoopbackScript` and waits for it. SIGKILL: the test process may run with
/// SIGTERM blocked, and a blocked mask is inherited by the child.
func stopLoopbackScript(_ process: Process) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}

func startLoopbackScript(_ script: String, _ arguments: [String], portFile: String) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    let watchdog = """
    import os as _os, sys as _sys, threading as _threading
    _threading.Thread(target=lambda: (_sys.stdin.buffer.read(), _os._exit(0)), daemon=True).start()

    """
    process.arguments = ["-c", watchdog + script] + arguments + [portFile]
    process.standardInput = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var port: Int?
    for _ in 0..<200 where port == nil {
        port = FileManager.default.contents(atPath: portFile).flatMap { Int(String(decoding: $0, as: UTF8.self)) }
        if port == nil { usleep(25_000) }
    }
    guard let port else {
        stopLoopbackScript(process)
        throw HarnessError("the loopback server script did not start")
    }
    return (process, port)
}

extension RawServer {
    /// hubctl set up to register the demo user at this server, and what `register` did there:
    /// the failure it must be, with stdout empty and nothing recorded.
    func registerFails(_ status: Int32, _ code: String, extraArguments: [String] = []) throws -> RunResult {
        let hub = Hubctl(environment: ["HUBCTL_SERVER": "http://127.0.0.1:\(port)", "HUBCTL_APP_ID": "com.example.demo",
                                       "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "demo-password"])
        let r = try hub.run(["register"] + extraArguments)
        #expect(r.status == status, "\(r)")
        #expect(r.errorCode == code, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect((try hub("status").json?["registrations"] as? [Any])?.isEmpty == true, "nothing recorded")
        return r
    }
}

@Suite(.serialized) struct MalformedAnswersEndToEndTests {
    @Test(arguments: [#"{"d":null}"#, #"{"d":[1]}"#, #"{"d":{"results":[]}}"#, #"{"d":"text"}"#])
    func anAnswerThatIsNotOneConnectionIs65(_ body: String) throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let fault = String(decoding: try JSONSerialization.data(withJSONObject: ["garbage": body, "count": 1]), as: UTF8.self)
        #expect(try emu.control("POST", "/_emulator/faults", json: fault).status < 300)
        let r = try hub("settings", "get")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "malformed_response", "\(r)")
        #expect(r.stdout.isEmpty)
    }

    // An HTML page instead of the answer: in-process, Tests/HubCLITests/MalformedAnswersInProcessTests.swift.

    @Test(arguments: ["HTTP/1.1 abc\r\n\r\n", "SSH-2.0-OpenSSH_9.2\r\n\r\n", "HTTP/7.3 200 OK\r\n\r\n"])
    func anAnswerThatIsNotHTTPIs69(_ answer: String) throws {
        _ = try RawServer(answer: answer).registerFails(69, "invalid_response")
    }

    @Test func headersCutOffAre69AfterTheRetries() throws {
        let server = try RawServer(answer: "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Le")
        let r = try server.registerFails(69, "connection_lost", extraArguments: ["--verbose"])
        // One --verbose line per attempt: the cut answer was retried like a lost connection.
        let attempts = r.err.split(separator: "\n").filter { $0.hasPrefix("hubctl: POST ") }
        #expect(attempts.count == 4, "\(r.err)")
    }

    @Test func aManifestThatIsADirectoryIs65() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let file = hub.dir.file("dir-manifest.zip")
        let script = """
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w") as z:
            z.writestr("META-INF/MANIFEST.MF/", b"")
            z.writestr("tiles/home.json", b"{}")
        """
        #expect(try run("/usr/bin/python3", ["-c", script, file]).status == 0)
        try emu.publish(file, id: "Appmc:1.0.0")
        let r = try hub("acp", "fetch")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "manifest_invalid", "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: hub.dir.path + "/home/acp/com.example.demo/current"))
    }
}
