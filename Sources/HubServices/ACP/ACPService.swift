// Application Configuration Profiles (docs/protocol.md §7): is a newer one assigned, and fetch it safely.

import Foundation
import HubAuth
import HubBundles
import HubConfig
import HubCore
import HubTransport

public struct ACPCheckResult: Sendable {
    public var appId: String
    public var current: String?
    public var available: String?
    public var updateAvailable: Bool
    /// Which bundle the server's answer points to: `assigned` (CustomizationBundleId) or `default`
    /// (none assigned: the application's default bundle, `available` then `default`).
    public var source: String = ACPCheckResult.assignedSource
    /// The default bundle's version on the server (`BundleRevision.label`), when it was asked for.
    public var availableRevision: String? = nil
    /// The version of the profile in use (`BundleRevision.label` of its record).
    public var currentRevision: String? = nil

    public static let assignedSource = "assigned"
    public static let defaultSource = "default"
}

/// What one check of `acp check --wait` found, and the `ETag` the next one sends.
public struct ACPPoll: Sendable {
    public var check: ACPCheckResult
    public var etag: String?
    /// The server answered **304**: the assignment is the one the previous check saw.
    public var notModified: Bool
    /// The default bundle's version this check saw (none assigned), asked about conditionally next.
    public var defaultRevision: BundleRevision? = nil
}

public struct ACPFetchResult: Sendable {
    public var bundleId: String
    public var updated: Bool
    public var path: String
    public var files: Int
    public var bytes: Int64
    public var sha256: String
    public var manifest: [String: String]
    /// The server's `X-BUNDLE-EXTENSION` (with an archive, for information: the content decides).
    public var fileExtension: String?
    /// `assigned` or `default` (see `ACPCheckResult.source`).
    public var source: String
    /// `archive` (extracted into `path`) or `file` (stored as `path/<file>`).
    public var kind: String
    public var file: String?
    /// `BundleRevision.label` of the installed bundle.
    public var revision: String?
}

public final class ACPService {
    let connections: ConnectionService
    public let config: ConnectionConfig

    public init(connections: ConnectionService) {
        self.connections = connections
        self.config = connections.session.config
    }

    /// The default profile directory: `$HUBCTL_HOME/acp/<appId>`.
    public func defaultDestination(home: String) -> String { home + "/acp/" + config.appId }

    /// The recorded registration, and the id the server assigns now (CustomizationBundleId, nil
    /// when empty or null), read from the connection's settings.
    func assignedBundleId() throws -> (Registration, String?) {
        let (registration, settings) = try connections.recordedSettings()
        guard let id = settings["CustomizationBundleId"]?.stringValue, !id.isEmpty else { return (registration, nil) }
        return (registration, id)
    }

    public func check(destination: String) throws -> ACPCheckResult {
        let (registration, available) = try assignedBundleId()
        let current = try ProfileDirectory(path: destination).currentRecord()
        return try compare(registration, assigned: available, current: current, lastSeen: nil).0
    }

    /// One check of `acp check --wait`: like `check`, but a read of the settings is conditional on
    /// the `ETag` of the previous one (`last`), and a **304** reuses the id that read found.
    public func poll(destination: String, after last: ACPPoll?) throws -> ACPPoll {
        let (registration, answer) = try connections.recordedSettings(ifNoneMatch: last?.etag)
        let available: String?, etag: String?, notModified: Bool
        switch answer {
        case .notModified:
            (available, etag, notModified) = (last?.check.source == ACPCheckResult.assignedSource ? last?.check.available : nil,
                                              last?.etag, true)
        case .changed(let settings, let newTag):
            let id = settings["CustomizationBundleId"]?.stringValue
            (available, etag, notModified) = (id?.isEmpty == false ? id : nil, newTag, false)
        }
        // The profile in use is read every time: another process may have fetched meanwhile.
        let current = try ProfileDirectory(path: destination).currentRecord()
        let (check, seen) = try compare(registration, assigned: available, current: current, lastSeen: last?.defaultRevision)
        return ACPPoll(check: check, etag: etag, notModified: notModified, defaultRevision: seen)
    }

    /// The assigned bundle against the profile in use (plain string equality, as SAP's clients
    /// compare; no version ordering), or, with none assigned, the default bundle's version.
    private func compare(_ registration: Registration, assigned: String?, current: ProfileRecord?,
                         lastSeen: BundleRevision?) throws -> (ACPCheckResult, BundleRevision?) {
        guard let assigned else {
            return try checkDefaultBundle(appcid: registration.applicationConnectionId, current: current, lastSeen: lastSeen)
        }
        let upToDate = current.map { !$0.isDefaultBundle && $0.bundleId == assigned } ?? false
        return (ACPCheckResult(appId: config.appId, current: current?.bundleId, available: assigned, updateAvailable: !upToDate,
                         source: ACPCheckResult.assignedSource,
                         currentRevision: current.flatMap { BundleRevision(record: $0).label }), nil)
    }

