// `hubctl batch` through the real binaries (issue 14): per-line exit codes and the batch's exit
// code, resume after kill -9, shards, concurrent batches on one home, secrets, and the migration of
// a 0.1 state.json into the registration database.

import Foundation
import Synchronization
import Testing

/// An emulator that knows every user named `load-*` (password `load-password`).
private func loadEmulator() throws -> Emulator {
    try Emulator(config: #"{"applications": [{"id": "com.example.demo", "users": {"demo": "demo-password"}, "userPatterns": {"load-*": "load-password"}, "securityConfiguration": "DemoSSO"}]}"#)
}

/// hubctl with the emulator's server and app id in the environment, and no password.
private func batchClient(_ emu: Emulator, dir: TempDir = TempDir("batch")) -> Hubctl {
    Hubctl(dir: dir, environment: ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.demo",
                                   "HUBCTL_PW_LOAD": "load-password", "HUBCTL_PW_DEMO": "demo-password"])
}

/// The results on stdout, by line number; a result line that is not JSON fails the test.
private func results(_ text: String) -> [Int: [String: Any]] {
    var byLine: [Int: [String: Any]] = [:]
    for raw in text.split(separator: "\n") where !raw.isEmpty {
        guard let object = try? JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any],
              let line = object["line"] as? Int else {
            Issue.record("not a result line: \(raw)")
            continue
        }
        #expect(byLine[line] == nil, "line \(line) reported twice")
        byLine[line] = object
    }
    return byLine
}

