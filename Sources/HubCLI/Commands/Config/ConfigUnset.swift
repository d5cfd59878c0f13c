// `hubctl config unset`: Remove one setting from a profile.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

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
    @Argument(help: ArgumentHelp("A profile setting, e.g. acp-dest.", valueName: "key"),
              completion: .list(GlobalSetting.profileKeys))
    var key: String

    var options: Options { Options(key: key) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var key: String

        func run(_ invocation: Invocation) throws {
            let target = try ConfigTarget(key: key, invocation)
            let (setting, path, profile) = (target.setting, target.path, target.profile)
            try ConfigEditor.set(path: path, profile: profile, key: setting.name, value: nil)
            try invocation.emit(ConfigValueOutput(path: path, profile: profile, key: setting.name, value: nil))
        }
    }
}
