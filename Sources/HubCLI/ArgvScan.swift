// The one reading of a command line's words before ArgumentParser: each word is classified once
// (a plain word, `--`, a short option or a lone `-`, a long option with its `=value`), and the
// readers of argv before the parser (ErrorFormat.resolve, FastPath, ArgumentOrder, UsageSuggestion)
// read these words, each with its own rule for which word is an option's value, instead of each
// taking the strings apart again. LayeringTests: no other file of HubCLI tests a word for `-`/`--`.

struct ArgvScan: Equatable, Sendable {
    /// What a word is, from its text alone.
    enum Kind: Equatable, Sendable {
        /// Anything not starting with `-` (the empty word included): a command word, a positional
        /// argument, or an option's value.
        case plain
        /// `--` alone: the end of options.
        case separator
        /// `-` alone, or a short option (`-h`, `-abc`): ArgumentParser's to read.
        case short
        /// `--name` or `--name=value`: `name` with its dashes, `inline` the text after the first `=`.
        case long(name: String, inline: String?)
    }

    struct Word: Equatable, Sendable {
        let text: String
        let kind: Kind

        init(_ text: String) {
            self.text = text
            if !text.hasPrefix("-") {
                kind = .plain
            } else if text == "--" {
                kind = .separator
            } else if !text.hasPrefix("--") {
                kind = .short
            } else if let equals = text.firstIndex(of: "=") {
                kind = .long(name: String(text[..<equals]), inline: String(text[text.index(after: equals)...]))
            } else {
                kind = .long(name: text, inline: nil)
            }
        }

        /// The option's name (`--name`) when the word is a long option.
        var optionName: String? {
            if case .long(let name, _) = kind { return name }
            return nil
        }

        /// The `=value` of a long option, nil for `--name` alone or another word.
        var inlineValue: String? {
            if case .long(_, let inline) = kind { return inline }
            return nil
        }
    }

    let words: [Word]
    /// The words as written: the command line as given to ArgumentParser.
    let arguments: [String]

    init(_ arguments: [String]) {
        self.arguments = arguments
        words = arguments.map(Word.init)
    }

    init(words: [Word]) {
        self.words = words
        arguments = words.map(\.text)
    }

    /// The values of `--name` before the end of options, in order: `--name=value`, or the word after
    /// `--name` whatever it is (then taken as the value, even `--`). Every other word stands alone.
    func values(of name: String) -> [String] {
        var values: [String] = []
        var index = 0
        while index < words.count, words[index].kind != .separator {
            let word = words[index]
            index += 1
            guard word.optionName == name else { continue }
            if let inline = word.inlineValue {
                values.append(inline)
            } else if index < words.count {
                values.append(words[index].text)
                index += 1
            }
        }
        return values
    }

    /// Whether `text` is one of the words, as written (`--version=x` is not `--version`).
    func contains(_ text: String) -> Bool { words.contains { $0.text == text } }

    /// The first `--` at or after `start`.
    func separator(from start: Int) -> Int? {
        words.indices.first { $0 >= start && words[$0].kind == .separator }
    }
}
