// The order a person reads a command's help in: what it does, its usage, its own arguments and
// options, then the global options under their own heading, the subcommands, and last one example
// to paste. swift-argument-parser puts titled option groups before the command's own options and
// the discussion (with its example) first; this rearranges its text without rewording it.

import Foundation
import HubConfig
#if canImport(Glibc)
import Glibc
#endif

enum HelpLayout {
    /// The heading of the global options (`@OptionGroup(title: "Global Options")`).
    static let globalHeading = "GLOBAL OPTIONS:"

    /// The width help is written for: COLUMNS, else the terminal on stdout, else 80 (as the parser does).
    static var width: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// A section heading: `OVERVIEW: …`, `USAGE: …`, `GLOBAL OPTIONS:` (capitals from the first column).
    static func isHeading(_ line: String) -> Bool {
        guard let colon = line.firstIndex(of: ":") else { return false }
        let name = line[..<colon]
        return name.count >= 2 && name.first != " " && name.allSatisfy { $0.isUppercase || $0 == " " }
    }

    /// The usage tokens of the global options, e.g. `[--server <url>]`, `[--verbose]`.
    static let globalUsageTokens: [String] = GlobalSetting.all.compactMap { setting in
        guard let flag = setting.flagName else { return nil }
        if case .value(let placeholder) = setting.form { return "[\(flag) <\(placeholder)>]" }
        return "[\(flag)]"
    }

    static func arrange(_ text: String, width: Int = HelpLayout.width) -> String {
        var sections: [[String]] = []
        for line in text.components(separatedBy: "\n") {
            if isHeading(line) || sections.isEmpty { sections.append([line]) } else { sections[sections.count - 1].append(line) }
        }
        guard sections.contains(where: { $0[0].hasPrefix("USAGE:") }) else { return text }
        sections = sections.map { lines in
            var lines = lines
            while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
            return lines
        }

        // The discussion's last "Example:" paragraph becomes the last section.
        var example: [String]?
        if let overview = sections.firstIndex(where: { $0[0].hasPrefix("OVERVIEW:") }),
           let start = sections[overview].lastIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Example:" }) {
            var end = start + 1
            while end < sections[overview].count, !sections[overview][end].trimmingCharacters(in: .whitespaces).isEmpty { end += 1 }
            example = ["EXAMPLE:"] + sections[overview][(start + 1)..<end]
            sections[overview].removeSubrange(start..<end)
            while let last = sections[overview].last, last.trimmingCharacters(in: .whitespaces).isEmpty { sections[overview].removeLast() }
            // One blank line where the paragraph was.
            sections[overview] = sections[overview].enumerated().filter { index, line in
                !(index > 0 && line.trimmingCharacters(in: .whitespaces).isEmpty
                  && sections[overview][index - 1].trimmingCharacters(in: .whitespaces).isEmpty)
            }.map(\.element)
        }

        // The global options after the command's own (and after its arguments).
        if let global = sections.firstIndex(where: { $0[0] == globalHeading }) {
            let moved = sections.remove(at: global)
            let own = sections.lastIndex(where: { $0[0] == "OPTIONS:" || $0[0] == "ARGUMENTS:" }) ?? sections.count - 1
            sections.insert(moved, at: own + 1)
        }

        // The usage line names the command's own arguments; the global options are one token.
        if let usage = sections.firstIndex(where: { $0[0].hasPrefix("USAGE:") }) {
            var line = sections[usage].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            var removed = false
            for token in globalUsageTokens where line.contains(" " + token) {
                line = line.replacingOccurrences(of: " " + token, with: "")
                removed = true
            }
            if removed { line += " [<global-options>]" }
            sections[usage] = wrap(line, width: width, indent: 7)
        }

        if let example { sections.append(example) }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// Words on lines of at most `width` columns, continuation lines indented.
    static func wrap(_ text: String, width: Int, indent: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = (lines.isEmpty ? "" : String(repeating: " ", count: indent)) + word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(repeating: " ", count: indent) + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
