// `hubctl config set`: Set one setting of a profile (created when missing).

import ArgumentParser
import Foundation
import HubConfig
import HubCore

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
    @Argument(help: ArgumentHelp("A profile setting, e.g. server.", valueName: "key"),
              completion: .list(GlobalSetting.profileKeys))
    var key: String
    @Argument(help: ArgumentHelp("Its value.", valueName: "value"))
    var value: String

    var options: Options { Options(key: key, value: value) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var key: String
        var value: String

        func run(_ invocation: Invocation) throws {
            let setting = try ConfigEditor.profileSetting(key)
            try ConfigEditor.validate(setting, value: value)
            let path = invocation.configPath
            let profile = invocation.configProfile(in: try ConfigFile.load(path: path))
            try ConfigEditor.checkProfileName(profile)
            try ConfigEditor.set(path: path, profile: profile, key: setting.name, value: value)
            try invocation.emit(ConfigValueOutput(path: path, profile: profile, key: setting.name, value: value))
        }
    }
}
