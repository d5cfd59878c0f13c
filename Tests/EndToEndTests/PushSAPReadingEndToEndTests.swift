// What SAP's Java client and sources showed hubctl reading differently (issue 38), through the built
// hubctl against hubctl-emulator: the notification body (`data` a string, no member SAP's
// DTOPushPayload lacks), credentials as SAP reads them (a settings file's push service and its `uaa`
// key, a key url with a path, a binding found by its tag, an x509 binding whose token comes over
// mutual TLS, the shared tenant mode), any 401 body as exit 77, a 404 that is not SAP's "no
// registrations" as the error it is, and users not notified under either answer shape.
import Foundation
import Testing

@Suite(.serialized) struct PushSAPReadingEndToEndTests {
    func setUp() throws -> (Emulator, Hubctl, TempDir) { try pushOperatorSetUp() }

    func notifications(_ emu: Emulator) throws -> [[String: Any]] { try pushNotifications(emu) }

    func pushPosts(_ emu: Emulator) throws -> [String] {
        try loggedRequests(emu).filter { $0.method == "POST" && $0.path.contains("/mobileservices/push/v2/backend/") }.map(\.path)
    }

    // MARK: The notification body

    @Test func aDataObjectIsSentAsSAPsStringAndMembersSAPLacksAreRefusedBeforeSending() throws {
        let (emu, op, dir) = try setUp()
        let file = dir.write("n.json", #"{"alert": "Order shipped", "data": {"order": "42", "kind": "ship"}, "apns": {"alertTitle": "Orders"}, "gcm": {"title": "Orders"}}"#)
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--user", "demo", "--notification", file)
        #expect(r.status == 0, "\(r)")
        let sent = try #require(try notifications(emu).last?["notification"] as? [String: Any])
        #expect(sent["data"] as? String == #"{"kind":"ship","order":"42"}"#, "a serialized JSON object, as PushPayload.Builder.data(Object) sends: \(sent)")
        #expect((sent["apns"] as? [String: Any])?["alertTitle"] as? String == "Orders", "platform objects pass through")
        #expect((sent["gcm"] as? [String: Any])?["title"] as? String == "Orders")

        let before = try pushPosts(emu).count
        for (member, place) in [("title", "apns.alertTitle or gcm.title"), ("body", "apns.alertBody or gcm.body"), ("category", "apns.category")] {
            let bad = dir.write("bad-\(member).json", #"{"alert": "x", "\#(member)": "y"}"#)
            let refused = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--user", "demo", "--notification", bad)
            #expect(refused.status == 64, "\(member): \(refused)")
            #expect(refused.err.contains("notification.\(member)") && refused.err.contains(place), "\(member): \(refused.err)")
            #expect(refused.out.isEmpty)
        }
        // The same rule for a bulk line.
        let bulk = dir.write("bulk.ndjson", #"{"user": "demo", "alert": "x", "subtitle": "s"}"# + "\n")
        let refusedBulk = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--bulk", bulk, "--alert", "root")
        #expect(refusedBulk.status == 64, "\(refusedBulk)")
        #expect(refusedBulk.err.contains("apns.alertSubtitle"), "\(refusedBulk.err)")
        #expect(try pushPosts(emu).count == before, "nothing was sent for a refused notification")
    }

    // MARK: Credentials as SAP's client reads them

    @Test func aSettingsFileTakesThePushServicesKeyByAliasAndAUaaKeyIsABinding() throws {
        let (emu, op, dir) = try setUp()
        // SAP's settings file shape (Tests/Fixtures/sap/push/settings-file.json follows SAP's
        // mobileservices-config.json): another feature's key first, then push with two keys.
        let settings = dir.write("settings.json", """
            {"server": "\(emu.url)", "platform": "CF", "applicationId": "com.example.demo",
             "services": [
               {"name": "offline", "serviceKeys": [{"alias": "other", "url": "\(emu.url)", "apiKey": "not-a-push-key"}]},
               {"name": "push", "serviceKeys": [
                 {"alias": "ops", "url": "\(emu.url)", "apiKey": "emulator-push-api-key"},
                 {"alias": "ci", "url": "\(emu.url)", "uaa": {"clientid": "push-client", "clientsecret": "push-client-secret", "url": "\(emu.url)"}}]}]}
            """)
        chmod(settings, 0o600)
        let ambiguous = try op("push", "send", "--service-key", settings, "--user", "demo", "--alert", "x")
        #expect(ambiguous.status == 78, "two push keys and no alias is not guessed: \(ambiguous)")
        #expect(ambiguous.err.contains("--key-alias") && ambiguous.err.contains("ops") && ambiguous.err.contains("ci"), "\(ambiguous.err)")

        let byKey = try op("push", "send", "--service-key", settings, "--key-alias", "ops", "--user", "demo", "--alert", "by key")
        #expect(byKey.status == 0, "the settings file names the application: \(byKey)")
        let byUaa = try op("push", "send", "--service-key", settings, "--key-alias", "ci", "--user", "demo", "--alert", "by uaa")
        #expect(byUaa.status == 0, "\(byUaa)")
        let (status, body) = try emu.control("GET", "/_emulator/push/notifications")
        #expect(status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(document["tokensIssued"] as? Int == 1, "the uaa key got a client-credentials token: \(document)")
        let alerts = ((document["notifications"] as? [[String: Any]]) ?? []).compactMap { ($0["notification"] as? [String: Any])?["alert"] as? String }
        #expect(alerts == ["by key", "by uaa"])
        let unknown = try op("push", "send", "--service-key", settings, "--key-alias", "nope", "--user", "demo", "--alert", "x")
        #expect(unknown.status == 78, "\(unknown)")
        // Another feature's key is never sent: a settings file without a push service is refused.
        let noPush = dir.write("nopush.json", #"{"applicationId": "com.example.demo", "services": [{"name": "offline", "serviceKeys": [{"url": "\#(emu.url)", "apiKey": "k"}]}]}"#)
        let refused = try op("push", "send", "--service-key", noPush, "--user", "demo", "--alert", "x")
        #expect(refused.status == 78, "\(refused)")
        #expect(refused.err.contains("push"), "\(refused.err)")
        #expect(!byUaa.err.contains("push-client-secret") && !byUaa.out.contains("push-client-secret"))

        // A profile keeps the key the alias picks; the next send needs no file.
        let env = ["HUBCTL_VAULT_PASSPHRASE": "operator-vault-passphrase-1"]
        #expect(try op("config", "set-push", "--service-key", settings, env: env).status == 78, "not guessed for a profile either")
        let kept = try op("config", "set-push", "--service-key", settings, "--key-alias", "ops", env: env)
        #expect(kept.status == 0, "\(kept)")
        let fromProfile = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "from the profile", env: env)
        #expect(fromProfile.status == 0, "\(fromProfile)")
        #expect((try notifications(emu).last?["notification"] as? [String: Any])?["alert"] as? String == "from the profile")
    }

    @Test func aKeyURLWithAPathAfterTheHostIsKept() throws {
        let (emu, op, dir) = try setUp()
        let prefix = "/2787d5ea-17cb-4c71-85ca-a9600d4b97c9"
        let key = dir.write("pathkey.json", #"{"url": "\#(emu.url)\#(prefix)", "apiKey": "emulator-push-api-key"}"#)
        chmod(key, 0o600)
        let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--user", "demo", "--alert", "x")
        #expect(r.status == 0, "\(r)")
        #expect(try pushPosts(emu) == [prefix + "/mobileservices/push/v2/backend/applications/com.example.demo/notifications/users"])
    }

    @Test func aBindingIsFoundInVCAPServicesByItsTag() throws {
        let (emu, op, _) = try setUp()
        // A user-provided service: another label, SAP's tag (MobileServicesBinding.fromVCAPVariables).
        let vcap = """
            {"user-provided": [{"name": "ms-push", "label": "user-provided", "tags": ["mobileservices"],
               "credentials": {"sap.cloud.service": "com.example.demo", "endpoints": {"mobileservices": {"url": "\(emu.url)", "timeout": 20000}},
                               "uaa": {"clientid": "push-client", "clientsecret": "push-client-secret", "url": "\(emu.url)", "tenantmode": "dedicated"}}}],
             "xsuaa": [{"name": "auth", "tags": ["xsuaa"], "credentials": {"clientid": "x"}}]}
            """
        let r = try op("push", "send", "--user", "demo", "--alert", "found by tag", env: ["VCAP_SERVICES": vcap])
        #expect(r.status == 0, "the binding names the application: \(r)")
        #expect((try notifications(emu).last?["notification"] as? [String: Any])?["alert"] as? String == "found by tag")
        let none = try op("push", "send", "--user", "demo", "--alert", "x", env: ["VCAP_SERVICES": #"{"xsuaa": [{"name": "auth", "tags": ["xsuaa"], "credentials": {}}]}"#])
        #expect(none.status == 78, "\(none)")
    }

    @Test func aSharedTenantBindingAsksTheSubscribersZone() throws {
        let (emu, op, dir) = try setUp()
        let binding = dir.write("shared.json", """
            {"sap.cloud.service": "com.example.demo", "endpoints": {"mobileservices": {"url": "\(emu.url)"}},
             "uaa": {"clientid": "push-client", "clientsecret": "push-client-secret", "url": "\(emu.url)", "tenantmode": "shared"}}
            """)
        chmod(binding, 0o600)
        let r = try op("push", "send", "--binding", binding, "--tenant", "subscriber-7", "--user", "demo", "--alert", "x")
        #expect(r.status == 0, "\(r)")
        #expect(try notifications(emu).last?["tenant"] as? String == "subscriber-7", "the token's zone")
        let keep = try op("config", "set-push", "--binding", binding)
        #expect(keep.status == 78, "a profile cannot keep the tenant mode: \(keep)")
        let unknownMode = dir.write("mode.json", #"{"endpoints": {"mobileservices": {"url": "\#(emu.url)"}}, "uaa": {"clientid": "c", "clientsecret": "s", "url": "\#(emu.url)", "tenantmode": "sideways"}}"#)
        chmod(unknownMode, 0o600)
        let bad = try op("push", "send", "--binding", unknownMode, "--app-id", "com.example.demo", "--user", "demo", "--alert", "x")
        #expect(bad.status == 78, "\(bad)")
        #expect(bad.err.contains("sideways"), "\(bad.err)")
    }

    /// `endpoints.mobileservices.timeout` (milliseconds) is SAP's read timeout: a slower answer
    /// ends the request, unless --timeout says otherwise.
    @Test func aBindingsEndpointTimeoutBoundsEachRequest() throws {
        let (emu, op, dir) = try setUp()
        let binding = dir.write("slow.json", """
            {"sap.cloud.service": "com.example.demo", "endpoints": {"mobileservices": {"url": "\(emu.url)", "timeout": 1000}},
             "uaa": {"clientid": "push-client", "clientsecret": "push-client-secret", "url": "\(emu.url)"}}
            """)
        chmod(binding, 0o600)
        let slow = #"{"delay": 4, "path": "/notifications/users", "count": 1}"#
        #expect(try emu.control("POST", "/_emulator/faults", json: slow).status == 201)
        let r = try op("push", "send", "--binding", binding, "--user", "demo", "--alert", "x")
        // The request went out and its answer did not come within the binding's 1 s: whether demo was
        // notified is unknown (the report says so, exit 3), and it is not sent again.
        #expect(r.status == 3, "the binding's 1 s read timeout: \(r)")
        #expect((r.json?["error"] as? [String: Any])?["code"] as? String == "timeout", "\(r.out)")
        #expect(r.json?["usersUnknown"] as? [String] == ["demo"], "\(r.out)")
        #expect(try emu.control("DELETE", "/_emulator/faults").status < 300)
        #expect(try emu.control("POST", "/_emulator/faults", json: slow).status == 201)
        let given = try op("push", "send", "--binding", binding, "--user", "demo", "--alert", "x", "--timeout", "20")
        #expect(given.status == 0, "--timeout wins over the binding's: \(given)")
    }

    @Test func anX509BindingGetsItsTokenOverMutualTLS() throws {
        let bed = try x509PushBed()
        let emu = bed.emulator
        func json(_ path: String) throws -> String {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let data = try JSONSerialization.data(withJSONObject: [text], options: [])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        let dir = TempDir("operator-x509")
        let binding = dir.write("x509.json", """
            {"sap.cloud.service": "com.example.demo", "endpoints": {"mobileservices": {"url": "\(emu.url)"}},
             "uaa": {"clientid": "cert-client", "credential-type": "x509", "url": "\(emu.url)", "certurl": "\(bed.url)",
                     "certificate": \(try json(bed.file("client.pem"))), "key": \(try json(bed.file("client.key")))}}
            """)
        chmod(binding, 0o600)
        let op = Hubctl(dir: dir, environment: ["HUBCTL_CACERT": bed.file("ca.pem")])
        let r = try op("push", "send", "--binding", binding, "--user", "demo", "--alert", "over mTLS")
        #expect(r.status == 0, "\(r)\n\(bed.log)")
        #expect(try notifications(emu).last?["devices"].map { ($0 as? [[String: Any]])?.count } == 1)
        #expect(!r.err.contains("PRIVATE KEY") && !r.out.contains("PRIVATE KEY"))
        // Bob's certificate is not the client's: refused at the token endpoint (77).
        let bobBinding = dir.write("bob.json", """
            {"sap.cloud.service": "com.example.demo", "endpoints": {"mobileservices": {"url": "\(emu.url)"}},
             "uaa": {"clientid": "cert-client", "credential-type": "x509", "url": "\(emu.url)", "certurl": "\(bed.url)",
                     "certificate": \(try json(bed.file("bob.pem"))), "key": \(try json(bed.file("bob.key")))}}
            """)
        chmod(bobBinding, 0o600)
        let refused = try op("push", "send", "--binding", bobBinding, "--user", "demo", "--alert", "x")
        #expect(refused.status == 77, "\(refused)")
        #expect(refused.err.contains("client certificate"), "\(refused.err)")
        let keep = try op("config", "set-push", "--binding", binding)
        #expect(keep.status == 78, "a profile cannot keep an x509 binding: \(keep)")
    }

    // MARK: Answers

    @Test func anyUnauthorizedBodyIsExit77() throws {
        let (emu, op, dir) = try setUp()
        for (body, type) in [("<html><body>Sign in</body></html>", "text/html"), ("", "text/plain"), ("Unauthorized", "text/plain"),
                             (#"{"error": "invalid_token"}"#, "application/json")] {
            #expect(try emu.control("POST", "/_emulator/faults", json: """
                {"status": 401, "garbage": \(String(decoding: try JSONSerialization.data(withJSONObject: [body]), as: UTF8.self).dropFirst().dropLast()),
                 "contentType": "\(type)", "path": "/mobileservices/push/", "count": 1}
                """).status == 201)
            let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--user", "demo", "--alert", "x")
            #expect(r.status == 77, "\(type) \(body): \(r)")
            #expect(r.errorCode == "auth_failed", "\(r)")
            #expect(r.out.isEmpty)
        }
        // The emulator's own 401 (a wrong key) is the authentication layer's plain text.
        let wrong = dir.write("wrong.json", #"{"url": "\#(emu.url)", "apiKey": "wrong-key"}"#)
        chmod(wrong, 0o600)
        let r = try op("push", "registrations", "--service-key", wrong)
        #expect(r.status == 77, "\(r)")
    }

    @Test func usersNotNotifiedAreNamedUnderEitherAnswerShape() throws {
        let (emu, op, dir) = try setUp()
        // The fixture's reading (code 2 per missing user; Tests/Fixtures/sap/push/response-push-to-users-some-missing.json)
        // and another (the whole answer 404, the user named with code 404), each answered once.
        let reg = "0a6f1c3e-8b2d-4e7f-9c1a-3d5e7f9b1c2d"
        for (status, answer) in [(202, #"{"status": null, "pushResults": [{"target": "\#(reg)", "notificationId": "n1", "code": 0, "message": "success"}, {"target": "nobody", "notificationId": null, "code": 2, "message": "no registration found"}]}"#),
                                 (404, #"{"status": null, "pushResults": [{"target": "\#(reg)", "notificationId": "n1", "code": 0, "message": "success"}, {"target": "nobody", "notificationId": null, "code": 404, "message": "no registration"}]}"#),
                                 (202, #"{"status": null, "pushResults": [{"target": "\#(reg)", "notificationId": "n1", "code": 0, "message": "success"}, {"target": "nobody", "notificationId": null, "code": 77, "message": "?"}]}"#)] {
            #expect(try emu.control("POST", "/_emulator/faults", json: """
                {"status": \(status), "garbage": \(String(decoding: try JSONSerialization.data(withJSONObject: [answer]), as: UTF8.self).dropFirst().dropLast()),
                 "path": "/notifications/users", "count": 1}
                """).status == 201)
            let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--users", "demo,nobody", "--alert", "x")
            #expect(r.status == 3, "HTTP \(status): \(r)")
            #expect(r.json?["usersWithoutRegistration"] as? [String] == ["nobody"], "HTTP \(status): \(r.out)")
            #expect(r.json?["sent"] as? Int == 1, "HTTP \(status): \(r.out)")
        }
        // A 404 of another shape (a Spring error page) is not "no registrations": 66, nothing reported as sent.
        #expect(try emu.control("POST", "/_emulator/faults", json: #"{"status": 404, "garbage": "{\"timestamp\": \"2026-11-27T00:00:00Z\", \"status\": 404, \"error\": \"Not Found\", \"path\": \"/x\"}", "path": "/notifications/users", "count": 1}"#).status == 201)
        let other = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--users", "demo,nobody", "--alert", "x")
        #expect(other.status == 66, "\(other)")
        #expect(other.out.isEmpty)
    }
}
