// The command lines scripts repeat thousands of times, parsed without building ArgumentParser's
// tree: its parse reflects over the command types and scans the binary's protocol conformances,
// which costs more than the rest of a `settings get` (bench/RESULTS.md). The fast parser reads the
// same declarations: the settings table's global options (its rows with a flag) and each hot
// command's own options below. Whatever it does not fully understand (help, a completion request,
// an unknown or abbreviated option, a repeated single-value option, a value it cannot convert, a
// command line its Options' `validate()` refuses, an empty value, an option between the words of a command's
// path) it leaves to ArgumentParser, so every message stays ArgumentParser's: a line the fast parser
// takes is one ArgumentParser takes the same way.
// FastPathParityTests compares both parsers over a corpus of command lines and compares these
// declarations with ArgumentParser's own description of each command (`--experimental-dump-help`).

import ArgumentParser
import HubConfig

enum FastPath {
    /// The command lines it parses, or nil: ArgumentParser's turn. It gives the command's plain
    /// Options, the same value ArgumentParser's parse gives through the command's `options`
    /// (FastPathParityTests compares them), and the global values keyed by the table, without
    /// building `GlobalOptions` (its property wrappers cost more than this whole parse).
    static func parse(_ arguments: [String]) -> (options: any CommandOptions, global: GlobalValues)? {
        parse(ArgvScan(arguments))
    }

    static func parse(_ argv: ArgvScan) -> (options: any CommandOptions, global: GlobalValues)? {
        guard let scanned = Scan(argv), let spec = commands.first(where: { $0.path == scanned.path }) else { return nil }
        guard let values = scanned.values(for: spec), let global = values.globalValues() else { return nil }
        guard let options = try? spec.make(values), (try? options.validate()) != nil else { return nil }
        return (options, global)
    }

    /// One hot command: its path, its own options and flags (long names), and how many positional
    /// arguments it takes; `make` builds its Options from what was given (a throw: not understood).
    struct Command: Sendable {
        let path: [String]
        /// Arrays, not sets: a handful of names each, and the table is built on every call (a
        /// `Set` hashes each name as it is built).
        let options: [String]
        /// Options that may be given more than once (arrays).
        let repeatable: [String]
        let flags: [String]
        let positionals: ClosedRange<Int>
        let make: @Sendable (Values) throws -> any CommandOptions
    }

    /// Not understood: ArgumentParser parses the line.
    struct NotUnderstood: Error {}

    static let commands: [Command] = [
        Command(path: ["settings", "get"], options: ["--expand"], repeatable: ["--expand"], flags: [], positionals: 0...Int.max,
                make: { v in SettingsGet.Options(names: v.positionals, expand: v.all("--expand")) }),
        Command(path: ["acp", "check"], options: ["--dest", "--interval", "--jitter-seed"], repeatable: [], flags: ["--wait", "--fetch"],
                positionals: 0...0, make: { v in
            ACPCheck.Options(destination: ACPDestination.Value(dest: v.last("--dest")), wait: v.flags.contains("--wait"),
                                    fetch: v.flags.contains("--fetch"),
                                    interval: try v.last("--interval").map { try Values.convert($0, Double.init) },
                                    jitterSeed: try v.last("--jitter-seed").map { try Values.convert($0) { UInt64($0) } })
        }),
        Command(path: ["register"], options: ["--device-type", "--device-model", "--set", "--capability"], repeatable: ["--set", "--capability"],
                flags: ["--save-credentials", "--force"], positionals: 0...0, make: { v in
            var options = RegisterCommand.Options(set: v.all("--set"), capability: v.all("--capability"),
                                                  saveCredentials: v.flags.contains("--save-credentials"), force: v.flags.contains("--force"))
            if let type = v.last("--device-type") { options.deviceType = type }
            if let model = v.last("--device-model") { options.deviceModel = model }
            return options
        }),
        Command(path: ["unregister"], options: ["--appcid"], repeatable: [], flags: [], positionals: 0...0,
                make: { v in UnregisterCommand.Options(appcid: v.last("--appcid")) }),
        Command(path: ["vault", "show"], options: [], repeatable: [], flags: [], positionals: 1...1,
                make: { v in VaultShow.Options(key: v.positionals[0]) }),
        Command(path: ["status"], options: [], repeatable: [], flags: [], positionals: 0...0, make: { _ in StatusCommand.Options() }),
        Command(path: ["auth", "token"], options: [], repeatable: [], flags: [], positionals: 0...0, make: { _ in AuthToken.Options() }),
    ]

    /// The words of a command line: options (`--name value`, `--name=value`), flags, and the rest.
    struct Scan {
        /// The command's path and its positional arguments, in order.
        var words: [String] = []
        /// Every `--name` given, with its value when it has one (`--name=value` or the next word),
        /// and how many words came before it (a command's own option comes after its path).
        var given: [(name: String, value: String?, after: Int)] = []
        var path: [String] = []

