// The seams a command reaches the world through, and nothing else: output (the console), input,
// the environment, the clock the deadline counts from, and how an HTTP transport is made. The
// process builds one from its own; tests build their own (Tests/HubCLITests/InProcess.swift).
// What the options and the environment resolve to is the Invocation's (Invocation.swift); what is
// built from that is the Services' (Services.swift).

import Foundation
import HubCore
import HubServices

public final class CommandContext: Sendable {
    public let console: Console
    public let environment: [String: String]
    public let input: any InputSource
    public let makeHTTPTransport: TransportFactory
    /// No transport was given: libcurl, which `batch` runs on its shared connection pool.
    public let usesDefaultTransport: Bool
    /// When the command started (for the process: when `main` began): its `--deadline` counts
    /// from here, however many transports, locks and waits it goes through.
    public let started: ContinuousClock.Instant

    public static let curlTransport: TransportFactory = TransportFactories.curl

    public convenience init(console: Console = Console(),
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            input: any InputSource = StandardInput(),
                            transport: TransportFactory? = nil,
                            started: ContinuousClock.Instant = .now) {
        self.init(console: console, environment: environment, input: input,
                  make: transport ?? CommandContext.curlTransport, usesDefault: transport == nil, started: started)
    }

    private init(console: Console, environment: [String: String], input: any InputSource,
                 make: @escaping TransportFactory, usesDefault: Bool, started: ContinuousClock.Instant) {
        self.console = console
        self.environment = environment
        self.input = input
        self.makeHTTPTransport = make
        self.usesDefaultTransport = usesDefault
        self.started = started
    }

    /// The same seams with another transport factory: `wrap` is given the current one.
    public func replacingTransport(_ wrap: (@escaping TransportFactory) -> TransportFactory) -> CommandContext {
        CommandContext(console: console, environment: environment, input: input,
                       make: wrap(makeHTTPTransport), usesDefault: usesDefaultTransport, started: started)
    }

    /// Asks for a secret line (label on stderr, echo off on a terminal), waiting for the answer no
    /// longer than `until` (the command's deadline): then `timeout` (75).
    func readSecret(_ label: String, until: ContinuousClock.Instant) throws -> [UInt8] {
        let line: [UInt8]?
        do throws(BoundedFile.Failure) { line = try input.readSecretLine(until: until, prompting: { console.rawErr(label) }) } catch {
            throw HubError.stdin(error, waitingFor: "an answer to \"\(label.trimmingSpaces())\"")
        }
        guard let line else {
            throw HubError.usage("No passphrase was entered (end of input).", code: .emptyPassphrase)
        }
        SecretValues.register(String(decoding: line, as: UTF8.self))
        return line
    }

    /// Asks for a visible line (label on stderr), waiting no longer than `until`.
    func readVisibleLine(_ label: String, until: ContinuousClock.Instant) throws -> String? {
        console.rawErr(label)
        do throws(BoundedFile.Failure) { return try input.readLine(until: until) } catch {
            throw HubError.stdin(error, waitingFor: "an answer to \"\(label.trimmingSpaces())\"")
        }
    }
}
