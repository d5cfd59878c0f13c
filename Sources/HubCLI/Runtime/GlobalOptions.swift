// The global options every command takes. Their ArgumentParser declarations
// (`GlobalOptions+Generated.swift`) are generated from the settings table
// (HubConfig/GlobalSetting.swift) by `scripts/generate-docs.sh --write`, and both parsers give what
// was given as one value keyed by the table's rows (`GlobalValues`): adding a global flag is its
// row and the regenerated file (AgreementTests fails while the two disagree).

import ArgumentParser
import HubConfig

extension GlobalSetting {
    /// The help of the `--<name>` option.
    var argumentHelp: ArgumentHelp {
        if case .value(let valueName) = form { return ArgumentHelp(flagHelp, valueName: valueName) }
        return ArgumentHelp(flagHelp)
    }

    var optionName: NameSpecification { .customLong(name) }

    /// The row named `name` (the generated declarations find their rows by name).
    static func row(_ name: String) -> GlobalSetting {
        guard let row = all.first(where: { $0.name == name }) else { preconditionFailure("no global setting \(name)") }
        return row
    }

    /// How the value of `--<name>` is read: the one place that says which flag is a number of
    /// seconds or the error format (both parsers, and the generated declarations, ask here).
    enum ValueKind: Sendable, Equatable {
        case text, seconds, errorFormat, flag
    }

    var valueKind: ValueKind {
        switch form {
        case .flag: .flag
        case .value(let placeholder):
            if self == .errorFormat { .errorFormat } else if placeholder == "seconds" { .seconds } else { .text }
        }
    }

    /// The text a given value is kept as (what ArgumentParser's typed option gives back as text:
    /// `7` → `7.0`); nil when the value does not convert.
    func keptText(_ text: String) -> String? {
        switch valueKind {
        case .text: text
        case .seconds: Double(text).map { String($0) }
        case .errorFormat: ErrorFormat(rawValue: text)?.rawValue
        case .flag: nil
        }
    }
}

/// The global flags given on a command line, keyed by the settings table's rows: the text given
/// (`HubConfig.FlagValues`, by the setting's name), "true" for a switch given. Both parsers make
/// it from the table (ArgumentParser's through the generated `GlobalOptions.values`, the fast
/// parser directly, since building `GlobalOptions` costs more than its whole parse); the
/// Invocation reads it through the typed accessors below.
public struct GlobalValues: Sendable, Equatable {
    public var given: FlagValues

    public init(_ given: FlagValues = [:]) { self.given = given }

    /// The text given for `setting`; nil when its flag was not given.
    public subscript(_ setting: GlobalSetting) -> String? {
        get { given[setting.name] }
        set { given[setting.name] = newValue }
    }

    /// Whether the switch `setting` was given.
    public func isOn(_ setting: GlobalSetting) -> Bool { given[setting.name] != nil }

    // The few values read by name.
    public var insecure: Bool { isOn(.insecure) }
    public var passwordStdin: Bool { isOn(.passwordStdin) }
    public var noInput: Bool { isOn(.noInput) }
    public var allowHTTP: Bool { isOn(.allowHTTP) }
    public var home: String? { self[.home] }
    public var user: String? { self[.user] }
    public var vaultPassphraseFile: String? { self[.vaultPassphraseFile] }

    /// Options a batch line never takes from the batch: stdin is the batch's (`password-stdin` is
    /// refused), a line never prompts (`no-input` is always on), and its errors are always JSON.
    static let notInherited: Set<GlobalSetting> = [.passwordStdin, .noInput, .errorFormat]

    /// Whether the configuration layers resolve the setting (its flag is their first layer): the
    /// settings a profile may set, and the profile's name. The others are read by the Invocation.
    static func isLayered(_ setting: GlobalSetting) -> Bool { setting.inProfile || setting == .profile }

    /// The flags given, by their configuration names, for the first configuration layer.
    var flagValues: FlagValues {
        given.filter { name, _ in GlobalValues.isLayered(GlobalSetting.row(name)) }
    }

    /// These values with what a batch line does not give itself taken from the batch's own.
    func inheriting(from batch: GlobalValues) -> GlobalValues {
        var merged = self
        for (name, value) in batch.given where merged.given[name] == nil && !Self.notInherited.contains(GlobalSetting.row(name)) {
            merged.given[name] = value
        }
        return merged
    }
}

/// The Swift source of `GlobalOptions+Generated.swift`, from the table: what `hubctl
/// --generate-global-options` prints for `scripts/generate-docs.sh` (AgreementTests compares it
/// with the file).
enum GlobalOptionsSource {
    static func text() -> String {
        var lines = [
            "// Generated from the settings table (HubConfig/GlobalSetting.swift) by scripts/generate-docs.sh: do not edit.",
            "// The ArgumentParser declarations of the global options, and the values given, keyed by the table.",
            "",
            "import ArgumentParser",
            "import HubConfig",
            "",
            "public struct GlobalOptions: ParsableArguments, Sendable {",
            "    public init() {}",
        ]
        var values: [String] = []
        for setting in GlobalSetting.all where setting.hasFlag {
            let property = identifier(setting.name)
            let row = "GlobalSetting.row(\"\(setting.name)\")"
            let arguments = "name: \(row).optionName, help: \(row).argumentHelp" + completion(setting)
            lines.append("")
            switch setting.valueKind {
            case .flag:
                lines.append("    @Flag(\(arguments))")
                lines.append("    var \(property) = false")
                values.append("        if \(property) { given[\"\(setting.name)\"] = \"true\" }")
            case .text:
                lines.append("    @Option(\(arguments))")
                lines.append("    var \(property): String?")
                values.append("        if let \(property) { given[\"\(setting.name)\"] = \(property) }")
            case .seconds:
                lines.append("    @Option(\(arguments))")
                lines.append("    var \(property): Double?")
                values.append("        if let \(property) { given[\"\(setting.name)\"] = String(\(property)) }")
            case .errorFormat:
                lines.append("    @Option(\(arguments))")
                lines.append("    var \(property): ErrorFormat?")
                values.append("        if let \(property) { given[\"\(setting.name)\"] = \(property).rawValue }")
            }
        }
        lines += ["", "    /// The values given, keyed by the table's rows.", "    public var values: GlobalValues {",
                  "        var given: FlagValues = [:]"]
        lines += values
        lines += ["        return GlobalValues(given)", "    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// `app-id` → `appId`.
    private static func identifier(_ name: String) -> String {
        name.split(separator: "-").enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// Completion by the value's placeholder: a path, a directory, a profile's name.
    private static func completion(_ setting: GlobalSetting) -> String {
        if setting == .profile { return ", completion: DynamicCompletion.profiles" }
        guard case .value(let placeholder) = setting.form else { return "" }
        switch placeholder {
        case "path": return ", completion: .file()"
        case "dir": return ", completion: .directory"
        default: return ""
        }
    }
}
