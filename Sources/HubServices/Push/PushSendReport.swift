// What a `push send` came to: the answers of its requests added up, what the send was for (so that
// `--skip-done` takes only a report of the same send), and the report as the document the command
// prints. The command (HubCLI/Commands/Push/PushSend.swift) plans and sends; this adds up.

import Foundation
import HubCore

/// The answers of a send's requests, added up.
public struct PushSendReport: Sendable {
    public var target = ""
    public var requests = 0
    public var accepted = 0
    public var correlationIds: [String] = []
    public var usersAsked: Int?
    public var usersWithoutRegistration: [String] = []
    public var requestsWithoutRegistrations = 0
    public var results: [PushResultEntry] = []
    /// The failure that stopped a send after some requests went out, and the users not sent to.
    public var stopped: HubError?
    public var usersNotSent: [String] = []
    /// The users of a request whose answer was lost after it may have reached the service.
    public var usersUnknown: [String] = []
    /// What the service said of the requests it sent nothing for (its 404's `status.message`).
    public var serviceMessages: [String] = []
    /// What the send is for; in the report, so that `--skip-done` takes only a report of this send.
    public var identity: PushSendIdentity?

    public init() {}

    public mutating func add(_ answer: PushSendAnswer, users: [String]) {
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

    public func count(_ outcome: PushCompletion.Outcome) -> Int { results.filter { $0.completion.outcome == outcome }.count }

    /// Some device failed, or some user or target got nothing.
    public var incomplete: Bool { count(.failed) > 0 || !usersWithoutRegistration.isEmpty || requestsWithoutRegistrations > 0 || stopped != nil }

    /// Every request went out and none sent anything, for want of a registration (SAP's 404 "no
    /// registrations", or results naming only users without one): nothing happened, which is not
    /// "some of it failed" (exit 3) but the send's failure (`no_registrations`, 66).
    public var nothingRegistered: Bool {
        stopped == nil && requests > 0 && accepted == 0 && results.isEmpty
            && (requestsWithoutRegistrations > 0 || !usersWithoutRegistration.isEmpty)
    }

    public var output: PushSendOutput {
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
public struct PushSendIdentity: Equatable, Sendable {
    public var applicationId: String
    public var targetSha256: String
    public var notificationSha256: String

    /// The send to `scope` (the target kind and its names) of `notification` (what is sent) for an application.
    public init(applicationId: String, scope: JSONValue, notification: JSONValue) throws {
        self.applicationId = applicationId
        targetSha256 = try Self.digest(scope)
        notificationSha256 = try Self.digest(notification)
    }

    static func digest(_ value: JSONValue) throws -> String {
        let bytes = try value.written(pretty: false)
        return try bytes.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
    }

    /// Refuses (65, `report_mismatch`) a report of another send, naming each part that differs, or
    /// one that does not say what it was for (an older hubctl's): its users would be skipped
    /// without ever having been sent this notification.
    public func check(report: JSONValue, label: String, path: String) throws {
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

/// `push send`: what the requests came to, one result per device registration.
public struct PushSendOutput: JSONDocument, Sendable {
    public var target: String
    public var requests: Int
    /// Requests taken for asynchronous delivery (`--all`), with their correlation ids.
    public var accepted: Int
    public var correlationIds: [String]
    public var sent: Int
    public var queued: Int
    public var failed: Int
    /// How many users were asked (users, topics or a capability narrowed to users, bulk); null otherwise.
    public var usersAsked: Int?
    public var usersWithoutRegistration: [String]
    /// Requests answered "no registrations" (nothing was sent by them).
    public var requestsWithoutRegistrations: Int
    public var results: [PushResultEntry]
    /// Users of the request that failed and of those never sent (`--skip-done` sends to them).
    public var usersNotSent: [String] = []
    /// Users of a request that may have reached the service before its answer was lost: neither
    /// sent nor not sent (`--skip-done` does not send to them again).
    public var usersUnknown: [String] = []
    /// What stopped the send after some requests went out; null when every request went out.
    public var stopped: HubError?
    /// The service's messages for the requests it sent nothing for (HTTP 404).
    public var serviceMessages: [String] = []
    /// What the send was for (`applicationId`, `targetSha256`, `notificationSha256`), which
    /// `--skip-done` checks.
    public var identity: PushSendIdentity?

    public var json: JSONValue {
        .object([
            "applicationId": JSONValue(identity?.applicationId),
            "targetSha256": JSONValue(identity?.targetSha256),
            "notificationSha256": JSONValue(identity?.notificationSha256),
            "usersNotSent": .array(usersNotSent.map(JSONValue.string)),
            "usersUnknown": .array(usersUnknown.map(JSONValue.string)),
            "serviceMessages": .array(serviceMessages.map(JSONValue.string)),
            "error": stopped.map { e in .object(["code": .string(e.code.rawValue), "message": .string(e.message), "exitCode": .int(Int64(e.exitCode))]) } ?? .null,
            "target": .string(target), "requests": .int(Int64(requests)), "accepted": .int(Int64(accepted)),
            "correlationIds": .array(correlationIds.map(JSONValue.string)),
            "sent": .int(Int64(sent)), "queued": .int(Int64(queued)), "failed": .int(Int64(failed)),
            "usersAsked": usersAsked.map { .int(Int64($0)) } ?? .null,
            "usersWithoutRegistration": .array(usersWithoutRegistration.map(JSONValue.string)),
            "requestsWithoutRegistrations": .int(Int64(requestsWithoutRegistrations)),
            "results": .array(results.map { r in
                .object([
                    "registrationId": JSONValue(r.registrationId), "notificationId": JSONValue(r.notificationId),
                    "code": .int(Int64(r.completion.code)), "outcome": .string(r.completion.outcome.rawValue),
                    "reason": .string(r.completion.reason), "message": JSONValue(r.message),
                ])
            }),
        ])
    }
}
