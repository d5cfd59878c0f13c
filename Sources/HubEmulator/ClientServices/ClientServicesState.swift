// What the emulator's client services (push, client logs, usage, user information, policies;
// docs/protocol.md §15) know and have received: the per-application switches a test sets through
// the control API, and a record of every push registration, log upload and usage report.

import Foundation
import Synchronization

/// Which server the emulator plays for the client services: Mobile Services answers
/// `/mobileservices/…` (and `/mobileservices/management/versions`), SMP 3 answers `/clientlogs`.
public enum EmulatedPlatform: String, Sendable {
    case mobileServices = "mobile-services"
    case smp3
}

/// The administrator's switches of one application.
struct ServiceSwitches: Sendable {
    var pushConfigured = true
    /// Whether client log upload is on: the logs API answers 403 when off, and the settings
    /// exchange's `logSettings.logEnabled` says so.
    var logUploadEnabled = true
    /// Whether client usage upload is on: the usage API answers 403 when off (SAP's usage tutorial).
    var usageEnabled = true
    var accessControl = true
    var roles: [String] = ["Everyone"]
    /// `/v2/Me`'s `detail.Groups` (SAP's example: "SAPMS_Admin", …).
    var groups: [String] = []
    /// `/v2/Me`'s `name` and `emails`; made from the user name when not set.
    var givenName: String?
    var familyName: String?
    var email: String?
    /// Sender id (Android), VAPID key (w3cpushapi), … by `os`; a default is made up when absent.
    var pushIds: [String: String] = [:]
    /// Members of the settings-exchange document replaced by the test (`passwordPolicy`, …).
    var policies: [(String, ODataValue)] = []
}

/// One device's push registration on Mobile Services.
struct PushRegistrationRecord: Sendable {
    var appId: String
    var os: String
    var deviceId: String
    var user: String?
    var body: ODataValue
    /// How many times it was written: 1 after the create, +1 for each update.
    var writes: Int
    /// The registration id of the Notification Backend API (`target` of a push result, `id` of a
    /// registration): a UUID made with the record, kept by updates (`writePush` keeps the stored one).
    var id: String = UUID().uuidString
}

/// One log upload as received: sizes and the first and last lines, never the whole body.
struct ReceivedLog: Sendable {
    var appId: String
    var platform: EmulatedPlatform
    var deviceId: String?
    var contentType: String?
    var bytes: Int
    var lines: Int
    var firstLine: String
    var lastLine: String
    var accepted: Bool
}

struct ReceivedUsage: Sendable {
    var appId: String
    var deviceId: String?
    var report: ODataValue
    /// False when the report was refused (400 without SAP's required members, 403 usage off).
    var accepted: Bool
}

public final class ClientServicesState: Sendable {
    struct Store: Sendable {
        var platform: EmulatedPlatform = .mobileServices
        var switches: [String: ServiceSwitches] = [:]
        var push: [PushRegistrationRecord] = []
        var logs: [ReceivedLog] = []
        var usage: [ReceivedUsage] = []
    }

    private let store = Mutex(Store())
    /// A cap on each record, so a long-running demo does not grow without bound.
    static let recordLimit = 1_000
    /// Push registrations are the Notification Backend API's targets: a fleet's worth is kept
    /// (bench/push.sh sends to 10,000 users, each with a device).
    static let pushRecordLimit = 20_000

    public init() {}

    var platform: EmulatedPlatform {
        get { store.withLock { $0.platform } }
        set { store.withLock { $0.platform = newValue } }
    }

    func switches(_ appId: String) -> ServiceSwitches {
        store.withLock { $0.switches[appId] ?? ServiceSwitches() }
    }

    func updateSwitches(_ appId: String, _ change: (inout ServiceSwitches) -> Void) -> ServiceSwitches {
        store.withLock { store in
            var s = store.switches[appId] ?? ServiceSwitches()
            change(&s)
            store.switches[appId] = s
            return s
        }
    }

    // MARK: Push

    enum PushOutcome { case created, updated, exists, missing, deleted }

    func writePush(_ record: PushRegistrationRecord, create: Bool) -> PushOutcome {
        store.withLock { store in
            let index = store.push.firstIndex { $0.appId == record.appId && $0.os == record.os && $0.deviceId == record.deviceId }
            switch (create, index) {
            case (true, .some): return .exists
            case (false, .none): return .missing
            case (true, .none):
                if store.push.count >= Self.pushRecordLimit { store.push.removeFirst() }
                store.push.append(record)
                return .created
            case (false, .some(let i)):
                store.push[i].body = record.body
                store.push[i].user = record.user
                store.push[i].writes += 1
                return .updated
            }
        }
    }

    /// Every push registration as stored, for the Notification Backend API's target resolution.
    var pushRegistrations: [PushRegistrationRecord] { store.withLock { $0.push } }

    func deletePush(appId: String, os: String, deviceId: String) -> PushOutcome {
        store.withLock { store in
            guard let i = store.push.firstIndex(where: { $0.appId == appId && $0.os == os && $0.deviceId == deviceId }) else { return .missing }
            store.push.remove(at: i)
            return .deleted
        }
    }

    // MARK: Logs and usage

    func record(_ log: ReceivedLog) {
        store.withLock { store in
            if store.logs.count >= Self.recordLimit { store.logs.removeFirst() }
            store.logs.append(log)
        }
    }

    func record(_ usage: ReceivedUsage) {
        store.withLock { store in
            if store.usage.count >= Self.recordLimit { store.usage.removeFirst() }
            store.usage.append(usage)
        }
    }

    func clearReceived() {
        store.withLock { store in
            store.push.removeAll()
            store.logs.removeAll()
            store.usage.removeAll()
        }
    }

    /// The record as the control API shows it (`GET /_emulator/received`).
    var receivedDocument: ODataValue {
        store.withLock { store in
            let push = store.push.map { r -> ODataValue in
                .object([("appId", .string(r.appId)), ("os", .string(r.os)), ("deviceId", .string(r.deviceId)),
                         ("user", r.user.map(ODataValue.string) ?? .null), ("writes", .int(r.writes)), ("body", r.body)])
            }
            let logs = store.logs.map { l -> ODataValue in
                .object([("appId", .string(l.appId)), ("platform", .string(l.platform.rawValue)),
                         ("deviceId", l.deviceId.map(ODataValue.string) ?? .null),
                         ("contentType", l.contentType.map(ODataValue.string) ?? .null),
                         ("bytes", .int(l.bytes)), ("lines", .int(l.lines)),
                         ("firstLine", .string(l.firstLine)), ("lastLine", .string(l.lastLine)), ("accepted", .bool(l.accepted))])
            }
            let usage = store.usage.map { u -> ODataValue in
                .object([("appId", .string(u.appId)), ("deviceId", u.deviceId.map(ODataValue.string) ?? .null), ("report", u.report),
                         ("accepted", .bool(u.accepted))])
            }
            return .object([("platform", .string(store.platform.rawValue)), ("push", .array(push)),
                            ("logs", .array(logs)), ("usage", .array(usage))])
        }
    }
}
