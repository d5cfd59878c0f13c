// `hubctl config set|unset|get|list|use|path`: profiles in config.yaml without a text editor, as
// `kubectl config` and `aws configure` do. Keys are the settings table's profile keys; secrets are
// refused (they belong in the vault); every change is written atomically (HubConfig/ConfigEditor).

import ArgumentParser
import Foundation
import HubConfig
import HubCore

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Read and change the profiles of the configuration file.",
        discussion: """
        A profile is a named set of settings (server, app-id, user, acp-dest, …) that commands use when no flag or HUBCTL_* variable gives them. `config use` chooses the profile used when neither --profile nor HUBCTL_PROFILE names one. `config set-push` keeps the push operator credentials of a service key or binding in a profile, their secret in the vault.

        Example:
          hubctl config set server https://smp.example.com:8443 --profile prod
        """,
        subcommands: [ConfigSet.self, ConfigUnset.self, ConfigGet.self, ConfigList.self, ConfigUse.self, ConfigPath.self,
                      ConfigSetPush.self, ConfigUnsetPush.self])
}

/// One key of one profile.
struct ConfigValueOutput: Encodable {
    var path: String
    var profile: String
    var key: String
    var value: String?

    enum CodingKeys: String, CodingKey { case path, profile, key, value }

    /// `value` is always present, null once removed.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(profile, forKey: .profile)
        try c.encode(key, forKey: .key)
        try c.encode(value, forKey: .value)
    }
}

struct ConfigListOutput: Encodable {
    var path: String
    var exists: Bool
    /// The profile `config use` chose (null when none was chosen).
    var defaultProfile: String?
    /// The profile a command run now would use.
    var current: String
    var profiles: [String: [String: String]]

    enum CodingKeys: String, CodingKey { case path, exists, defaultProfile, current, profiles }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(exists, forKey: .exists)
        try c.encode(defaultProfile, forKey: .defaultProfile)
        try c.encode(current, forKey: .current)
        try c.encode(profiles, forKey: .profiles)
    }
}

struct ConfigSet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set one setting of a profile (created when missing).",
        discussion: """
        KEY is a profile setting: \(GlobalSetting.profileKeys.joined(separator: ", ")). The value is checked as commands will read it. Secrets (passwords, passphrases) are refused: give them through the environment or stdin, or keep them in the encrypted vault. The file is replaced atomically; other profiles and keys stay as they were.

        Exit codes: 0 ok, 64 unknown key, secret or bad value, 73 cannot write the file, 78 bad value or unreadable file.

        Example:
          hubctl config set app-id com.acme.field --profile prod
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    @Argument(help: ArgumentHelp("A profile setting, e.g. server.", valueName: "key"),
              completion: .list(GlobalSetting.profileKeys))
    var key: String

    @Argument(help: ArgumentHelp("Its value.", valueName: "value"))
    var value: String

    func execute(_ invocation: Invocation) throws {
        let setting = try ConfigEditor.profileSetting(key)
        try ConfigEditor.validate(setting, value: value)
        let path = invocation.configPath
        let profile = invocation.configProfile(in: try ConfigFile.load(path: path))
        try ConfigEditor.checkProfileName(profile)
        try ConfigEditor.set(path: path, profile: profile, key: setting.name, value: value)
        try invocation.emit(ConfigValueOutput(path: path, profile: profile, key: setting.name, value: value))
    }
}

struct ConfigUnset: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Remove one setting from a profile.",
        discussion: """
        Removing a key the profile does not set is not an error.

        Exit codes: 0 ok, 64 unknown key, 73 cannot write the file, 78 unknown profile or unreadable file.

        Example:
          hubctl config unset acp-dest --profile prod
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    @Argument(help: ArgumentHelp("A profile setting, e.g. acp-dest.", valueName: "key"),
              completion: .list(GlobalSetting.profileKeys))
    var key: String

    func execute(_ invocation: Invocation) throws {
        let setting = try ConfigEditor.profileSetting(key)
        let path = invocation.configPath
        let file = try ConfigFile.load(path: path)
        let profile = invocation.configProfile(in: file)
        try requireProfile(profile, in: file)
        try ConfigEditor.set(path: path, profile: profile, key: setting.name, value: nil)
        try invocation.emit(ConfigValueOutput(path: path, profile: profile, key: setting.name, value: nil))
    }
}

