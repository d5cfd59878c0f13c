// The control API of the App Update feature (issue 50; docs/protocol.md §17.10 "The emulator"):
//
//   GET /_emulator/app-update/{appId}       {"appId", "platforms": [{"platform", "current", "staged",
//                                           "pending": [...]}] (each revision {revision, bytes, sha256,
//                                           lastModified}; current and staged null when none),
//                                           "uploads" (deploy POSTs begun), "stored" (deploys stored)}
//   PUT /_emulator/app-update/settings      {"holdAfterStore": seconds} → {"holdAfterStore"}: a deploy
//                                           waits that long after storing its revisions before it
//                                           answers (a client cut meanwhile never hears of them)

import Foundation
import Hummingbird

enum AppUpdateControl {
    static let routes: [ControlRoute] = [
        ControlRoute(.get, "app-update/{appId}", .cloudFoundry, "an app's App Update revisions and counts") { call in
            let appId = call.parameters.get("appId") ?? ""
            let updates = call.state.appUpdate
            let counts = updates.counts(appId)
            func revision(_ r: AppUpdateRevision?) -> ODataValue {
                guard let r else { return .null }
                return .object([("revision", .int(r.revision)), ("bytes", .int(Int(r.bytes))), ("sha256", .string(r.sha256)),
                                ("lastModified", .int(Int(r.lastModified)))])
            }
            return Answers.json(.ok, .object([
                ("appId", .string(appId)),
                ("platforms", .array(updates.platforms(appId).map { name, p in
                    .object([("platform", .string(name)), ("current", revision(p.current)), ("staged", revision(p.staged)),
                             ("pending", .array(p.pending.map(revision)))])
                })),
                ("uploads", .int(counts.uploads)), ("stored", .int(counts.stored)),
            ]))
        },
        ControlRoute(.put, "app-update/settings", .cloudFoundry, "App Update switches: holdAfterStore") { call in
            let body = try await call.request.jsonObjectBody()
            switch body["holdAfterStore"] {
            case nil: break
            case .int(let n)? where n >= 0 && n <= 600: call.state.appUpdate.holdAfterStore = Double(n)
            case .double(let d)? where d >= 0 && d <= 600: call.state.appUpdate.holdAfterStore = d
            default: throw HTTPError(.badRequest, message: "holdAfterStore must be a number of seconds from 0 to 600.")
            }
            return Answers.json(.ok, .object([("holdAfterStore", .double(call.state.appUpdate.holdAfterStore))]))
        },
    ]
}
