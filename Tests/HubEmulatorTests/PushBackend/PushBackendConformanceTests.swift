// The emulator's Notification Backend API against SAP's shapes (Tests/Fixtures/sap/push): each
// answer SAP's Java integration library records is produced and compared member by member, each
// request it sends is accepted and reaches the right devices, and the emulator's own rules
// (completion codes, locales, bulk texts, topics, registrations, localizations, applications) hold.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

// MARK: Fixtures and the shape rule

/// A file of Tests/Fixtures/sap/push, as text.
func sapPushFixtureText(_ name: String) throws -> String {
    let url = fixtureURL("sap/push/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

/// A file of Tests/Fixtures/sap/push, parsed (booleans, integers, doubles and null kept apart).
func sapPushFixture(_ name: String) throws -> ODataValue {
    try ODataValue.parseJSON(Data(try sapPushFixtureText(name).utf8))
}

/// How `actual` departs from the shape of `fixture`; empty when it has that shape. The rule:
/// - an object must have exactly the fixture's member names (no member added, none dropped), each
///   member with the shape of the fixture's;
/// - an array must be an array, each element with the shape of the fixture's first element (any
///   elements when the fixture's array is empty);
/// - a scalar must have the fixture's JSON type (string, boolean, or number: integers and doubles
///   alike), and a fixture `null` stands for "null or any scalar" (SAP's recorded value was null
///   where the emulator may know one), never an object or array;
/// - a non-null fixture scalar is not matched by null.
func shapeDifferences(_ fixture: ODataValue, _ actual: ODataValue, at path: String = "$") -> [String] {
    func kind(_ v: ODataValue) -> String {
        switch v {
        case .null: return "null"
        case .string: return "string"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .date: return "date"
        case .object: return "object"
        case .array: return "array"
        }
    }
    switch (fixture, actual) {
    case (.object(let f), .object(let a)):
        let fNames = Set(f.map(\.0)), aNames = Set(a.map(\.0))
        var out: [String] = []
        if fNames != aNames {
            out.append("\(path): members \(aNames.sorted()) instead of \(fNames.sorted())")
        }
        for (name, value) in f {
            if let other = a.first(where: { $0.0 == name })?.1 { out += shapeDifferences(value, other, at: "\(path).\(name)") }
        }
        return out
    case (.array(let f), .array(let a)):
        guard let first = f.first else { return [] }
        return a.enumerated().flatMap { shapeDifferences(first, $0.element, at: "\(path)[\($0.offset)]") }
    case (.null, .object), (.null, .array):
        return ["\(path): \(kind(actual)) where the fixture has null (a scalar)"]
    case (.null, _):
        return []
    default:
        return kind(fixture) == kind(actual) ? [] : ["\(path): \(kind(actual)) instead of \(kind(fixture))"]
    }
}

/// Equality of two JSON values, objects compared without regard to member order (the parser keeps none).
func sameJSON(_ a: ODataValue, _ b: ODataValue) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
        guard x.count == y.count, Set(x.map(\.0)) == Set(y.map(\.0)) else { return false }
        return x.allSatisfy { member in y.contains { $0.0 == member.0 && sameJSON($0.1, member.1) } }
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
    default:
        return a == b
    }
}

/// Whether `actual` has the shape of the fixture `name` (recording each difference as an issue).
func expectShape(_ name: String, _ actual: ODataValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let differences = shapeDifferences(try sapPushFixture(name), actual)
    #expect(differences.isEmpty, "\(name): \(differences)", sourceLocation: sourceLocation)
}

// MARK: Requests

let pushBackendV2 = "/mobileservices/push/v2/backend"
let pushApp = "com.example.demo"
let alice = "alice@example.org", bob = "bob@example.org", carol = "carol@example.org", dave = "dave@example.org"

/// The devices of the tests: alice's iPad (de, topic outages, capability silent, group ops) and
/// phone (en), bob's phone (topic maintenance, group ops), carol's phone (queued, -1) and dave's
/// phone (token rejected, 6).
let pushSeed = """
    {"appId": "com.example.demo", "registrations": [
      {"user": "alice@example.org", "deviceId": "a-ipad", "os": "ios", "pushToken": "tok-a-ipad", "userLocale": "de",
       "topics": ["outages"], "capabilities": ["silent"], "pushGroup": "ops", "deviceModel": "iPad", "formFactor": "tablet"},
      {"user": "alice@example.org", "deviceId": "a-phone", "os": "android", "pushToken": "tok-a-phone", "userLocale": "en",
       "capabilities": [{"name": "silent"}], "formFactor": "phone"},
      {"user": "bob@example.org", "deviceId": "b-phone", "os": "android", "pushToken": "tok-b-phone",
       "topics": ["maintenance"], "pushGroup": "ops"},
      {"user": "carol@example.org", "deviceId": "c-phone", "os": "android", "pushToken": "tok-c", "completionCode": -1},
      {"user": "dave@example.org", "deviceId": "d-phone", "os": "android", "pushToken": "tok-d", "completionCode": 6}
    ]}
    """

