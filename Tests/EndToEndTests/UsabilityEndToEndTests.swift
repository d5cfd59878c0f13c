// What a person at a terminal and a script through a pipe see (issue 15): the error formats and
// their colour rules, "did you mean", the order of a help page's options, `hubctl config`, and
// `acp check` finding the profile a `fetch --dest` installed. Every help page at 80 and 120 columns
// and the completion scripts are checked in-process (Tests/HubCLITests).
import Foundation
import Testing

private let escape = "\u{1B}["

/// hubctl with no server or application configured: `settings get` fails with missing_server (78).
private func unconfigured() -> Hubctl { Hubctl(dir: TempDir("ux")) }

/// Runs hubctl on a pseudo-terminal until it exits; returns what the terminal showed and the status.
private func onTerminal(_ arguments: String, _ hub: Hubctl, env: [String: String] = [:], term: String = "xterm") throws -> (String, Int32) {
    let session = try TerminalSession(arguments, environment: hub.environment.merging(env) { $1 }, term: term)
    _ = session.waitFor("\u{0}never shown")
    return (session.seen, session.finish())
}

@Suite(.serialized) struct ErrorFormatEndToEndTests {
    @Test func throughAPipeAnErrorIsTheJSONDocument() throws {
        let r = try unconfigured()("settings", "get")
        #expect(r.status == 78, "\(r)")
        #expect(r.errorCode == "missing_server", "\(r)")
        #expect(r.err.split(separator: "\n").count == 1, "one line: \(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func throughAPipeTextCanBeAskedFor() throws {
        let hub = unconfigured()
        for r in [try hub("settings", "get", "--error-format", "text"),
                  try hub("--error-format=text", "settings", "get"),
                  try hub("settings", "get", env: ["HUBCTL_ERROR_FORMAT": "text"])] {
            #expect(r.status == 78, "\(r)")
            let lines = r.err.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(r)")
            #expect(lines.first?.hasPrefix("hubctl: error: No server configured.") == true, "\(r)")
            #expect(lines.last == "hint: error code missing_server, exit 78; `hubctl help exit-codes` explains each exit code.", "\(r)")
            #expect(!r.err.contains(escape), "no colour off a terminal: \(r)")
        }
        // The flag wins over the variable.
        let json = try hub("settings", "get", "--error-format", "json", env: ["HUBCTL_ERROR_FORMAT": "text"])
        #expect(json.errorCode == "missing_server", "\(json)")
    }

    @Test func aBadFormatVariableIsAUsageError() throws {
        let r = try unconfigured()("status", env: ["HUBCTL_ERROR_FORMAT": "yaml"])
        #expect(r.status == 64, "\(r)")
        #expect(r.errorCode == "usage")
        #expect((r.error?["message"] as? String)?.contains("HUBCTL_ERROR_FORMAT") == true, "\(r)")
        let flag = try unconfigured()("status", "--error-format", "yaml")
        #expect(flag.status == 64, "\(flag)")
        #expect(flag.errorCode == "usage", "\(flag)")
    }

    @Test func onATerminalAnErrorIsAColouredLineAndAHint() throws {
        let (seen, status) = try onTerminal("settings get", unconfigured())
        #expect(status == 78)
        #expect(seen.contains("\(escape)1;31mhubctl: error:\(escape)0m No server configured."), "\(seen.debugDescription)")
        #expect(seen.contains("\(escape)36mhint:\(escape)0m error code missing_server, exit 78"), "\(seen.debugDescription)")
        #expect(!seen.contains("{\"error\""), "no JSON for a person: \(seen)")
    }

    @Test func noColorAndADumbTerminalGetPlainText() throws {
        for (env, term) in [(["NO_COLOR": "1"], "xterm"), ([:], "dumb")] {
            let (seen, status) = try onTerminal("settings get", unconfigured(), env: env, term: term)
            #expect(status == 78)
            #expect(seen.contains("hubctl: error: No server configured."), "\(seen.debugDescription)")
            #expect(seen.contains("hint: error code missing_server"), "\(seen.debugDescription)")
            #expect(!seen.contains(escape), "no escape sequences with \(env) TERM=\(term): \(seen.debugDescription)")
        }
    }

