// `acp check --wait` through the built hubctl against the emulator (issue 25, item 1): a profile
// assigned during the wait, a server restarted during it, Retry-After, the deadline, signals, ETag.
// Readiness is read from the emulator's request log and hubctl's stderr, never from sleeps; the only
// time assertion is a lower bound the client guarantees (Retry-After).
import Foundation
import Synchronization
import Testing

/// hubctl started in the background: its output collected as it comes, signals sent to it.
final class BackgroundHubctl: Sendable {
    let process: Process
    private let out = LockedData()
    private let err = LockedData()
    private let readersDone = DispatchGroup()

    init(_ hub: Hubctl, _ arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.hubctl)
        process.arguments = arguments
        process.environment = hub.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Threads of their own, as in Harness.run: the test's thread blocks while they read.
        for (pipe, sink) in [(outPipe, out), (errPipe, err)] {
            readersDone.enter()
            let group = readersDone
            Thread {
                let handle = pipe.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    sink.append(chunk)
                }
                group.leave()
            }.start()
        }
    }

    var stderrText: String { String(decoding: err.data, as: UTF8.self) }

    /// Waits (at most `timeout` s) until stderr has `text`: a readiness check.
    func waitForStderr(_ text: String, timeout: TimeInterval = 90) -> Bool {
        eventually(timeout: timeout) { self.stderrText.contains(text) }
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the end (at most `timeout` s, then SIGKILL and a recorded issue) and returns what it printed.
    func finish(timeout: TimeInterval = 120) -> RunResult {
        if !eventually(timeout: timeout, { !self.process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("hubctl \(process.arguments ?? []) did not end within \(timeout) s")
        }
        process.waitUntilExit()
        _ = readersDone.wait(timeout: .now() + 30)
        return RunResult(status: process.terminationStatus, stdout: out.data, stderr: err.data)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// Bytes appended by a reader thread and read by the test.
final class LockedData: Sendable {
    private let bytes = Mutex(Data())
    func append(_ chunk: Data) { bytes.withLock { $0.append(chunk) } }
    var data: Data { bytes.withLock { $0 } }
}

/// Polls `condition` every 50 ms until it holds or `timeout` seconds pass.
func eventually(timeout: TimeInterval = 90, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

extension Emulator {
    /// The protocol requests logged so far that read a connection (GET …/Connections('…')).
    func connectionReads() -> [[String: Any]] {
        guard let (status, body) = try? control("GET", "/_emulator/state"), status == 200,
              let state = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let requests = state["requests"] as? [[String: Any]] else { return [] }
        return requests.filter { ($0["method"] as? String) == "GET" && (($0["path"] as? String)?.contains("/Connections(") ?? false) }
    }

    /// Waits until at least `count` connection reads are logged (and answered).
    func waitForConnectionReads(_ count: Int, timeout: TimeInterval = 90) -> Bool {
        eventually(timeout: timeout) { connectionReads().filter { $0["status"] is Int }.count >= count }
    }
}

@Suite(.serialized) struct ACPWaitEndToEndTests {
    static let seed = "20251125"

    func registered(_ emu: Emulator) throws -> Hubctl {
        let hub = client(emu)
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        return hub
    }

    /// The wait ends when the administrator assigns a profile; meanwhile the checks are conditional
    /// (If-None-Match answered 304), and the assignment changes the ETag so the next check sees it.
    @Test func returnsWhenAProfileIsAssignedAndUsesETags() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        try emu.control("DELETE", "/_emulator/requests")
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(eventually {
            emu.connectionReads().contains { ($0["status"] as? Int) == 304 && ($0["headers"] as? [String: String])?["if-none-match"] != nil }
        }, "a conditional check answered 304")
        let first = try #require(emu.connectionReads().first)
        #expect((first["headers"] as? [String: String])?["if-none-match"] == nil, "the first check is unconditional")
        #expect(waiting.process.isRunning, "still waiting: \(waiting.stderrText)")

        let bundle = hub.dir.file("v1.zip")
        try Archives.make("zip", at: bundle, version: "1.0.0")
        try emu.publish(bundle, id: "Appmc:1.0.0")
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["available"] as? String == "Appmc:1.0.0", "\(r)")
        #expect(r.json?["updateAvailable"] as? Bool == true)
        #expect(r.json?["current"] is NSNull)
        #expect(r.json?["fetch"] == nil)
        // The check that saw it sent the old ETag and got the new entity.
        let last = try #require(emu.connectionReads().last)
        #expect(last["status"] as? Int == 200)
        #expect((last["headers"] as? [String: String])?["if-none-match"] != nil)
    }

    /// The server goes away and comes back (a new process on the same port, with the connection it
    /// had): one stderr line for each change, and the wait ends when the profile is assigned.
    @Test func keepsWaitingThroughAServerRestart() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let state = try emulatorState(emu)
        let connection = try #require((state["connections"] as? [[String: Any]])?.first?["id"] as? String)
        let port = emu.port
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--fetch", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(emu.waitForConnectionReads(1))
        emu.stop()
        #expect(waiting.waitForStderr("the server is unreachable"), "\(waiting.stderrText)")

        let restarted = try Emulator(config: #"{"connections": [{"id": "\#(connection)", "appId": "com.example.demo", "user": "demo"}]}"#,
                                     port: port)
        #expect(restarted.waitForConnectionReads(1))
        #expect(waiting.waitForStderr("the server answers again"), "\(waiting.stderrText)")
        #expect(waiting.process.isRunning, "still waiting: \(waiting.stderrText)")
        let bundle = hub.dir.file("v2.zip")
        try Archives.make("zip", at: bundle, version: "2.0.0")
        try restarted.publish(bundle, id: "Appmc:2.0.0")
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["available"] as? String == "Appmc:2.0.0", "\(r)")
        let fetched = try #require(r.json?["fetch"] as? [String: Any], "\(r)")
        #expect(fetched["bundleId"] as? String == "Appmc:2.0.0")
        #expect(fetched["updated"] as? Bool == true)
        #expect(try hub("acp", "check").json?["current"] as? String == "Appmc:2.0.0")
        // One line when the checks started failing, one when they worked again.
        #expect(r.err.components(separatedBy: "the server is unreachable").count == 2, "\(r.err)")
        #expect(r.err.components(separatedBy: "the server answers again").count == 2, "\(r.err)")
    }

    /// A download cut short is a failed check: reported once, the previous state left as it was,
    /// and the next check fetches it whole.
    @Test func aFetchCutShortIsTriedAgain() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let dest = hub.dir.path + "/home/acp/com.example.demo"
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--fetch", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(emu.waitForConnectionReads(1))
        // The assigned bundle's download, not the checks of the default bundle (none is assigned yet).
        try emu.control("POST", "/_emulator/faults", json: #"{"truncate": true, "count": 1, "path": "/bundles/com.example.demo/Appmc"}"#)
        let bundle = hub.dir.file("big.zip")
        try Archives.make("big", at: bundle, version: "3.0.0", extra: "2")
        try emu.publish(bundle, id: "Appmc:3.0.0")
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        #expect((r.json?["fetch"] as? [String: Any])?["bundleId"] as? String == "Appmc:3.0.0", "\(r)")
        #expect(r.err.components(separatedBy: "connection_lost").count == 2, "\(r.err)")
        #expect(r.err.contains("the server answers again"), "\(r.err)")
        #expect(try hub("acp", "check").json?["current"] as? String == "Appmc:3.0.0")
        #expect(!tree(dest).contains { $0.hasPrefix(".staging") }, "\(tree(dest))")
    }

    /// A new profile that cannot be installed (its manifest names another bundle: 65) is no reason
    /// to exit: the profile in use stays, it is said once, and the wait goes on to the next one.
    @Test func aBrokenNewProfileKeepsTheCurrentOneAndTheWaitGoesOn() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let good = hub.dir.file("good.zip")
        try Archives.make("zip", at: good, version: "1.0.0")
        try emu.publish(good, id: "Appmc:1.0.0")
        #expect(try hub("acp", "fetch").status == 0)
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--fetch", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(emu.waitForConnectionReads(1))
        let broken = hub.dir.file("broken.zip")
        try Archives.make("zip", at: broken, version: "2.0.0")
        try emu.publish(broken, id: "Appmc:9.9.9")
        #expect(waiting.waitForStderr("cannot be installed"), "\(waiting.stderrText)")
        #expect(waiting.process.isRunning, "the wait goes on")
        #expect(try hub("acp", "check").json?["current"] as? String == "Appmc:1.0.0", "the profile in use stays")
        let next = hub.dir.file("next.zip")
        try Archives.make("zip", at: next, version: "3.0.0")
        try emu.publish(next, id: "Appmc:3.0.0")
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        #expect((r.json?["fetch"] as? [String: Any])?["bundleId"] as? String == "Appmc:3.0.0", "\(r)")
        #expect(r.err.components(separatedBy: "cannot be installed").count == 2, "said once: \(r.err)")
    }

    /// A 503 with Retry-After: the next check does not come before the time asked.
    @Test func honoursRetryAfter() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        try emu.control("DELETE", "/_emulator/requests")
        try emu.control("POST", "/_emulator/faults", json: #"{"status": 503, "retryAfter": 3, "count": 1, "path": "/Connections("}"#)
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(emu.waitForConnectionReads(2))
        waiting.signal(SIGTERM)
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        let reads = emu.connectionReads()
        let refused = try #require(reads.first)
        #expect(refused["status"] as? Int == 503)
        let next = try #require(reads.dropFirst().first)
        let gap = ((next["at"] as? Double) ?? 0) - ((refused["at"] as? Double) ?? 0)
        #expect(gap >= 3, "the next check came \(gap) s after the 503 that asked for 3 s")
        #expect(r.err.components(separatedBy: "the server is not answering normally").count == 2, "\(r.err)")
    }

    /// A deadline the user gives bounds the whole wait: 75 when it passes.
    @Test func stopsAtTheDeadline() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let r = try hub("acp", "check", "--wait", "--interval", "1", "--deadline", "3", "--jitter-seed", Self.seed)
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
        #expect(r.out.isEmpty)
        // HUBCTL_DEADLINE counts as given too.
        let viaEnvironment = try hub.run(["acp", "check", "--wait", "--interval", "1"], env: ["HUBCTL_DEADLINE": "2"])
        #expect(viaEnvironment.status == 75, "\(viaEnvironment)")
    }

    /// SIGTERM while waiting with --fetch: exit 0, nothing on stdout, the profile directory as it was;
    /// SIGINT: 130.
    @Test func signalsEndTheWaitCleanly() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let bundle = hub.dir.file("v1.zip")
        try Archives.make("zip", at: bundle, version: "1.0.0")
        try emu.publish(bundle, id: "Appmc:1.0.0")
        #expect(try hub("acp", "fetch").status == 0)
        let dest = hub.dir.path + "/home/acp/com.example.demo"
        let before = tree(dest)
        let currentBefore = try FileManager.default.destinationOfSymbolicLink(atPath: dest + "/current")

        for (signal, status) in [(SIGTERM, Int32(0)), (SIGINT, Int32(130))] {
            try emu.control("DELETE", "/_emulator/requests")
            let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--fetch", "--interval", "1", "--jitter-seed", Self.seed])
            #expect(emu.waitForConnectionReads(2), "\(waiting.stderrText)")
            waiting.signal(signal)
            let r = waiting.finish()
            #expect(r.status == status, "\(signal): \(r)")
            #expect(r.out.isEmpty, "\(signal): \(r)")
            #expect(r.err.contains(signal == SIGTERM ? "stopped by SIGTERM" : "stopped by SIGINT"), "\(r)")
            #expect(tree(dest) == before, "\(signal) changed the profile directory")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dest + "/current") == currentBefore)
        }
        #expect(try hub("acp", "check").json?["current"] as? String == "Appmc:1.0.0")
    }

    /// SIGTERM while the profile is being downloaded: the fetch completes, the profile is switched
    /// to whole, and the wait ends with its document and 0.
    @Test func aSignalDuringTheFetchLetsItFinish() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let dest = hub.dir.path + "/home/acp/com.example.demo"
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--fetch", "--interval", "1", "--jitter-seed", Self.seed])
        #expect(emu.waitForConnectionReads(1))
        // The assigned bundle's download, not the checks of the default bundle (none is assigned yet).
        try emu.control("POST", "/_emulator/faults", json: #"{"delay": 8, "count": 1, "path": "/bundles/com.example.demo/Appmc"}"#)
        let bundle = hub.dir.file("v4.zip")
        try Archives.make("zip", at: bundle, version: "4.0.0")
        try emu.publish(bundle, id: "Appmc:4.0.0")
        // The download has arrived at the server (logged before the 8 s delay): the fetch is under way.
        #expect(eventually {
            guard let state = try? emulatorState(emu), let requests = state["requests"] as? [[String: Any]] else { return false }
            return requests.contains { ($0["path"] as? String)?.contains("/bundles/com.example.demo/Appmc") ?? false }
        })
        waiting.signal(SIGTERM)
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        #expect((r.json?["fetch"] as? [String: Any])?["bundleId"] as? String == "Appmc:4.0.0", "\(r)")
        #expect(r.err.contains("SIGTERM arrived during the fetch"), "\(r)")
        #expect(try hub("acp", "check").json?["current"] as? String == "Appmc:4.0.0")
        #expect(FileManager.default.fileExists(atPath: dest + "/current/META-INF/MANIFEST.MF"))
        #expect(!tree(dest).contains { $0.hasPrefix(".staging") }, "\(tree(dest))")
    }

    /// The flags of --wait need it; --interval is a number of seconds from 1.
    @Test func waitOnlyFlagsNeedWait() throws {
        let hub = Hubctl()
        for arguments in [["--interval", "5"], ["--fetch"], ["--jitter-seed", "1"],
                          ["--wait", "--interval", "0"], ["--wait", "--interval", "nan"], ["--wait", "--interval", "inf"]] {
            let r = try hub.run(["acp", "check"] + arguments + ["--server", "http://127.0.0.1:9", "--app-id", "a"])
            #expect(r.status == 64, "\(arguments): \(r)")
        }
    }
}
