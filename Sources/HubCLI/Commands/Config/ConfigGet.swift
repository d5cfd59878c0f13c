// `hubctl config get`: Print one setting of a profile as the file has it.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

struct ConfigGet: HubCommand, ConfigKeyVerb {
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
    @Argument(help: ArgumentHelp("A profile setting, e.g. server.", valueName: "key"),
              completion: .list(GlobalSetting.profileKeys))
    var key: String

    /// The command's options as plain data (ConfigSupport.swift).
    typealias Options = ConfigKeyOptions<ConfigGet>
    var options: Options { Options(key: key) }

    /// The body: the value as the file has it.
    static func run(_ target: ConfigTarget, _ invocation: Invocation) throws {
        let (setting, path, file, profile) = (target.setting, target.path, target.file, target.profile)
        guard let value = file.profiles[profile]?[setting.name] else {
            throw HubError(.noInput, code: .configKeyNotSet,
                           "Profile '\(profile)' does not set '\(setting.name)'. Set it with `hubctl config set \(setting.name) VALUE --profile \(profile)`.")
        }
        try invocation.emit(ConfigValueOutput(path: path, profile: profile, key: setting.name, value: value))
    }
}