/// One parsed answer.
struct PushAnswer {
    var status: HTTPResponse.Status
    var value: ODataValue
    var text: String
    var headers = HTTPFields()
}

extension TestClientProtocol {
    /// A Notification Backend API request with an API key (the default one unless told).
    func pushAPI(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil,
                 key: String = "emulator-push-api-key") async throws -> PushAnswer {
        var h = HTTPFields()
        h[HTTPField.Name("X-API-Key")!] = key
        h[.accept] = "application/json"
        if body != nil { h[.contentType] = "application/json" }
        let uri = path.hasPrefix("/") ? path : pushBackendV2 + "/" + path
        let response = try await execute(uri: uri, method: method, headers: h, body: body.map { ByteBuffer(string: $0) })
        // A 401 is the authentication layer's plain text, not JSON.
        let value = response.text.isEmpty || !(response.headers[.contentType] ?? "").contains("json")
            ? ODataValue.null : try ODataValue.parseJSON(Data(response.text.utf8))
        return PushAnswer(status: response.status, value: value, text: response.text, headers: response.headers)
    }

    /// `POST /oauth/token` with a form and headers; the parsed answer.
    func tokenRequest(_ form: String, headers extra: [String: String] = [:]) async throws -> PushAnswer {
        var h = HTTPFields()
        h[.contentType] = "application/x-www-form-urlencoded"
        for (k, v) in extra { h[HTTPField.Name(k)!] = v }
        let response = try await execute(uri: "/oauth/token", method: .post, headers: h, body: ByteBuffer(string: form))
        return PushAnswer(status: response.status, value: try ODataValue.parseJSON(Data(response.text.utf8)), text: response.text, headers: response.headers)
    }

    func seedPush(_ json: String = pushSeed) async throws {
        let r = try await control(.post, "push/registrations", json)
        guard r.status == .ok else { throw TestFailure("seeding answered \(r.status): \(r.text)") }
    }

    /// The notifications recorded by `GET /_emulator/push/notifications`.
    func sentPush() async throws -> [ODataValue] {
        let r = try await control(.get, "push/notifications")
        guard r.status == .ok, case .array(let list)? = try ODataValue.parseJSON(Data(r.text.utf8))["notifications"] else {
            throw TestFailure("the push record answered \(r.status): \(r.text)")
        }
        return list
    }

    /// Every push registration of the demo application, by device id.
    func pushRegistrationIds() async throws -> [String: String] {
        let r = try await pushAPI(.get, "registrations")
        guard r.status == .ok, case .array(let list)? = r.value["value"] else { throw TestFailure("registrations: \(r.text)") }
        var ids: [String: String] = [:]
        for item in list {
            guard case .string(let device)? = item["device"], case .string(let id)? = item["id"] else { throw TestFailure("registration \(item)") }
            ids[device] = id
        }
        return ids
    }
}

extension ODataValue {
    var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    var arrayValue: [ODataValue] { if case .array(let a) = self { return a }; return [] }
}

/// The devices of a recorded notification: device id → the alert it received.
func deliveredAlerts(_ notification: ODataValue?) -> [String: String] {
    var out: [String: String] = [:]
    for d in notification?["devices"]?.arrayValue ?? [] {
        if let id = d["deviceId"]?.stringValue { out[id] = d["notification"]?["alert"]?.stringValue ?? "" }
    }
    return out
}

/// The users fixture's body with its users replaced.
func usersBody(_ users: [String], alert: String = "Hello World") -> String {
    let list = users.map { "\"\($0)\"" }.joined(separator: ", ")
    return #"{"users": [\#(list)], "notification": {"notification": {"alert": "\#(alert)"}}}"#
}

// MARK: Tests

