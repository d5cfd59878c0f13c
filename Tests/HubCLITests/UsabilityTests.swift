// In-process checks of what people read (issue 15): the text form of an error, the help layout,
// `hubctl config` against a private configuration file, and the ACP record of a fetch.

import Foundation
import HubConfig
import HubCore
@testable import HubCLI
import Synchronization
import Testing

/// Runs hubctl in-process with a console whose stderr is (or is not) a terminal.
private func runWith(_ arguments: [String], terminal: Bool, color: Bool = false, variable: String? = nil,
                     environment: [String: String] = [:]) -> (Int32, String, String) {
    let out = Mutex(Data()), err = Mutex(Data())
    let console = Console(stdoutIsTerminal: false, stderrIsTerminal: terminal, colorEnabled: color, errorFormatVariable: variable,
                          out: { d in out.withLock { $0.append(d) } }, err: { d in err.withLock { $0.append(d) } })
    let code = Hubctl.run(arguments, console: console) {
        CommandContext(console: console, environment: environment, input: BufferedInput(""))
    }
    return (code, String(decoding: out.withLock { $0 }, as: UTF8.self), String(decoding: err.withLock { $0 }, as: UTF8.self))
}

@Suite struct ErrorTextTests {
    @Test func aTerminalGetsALineAndAHint() {
        let (code, out, err) = runWith(["settings", "get"], terminal: true, environment: ["HOME": "/nonexistent-hubctl"])
        #expect(code == 78)
        #expect(out.isEmpty)
        #expect(err == "hubctl: error: No server configured. Pass --server URL, set HUBCTL_SERVER, add `server:` to profile 'default' in /nonexistent-hubctl/.config/hubctl/config.yaml, or give a clienthub.plist with --plist.\nhint: error code missing_server, exit 78; `hubctl help exit-codes` explains each exit code.\n")
    }

    @Test func colourWrapsTheLabelsOnly() {
        let (_, _, err) = runWith(["settings", "get"], terminal: true, color: true, environment: ["HOME": "/nonexistent-hubctl"])
        #expect(err.hasPrefix("\u{1B}[1;31mhubctl: error:\u{1B}[0m No server configured."))
        #expect(err.contains("\n\u{1B}[36mhint:\u{1B}[0m error code missing_server"))
    }

    @Test func aPipeGetsJSONAndTheVariableDecidesOtherwise() {
        let (_, _, piped) = runWith(["settings", "get"], terminal: false, environment: ["HOME": "/nonexistent-hubctl"])
        #expect(piped.hasPrefix("{\"error\":{\"code\":\"missing_server\""))
        let (_, _, asked) = runWith(["settings", "get"], terminal: true, variable: "json", environment: ["HOME": "/nonexistent-hubctl"])
        #expect(asked.hasPrefix("{\"error\":{\"code\":\"missing_server\""))
        let (_, _, text) = runWith(["settings", "get"], terminal: false, variable: "text", environment: ["HOME": "/nonexistent-hubctl"])
        #expect(text.hasPrefix("hubctl: error: No server configured."))
    }

    @Test func controlCharactersInAMessageAreShownNotObeyed() {
        let text = ErrorText.render(HubError.usage("bad \u{1B}[2Jname\nnext"), color: false)
        #expect(text == "hubctl: error: bad \\x1b[2Jname\\x0anext\nhint: see `hubctl help` or the command's --help.\n")
    }

    @Test func theSuggestionNamesTheWordTheParserRefused() {
        #expect(UsageSuggestion.suggest(arguments: ["regster"], message: "Unexpected argument 'regster'").suggestion == "register")
        let option = UsageSuggestion.suggest(arguments: ["--server", "http://x", "acp", "fetch", "--dets", "d"], message: "Unknown option '--dets'")
        #expect(option.path == ["hubctl", "acp", "fetch"])
        #expect(option.suggestion == "--dest")
        #expect(UsageSuggestion.suggest(arguments: ["vault", "lst"], message: "Unexpected argument 'lst'").suggestion == "list")
        #expect(UsageSuggestion.suggest(arguments: ["status", "--zzzzzz"], message: "Unknown option '--zzzzzz'").suggestion == nil)
    }
}

