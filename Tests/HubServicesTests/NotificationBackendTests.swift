// The Notification Backend API client (docs/protocol.md §16) against a scripted transport answering
// with the fixtures in the shapes of SAP's recorded answers (Tests/Fixtures/sap/push/README.md):
// what each answer means, the addresses and bodies as SAP's library sends them, and the bulk input.
import Foundation
import Testing
@testable import HubCore
@testable import HubServices
@testable import HubTransport

/// A fixture of Tests/Fixtures/sap/push.
func pushFixture(_ name: String) throws -> String {
    try String(contentsOf: sapFixtureURL("push/\(name)"), encoding: .utf8)
}

let jsonType = [HTTPHeader("Content-Type", "application/json")]

@Suite struct NotificationBackendTests {
    let credentials = PushBackendCredentials(url: "https://ms.example/", auth: .apiKey(alias: "ops", key: "the-api-key"), tenant: "t-1")

    func backend(_ answers: [(HTTPRequest) -> HTTPResponse]) -> (NotificationBackend, FakeTransport) {
        let fake = FakeTransport(answers)
        return (NotificationBackend(credentials: credentials, transport: fake, tokenCache: nil), fake)
    }

    func body(_ request: HTTPRequest) throws -> JSONValue {
        try JSONValue.read(try #require(request.bodyBytes))
    }

    func fixtureValue(_ name: String) throws -> JSONValue { try JSONValue.read(Data(try pushFixture(name).utf8)) }

    // MARK: Answers

    @Test func codeZeroIsSentAndTheTargetIsARegistration() throws {
        let (b, fake) = backend([response(202, try pushFixture("response-push-to-users-success.json"), headers: jsonType)])
        let answer = try b.send(appId: "com.example.demo", target: .users(["alice@example.org", "bob@example.org"]), payload: PushPayload(notification: .object(["alert": .string("Hello World")])))
        #expect(answer.kind == .results)
        #expect(answer.results.count == 2)
        #expect(answer.results.allSatisfy { $0.completion.outcome == .sent && $0.completion.reason == "sent" })
        #expect(answer.results[0].registrationId == "0a6f1c3e-8b2d-4e7f-9c1a-3d5e7f9b1c2d")
        #expect(answer.results[0].notificationId == "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d")
        #expect(answer.usersNamedMissing.isEmpty)
        // The request as SAP's library sends it (request-push-to-users-alert.json's shape).
        let sent = fake.requests[0]
        #expect(sent.url == "https://ms.example/mobileservices/push/v2/backend/applications/com.example.demo/notifications/users")
        #expect(sent.method == "POST")
        #expect(sent.headers.contains(HTTPHeader("X-API-Key", "the-api-key")))
        #expect(sent.headers.contains(HTTPHeader("x-tenant-id", "t-1")))
        #expect(sent.credentials == nil, "the API key goes in X-API-Key, never as Basic")
        #expect(sent.carriesSecrets)
        var expected = try fixtureValue("request-push-to-users-alert.json")
        if case .object(var m) = expected { m["users"] = .array([.string("alice@example.org"), .string("bob@example.org")]); expected = .object(m) }
        #expect(try body(sent) == expected)
    }

    @Test func everyCompletionCodeOfPushResultJavaHasItsOutcome() throws {
        let (b, _) = backend([response(202, try pushFixture("response-push-to-users-completion-codes.json"), headers: jsonType)])
        let answer = try b.send(appId: "a", target: .users(["u"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
        let byCode = Dictionary(uniqueKeysWithValues: answer.results.map { ($0.completion.code, $0.completion) })
        #expect(byCode[0]?.outcome == .sent)
        #expect(byCode[-1]?.outcome == .queued && byCode[-1]?.reason == "queued_provider_unreachable")
        #expect(byCode[11]?.outcome == .queued && byCode[11]?.reason == "queued_after_io_problem")
        #expect(byCode[6]?.outcome == .failed && byCode[6]?.reason == "token_rejected_by_provider")
        #expect(byCode[14]?.outcome == .failed && byCode[14]?.reason == "provider_quota_exceeded")
        #expect(byCode[99]?.outcome == .failed && byCode[99]?.reason == "unknown_code")
        let names = (-1...14).map { PushCompletion(code: $0).reason }
        #expect(Set(names).count == 15, "12 and 13 share a reason; every other code has its own: \(names)")
        #expect(!names.contains("unknown_code"))
    }

    @Test func theApplicationSendIsAcceptedWithItsCorrelationId() throws {
        let (b, fake) = backend([response(202, try pushFixture("response-push-to-application-success.json"), headers: jsonType)])
        let answer = try b.send(appId: "com.example.demo", target: .application, payload: PushPayload(notification: .object(["alert": .string("Hello World")])))
        #expect(answer.kind == .accepted)
        #expect(answer.correlationId == "6e2f0a1b-3c4d-4e5f-8a9b-0c1d2e3f4a5b")
        #expect(answer.results.isEmpty)
        #expect(fake.requests[0].url.hasSuffix("/v2/backend/applications/com.example.demo/notifications"))
        #expect(try body(fake.requests[0]) == (try fixtureValue("request-push-to-application-alert.json")))
    }

    @Test func noSuchRegistrationIsA404WithTheStatusObjectAndNothingSent() throws {
        for name in ["response-push-to-user-no-such-registration.json", "response-push-to-users-no-such-registration.json"] {
            let (b, fake) = backend([response(404, try pushFixture(name), headers: jsonType)])
            let answer = try b.send(appId: "a", target: .device(user: "alice", device: "d1"), payload: PushPayload(notification: .object(["alert": .string("Hello World")])))
            #expect(answer.kind == .noRegistrations)
            #expect(answer.message == "no registrations for given user names found")
            #expect(answer.usersNamedMissing == ["alice"])
            #expect(fake.requests[0].url.hasSuffix("/applications/a/users/alice/devices/d1/notifications"))
            #expect(try body(fake.requests[0]) == (try fixtureValue("request-push-to-user-alert.json")))
        }
        // A 404 without SAP's status object is a wrong address, not "no registrations".
        let (b, _) = backend([response(404, "<html>Not Found</html>", headers: [HTTPHeader("Content-Type", "text/html")])])
        #expect(throws: HubError.self) { try b.send(appId: "a", target: .group("g"), payload: PushPayload(notification: .object(["alert": .string("x")]))) }
    }

    @Test func aValidationErrorIsABareArrayAndExit65() throws {
        let (b, _) = backend([response(400, try pushFixture("response-push-to-users-invalid-user-list-size.json"), headers: jsonType)])
        do {
            _ = try b.send(appId: "a", target: .users(["u"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
            Issue.record("a 400 must throw")
        } catch let e as HubError {
            #expect(e.exitCode == 65)
            #expect(e.code == .invalidData)
            #expect(e.message.contains("pushToUsersPayload.users: size must be between 1 and 1000"), "\(e.message)")
        }
    }

    @Test func usersNamedAsMissingAreToldApartFromRegistrations() throws {
        let (b, _) = backend([response(202, try pushFixture("response-push-to-users-some-missing.json"), headers: jsonType)])
        let answer = try b.send(appId: "a", target: .users(["alice@example.org", "nobody@example.org"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
        #expect(answer.results.count == 1)
        #expect(answer.results[0].completion.outcome == .sent)
        #expect(answer.usersNamedMissing == ["nobody@example.org"])
        // The same answer without the missing user: only what is known.
        let (b2, _) = backend([response(202, try pushFixture("response-push-to-users-success.json"), headers: jsonType)])
        let plain = try b2.send(appId: "a", target: .users(["alice@example.org", "nobody@example.org", "carol@example.org"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
        #expect(plain.results.count == 2)
        #expect(plain.usersNamedMissing.isEmpty)
    }

    @Test func hostileAnswersAreProtocolErrorsNotCrashes() throws {
        let bodies: [(Int, String, String)] = [
            (202, #"{"status": null, "pushResults": [{"target": "r", "code": "zero"}]}"#, "application/json"),
            (202, #"{"status": null, "pushResults": ["r"]}"#, "application/json"),
            (200, "<html><body>Sign in</body></html>", "text/html; charset=utf-8"),
            (200, #"{"status": {"code": 5, "message": "odd"}, "pushResults": null}"#, "application/json"),
            (200, "[]", "application/json"),
        ]
        for (status, text, type) in bodies {
            let (b, _) = backend([response(status, text, headers: [HTTPHeader("Content-Type", type)])])
            do {
                _ = try b.send(appId: "a", target: .users(["u"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
                Issue.record("accepted \(text)")
            } catch let e as HubError {
                #expect(e.exitCode == 65, "\(text): \(e)")
            }
        }
        // 1e300 as a code does not trap: it is clamped, then a failure with an unknown reason.
        let (b, _) = backend([response(202, #"{"pushResults": [{"target": "r", "code": 1e300, "message": "m"}]}"#, headers: jsonType)])
        let clamped = try b.send(appId: "a", target: .users(["u"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
        #expect(clamped.results.first?.completion.outcome == .failed)
    }

    @Test func statusIsReadFromV1AndStatusDetails() throws {
        let (b, fake) = backend([response(200, try pushFixture("response-get-notification-status.json"), headers: jsonType)])
        let s = try b.status(notificationId: "5b1e7c2a-93d4-4e8f-a0b6-1c2d3e4f5a6b")
        #expect(fake.requests[0].url == "https://ms.example/mobileservices/push/v1/backend/notifications/5b1e7c2a-93d4-4e8f-a0b6-1c2d3e4f5a6b/status")
        #expect(fake.requests[0].method == "GET")
        #expect(s.status == "SENT")
        #expect(s.notificationType == "android")
        #expect(s.caller == "ops-backend")
        #expect(s.applicationId == nil)
        let (missing, _) = backend([response(404, #"{"status": {"code": 404, "message": "not found", "parameters": null}}"#, headers: jsonType)])
        #expect(throws: HubError.self) { try missing.status(notificationId: "x") }
    }

    @Test func registrationsHaveNoApplicationInTheirAddress() throws {
        let (b, fake) = backend([response(200, try pushFixture("response-get-registrations-with-single-registration.json"), headers: jsonType)])
        let list = try b.registrations(user: "alice@example.org", group: "a b+c")
        #expect(fake.requests[0].url == "https://ms.example/mobileservices/push/v2/backend/registrations?username=alice@example.org&pushGroup=a%20b%2Bc")
        #expect(list.count == 1)
        #expect(list[0].id == "3F2E1D0C-9B8A-4766-8544-332211009988")
        #expect(list[0].pushProvider == "android")
        #expect(list[0].username == "alice@example.org")
        #expect(list[0].formFactor == nil)
        // One by id: the object itself.
        let single = try fixtureValue("response-get-registrations-with-single-registration.json")["value"]
        guard case .array(let items)? = single else { Issue.record("fixture"); return }
        let one = String(decoding: try JSONOutput.encode(items[0], pretty: false), as: UTF8.self)
        let (b2, fake2) = backend([response(200, one, headers: jsonType), response(404, "", headers: [])])
        #expect(try b2.registration(id: "3F2E1D0C").device == "208517402")
        #expect(fake2.requests[0].url == "https://ms.example/mobileservices/push/v2/backend/registrations/3F2E1D0C")
        do { _ = try b2.registration(id: "gone"); Issue.record("404 must throw") } catch let e as HubError { #expect(e.exitCode == 66) }
    }

    @Test func localizationsSendOneUsernamesParameterPerUser() throws {
        let (b, fake) = backend([response(200, try pushFixture("response-get-localizations.json"), headers: jsonType),
                                 response(200, #"["en", "pt_BR"]"#, headers: jsonType)])
        let users = (1...150).map { "u\($0)" }
        let (locales, requests) = try b.localizations(users: users)
        #expect(requests == 2)
        #expect(locales == ["de", "en", "fr", "pt_BR"])
        #expect(fake.requests[0].url.hasPrefix("https://ms.example/mobileservices/push/v2/backend/localizations?usernames=u1&usernames=u2&"))
        #expect(fake.requests[0].url.components(separatedBy: "usernames=").count - 1 == 100)
    }

    // MARK: Bodies and addresses

    @Test func topicsCapabilitiesAndBulkNestTheLocalizedPayload() throws {
        let (b, fake) = backend(Array(repeating: response(202, try pushFixture("response-push-to-user-success.json"), headers: jsonType), count: 3))
        let topics = try fixtureValue("request-push-to-topics.json")
        let payload = PushPayload(notification: .object(["alert": .string("Planned maintenance")]), localized: ["de": .object(["alert": .string("Geplante Wartung")])])
        _ = try b.send(appId: "com.example.demo", target: .topics(["outages", "maintenance"], users: ["alice@example.org"]), payload: payload)
        #expect(fake.requests[0].url.hasSuffix("/v2/backend/applications/com.example.demo/topics/notifications"))
        #expect(try body(fake.requests[0]) == topics)
        _ = try b.send(appId: "com.example.demo", target: .capability("sap.silent", users: ["alice@example.org"]),
                       payload: PushPayload(notification: .object(["alert": .string("Silent refresh")])))
        #expect(fake.requests[1].url == "https://ms.example/mobileservices/push/v2/backend/capabilities/sap.silent/notifications")
        #expect(try body(fake.requests[1]) == (try fixtureValue("request-push-to-capability.json")))
        _ = try b.bulk(appId: "com.example.demo", root: PushPayload(notification: .object(["alert": .string("Your device needs an update")])), users: [
            ("alice@example.org", PushPayload(notification: .object(["alert": .string("Alice, your iPad needs iOS 18.2")]))),
            ("bob@example.org", PushPayload(notification: .object(["alert": .string("Bob, your phone needs Android 15")]))),
        ])
        #expect(fake.requests[2].url.hasSuffix("/v2/backend/applications/com.example.demo/notifications/bulk"))
        #expect(try body(fake.requests[2]) == (try fixtureValue("request-bulk-push.json")))
    }

    @Test func namesThatWouldLeaveTheirSegmentAreRefusedBeforeSending() throws {
        let payload = PushPayload(notification: .object(["alert": .string("x")]))
        for name in [".", ".."] {
            let (b, fake) = backend([])
            #expect(throws: HubError.self) { try b.send(appId: "a", target: .group(name), payload: payload) }
            #expect(throws: HubError.self) { try b.send(appId: name, target: .application, payload: payload) }
            #expect(throws: HubError.self) { try b.status(notificationId: name) }
            #expect(fake.requests.isEmpty)
        }
        let (b, fake) = backend([response(202, try pushFixture("response-push-to-user-success.json"), headers: jsonType)])
        _ = try b.send(appId: "a", target: .device(user: "a/b?c#d", device: "..x"), payload: payload)
        #expect(fake.requests[0].url.hasSuffix("/applications/a/users/a%2Fb%3Fc%23d/devices/..x/notifications"))
    }

    // MARK: Notifications from files and the bulk input

    @Test func aNotificationFileIsPlainOrLocalized() throws {
        let plain = PushNotificationShape.payload(.object(["alert": .string("x"), "badge": .int(2)]))
        #expect(plain.payload == PushPayload(notification: .object(["alert": .string("x"), "badge": .int(2)])))
        let localized = PushNotificationShape.payload(try fixtureValue("request-push-to-topics.json")["notification"]!)
        #expect(localized.payload?.localized["de"] == .object(["alert": .string("Geplante Wartung")]))
        let bad = PushNotificationShape.payload(.object(["notification": .object(["alert": .string("x")]), "notifications": .object(["de": .object(["badge": .string("many")])])]))
        #expect(bad.payload == nil)
        #expect(bad.problems == ["notifications.de.badge: must be a non-negative integer"])
        #expect(PushNotificationShape.payload(.object(["notifications": .object([:])])).payload == nil, "the default notification is required")
    }

    @Test func bulkInputReadsNDJSONAndCSV() throws {
        let ndjson = """
            {"user": "alice", "alert": "Alice, update", "badge": 1}
            {"user": "bob", "notification": {"alert": "Bob"}, "notifications": {"de": {"alert": "Bob (de)"}}}

            {"user": "carol"}
            """
        let n = try PushBulkInput.parse(Data(ndjson.utf8), name: "f")
        #expect(n.map(\.user) == ["alice", "bob", "carol"])
        #expect(n[0].payload == PushPayload(notification: .object(["alert": .string("Alice, update"), "badge": .int(1)])))
        #expect(n[1].payload?.localized["de"] == .object(["alert": .string("Bob (de)")]))
        #expect(n[2].payload == nil)
        let csv = "\u{FEFF}user,alert,badge\r\nalice,\"Alice, your \"\"iPad\"\"\nneeds iOS 18\",2\r\nbob,,\n"
        let c = try PushBulkInput.parse(Data(csv.utf8), name: "f")
        #expect(c.map(\.user) == ["alice", "bob"])
        #expect(c[0].payload == PushPayload(notification: .object(["alert": .string("Alice, your \"iPad\"\nneeds iOS 18"), "badge": .int(2)])))
        #expect(c[1].payload == nil)
        for bad in ["user,alert\nalice,\"open", "name,alert\nalice,x", "user,colour\nalice,red", "user,badge\nalice,-1",
                    "user,alert\nalice,x,y", #"{"alert": "no user"}"#, "{\"user\": \"a\"}\n{\"user\": \"a\"}", #"{"user": "a", "badge": "many"}"#, "\n\n"] {
            #expect(throws: HubError.self, "\(bad)") { try PushBulkInput.parse(Data(bad.utf8), name: "f") }
        }
    }

    /// A second "user" (or any name twice) would be dropped silently: refused (64), naming it (issue 39).
    @Test func bulkInputThatNamesAColumnOrAMemberTwiceIsRefused() {
        for (bad, said) in [("user,alert,user\nalice,x,bob", "line 1: the CSV header names the column \"user\" twice"),
                            ("User,alert,user\nalice,x,bob", "the column \"user\" twice"),
                            ("user,badge,badge\nalice,1,2", "the column \"badge\" twice"),
                            (#"{"user": "alice", "user": "bob"}"#, "line 1: the member name \"user\" appears twice"),
                            (#"{"user": "alice"}"# + "\n" + #"{"user": "bob", "notification": {"alert": "a", "alert": "b"}}"#,
                             "line 2: the member name \"alert\" appears twice")] {
            let error = #expect(throws: HubError.self, "\(bad)") { try PushBulkInput.parse(Data(bad.utf8), name: "f") }
            #expect(error?.exitCode == 64, "\(bad)")
            #expect(error?.message.contains(said) == true, "\(bad): \(String(describing: error))")
        }
    }

    // MARK: Issue 38

    @Test func aSharedTenantAsksTheZonesTokenAndSendsNoTenantHeader() throws {
        // A client id per mode: tokens are shared in memory within a process, per client.
        for mode in [PushBackendCredentials.TenantMode.shared, .dedicated] {
            let creds = PushBackendCredentials(url: "https://ms.example", auth: .clientCredentials(tokenURL: "https://uaa.example/oauth/token", clientId: "c-\(mode.rawValue)", clientSecret: "s"),
                                               tenant: "zone-1", tenantMode: mode)
            let fake = FakeTransport([response(200, #"{"access_token": "tok", "token_type": "bearer", "expires_in": 600}"#, headers: jsonType),
                                      response(202, try pushFixture("response-push-to-users-success.json"), headers: jsonType)])
            let b = NotificationBackend(credentials: creds, transport: fake, tokenCache: nil)
            _ = try b.send(appId: "app", target: .users(["alice"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
            #expect(fake.requests.count == 2)
            let zone = fake.requests[0].headers.first { $0.name.lowercased() == "x-zid" }?.value
            let tenant = fake.requests[1].headers.first { $0.name.lowercased() == "x-tenant-id" }?.value
            if mode == .shared {
                #expect(zone == "zone-1" && tenant == nil, "XsuaaAuthorizationRequestInterceptor, shared")
            } else {
                #expect(zone == nil && tenant == "zone-1")
            }
        }
    }

    @Test func onlySAPsNoRegistrationsAnswerIsNoRegistrations() throws {
        func answer(_ body: String, type: [HTTPHeader] = jsonType) throws -> PushSendAnswer {
            let (b, _) = backend([response(404, body, headers: type)])
            return try b.send(appId: "a", target: .users(["alice", "nobody"]), payload: PushPayload(notification: .object(["alert": .string("x")])))
        }
        #expect(try answer(try pushFixture("response-push-to-users-no-such-registration.json")).kind == .noRegistrations)
        let partial = try answer(#"{"status": null, "pushResults": [{"target": "r1", "notificationId": "n", "code": 0, "message": "ok"}, {"target": "nobody", "notificationId": null, "code": 404, "message": "none"}]}"#)
        #expect(partial.kind == .results)
        #expect(partial.usersNamedMissing == ["nobody"])
        #expect(partial.results.count == 1)
        for other in [#"{"status": {"code": 404, "message": "Application 'a' does not exist", "parameters": null}}"#,
                      #"{"timestamp": "2026-11-27T00:00:00Z", "status": 404, "error": "Not Found", "path": "/x"}"#,
                      #"{"status": {"code": 400, "message": "m", "parameters": ["x"]}}"#,
                      #"{"status": {"code": 400, "message": "m", "parameters": null}, "extra": 1}"#,
                      "<html>Not Found</html>", ""] {
            do { _ = try answer(other); Issue.record("read as no registrations: \(other)") }
            catch let e as HubError { #expect(e.code == .notFound, "\(other): \(e)") }
        }
    }
}
