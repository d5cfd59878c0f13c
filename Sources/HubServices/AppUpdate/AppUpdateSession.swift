// How the `app version` commands reach an application's App Update (docs/protocol.md §17.10):
// the client over the `app` commands' credential chain (Basic on a given --admin-api needs no
// Cloud Foundry at all), a second client for the short grace after a failed upload (its requests
// end a few seconds from when it is made, whatever the command's deadline), the package FILE
// names (a file, stdin spooled, a directory zipped as `bundle publish` zips it), and the plans
// the commands compute from the details: the revisions an upload added, what prune deletes.

import Foundation
import HubBundles
import HubCore
import HubTransport

/// One application's App Update client, and how to get a client for the grace after a failure.
public struct AppUpdateSession {
    public let client: AppUpdateClient
    let makeGraceClient: (Double) throws -> AppUpdateClient

    /// A client whose requests end `seconds` from now (the command's deadline may have passed).
    public func graceClient(seconds: Double) throws -> AppUpdateClient { try makeGraceClient(seconds) }

    /// The grace after a failed upload for reading what it left: min(10 s, max(1 s, a quarter of
    /// the deadline)), granted past the deadline (the same reserve `probe` keeps for its clean-up).
    public static func graceSeconds(deadline: Double) -> Double { min(10, max(1, deadline * 0.25)) }
}

extension AppAdminSource {
    /// The App Update of `appId` for the credentials this source names: Basic with a given base
    /// (--admin-api, HUBCTL_ADMIN_API, the profile's) is sent there directly; else the `app`
    /// commands' chain finds the base and the CF user's bearer (`MobileServicesApps`).
    public func appUpdate(_ context: OperatorContext, appId: String) throws -> AppUpdateSession {
        try check()
        let config = try context.config()
        let access = try resolved(context, config: config)
        var shape = TransportShape()
        shape.maxResponseBytes = CloudFoundryAPI.maxAnswerBytes
        let admin: MobileServicesAdmin
        if let base = access.adminAPI, let user = access.adminUser {
            let note = context.transports.note.map { note in { (line: String) in note(line) } }
            admin = MobileServicesAdmin(base: base, auth: .basic(BasicCredentials(user: user, password: access.adminPassword ?? "")),
                                        transport: try context.transports.transport(config, shape: shape, certificates: nil), note: note)
        } else {
            admin = try context.transports.mobileServicesApps(config, access: access, deadline: context.deadline).adminAPI(forApp: appId)
        }
        let transports = context.transports
        return AppUpdateSession(client: AppUpdateClient(admin: admin, appId: appId)) { seconds in
            var grace = TransportShape.ending(inSeconds: seconds)
            grace.maxResponseBytes = CloudFoundryAPI.maxAnswerBytes
            grace.retry = RetryPolicy(maxAttempts: 1)
            let http = try transports.transport(config, shape: grace, certificates: nil)
            return AppUpdateClient(admin: MobileServicesAdmin(base: admin.base, auth: admin.auth, transport: http, note: admin.note), appId: appId)
        }
    }
}

extension AppUpdatePackage {
    /// The largest package read: what hubctl's zip reader reads (no ZIP64). SAP documents no limit.
    public static let maximumBytes: Int64 = (1 << 32) - 1

    /// The package `file` names (`-`: stdin, spooled; a directory, zipped as it is sent; a file),
    /// checked as `kind` before anything is sent.
    public static func content(_ file: String, kind: AppUpdateKind, _ input: BundleInput) throws -> AppUpdatePackage {
        if file == "-" {
            let spooled: InputFile
            do throws(BoundedFile.Failure) {
                spooled = try input.spoolStdin(maximumBytes)
            } catch {
                throw HubError.input(error, label: "the package on stdin", limit: Int(maximumBytes), tooLarge: .tooLarge)
            }
            return try checked(spooled, kind: kind)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw HubError.noInput("No package at \(file). Check the path.", code: .fileNotFound)
        }
        if isDirectory.boolValue {
            let zip = try DeterministicZip.plan(directory: file, limit: maximumBytes, until: input.deadline)
            return try checked(directory: zip, path: file, kind: kind)
        }
        let opened: InputFile
        do throws(BoundedFile.Failure) {
            opened = try input.openFile(file, maximumBytes)
        } catch {
            throw HubError.input(error, label: file, limit: Int(maximumBytes), tooLarge: .tooLarge)
        }
        return try checked(opened, kind: kind)
    }
}

