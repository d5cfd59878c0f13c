// Every hot command (FastPath.commands) run on both paths, the fast parser's and ArgumentParser's,
// with global values the command reads given: `--verbose` (its request lines on stderr) and
// `--timeout` / `--deadline`. A command reads them through its Invocation only, so both paths run
// it the same way (before issue 40, reading `global.x` in a hot command crashed on the fast path).

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("Hot commands on both paths", .serialized)
struct HotCommandsBothPathsTests {
    /// The hot lines, in an order that works against one registration (unregister last).
    static let lines: [[String]] = [
        ["register"], ["settings", "get", "DeviceType"], ["acp", "check"], ["status"], ["auth", "token"],
        ["vault", "show", "no-such-key"], ["unregister"],
    ]
    static let globals = ["--verbose", "--timeout", "7", "--deadline", "60"]

    @Test func everyHotLineIsCovered() {
        for spec in FastPath.commands {
            #expect(Self.lines.contains { Array($0.prefix(spec.path.count)) == spec.path }, "\(spec.path) has no line here")
        }
        for line in Self.lines { #expect(FastPath.parse(line + Self.globals) != nil, "the fast path does not take \(line)") }
    }

    @Test func bothPathsRunEveryHotCommandWithTheGlobalsRead() async throws {
        var results: [[CommandResult]] = []
        for argumentParser in [false, true] {
            let bench = try CommandBench(emulator: try await InProcessEmulator.start())
            var run: [CommandResult] = []
            for line in Self.lines {
                run.append(await bench.run(line + Self.globals, argumentParser: argumentParser))
            }
            results.append(run)
        }
        for (index, line) in Self.lines.enumerated() {
            let (fast, slow) = (results[0][index], results[1][index])
            #expect(fast.exitCode == slow.exitCode, "\(line): fast \(fast) against ArgumentParser \(slow)")
        }
        // --verbose was read on both paths: the commands that send requests logged them.
        for run in results {
            #expect(run[0].exitCode == 0, "register: \(run[0])")
            #expect(run[0].err.contains("hubctl: "), "register --verbose logged nothing: \(run[0])")
            #expect(run[1].exitCode == 0 && run[1].err.contains("hubctl: "), "settings get --verbose: \(run[1])")
            #expect(run[6].exitCode == 0 && run[6].err.contains("hubctl: "), "unregister --verbose: \(run[6])")
        }
    }
}
