// The command lines scripts repeat thousands of times, parsed without building ArgumentParser's
// tree: its parse reflects over the command types and scans the binary's protocol conformances,
// which costs more than the rest of a `settings get` (bench/RESULTS.md). The fast parser reads the
// same declarations: the settings table's global options (`GlobalOptions.fields`) and each hot
// command's own options below. Whatever it does not fully understand (help, a completion request,
// an unknown or abbreviated option, a repeated single-value option, a value it cannot convert, a
// command line `validate()` refuses, an empty value, an option between the words of a command's
// path) it leaves to ArgumentParser, so every message stays ArgumentParser's: a line the fast parser
// takes is one ArgumentParser takes the same way.
// FastPathParityTests compares both parsers over a corpus of command lines and compares these
// declarations with ArgumentParser's own description of each command (`--experimental-dump-help`).

import ArgumentParser
import HubConfig

enum FastPath {
    /// The command lines it parses, or nil: ArgumentParser's turn.
    /// The command's `global` property is left unset (building `GlobalOptions` costs more than
    /// this whole parse): it runs with the values returned beside it, and a hot command reads its
    /// global options only through its Invocation.
    static func parse(_ arguments: [String]) -> (command: any FastRunnable, global: GlobalValues)? {
        guard let scanned = Scan(arguments), let spec = commands.first(where: { $0.path == scanned.path }) else { return nil }
        guard let values = scanned.values(for: spec), let global = values.globalValues() else { return nil }
        guard let command = (try? spec.make(values)) ?? nil, (try? command.validate()) != nil else { return nil }
        return (command, global)
    }

    /// What the fast path runs: a hot command's plain options where it has them (no ArgumentParser
    /// property wrappers to build: their names and help cost more than the rest of the parse), or
    /// the ArgumentParser command itself (`Parsed`).
    protocol FastRunnable {
        /// ArgumentParser's checks of the line; a throw leaves the line to ArgumentParser.
        func validate() throws
        func run(_ invocation: Invocation) throws
        var resolvesConnection: Bool { get }
    }

    /// An ArgumentParser command, built by the fast path (its `global` left unset) or parsed.
    struct Parsed: FastRunnable {
        var command: any HubCommand
        func validate() throws {
            var command = command
            try command.validate()
        }
        func run(_ invocation: Invocation) throws { try command.execute(invocation) }
        var resolvesConnection: Bool { type(of: command).resolvesConnection }
    }

    /// One hot command: its path, its own options and flags (long names), and how many positional
    /// arguments it takes; `make` builds it from what was given (nil or a throw: not understood).
    struct Command: Sendable {
        let path: [String]
        /// Arrays, not sets: a handful of names each, and the table is built on every call (a
        /// `Set` hashes each name as it is built).
        let options: [String]
        /// Options that may be given more than once (arrays).
        let repeatable: [String]
        let flags: [String]
        let positionals: ClosedRange<Int>
        let make: @Sendable (Values) throws -> (any FastRunnable)?
        /// The same form from ArgumentParser's parse of the line (what FastPathParityTests compares).
        let parsed: @Sendable (any HubCommand) -> (any FastRunnable)?
    }

    /// Not understood: ArgumentParser parses the line.
    struct NotUnderstood: Error {}

    static let commands: [Command] = [
        Command(path: ["settings", "get"], options: ["--expand"], repeatable: ["--expand"], flags: [], positionals: 0...Int.max,
                make: { v in SettingsGet.Options(names: v.positionals, expand: v.all("--expand")) },
                parsed: { ($0 as? SettingsGet).map { SettingsGet.Options(names: $0.names, expand: $0.expand) } }),
        Command(path: ["acp", "check"], options: ["--dest", "--interval", "--jitter-seed"], repeatable: [], flags: ["--wait", "--fetch"],
                positionals: 0...0, make: { v in
            // Without --wait (and so without the options that need it): the one check, as plain options.
            if !v.flags.contains("--wait"), !v.flags.contains("--fetch"), v.last("--interval") == nil, v.last("--jitter-seed") == nil {
                return ACPCheckCommand.Once(dest: v.last("--dest"))
            }
            var command = ACPCheckCommand()
            var destination = ACPDestination()
            destination.dest = v.last("--dest")
            command.destination = destination
            command.wait = v.flags.contains("--wait")
            command.fetch = v.flags.contains("--fetch")
            command.interval = try v.last("--interval").map { try Values.convert($0, Double.init) }
            command.jitterSeed = try v.last("--jitter-seed").map { try Values.convert($0) { UInt64($0) } }
            return Parsed(command: command)
        }, parsed: { command in
            guard let check = command as? ACPCheckCommand else { return nil }
            if !check.wait, !check.fetch, check.interval == nil, check.jitterSeed == nil { return ACPCheckCommand.Once(dest: check.destination.dest) }
            return Parsed(command: check)
        }),
        Command(path: ["register"], options: ["--device-type", "--device-model", "--set", "--capability"], repeatable: ["--set", "--capability"],
                flags: ["--save-credentials", "--force"], positionals: 0...0, make: { v in
            var command = RegisterCommand()
            command.deviceType = v.last("--device-type") ?? "Linux"
            command.deviceModel = v.last("--device-model") ?? "hubctl"
            command.set = v.all("--set")
            command.capability = v.all("--capability")
            command.saveCredentials = v.flags.contains("--save-credentials")
            command.force = v.flags.contains("--force")
            return Parsed(command: command)
        }, parsed: { Parsed(command: $0) }),
        Command(path: ["unregister"], options: ["--appcid"], repeatable: [], flags: [], positionals: 0...0, make: { v in
            var command = UnregisterCommand()
            command.appcid = v.last("--appcid")
            return Parsed(command: command)
        }, parsed: { Parsed(command: $0) }),
        Command(path: ["vault", "show"], options: [], repeatable: [], flags: [], positionals: 1...1, make: { v in
            var command = VaultShow()
            command.key = v.positionals[0]
            return Parsed(command: command)
        }, parsed: { Parsed(command: $0) }),
        Command(path: ["status"], options: [], repeatable: [], flags: [], positionals: 0...0,
                make: { _ in Parsed(command: StatusCommand()) }, parsed: { Parsed(command: $0) }),
        Command(path: ["auth", "token"], options: [], repeatable: [], flags: [], positionals: 0...0,
                make: { _ in Parsed(command: AuthToken()) }, parsed: { Parsed(command: $0) }),
    ]