/// An existing profile, or exit 78 naming the known ones.
func requireProfile(_ profile: String, in file: ConfigFile) throws {
    guard file.profiles[profile] == nil else { return }
    let known = file.profiles.keys.sorted()
    throw HubError.config("Unknown profile '\(profile)' in \(file.path)" +
        (known.isEmpty ? " (the file has no profiles)." : "; known profiles: \(known.joined(separator: ", ")).") +
        " Create it with `hubctl config set KEY VALUE --profile \(profile)`.", code: .unknownProfile)
}

struct ConfigGet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print one setting of a profile as the file has it.",
        discussion: """
        Reads the configuration file only: a flag or a HUBCTL_* variable given now does not change the answer (see `hubctl status` for the values in force).

        Exit codes: 0 ok, 64 unknown key, 66 the profile does not set the key, 78 unknown profile or unreadable file.

        Example:
          hubctl config get server --profile prod | jq -r .value
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    @Argument(help: ArgumentHelp("A profile setting, e.g. server.", valueName: "key"),
              completion: .list(GlobalSetting.profileKeys))
    var key: String

    func execute(_ invocation: Invocation) throws {
        let setting = try ConfigEditor.profileSetting(key)
        let path = invocation.configPath
        let file = try ConfigFile.load(path: path)
        let profile = invocation.configProfile(in: file)
        try requireProfile(profile, in: file)
        guard let value = file.profiles[profile]?[setting.name] else {
            throw HubError(.noInput, code: .configKeyNotSet,
                           "Profile '\(profile)' does not set '\(setting.name)'. Set it with `hubctl config set \(setting.name) VALUE --profile \(profile)`.")
        }
        try invocation.emit(ConfigValueOutput(path: path, profile: profile, key: setting.name, value: value))
    }
}

struct ConfigList: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every profile, the default profile and the one in force.",
        discussion: """
        A missing configuration file is an empty list, not an error.

        Exit codes: 0 ok, 78 unreadable or malformed file.

        Example:
          hubctl config list | jq -r '.profiles | keys[]'
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    func execute(_ invocation: Invocation) throws {
        let path = invocation.configPath
        let file = try ConfigFile.load(path: path)
        try invocation.emit(ConfigListOutput(path: path, exists: FileManager.default.fileExists(atPath: path),
                                          defaultProfile: file.defaultProfile, current: invocation.configProfile(in: file),
                                          profiles: file.profiles))
    }
}

struct ConfigUse: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: "Choose the profile used when neither --profile nor HUBCTL_PROFILE names one.",
        discussion: """
        The profile must exist (create it with `config set … --profile NAME`). The choice is recorded in the configuration file as `default-profile:`.

        Exit codes: 0 ok, 64 bad profile name, 73 cannot write the file, 78 unknown profile or unreadable file.

        Example:
          hubctl config use prod
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    @Argument(help: ArgumentHelp("The profile to use by default.", valueName: "profile"),
              completion: DynamicCompletion.profiles)
    var name: String

    func execute(_ invocation: Invocation) throws {
        try ConfigEditor.checkProfileName(name)
        let path = invocation.configPath
        let file = try ConfigFile.load(path: path)
        try requireProfile(name, in: file)
        try ConfigEditor.use(path: path, profile: name)
        let updated = try ConfigFile.load(path: path)
        try invocation.emit(ConfigListOutput(path: path, exists: true, defaultProfile: updated.defaultProfile,
                                          current: invocation.configProfile(in: updated), profiles: updated.profiles))
    }
}

struct ConfigPath: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print where the configuration file is, and whether it exists.",
        discussion: """
        The file is $HUBCTL_CONFIG when set, else ${XDG_CONFIG_HOME:-~/.config}/hubctl/config.yaml.

        Exit codes: 0 ok.

        Example:
          "${EDITOR:-vi}" "$(hubctl config path | jq -r .path)"
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    static var resolvesConnection: Bool { false }

    struct Output: Encodable { var path: String; var exists: Bool }

    func execute(_ invocation: Invocation) throws {
        let path = invocation.configPath
        try invocation.emit(Output(path: path, exists: FileManager.default.fileExists(atPath: path)))
    }
}
