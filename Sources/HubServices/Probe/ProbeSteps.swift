// The steps of `hubctl probe`, in order (docs/protocol.md §18.1): the token, the clean-up of earlier
// probes' leftovers, the settings, the ACP check, and with `--register` a throw-away connection
// (read, optionally push, delete). A failed step does not stop the independent ones after it. The
// command layer gives the services and runs this on a thread of its own (signals: Probe.swift).

import Foundation
import HubConfig
import HubCore

public struct ProbeSteps {
    public var config: ConnectionConfig
    /// The connection service of the steps (its transports end with the steps' budget).
    public var connections: ConnectionService
    /// The throw-away connection's clean-up: a connection service whose transports end with the
    /// clean-up's budget, made when the clean-up starts.
    public var cleanupConnections: () throws -> ConnectionService
    /// Where the ACP check compares against (the profile directory of `--dest`).
    public var acpDestination: (ACPService) throws -> String
    /// One refresh of the OAuth access token, when an OAuth client is configured.
    public var renewTokens: (() throws -> Void)?
    /// Records of throw-away connections earlier probes left, each locked by this process.
    public var leftovers: [ProbePendingConnection]
    /// `--register`: the throw-away connection steps; `push`: its push registration and a send to it
    /// through the operator's Notification Backend client this makes.
    public var register: Bool
    public var push: (() throws -> NotificationBackend)?
    public var home: String

    public init(config: ConnectionConfig, connections: ConnectionService, cleanupConnections: @escaping () throws -> ConnectionService,
                acpDestination: @escaping (ACPService) throws -> String, renewTokens: (() throws -> Void)?,
                leftovers: [ProbePendingConnection], register: Bool, push: (() throws -> NotificationBackend)?, home: String) {
        self.config = config
        self.connections = connections
        self.cleanupConnections = cleanupConnections
        self.acpDestination = acpDestination
        self.renewTokens = renewTokens
        self.leftovers = leftovers
        self.register = register
        self.push = push
        self.home = home
    }

    /// Runs the steps into `run`.
    public func run(_ run: ProbeRun) {
        let connections = self.connections, config = self.config
        if let renewTokens {
            run.step("token") { try renewTokens() }
        }
        if !leftovers.isEmpty {
            // Before anything else spends the budget; a leftover that cannot be deleted now stays
            // recorded for the next probe, and the steps go on.
            var removed: [String] = []
            run.step("cleanup", removed: { removed }) {
                var firstError: (any Error)?
                for record in leftovers {
                    do {
                        try connections.deleteUnrecorded(connectionId: record.connectionId)
                        record.remove()
                        removed.append(record.connectionId)
                    } catch {
                        record.release()
                        firstError = firstError ?? error
                    }
                }
                if let firstError { throw firstError }
            }
        }
        run.step("settings") { _ = try connections.recordedSettings() }
        run.step("acp_check") {
            let service = ACPService(connections: connections)
            _ = try service.check(destination: try acpDestination(service))
        }
        guard register else { return }
        var throwaway: Registration?
        var registerFailure: HubError?
        let home = self.home
        run.step("register") {
            do {
                throwaway = try connections.registerUnrecorded(beforeCreate: { id in
                    run.recordPending(try ProbePendingConnection.record(home: home, server: config.server, appId: config.appId,
                                                                         user: config.user, connectionId: id))
                })
                run.recordThrowaway(throwaway)
            } catch let error as HubError {
                registerFailure = error
                throw error
            }
        }
        var pushed = false
        if let registration = throwaway {
            run.step("read") { _ = try connections.settings(of: registration) }
            // Only used once push_register found Mobile Services.
            let services = ClientServiceContext(connections: connections, registration: registration, platform: .mobileServices)
            if let push {
                run.step("push_register") {
                    guard try PlatformDiscovery.resolve(connections.session) == .mobileServices else {
                        throw HubError.usage("--push needs SAP Mobile Services: the Notification Backend API does not exist on SMP 3.")
                    }
                    run.pushRegistering()
                    _ = try PushService(context: services).register(PushRegistration(os: .android, token: "hubctl-probe-" + registration.applicationConnectionId))
                    pushed = true
                    run.pushRegistered()
                }
                if pushed {
                    run.step("push_send") {
                        try Self.sendToDevice(try push(), appId: config.appId, user: config.user ?? "", device: registration.applicationConnectionId)
                    }
                }
            }
        }
        guard let record = run.pendingRecord else { return }
        if let status = registerFailure?.status, (400..<500).contains(status) {
            // The server refused the create: there is nothing to delete.
            record.remove()
            return
        }
        run.step("unregister", cleanup: true) {
            // A create that got no answer may still land: then a 404 keeps the record for the next probe.
            try Self.removeThrowaway(try cleanupConnections(), registration: throwaway, record: record, pushed: pushed,
                                     ignorePushErrors: false, createMayLand: throwaway == nil && registerFailure?.status == nil)
        }
    }

    /// Deletes the throw-away connection (its push registration first) through `connections` (the
    /// clean-up's own), and then its record; a connection that may exist keeps its record.
    public static func removeThrowaway(_ connections: ConnectionService, registration: Registration?, record: ProbePendingConnection,
                                       pushed: Bool, ignorePushErrors: Bool, createMayLand: Bool) throws {
        var pushError: (any Error)?
        if pushed, let registration {
            let services = ClientServiceContext(connections: connections, registration: registration, platform: .mobileServices)
            do { _ = try PushService(context: services).unregister(os: .android) } catch { if !ignorePushErrors { pushError = error } }
        }
        let existed: Bool
        if let registration {
            existed = try connections.deleteUnrecorded(registration)
        } else {
            existed = try connections.deleteUnrecorded(connectionId: record.connectionId)
        }
        if existed || !createMayLand { record.remove() } else { record.release() }
        if let pushError { throw pushError }
    }

    /// `push_send`: the Notification Backend API's one-device target; every result must be sent or queued.
    static func sendToDevice(_ backend: NotificationBackend, appId: String, user: String, device: String) throws {
        let payload = PushPayload(notification: .object(["alert": .string("hubctl probe"), "data": .string("hubctl-probe")]))
        let answer = try backend.send(appId: appId, target: .device(user: user, device: device), payload: payload)
        guard answer.kind != .noRegistrations else {
            throw HubError(.unavailable, code: .unexpectedStatus,
                           "The Notification Backend API found no registration of the probe's device: \(answer.message ?? "no message").", status: answer.httpStatus)
        }
        for result in answer.results where result.completion.outcome == .failed {
            throw HubError(.unavailable, code: .unexpectedStatus,
                           "The Notification Backend API did not notify the probe's device: \(result.completion.reason) (code \(result.completion.code)\(result.message.map { ", \($0)" } ?? "")).",
                           status: answer.httpStatus)
        }
    }
}
