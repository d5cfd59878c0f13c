// The list of command groups; one file per group beside this one.

import ArgumentParser

enum HubctlSubcommands {
    static let all: [any ParsableCommand.Type] = [
        RegisterCommand.self,
        UnregisterCommand.self,
        SettingsCommand.self,
        ACPCommand.self,
        VaultCommand.self,
        PlistCommand.self,
        StatusCommand.self,
        ConfigCommand.self,
        CompletionCommand.self,
        HelpCommand.self,
    ]
}
