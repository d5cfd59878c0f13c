// How an error reaches stderr: one readable line and a hint for a person at a terminal, the JSON
// error document for a program (a pipe, a file, or `--error-format json`). docs/errors.md "How errors are printed".

import ArgumentParser
import Foundation
import HubConfig
import HubCore

/// `--error-format` / `HUBCTL_ERROR_FORMAT`.
public enum ErrorFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// `hubctl: error: MESSAGE` and a `hint:` line, coloured on a terminal.
    case text
    /// `{"error": {"code": …, "message": …, "status": …}}` on one line.
    case json

    /// The format in force: the last `--error-format` before any `--` (a value the parser will
    /// refuse counts as not given), else `HUBCTL_ERROR_FORMAT`, else text on a terminal and JSON
    /// otherwise. A variable set to anything but text or json is a usage error.
    static func resolve(scan: ArgvScan, variable: String?, stderrIsTerminal: Bool) -> Result<ErrorFormat, HubError> {
        // `ArgvScan.values(of:)`: the word after `--error-format` is its value even when it starts with `-`.
        let given = scan.values(of: "--" + GlobalSetting.errorFormat.name).compactMap(ErrorFormat.init(rawValue:)).last
        if let given { return .success(given) }
        if let variable {
            guard let format = ErrorFormat(rawValue: variable) else {
                return .failure(HubError.usage("HUBCTL_ERROR_FORMAT is \(HubError.quoted(variable)): set it to text or json, or unset it."))
            }
            return .success(format)
        }
        return .success(stderrIsTerminal ? .text : .json)
    }
}

/// The text form of an error: `hubctl: error: MESSAGE` then `hint: …`, each one line a terminal
/// shows as written (`MessageText.line`: secrets redacted, control characters as `\xNN`).
enum ErrorText {
    static func render(_ error: HubError, color: Bool) -> String {
        let label = color ? "\u{1B}[1;31mhubctl: error:\u{1B}[0m " : "hubctl: error: "
        let hintLabel = color ? "\u{1B}[36mhint:\u{1B}[0m " : "hint: "
        return label + MessageText.line(error.message) + "\n" + hintLabel + MessageText.line(error.hint ?? defaultHint(error)) + "\n"
    }

    /// What to do when the message says nothing more: where the code and exit status are explained.
    static func defaultHint(_ error: HubError) -> String {
        if error.kind == .usage { return "see `hubctl help` or the command's --help." }
        let status = error.status.map { ", HTTP status \($0)" } ?? ""
        return "error code \(error.code.rawValue)\(status), exit \(error.exitCode); `hubctl help exit-codes` explains each exit code."
    }
}

/// "Did you mean …?" for a command line the parser refused: the subcommand or option named in
/// its message, compared with the names known where it stands in the command tree.
enum UsageSuggestion {
    struct Node {
        var name: String
        var subcommands: [Node]
        /// Long option names (without dashes), and whether each takes a value.
        var options: [String: Bool]
    }

    /// The command tree as swift-argument-parser describes it (`--experimental-dump-help`).
    static let tree: Node? = {
        do {
            _ = try Hubctl.parseAsRoot(["--experimental-dump-help"])
            return nil
        } catch {
            let text = Hubctl.fullMessage(for: error)
            guard let tool = try? JSONValue.read(Data(text.utf8)), let command = tool["command"], command.objectValue != nil else { return nil }
            return node(command)
        }
    }()

    private static func node(_ command: JSONValue) -> Node {
        func list(_ value: JSONValue?) -> [JSONValue] { if case .array(let items)? = value { items } else { [] } }
        var options: [String: Bool] = [:]
        for argument in list(command["arguments"]) {
            let kind = argument["kind"]?.stringValue
            for name in list(argument["names"]) where name["kind"]?.stringValue == "long" {
                if let n = name["name"]?.stringValue { options[n] = kind == "option" }
            }
        }
        let subs = list(command["subcommands"]).map(node)
        return Node(name: command["commandName"]?.stringValue ?? "", subcommands: subs, options: options)
    }

    /// The parser's complaint names the word in quotes: `Unknown option '--sever'`.
    static func quotedWord(in message: String) -> String? {
        guard let open = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }

    /// What went wrong where: the command path reached (`hubctl acp fetch`), a word that is not
    /// a command of the group reached (whatever the parser complained about first), and the
    /// suggestion for it or for the word the parser refused.
    struct Finding: Equatable {
        var path: [String]
        var unknownCommand: String?
        var suggestion: String?
    }

    static func suggest(arguments: [String], message: String) -> (path: [String], suggestion: String?) {
        let finding = find(scan: ArgvScan(arguments), message: message)
        return (finding.path, finding.suggestion)
    }

    static func find(scan: ArgvScan, message: String) -> Finding {
        guard let root = tree else { return Finding(path: ["hubctl"]) }
        let word = quotedWord(in: message)
        var node = root
        var path = ["hubctl"]
        var index = 0
        let words = ArgumentOrder.normalize(scan).words
        while index < words.count, words[index].kind != .separator {
            let arg = words[index]
            index += 1
            switch arg.kind {
            case .long(let option, let inline):
                let name = String(option.dropFirst(2))
                if let takesValue = node.options[name] ?? globalOptions[name] {
                    if takesValue && inline == nil { index += 1 }
                    continue
                }
                if let word, word == arg.text || word == option {
                    let known = Set(node.options.keys).union(globalOptions.keys).union(["help"])
                    return Finding(path: path, suggestion: Suggestion.closest(to: name, in: known.sorted()).map { "--" + $0 })
                }
                continue
            case .short, .separator:
                continue
            case .plain:
                break
            }
            if let sub = node.subcommands.first(where: { $0.name == arg.text }) {
                node = sub
                path.append(arg.text)
                continue
            }
            if !node.subcommands.isEmpty {
                return Finding(path: path, unknownCommand: arg.text, suggestion: Suggestion.closest(to: arg.text, in: node.subcommands.map(\.name)))
            }
        }
        return Finding(path: path)
    }

    /// The global options, which every leaf command takes wherever they are written.
    static let globalOptions: [String: Bool] = Dictionary(uniqueKeysWithValues:
        GlobalSetting.all.filter(\.hasFlag).map { ($0.name, $0.form != .flag) })

    /// The usage error for a refused command line, with its suggestion: the message as the parser
    /// wrote it for JSON, the short message and a hint for text.
    static func usageError(for error: Error, scan: ArgvScan, format: ErrorFormat) -> HubError {
        var short = Hubctl.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        let finding = find(scan: scan, message: short)
        let didYouMean = finding.suggestion.map { "Did you mean '\($0)'? " } ?? ""
        switch format {
        case .json:
            let full = Hubctl.fullMessage(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            return HubError.usage(full + " " + (full.contains("Did you mean") ? "" : didYouMean) + "(see `hubctl help`)")
        case .text:
            // The parser's own guess, if any, moves to the hint line with ours.
            if let guess = short.range(of: " Did you mean ") { short = String(short[..<guess.lowerBound]) }
            if let command = finding.unknownCommand {
                short = "\(HubError.quoted(command)) is not a command of `\(finding.path.joined(separator: " "))`"
            }
            var e = HubError.usage(short.hasSuffix(".") ? short : short + ".")
            e.hint = didYouMean + "See `\(finding.path.joined(separator: " ")) --help`."
            return e
        }
    }
}
