// The output rules (README.md) for every command: one JSON line in a pipe, pretty JSON on a terminal, nothing else on stdout.
import Foundation
import Testing

@Suite(.serialized) struct OutputRulesEndToEndTests {
    @Test func everyCommandThroughAPipeAndAPseudoTerminal() throws {
        let emu = try Emulator()
        let dir = TempDir("rules")
        let key = Data((0..<32).map { UInt8(255 - $0) }).base64EncodedString()
        var hub = client(emu, dir: dir)
        hub.environment["HUBCTL_VAULT_KEY"] = key
        let plist = dir.writeValidClientHubPlist()
        let bundle = dir.file("b.zip")
        try Archives.make("zip", at: bundle, version: "1.0.0")
        try emu.publish(bundle, id: "Appmc:1.0.0")

        let sequence: [[String]] = [
            ["register"], ["settings", "get"], ["settings", "set", "DeviceModel=tty"], ["acp", "check"], ["acp", "fetch", "--force"],
            ["vault", "set", "k", "v"], ["vault", "show", "k"], ["vault", "list"], ["vault", "delete", "k"],
            ["plist", "validate", plist], ["status"], ["unregister"],
        ]
        for command in sequence {
            // Through a pipe: exactly one line, one JSON document.
            let piped = try hub.run(command)
            #expect(piped.status == 0, "\(command): \(piped)")
            #expect(piped.out.hasSuffix("\n") && piped.out.dropLast().contains("\n") == false, "\(command) prints one line in a pipe")
            #expect((try? JSONSerialization.jsonObject(with: piped.stdout)) != nil, "\(command) prints JSON")
            #expect(!piped.err.contains("\r"), "\(command): no progress bar in a pipe")
            if command == ["unregister"] { continue }
            if command == ["vault", "delete", "k"] { try hub.run(["vault", "set", "k", "v"]) }
            // Through a pseudo-terminal (stdin, stdout and stderr are the terminal): pretty JSON.
            var env = hub.environment
            env["TERM"] = "xterm"
            let line = ([Binaries.hubctl, "--no-input"] + command).map { "'\($0)'" }.joined(separator: " ")
            let tty = try run("/usr/bin/script", ["-qec", line, "/dev/null"], environment: env, timeout: 60)
            #expect(tty.status == 0, "\(command) on a terminal: \(tty)")
            // The terminal turns each newline into CR LF (onlcr).
            #expect(tty.out.contains("{\r\n  \""), "\(command) is pretty on a terminal: \(tty.out.prefix(200))")
        }
    }
}