    /// The words of a command line: options (`--name value`, `--name=value`), flags, and the rest.
    struct Scan {
        /// The command's path and its positional arguments, in order.
        var words: [String] = []
        /// Every `--name` given, with its value when it has one (`--name=value` or the next word),
        /// and how many words came before it (a command's own option comes after its path).
        var given: [(name: String, value: String?, after: Int)] = []
        var path: [String] = []

        init?(_ arguments: [String]) {
            let valueTaking = FastPath.valueTakingNames
            var index = 0
            while index < arguments.count {
                let word = arguments[index]
                index += 1
                guard word.hasPrefix("-") else { words.append(word); continue }
                // Short options, `-`, `--` and anything ArgumentParser treats specially: its turn.
                guard word.hasPrefix("--"), word.count > 2 else { return nil }
                if let equals = word.firstIndex(of: "=") {
                    let name = String(word[..<equals])
                    let value = String(word[word.index(after: equals)...])
                    // `--name=` is `--name` without a value to ArgumentParser ("Missing value"):
                    // an empty value, in either form, is its to judge.
                    guard valueTaking.contains(name), !value.isEmpty else { return nil }
                    given.append((name, value, words.count))
                } else if valueTaking.contains(word) {
                    guard index < arguments.count, !arguments[index].hasPrefix("-"), !arguments[index].isEmpty else { return nil }
                    given.append((word, arguments[index], words.count))
                    index += 1
                } else {
                    given.append((word, nil, words.count))
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

        /// The global options' values; nil when a value does not convert.
        func globalValues() -> GlobalValues? {
            var seconds: [GlobalSetting: Double] = [:]
            for setting in [GlobalSetting.timeout, .deadline] {
                guard let text = last("--" + setting.name) else { continue }
                guard let value = Double(text) else { return nil }
                seconds[setting] = value
            }
            var format: ErrorFormat?
            if let text = last("--" + GlobalSetting.errorFormat.name) {
                guard let parsed = ErrorFormat(rawValue: text) else { return nil }
                format = parsed
            }
            // Every field of the table is one of the forms read here (FastPathParityTests checks it),
            // and every property is named (the parity test compares these values with ArgumentParser's).
            func text(_ setting: GlobalSetting) -> String? { last("--" + setting.name) }
            func flag(_ setting: GlobalSetting) -> Bool { flags.contains("--" + setting.name) }
            return GlobalValues(
                server: text(.server), plist: text(.plist), appId: text(.appId), profile: text(.profile), user: text(.user),
                passwordStdin: flag(.passwordStdin), cert: text(.cert), key: text(.key), pkcs12: text(.pkcs12),
                certProvider: text(.certProvider), cacert: text(.cacert), insecure: flag(.insecure), allowHTTP: flag(.allowHTTP),
                apiVersion: text(.apiVersion), home: text(.home), timeout: seconds[.timeout], deadline: seconds[.deadline],
                noInput: flag(.noInput), anonymous: flag(.anonymous), verbose: flag(.verbose),
                vaultPassphraseFile: text(.vaultPassphraseFile), oauthClientId: text(.oauthClientId), redirectUri: text(.redirectUri),
                oauthAuthorizeUrl: text(.oauthAuthorizeUrl), oauthTokenUrl: text(.oauthTokenUrl), appVersion: text(.appVersion),
                platform: text(.platform), errorFormat: format)
        }
    }

    /// The global option `--<name>` of the settings table, nil for another word.
    static func globalOption(_ name: String) -> GlobalSetting? {
        guard name.hasPrefix("--") else { return nil }
        return globalByName[String(name.dropFirst(2))]
    }

    /// The global options by name: the settings table's rows that have a flag (the keys of
    /// `GlobalOptions.fields`, AgreementTests checks; read from the table, which is plain data,
    /// rather than from the fields, whose key paths cost more to build than this whole parse).
    private static let globalByName: [String: GlobalSetting] = Dictionary(
        uniqueKeysWithValues: GlobalSetting.all.filter(\.hasFlag).map { ($0.name, $0) })

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
