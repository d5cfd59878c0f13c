// `hubctl config unset`: Remove one setting from a profile.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

struct ConfigUnset: HubCommand, ConfigKeyVerb {
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
    @Argument(help: ArgumentHelp("A profile setting, e.g. acp-dest.", valueName: "key"),
              completion: .list(GlobalSetting.profileKeys))
    var key: String

    /// The command's options as plain data (ConfigSupport.swift).
    typealias Options = ConfigKeyOptions<ConfigUnset>
    var options: Options { Options(key: key) }

    /// The body: the key removed from the profile, its document with no value.
    static func run(_ target: ConfigTarget, _ invocation: Invocation) throws {
        try ConfigEditor.set(path: target.path, profile: target.profile, key: target.setting.name, value: nil)
        try invocation.emit(ConfigValueOutput(path: target.path, profile: target.profile, key: target.setting.name, value: nil))
    }
}
