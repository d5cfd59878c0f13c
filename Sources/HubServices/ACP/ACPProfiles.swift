// Where profiles go and what is installed: the destination in force (--dest, the profile's
// acp-dest, the last fetch's record, the default under the home), a fetch that installs and
// records the profile (`acp fetch`, `acp check --wait --fetch`), and every profile the home knows
// of (`status`). The records are ACPStateStore's; the command layer only names the home.

import Foundation
import HubBundles
import HubCore

extension ACPService {
    /// The profile directory in force: `given` (--dest) when not empty, else the configuration's
    /// acp-dest (HUBCTL_ACP_DEST), else where the last fetch for this server and application went,
    /// else `$HUBCTL_HOME/acp/<appId>`.
    public func destination(given: String?, home: String) throws -> String {
        if let given, !given.isEmpty { return given }
        if let configured = config.acpDestination { return configured }
        if let last = try ACPStateStore(home: home).record(server: config.server, appId: config.appId) {
            return last.destination
        }
        return defaultDestination(home: home)
    }

    /// A destination as output shows it: absolute and standardized (`ACPStateStore.absolute`).
    public static func absolute(_ destination: String) -> String { ACPStateStore.absolute(destination) }

    /// Fetches and installs the assigned profile, then records where it went, per (server,
    /// application), so that `acp check` and `status` find it without --dest.
    public func install(destination: String, home: String, force: Bool, limits: ExtractionLimits, durable: Bool,
                        progress: (@Sendable (InstallProgress) -> Void)?) throws -> ACPFetchResult {
        let result = try fetch(destination: destination, force: force, limits: limits, durable: durable, progress: progress)
        try ACPStateStore(home: home).save(ACPStateRecord(
            server: config.server, appId: config.appId, bundleId: result.bundleId,
            destination: ACPStateStore.absolute(destination), sha256: result.sha256, fetchedAt: Date()))
        return result
    }
}

/// A profile directory the home knows of, and the profile current in it.
public struct InstalledProfile: Sendable {
    public var appId: String
    /// The directory's `current`.
    public var path: String
    public var current: String?
    public var sha256: String?
    public var fetchedAt: Date?
    /// The server the profile came from (known for fetches since hubctl recorded them).
    public var server: String?

    /// The last fetch of each (server, application), wherever it went; then the default
    /// directories under the home (`<home>/acp/<appId>`) that no record points to.
    public static func all(home: String) throws -> [InstalledProfile] {
        let acpRoot = home + "/acp"
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: acpRoot))?.sorted() ?? []
        let fetched = try ACPStateStore(home: home).all().map { last -> InstalledProfile in
            let directory = ProfileDirectory(path: last.destination)
            let record = try? directory.currentRecord()
            return InstalledProfile(appId: last.appId, path: directory.currentPath, current: record?.bundleId,
                                    sha256: record?.sha256, fetchedAt: record?.fetchedAt, server: last.server)
        }
        let recorded = Set(fetched.map(\.path))
        return fetched + apps.compactMap { app -> InstalledProfile? in
            let directory = ProfileDirectory(path: ACPStateStore.absolute("\(acpRoot)/\(app)"))
            guard !recorded.contains(directory.currentPath) else { return nil }
            let record = try? ProfileDirectory(path: "\(acpRoot)/\(app)").currentRecord()
            return InstalledProfile(appId: app, path: "\(acpRoot)/\(app)/current", current: record?.bundleId,
                                    sha256: record?.sha256, fetchedAt: record?.fetchedAt)
        }
    }
}
