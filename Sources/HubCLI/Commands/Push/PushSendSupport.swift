// `hubctl push send`: the operator's notification to users, a device, a group, topics, a capability,
// every device, or a different text per user (bulk). Options → `NotificationBackend` → one report.

import ArgumentParser
import Foundation
import HubCore
import HubServices

/// The answers of a send's requests, added up.
struct PushSendReport {
    var target = ""
    var requests = 0
    var accepted = 0
    var correlationIds: [String] = []
    var usersAsked: Int?
    var usersWithoutRegistration: [String] = []
    var requestsWithoutRegistrations = 0
    var results: [PushResultEntry] = []
    /// The failure that stopped a send after some requests went out, and the users not sent to.
    var stopped: HubError?
    var usersNotSent: [String] = []
    /// The users of a request whose answer was lost after it may have reached the service.
    var usersUnknown: [String] = []
    /// What the service said of the requests it sent nothing for (its 404's `status.message`).
    var serviceMessages: [String] = []
    /// What the send is for; in the report, so that `--skip-done` takes only a report of this send.
    var identity: PushSendIdentity?

    mutating func add(_ answer: PushSendAnswer, users: [String]) {
        requests += 1
        switch answer.kind {
        case .accepted:
            accepted += 1
            if let id = answer.correlationId { correlationIds.append(id) }
        case .noRegistrations:
            requestsWithoutRegistrations += 1
            usersWithoutRegistration += users
            if let message = answer.message, !serviceMessages.contains(message) { serviceMessages.append(message) }
        case .results:
            results += answer.results
            usersWithoutRegistration += answer.usersNamedMissing
        }
    }

    func count(_ outcome: PushCompletion.Outcome) -> Int { results.filter { $0.completion.outcome == outcome }.count }

    /// Some device failed, or some user or target got nothing.
    var incomplete: Bool { count(.failed) > 0 || !usersWithoutRegistration.isEmpty || requestsWithoutRegistrations > 0 || stopped != nil }

    /// Every request went out and none sent anything, for want of a registration (SAP's 404 "no
    /// registrations", or results naming only users without one): nothing happened, which is not
    /// "some of it failed" (exit 3) but the send's failure (`no_registrations`, 66).
    var nothingRegistered: Bool {
        stopped == nil && requests > 0 && accepted == 0 && results.isEmpty
            && (requestsWithoutRegistrations > 0 || !usersWithoutRegistration.isEmpty)
    }

    var output: PushSendOutput {
        PushSendOutput(target: target, requests: requests, accepted: accepted, correlationIds: correlationIds,
                       sent: count(.sent), queued: count(.queued), failed: count(.failed), usersAsked: usersAsked,
                       usersWithoutRegistration: usersWithoutRegistration, requestsWithoutRegistrations: requestsWithoutRegistrations,
                       results: results, usersNotSent: usersNotSent, usersUnknown: usersUnknown, stopped: stopped, serviceMessages: serviceMessages,
                       identity: identity)
    }
}

/// What a send is for, as its report says: the application (`applicationId`), the target
/// (`targetSha256`: the target kind and its names, every user sorted) and the notification
/// (`notificationSha256`: what is sent, the users' own notifications of a bulk send included).
/// Each digest is the SHA-256 of the canonical JSON of its value: compact, members sorted by
/// their UTF-8 bytes (JSONValue's writer, JSONEncoder's `.sortedKeys`). `--skip-done` takes only
/// the report of the same send (docs/security.md "Partial sends").
struct PushSendIdentity: Equatable {
    var applicationId: String
    var targetSha256: String
    var notificationSha256: String

    init(appId: String, plan: PushSend.Plan, payload: PushPayload) throws {
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
        applicationId = appId
        targetSha256 = try Self.digest(scope)
        notificationSha256 = try Self.digest(sent)
    }

    static func digest(_ value: JSONValue) throws -> String {
        let bytes = try value.written(pretty: false)
        return try bytes.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
    }

    /// Refuses (65, `report_mismatch`) a report of another send, naming each part that differs, or
    /// one that does not say what it was for (an older hubctl's): its users would be skipped
    /// without ever having been sent this notification.
    func check(report: JSONValue, label: String, path: String) throws {
        guard let app = report["applicationId"]?.stringValue, let target = report["targetSha256"]?.stringValue,
              let notification = report["notificationSha256"]?.stringValue else {
            throw HubError.data("--skip-done \(path) does not say which send it is the report of (no applicationId, targetSha256 and notificationSha256: an older hubctl's report?). Nothing was sent; send again without --skip-done, or with a report of this hubctl.",
                                code: .reportMismatch)
        }
        var differences: [String] = []
        if app != applicationId {
            differences.append("its application is \(HubError.quoted(app)), this send's \(HubError.quoted(applicationId))")
        }
        if target != targetSha256 {
            let theirs = report["target"]?.stringValue.map(HubError.quoted) ?? "another"
            differences.append("its target differs (\(theirs); this send's \(HubError.quoted(label)))")
        }
        if notification != notificationSha256 {
            differences.append("its notification differs (SHA-256 \(notification.prefix(12))…; this send's \(notificationSha256.prefix(12))…)")
        }
        guard differences.isEmpty else {
            throw HubError.data("--skip-done \(path) is the report of another send: \(differences.joined(separator: "; ")). Nothing was sent; give the report of this very send (the same application, target and notification).",
                                code: .reportMismatch)
        }
    }
}
