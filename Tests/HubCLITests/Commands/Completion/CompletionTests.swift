// `hubctl completion` in-process: the script for each shell (text, not JSON: the committed
// completions/ and the same text as `--generate-completion-script`), and an unknown shell. (The
// end-to-end CompletionEndToEndTests moved here.)

import Foundation
import HubCLI
import HubCore
import Testing

@Suite("completion", .serialized)
struct CompletionTests {
    @Test func printsEachShellsScript() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let bash = await bench.run(["completion", "bash"])
        #expect(bash.exitCode == 0, "\(bash)")
        #expect(bash.err.isEmpty)
        #expect(bash.out.contains("__hubctl_add_custom_completions() {"))
        #expect(bash.out.contains("\ncomplete -o filenames -F _hubctl hubctl\n"), "\(bash.out.suffix(200))")
        let zsh = await bench.run(["completion", "zsh"])
        #expect(zsh.exitCode == 0, "\(zsh)")
        #expect(zsh.out.hasPrefix("#compdef hubctl\n"), "\(zsh.out.prefix(200))")
        let fish = await bench.run(["completion", "fish"])
        #expect(fish.exitCode == 0, "\(fish)")
        #expect(fish.out.contains("\ncomplete -c 'hubctl' -f\n"), "\(fish.out.prefix(200))")
        // The scripts the package installs (completions/, kept current by `make completions`), and
        // the same text as the parser's --generate-completion-script.
        let root = CommandCoverageTests.root
        for (name, shell, file) in [("bash", bash, "completions/hubctl.bash"), ("zsh", zsh, "completions/_hubctl"), ("fish", fish, "completions/hubctl.fish")] {
            let installed = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(shell.out == installed, "hubctl completion \(name) differs from \(file): run make completions")
            let generated = await bench.run(["--generate-completion-script", name])
            #expect(shell.out == generated.out, "\(name)")
        }
    }

    @Test func anUnknownShellIs64() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        expectFailure(await bench.run(["completion", "tcsh"]), exit: 64, code: "usage")
    }
}
