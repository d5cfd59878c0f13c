// Lets global options come before the command (`hubctl --server URL register`), as the README shows.
//
// swift-argument-parser only accepts a leaf command's option group after the command path, so
// global options given before the first command word are moved to the end (before any `--`).

import HubConfig

enum ArgumentOrder {
    /// Global switches and global options that take a value, from the settings table.
    static let globalFlags = Set(GlobalSetting.all.filter { $0.hasFlag && $0.form == .flag }.compactMap(\.flagName))
    static let globalOptionsWithValue = Set(GlobalSetting.all.filter { $0.hasFlag && $0.form != .flag }.compactMap(\.flagName))

    static func normalize(_ arguments: [String]) -> [String] {
        var moved: [String] = []
        var index = 0
        while index < arguments.count {
            let arg = arguments[index]
            let name = arg.split(separator: "=", maxSplits: 1).first.map(String.init) ?? arg
            if globalFlags.contains(arg) {
                moved.append(arg)
                index += 1
            } else if globalOptionsWithValue.contains(name) {
                moved.append(arg)
                if !arg.contains("="), index + 1 < arguments.count {
                    moved.append(arguments[index + 1])
                    index += 2
                } else {
                    index += 1
                }
            } else {
                break
            }
        }
        if moved.isEmpty || index >= arguments.count { return arguments }
        var rest = Array(arguments[index...])
        if let dashdash = rest.firstIndex(of: "--") {
            rest.insert(contentsOf: moved, at: dashdash)
        } else {
            rest.append(contentsOf: moved)
        }
        return rest
    }
}
