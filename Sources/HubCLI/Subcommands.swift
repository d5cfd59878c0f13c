// The list of command groups; one file per group beside this one.

import ArgumentParser

enum HubctlSubcommands {
    static let all: [any ParsableCommand.Type] = [
        StatusCommand.self,
        PlistCommand.self,
    ]
}
