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
    /// What the service said of the requests it sent nothing for (its 404's `status.message`).
    var serviceMessages: [String] = []

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

    var output: PushSendOutput {
        PushSendOutput(target: target, requests: requests, accepted: accepted, correlationIds: correlationIds,
                       sent: count(.sent), queued: count(.queued), failed: count(.failed), usersAsked: usersAsked,
                       usersWithoutRegistration: usersWithoutRegistration, requestsWithoutRegistrations: requestsWithoutRegistrations,
                       results: results, usersNotSent: usersNotSent, stopped: stopped, serviceMessages: serviceMessages)
    }
}
