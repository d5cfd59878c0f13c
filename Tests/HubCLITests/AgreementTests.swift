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

    /// Every flag of the table has its field in GlobalOptions (what batch inheritance and the
    /// configuration's flag layer read), and every field is a flag of the table.
    @Test func everyGlobalFlagHasItsField() throws {
        #expect(Set(GlobalOptions.fields.keys.compactMap(\.flagName)) == flags)
        // A value given for each field comes back through `given`, under its setting.
        for (setting, field) in GlobalOptions.fields {
            var arguments = ["--" + setting.name]
            switch field {
            case .text: arguments.append("given-value")
            case .seconds: arguments.append("7")
            case .errorFormat: arguments.append("json")
            case .flag: break
            }
            let options = try GlobalOptions.parse(arguments)
            let expected = switch field { case .text: "given-value"; case .seconds: "7.0"; case .errorFormat: "json"; case .flag: "true" }
            #expect(options.given(setting) == expected, "--\(setting.name)")
            // The properties read directly (`givenValues`, what `flagValues` uses) say the same.
            let direct = options.givenValues.first { $0.0 == setting }
            #expect(direct != nil, "--\(setting.name) is not in givenValues")
            #expect(direct?.1 == expected, "--\(setting.name)")
            #expect(options.givenValues.filter { $0.1 != nil }.map(\.0) == [setting], "--\(setting.name) alone was given")
        }
        #expect(Set(try GlobalOptions.parse([]).givenValues.map(\.0)) == Set(GlobalOptions.fields.keys))
        #expect(try GlobalOptions.parse([]).givenValues.count == GlobalOptions.fields.count)
    }

    /// The switches of the table read their variable by the table's rule (1/true/yes/on).
    @Test func switchVariablesFollowTheTablesRule() throws {
        for text in ["1", "true", "YES", "on"] {
            let invocation = try Invocation(global: try GlobalOptions.parse([]), context: CommandContext(environment: ["HUBCTL_NO_INPUT": text, "HUBCTL_ALLOW_HTTP": text, "HOME": "/nonexistent"]),
                                            resolvesConnection: false)
            #expect(invocation.noInput && invocation.allowHTTP, "\(text)")
        }
        for text in ["0", "false", "No", "off"] {
            let invocation = try Invocation(global: try GlobalOptions.parse([]), context: CommandContext(environment: ["HUBCTL_NO_INPUT": text, "HOME": "/nonexistent"]),
                                            resolvesConnection: false)
            #expect(!invocation.noInput, "\(text)")
        }
        #expect(throws: HubError.self) {
            _ = try Invocation(global: try GlobalOptions.parse([]), context: CommandContext(environment: ["HUBCTL_NO_INPUT": "maybe"]), resolvesConnection: false)
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

    @Test func everyProfileSettingReachesTheConfigurationLayers() {
        for setting in GlobalSetting.all where setting.inProfile {
            // The environment layer finds `hubctl.<name>` under this variable name.
            #expect(setting.environment == GlobalSetting.layeredVariable(setting.name), "\(setting.name)")
            if setting.hasFlag { #expect(GlobalOptions.isLayered(setting) && GlobalOptions.fields[setting] != nil, "--\(setting.name) is not passed to the layers") }
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
