// `hubctl help`: Show the help of a command, or a topic: exit-codes, environment.

import ArgumentParser
import Foundation
import HubCore

struct HelpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "help",
        abstract: "Show the help of a command, or a topic: exit-codes, environment.",
        discussion: """
          hubctl help                     the overview and the list of commands
          hubctl help acp fetch           the help of one command
          hubctl help exit-codes          what each exit code means
          hubctl help environment         every variable and configuration key

        \(HelpTopics.exitCodes)

        \(HelpTopics.environment)

        Example:
          hubctl help acp fetch
        """)

    @Argument(help: ArgumentHelp("A topic (exit-codes, environment) or a command, e.g. `acp fetch`.", valueName: "topic-or-command"),
              completion: .list(HelpCommand.completions))
    var words: [String] = []

    /// Topics and first-level command names, for shell completion.
    static var completions: [String] {
        HelpTopics.topics.keys.sorted() + HubctlSubcommands.all.compactMap { $0.configuration.commandName }
    }

    func run() throws { print(try text(), terminator: "") }

    /// swift-argument-parser adds its own `help` to the tool description that the man pages and
    /// completions are generated from; ours (listed first) replaces it there too.
    static func replacingBuiltInHelp(inDump text: String) -> String {
        guard var tool = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              var command = tool["command"] as? [String: Any],
              var subcommands = command["subcommands"] as? [[String: Any]] else { return text }
        var seen = false
        subcommands.removeAll { sub in
            guard sub["commandName"] as? String == "help" else { return false }
            defer { seen = true }
            return seen
        }
        command["subcommands"] = subcommands
        tool["command"] = command
        guard let data = try? JSONSerialization.data(withJSONObject: tool, options: [.sortedKeys]) else { return text }
        return String(decoding: data, as: UTF8.self)
    }

    /// The page to show, or a usage error naming what is known.
    func text() throws -> String {
        if words.count == 1, let topic = HelpTopics.topics[words[0]] { return topic + "\n" }
        var command: any ParsableCommand.Type = Hubctl.self
        for word in words {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                let known = (HelpTopics.topics.keys.sorted() + command.configuration.subcommands.compactMap { $0.configuration.commandName })
                let suggestion = Suggestion.closest(to: word, in: known)
                var error = HubError.usage("No help topic or command '\(words.joined(separator: " "))'." +
                                           (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " Known here: \(known.joined(separator: ", ")).")
                error.hint = suggestion.map { "Did you mean '\($0)'? `hubctl help` lists the commands." }
                throw error
            }
            command = next
        }
        return HelpLayout.arrange(Hubctl.helpMessage(for: command))
    }
}
