// The application's default bundle (docs/protocol.md §7): served at /bundles/<appId>/ without a name,
// so its versions are told apart by ETag, else Last-Modified, else a SHA-256 of its content.

import Foundation
import HubBundles
import HubCore
import HubTransport

/// Which version of a bundle the server sent: what its headers said and what its bytes hash to.
/// SAP documents neither ETag nor Last-Modified on bundles; they are used when present.
public struct BundleRevision: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
    /// SHA-256 (hex) of the bundle's bytes; nil when they were not received (a 304).
    public var sha256: String?

    public init(etag: String? = nil, lastModified: String? = nil, sha256: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.sha256 = sha256
    }

    /// What a profile record says about the bundle it was installed from.
    public init(record: ProfileRecord) {
        self.init(etag: record.etag, lastModified: record.lastModified, sha256: record.sha256)
    }

    /// The version's identity, in this order: `etag:<ETag>`, else `last-modified:<Last-Modified>`,
    /// else `sha256:<hex>`; nil when nothing is known.
    public var label: String? {
        if let etag { return "etag:" + etag }
        if let lastModified { return "last-modified:" + lastModified }
        return sha256.map { "sha256:" + $0 }
    }

    /// The same version: when both digests are known, the same content, whatever the labels say
    /// (the same ETag over other bytes is a new version; another ETag or date over the same bytes
    /// is not, issue 39); else the same label.
    public func isSameVersion(as other: BundleRevision) -> Bool {
        if let sha256, let theirs = other.sha256 { return sha256 == theirs }
        if let label, label == other.label { return true }
        return false
    }

    /// `If-None-Match` with the ETag, else `If-Modified-Since` with the date (RFC 9110 §13.1.3: a
    /// server ignores If-Modified-Since when If-None-Match is present, so one is enough).
    var conditionalHeaders: [HTTPHeader] {
        if let etag { return [HTTPHeader("If-None-Match", etag)] }
        if let lastModified { return [HTTPHeader("If-Modified-Since", lastModified)] }
        return []
    }

    /// From a response's headers (each taken only when it can be sent back) and the digest.
    init(headers response: HTTPResponse, sha256: String?) {
        self.init(etag: response.header("ETag").flatMap(ConnectionService.usableETag),
                  lastModified: response.header("Last-Modified").flatMap(Self.usableDate),
                  sha256: sha256)
    }

    /// A `Last-Modified` value that may be sent back: printable ASCII, at most 64 characters.
    static func usableDate(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64,
              trimmed.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else { return nil }
        return trimmed
    }
}

/// What the default bundle's address answered.
enum DefaultBundleAnswer: Sendable, Equatable {
    /// 404 at both addresses: the application has no default bundle.
    case absent
    /// 304 to the conditional request: the version asked about.
    case notModified
    /// 200: this version.
    case present(BundleRevision)
}

/// Thrown by a fetch's download when the default bundle is the one installed (304).
struct DefaultBundleNotModified: Error {}

extension ACPService {
    /// The addresses of the default bundle, in the order they are asked: `/bundles/<appId>/`, then
    /// Mobile Services' own (when the first answers 404).
    var defaultBundleURLs: [String] {
        let endpoint = connections.session.endpoint
        return [endpoint.bundleURL(bundleId: nil), endpoint.mobileServicesBundleURL(bundleId: nil)]
    }

    /// Reads the default bundle's version: a GET, conditional on `known` (the installed or last
    /// seen version) when it has an ETag or a date. A 200 body is read to its end through SHA-256
    /// (never kept; at most the 2 GiB a fetch accepts), since SAP documents no ETag for bundles.
    func probeDefaultBundle(appcid: String, known: BundleRevision?) throws -> DefaultBundleAnswer {
        let session = connections.session
        let conditional = known?.conditionalHeaders ?? []
        let limit = ExtractionLimits.default.maxArchiveBytes
        for url in defaultBundleURLs {
            let request = session.request("GET", url, appcid: appcid, accept: "application/octet-stream, */*",
                                          extraHeaders: conditional)
            let digest = try SHA256Digest()
            var received: Int64 = 0
            let response = try session.stream(request) { chunk in
                received += Int64(chunk.count)
                if received > limit {
                    throw HubError(.data, code: .tooLarge, "The default bundle is larger than \(limit) bytes; it was not read to its end.")
                }
                digest.update(chunk)
            }
            switch response.status {
            case 304 where !conditional.isEmpty: return .notModified
            case 404: continue
            case 200..<300:
                // Checked as a fetch checks it: a login page is no new profile (issue 39).
                try ACPService.refuseHTMLPage(response, doing: "checking the default bundle", outcome: "Nothing was checked.")
                return .present(BundleRevision(headers: response, sha256: digest.finalize()))
            default: throw SMPEndpoint.unexpected(response, doing: "checking the default bundle")
            }
        }
        return .absent
    }

    /// `acp check` of an application without an assigned bundle: is the default bundle another
    /// version than the one installed? `lastSeen`: the version a previous check of a wait saw.
    /// Returns the check and the version seen (nil when there is no default bundle).
    func checkDefaultBundle(appcid: String, current: ProfileRecord?,
                            lastSeen: BundleRevision?) throws -> (ACPCheckResult, BundleRevision?) {
        let installed = current.flatMap { $0.isDefaultBundle ? BundleRevision(record: $0) : nil }
        let asked = installed ?? lastSeen
        let seen: BundleRevision?
        switch try probeDefaultBundle(appcid: appcid, known: asked) {
        case .absent: seen = nil
        case .notModified: seen = asked
        case .present(let revision): seen = revision
        }
        // The profile in use, whatever its name: the default being the same bytes as a named bundle
        // installed before the assignment was cleared is no update (issue 39).
        let inUse = current.map { BundleRevision(record: $0) }
        let update: Bool = if let seen {
            if let installed { !seen.isSameVersion(as: installed) }
            else if let inUse, let mine = inUse.sha256, let theirs = seen.sha256 { mine != theirs }
            else { true }
        } else { false }
        let check = ACPCheckResult(appId: config.appId, current: current?.bundleId,
                             available: seen == nil ? nil : ProfileRecord.defaultBundleId, updateAvailable: update,
                             source: ACPCheckResult.defaultSource, availableRevision: seen?.label,
                             currentRevision: current.flatMap { BundleRevision(record: $0).label })
        return (check, seen)
    }
}
