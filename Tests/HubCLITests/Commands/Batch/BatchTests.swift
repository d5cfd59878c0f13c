// `hubctl batch` in-process: one NDJSON result per line with its line number, digest, exit code and
// output or error; and the exit code of the most severe failed line.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("batch", .serialized)
struct BatchCommandTests {
    func results(_ r: CommandResult) throws -> [JSONValue] {
        try r.out.split(separator: "\n").map { try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
            .sorted { ($0["line"].map { "\($0)" } ?? "") < ($1["line"].map { "\($0)" } ?? "") }
    }

    @Test func eachLineGetsAResult() async throws {
        let bench = try await registeredCommandBench()
        let jobs = writeFile(bench, "jobs.ndjson", """
            {"command": ["settings", "get", "DeviceType"]}
            {"command": ["status"]}

            """)
        let r = await bench.run(["batch", "--concurrency", "1", jobs])
        #expect(r.exitCode == 0, "\(r)")
        let lines = try results(r)
        try #require(lines.count == 2, "\(r)")
        for line in lines {
            expectShape(line, ["line": .int, "lineSha256": .string, "exitCode": .int, "output": .object])
            #expect(line["exitCode"] == .int(0))
            #expect(line["lineSha256"]?.stringValue?.count == 64)
        }
        #expect(lines[0]["line"] == .int(1))
        #expect(lines[0]["output"] == .object(["DeviceType": .string("Linux")]))
        #expect(lines[1]["output"]?["home"] == .string(bench.home))
    }

    @Test func aFailedLineGivesItsErrorAndTheBatchItsExitCode() async throws {
        let bench = try await registeredCommandBench()
        let jobs = writeFile(bench, "jobs.ndjson", """
            {"command": ["settings", "get", "NoSuchSetting"]}
            {"command": ["settings", "get", "DeviceType"]}

            """)
        let r = await bench.run(["batch", "--concurrency", "1", jobs])
        #expect(r.exitCode == 65, "\(r)")
        let lines = try results(r)
        try #require(lines.count == 2, "\(r)")
        expectShape(lines[0], ["line": .int, "lineSha256": .string, "exitCode": .int, "error": .object])
        #expect(lines[0]["exitCode"] == .int(65))
        #expect(lines[0]["error"]?["code"] == .string("unknown_setting"))
        #expect(lines[1]["exitCode"] == .int(0))
    }

    @Test func aBadConcurrencyIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["batch", "--concurrency", "0", "-"], stdin: ""), exit: 64, code: "usage")
    }
}

extension BatchCommandTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["batch", "--concurrency", "3", "--resume", "resume-1", "--resume", "resume-2", "--shard", "shard-1", "--results", "results-1", "file-1"], as: BatchCommand.self)
        #expect(options == BatchCommand.Options(file: "file-1", concurrency: 3, resume: ["resume-1", "resume-2"], shard: "shard-1", results: "results-1"))
        #expect(try parsedOptions(["batch"], as: BatchCommand.self) == BatchCommand.Options())
    }
}