private func registerLines(_ users: [String]) -> String {
    users.map { #"{"command": ["register"], "user": "\#($0)", "password-env": "HUBCTL_PW_LOAD"}"# }.joined(separator: "\n") + "\n"
}

@Suite(.serialized) struct BatchEndToEndTests {
    @Test func mixedBatchReportsEachLineAndTheMostSevereExitCode() throws {
        let emu = try loadEmulator()
        let hub = batchClient(emu)
        let input = """
        {"command": ["register"], "user": "demo", "password-env": "HUBCTL_PW_DEMO"}
        {"command": ["settings", "get", "UserName"], "user": "demo", "password-env": "HUBCTL_PW_DEMO"}
        {"command": ["settings", "get"], "user": "load-1", "password-env": "HUBCTL_PW_LOAD"}
        {"command": ["register"], "user": "load-2", "password-env": "HUBCTL_PW_WRONG"}
        this is not json
        {"command": ["vault", "init"]}

        {"command": ["settings", "get", "NoSuchSetting"], "user": "demo", "password-env": "HUBCTL_PW_DEMO"}
        {"command": ["register"], "user": "demo", "password-env": "HUBCTL_PW_MISSING"}
        {"command": ["status"], "usr": "typo"}

        """
        let file = hub.dir.write("jobs.ndjson", input)
        let r = try hub("batch", "--concurrency", "4", file, env: ["HUBCTL_PW_WRONG": "wrong-secret-value"])
        let byLine = results(r.out)
        let expected: [Int: Int] = [1: 0, 2: 0, 3: 66, 4: 77, 5: 64, 6: 64, 8: 65, 9: 64, 10: 64]
        #expect(Set(byLine.keys) == Set(expected.keys), "one result per non-blank line: \(r)")
        for (line, code) in expected {
            #expect(byLine[line]?["exitCode"] as? Int == code, "line \(line): \(byLine[line] ?? [:])")
        }
        #expect((byLine[2]?["output"] as? [String: Any])?["UserName"] as? String == "demo")
        #expect((byLine[3]?["error"] as? [String: Any])?["code"] as? String == "not_registered")
        #expect((byLine[4]?["error"] as? [String: Any])?["code"] as? String == "auth_failed")
        #expect((byLine[8]?["error"] as? [String: Any])?["code"] as? String == "unknown_setting")
        #expect((byLine[9]?["error"] as? [String: Any])?["code"] as? String == "no_password")
        // 64 (usage) is the most severe of 64, 65, 66 and 77.
        #expect(r.status == 64, "\(r)")
        #expect(r.err.contains("7 operations") || r.err.contains("9 operations"), "a summary on stderr: \(r.err)")
        for secret in ["demo-password", "load-password", "wrong-secret-value"] {
            #expect(!r.out.contains(secret) && !r.err.contains(secret), "\(secret) never printed")
        }
    }

    @Test func allGoodLinesExitZeroAndVerboseKeepsSecretsOut() throws {
        let emu = try loadEmulator()
        let hub = batchClient(emu)
        let users = (0..<12).map { "load-\($0)" }
        var input = registerLines(users)
        input += users.map { #"{"command": ["settings", "get", "UserName"], "user": "\#($0)", "password-env": "HUBCTL_PW_LOAD"}"# }.joined(separator: "\n")
        let r = try hub.run(["batch", "--verbose", "-"], stdin: Data(input.utf8))
        #expect(r.status == 0, "\(r)")
        let byLine = results(r.out)
        #expect(byLine.count == 24)
        // Lines of one identity run in file order: every settings get found its registration.
        for (index, user) in users.enumerated() {
            #expect((byLine[13 + index]?["output"] as? [String: Any])?["UserName"] as? String == user)
        }
        #expect(r.err.contains("line 1: hubctl: POST"), "--verbose lines are forwarded with their line: \(r.err)")
        #expect(!r.out.contains("load-password") && !r.err.contains("load-password"))
        #expect(try connections(emu).count == 12)
    }

    @Test func resumeAfterKillDoesEveryLineExactlyOnce() throws {
        let emu = try loadEmulator()
        let hub = batchClient(emu)
        let users = (0..<40).map { "load-\($0)" }
        let jobs = hub.dir.write("jobs.ndjson", registerLines(users))
        // Slow answers, so the kill lands half-way with registrations in flight.
        let fault = try emu.control("POST", "/_emulator/faults", json: #"{"delay": 0.25, "count": -1, "path": "Connections"}"#)
        #expect(fault.status == 201)

        let resultsPath = hub.dir.file("results.ndjson")
        #expect(FileManager.default.createFile(atPath: resultsPath, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.hubctl)
        process.arguments = ["batch", "--concurrency", "4", jobs]
        var env = hub.environment
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = env
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: resultsPath))
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Wait (bounded) until some results are written, then kill -9.
        var written = 0
        for _ in 0..<600 where written < 10 {
            Thread.sleep(forTimeInterval: 0.05)
            written = (try? String(contentsOfFile: resultsPath, encoding: .utf8))?.split(separator: "\n").count ?? 0
        }
        #expect(written >= 10, "the first run wrote results before the kill")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try output.close()
        let first = results(try String(contentsOfFile: resultsPath, encoding: .utf8))
        #expect(first.count < 40, "killed half-way: \(first.count) results")

        _ = try emu.control("DELETE", "/_emulator/faults")
        let again = try hub("batch", "--concurrency", "4", "--resume", resultsPath, jobs)
        #expect(again.status == 0, "\(again)")
        let second = results(again.out)
        let succeededFirst = Set(first.filter { $0.value["exitCode"] as? Int == 0 }.keys)
        #expect(Set(second.keys).isDisjoint(with: succeededFirst), "nothing done twice by hubctl")
        #expect(succeededFirst.union(second.keys) == Set(1...40), "every line done")
        #expect(again.err.contains("\(succeededFirst.count) skipped"), "\(again.err)")

        // On the server: one connection per user, however the kill cut the first run.
        let conns = try connections(emu)
        let owners = conns.compactMap { $0["user"] as? String }
        #expect(conns.count == 40, "one connection per line: \(conns.count)")
        #expect(Set(owners) == Set(users))
        // And in the home: one record per user.
        let status = try hub("status")
        #expect((status.json?["registrations"] as? [Any])?.count == 40, "\(status)")
    }

    @Test func shardsCoverEveryLineExactlyOnce() throws {
        let hub = Hubctl(dir: TempDir("shard"))
        let input = (0..<60).map { #"{"command": ["status"], "user": "u\#($0)", "server": "https://smp\#($0 % 3).example.com"}"# }
            .joined(separator: "\n") + "\n"
        let file = hub.dir.write("jobs.ndjson", input)
        var seen: [Int] = []
        var perShard: [[Int]] = []
        for index in 0..<4 {
            let r = try hub("batch", "--shard", "\(index)/4", file)
            #expect(r.status == 0, "\(r)")
            let lines = results(r.out).keys.sorted()
            perShard.append(lines)
            seen += lines
        }
        #expect(seen.sorted() == Array(1...60), "every line in exactly one shard")
        #expect(perShard.allSatisfy { !$0.isEmpty }, "the lines spread over the shards: \(perShard.map(\.count))")
        // The index from a Kubernetes Indexed Job, and a re-run owns the same lines.
        let indexed = try hub("batch", "--shard", "/4", file, env: ["JOB_COMPLETION_INDEX": "2"])
        #expect(results(indexed.out).keys.sorted() == perShard[2])
        let bad = try hub("batch", "--shard", "4/4", file)
        #expect(bad.status == 64 && bad.errorCode == "usage", "\(bad)")
        let missing = try hub("batch", "--shard", "/4", file)
        #expect(missing.status == 64, "\(missing)")
    }

    @Test func concurrentBatchesOnOneHome() throws {
        let emu = try loadEmulator()
        let hub = batchClient(emu)
        // Two batches at once on one home; users 10–29 are in both.
        let a = hub.dir.write("a.ndjson", registerLines((0..<30).map { "load-\($0)" }))
        let b = hub.dir.write("b.ndjson", registerLines((10..<40).map { "load-\($0)" }))
        let outcomes = Mutex<[RunResult]>([])
        let group = DispatchGroup()
        for file in [a, b] {
            group.enter()
            Thread {
                let r = (try? hub("batch", "--concurrency", "6", file)) ?? RunResult(status: -1, stdout: Data(), stderr: Data())
                outcomes.withLock { $0.append(r) }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 240) == .success)
        let all = outcomes.withLock { $0 }
        #expect(all.count == 2 && all.allSatisfy { $0.status == 0 }, "\(all)")
        #expect(all.allSatisfy { results($0.out).count == 30 })
        // The users both batches registered got one connection, recorded once.
        let conns = try connections(emu)
        #expect(conns.count == 40, "one connection per user: \(conns.count)")
        let status = try hub("status")
        let records = (status.json?["registrations"] as? [[String: Any]]) ?? []
        #expect(records.count == 40, "\(status)")
        func connectionIds(_ r: RunResult) -> [String: String] {
            Dictionary(uniqueKeysWithValues: results(r.out).compactMap { (_, v) -> (String, String)? in
                guard let o = v["output"] as? [String: Any], let u = o["UserName"] as? String,
                      let id = o["ApplicationConnectionId"] as? String else { return nil }
                return (u, id)
            })
        }
        let first = connectionIds(all[0]), second = connectionIds(all[1])
        #expect(first.count == 30 && second.count == 30)
        let shared = Set(first.keys).intersection(second.keys)
        #expect(shared == Set((10..<30).map { "load-\($0)" }))
        for user in shared {
            #expect(first[user] == second[user], "both batches print the one connection of \(user)")
        }
    }

    @Test func badBatchInvocations() throws {
        let hub = Hubctl(dir: TempDir("batchbad"))
        let missing = try hub("batch", hub.dir.file("nope.ndjson"))
        #expect(missing.status == 66, "\(missing)")
        let file = hub.dir.write("jobs.ndjson", #"{"command": ["status"]}"# + "\n")
        #expect(try hub("batch", "--concurrency", "0", file).status == 64)
        #expect(try hub("batch", "--resume", hub.dir.file("none.ndjson"), file).status == 66)
        let ok = try hub("batch", file)
        #expect(ok.status == 0, "\(ok)")
        #expect(results(ok.out)[1]?["exitCode"] as? Int == 0)
    }

    @Test func progressOnlyOnATerminal() throws {
        let hub = Hubctl(dir: TempDir("batchtty"))
        let file = hub.dir.write("jobs.ndjson", (0..<5).map { #"{"command": ["status"], "user": "u\#($0)"}"# }.joined(separator: "\n") + "\n")
        let piped = try hub("batch", file)
        #expect(piped.status == 0)
        #expect(!piped.err.contains("done,"), "no progress bar in a pipe: \(piped.err)")
        #expect(piped.err.contains("5 operations, 5 succeeded"), "the summary: \(piped.err)")
        var env = hub.environment
        env["TERM"] = "xterm"
        let tty = try run("/usr/bin/script", ["-qec", "\(Binaries.hubctl) batch \(file)", "/dev/null"], environment: env)
        #expect(tty.status == 0, "\(tty)")
        #expect(tty.out.contains("done, 0 failed"), "a progress bar on a terminal: \(tty.out)")
        #expect(tty.out.contains("ETA"), "with an ETA for a file: \(tty.out)")
    }

    // MARK: Migration of 0.1 records

    @Test func migratesA01StateFile() throws {
        let emu = try Emulator()
        // A connection made on the server, then recorded by hubctl 0.1 in its state.json.
        let maker = client(emu)
        let made = try maker("register")
        #expect(made.status == 0, "\(made)")
        let id = try #require(made.json?["ApplicationConnectionId"] as? String)
        let hub = client(emu, dir: TempDir("migrate"))
        try FileManager.default.createDirectory(atPath: hub.dir.path + "/home", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let state = """
        {
          "registrations" : [
            {
              "anonymous" : false,
              "apiVersion" : "latest",
              "appId" : "com.example.demo",
              "applicationConnectionId" : "\(id)",
              "createdAt" : "2025-03-04T05:06:07Z",
              "securityConfiguration" : "DemoSSO",
              "server" : "\(emu.url)",
              "user" : "demo"
            },
            {
              "anonymous" : true,
              "apiVersion" : "v2",
              "appId" : "com.example.anon",
              "applicationConnectionId" : "old-anonymous-1",
              "createdAt" : "2025-03-04T05:06:08Z",
              "server" : "https://smp.example.com"
            }
          ],
          "version" : 1
        }
        """
        let legacy = hub.dir.write("home/state.json", state)
        let status = try hub("status")
        #expect(status.status == 0, "\(status)")
        let records = (status.json?["registrations"] as? [[String: Any]]) ?? []
        #expect(records.count == 2, "\(status)")
        #expect(!FileManager.default.fileExists(atPath: legacy), "state.json renamed after the migration")
        #expect(try String(contentsOfFile: legacy + ".migrated", encoding: .utf8) == state, "the old file kept as it was")
        let mode = try FileManager.default.attributesOfItem(atPath: hub.dir.path + "/home/registrations.db")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The migrated record is used: settings of the recorded connection, no new registration.
        let get = try hub("settings", "get", "ApplicationConnectionId")
        #expect(get.json?["ApplicationConnectionId"] as? String == id, "\(get)")
        let again = try hub("register")
        #expect(again.json?["ApplicationConnectionId"] as? String == id, "register finds the migrated record")
        #expect(try connections(emu).count == 1)

        // A state.json written again (by a 0.1 hubctl) is imported too, without replacing a record
        // the database has, and kept under a new name.
        let later = state.replacingOccurrences(of: "old-anonymous-1", with: "old-anonymous-2")
            .replacingOccurrences(of: "com.example.anon", with: "com.example.anon2")
            .replacingOccurrences(of: "\"\(id)\"", with: "\"replaced-id\"")
        _ = hub.dir.write("home/state.json", later)
        let after = try hub("status")
        let ids = Set(((after.json?["registrations"] as? [[String: Any]]) ?? []).compactMap { $0["applicationConnectionId"] as? String })
        #expect(ids == [id, "old-anonymous-1", "old-anonymous-2"], "\(after)")
        #expect(try String(contentsOfFile: legacy + ".migrated.2", encoding: .utf8) == later)
        #expect(try String(contentsOfFile: legacy + ".migrated", encoding: .utf8) == state)
    }

    @Test func aDamagedStateFileIsLeftAlone() throws {
        let hub = Hubctl(dir: TempDir("damaged"))
        try FileManager.default.createDirectory(atPath: hub.dir.path + "/home", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let legacy = hub.dir.write("home/state.json", #"{"registrations": [{"server": 1}"#)
        let r = try hub("status")
        #expect(r.status == 65 && r.errorCode == "state_damaged", "\(r)")
        #expect(try String(contentsOfFile: legacy, encoding: .utf8) == #"{"registrations": [{"server": 1}"#)
        // Still there, and still refused, the next time.
        #expect(try hub("status").status == 65)
    }
}
