// `hubctl plist`: Work with clienthub.plist files.

import ArgumentParser
import HubConfig
import HubCore

struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Work with clienthub.plist files.",
        discussion: """
        Example:
          hubctl plist validate App/clienthub.plist
        """,
        subcommands: [PlistValidate.self]
    )
}