@Suite struct HelpLayoutTests {
    @Test func ownOptionsFirstAndTheExampleLast() {
        let help = HelpLayout.arrange(Hubctl.helpMessage(for: ACPFetch.self, columns: 100), width: 100)
        let order = ["OVERVIEW:", "USAGE:", "OPTIONS:", "GLOBAL OPTIONS:", "EXAMPLE:"].map { help.range(of: "\n" + $0)?.lowerBound ?? help.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil }, "\(help)")
        let positions = order.compactMap { $0 }
        #expect(positions == positions.sorted(), "\(help)")
        #expect(help.hasSuffix("EXAMPLE:\n  hubctl acp fetch --dest /srv/app/profile && ls /srv/app/profile/current\n"), "\(help)")
        #expect(!help.contains("[--server <url>]"))
    }

    @Test func theUsageLineLeavesTheGlobalOptionsOut() {
        let text = "OVERVIEW: x\n\nUSAGE: hubctl status [--server <url>] [--verbose]\n       [--deadline <seconds>] [--mine <x>]\n\nOPTIONS:\n  --mine <x>\n"
        let arranged = HelpLayout.arrange(text, width: 80)
        #expect(arranged.contains("USAGE: hubctl status [--mine <x>] [<global-options>]\n"), "\(arranged)")
    }

    @Test func usageWrapsWithAHangingIndent() {
        #expect(HelpLayout.wrap("USAGE: a bb ccc dddd", width: 12, indent: 7) == ["USAGE: a bb", "       ccc", "       dddd"])
    }

    @Test func textWithoutSectionsIsLeftAlone() {
        #expect(HelpLayout.arrange("0.1.0\n", width: 80) == "0.1.0\n")
    }
}

@Suite struct ConfigEditorTests {
    func temporaryFile() throws -> String {
        let dir = NSTemporaryDirectory() + "cfgedit-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir + "/sub/config.yaml"
    }

    @Test func valuesReadBackAsTheSameText() throws {
        let path = try temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent) }
        for (key, value) in [("user", "true"), ("domain", "2026-01-01"), ("user-creation-policy", "manual"),
                             ("security-configuration", "x: y"), ("domain", "'quoted'"), ("user", "007")] {
            try ConfigEditor.set(path: path, profile: "p", key: key, value: value)
            #expect(try ConfigFile.load(path: path).profiles["p"]?[key] == value, "\(key)=\(value)")
        }
        try ConfigEditor.use(path: path, profile: "p")
        #expect(try ConfigFile.load(path: path).defaultProfile == "p")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func secretsAndStrangersAreRefused() {
        for key in GlobalSetting.all.filter(\.secret).map(\.name) {
            let error = #expect(throws: HubError.self) { try ConfigEditor.profileSetting(key) }
            #expect(error?.code == .secretInConfig, "\(key)")
        }
        let stranger = #expect(throws: HubError.self) { try ConfigEditor.profileSetting("app_id") }
        #expect(stranger?.code == .unknownConfigKey)
        #expect(stranger?.message.contains("Did you mean 'app-id'?") == true)
        let notProfile = #expect(throws: HubError.self) { try ConfigEditor.profileSetting("verbose") }
        #expect(notProfile?.code == .unknownConfigKey)
        #expect(GlobalSetting.profileKeys.contains("acp-dest"))
    }
}

/// The bash script hubctl prints never hands a computed candidate to `compgen -W` (docs/security.md §14).
@Suite struct CompletionScriptTests {
    @Test func bashCandidatesGoThroughTheQuotingHelper() {
        let script = CompletionCommand.script(for: .bash)
        #expect(!script.contains("-W \"$(__hubctl_custom_complete"), "a computed list reaches compgen -W")
        #expect(script.contains("__hubctl_add_custom_completions() {"))
        let calls = script.components(separatedBy: "__hubctl_add_custom_completions ---completion").count - 1
        #expect(calls >= 10, "every dynamic candidate list uses the helper (\(calls) calls)")
        #expect(CompletionCommand.script(for: .zsh) == Hubctl.completionScript(for: .zsh))
        #expect(CompletionCommand.script(for: .fish) == Hubctl.completionScript(for: .fish))
    }
}
