// Application Configuration Profiles (docs/protocol.md §7): is a newer one assigned, and fetch it safely.

import Foundation
import Synchronization
import HubAuth
import HubBundles
import HubConfig
import HubCore
import HubTransport

public struct ACPCheck: Sendable {
    public var appId: String
    public var current: String?
    public var available: String?
    public var updateAvailable: Bool
}

/// What one check of `acp check --wait` found, and the `ETag` the next one sends.
public struct ACPPoll: Sendable {
    public var check: ACPCheck
    public var etag: String?
    /// The server answered **304**: the assignment is the one the previous check saw.
    public var notModified: Bool
}

public struct ACPFetchResult: Sendable {
    public var bundleId: String
    public var updated: Bool
    public var path: String
    public var files: Int
    public var bytes: Int64
    public var sha256: String
    public var manifest: [String: String]
    /// The server's `X-BUNDLE-EXTENSION` (informational: the format is detected from the content).
    public var fileExtension: String?
}

/// The `X-BUNDLE-EXTENSION` the download thread saw, read by the caller after it has returned.
private final class ExtensionHeader: Sendable {
    let value = Mutex<String?>(nil)
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
    /// when empty), read from the connection's settings.
    func assignedBundleId() throws -> (Registration, String?) {
        let (registration, settings) = try connections.recordedSettings()
        guard let id = settings["CustomizationBundleId"]?.stringValue, !id.isEmpty else { return (registration, nil) }
        return (registration, id)
    }

    public func check(destination: String) throws -> ACPCheck {
        let (_, available) = try assignedBundleId()
        let current = try ProfileDirectory(path: destination).currentRecord()?.bundleId
        // Plain string equality, as SAP's clients compare (no version ordering).
        return ACPCheck(appId: config.appId, current: current, available: available,
                        updateAvailable: available != nil && available != current)
    }

    /// One check of `acp check --wait`: like `check`, but a read of the settings is conditional on
    /// the `ETag` of the previous one (`last`), and a **304** reuses the id that read found.
    public func poll(destination: String, after last: ACPPoll?) throws -> ACPPoll {
        let (_, answer) = try connections.recordedSettings(ifNoneMatch: last?.etag)
        let available: String?, etag: String?, notModified: Bool
        switch answer {
        case .notModified:
            (available, etag, notModified) = (last?.check.available, last?.etag, true)
        case .changed(let settings, let newTag):
            let id = settings["CustomizationBundleId"]?.stringValue
            (available, etag, notModified) = (id?.isEmpty == false ? id : nil, newTag, false)
        }
        // The profile in use is read every time: another process may have fetched meanwhile.
        let current = try ProfileDirectory(path: destination).currentRecord()?.bundleId
        return ACPPoll(check: ACPCheck(appId: config.appId, current: current, available: available,
                                       updateAvailable: available != nil && available != current),
                       etag: etag, notModified: notModified)
    }

    /// `durable`: flush the extracted profile to disk before switching `current` to it, so that a
    /// power loss just after the switch cannot leave a profile of empty files current.
    public func fetch(destination: String, force: Bool, limits: ExtractionLimits, durable: Bool = true,
                      progress: (@Sendable (InstallProgress) -> Void)?) throws -> ACPFetchResult {
        let profile = ProfileDirectory(path: destination, flushBeforeSwitch: durable,
                                       lockDeadline: .now + .milliseconds(Int64(min(config.deadline, 86_400) * 1000)))
        let (registration, available) = try assignedBundleId()
        let current = try profile.currentRecord()
        if let current, !force, available == nil || available == current.bundleId {
            return result(current, profile: profile, updated: false, fileExtension: nil)
        }
        if available == nil && !force {
            throw HubError(.noInput, code: .noBundleAssigned,
                           "No Application Configuration Profile is assigned to '\(config.appId)' (CustomizationBundleId is empty). Use --force to download the server's default bundle anyway.")
        }
        let session = connections.session
        let request = session.request("GET", session.endpoint.bundleURL(bundleId: available), appcid: registration.applicationConnectionId,
                                      accept: "application/octet-stream, */*")
        // The download thread is the only user of the session until `install` has joined it.
        nonisolated(unsafe) let transport = session
        let ext = ExtensionHeader()
        let appId = config.appId
        let record = try profile.install(bundleId: available, limits: limits, progress: progress) { channel in
            var response = try transport.stream(request) { chunk in try channel.write(chunk) }
            if response.status == 404 {
                // Mobile Services also serves bundles under its own path (docs/protocol.md §7, §14).
                var alternative = request
                alternative.url = transport.endpoint.mobileServicesBundleURL(bundleId: available)
                response = try transport.stream(alternative) { chunk in try channel.write(chunk) }
            }
            ext.value.withLock { $0 = response.header("X-BUNDLE-EXTENSION") }
            guard (200..<300).contains(response.status) else {
                if response.status == 404 {
                    throw HubError(.noInput, code: .bundleNotFound,
                                   "The server has no bundle \(available ?? "(default)") for '\(appId)' (HTTP 404). Ask the administrator to upload and assign it.", status: 404)
                }
                throw SMPEndpoint.unexpected(response, doing: "downloading the bundle")
            }
        }
        return result(record, profile: profile, updated: true, fileExtension: ext.value.withLock { $0 })
    }

    private func result(_ record: ProfileRecord, profile: ProfileDirectory, updated: Bool, fileExtension: String?) -> ACPFetchResult {
        ACPFetchResult(bundleId: record.bundleId, updated: updated, path: profile.currentPath, files: record.files,
                       bytes: record.bytes, sha256: record.sha256, manifest: record.manifest, fileExtension: fileExtension)
    }
}