        /// The scan's words read with the fast path's rule: the word after an option that takes a
        /// value is its value only if it is a plain, non-empty word (else ArgumentParser's turn).
        init?(_ argv: ArgvScan) {
            let valueTaking = FastPath.valueTakingNames
            let scanned = argv.words
            var index = 0
            while index < scanned.count {
                let word = scanned[index]
                index += 1
                switch word.kind {
                case .plain:
                    words.append(word.text)
                case .separator, .short:
                    // Short options, `-`, `--` and anything ArgumentParser treats specially: its turn.
                    return nil
                case .long(let name, let inline?):
                    // `--name=` is `--name` without a value to ArgumentParser ("Missing value"):
                    // an empty value, in either form, is its to judge.
                    guard valueTaking.contains(name), !inline.isEmpty else { return nil }
                    given.append((name, inline, words.count))
                case .long(let name, nil) where valueTaking.contains(name):
                    guard index < scanned.count, scanned[index].kind == .plain, !scanned[index].text.isEmpty else { return nil }
                    given.append((name, scanned[index].text, words.count))
                    index += 1
                case .long(let name, nil):
                    given.append((name, nil, words.count))
                }
            }
            // The longest path of a hot command that the words start with.
            for command in FastPath.commands.sorted(by: { $0.path.count > $1.path.count })
            where words.count >= command.path.count && Array(words.prefix(command.path.count)) == command.path {
                path = command.path
                break
            }
            guard !path.isEmpty else { return nil }
        }

        /// What was given, checked against `command`'s declarations and the global options.
        func values(for command: Command) -> Values? {
            let positionals = Array(words.dropFirst(path.count))
            guard command.positionals.contains(positionals.count) else { return nil }
            var values = Values(positionals: positionals)
            for (name, value, after) in given {
                // The command's own options and flags come after its path (ArgumentParser refuses
                // them before it). The global ones come after it too, or before its first word
                // (ArgumentOrder moves those behind it); between two words of the path (`settings
                // --app-id X get`) ArgumentParser takes them for the group's, which has none.
                if command.options.contains(name) || command.flags.contains(name), after < path.count { return nil }
                if after > 0, after < path.count { return nil }
                if let value {
                    if command.options.contains(name) {
                        guard command.repeatable.contains(name) || values.options[name] == nil else { return nil }
                    } else if let setting = FastPath.globalOption(name), case .value = setting.form {
                        guard values.options[name] == nil else { return nil }
                    } else {
                        return nil
                    }
                    values.options[name, default: []].append(value)
                } else {
                    let isFlag = command.flags.contains(name) || FastPath.globalOption(name).map { $0.form == .flag } ?? false
                    guard isFlag, !values.flags.contains(name) else { return nil }
                    values.flags.insert(name)
                }
            }
            return values
        }
    }

    /// What a command line gave, by option name.
    struct Values {
        var positionals: [String]
        var options: [String: [String]] = [:]
        var flags: Set<String> = []

        func last(_ name: String) -> String? { options[name]?.last }
        func all(_ name: String) -> [String] { options[name] ?? [] }

        static func convert<T>(_ text: String, _ make: (String) -> T?) throws -> T {
            guard let value = make(text) else { throw NotUnderstood() }
            return value
        }

        /// The global values given, keyed by the table's rows, kept as ArgumentParser's typed
        /// options keep them (`GlobalSetting.keptText`); nil when a value does not convert.
        func globalValues() -> GlobalValues? {
            var given: FlagValues = [:]
            for (name, texts) in options {
                guard let setting = FastPath.globalOption(name), let text = texts.last else { continue }
                guard let kept = setting.keptText(text) else { return nil }
                given[setting.name] = kept
            }
            for name in flags {
                guard let setting = FastPath.globalOption(name) else { continue }
                given[setting.name] = "true"
            }
            return GlobalValues(given)
        }
    }

    /// The global option `--<name>` of the settings table, nil for another word.
    static func globalOption(_ name: String) -> GlobalSetting? { globalByName[name] }

    /// The global options by `--name`: the settings table's rows that have a flag (what the generated
    /// `GlobalOptions` declares, AgreementTests checks).
    private static let globalByName: [String: GlobalSetting] = Dictionary(
        uniqueKeysWithValues: GlobalSetting.all.filter(\.hasFlag).map { ("--" + $0.name, $0) })

    /// Every `--name` that takes a value: the global ones and the hot commands' own.
    static let valueTakingNames: [String] = {
        var names = GlobalSetting.all.filter { setting in
            guard setting.hasFlag, case .value = setting.form else { return false }
            return true
        }.map { "--" + $0.name }
        for command in commands { names += command.options }
        return names
    }()
}
