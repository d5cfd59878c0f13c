// `hubctl acp`: Check for and fetch Application Configuration Profiles (customization bundles).

import ArgumentParser
import Foundation
import HubBundles
import HubCore
import HubServices

struct ACPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "acp",
        abstract: "Check for and fetch Application Configuration Profiles (customization bundles).",
        discussion: """
        Exit codes: see `hubctl acp check --help` and `hubctl acp fetch --help`.

        Example:
          hubctl acp check | jq .updateAvailable
        """,
        subcommands: [ACPCheck.self, ACPFetch.self])
}
