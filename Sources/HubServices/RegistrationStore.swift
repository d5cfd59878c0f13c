// The registration records under --home (state.json, 0600, written atomically under a lock).

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

public struct RegistrationStore: Sendable {
    public let home: String
    public var path: String { home + "/state.json" }
    var lockPath: String { home + "/state.lock" }

    public init(home: String) { self.home = home }

    private struct File: Codable {
        var version = 1
        var registrations: [Registration] = []
    }

    public func all() throws -> [Registration] { try load().registrations }

    public func find(server: String, appId: String, user: String?) throws -> Registration? {
        try all().first { $0.matches(server: server, appId: appId, user: user) }
    }

    /// Records a registration, replacing the one for the same (server, app id, user).
    public func save(_ registration: Registration) throws {
        try modify { file in
            file.registrations.removeAll { $0.matches(server: registration.server, appId: registration.appId, user: registration.user) }
            file.registrations.append(registration)
        }
    }

    public func remove(applicationConnectionId: String) throws {
        try modify { file in file.registrations.removeAll { $0.applicationConnectionId == applicationConnectionId } }
    }

    private func modify(_ change: (inout File) throws -> Void) throws {
        try AtomicFile.ensurePrivateDirectory(home)
        let lock = try FileLock(path: lockPath)
        var file = try load()
        try change(&file)
        try AtomicFile.write(try JSONOutput.encode(file, pretty: true), to: path)
        withExtendedLifetime(lock) {}
    }

    private func load() throws -> File {
        guard let data = FileManager.default.contents(atPath: path) else { return File() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(File.self, from: data) }
        catch {
            throw HubError(.data, code: .stateDamaged, "The registration records in \(path) are damaged (\(error.localizedDescription)). Move the file away and register again.")
        }
    }
}
