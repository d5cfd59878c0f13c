// The fast parser of the hot commands (HubCLI/FastPath.swift) cannot drift from ArgumentParser:
// its declarations are compared with ArgumentParser's own description of each command
// (`--experimental-dump-help`), and a corpus of command lines is parsed both ways: where the fast
// parser answers, the command it builds is the one ArgumentParser builds; where it does not, the
// line is ArgumentParser's.

import ArgumentParser
import Foundation
import HubConfig
import HubCore
@testable import HubCLI
import Synchronization
import Testing

/// A command's Options, compared by their own `==` (Equatable): two parses agree when their
/// Options are equal and of one type.
private struct SomeOptions: Equatable, CustomStringConvertible {
    let value: any CommandOptions

    static func == (a: SomeOptions, b: SomeOptions) -> Bool {
        func equal<T: CommandOptions>(_ x: T) -> Bool { (b.value as? T) == x }
        return equal(a.value)
    }

    var description: String { String(describing: value) }
}

/// What ArgumentParser makes of a command line, as hubctl's entry point calls it; nil when it refuses it.
private func parsedByArgumentParser(_ arguments: [String]) -> (any ParsableCommand)? {
    try? Hubctl.parseAsRoot(ArgumentOrder.normalize(arguments))
}

/// What hubctl makes of a command line before anything runs: the command it runs (every property,
/// in the form the fast path runs it) with its global options' values, or how it ends (the exit
/// code `Hubctl.run` gives and the message), or one of ArgumentParser's own commands (help).
private enum Outcome: Equatable, CustomStringConvertible {
    case runs(command: SomeOptions, global: GlobalValues)
    case ends(exit: Int32, message: String)
    case other(String)

    var description: String {
        switch self {
        case .runs(let command, let global): "runs \(command)\nwith \(global)"
        case .ends(let exit, let message): "ends with \(exit): \(message)"
        case .other(let type): "runs ArgumentParser's \(type)"
        }
    }

    /// ArgumentParser's outcome, as `Hubctl.run` turns its parse or its error into an exit code.
    static func argumentParsers(_ line: [String]) -> Outcome {
        do {
            let parsed = try Hubctl.parseAsRoot(ArgumentOrder.normalize(line))
            guard let hub = parsed as? any HubCommand else { return .other(String(describing: type(of: parsed))) }
            return .runs(command: SomeOptions(value: hub.options), global: hub.global.values)
        } catch let error as HubError {
            return .ends(exit: error.exitCode, message: error.message)
        } catch {
            // The message without the usage ArgumentParser adds to it (the same for every line of a command).
            let message = Hubctl.message(for: error)
            switch Hubctl.exitCode(for: error) {
            case .success: return .ends(exit: 0, message: message)
            case .validationFailure: return .ends(exit: FailureKind.usage.exitCode, message: message)
            default: return .ends(exit: FailureKind.internal.exitCode, message: message)
            }
        }
    }

    /// hubctl's outcome: the fast path's command where it takes the line, else ArgumentParser's
    /// (`argumentParsers`, given: a parse by ArgumentParser costs more than the rest of the test).
    static func hubctls(_ line: [String], argumentParsers: Outcome) -> (outcome: Outcome, fast: Bool) {
        guard let (command, global) = FastPath.parse(line) else { return (argumentParsers, false) }
        return (.runs(command: SomeOptions(value: command), global: global), true)
    }
}

/// ArgumentParser's description of the command at `path`.
private func dumpedHelp(_ path: [String]) throws -> JSONValue {
    let out = Mutex(Data())
    let console = Console(stdoutIsTerminal: false, stderrIsTerminal: false,
                          out: { data in out.withLock { $0.append(data) } }, err: { _ in })
    let code = Hubctl.run(path + ["--experimental-dump-help"], console: console) { CommandContext(console: console, environment: [:]) }
    #expect(code == 0)
    return try JSONValue.read(out.withLock { $0 })
}

@Suite("Fast path parity")
struct FastPathParityTests {
    private let globalNames = Set(GlobalSetting.all.filter(\.hasFlag).map { "--" + $0.name })

