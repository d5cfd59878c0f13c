// hubctl as a shell citizen: help for every command, completions, man pages, terminal vs pipe output.
import Foundation
import Testing

enum Repo {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}

@Suite(.serialized) struct ShellEndToEndTests {
    static let commands: [[String]] = [
        ["register"], ["unregister"], ["settings", "get"], ["settings", "set"], ["acp", "check"], ["acp", "fetch"],
        ["vault", "init"], ["vault", "set"], ["vault", "show"], ["vault", "list"], ["vault", "delete"], ["vault", "rekey"],
        ["plist", "validate"], ["status"], ["batch"], ["login"], ["logout"], ["auth", "token"], ["probe"],
        ["push", "send"], ["push", "status"], ["push", "registrations"],
    ]

    @Test(arguments: commands)
    func everyCommandHasHelpThatNamesItsExitCodes(_ command: [String]) throws {
        let r = try Hubctl().run(command + ["--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.out.count > 100)
        #expect(r.out.lowercased().contains("exit code"), "\(command) --help must mention its exit codes")
    }

    @Test func helpTopicsAndVersion() throws {
        let codes = try Hubctl()("help", "exit-codes")
        #expect(codes.status == 0 && codes.out.contains("77") && codes.out.contains("permission"))
        let env = try Hubctl()("help", "environment")
        #expect(env.status == 0 && env.out.contains("HUBCTL_VAULT_KEY"))
        let version = try Hubctl()("--version")
        #expect(version.status == 0)
        #expect(version.out.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+"#, options: .regularExpression) != nil)
    }

    @Test func usageErrorsAreJSONWithExit64() throws {
        let r = try Hubctl()("register", "--no-such-flag")
        #expect(r.status == 64)
        #expect(r.out.isEmpty)
        #expect(r.errorCode == "usage")
    }

    @Test func bashCompletionLoadsAndCompletesSubcommands() throws {
        let script = Repo.root + "/completions/hubctl.bash"
        let r = try run("/bin/bash", ["-c", "source \"$1\" && COMP_WORDS=(hubctl re) && COMP_CWORD=1 && COMP_LINE='hubctl re' && COMP_POINT=9 && _hubctl && printf '%s\\n' \"${COMPREPLY[@]}\"", "bash", script])
        #expect(r.status == 0, "\(r)")
        #expect(r.out.contains("register"), "\(r)")
    }

    @Test func zshCompletionLoads() throws {
        let script = Repo.root + "/completions/_hubctl"
        let r = try run("/usr/bin/zsh", ["-f", "-c", "autoload -U compinit && compinit -u -D && source \"$1\" && whence -w _hubctl", "zsh", script])
        #expect(r.status == 0, "\(r)")
        #expect(r.out.contains("function"), "\(r)")
    }

    @Test func fishCompletionLoadsAndCompletesSubcommands() throws {
        let script = Repo.root + "/completions/hubctl.fish"
        let r = try run("/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C 'hubctl re'", script],
                        environment: ["PATH": Binaries.directory + ":/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
        #expect(r.status == 0, "\(r)")
        #expect(r.out.contains("register"), "\(r)")
    }

    @Test func manPagesRender() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Repo.root + "/man").filter { $0.hasSuffix(".1") }
        #expect(pages.contains("hubctl.1"))
        #expect(pages.count >= 8, "one page per command: \(pages)")
        let r = try run("/usr/bin/man", ["-l", Repo.root + "/man/hubctl.1"], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        #expect(r.status == 0, "\(r)")
        #expect(r.out.contains("hubctl"))
    }

    /// Through a pseudo-terminal stdout is pretty JSON; through a pipe one line.
    @Test func prettyOnATerminalOneLineInAPipe() throws {
        let hub = Hubctl()
        let piped = try hub("status")
        #expect(piped.status == 0)
        #expect(piped.out.filter { $0 == "\n" }.count == 1, "one line in a pipe: \(piped.out)")
        var env = hub.environment
        env["TERM"] = "xterm"
        let tty = try run("/usr/bin/script", ["-qec", "\(Binaries.hubctl) status", "/dev/null"], environment: env)
        #expect(tty.status == 0, "\(tty)")
        #expect(tty.out.contains("\n  \""), "indented on a terminal: \(tty.out)")
    }

    @Test func noColourWithNoColorOrDumbTerminal() throws {
        for extra in [["NO_COLOR": "1", "TERM": "xterm"], ["TERM": "dumb"]] {
            var env = Hubctl().environment
            for (k, v) in extra { env[k] = v }
            let r = try run("/usr/bin/script", ["-qec", "\(Binaries.hubctl) --insecure --server http://127.0.0.1:1 --app-id a --timeout 1 settings get", "/dev/null"], environment: env)
            #expect(r.out.contains("warning"), "\(r)")
            #expect(!r.out.contains("\u{1B}["), "no escape codes with \(extra)")
        }
    }

    @Test func noPromptWithoutATerminalOrWithNoInput() throws {
        // A vault command that would prompt for the passphrase on a terminal fails fast instead.
        let hub = Hubctl()
        let r = try hub("vault", "init")
        #expect(r.status == 78, "\(r)")
        var env = hub.environment
        env["TERM"] = "xterm"
        let tty = try run("/usr/bin/script", ["-qec", "\(Binaries.hubctl) --no-input vault init", "/dev/null"], environment: env, timeout: 30)
        #expect(tty.out.contains("vault_secret_missing"), "\(tty)")
    }

    @Test func makeInstallAndUninstall() throws {
        let prefix = TempDir("prefix")
        let install = try run("/usr/bin/make", ["-s", "-C", Repo.root, "install", "PREFIX=\(prefix.path)", "NO_BUILD=1", "RELEASE_BIN=\(Binaries.directory)"])
        #expect(install.status == 0, "\(install)")
        let installed = try run(prefix.path + "/bin/hubctl", ["--version"])
        #expect(installed.status == 0 && !installed.out.isEmpty, "\(installed)")
        for file in ["bin/hubctl-emulator", "share/man/man1/hubctl.1", "share/bash-completion/completions/hubctl",
                     "share/zsh/site-functions/_hubctl", "share/fish/vendor_completions.d/hubctl.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix.path + "/" + file), "\(file) installed")
        }
        let uninstall = try run("/usr/bin/make", ["-s", "-C", Repo.root, "uninstall", "PREFIX=\(prefix.path)"])
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(!FileManager.default.fileExists(atPath: prefix.path + "/bin/hubctl"))
        #expect(!FileManager.default.fileExists(atPath: prefix.path + "/share/man/man1/hubctl.1"))
    }

    /// Dynamic completion: vault keys through the bash script, profile names through hubctl's completion entry point.
    @Test func dynamicCompletionOfVaultKeysAndProfiles() throws {
        let hub = Hubctl(environment: ["HUBCTL_VAULT_KEY": Data(repeating: 7, count: 32).base64EncodedString()])
        #expect(try hub("vault", "set", "my-token", "v").status == 0)
        var env = hub.environment
        env["PATH"] = Binaries.directory + ":/usr/bin:/bin"
        let bash = try run("/bin/bash", ["-c", """
            source "$1" && COMP_WORDS=(hubctl vault show "") && COMP_CWORD=3 && COMP_LINE='hubctl vault show ' && \
            COMP_POINT=${#COMP_LINE} && _hubctl && printf '%s\\n' "${COMPREPLY[@]}"
            """, "bash", Repo.root + "/completions/hubctl.bash"], environment: env)
        #expect(bash.out.contains("my-token"), "\(bash)")
        _ = hub.dir.write("config/hubctl/config.yaml", "alpha:\n  server: http://a:1\nbeta:\n  server: http://b:1\n")
        let profiles = try hub("---completion", "status", "--", "--profile", "3", "0", "hubctl", "status", "--profile", "")
        #expect(profiles.out.split(separator: "\n").map(String.init) == ["alpha", "beta"], "\(profiles)")
    }
}
