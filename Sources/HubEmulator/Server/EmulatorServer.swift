// Assembles the emulator: its state, fault plan and responder, as a Hummingbird application.

import Foundation
import Hummingbird
import Logging
import NIOCore

public struct EmulatorServer: Sendable {
    public let configuration: EmulatorConfiguration
    public let state: EmulatorState
    public let faults: FaultPlan

    public init(configuration: EmulatorConfiguration = EmulatorConfiguration()) {
        self.configuration = configuration
        self.state = EmulatorState(configuration: configuration)
        self.faults = FaultPlan()
    }

    public var responder: EmulatorResponder {
        EmulatorResponder(configuration: configuration, state: state, faults: faults)
    }

    /// The HTTP application. `onListening` receives the port actually bound (useful with port 0).
    public func application(host: String = "127.0.0.1", port: Int = 0, logger: Logger? = nil,
                            onListening: @escaping @Sendable (Int) async -> Void = { _ in })
        -> Application<EmulatorResponder>
    {
        // Logs go to stderr: stdout carries only the address line a harness reads.
        var log = logger ?? Logger(label: "hubctl-emulator", factory: { StreamLogHandler.standardError(label: $0) })
        if logger == nil {
            // LOG_LEVEL (trace, debug, info, …) helps when a test needs to see what the server did.
            log.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        }
        return Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                await onListening(channel.localAddress?.port ?? port)
            },
            logger: log)
    }
}