    @Test func onATerminalJSONCanBeAskedFor() throws {
        let (seen, status) = try onTerminal("settings get --error-format json", unconfigured())
        #expect(status == 78)
        #expect(seen.contains("{\"error\":{\"code\":\"missing_server\""), "\(seen.debugDescription)")
        #expect(!seen.contains("hubctl: error:"))
    }

    @Test func stdoutIsTheSameWhateverTheErrorFormat() throws {
        let hub = unconfigured()
        let plain = try hub("config", "path")
        let text = try hub("config", "path", "--error-format", "text")
        #expect(plain.status == 0 && text.status == 0)
        #expect(plain.out == text.out)
    }
}

@Suite(.serialized) struct DidYouMeanEndToEndTests {
    @Test func aMistypedCommandThroughAPipe() throws {
        let r = try unconfigured()("regster")
        #expect(r.status == 64, "\(r)")
        #expect(r.errorCode == "usage")
        #expect((r.error?["message"] as? String)?.contains("Did you mean 'register'?") == true, "\(r)")
    }

    @Test func aMistypedSubcommandAndOptionOnATerminal() throws {
        let (fetch, status) = try onTerminal("acp fech", unconfigured(), env: ["NO_COLOR": "1"])
        #expect(status == 64)
        #expect(fetch.contains("hubctl: error: \"fech\" is not a command of `hubctl acp`."), "\(fetch.debugDescription)")
        #expect(fetch.contains("hint: Did you mean 'fetch'? See `hubctl acp --help`."), "\(fetch.debugDescription)")

        let (option, _) = try onTerminal("acp fetch --dets /tmp/x", unconfigured(), env: ["NO_COLOR": "1"])
        #expect(option.contains("hubctl: error: Unknown option '--dets'"), "\(option.debugDescription)")
        #expect(option.contains("hint: Did you mean '--dest'? See `hubctl acp fetch --help`."), "\(option.debugDescription)")
    }

    @Test func aMistypedGlobalOptionBeforeTheCommand() throws {
        let r = try unconfigured()("register", "--sever", "http://127.0.0.1:9", "--error-format", "text")
        #expect(r.status == 64, "\(r)")
        #expect(r.err.contains("hint: Did you mean '--server'? See `hubctl register --help`."), "\(r)")
    }

    @Test func nothingCloseMeansNoGuess() throws {
        let r = try unconfigured()("zzzzzzzz", "--error-format", "text")
        #expect(r.status == 64, "\(r)")
        #expect(!r.err.contains("Did you mean"), "\(r)")
        #expect(r.err == "hubctl: error: \"zzzzzzzz\" is not a command of `hubctl`.\nhint: See `hubctl --help`.\n", "\(r)")
    }

    @Test func aMistypedPropertyName() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let set = try hub("settings", "set", "DeviceModle=x")
        #expect(set.status == 64, "\(set)")
        #expect(set.errorCode == "unknown_property")
        #expect((set.error?["message"] as? String)?.contains("Did you mean 'DeviceModel'?") == true, "\(set)")
        let get = try hub("settings", "get", "CustomizationBundleID2")
        #expect(get.errorCode == "unknown_setting", "\(get)")
        #expect((get.error?["message"] as? String)?.contains("Did you mean 'CustomizationBundleId'?") == true, "\(get)")
        let key = try hub("config", "set", "sevrer", "https://x.example")
        #expect(key.status == 64, "\(key)")
        #expect(key.errorCode == "unknown_config_key")
        #expect((key.error?["message"] as? String)?.contains("Did you mean 'server'?") == true, "\(key)")
    }
}

@Suite(.serialized) struct HelpEndToEndTests {
    // Every help page at 80 and 120 columns (sections in order, the example last, no line broken
    // mid-sentence): in-process, Tests/HubCLITests/HelpPagesInProcessTests.swift.

    @Test func theOwnOptionComesBeforeTheGlobalOnes() throws {
        let r = try unconfigured().run(["acp", "fetch", "--help"], env: ["COLUMNS": "100"])
        let dest = try #require(r.out.range(of: "--dest <dir>"))
        let server = try #require(r.out.range(of: "--server <url>"))
        #expect(dest.lowerBound < server.lowerBound, "\(r.out)")
        let help = try unconfigured()("help", "acp", "fetch")
        #expect(help.out.contains("GLOBAL OPTIONS:"), "\(help)")
        #expect(try #require(help.out.range(of: "--dest")).lowerBound < (try #require(help.out.range(of: "--server"))).lowerBound)
    }
}

