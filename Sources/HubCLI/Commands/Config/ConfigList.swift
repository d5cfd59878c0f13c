// `hubctl config list`: Print every profile, the default profile and the one in force.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

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

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let path = invocation.configPath
            let file = try ConfigFile.load(path: path)
            try invocation.emit(ConfigListOutput(path: path, exists: FileManager.default.fileExists(atPath: path),
                                              defaultProfile: file.defaultProfile, current: invocation.configProfile(in: file),
                                              profiles: file.profiles))
        }
    }
}