    /// Each hot command's own options, flags and positional arguments are ArgumentParser's.
    @Test(arguments: FastPath.commands.map(\.path))
    func declarationsAreArgumentParsers(path: [String]) throws {
        let spec = try #require(FastPath.commands.first { $0.path == path })
        let dump = try dumpedHelp(path)
        guard case .array(let arguments)? = dump["command"]?["arguments"] else {
            Issue.record("no arguments in the dump of \(path)")
            return
        }
        var options = Set<String>(), repeating = Set<String>(), flags = Set<String>()
        var positionals: [Bool] = []
        for argument in arguments {
            var long: [String] = []
            if case .array(let names)? = argument["names"] {
                for name in names where name["kind"]?.stringValue == "long" {
                    if let text = name["name"]?.stringValue { long.append("--" + text) }
                }
            }
            let repeats = argument["isRepeating"]?.boolValue ?? false
            switch argument["kind"]?.stringValue {
            case "option":
                for name in long where !globalNames.contains(name) {
                    options.insert(name)
                    if repeats { repeating.insert(name) }
                }
            case "flag":
                // --help and --version are ArgumentParser's own: the fast parser leaves them to it.
                for name in long where !globalNames.contains(name) && name != "--help" && name != "--version" { flags.insert(name) }
            case "positional":
                positionals.append(repeats)
            default:
                Issue.record("an argument of \(path) of an unknown kind: \(argument)")
            }
        }
        #expect(options == Set(spec.options) && options.count == spec.options.count, "\(path): options")
        #expect(repeating == Set(spec.repeatable) && repeating.count == spec.repeatable.count, "\(path): repeatable options")
        #expect(flags == Set(spec.flags) && flags.count == spec.flags.count, "\(path): flags")
        let arity: ClosedRange<Int> = positionals.isEmpty ? 0...0 : positionals.contains(true) ? 0...Int.max : positionals.count...positionals.count
        #expect(arity == spec.positionals, "\(path): positional arguments")
    }

    /// Sample values for each option (both parsers must accept them).
    private func sample(_ name: String) -> String {
        switch name {
        case "--interval": "90"
        case "--jitter-seed": "42"
        case "--set": "DeviceModel=rack-7"
        case "--capability": "push:Module=Orders"
        default: "value-of-\(name.dropFirst(2))"
        }
    }

    /// Command lines of one hot command: bare, each option, each flag, all of them, with global
    /// options before and after, positional arguments within the arity.
    private func corpus(_ spec: FastPath.Command) -> [[String]] {
        let positionals: [[String]] = spec.positionals.lowerBound == 0
            ? (spec.positionals.upperBound == 0 ? [[]] : [[], ["CustomizationBundleId"], ["DeviceModel", "DeviceType"]])
            : [Array(["a.key", "b.key"].prefix(spec.positionals.lowerBound))]
        let globals: [[String]] = [
            [], ["--server", "https://smp.example.com:8443", "--app-id", "com.acme.field"],
            ["--deadline", "9", "--timeout=7.5", "--verbose", "--no-input"],
            ["--error-format", "json", "--home", "/srv/h", "--insecure", "--allow-http", "--anonymous"],
            ["--profile", "prod", "--user", "alice", "--password-stdin", "--platform", "smp3"],
            // Every global option of the settings table at once: a property the fast parser does not
            // set shows as a difference here.
            GlobalSetting.all.filter(\.hasFlag).sorted { $0.name < $1.name }.flatMap { setting -> [String] in
                switch setting.valueKind {
                case .text: ["--" + setting.name, "given-" + setting.name]
                case .seconds: ["--" + setting.name, "5"]
                case .flag: ["--" + setting.name]
                case .errorFormat: ["--" + setting.name, "json"]
                }
            },
        ]
        var own: [[String]] = [[]]
        for name in spec.options.sorted() {
            own.append([name, sample(name)])
            own.append([name + "=" + sample(name)])
            if spec.repeatable.contains(name) { own.append([name, sample(name), name, sample(name) + "2"]) }
        }
        for flag in spec.flags.sorted() { own.append([flag]) }
        own.append(spec.options.sorted().flatMap { [$0, sample($0)] } + spec.flags.sorted())
        var lines: [[String]] = []
        for (g, global) in globals.enumerated() {
            for (o, options) in own.enumerated() {
                let words = positionals[(g + o) % positionals.count]
                // The global options before the command on one line, after its arguments on the next.
                lines.append((g + o) % 2 == 0 ? global + spec.path + options + words : spec.path + words + options + global)
            }
        }
        return lines
    }

