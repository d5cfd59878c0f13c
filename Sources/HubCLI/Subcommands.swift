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
        BatchCommand.self,
        LoginCommand.self,
        LogoutCommand.self,
        AuthCommand.self,
        PushCommand.self,
        BundleCommand.self,
        AppCommand.self,
        LogsCommand.self,
        UsageCommand.self,
        WhoamiCommand.self,
        PolicyCommand.self,
        ProbeCommand.self,
        ConfigCommand.self,
        CompletionCommand.self,
        HelpCommand.self,
    ]
}
