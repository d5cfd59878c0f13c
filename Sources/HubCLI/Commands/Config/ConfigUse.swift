// `hubctl config use`: Choose the profile used when neither --profile nor HUBCTL_PROFILE names one.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

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
    @Argument(help: ArgumentHelp("The profile to use by default.", valueName: "profile"),
              completion: DynamicCompletion.profiles)
    var name: String

    var options: Options { Options(name: name) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var name: String

        func run(_ invocation: Invocation) throws {
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
}
