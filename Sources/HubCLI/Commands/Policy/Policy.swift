// `hubctl policy`: Read the policies the administrator set (passcode, feature restrictions, logs, attestation).

import ArgumentParser
import HubServices

struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Read the policies the administrator set (passcode, feature restrictions, logs, attestation).",
        discussion: """
        Exit codes: see `hubctl policy get --help`.

        Example:
          hubctl policy get passwordPolicy | jq .
        """,
        subcommands: [PolicyGet.self])
}
