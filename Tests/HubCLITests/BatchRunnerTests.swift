// `hubctl batch` in-process: the shard hash, the severity order, line parsing, and batches on the
// shared libcurl multi handle against the in-process emulator (a 503 storm included).

import Foundation
import HubConfig
@testable import HubCLI
import HubCore
import HubEmulator
import HubServices
import Synchronization
import Testing

@Suite("Batch")
struct BatchTests {
    @Test func shardHashIsFNV1a64() {
        // The published FNV-1a 64 test vectors: the offset basis for "", and "a".
        #expect(BatchShard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(BatchShard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(BatchShard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
        let shards = (0..<5).map { BatchShard(index: $0, count: 5) }
        for user in (0..<100).map({ "https://smp\n\napp\nu\($0)\n" }) {
            #expect(shards.filter { $0.owns(user) }.count == 1, "exactly one shard owns \(user)")
        }
    }

    @Test func shardFlag() throws {
        #expect(try BatchShard(parsing: "2/4", environment: [:]) == BatchShard(index: 2, count: 4))
        #expect(try BatchShard(parsing: "/4", environment: ["JOB_COMPLETION_INDEX": "3"]) == BatchShard(index: 3, count: 4))
        for bad in ["4/4", "-1/4", "1/0", "x/2", "1", "1/2/3"] {
            #expect(throws: HubError.self, "\(bad)") { try BatchShard(parsing: bad, environment: [:]) }
        }
        #expect(throws: HubError.self) { try BatchShard(parsing: "/4", environment: [:]) }
    }

    @Test func severityOrder() {
        #expect(BatchResults.moreSevere(70, than: 64))
        #expect(BatchResults.moreSevere(64, than: 77))
        #expect(BatchResults.moreSevere(77, than: 69))
        #expect(BatchResults.moreSevere(65, than: 66))
        #expect(BatchResults.moreSevere(69, than: 75))
        #expect(!BatchResults.moreSevere(75, than: 69))
        #expect(BatchResults.moreSevere(75, than: 0))
        #expect(!BatchResults.moreSevere(0, than: 75))
    }

