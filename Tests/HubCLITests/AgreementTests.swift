// The lists that must agree: the settings table and everything derived from it, the error codes
// and the table of them in docs/errors.md.

import Foundation
import HubConfig
import HubCore
@testable import HubCLI
import Testing

/// The package root, from this file's path (Tests/HubCLITests/…).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func repositoryFile(_ path: String) throws -> String {
    let url = packageRoot.appendingPathComponent(path)
    guard let data = FileManager.default.contents(atPath: url.path) else { throw CommandTestError("cannot read \(url.path)") }
    return String(decoding: data, as: UTF8.self)
}

/// The `--long` names in a help text's OPTIONS section.
private func optionNames(inHelp help: String) -> Set<String> {
    let pattern = try! Regex(#"(?m)^\s+(?:-\w, )?(--[a-z0-9-]+)"#)
    return Set(help.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
}

@Suite("Agreement")
struct AgreementTests {
    let flags = Set(GlobalSetting.all.compactMap(\.flagName))

    /// Every flag of the table is declared by GlobalOptions, and what is given for it comes back
    /// in `values` under its row, kept as the fast path keeps it (`keptText`).
    @Test func everyGlobalFlagHasItsDeclaration() throws {
        #expect(Set(try GlobalOptions.parse([]).values.given.keys) == [])
        for setting in GlobalSetting.all where setting.hasFlag {
            var arguments = ["--" + setting.name]
            let expected: String
            switch setting.valueKind {
            case .text: arguments.append("given-value"); expected = "given-value"
            case .seconds: arguments.append("7"); expected = "7.0"
            case .errorFormat: arguments.append("json"); expected = "json"
            case .flag: expected = "true"
            }
            let values = try GlobalOptions.parse(arguments).values
            #expect(values.given == [setting.name: expected], "--\(setting.name)")
            if setting.valueKind != .flag { #expect(setting.keptText(arguments[1]) == expected, "--\(setting.name)") }
        }
    }

    /// The declarations are generated from the table: the committed file is what the table gives
    /// now (`scripts/generate-docs.sh --write` regenerates it after a row changes).
    @Test func generatedDeclarationsAreTheTables() throws {
        let committed = try repositoryFile("Sources/HubCLI/Runtime/GlobalOptions+Generated.swift")
        #expect(committed == GlobalOptionsSource.text(), "GlobalOptions+Generated.swift is stale: run `make completions`")
    }

    /// The switches of the table read their variable by the table's rule (1/true/yes/on).
    @Test func switchVariablesFollowTheTablesRule() throws {
        for text in ["1", "true", "YES", "on"] {
            let invocation = try Invocation(global: GlobalValues(), context: CommandContext(environment: ["HUBCTL_NO_INPUT": text, "HUBCTL_ALLOW_HTTP": text, "HOME": "/nonexistent"]))
            #expect(invocation.noInput && invocation.allowHTTP, "\(text)")
        }
        for text in ["0", "false", "No", "off"] {
            let invocation = try Invocation(global: GlobalValues(), context: CommandContext(environment: ["HUBCTL_NO_INPUT": text, "HOME": "/nonexistent"]))
            #expect(!invocation.noInput, "\(text)")
        }
        #expect(throws: HubError.self) {
            _ = try Invocation(global: GlobalValues(), context: CommandContext(environment: ["HUBCTL_NO_INPUT": "maybe"]))
        }
    }

    @Test func globalOptionsAreTheTablesFlags() {
        let help = GlobalOptions.helpMessage(columns: 200)
        #expect(optionNames(inHelp: help).subtracting(["--help"]) == flags)
    }

    @Test func argumentOrderMovesEveryGlobalFlag() {
        #expect(ArgumentOrder.globalFlags.union(ArgumentOrder.globalOptionsWithValue) == flags)
        #expect(ArgumentOrder.globalFlags.isDisjoint(with: ArgumentOrder.globalOptionsWithValue))
        for setting in GlobalSetting.all where setting.hasFlag {
            #expect(ArgumentOrder.globalFlags.contains("--" + setting.name) == (setting.form == .flag), "\(setting.name)")
        }
    }

    @Test func everyProfileSettingReachesTheConfigurationLayers() throws {
        for setting in GlobalSetting.all where setting.inProfile {
            // The environment layer finds `hubctl.<name>` under this variable name.
            #expect(setting.environment == GlobalSetting.layeredVariable(setting.name), "\(setting.name)")
            if setting.hasFlag {
                let given = try GlobalOptions.parse(["--" + setting.name] + (setting.valueKind == .flag ? [] : ["7"])).values
                #expect(GlobalValues.isLayered(setting) && given.flagValues[setting.name] != nil, "--\(setting.name) is not passed to the layers")
            }
        }
        #expect(ConfigFile.knownKeys == Set(GlobalSetting.profileKeys))
    }

    @Test func secretsAreNeverFlagsWithValuesOrProfileKeys() {
        for setting in GlobalSetting.all where setting.secret {
            #expect(!setting.hasFlag && !setting.inProfile && setting.environment != nil, "\(setting.name)")
        }
    }

    @Test func namesAreUnique() {
        #expect(Set(GlobalSetting.all.map(\.name)).count == GlobalSetting.all.count)
        let variables = GlobalSetting.all.compactMap(\.environment)
        #expect(Set(variables).count == variables.count)
    }

    @Test func helpTopicsAndTheManPageListEveryVariable() throws {
        let root = Hubctl.helpMessage(columns: 1000)
        let manual = try repositoryFile("man/hubctl.help.1")
        for variable in GlobalSetting.all.compactMap(\.environment) {
            #expect(HelpTopics.environment.contains(variable), "help environment lacks \(variable)")
            #expect(root.contains(variable), "the root help lacks \(variable)")
            #expect(manual.contains(variable), "man/hubctl.help.1 lacks \(variable)")
        }
    }

    @Test func aProfileCannotSetWhatItCannotChange() throws {
        let dir = NSTemporaryDirectory() + "cfg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for key in ["home", "password", "vault-key"] {
            try Data("default:\n  \(key): x\n".utf8).write(to: URL(fileURLWithPath: dir + "/config.yaml"))
            let error = #expect(throws: HubError.self) { try ConfigFile.load(path: dir + "/config.yaml") }
            #expect(error?.code == .configInvalid, "\(key)")
        }
    }

    /// The README's "Exit codes" table is `ExitCodeTable`, the rows `hubctl help exit-codes`
    /// prints (issue 48 item 28), and every failure kind has its row.
    @Test func readmeExitCodesAreTheHelpTable() throws {
        let readme = try repositoryFile("README.md")
        #expect(readme.contains("## Exit codes\n\n" + ExitCodeTable.markdown + "\n\n"), "README's table differs from ExitCodeTable:\n\(ExitCodeTable.markdown)")
        #expect(Set(ExitCodeTable.rows.map(\.code)) == Set(FailureKind.allCases.map(\.exitCode) + [0]))
        for row in ExitCodeTable.rows where !row.when.isEmpty {
            #expect(HelpTopics.exitCodes.contains(String(row.when.split(separator: " ").prefix(3).joined(separator: " "))), "\(row.code)")
        }
    }

    /// README is the quick start, the recipes and the exit codes; reference belongs in docs/ (issue 49:
    /// at most 450 lines).
    @Test func readmeStaysShort() throws {
        let lines = try repositoryFile("README.md").split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 450, "README.md has \(lines) lines; move reference to docs/")
    }

    @Test func errorsDocListsEveryErrorCode() throws {
        let doc = try repositoryFile("docs/errors.md")
        guard let start = doc.range(of: "## Error codes") else {
            Issue.record("docs/errors.md has no \"## Error codes\" section")
            return
        }
        let section = doc[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let rows = section[..<end].split(separator: "\n").filter { $0.hasPrefix("| `") }
        let listed = rows.compactMap { row -> String? in
            guard let a = row.firstIndex(of: "`") else { return nil }
            let rest = row[row.index(after: a)...]
            return rest.firstIndex(of: "`").map { String(rest[..<$0]) }
        }
        #expect(Set(listed) == Set(ErrorCode.allCases.map(\.rawValue)),
                "missing in docs/errors.md: \(Set(ErrorCode.allCases.map(\.rawValue)).subtracting(listed).sorted()); not codes: \(Set(listed).subtracting(ErrorCode.allCases.map(\.rawValue)).sorted())")
        #expect(listed.count == Set(listed).count, "a code is listed twice")
    }
}
