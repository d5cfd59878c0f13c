// `hubctl app version`: An application's MDK or hybrid app versions through App Update: deploy,
// list, promote, delete, prune (docs/protocol.md §17.10). What the verbs share: the session (the
// `app` commands' credentials), the platform flags, and a platform's versions as they print them.

import ArgumentParser
import Foundation
import HubCore
import HubServices

extension AppUpdateKind: ExpressibleByArgument {}

struct AppVersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Deploy, list, promote and delete an MDK or hybrid application's versions (App Update).",
        discussion: """
        The App Update feature of a Mobile Services application holds, per platform (android, \
        ios; AppModeler for MDK), the current version devices get, a staged one, and pending \
        uploads. `deploy` uploads a new pending version (with --promote: makes it current), \
        `list` shows them, `promote` makes a pending one current, `delete` and `prune` remove \
        pending ones. Credentials as the other `app` verbs; Basic (--admin-api, --admin-user, \
        --admin-password-file) needs no Cloud Foundry at all. A platform is chosen with \
        --app-platform (--platform is hubctl's global choice of server platform).

        Example:
          hubctl app version deploy ci-$RUN www/ --kind hybrid --promote
        """,
        subcommands: [AppVersionDeploy.self, AppVersionList.self, AppVersionPromote.self, AppVersionDelete.self, AppVersionPrune.self])
}

enum AppVersionSupport {
    /// The App Update session of `app`, its id checked first (nothing is read or sent for an id that cannot be one).
    static func session(_ source: AppAdminSource, app: String, _ invocation: Invocation) throws -> AppUpdateSession {
        try AppAdminRules.checkAppId(app)
        return try source.appUpdate(invocation.services.operatorContext, appId: app)
    }

    /// --app-platform values, each once, each known (64).
    static func checkPlatforms(_ given: [String], known: [String]) throws {
        try AppUpdatePackage.checkPlatforms(given, known: known)
    }

    /// The command that deletes one pending revision.
    static func deleteCommand(_ app: String, _ platform: String, _ revision: Int) -> String {
        "hubctl app version delete \(app) --pending --revision \(revision) --app-platform \(platform)"
    }

    static func version(_ v: AppUpdateVersion?) -> JSONValue {
        guard let v else { return .null }
        return .members([
            "revision": .int(Int64(v.revision)), "lastModified": v.lastModified.map { JSONValue($0) } ?? .null,
            "requiredKapselVersion": v.requiredKapselVersion.map(JSONValue.string), "developmentVersion": v.developmentVersion.map(JSONValue.string),
            "description": v.description.map(JSONValue.string),
        ])
    }

    /// A platform's versions: `{platform, current, staged, pending: []}`.
    static func state(_ s: AppUpdatePlatformState) -> JSONValue {
        .object(["platform": .string(s.platform), "current": version(s.current), "staged": version(s.staged), "pending": .array(s.pending.map { version($0) })])
    }
}
