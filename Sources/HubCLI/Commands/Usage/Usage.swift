// `hubctl usage`: Upload client usage reports (Mobile Services).

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct UsageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage",
        abstract: "Upload client usage reports (Mobile Services).",
        discussion: """
        Exit codes: see `hubctl usage upload --help`.

        Example:
          hubctl usage upload usage-report.json
        """,
        subcommands: [UsageUpload.self])
}
