// `hubctl push send`: what a send is for, from its plan (PushSendIdentity, HubServices).

import Foundation
import HubCore
import HubServices

extension PushSendIdentity {
    init(appId: String, plan: PushSend.Options.Plan, payload: PushPayload) throws {
        let scope: JSONValue, sent: JSONValue
        switch plan {
        case .single(_, _, let s), .users(_, _, _, let s):
            scope = s
            sent = payload.json
        case .bulk(let entries):
            // By user, as the target: the same lines in another order are the same send.
            let byUser = entries.sorted { $0.user < $1.user }
            scope = .object(["bulk": .array(byUser.map { .string($0.user) })])
            sent = NotificationBackend.bulkBody(root: payload, users: byUser)
        }
        try self.init(applicationId: appId, scope: scope, notification: sent)
    }
}