@Suite(.serialized) struct ConfigEndToEndTests {
    func configFile(_ hub: Hubctl) -> String { hub.dir.path + "/config/hubctl/config.yaml" }

    @Test func setGetListUseRoundTrip() throws {
        let hub = unconfigured()
        let set = try hub("config", "set", "server", "https://smp.example.com:8443/", "--profile", "prod")
        #expect(set.status == 0, "\(set)")
        #expect(set.json?["profile"] as? String == "prod")
        #expect(try hub("config", "set", "app-id", "com.acme.field", "--profile", "prod").status == 0)
        #expect(try hub("config", "set", "acp-dest", hub.dir.path + "/profiles", "--profile", "prod").status == 0)
        #expect(try hub("config", "set", "timeout", "45", "--profile", "prod").status == 0)
        #expect(try hub("config", "set", "anonymous", "true", "--profile", "prod").status == 0)
        #expect(try hub("config", "set", "server", "https://dev.example.com").status == 0)

        let get = try hub("config", "get", "timeout", "--profile", "prod")
        #expect(get.status == 0, "\(get)")
        #expect(get.json?["value"] as? String == "45")
        #expect(try hub("config", "get", "anonymous", "--profile", "prod").json?["value"] as? String == "true")

        // The file is private, and a command reads the profile.
        let mode = try FileManager.default.attributesOfItem(atPath: configFile(hub))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let status = try hub("status", "--profile", "prod")
        let config = status.json?["config"] as? [String: Any]
        #expect(config?["server"] as? String == "https://smp.example.com:8443", "\(status)")
        #expect(config?["appId"] as? String == "com.acme.field", "\(status)")

        // `config use`: the default profile without --profile.
        #expect((try hub("status").json?["config"] as? [String: Any])?["profile"] as? String == "default")
        let use = try hub("config", "use", "prod")
        #expect(use.status == 0, "\(use)")
        #expect(use.json?["defaultProfile"] as? String == "prod")
        let afterUse = try hub("status").json?["config"] as? [String: Any]
        #expect(afterUse?["profile"] as? String == "prod")
        #expect(afterUse?["appId"] as? String == "com.acme.field")
        // HUBCTL_PROFILE and --profile still win.
        #expect((try hub("status", "--profile", "default").json?["config"] as? [String: Any])?["server"] as? String == "https://dev.example.com")

        let list = try hub("config", "list")
        let profiles = try #require(list.json?["profiles"] as? [String: [String: String]])
        #expect(Set(profiles.keys) == ["prod", "default"])
        #expect(profiles["prod"]?["acp-dest"] == hub.dir.path + "/profiles")
        #expect(list.json?["current"] as? String == "prod")

        // unset removes one key and keeps the rest.
        #expect(try hub("config", "unset", "timeout").status == 0)
        let gone = try hub("config", "get", "timeout")
        #expect(gone.status == 66, "\(gone)")
        #expect(gone.errorCode == "config_key_not_set")
        #expect(try hub("config", "get", "app-id").json?["value"] as? String == "com.acme.field")

        let path = try hub("config", "path")
        #expect(path.json?["path"] as? String == configFile(hub))
        #expect(path.json?["exists"] as? Bool == true)
    }

    @Test func aHandWrittenFileKeepsItsOtherProfiles() throws {
        let hub = unconfigured()
        _ = hub.dir.write("config/hubctl/config.yaml", "# my profiles\nstaging:\n  server: https://staging.example.com\n  user: alice\nprod:\n  server: https://prod.example.com\n")
        #expect(try hub("config", "set", "user", "bob", "--profile", "prod").status == 0)
        let text = try String(contentsOfFile: configFile(hub), encoding: .utf8)
        #expect(text.contains("staging:\n  server: https://staging.example.com\n  user: alice\n"), "\(text)")
        #expect(text.contains("prod:\n  server: https://prod.example.com\n  user: bob\n"), "\(text)")
        #expect(try hub("config", "get", "user", "--profile", "staging").json?["value"] as? String == "alice")
    }

