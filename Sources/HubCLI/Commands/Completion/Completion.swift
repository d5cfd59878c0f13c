// `hubctl completion`: Print the completion script for bash, zsh or fish.

import ArgumentParser
import Foundation

struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
        The package installs these scripts where each shell looks for them; this command is for a hubctl installed by hand. Load the script in the shell's start-up file, or write it where the shell reads completions (bash: ~/.local/share/bash-completion/completions/hubctl, zsh: a directory on $fpath as _hubctl, fish: ~/.config/fish/completions/hubctl.fish).

        Exit codes: 0 ok, 64 unknown shell.

        Example:
          echo 'source <(hubctl completion bash)' >> ~/.bashrc
        """)

    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash, zsh, fish
        var completion: CompletionShell {
            switch self {
            case .bash: .bash
            case .zsh: .zsh
            case .fish: .fish
            }
        }
    }

    @Argument(help: "The shell: bash, zsh or fish.")
    var shell: Shell

    /// The script, exactly as `hubctl --generate-completion-script SHELL` prints it.
    static func script(for shell: Shell) -> String {
        CompletionScript.hardened(Hubctl.completionScript(for: shell.completion))
    }

    func run() throws { print(Self.script(for: shell), terminator: "") }
}
