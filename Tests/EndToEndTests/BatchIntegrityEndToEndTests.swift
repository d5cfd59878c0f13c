// Batch integrity through the binary (issue 23 §4, docs/security.md §16): one batch per results
// file, results keyed by line number and the line's digest, an edited jobs file or a file that is
// not results refused under --resume, and lines that would read stdin, send other variables as a
// password, or are not UTF-8 refused alone.

import Foundation
import Testing

@Suite(.serialized) struct BatchIntegrityEndToEndTests {
    func bed() throws -> (Emulator, Hubctl) {
        let emu = try Emulator(config: #"{"applications": [{"id": "com.example.demo", "users": {"demo": "demo-password"}, "userPatterns": {"load-*": "load-password"}}]}"#)
        let hub = Hubctl(environment: ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_PW_LOAD": "load-password"])
        return (emu, hub)
    }

    func register(_ user: String) -> String { #"{"command": ["register"], "user": "\#(user)", "password-env": "HUBCTL_PW_LOAD"}"# }

    /// A batch that holds its results file for as long as this test wants: its jobs file is a FIFO
    /// that nobody writes to yet (the batch locks its results before it opens its input, then waits
    /// there). Returns once the results file is locked (seen in /proc/locks); `release` gives the
    /// batch one line and the end of its input.
    func holdingBatch(_ hub: Hubctl, _ arguments: [String], results: String, appendStdout: Bool) throws -> (Process, release: () throws -> Void) {
        let fifo = hub.dir.file("jobs-\(UUID().uuidString.prefix(6)).fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let redirect = appendStdout ? " >> \"$RESULTS\"" : ""
        process.arguments = ["-c", "exec \"$0\" \"$@\"\(redirect)", Binaries.hubctl] + arguments + [fifo]
        var env = hub.environment
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        env["RESULTS"] = results
        process.environment = env
        // Its stderr is kept: a batch that ends before it is released says why.
        let errors = hub.dir.file("first-batch-\(UUID().uuidString.prefix(6)).err")
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        process.standardInput = FileHandle.nullDevice
        if !appendStdout { process.standardOutput = FileHandle.nullDevice }
        try process.run()
        // Bounded, but generous: only a broken build waits this long; a passing run sees the lock
        // as soon as the batch has started.
        var locked = false
        for _ in 0..<1200 where !locked && process.isRunning {
            locked = Self.heldExclusively(results)
            if !locked { Thread.sleep(forTimeInterval: 0.05) }
        }
        func said() -> String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
        #expect(locked, "the first batch locked its results file (running: \(process.isRunning); it said: \(said()))")
        let line = register("load-1")
        return (process, {
            // Non-blocking: a batch that is not reading its input (it ended) must fail the test, not hang it.
            let fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                throw HarnessError("the first batch is not reading its input (running: \(process.isRunning); it said: \(said()))")
            }
            _ = fcntl(fd, F_SETFL, 0)
            let data = Array((line + "\n").utf8)
            let written = write(fd, data, data.count)
            close(fd)
            #expect(written == data.count)
        })
    }

    /// Whether a process holds an exclusive flock(2) on `path`, read from /proc/locks. Asking by
    /// taking a lock (flock(1) --shared) is not an option: a batch starting at that instant would
    /// find its results file in use and stop.
    static func heldExclusively(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
        // "1: FLOCK  ADVISORY  WRITE 4242 00:1f:123456 0 EOF": the device and inode, then a space.
        let inode = ":\(status.st_ino) "
        return locks.split(separator: "\n").contains { $0.contains(" FLOCK ") && $0.contains(" WRITE ") && $0.contains(inode) }
    }

    @Test func aSecondBatchOnTheSameResultsFileStopsAtOnce() throws {
        let (emu, hub) = try bed()
        let results = hub.dir.file("results.ndjson")
        let (first, release) = try holdingBatch(hub, ["batch", "--results", results], results: results, appendStdout: false)

        let jobs = hub.dir.write("jobs.ndjson", register("load-2") + "\n")
        let second = try hub("batch", "--results", results, jobs)
        #expect(second.status == 75, "\(second)")
        #expect(second.errorCode == "results_in_use", "\(second)")
        #expect((second.error?["message"] as? String)?.contains(results) == true, "\(second)")
        // Also when the second batch only resumes from that file.
        let resuming = try hub("batch", "--resume", results, jobs)
        #expect(resuming.status == 75, "\(resuming)")
        #expect(resuming.errorCode == "results_in_use", "\(resuming)")
        #expect(try connections(emu).isEmpty, "the second batch did nothing")

        try release()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(try connections(emu).count == 1)
        // Once the first has ended, the same file takes the next batch (its jobs are another
        // file's, so no --resume: the results of line 1 there are load-1's, not load-2's).
        let after = try hub("batch", "--results", results, jobs)
        #expect(after.status == 0, "\(after)")
        #expect(try connections(emu).count == 2)
        #expect(try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n").count == 2)
    }

    @Test func twoBatchesAppendingStdoutToOneFileCannotBothRun() throws {
        let (emu, hub) = try bed()
        let results = hub.dir.file("out.ndjson")
        #expect(FileManager.default.createFile(atPath: results, contents: nil))
        let (first, release) = try holdingBatch(hub, ["batch"], results: results, appendStdout: true)
        let jobs = hub.dir.write("jobs.ndjson", register("load-3") + "\n")
        var env = hub.environment
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let second = try run("/bin/bash", ["-c", "\"$0\" batch \"$1\" >> \"$2\"", Binaries.hubctl, jobs, results], environment: env)
        #expect(second.status == 75, "\(second)")
        #expect(second.err.contains("results_in_use"), "\(second)")
        try release()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(try connections(emu).count == 1)
    }

    @Test func anEditedJobsFileIsRefusedAtTheFirstChangedLine() throws {
        let (emu, hub) = try bed()
        let lines = (1...4).map { register("load-\($0)") }
        let jobs = hub.dir.write("jobs.ndjson", lines.joined(separator: "\n") + "\n")
        let results = hub.dir.file("results.ndjson")
        let first = try hub("batch", "--results", results, jobs)
        #expect(first.status == 0, "\(first)")
        let recorded = try String(contentsOfFile: results, encoding: .utf8)
        #expect(recorded.contains("\"lineSha256\":\""), "\(recorded)")

        // Someone inserts a line at the top: every line number now names another operation.
        _ = hub.dir.write("jobs.ndjson", ([register("load-9")] + lines).joined(separator: "\n") + "\n")
        let resumed = try hub("batch", "--resume", results, "--results", results, jobs)
        #expect(resumed.status == 65, "\(resumed)")
        #expect(resumed.errorCode == "resume_mismatch", "\(resumed)")
        #expect((resumed.error?["message"] as? String)?.contains("Line 1 ") == true, "names the line: \(resumed)")
        #expect(try connections(emu).count == 4, "nothing ran again, nothing was skipped wrongly")
        #expect(try String(contentsOfFile: results, encoding: .utf8) == recorded, "nothing appended")

        // The same file unchanged resumes and skips everything.
        _ = hub.dir.write("jobs.ndjson", lines.joined(separator: "\n") + "\n")
        let same = try hub("batch", "--resume", results, "--results", results, jobs)
        #expect(same.status == 0, "\(same)")
        #expect(same.err.contains("4 skipped"), "\(same)")

        // An edit in the middle: line 3 changed, line 1 and 2 skipped, nothing after line 2 runs.
        var edited = lines
        edited[2] = register("load-7")
        _ = hub.dir.write("jobs.ndjson", edited.joined(separator: "\n") + "\n")
        let middle = try hub("batch", "--resume", results, jobs)
        #expect(middle.status == 65, "\(middle)")
        #expect((middle.error?["message"] as? String)?.contains("Line 3 ") == true, "\(middle)")
        #expect(try connections(emu).count == 4)
    }

    @Test func aFileThatIsNotResultsIsRefusedForResume() throws {
        let (emu, hub) = try bed()
        let jobs = hub.dir.write("jobs.ndjson", register("load-1") + "\n")
        // The jobs file itself, given by mistake.
        let mistaken = try hub("batch", "--resume", jobs, jobs)
        #expect(mistaken.status == 65, "\(mistaken)")
        #expect(mistaken.errorCode == "not_a_results_file", "\(mistaken)")
        // Results of an older hubctl, without digests.
        let old = hub.dir.write("old.ndjson", #"{"line":1,"exitCode":0,"output":{}}"# + "\n")
        let older = try hub("batch", "--resume", old, jobs)
        #expect(older.status == 65, "\(older)")
        #expect(older.errorCode == "not_a_results_file", "\(older)")
        #expect(try connections(emu).isEmpty, "nothing ran")
        // A cut-off last line (a killed run) is allowed: that line runs again.
        let results = hub.dir.file("results.ndjson")
        #expect(try hub("batch", "--results", results, jobs).status == 0)
        let text = try String(contentsOfFile: results, encoding: .utf8)
        let cut = hub.dir.write("cut.ndjson", text + String(text.prefix(20)))
        let resumed = try hub("batch", "--resume", cut, jobs)
        #expect(resumed.status == 0, "\(resumed)")
        #expect(resumed.err.contains("1 skipped"), "\(resumed)")
    }

    @Test func linesThatReadStdinOrOtherVariablesOrAreNotUTF8FailAlone() throws {
        let (emu, hub) = try bed()
        let plist = hub.dir.writeValidClientHubPlist()
        var bytes = Data()
        for line in [
            #"{"command": ["plist", "validate", "-"]}"#,
            #"{"command": ["register"], "user": "load-1", "password-env": "AWS_SECRET_ACCESS_KEY"}"#,
            #"{"command": ["plist", "validate", "\#(plist)"]}"#,
            register("load-2"),
        ] { bytes.append(Data((line + "\n").utf8)) }
        bytes.append(Data(#"{"command": ["status"], "user": ""#.utf8) + Data([0xFF, 0xFE]) + Data("\"}\n".utf8))
        let jobs = hub.dir.file("jobs.ndjson")
        try bytes.write(to: URL(fileURLWithPath: jobs))
        let r = try hub.run(["batch", jobs], env: ["AWS_SECRET_ACCESS_KEY": "aws-secret-value"], stdin: Data("stdin-must-not-be-read\n".utf8))
        #expect(r.status == 64, "\(r)")
        var codes: [Int: String] = [:]
        for raw in r.out.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any])
            codes[object["line"] as! Int] = (object["error"] as? [String: Any])?["code"] as? String ?? "ok"
        }
        #expect(codes == [1: "stdin_in_batch", 2: "no_password", 3: "ok", 4: "ok", 5: "invalid_encoding"], "\(r)")
        #expect(!r.out.contains("aws-secret-value") && !r.err.contains("aws-secret-value"))
        #expect(try connections(emu).count == 1, "only load-2 registered")
    }
}
