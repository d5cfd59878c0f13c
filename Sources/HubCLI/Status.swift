// `hubctl status`: what hubctl knows (placeholder until the services land).

import ArgumentParser
import HubCore

struct StatusCommand: HubCommand {
    static let configuration = CommandConfiguration(commandName: "status",
        abstract: "Show what hubctl knows: profile, server, registrations, vault, ACP.")
    @OptionGroup var global: GlobalOptions

    func execute(_ context: CommandContext) throws {
        struct Out: Encodable { var home: String; var version: String }
        try context.emit(Out(home: context.home, version: HubVersion.current))
    }
}
