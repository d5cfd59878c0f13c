// `hubctl help` in-process: a command's help and a topic (text, not JSON), and an unknown word.

import Foundation
import HubCLI
import HubCore
import Testing

@Suite("help", .serialized)
struct HelpTests {
    @Test func aCommandsHelpAndATopic() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let command = await bench.run(["help", "vault", "set"])
        #expect(command.exitCode == 0, "\(command)")
        #expect(command.out.hasPrefix("OVERVIEW: Store a value under a key"), "\(command.out.prefix(200))")
        #expect(command.out.contains("\nUSAGE: hubctl vault set"), "\(command.out)")
        let topic = await bench.run(["help", "environment"])
        #expect(topic.exitCode == 0, "\(topic)")
        #expect(topic.out.contains("HUBCTL_SERVER"))
        let root = await bench.run(["help"])
        #expect(root.exitCode == 0, "\(root)")
        #expect(root.out.contains("SUBCOMMANDS:"), "\(root.out.prefix(300))")
    }

    @Test func anUnknownWordIs64WithASuggestion() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["help", "vault", "lst"])
        expectFailure(r, exit: 64, code: "usage")
        #expect(r.error?["message"]?.stringValue?.contains("Did you mean 'list'?") == true, "\(r)")
    }
}
