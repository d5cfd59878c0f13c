// `hubctl completion bash|zsh|fish`: the completion script for a shell, the same text as
// completions/ and `--generate-completion-script` (all three come from swift-argument-parser's
// generator through `CompletionScript.hardened`; a test compares them).

import ArgumentParser
import Foundation

/// What hubctl changes in the generated scripts (docs/security.md §14). The generated bash script
/// hands the candidates hubctl computes (profile names, vault keys, the property names of a
/// server's `$metadata`) to `compgen -W`, which expands `$(…)`, backquotes and `$VAR` in every word
/// of its list: a name holding shell syntax would run as a command on <Tab>. Those calls go through
/// `__hubctl_add_custom_completions` instead, which matches each candidate as a plain string and
/// offers it quoted with `printf %q`. zsh's and fish's scripts never evaluate candidates.
enum CompletionScript {
    static let bashHelper = """
        # Candidates hubctl computes are data: matched as plain strings, offered quoted, never expanded.
        __hubctl_add_custom_completions() {
            local candidate quoted
            while IFS='' read -r candidate; do
                if [[ -n "${candidate}" && "${candidate}" == "${cur}"* ]]; then
                    printf -v quoted '%q' "${candidate}"
                    COMPREPLY+=("${quoted}")
                fi
            done < <(__hubctl_custom_complete "${@}")
        }


        """

    private static let customCall = "__hubctl_add_completions -W \"$(__hubctl_custom_complete "
    private static let anchor = "__hubctl_custom_complete() {"

    /// The script with hubctl's changes; any other script (zsh, fish) as it is.
    static func hardened(_ script: String) -> String {
        guard script.contains(anchor), script.contains("COMPREPLY") else { return script }
        var lines: [Substring] = []
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            if let start = line.range(of: customCall), line.hasSuffix(")\"") {
                let arguments = line[start.upperBound..<line.index(line.endIndex, offsetBy: -2)]
                lines.append(line[..<start.lowerBound] + "__hubctl_add_custom_completions " + arguments)
            } else {
                lines.append(line)
            }
        }
        let rewritten = lines.joined(separator: "\n")
        guard let at = rewritten.range(of: anchor) else { return rewritten }
        return rewritten.replacingCharacters(in: at.lowerBound..<at.lowerBound, with: bashHelper)
    }
}
