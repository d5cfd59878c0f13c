// What a command receives instead of reaching for globals: console, environment, options.

import Foundation
import HubCore

public final class CommandContext: @unchecked Sendable {
    public let global: GlobalOptions
    public let console: Console
    public let environment: [String: String]

    public init(global: GlobalOptions, console: Console = Console(),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.global = global
        self.console = console
        self.environment = environment
    }

    /// `--home`, `HUBCTL_HOME`, else the XDG default.
    public var home: String {
        if let h = global.home, !h.isEmpty { return h }
        if let h = environment["HUBCTL_HOME"], !h.isEmpty { return h }
        return HubPaths.defaultHome(environment: environment)
    }

    /// `--no-input`, or `HUBCTL_NO_INPUT` set to 1 or true.
    public var noInput: Bool {
        global.noInput || environment["HUBCTL_NO_INPUT"].map { $0 == "1" || $0.lowercased() == "true" } ?? false
    }

    /// Prompts are allowed only on a terminal and without --no-input / HUBCTL_NO_INPUT.
    public var mayPrompt: Bool { !noInput && console.stdinIsTerminal }

    public func emit<T: Encodable>(_ value: T) throws { try console.emit(value) }
}