    /// `durable`: flush the extracted profile to disk before switching `current` to it, so that a
    /// power loss just after the switch cannot leave a profile of empty files current.
    public func fetch(destination: String, force: Bool, limits: ExtractionLimits, durable: Bool = true,
                      progress: (@Sendable (InstallProgress) -> Void)?) throws -> ACPFetchResult {
        let profile = ProfileDirectory(path: destination, flushBeforeSwitch: durable,
                                       lockDeadline: connections.session.deadline)
        let (registration, available) = try assignedBundleId()
        let current = try profile.currentRecord()
        if let current, !force, let available, !current.isDefaultBundle, available == current.bundleId {
            return result(current, profile: profile, updated: false)
        }
        // With none assigned: the default bundle, asked for conditionally on the one installed (a
        // 304, or the same bytes again, installs nothing).
        let installedDefault = available == nil && !force ? current.flatMap { $0.isDefaultBundle ? $0 : nil } : nil
        let conditional = installedDefault.map { BundleRevision(record: $0).conditionalHeaders } ?? []
        // The same bytes as the profile in use (a named bundle installed before the assignment was
        // cleared) install nothing: the same revision is no update, whatever the name.
        let unchangedIf = available == nil && !force ? current?.sha256 : nil
        let session = connections.session
        let urls = available.map { [session.endpoint.bundleURL(bundleId: $0), session.endpoint.mobileServicesBundleURL(bundleId: $0)] }
            ?? defaultBundleURLs
        let request = session.request("GET", urls[0], appcid: registration.applicationConnectionId,
                                      accept: "application/octet-stream, */*", extraHeaders: conditional)
        // The download thread is the only user of the session until `install` has joined it.
        nonisolated(unsafe) let transport = session
        let appId = config.appId
        let record: ProfileRecord
        do {
            record = try profile.install(bundleId: available, limits: limits, unlessSHA256: unchangedIf,
                                         progress: progress) { channel in
                var response = try transport.stream(request) { chunk in try channel.write(chunk) }
                if response.status == 404 {
                    // Mobile Services also serves bundles under its own path (docs/protocol.md §7, §14).
                    var alternative = request
                    alternative.url = urls[1]
                    response = try transport.stream(alternative) { chunk in try channel.write(chunk) }
                }
                if response.status == 304, !conditional.isEmpty { throw DefaultBundleNotModified() }
                guard (200..<300).contains(response.status) else {
                    if response.status == 404, available == nil {
                        throw HubError(.noInput, code: .noBundleAssigned,
                                       "No bundle is assigned to '\(appId)' (CustomizationBundleId is empty) and the server has no default bundle (HTTP 404 at /bundles/\(appId)/). Ask the administrator to upload a client resource bundle.",
                                       status: 404)
                    }
                    if response.status == 404 {
                        throw HubError(.noInput, code: .bundleNotFound,
                                       "The server has no bundle \(available ?? "") for '\(appId)' (HTTP 404). Ask the administrator to upload and assign it.", status: 404)
                    }
                    throw SMPEndpoint.unexpected(response, doing: "downloading the bundle")
                }
                try ACPService.refuseHTMLPage(response, doing: "the bundle download", outcome: "Nothing was installed.")
                channel.describe(BundleDescription(fileExtension: response.header("X-BUNDLE-EXTENSION"),
                                                   contentDisposition: response.header("Content-Disposition"),
                                                   etag: response.header("ETag").flatMap(ConnectionService.usableETag),
                                                   lastModified: response.header("Last-Modified").flatMap(BundleRevision.usableDate)))
            }
        } catch is DefaultBundleNotModified {
            guard let installedDefault else { throw HubError.internalError("A download without a condition was answered 304.") }
            return result(installedDefault, profile: profile, updated: false)
        } catch let error as HubError where error.code == .noBundleAssigned && !force {
            // Nothing to offer: the profile in use stays, as `acp check` says (no update available).
            guard let current else { throw error }
            return result(current, profile: profile, updated: false)
        }
        return result(record, profile: profile, updated: record.version != current?.version)
    }

    /// Any file type is a bundle, but an HTML page the server does not call one (no
    /// X-BUNDLE-EXTENSION html/htm) is a login or proxy page answering instead: for a fetch and
    /// for a check alike.
    static func refuseHTMLPage(_ response: HTTPResponse, doing what: String, outcome: String) throws {
        guard let type = response.header("Content-Type")?.lowercased(), type.hasPrefix("text/html"),
              !["html", "htm"].contains(response.header("X-BUNDLE-EXTENSION")?.lowercased() ?? "") else { return }
        throw HubError(.data, code: .malformedResponse,
                       "The server answered \(what) with an HTML page (HTTP \(response.status), text/html, no X-BUNDLE-EXTENSION html): a login page or a proxy's error page, not a bundle. \(outcome)",
                       status: response.status)
    }

    private func result(_ record: ProfileRecord, profile: ProfileDirectory, updated: Bool) -> ACPFetchResult {
        ACPFetchResult(bundleId: record.bundleId, updated: updated,
                       path: profile.currentPath, files: record.files,
                       bytes: record.bytes, sha256: record.sha256, manifest: record.manifest, fileExtension: record.fileExtension,
                       source: record.isDefaultBundle ? ACPCheckResult.defaultSource : ACPCheckResult.assignedSource,
                       kind: record.kind ?? "archive", file: record.file, revision: BundleRevision(record: record).label)
    }
}