    /// Options placed before, between and after the words of a command's path and after its
    /// positional arguments: global and own options in both value forms, empty values, repeated
    /// options, values that look like options, `--`, unknown options, help.
    private func placements(_ spec: FastPath.Command) -> [[String]] {
        let words: [String] = spec.positionals.lowerBound > 0 ? ["a.key"] : spec.positionals.upperBound > 0 ? ["CustomizationBundleId"] : []
        var items: [[String]] = [
            ["--app-id", "com.acme.field"], ["--app-id=com.acme.field"], ["--verbose"], ["--deadline", "3"], ["--deadline=3"],
            ["--user="], ["--user", ""], ["--deadline="], ["--deadline", ""], ["--error-format="], ["--server=", "--app-id", "x"],
            ["--app-id", "a", "--app-id", "b"], ["--verbose", "--verbose"], ["--user", "alice", "--user="],
            ["--user", "-x"], ["--user=-x"], ["--user", "--"], ["--user"],
            ["--"], ["--", "x"], ["-"],
            ["--bogus"], ["--bogus=1"], ["-x"], ["--app-idx", "a"], ["--verbose=yes"], ["--verbose="],
            ["--help"],
        ]
        for name in spec.options.sorted() {
            items += [[name, sample(name)], [name + "=" + sample(name)], [name + "="], [name, ""], [name, "-x"], [name],
                      [name, sample(name), name, sample(name)], [name + "=", name, sample(name)]]
        }
        for flag in spec.flags.sorted() { items += [[flag], [flag, flag], [flag + "=1"], [flag + "="]] }
        var lines: [[String]] = []
        for item in items {
            for slot in 0...(spec.path.count + (words.isEmpty ? 0 : 1)) {
                let path = spec.path.prefix(slot) + item + spec.path.dropFirst(slot)
                lines.append(slot > spec.path.count ? spec.path + words + item : Array(path) + words)
            }
        }
        return lines
    }

    /// Every line of the corpus gets one outcome both ways: where the fast path takes a line,
    /// ArgumentParser runs the same command with the same global options (and does not refuse it:
    /// 64 one way, a run the other); where it does not, the line is ArgumentParser's. One command
    /// at a time: each is seconds of parsing, which would hold the pool's threads from other tests.
    @Test(.serialized, arguments: FastPath.commands.map(\.path))
    func everyLineEndsTheSameBothWays(path: [String]) throws {
        let spec = try #require(FastPath.commands.first { $0.path == path })
        var understood = 0, refused = 0
        // The corpus of `bothParsersBuildTheSameCommand` is left to it: a parse by ArgumentParser is
        // most of this test's time.
        for line in placements(spec) {
            let argumentParser = Outcome.argumentParsers(line)
            let (hubctl, fast) = Outcome.hubctls(line, argumentParsers: argumentParser)
            if fast { understood += 1 }
            if case .ends(64, _) = argumentParser { refused += 1 }
            #expect(hubctl == argumentParser, "\(line)\nhubctl (\(fast ? "fast path" : "ArgumentParser")): \(hubctl)\nArgumentParser: \(argumentParser)")
        }
        // Both kinds of line are in the corpus: the comparison is not between two refusals only.
        #expect(understood >= 10, "\(path): the fast parser understood only \(understood) lines")
        #expect(refused >= 20, "\(path): ArgumentParser refused only \(refused) lines")
    }

