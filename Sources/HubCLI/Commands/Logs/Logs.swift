// `hubctl logs`: Upload client logs.

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct LogsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs",
        abstract: "Upload client logs.",
        discussion: """
        Exit codes: see `hubctl logs upload --help`.

        Example:
          hubctl logs upload app.log | jq .requests
        """,
        subcommands: [LogsUpload.self])
}
