// What a command receives instead of reaching for globals: options, console, environment, input,
// and how to make an HTTP transport. The process builds one from its own; tests build their own.

import Foundation
import HubCore
import HubTransport

/// Makes the HTTP transport for a set of options. The real one is libcurl; tests may substitute.
public typealias TransportFactory = @Sendable (TransportOptions) throws -> any HTTPTransport

public final class CommandContext: Sendable {
    public let global: GlobalOptions
    public let console: Console
    public let environment: [String: String]
    public let input: any InputSource
    public let makeHTTPTransport: TransportFactory
    /// No transport was given: libcurl, which `batch` runs on its shared connection pool.
    public let usesDefaultTransport: Bool
    /// When the command started: its `--deadline` counts from here, however many transports it makes.
    public let started: ContinuousClock.Instant

    public static let curlTransport: TransportFactory = { try CurlHTTPClient(options: $0) }

    public init(global: GlobalOptions, console: Console = Console(),
                environment: [String: String] = ProcessInfo.processInfo.environment,
                input: any InputSource = StandardInput(),
                transport: TransportFactory? = nil) {
        self.global = global
        self.console = console
        self.environment = environment
        self.input = input
        self.makeHTTPTransport = transport ?? CommandContext.curlTransport
        self.usesDefaultTransport = transport == nil
        self.started = .now
    }

    private init(copying other: CommandContext, transport: @escaping TransportFactory) {
        global = other.global
        console = other.console
        environment = other.environment
        input = other.input
        makeHTTPTransport = transport
        usesDefaultTransport = other.usesDefaultTransport
        started = other.started
    }

    /// The same context (options, deadline, console) whose transports report every exchange to
    /// `observer`: how `hubctl probe` sees the status and timers of each request its steps send.
    public func observingExchanges(_ observer: @escaping @Sendable (HTTPExchange) -> Void) -> CommandContext {
        let make = makeHTTPTransport
        return CommandContext(copying: self, transport: { options in
            var observed = options
            let earlier = options.exchangeObserver
            observed.exchangeObserver = { exchange in earlier?(exchange); observer(exchange) }
            return try make(observed)
        })
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

    /// `--allow-http`, or `HUBCTL_ALLOW_HTTP` set to 1 or true.
    public var allowHTTP: Bool {
        global.allowHTTP || environment["HUBCTL_ALLOW_HTTP"].map { $0 == "1" || $0.lowercased() == "true" } ?? false
    }

    /// The transport's rule for secrets over plain http:// (docs/security.md "Secrets over plain HTTP").
    var plainHTTPPolicy: PlainHTTPPolicy {
        guard allowHTTP else { return .refuse }
        let console = self.console
        return .allow(warn: { console.warning($0) })
    }

    /// Prompts are allowed only on a terminal and without --no-input / HUBCTL_NO_INPUT.
    public var mayPrompt: Bool { !noInput && input.isTerminal }

    public func emit<T: Encodable>(_ value: T) throws { try console.emit(value) }
}