@Suite struct PushBackendConformanceTests {
    @Test func shapeRuleCatchesAddedDroppedAndRetypedMembers() throws {
        let fixture = try sapPushFixture("response-push-to-user-success.json")
        #expect(shapeDifferences(fixture, fixture).isEmpty)
        let added = try ODataValue.parseJSON(Data(#"{"status": null, "pushResults": [], "extra": 1}"#.utf8))
        #expect(!shapeDifferences(fixture, added).isEmpty)
        let dropped = try ODataValue.parseJSON(Data(#"{"pushResults": []}"#.utf8))
        #expect(!shapeDifferences(fixture, dropped).isEmpty)
        let retyped = try ODataValue.parseJSON(Data(#"{"status": null, "pushResults": [{"target": "t", "notificationId": "n", "code": "0", "message": "m"}]}"#.utf8))
        #expect(!shapeDifferences(fixture, retyped).isEmpty)
        let nulled = try ODataValue.parseJSON(Data(#"{"status": null, "pushResults": [{"target": null, "notificationId": "n", "code": 0, "message": "m"}]}"#.utf8))
        #expect(!shapeDifferences(fixture, nulled).isEmpty)
        let statusObject = try ODataValue.parseJSON(Data(#"{"status": {"code": 0}, "pushResults": []}"#.utf8))
        #expect(!shapeDifferences(fixture, statusObject).isEmpty, "a fixture null is a scalar, never an object")
        #expect(sameJSON(fixture, try ODataValue.parseJSON(Data(#"{"pushResults": [{"message": "success", "code": 0, "notificationId": "5b1e7c2a-93d4-4e8f-a0b6-1c2d3e4f5a6b", "target": "7D0C3E5A-1B44-4F0E-9A51-2C3B6A9E0F11"}], "status": null}"#.utf8))))
        #expect(!sameJSON(fixture, retyped))
    }

    @Test func answersHaveSAPsShapes() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let ids = try await client.pushRegistrationIds()

            // One device.
            let user = try await client.pushAPI(.post, "applications/\(pushApp)/users/\(alice)/devices/a-ipad/notifications",
                                                try sapPushFixtureText("request-push-to-user-alert.json"))
            #expect(user.status == .accepted, "\(user.text)")
            try expectShape("response-push-to-user-success.json", user.value)
            let userResults = user.value["pushResults"]?.arrayValue ?? []
            #expect(userResults.count == 1)
            #expect(userResults.first?["target"]?.stringValue == ids["a-ipad"])
            #expect(userResults.first?["code"] == .int(0))
            #expect(userResults.first?["message"]?.stringValue == "success")

            // Users: one result per device, not per user.
            let users = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users",
                                                 try sapPushFixtureText("request-push-to-users-alert.json"))
            #expect(users.status == .accepted, "\(users.text)")
            try expectShape("response-push-to-users-success.json", users.value)
            let targets = Set((users.value["pushResults"]?.arrayValue ?? []).compactMap { $0["target"]?.stringValue })
            #expect(targets == Set([ids["a-ipad"], ids["a-phone"], ids["b-phone"]].compactMap { $0 }))

            // The application: asynchronous.
            let all = try await client.pushAPI(.post, "applications/\(pushApp)/notifications",
                                               try sapPushFixtureText("request-push-to-application-alert.json"))
            #expect(all.status == .accepted, "\(all.text)")
            try expectShape("response-push-to-application-success.json", all.value)
            #expect(all.value["status"]?["code"] == .int(0))
            #expect(all.value["pushResults"] == .null)
            #expect(UUID(uuidString: all.value["correlationId"]?.stringValue ?? "") != nil)

            // No registration: SAP's recorded answer, exactly, for one device and for users; nothing recorded.
            let before = try await client.sentPush().count
            let noDevice = try await client.pushAPI(.post, "applications/\(pushApp)/users/nobody@example.org/devices/x/notifications",
                                                    try sapPushFixtureText("request-push-to-user-alert.json"))
            #expect(noDevice.status == .notFound)
            try expectShape("response-push-to-user-no-such-registration.json", noDevice.value)
            #expect(sameJSON(noDevice.value, try sapPushFixture("response-push-to-user-no-such-registration.json")))
            let noUsers = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", usersBody(["nobody@example.org", "nemo@example.org"]))
            #expect(noUsers.status == .notFound)
            try expectShape("response-push-to-users-no-such-registration.json", noUsers.value)
            #expect(sameJSON(noUsers.value, try sapPushFixture("response-push-to-users-no-such-registration.json")))
            #expect(try await client.sentPush().count == before)

            // The users list's size: a bare array, SAP's exactly.
            let tooMany = (0...1_000).map { "u\($0)" }
            for body in [usersBody([]), usersBody(tooMany), #"{"notification": {"notification": {"alert": "x"}}}"#] {
                let invalid = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", body)
                #expect(invalid.status == .badRequest)
                try expectShape("response-push-to-users-invalid-user-list-size.json", invalid.value)
                #expect(sameJSON(invalid.value, try sapPushFixture("response-push-to-users-invalid-user-list-size.json")))
            }

            // The status of the device's notification (v1, the library's address).
            let notificationId = try #require(userResults.first?["notificationId"]?.stringValue)
            let status = try await client.pushAPI(.get, "/mobileservices/push/v1/backend/notifications/\(notificationId)/status")
            #expect(status.status == .ok, "\(status.text)")
            try expectShape("response-get-notification-status.json", status.value)
            let details = status.value["statusDetails"]
            #expect(details?["notificationId"]?.stringValue == notificationId)
            #expect(details?["applicationId"]?.stringValue == pushApp)
            #expect(details?["notificationType"]?.stringValue == "ios")
            #expect(details?["status"]?.stringValue == "SENT")
            #expect(details?["caller"]?.stringValue == "emulator")
            #expect(status.value["status"]?["code"] == .int(0))

            // Registrations of one user.
            let registrations = try await client.pushAPI(.get, "registrations?username=\(bob)")
            #expect(registrations.status == .ok)
            try expectShape("response-get-registrations-with-single-registration.json", registrations.value)
            let only = registrations.value["value"]?.arrayValue ?? []
            #expect(only.count == 1)
            #expect(only.first?["device"]?.stringValue == "b-phone")
            #expect(only.first?["pushProvider"]?.stringValue == "android")
            #expect(only.first?["userLocale"] == .null)

            // Localizations of two users.
            let locales = try await client.pushAPI(.get, "localizations?usernames=\(alice)&usernames=\(bob)")
            #expect(locales.status == .ok)
            try expectShape("response-get-localizations.json", locales.value)
            #expect(locales.value == .array([.string("de"), .string("en")]))
        }
    }

    @Test func sapsRequestsReachTheRightDevices() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let cases: [(path: String, fixture: String, type: String, alerts: [String: String])] = [
                ("applications/\(pushApp)/notifications", "request-push-to-application-alert.json", "APPLICATION",
                 ["a-ipad": "Hello World", "a-phone": "Hello World", "b-phone": "Hello World", "c-phone": "Hello World"]),
                ("applications/\(pushApp)/users/\(alice)/devices/a-phone/notifications", "request-push-to-user-alert.json", "DEVICE",
                 ["a-phone": "Hello World"]),
                ("applications/\(pushApp)/notifications/users", "request-push-to-users-alert.json", "USER",
                 ["a-ipad": "Hello World", "a-phone": "Hello World", "b-phone": "Hello World"]),
                // Topics limited to alice: bob's maintenance device is left out; alice's iPad (de) gets German.
                ("applications/\(pushApp)/topics/notifications", "request-push-to-topics.json", "TOPIC",
                 ["a-ipad": "Geplante Wartung"]),
                ("capabilities/silent/notifications", "request-push-to-capability.json", "CAPABILITY",
                 ["a-ipad": "Silent refresh", "a-phone": "Silent refresh"]),
                ("applications/\(pushApp)/notifications/bulk", "request-bulk-push.json", "BULK",
                 ["a-ipad": "Alice, your iPad needs iOS 18.2", "a-phone": "Alice, your iPad needs iOS 18.2",
                  "b-phone": "Bob, your phone needs Android 15"]),
            ]
            for c in cases {
                #expect(try await client.control(.delete, "push/notifications").status == .noContent)
                let r = try await client.pushAPI(.post, c.path, try sapPushFixtureText(c.fixture))
                #expect(r.status == .accepted, "\(c.fixture): \(r.text)")
                let sent = try await client.sentPush()
                #expect(sent.count == 1, "\(c.fixture)")
                let record = sent.first
                #expect(record?["notificationType"]?.stringValue == c.type, "\(c.fixture)")
                #expect(record?["appId"]?.stringValue == pushApp)
                #expect(deliveredAlerts(record) == c.alerts, "\(c.fixture)")
                // The record's notificationId is its first device's; each device has its own.
                let devices = record?["devices"]?.arrayValue ?? []
                #expect(record?["notificationId"] == devices.first?["notificationId"], "\(c.fixture)")
                #expect(Set(devices.compactMap { $0["notificationId"]?.stringValue }).count == devices.count)
                #expect(devices.allSatisfy { $0["registrationId"]?.stringValue != nil && $0["code"] != nil && $0["pushToken"]?.stringValue != nil })
                if c.type != "APPLICATION" {
                    let resultIds = Set((r.value["pushResults"]?.arrayValue ?? []).compactMap { $0["notificationId"]?.stringValue })
                    #expect(resultIds == Set(devices.compactMap { $0["notificationId"]?.stringValue }), "\(c.fixture)")
                }
            }
            // The record keeps the default (root) payload, not the nested wrapper.
            let bulk = try await client.sentPush().first
            #expect(bulk?["notification"] == .object([("alert", .string("Your device needs an update"))]))

            // The old flat users body has no nested notification: refused.
            let flat = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users",
                                                #"{"users": ["alice@example.org"], "notification": {"alert": "x"}}"#)
            #expect(flat.status == .badRequest)
            let fields = flat.value.arrayValue.compactMap { $0["field"]?.stringValue }
            #expect(fields.contains("notification.notification"), "\(flat.text)")
            #expect(flat.value["status"] == nil, "a bare array, not a status object")
        }
    }

    @Test func completionCodesQueueOrFail() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let ids = try await client.pushRegistrationIds()
            let r = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", usersBody([carol, dave, bob]))
            #expect(r.status == .accepted, "\(r.text)")
            let results = r.value["pushResults"]?.arrayValue ?? []
            // Each result against the fixture's of its kind: sent (first), failed with no notificationId (fourth).
            let fixtureResults = try sapPushFixture("response-push-to-users-completion-codes.json")["pushResults"]?.arrayValue ?? []
            try #require(fixtureResults.count == 6)
            for result in results {
                let model = result["notificationId"] == .null ? fixtureResults[3] : fixtureResults[0]
                #expect(shapeDifferences(model, result).isEmpty, "\(result)")
            }
            #expect(results.count == 3)
            let queued = results.first { $0["target"]?.stringValue == ids["c-phone"] }
            #expect(queued?["code"] == .int(-1))
            #expect(queued?["message"]?.stringValue == "queued")
            let queuedId = try #require(queued?["notificationId"]?.stringValue)
            let failed = results.first { $0["target"]?.stringValue == ids["d-phone"] }
            #expect(failed?["code"] == .int(6))
            #expect(failed?["notificationId"] == .null)
            #expect(failed?["message"]?.stringValue?.contains("token") == true)
            #expect(results.first { $0["target"]?.stringValue == ids["b-phone"] }?["code"] == .int(0))

            let record = try #require(try await client.sentPush().first)
            #expect(Set(deliveredAlerts(record).keys) == ["c-phone", "b-phone"], "the failed device is not delivered")
            #expect((record["devices"]?.arrayValue ?? []).first { $0["deviceId"]?.stringValue == "c-phone" }?["code"] == .int(-1))

            let status = try await client.pushAPI(.get, "/mobileservices/push/v1/backend/notifications/\(queuedId)/status")
            #expect(status.value["statusDetails"]?["status"]?.stringValue == "QUEUED")
            #expect(status.value["statusDetails"]?["notificationType"]?.stringValue == "android")

            // Only failing devices: the results, nothing recorded.
            #expect(try await client.control(.delete, "push/notifications").status == .noContent)
            let onlyFailed = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", usersBody([dave]))
            #expect(onlyFailed.status == .accepted)
            #expect(onlyFailed.value["pushResults"]?.arrayValue.first?["code"] == .int(6))
            #expect(try await client.sentPush().isEmpty)
        }
    }

    @Test func eachDeviceGetsItsLocaleAndValidationCoversEveryVariant() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let body = #"{"notification": {"alert": "Hello"}, "notifications": {"de": {"alert": "Hallo"}, "en": {"alert": "Hi"}}}"#
            let r = try await client.pushAPI(.post, "applications/\(pushApp)/groups/ops/notifications", body)
            #expect(r.status == .accepted, "\(r.text)")
            #expect(deliveredAlerts(try await client.sentPush().first) == ["a-ipad": "Hallo", "b-phone": "Hello"])

            let all = try await client.pushAPI(.post, "applications/\(pushApp)/notifications", body)
            #expect(all.status == .accepted)
            #expect(deliveredAlerts(try await client.sentPush().last) ==
                    ["a-ipad": "Hallo", "a-phone": "Hi", "b-phone": "Hello", "c-phone": "Hello"])

            let bad = try await client.pushAPI(.post, "applications/\(pushApp)/groups/ops/notifications",
                                               #"{"notification": {"alert": "x"}, "notifications": {"de": {"badge": -1}}}"#)
            #expect(bad.status == .badRequest)
            #expect(bad.value.arrayValue.compactMap { $0["field"]?.stringValue } == ["notifications.de.badge"], "\(bad.text)")
            let badBulk = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/bulk",
                                                   #"{"notification": {"notification": {}}, "userNotifications": [{"user": "x", "notification": {"notification": {"sound": 1}}}]}"#)
            #expect(badBulk.status == .badRequest)
            #expect(badBulk.value.arrayValue.first?["field"]?.stringValue == "userNotifications[0].notification.notification.sound", "\(badBulk.text)")
            let emptyBulk = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/bulk",
                                                     #"{"notification": {"notification": {}}, "userNotifications": []}"#)
            #expect(emptyBulk.status == .badRequest)
            #expect(sameJSON(emptyBulk.value, .array([.object([("field", .string("bulkPushPayload.userNotifications")),
                                                                ("message", .string("size must be between 1 and 1000"))])])))
            let noTopics = try await client.pushAPI(.post, "applications/\(pushApp)/topics/notifications",
                                                    #"{"topics": [], "notification": {"notification": {"alert": "x"}}}"#)
            #expect(noTopics.status == .badRequest)
            #expect(noTopics.value.arrayValue.first?["field"] != nil)
        }
    }

    @Test func bulkGivesEachUserTheirTextAndTheRootToTheOthers() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let body = #"""
                {"notification": {"notification": {"alert": "Everyone"}, "notifications": {"de": {"alert": "Alle"}}},
                 "userNotifications": [{"user": "bob@example.org", "notification": {"notification": {"alert": "Bob only"}}},
                                       {"user": "alice@example.org"}, {"user": "nobody@example.org"}]}
                """#
            let r = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/bulk", body)
            #expect(r.status == .accepted, "\(r.text)")
            #expect(r.value["pushResults"]?.arrayValue.count == 3, "one per device; nobody has none")
            let record = try await client.sentPush().first
            #expect(record?["notificationType"]?.stringValue == "BULK")
            #expect(deliveredAlerts(record) == ["b-phone": "Bob only", "a-ipad": "Alle", "a-phone": "Everyone"])
        }
    }

    @Test func topicsAndCapabilitiesSelectRegistrations() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let both = try await client.pushAPI(.post, "applications/\(pushApp)/topics/notifications",
                                                #"{"topics": ["outages", "maintenance"], "notification": {"notification": {"alert": "t"}}}"#)
            #expect(both.status == .accepted)
            #expect(Set(deliveredAlerts(try await client.sentPush().last).keys) == ["a-ipad", "b-phone"])
            let onlyBob = try await client.pushAPI(.post, "applications/\(pushApp)/topics/notifications",
                                                   #"{"topics": ["outages"], "users": ["bob@example.org"], "notification": {"notification": {"alert": "t"}}}"#)
            #expect(onlyBob.status == .notFound, "bob has no device on outages")

            let tablets = try await client.pushAPI(.post, "capabilities/silent/notifications",
                                                   #"{"users": [{"user": "alice@example.org", "badge": 3, "formFactor": ["tablet"]}], "notification": {"notification": {"alert": "c"}}}"#)
            #expect(tablets.status == .accepted, "\(tablets.text)")
            let devices = try await client.sentPush().last?["devices"]?.arrayValue ?? []
            #expect(devices.map { $0["deviceId"]?.stringValue } == ["a-ipad"])
            #expect(devices.first?["notification"]?["badge"] == .int(3))
            let everyone = try await client.pushAPI(.post, "capabilities/silent/notifications", #"{"notification": {"notification": {"alert": "c"}}}"#)
            #expect(everyone.status == .accepted)
            #expect(Set(deliveredAlerts(try await client.sentPush().last).keys) == ["a-ipad", "a-phone"])
            let none = try await client.pushAPI(.post, "capabilities/nothing/notifications", #"{"notification": {"notification": {}}}"#)
            #expect(none.status == .notFound)
        }
    }

    @Test func registrationsByIdAreStableAndUnknownOnesAre404() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let ids = try await client.pushRegistrationIds()
            let id = try #require(ids["a-ipad"])
            #expect(Set(ids.values).count == ids.count, "unique")
            let one = try await client.pushAPI(.get, "registrations/\(id)")
            #expect(one.status == .ok)
            let fixture = try sapPushFixture("response-get-registrations-with-single-registration.json")
            let element = try #require(fixture["value"]?.arrayValue.first)
            #expect(shapeDifferences(element, one.value).isEmpty, "\(one.text)")
            #expect(one.value["deviceModel"]?.stringValue == "iPad")
            #expect(one.value["formFactor"]?.stringValue == "tablet")
            #expect(one.value["userLocale"]?.stringValue == "de")
            #expect(one.value["pushGroup"]?.stringValue == "ops")
            #expect(one.value["pushProvider"]?.stringValue == "ios")
            #expect(one.value["username"]?.stringValue == alice)

            // Re-seeding updates the registration and keeps its id.
            try await client.seedPush()
            #expect(try await client.pushRegistrationIds() == ids)
            let group = try await client.pushAPI(.get, "registrations?pushGroup=ops")
            #expect(Set((group.value["value"]?.arrayValue ?? []).compactMap { $0["device"]?.stringValue }) == ["a-ipad", "b-phone"])

            let missing = try await client.pushAPI(.get, "registrations/00000000-0000-4000-8000-000000000000")
            #expect(missing.status == .notFound)
            #expect(missing.value["status"]?["message"]?.stringValue != nil)
            // The old per-application address and the v2 status are gone.
            #expect(try await client.pushAPI(.get, "applications/\(pushApp)/registrations").status == .notFound)
            #expect(try await client.pushAPI(.get, "notifications/1/status").status == .notFound)
            let unknown = try await client.pushAPI(.get, "/mobileservices/push/v1/backend/notifications/nope/status")
            #expect(unknown.status == .notFound)
            #expect(unknown.value["status"]?["code"] == .int(404))
            // Without user names, every registered locale (SAP: "If userIds is null, all registered locales are returned").
            #expect(try await client.pushAPI(.get, "localizations").value == .array([.string("de"), .string("en")]))
            #expect(try await client.pushAPI(.get, "localizations?usernames").value == .array([.string("de"), .string("en")]))
            // One user's locales; a user without one, none.
            #expect(try await client.pushAPI(.get, "localizations?usernames=\(alice)").value == .array([.string("de"), .string("en")]))
            #expect(try await client.pushAPI(.get, "localizations?usernames=\(bob)").value == .array([]))
        }
    }

    @Test func credentialsBelongToOneApplication() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            let put = try await client.control(.put, "push/credentials", """
                {"apiKeys": [{"key": "emulator-push-api-key", "alias": "emulator"},
                             {"key": "other-key", "alias": "other", "appId": "com.example.other"},
                             {"key": "single-key", "alias": "single", "roles": ["push_single"]}]}
                """)
            #expect(put.status == .noContent)
            let foreign = try await client.pushAPI(.post, "applications/\(pushApp)/notifications", #"{"notification": {"alert": "x"}}"#, key: "other-key")
            #expect(foreign.status == .notFound)
            #expect(foreign.value["status"]?["message"]?.stringValue?.contains(pushApp) == true, "\(foreign.text)")
            let own = try await client.pushAPI(.post, "applications/com.example.other/notifications", #"{"notification": {"alert": "x"}}"#, key: "other-key")
            #expect(own.status == .accepted, "the application answer even without registrations")
            let record = try await client.sentPush().last
            #expect(record?["appId"]?.stringValue == "com.example.other")
            #expect(record?["devices"]?.arrayValue.isEmpty == true)
            #expect(record?["notificationId"]?.stringValue != nil)
            // The default key cannot send to the other application; the other key's registrations are its own.
            #expect(try await client.pushAPI(.post, "applications/com.example.other/notifications", #"{"notification": {}}"#).status == .notFound)
            #expect(try await client.pushAPI(.get, "registrations", key: "other-key").value == .object([("value", .array([]))]))
            #expect(try await client.pushAPI(.post, "capabilities/silent/notifications", #"{"notification": {"notification": {}}}"#, key: "other-key").status == .notFound)

            // Roles: one user is push_single, two are push_multiple.
            #expect(try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", usersBody([alice]), key: "single-key").status == .accepted)
            #expect(try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", usersBody([alice, bob]), key: "single-key").status == .forbidden)
            #expect(try await client.pushAPI(.get, "registrations", key: "single-key").status == .forbidden)
            #expect(try await client.pushAPI(.get, "registrations", key: "wrong").status == .unauthorized)

            let unknownApp = try await client.control(.put, "push/credentials", #"{"apiKeys": [{"key": "k", "appId": "com.example.none"}]}"#)
            #expect(unknownApp.status == .badRequest)
        }
    }

    // MARK: What SAP's own client expects (issue 38, found by driving SAP's Java client)

    @Test func unauthorizedAndForbiddenAreAnswersSAPsClientCanRead() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            // 401: as an authentication layer answers (no push status object), so SAP's error handler
            // fails to read it as a push response and throws ClientUnauthorizedException.
            let wrong = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", usersBody([alice]), key: "wrong")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.contentType]?.hasPrefix("text/plain") == true, "\(wrong.headers)")
            #expect(wrong.headers[.wwwAuthenticate] != nil)
            #expect((try? ODataValue.parseJSON(Data(wrong.text.utf8))) == nil, "not JSON: \(wrong.text)")
            // 403: `parameters` is SAP's Map<String,String>: null, never a list.
            _ = try await client.control(.put, "push/credentials", #"{"apiKeys": [{"key": "single-key", "alias": "single", "roles": ["push_single"]}]}"#)
            let forbidden = try await client.pushAPI(.post, "applications/\(pushApp)/notifications", #"{"notification": {"alert": "x"}}"#, key: "single-key")
            #expect(forbidden.status == .forbidden)
            #expect(forbidden.value["status"]?["parameters"] == .null, "\(forbidden.text)")
            #expect(forbidden.value["status"]?["message"]?.stringValue?.contains("push_all") == true)
            guard case .object(let members)? = forbidden.value["status"] else { Issue.record("no status object: \(forbidden.text)"); return }
            #expect(Set(members.map(\.0)) == ["code", "message", "parameters"])
        }
    }

    @Test func aBulkUserWithAnEmptyWrapperGetsTheRootText() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            // SAP's bulkPush(PushPayload, [UserNotification]) wraps a null notification as {}.
            let body = """
                {"notification": {"notification": {"alert": "root"}},
                 "userNotifications": [{"user": "\(alice)", "notification": {"notification": {"alert": "own"}}},
                                       {"user": "\(bob)", "notification": {}},
                                       {"user": "\(carol)", "notification": {"notification": null, "notifications": null}}]}
                """
            let r = try await client.pushAPI(.post, "applications/\(pushApp)/notifications/bulk", body)
            #expect(r.status == .accepted, "\(r.text)")
            let devices = try await client.sentPush().last?["devices"]?.arrayValue ?? []
            let alerts = Dictionary(devices.map { ($0["deviceId"]?.stringValue ?? "", $0["notification"]?["alert"]?.stringValue ?? "") }, uniquingKeysWith: { a, _ in a })
            #expect(alerts == ["a-ipad": "own", "a-phone": "own", "b-phone": "root", "c-phone": "root"], "\(alerts)")
        }
    }

    @Test func theAPIIsServedUnderAServiceKeysPath() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            // SAP's own settings file has `"url": "https://service.key.url.com/2787d5ea-…"`.
            let r = try await client.pushAPI(.post, "/2787d5ea-17cb-4c71-85ca-a9600d4b97c9\(pushBackendV2)/applications/\(pushApp)/notifications/users", usersBody([bob]))
            #expect(r.status == .accepted, "\(r.text)")
            try expectShape("response-push-to-users-success.json", r.value)
            let status = try await client.pushAPI(.get, "/a/b\(pushBackendV2)/registrations")
            #expect(status.status == .ok)
        }
    }

    @Test func onlySAPsNotificationMembersAreTaken() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            func send(_ notification: String) async throws -> PushAnswer {
                try await client.pushAPI(.post, "applications/\(pushApp)/notifications/users", #"{"users": ["\#(bob)"], "notification": {"notification": \#(notification)}}"#)
            }
            let ok = try await send(#"{"alert": "a", "data": "{\"k\":\"v\"}", "sendAsSms": false, "apns": {"alertTitle": "t"}, "gcm": {"title": "t"}, "custom": {"k": "v"}}"#)
            #expect(ok.status == .accepted, "\(ok.text)")
            for (body, field) in [(#"{"alert": "a", "data": {"k": "v"}}"#, "notification.notification.data"),
                                  (#"{"alert": "a", "title": "t"}"#, "notification.notification.title"),
                                  (#"{"alert": "a", "apns": "t"}"#, "notification.notification.apns")] {
                let r = try await send(body)
                #expect(r.status == .badRequest, "\(body): \(r.text)")
                #expect(r.value.arrayValue.contains { $0["field"]?.stringValue == field }, "\(body): \(r.text)")
            }
        }
    }

    @Test func aSharedTenantTokenCarriesItsZoneAndAnX509ClientNeedsItsCertificate() async throws {
        try await withEmulator { client, _ in
            try await client.seedPush()
            _ = try await client.control(.put, "push/credentials", """
                {"clients": [{"clientId": "push-client", "clientSecret": "push-client-secret"},
                             {"clientId": "cert-client", "certificateCN": "alice"}]}
                """)
            // SAP's token-client: client_id and client_secret in the form, the zone in X-zid.
            let shared = try await client.tokenRequest("grant_type=client_credentials&client_id=push-client&client_secret=push-client-secret",
                                                       headers: ["X-zid": "subscriber-zone"])
            let token = try #require(shared.value["access_token"]?.stringValue, "\(shared.text)")
            var h = HTTPFields()
            h[.authorization] = "Bearer " + token
            h[.contentType] = "application/json"
            let sent = try await client.execute(uri: pushBackendV2 + "/applications/\(pushApp)/notifications/users", method: .post, headers: h,
                                                body: ByteBuffer(string: usersBody([bob])))
            #expect(sent.status == .accepted, "\(sent.text)")
            #expect(try await client.sentPush().last?["tenant"]?.stringValue == "subscriber-zone")

            // x509: no secret; the certificate the TLS front verified (its CN) proves the client.
            let noCertificate = try await client.tokenRequest("grant_type=client_credentials&client_id=cert-client")
            #expect(noCertificate.status == .unauthorized)
            let otherCN = try await client.tokenRequest("grant_type=client_credentials&client_id=cert-client",
                                                        headers: ["SSL_CLIENT_CERT": "-----BEGIN%20CERTIFICATE-----", "SSL_CLIENT_S_DN": "CN=mallory,O=elsewhere"])
            #expect(otherCN.status == .unauthorized)
            let good = try await client.tokenRequest("grant_type=client_credentials&client_id=cert-client",
                                                     headers: ["SSL_CLIENT_CERT": "-----BEGIN%20CERTIFICATE-----", "SSL_CLIENT_S_DN": "CN=alice,O=hubctl tests"])
            #expect(good.status == .ok, "\(good.text)")
            #expect(good.value["access_token"]?.stringValue != nil)
            // A secret client cannot be had by certificate, nor a certificate client by a guessed empty secret.
            #expect(try await client.tokenRequest("grant_type=client_credentials&client_id=push-client",
                                                  headers: ["SSL_CLIENT_CERT": "x", "SSL_CLIENT_S_DN": "CN=push-client"]).status == .unauthorized)
            #expect(try await client.tokenRequest("grant_type=client_credentials&client_id=cert-client&client_secret=").status == .unauthorized)
        }
    }
}
