// The App Update API of one application (docs/protocol.md §17.10), under the cockpit's Admin API:
// `<base>/app/<APP_ID>/service/app-update/Admin/kapsel/jaxrs/KapselApp/<APP_ID>` (SAP's *Managing
// App Versions*). Details, deploy (the package streamed as one multipart part), promote, delete
// pending revisions, delete the application's versions. Every request goes through the Admin API's
// session (`MobileServicesAdmin.exchange`: its credentials, CSRF retry and login reading, 77); the
// answers are read by AppUpdateAnswer (65 on a malformed one).

import Foundation
import HubCore
import HubTransport

/// Revisions of one platform, as promote and the pending delete send them: `{"platform", "revisions"}`.
public struct AppUpdateRevisions: Sendable, Equatable {
    public var platform: String
    public var revisions: [Int]

    public init(platform: String, revisions: [Int]) {
        self.platform = platform
        self.revisions = revisions
    }

    var json: JSONValue {
        .object(["platform": .string(platform), "revisions": .array(revisions.map { .int(Int64($0)) })])
    }
}

public struct AppUpdateClient {
    public let admin: MobileServicesAdmin
    public let appId: String

    /// The multipart part's file name, as SAP's Kapsel CLI names its package (KCLI 57).
    public static let packageFilename = "packagedKapselApp.zip"

    public init(admin: MobileServicesAdmin, appId: String) {
        self.admin = admin
        self.appId = appId
    }

    /// `…/KapselApp/<APP_ID>`.
    public var url: String {
        admin.appURL(appId) + "/service/app-update/Admin/kapsel/jaxrs/KapselApp/" + SMPEndpoint.escape(segment: appId)
    }

    /// Where promote sends: the versions it takes are pending (`promotePending`) or staged (`promoteStaged`).
    public enum PromoteFrom: String, Sendable, Equatable {
        case pending = "promotePending", staged = "promoteStaged"
    }

    // MARK: Calls

    /// Every platform's current, staged and pending versions.
    public func details() throws -> [AppUpdatePlatformState] {
        let what = "reading the versions of \(HubError.quoted(appId))"
        let response = try admin.exchange("GET", url, doing: what)
        guard response.status == 200 else { throw failure(response, doing: what) }
        return try AppUpdateAnswer.details(try MobileServicesAdmin.json(response, doing: what))
    }

    /// Uploads the package as a new (pending) version: one multipart part `file`, streamed, its
    /// length known before the first byte. `boundary`: the multipart boundary (tests fix it).
    /// `progress`: the package's bytes sent so far in this attempt.
    public func deploy(_ package: AppUpdatePackage, boundary: String = MultipartUpload.newBoundary(),
                       progress: (@Sendable (Int64) -> Void)? = nil) throws -> AppUpdateDeployResult {
        let what = "uploading \(package.name) to \(HubError.quoted(appId))"
        let multipart = try MultipartUpload(field: "file", filename: Self.packageFilename, type: "application/octet-stream", boundary: boundary)
        // Started first, so that the digest's reads fill the upload's round trip (as `bundle publish`).
        let digest = package.source.startDigest()
        defer { digest.cancel() }
        let sent = SentBytes(progress: progress)
        let body = try multipart.body(around: package.source.body { sent.take($0, restart: $1) })
        // Not retried (POST): a second attempt could leave a second pending version.
        let response = try admin.exchange("POST", url, upload: body, extra: [HTTPHeader("Content-Type", multipart.contentType)], doing: what)
        guard (200...299).contains(response.status) else { throw failure(response, doing: what) }
        guard sent.count == package.length else {
            throw HubError(.unavailable, code: .connectionLost,
                           "The App Update API answered the upload of \(package.name) before receiving the whole package (\(sent.count) of \(package.length) bytes read for it), so the version it stored may be cut short. \(leftHint)")
        }
        let content = try digest.result()
        guard package.source.isUnchanged(sent: sent.count, digested: content.count) else {
            var changed = BundleSource.changed(package.name)
            changed.message += " " + leftHint
            throw changed
        }
        let answer: (new: AppUpdateVersion?, current: AppUpdateVersion?, platforms: [AppUpdatePlatformState])
        do {
            answer = try AppUpdateAnswer.deployed(response.body)
        } catch var error as HubError {
            error.message += " The upload was answered HTTP \(response.status). \(leftHint)"
            throw error
        }
        return AppUpdateDeployResult(newVersion: answer.new, currentVersion: answer.current, platforms: answer.platforms,
                                     bytes: content.count, sha256: content.hex)
    }

