// `hubctl auth`: OAuth tokens of the application's client (see `hubctl login`).

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices

struct AuthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "OAuth tokens of the application's client (see `hubctl login`).",
        discussion: """
        Exit codes: see `hubctl auth token --help`.

        Example:
          hubctl --profile btp auth token | jq -r .expiresAt
        """,
        subcommands: [AuthToken.self])
}