    @Test func refusalsChangeNothing() throws {
        let hub = unconfigured()
        #expect(try hub("config", "set", "server", "https://a.example.com").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: configFile(hub)))
        let cases: [([String], Int32, String)] = [
            (["config", "set", "password", "hunter2"], 64, "secret_in_config"),
            (["config", "set", "vault-key", "AAAA"], 64, "secret_in_config"),
            (["config", "set", "home", "/tmp"], 64, "unknown_config_key"),
            (["config", "set", "colour", "x"], 64, "unknown_config_key"),
            (["config", "set", "server", "ftp://a.example.com"], 78, "invalid_server"),
            (["config", "set", "timeout", "0"], 78, "invalid_timeout"),
            (["config", "set", "app-id", "../etc"], 64, "invalid_app_id"),
            (["config", "set", "api-version", "v9"], 78, "invalid_api_version"),
            (["config", "set", "server", "https://b.example.com", "--profile", "default-profile"], 64, "usage"),
            (["config", "use", "nosuch"], 78, "unknown_profile"),
            (["config", "get", "server", "--profile", "nosuch"], 78, "unknown_profile"),
        ]
        for (args, status, code) in cases {
            let r = try hub.run(args)
            #expect(r.status == status, "\(args): \(r)")
            #expect(r.errorCode == code, "\(args): \(r)")
            #expect(!r.err.contains("hunter2"), "the secret is not repeated: \(r)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: configFile(hub))) == before, "nothing written")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: hub.dir.path + "/config/hubctl")
        #expect(leftovers == ["config.yaml"], "\(leftovers)")
    }

    @Test func aDamagedFileIsNotOverwritten() throws {
        let hub = unconfigured()
        let path = hub.dir.write("config/hubctl/config.yaml", "default: [unclosed\n")
        let r = try hub("config", "set", "user", "bob")
        #expect(r.status == 78, "\(r)")
        #expect(r.errorCode == "config_invalid")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "default: [unclosed\n")
    }
}

// `hubctl completion SHELL` against completions/ and --generate-completion-script, and an unknown
// shell: in-process, Tests/HubCLITests/Commands/CompletionTests.swift.

@Suite(.serialized) struct ACPStateEndToEndTests {
    @Test func checkAndStatusFindTheProfileAFetchPutElsewhere() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let bundle = hub.dir.file("b.zip")
        try Archives.make("zip", at: bundle, version: "2.0.0")
        try emu.publish(bundle, id: "Appmc:2.0.0")
        let dest = hub.dir.path + "/elsewhere"
        let fetch = try hub("acp", "fetch", "--dest", dest)
        #expect(fetch.status == 0, "\(fetch)")
        let sha = try #require(fetch.json?["sha256"] as? String)

        let check = try hub("acp", "check")
        #expect(check.status == 0, "\(check)")
        #expect(check.json?["current"] as? String == "Appmc:2.0.0", "\(check)")
        #expect(check.json?["updateAvailable"] as? Bool == false)
        #expect(check.json?["destination"] as? String == dest)
        // A second fetch without --dest goes to the same place: nothing new.
        let again = try hub("acp", "fetch")
        #expect(again.json?["updated"] as? Bool == false, "\(again)")
        #expect(!FileManager.default.fileExists(atPath: hub.dir.path + "/home/acp/com.example.demo"))

        let status = try hub("status")
        let acp = try #require(status.json?["acp"] as? [[String: Any]], "\(status)")
        #expect(acp.count == 1, "\(acp)")
        #expect(acp.first?["path"] as? String == dest + "/current")
        #expect(acp.first?["current"] as? String == "Appmc:2.0.0")
        #expect(acp.first?["sha256"] as? String == sha)
        #expect(acp.first?["server"] as? String == emu.url)

    }

    @Test func aProfilesAcpDestIsUsedWithoutDest() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let bundle = hub.dir.file("b.zip")
        try Archives.make("zip", at: bundle, version: "3.0.0")
        try emu.publish(bundle, id: "Appmc:3.0.0")
        let dest = hub.dir.path + "/from-profile"
        #expect(try hub("config", "set", "acp-dest", dest).status == 0)
        let fetch = try hub("acp", "fetch")
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.json?["path"] as? String == dest + "/current")
        #expect(try hub("acp", "check").json?["destination"] as? String == dest)
    }
}