    @Test func lineParsing() throws {
        let batch = try GlobalOptions.parse(["--server", "https://smp.example.com"]).values
        let ok = BatchOperation(line: 3, text: #"{"command": ["settings", "get"], "user": "u1", "app-id": "a"}"#, defaults: .init(batch))
        #expect(ok.refusal == nil)
        #expect(ok.arguments == ["settings", "get"])
        #expect(ok.identity == "https://smp.example.com\na\nu1\n")
        let refusals = [
            #"{"command": ["settings", "get"], "appId": "typo"}"#,
            #"{"command": ["vault", "init"]}"#,
            #"{"command": ["batch", "-"]}"#,
            #"{"command": ["settings", "get", "--password-stdin"]}"#,
            #"{"command": []}"#,
            #"{"command": "settings get"}"#,
            #"{"command": ["status"], "user": 7}"#,
            #"["status"]"#,
            "not json",
        ]
        for text in refusals {
            let op = BatchOperation(line: 1, text: text, defaults: .init(batch))
            #expect(op.refusal?.exitCode == 64, "\(text)")
        }
    }

    @Test func resultLines() throws {
        let d = String(repeating: "ab", count: 32)
        let ok = BatchResults.success(line: 4, digest: d, stdout: Data("{\"a\":1}\n".utf8))
        #expect(String(decoding: ok, as: UTF8.self) == #"{"line":4,"lineSha256":"\#(d)","exitCode":0,"output":{"a":1}}"#)
        let text = BatchResults.success(line: 5, digest: d, stdout: Data("hello\n".utf8))
        #expect(String(decoding: text, as: UTF8.self) == #"{"line":5,"lineSha256":"\#(d)","exitCode":0,"output":{"text":"hello"}}"#)
        let failed = BatchResults.failure(line: 6, digest: d, exitCode: 66, errorObject: BatchResults.errorObject(HubError(.noInput, code: .notRegistered, "no")))
        #expect(String(decoding: failed, as: UTF8.self) == #"{"line":6,"lineSha256":"\#(d)","exitCode":66,"error":{"code":"not_registered","message":"no"}}"#)
    }

    /// The digest is the SHA-256 of the line's bytes, so any edit of a line changes it.
    @Test func aLinesDigestIsTheSHA256OfItsBytes() throws {
        let batch = try GlobalOptions.parse([]).values
        let op = BatchOperation(line: 1, text: "abc", defaults: .init(batch))
        #expect(op.digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// Lines that read stdin, name a variable outside HUBCTL_ for their password, or are not UTF-8.
    @Test func linesThatCannotRunInABatch() throws {
        let batch = try GlobalOptions.parse([]).values
        for (text, code) in [(#"{"command": ["plist", "validate", "-"]}"#, "stdin_in_batch"),
                             (#"{"command": ["logs", "upload", "-"]}"#, "stdin_in_batch"),
                             (#"{"command": ["push", "register", "--token=-"]}"#, "stdin_in_batch"),
                             (#"{"command": ["acp", "check", "--wait"]}"#, "usage"),
                             (#"{"command": ["acp", "check", "--interval", "5", "--wait", "--fetch"]}"#, "usage"),
                             (#"{"command": ["settings", "get"], "password-env": "AWS_SECRET_ACCESS_KEY"}"#, "no_password"),
                             (#"{"command": ["settings", "get"], "password-env": "HUBCTL_"}"#, "no_password")] {
            let op = BatchOperation(line: 2, text: text, defaults: .init(batch))
            #expect(op.refusal?.exitCode == 64, "\(text)")
            #expect(op.refusal?.code.rawValue == code, "\(text)")
        }
        #expect(BatchOperation(line: 2, text: #"{"command": ["settings", "get"], "password-env": "HUBCTL_PW_U1"}"#, defaults: .init(batch)).refusal == nil)
        #expect(BatchOperation(line: 2, text: #"{"command": ["acp", "check"]}"#, defaults: .init(batch)).refusal == nil)
        #expect(BatchOperation(line: 2, text: #"{"command": ["acp", "check", "--wait"]}"#, defaults: .init(batch)).refusal?.message.contains("--wait") == true)
        let bytes = Array(#"{"command": ["status"], "user": "\#u{FF}"}"#.utf8).map { $0 == 0xC3 ? 0xFF : $0 }
        let invalid = BatchOperation(line: 3, bytes: bytes, digest: BatchOperation.digest(of: bytes), defaults: .init(batch))
        #expect(invalid.refusal?.code == .invalidEncoding)
    }

    /// Every global option reaches batch lines from the batch's flags, unless it is one a line
    /// never takes: the values are keyed by the table, and every flag of it is given here.
    @Test func everyGlobalOptionReachesBatchLines() throws {
        var arguments: [String] = []
        for setting in GlobalSetting.all where setting.hasFlag {
            arguments.append("--" + setting.name)
            switch setting.valueKind {
            case .text: arguments.append("v-" + setting.name)
            case .seconds: arguments.append("7")
            case .errorFormat: arguments.append("json")
            case .flag: break
            }
        }
        let batch = try GlobalOptions.parse(arguments).values
        #expect(batch.given.count == GlobalSetting.all.filter(\.hasFlag).count)
        let op = BatchOperation(line: 1, text: #"{"command": ["status"]}"#, defaults: .init(batch))
        let merged = BatchCommand.merge(line: GlobalValues(), op: op, batch: batch)
        #expect(GlobalValues.notInherited.contains(.passwordStdin) && GlobalValues.notInherited.contains(.noInput))
        for setting in GlobalSetting.all where setting.hasFlag && !GlobalValues.notInherited.contains(setting) {
            #expect(merged[setting] == batch[setting], "--\(setting.name) does not reach batch lines")
        }
        #expect(merged[.passwordStdin] == nil && merged[.errorFormat] == nil)
        #expect(merged.noInput)
        // A line's own flag wins over the batch's.
        let own = BatchCommand.merge(line: GlobalValues([GlobalSetting.timeout.name: "3.0"]), op: op, batch: batch)
        #expect(own[.timeout] == "3.0")
    }

    /// A `register` killed after the server created the connection but before the record was
    /// written: the home has only the pending id. The next `register` sends that id again, the
    /// server answers 409, and hubctl adopts the connection instead of making a second one.
    @Test func registerAdoptsTheConnectionOfAnInterruptedRegister() async throws {
        let emulator = try await InProcessEmulator.start()
        let bench = try CommandBench(emulator: emulator)
        let first = await bench.run(["register"])
        let id = try #require(first.json?["ApplicationConnectionId"]?.stringValue)
        let store = RegistrationStore(home: bench.home)
        try store.remove(applicationConnectionId: id)
        try store.recordPending(server: emulator.url, appId: "com.example.demo", user: "demo", connectionId: id)
        let again = await bench.run(["register"])
        #expect(again.exitCode == 0, "\(again)")
        #expect(again.json?["ApplicationConnectionId"]?.stringValue == id)
        let state = try JSONDecoder().decode(JSONValue.self, from: try emulator.control("GET", "/_emulator/state").body)
        guard case .array(let connections)? = state["connections"] else { Issue.record("no connections in \(state)"); return }
        #expect(connections.count == 1, "one connection on the server")
        #expect(try store.find(server: emulator.url, appId: "com.example.demo", user: "demo")?.applicationConnectionId == id)
        #expect(try store.pendingConnectionId(server: emulator.url, appId: "com.example.demo", user: "demo") == nil, "recorded, no longer pending")
    }

    /// A batch on the shared multi handle (no transport given, as in the process), while the server
    /// answers 503 to the first requests: the shared backoff and the per-operation retries carry
    /// every line through.
    @Test func pooledBatchThroughA503Storm() async throws {
        var app = EmulatorConfiguration.Application(id: "com.example.demo", users: ["demo": "demo-password"])
        app.userPatterns = ["load-*": "load-password"]
        let emulator = try await InProcessEmulator.start(EmulatorConfiguration(applications: [app]))
        let bench = try CommandBench(emulator: emulator, extra: ["HUBCTL_PW": "load-password"])
        let users = (0..<16).map { "load-\($0)" }
        var input = users.map { #"{"command": ["register"], "user": "\#($0)", "password-env": "HUBCTL_PW"}"# }
        input += users.map { #"{"command": ["settings", "get", "UserName"], "user": "\#($0)", "password-env": "HUBCTL_PW"}"# }
        // Three 503s: fewer than an operation's four attempts, however they fall on the operations.
        try emulator.control("POST", "/_emulator/faults", json: #"{"status": 503, "retryAfter": 0, "count": 3}"#)

        let out = Mutex(Data()), err = Mutex(Data())
        let console = Console(stdoutIsTerminal: false, stderrIsTerminal: false,
                              out: { data in out.withLock { $0.append(data) } },
                              err: { data in err.withLock { $0.append(data) } })
        let environment = bench.environment.merging(["HUBCTL_PASSWORD": ""]) { $1 }
        let stdin = BufferedInput(input.joined(separator: "\n") + "\n")
        let code = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            Thread {
                done.resume(returning: Hubctl.run(["batch", "--concurrency", "6", "-"], console: console) {
                    CommandContext(console: console, environment: environment, input: stdin)
                })
            }.start()
        }
        let text = String(decoding: out.withLock { $0 }, as: UTF8.self)
        #expect(code == 0, "\(text)\n\(String(decoding: err.withLock { $0 }, as: UTF8.self))")
        var names: [Int: String] = [:]
        for line in text.split(separator: "\n") {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
            #expect(value["exitCode"] == .int(0), "\(line)")
            if case .int(let n)? = value["line"], n > 16 { names[Int(n)] = value["output"]?["UserName"]?.stringValue }
        }
        #expect(names.count == 16)
        for (index, user) in users.enumerated() { #expect(names[17 + index] == user) }
    }
}
