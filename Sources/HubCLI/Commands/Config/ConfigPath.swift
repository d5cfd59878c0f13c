// `hubctl config path`: Print where the configuration file is, and whether it exists.

import ArgumentParser
import Foundation
import HubConfig
import HubCore

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

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let path = invocation.configPath
            try invocation.emit(ConfigPathOutput(path: path, exists: FileManager.default.fileExists(atPath: path)))
        }
    }
}

/// What `hubctl config path` prints.
struct ConfigPathOutput: JSONDocument {
    var path: String; var exists: Bool
    var json: JSONValue { .object(["path": .string(path), "exists": .bool(exists)]) }
}
