// Lets global options come before the command (`hubctl --server URL register`), as the README shows.
//
// swift-argument-parser only accepts a leaf command's option group after the command path, so
// global options given before the first command word are moved to the end (before any `--`).

import HubConfig

enum ArgumentOrder {
    /// Global switches and global options that take a value, from the settings table.
    static let globalFlags = Set(GlobalSetting.all.filter { $0.hasFlag && $0.form == .flag }.compactMap(\.flagName))
    static let globalOptionsWithValue = Set(GlobalSetting.all.filter { $0.hasFlag && $0.form != .flag }.compactMap(\.flagName))

    static func normalize(_ arguments: [String]) -> [String] { normalize(ArgvScan(arguments)).arguments }

    /// The scan's words with its leading global options moved: a global option takes the word
    /// after it as its value whatever it is (`--name=value` takes none).
    static func normalize(_ scan: ArgvScan) -> ArgvScan {
        let words = scan.words
        var index = 0
        while index < words.count, case .long(let name, let inline) = words[index].kind {
            if inline == nil, globalFlags.contains(name) {
                index += 1
            } else if globalOptionsWithValue.contains(name) {
                index += inline == nil && index + 1 < words.count ? 2 : 1
            } else {
                break
            }
        }
        if index == 0 || index >= words.count { return scan }
        var rest = Array(words[index...])
        let moved = words[..<index]
        if let dashdash = scan.separator(from: index) {
            rest.insert(contentsOf: moved, at: dashdash - index)
        } else {
            rest.append(contentsOf: moved)
        }
        return ArgvScan(words: rest)
    }
}
