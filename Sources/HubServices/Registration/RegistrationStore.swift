// The registration records under --home: one row each in registrations.db (RegistrationDatabase.swift).

import Foundation
import HubCore

/// One application connection hubctl created, keyed by (server, app id, user).
public struct Registration: Codable, Sendable, Equatable {
    public var server: String
    public var appId: String
    /// The back-end user; nil for anonymous or certificate registrations without a user name.
    public var user: String?
    public var applicationConnectionId: String
    /// The API version that worked (after any fallback), used for every later request.
    public var apiVersion: String
    public var anonymous: Bool
    public var securityConfiguration: String?
    public var createdAt: Date

    public init(server: String, appId: String, user: String?, applicationConnectionId: String, apiVersion: String,
                anonymous: Bool, securityConfiguration: String?, createdAt: Date = Date()) {
        self.server = server
        self.appId = appId
        self.user = user
        self.applicationConnectionId = applicationConnectionId
        self.apiVersion = apiVersion
        self.anonymous = anonymous
        self.securityConfiguration = securityConfiguration
        self.createdAt = createdAt
    }

    public func matches(server: String, appId: String, user: String?) -> Bool {
        self.server == server && self.appId == appId && (self.user ?? "") == (user ?? "")
    }
}

/// The registration records of a home: rows of `<home>/registrations.db` (SQLite, WAL; see
/// `RegistrationDatabase`). A 0.1 `state.json` is migrated on first use. The database is opened
/// only when a command first asks for a record, and a read of a home without records creates nothing.
public struct RegistrationStore: Sendable {
    public let home: String
    /// The database file.
    public var path: String { RegistrationDatabase.path(home: home) }

    /// When a wait for the database's open lock, or for another process's write transaction,
    /// gives up: the command's deadline (by default `FileLock.defaultWait` from the wait's start
    /// for the lock, `RegistrationDatabase.busyTimeoutMilliseconds` for a transaction).
    public var lockDeadline: ContinuousClock.Instant?

    public init(home: String, lockDeadline: ContinuousClock.Instant? = nil) {
        self.home = home
        self.lockDeadline = lockDeadline
    }

    public func all() throws -> [Registration] {
        try RegistrationDatabase.shared(home: home, create: false, until: lockDeadline)?.all(until: lockDeadline) ?? []
    }

    /// The registration of an identity.
    public func find(server: String, appId: String, user: String?) throws -> Registration? {
        try RegistrationDatabase.shared(home: home, create: false, until: lockDeadline)?.find(server: server, appId: appId, user: user, until: lockDeadline)
    }

    public func find(applicationConnectionId id: String) throws -> Registration? {
        try RegistrationDatabase.shared(home: home, create: false, until: lockDeadline)?.find(applicationConnectionId: id, until: lockDeadline)
    }

    /// Records a registration, replacing the one for the same (server, app id, user).
    public func save(_ registration: Registration) throws {
        try RegistrationDatabase.shared(home: home, create: true, until: lockDeadline)?.save(registration, until: lockDeadline)
    }

    /// The connection id a registration of this identity was sent with but not recorded (see
    /// `ConnectionService.register`); nil when none is pending.
    public func pendingConnectionId(server: String, appId: String, user: String?) throws -> String? {
        try RegistrationDatabase.shared(home: home, create: false, until: lockDeadline)?.pendingConnectionId(server: server, appId: appId, user: user, until: lockDeadline)
    }

    /// Notes the connection id about to be sent, before the POST; `save` forgets it.
    public func recordPending(server: String, appId: String, user: String?, connectionId: String) throws {
        try RegistrationDatabase.shared(home: home, create: true, until: lockDeadline)?.recordPending(server: server, appId: appId, user: user, connectionId: connectionId, until: lockDeadline)
    }

    /// Checkpoints and truncates the WAL of every registration database this process wrote to, so
    /// the next process does not replay it when it opens the database. Once, when the process is
    /// done (`Hubctl.runMain`); it never waits for another process, and skipping it loses nothing.
    public static func finish() {
        RegistrationDatabase.checkpointAll()
    }

    public func remove(applicationConnectionId: String) throws {
        try RegistrationDatabase.shared(home: home, create: false, until: lockDeadline)?.remove(applicationConnectionId: applicationConnectionId, until: lockDeadline)
    }
}
