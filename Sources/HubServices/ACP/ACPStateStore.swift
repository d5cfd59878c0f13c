// What was fetched last for each (server, application): the bundle id, where it went and its
// digest, so that `acp check` and `status` find the profile whichever --dest the fetch used.
// One small file per pair under --home/acp-state/, written atomically (0600); a record is only a
// pointer: the profile directory's own record stays the truth about what is installed.

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HubBundles
import HubCore

/// The last fetch of one application's profile from one server.
public struct ACPStateRecord: Codable, Sendable, Equatable {
    public var server: String
    public var appId: String
    public var bundleId: String
    /// The profile directory (absolute); `<destination>/current` is the profile in use.
    public var destination: String
    public var sha256: String
    public var fetchedAt: Date

    public init(server: String, appId: String, bundleId: String, destination: String, sha256: String, fetchedAt: Date) {
        self.server = server
        self.appId = appId
        self.bundleId = bundleId
        self.destination = destination
        self.sha256 = sha256
        self.fetchedAt = fetchedAt
    }

    /// A record as `save` writes it (JSONEncoder, ISO 8601 dates), read through HubCore's JSON
    /// reader rather than JSONDecoder, whose first use costs `acp check` more than a millisecond;
    /// nil for anything else. ACPStateRecordTests compares it with JSONDecoder.
    public static func decoded(from data: Data) -> ACPStateRecord? {
        guard let o = (try? JSONValue.read(data))?.objectValue else { return nil }
        func text(_ key: String) -> String? { o[key]?.stringValue }
        guard let server = text("server"), let appId = text("appId"), let bundleId = text("bundleId"),
              let destination = text("destination"), let sha256 = text("sha256"),
              let fetchedAt = text("fetchedAt").flatMap(ISO8601.date(from:)) else { return nil }
        return ACPStateRecord(server: server, appId: appId, bundleId: bundleId, destination: destination, sha256: sha256,
                              fetchedAt: fetchedAt)
    }
}

public struct ACPStateStore: Sendable {
    public let home: String
    public var directory: String { home + "/acp-state" }

    /// Far more than a record; anything larger is not one of ours.
    static let maximumSize = 64 * 1024

    public init(home: String) { self.home = home }

    /// `<appId>@<first 16 hex digits of SHA-256(server)>.json`: the app id is a checked safe name,
    /// the server URL is not a file name.
    func path(server: String, appId: String) -> String {
        let digest = Array(server.utf8).withUnsafeBytes { (try? SHA256Digest.hex(of: $0)) ?? "" }
        return "\(directory)/\(appId)@\(digest.prefix(16)).json"
    }

    /// An absolute, standardized form of a destination, so a relative --dest is found from anywhere:
    /// what `URL(fileURLWithPath:).standardizedFileURL.path` gives (relative to the working
    /// directory, `.` and `..` and empty segments removed, lexically), worked out directly, since
    /// the URL's first use costs about 0.4 ms of `acp check`. A leading `~`, which Foundation
    /// expands, goes to Foundation. ACPStateStoreTests compares the two.
    public static func absolute(_ destination: String) -> String {
        var segments: [Substring]
        if destination.hasPrefix("/") {
            // Foundation makes an absolute path's repeated slashes one first.
            segments = destination.split(separator: "/")
        } else {
            var directory = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard !destination.hasPrefix("~"), getcwd(&directory, directory.count) != nil else {
                return URL(fileURLWithPath: destination).standardizedFileURL.path
            }
            // A relative path is resolved against the directory as RFC 3986 says: there an empty
            // segment is one (`a//..` is `a`).
            segments = String(cString: directory).split(separator: "/")
            segments += destination.split(separator: "/", omittingEmptySubsequences: false)
        }
        // RFC 3986's removal of dot segments, then the empty segments left dropped.
        var parts: [Substring] = []
        for part in segments {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        var path = ""
        for part in parts where !part.isEmpty {
            path += "/" + String(part)
        }
        return path.isEmpty ? "/" : path
    }

    public func record(server: String, appId: String) throws -> ACPStateRecord? {
        try read(path: path(server: server, appId: appId))
    }

    public func save(_ record: ACPStateRecord) throws {
        try AtomicFile.ensurePrivateDirectory(home)
        try AtomicFile.ensurePrivateDirectory(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try AtomicFile.write(try encoder.encode(record), to: path(server: record.server, appId: record.appId))
    }

    /// Every record, sorted by application then server (none when the directory is missing).
    public func all() throws -> [ACPStateRecord] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return try names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            .compactMap { try read(path: directory + "/" + $0) }
            .sorted { ($0.appId, $0.server) < ($1.appId, $1.server) }
    }

    private func read(path: String) throws -> ACPStateRecord? {
        let data: Data
        do throws(BoundedFile.Failure) {
            // hubctl's own file, written by AtomicFile: a FIFO or a device put there is damage, not
            // something to wait for.
            data = try BoundedFile.read(path: path, limit: Self.maximumSize, regularOnly: true)
        } catch .missing {
            return nil
        } catch {
            throw HubError(.data, code: .stateDamaged, "Cannot read the ACP record \(path). Remove it; the next `hubctl acp fetch` writes it again.")
        }
        guard let record = ACPStateRecord.decoded(from: data) else {
            throw HubError(.data, code: .stateDamaged, "The ACP record \(path) is damaged. Remove it; the next `hubctl acp fetch` writes it again.")
        }
        return record
    }
}