/// What the commands compute from the details, before they send anything.
public enum AppUpdatePlan {
    /// The platform MDK's packages land on ([code] @sap/mdk-tools deploy-ms.js promotePending, as
    /// quoted in issue #50, not re-read here): known to `--platform` for `--kind mdk`.
    public static let mdkPlatform = "AppModeler"

    /// The pending revisions of `after` that `before` did not have on that platform (neither
    /// pending, staged nor current): what an upload between the two reads added.
    public static func appeared(before: [AppUpdatePlatformState], after: [AppUpdatePlatformState]) -> [AppUpdateRevisions] {
        after.compactMap { state in
            let old = before.first { $0.platform == state.platform }
            let known = Set((old?.pending ?? []).map(\.revision) + [old?.current?.revision, old?.staged?.revision].compactMap { $0 })
            let new = state.pending.map(\.revision).filter { !known.contains($0) }.sorted()
            return new.isEmpty ? nil : AppUpdateRevisions(platform: state.platform, revisions: new)
        }
    }

    /// The pending revisions beyond the newest `keep` of each platform (of `platforms`, all when
    /// empty), oldest first.
    public static func prune(_ details: [AppUpdatePlatformState], keep: Int, platforms: [String] = []) -> [AppUpdateRevisions] {
        details.compactMap { state in
            guard platforms.isEmpty || platforms.contains(state.platform) else { return nil }
            let doomed = state.pending.map(\.revision).sorted(by: >).dropFirst(keep).sorted()
            return doomed.isEmpty ? nil : AppUpdateRevisions(platform: state.platform, revisions: Array(doomed))
        }
    }

    /// What promote sends: the revision `revision` (else the newest pending) of each platform of
    /// `platforms` (else of every platform with a pending revision); 64 for a revision not pending
    /// on a platform given, or nothing pending at all.
    public static func promote(_ details: [AppUpdatePlatformState], revision: Int?, platforms: [String]) throws -> [AppUpdateRevisions] {
        let chosen = platforms.isEmpty ? details.filter { !$0.pending.isEmpty } : details.filter { platforms.contains($0.platform) }
        var targets: [AppUpdateRevisions] = []
        for state in chosen {
            let pending = state.pending.map(\.revision)
            if let revision {
                if pending.contains(revision) {
                    targets.append(AppUpdateRevisions(platform: state.platform, revisions: [revision]))
                } else if !platforms.isEmpty {
                    throw notPending(revision, state)
                }
            } else if let newest = pending.max() {
                targets.append(AppUpdateRevisions(platform: state.platform, revisions: [newest]))
            } else {
                throw HubError.usage("\(state.platform) has no pending revision to promote. Nothing was sent.")
            }
        }
        guard !targets.isEmpty else {
            throw HubError.usage(revision.map { "Revision \($0) is pending on no platform (\(pendingList(details))). Nothing was sent." }
                ?? "No platform has a pending revision to promote. Nothing was sent.")
        }
        return targets
    }

    /// The pending deletes of `revisions` on `platforms` (else on every platform where they are
    /// pending); 64 for a revision pending on no platform chosen, or not on a platform given.
    public static func deletePending(_ details: [AppUpdatePlatformState], revisions: [Int], platforms: [String]) throws -> [AppUpdateRevisions] {
        let chosen = platforms.isEmpty ? details : details.filter { platforms.contains($0.platform) }
        var targets: [AppUpdateRevisions] = []
        for state in chosen {
            let pending = Set(state.pending.map(\.revision))
            if !platforms.isEmpty, let missing = revisions.first(where: { !pending.contains($0) }) { throw notPending(missing, state) }
            let found = revisions.filter(pending.contains)
            if !found.isEmpty { targets.append(AppUpdateRevisions(platform: state.platform, revisions: found)) }
        }
        if let missing = revisions.first(where: { r in !targets.contains { $0.revisions.contains(r) } }) {
            throw HubError.usage("Revision \(missing) is pending on no platform (\(pendingList(details))). Nothing was sent.")
        }
        return targets
    }

    static func notPending(_ revision: Int, _ state: AppUpdatePlatformState) -> HubError {
        HubError.usage("Revision \(revision) is not pending on \(state.platform) (pending: \(state.pending.isEmpty ? "none" : state.pending.map { String($0.revision) }.joined(separator: ", "))). Nothing was sent.")
    }

    static func pendingList(_ details: [AppUpdatePlatformState]) -> String {
        let items = details.filter { !$0.pending.isEmpty }.map { "\($0.platform): " + $0.pending.map { String($0.revision) }.joined(separator: ", ") }
        return items.isEmpty ? "nothing is pending" : "pending: " + items.joined(separator: "; ")
    }
}