    /// The lines of issue 39 (item 5), each refused (64) both ways with ArgumentParser's message.
    @Test(arguments: [
        ["settings", "--app-id", "X", "get"], ["acp", "--app-id=X", "check"], ["settings", "get", "--user="],
        ["register", "--device-model="], ["acp", "check", "--dest="], ["--user=", "settings", "get"],
        ["settings", "get", "Name", "--app-id="], ["vault", "show", "k", "--home="],
    ])
    func theLinesOfTheIssueAreRefusedBothWays(line: [String]) {
        #expect(FastPath.parse(line) == nil, "\(line)")
        let outcome = Outcome.argumentParsers(line)
        guard case .ends(64, let message) = outcome else {
            Issue.record("\(line): ArgumentParser \(outcome)")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test(arguments: FastPath.commands.map(\.path))
    func bothParsersBuildTheSameCommand(path: [String]) throws {
        let spec = try #require(FastPath.commands.first { $0.path == path })
        var understood = 0
        for line in corpus(spec) {
            let slow = parsedByArgumentParser(line)
            guard let (fast, fastGlobal) = FastPath.parse(line) else {
                // Not understood (a value validate() refuses, say): ArgumentParser's line, fine.
                continue
            }
            understood += 1
            guard let slow else {
                Issue.record("the fast parser accepted \(line), which ArgumentParser refuses")
                continue
            }
            guard let slowHub = slow as? any HubCommand else {
                Issue.record("ArgumentParser made \(type(of: slow)) of \(line), not a HubCommand")
                continue
            }
            #expect(fastGlobal == slowHub.global.values, "\(line): the global options differ")
            // The Options the fast path built are the ones ArgumentParser's command produces.
            #expect(SomeOptions(value: fast) == SomeOptions(value: slowHub.options),
                    "\(line): the parsers disagree\nfast: \(fast)\nArgumentParser: \(slowHub.options)")
        }
        #expect(understood >= 10, "\(path): the fast parser understood only \(understood) lines")
    }

    /// `hubctl --version` is answered before ArgumentParser is asked; it answers what ArgumentParser would.
    @Test func versionIsArgumentParsers() throws {
        let out = Mutex(Data())
        let console = Console(stdoutIsTerminal: false, stderrIsTerminal: false,
                              out: { data in out.withLock { $0.append(data) } }, err: { _ in })
        #expect(Hubctl.run(["--version"], console: console) { CommandContext(console: console, environment: [:]) } == 0)
        var expected = ""
        do { _ = try Hubctl.parseAsRoot(["--version"]); Issue.record("ArgumentParser did not stop at --version") } catch {
            #expect(Hubctl.exitCode(for: error) == .success)
            expected = Hubctl.fullMessage(for: error)
        }
        #expect(!expected.isEmpty)
        #expect(String(decoding: out.withLock { $0 }, as: UTF8.self) == expected + "\n")
    }

    /// The fast parser reads seconds for --timeout and --deadline only and the error format for
    /// --error-format only; every other flag of the table is text or a switch.
    @Test func theFlagsAreOfTheFormsItReads() {
        for setting in GlobalSetting.all where setting.hasFlag {
            switch setting.valueKind {
            case .seconds: #expect(setting == .timeout || setting == .deadline, "--\(setting.name)")
            case .errorFormat: #expect(setting == .errorFormat, "--\(setting.name)")
            case .text: #expect(setting.form != .flag, "--\(setting.name)")
            case .flag: #expect(setting.form == .flag, "--\(setting.name)")
            }
        }
    }

    /// Lines the fast parser must leave to ArgumentParser (for its messages and its help).
    @Test func whatItDoesNotUnderstandIsArgumentParsers() {
        let lines: [[String]] = [
            ["settings", "get", "--help"], ["settings", "get", "-h"], ["--version"], ["settings", "get", "--expnd", "x"],
            ["settings", "get", "--server", "a", "--server", "b"], ["unregister", "--appcid", "a", "--appcid", "b"],
            ["acp", "check", "--interval", "soon"], ["acp", "check", "--jitter-seed", "-1"], ["settings", "get", "--timeout", "abc"],
            ["vault", "show"], ["vault", "show", "a", "b"], ["status", "extra"], ["settings", "get", "--", "x"],
            ["settings", "get", "--verbose=yes"], ["settings", "get", "--error-format", "xml"], ["settings", "set", "A=1"],
            ["settings", "get", "--generate-completion-script", "bash"], ["settings", "get", "--experimental-dump-help"],
            ["acp", "check", "--fetch"],  // validate(): --fetch needs --wait
            ["help", "settings"], [], ["settings"],
            // A command's own option before its path is ArgumentParser's to refuse.
            ["--expand", "x", "settings", "get"], ["settings", "--expand", "x", "get"], ["--force", "register"],
        ]
        for line in lines {
            #expect(FastPath.parse(line) == nil, "\(line)")
        }
    }
}