    /// What an upload that went wrong after it was sent may have left.
    var leftHint: String {
        "A pending version may have been stored: see `hubctl app version list \(appId)`."
    }

    /// Promotes `targets` (`[{"platform", "revisions": [R]}]`; `-1` for "what is pending", as SAP's
    /// Kapsel CLI promotes after a deploy).
    public func promote(_ targets: [AppUpdateRevisions], from: PromoteFrom = .pending) throws -> AppUpdatePromoteResult {
        try Self.checkTargets(targets)
        let what = "promoting versions of \(HubError.quoted(appId))"
        let response = try admin.exchange("PUT", url + "/" + from.rawValue, json: .array(targets.map(\.json)), doing: what)
        guard response.status == 200 else { throw failure(response, doing: what) }
        return try AppUpdateAnswer.promoted(try MobileServicesAdmin.json(response, doing: what))
    }

    /// Deletes pending revisions: `POST …/deletePendings`, `X-HTTP-METHOD: DELETE`, the revisions as JSON.
    public func deletePending(_ targets: [AppUpdateRevisions]) throws {
        try Self.checkTargets(targets)
        let what = "deleting pending versions of \(HubError.quoted(appId))"
        let response = try admin.exchange("POST", url + "/deletePendings", json: .array(targets.map(\.json)),
                                          extra: [HTTPHeader("X-HTTP-METHOD", "DELETE")], doing: what)
        guard (200...299).contains(response.status) else { throw failure(response, doing: what) }
    }

    /// Deletes the application's versions on every platform, or on `platform`: true when deleted,
    /// false when there was nothing (404).
    public func delete(platform: String? = nil) throws -> Bool {
        let target = platform.map { url + "/" + SMPEndpoint.escape(segment: $0) } ?? url
        let what = "deleting the versions of \(HubError.quoted(appId))" + (platform.map { " on \($0)" } ?? "")
        let response = try admin.exchange("DELETE", target, doing: what)
        switch response.status {
        case 200...299: return true
        case 404: return false
        default: throw failure(response, doing: what)
        }
    }

    // MARK: Rules and errors

    /// Every target names a platform and at least one revision of -1 or more; a platform once.
    static func checkTargets(_ targets: [AppUpdateRevisions]) throws {
        guard !targets.isEmpty else { throw HubError.usage("No platform and revision to send. Nothing was sent.") }
        var seen = Set<String>()
        for target in targets {
            guard !target.platform.isEmpty, seen.insert(target.platform).inserted else {
                throw HubError.usage("Platform \(HubError.quoted(target.platform)) is empty or named twice. Nothing was sent.")
            }
            guard !target.revisions.isEmpty, target.revisions.allSatisfy({ $0 >= -1 }) else {
                throw HubError.usage("Platform \(target.platform) needs revisions of -1 or more. Nothing was sent.")
            }
        }
    }

    func failure(_ response: HTTPResponse, doing what: String) -> HubError {
        switch response.status {
        case 404:
            return HubError.noInput("The Admin API has no App Update for \(HubError.quoted(appId)) (HTTP 404 while \(what))\(BundleAdmin.message(response)). Check the id (`hubctl app list`) and that the application has the App Update feature (app-update).",
                                    code: .applicationNotFound, status: 404)
        case 413:
            return HubError(.usage, code: .tooLarge, "The App Update API refused the package as too large (HTTP 413 while \(what))\(BundleAdmin.message(response)); SAP documents no limit.", status: 413)
        default:
            return MobileServicesAdmin.failure(response, doing: what)
        }
    }
}
