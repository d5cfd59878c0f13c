// The operator's side of push (issue 24 "Done means"): `hubctl push send|status|registrations`
// through the built hubctl against hubctl-emulator's Notification Backend API, with a service key
// (API key), a binding (client credentials) and VCAP_SERVICES.
import Foundation
import Testing

@Suite(.serialized) struct PushBackendEndToEndTests {
    /// An emulator playing Mobile Services with `demo` registered for push (group ops), and an operator hubctl.
    func setUp() throws -> (Emulator, Hubctl, TempDir) {
        let emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        let device = client(emu)
        #expect(try device.run(["register"]).status == 0)
        let r = try device("push", "register", "--os", "android", "--token", "tok-1", "--group", "ops")
        #expect(r.status == 0, "\(r)")
        let dir = TempDir("operator")
        let key = dir.write("key.json", #"{"url": "\#(emu.url)", "apiKey": "emulator-push-api-key", "alias": "emulator"}"#)
        let binding = dir.write("binding.json", #"{"uaa": {"clientid": "push-client", "clientsecret": "push-client-secret", "url": "\#(emu.url)"}, "endpoints": {"mobileservices": {"url": "\#(emu.url)"}}}"#)
        chmod(key, 0o600)
        chmod(binding, 0o600)
        return (emu, Hubctl(dir: dir), dir)
    }

    func notifications(_ emu: Emulator) throws -> [[String: Any]] {
        let (status, body) = try emu.control("GET", "/_emulator/push/notifications")
        #expect(status == 200)
        return ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["notifications"] as? [[String: Any]]) ?? []
    }

    @Test func serviceKeySendsToUsersAndReportsPartialFailureWithExit3() throws {
        let (emu, op, dir) = try setUp()
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--users", "demo,nobody", "--alert", "Maintenance at 22:00", "--badge", "1")
        #expect(r.status == 3, "\(r)")
        let results = try #require(r.json?["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results.first { $0["target"] as? String == "demo" }?["code"] as? Int == 201)
        #expect(results.first { $0["target"] as? String == "nobody" }?["code"] as? Int == 404)
        let sent = try notifications(emu)
        #expect(sent.count == 1)
        #expect((sent.first?["notification"] as? [String: Any])?["alert"] as? String == "Maintenance at 22:00")
        #expect((sent.first?["devices"] as? [[String: Any]])?.first?["user"] as? String == "demo")
        #expect(!r.out.contains("emulator-push-api-key") && !r.err.contains("emulator-push-api-key"))
    }

    @Test func bindingUsesClientCredentialsAndStatusReadsBack() throws {
        let (emu, op, dir) = try setUp()
        let r = try op("push", "send", "--binding", dir.file("binding.json"), "--app-id", "com.example.demo", "--all",
                       "--alert", "hello", "--custom", "k=v", "--verbose")
        #expect(r.status == 0, "\(r)")
        #expect(!r.err.contains("push-client-secret"), "the client secret never reaches --verbose")
        let id = try #require((r.json?["results"] as? [[String: Any]])?.first?["notificationId"] as? String)
        let s = try op("push", "status", "--binding", dir.file("binding.json"), id)
        #expect(s.status == 0, "\(s)")
        #expect(s.json?["status"] as? String == "SENT")
        #expect(s.json?["notificationType"] as? String == "APPLICATION")
        let regs = try op("push", "registrations", "--binding", dir.file("binding.json"), "--app-id", "com.example.demo", "--group", "ops")
        #expect(regs.status == 0, "\(regs)")
        #expect(regs.out.contains("\"demo\""))
        _ = emu
    }

    @Test func usersFromStdinIsSplitIntoRequestsOfAtMost1000() throws {
        let (emu, op, dir) = try setUp()
        let users = (1...2_500).map { "user-\($0)" }.joined(separator: "\n") + "\ndemo\n"
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--users-from", "-", "--alert", "hi", stdin: users)
        #expect(r.status == 3)
        #expect(r.json?["requests"] as? Int == 3)
        #expect(r.json?["sent"] as? Int == 1)
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        #expect(requests.filter { ($0["path"] as? String)?.hasSuffix("/notifications/users") == true }.count == 3)
    }

    @Test func missingRoleIs77AndBadNotificationIsRefusedBeforeSending() throws {
        let (emu, op, dir) = try setUp()
        let (status, _) = try emu.control("PUT", "/_emulator/push/credentials",
                                          json: #"{"apiKeys": [{"key": "emulator-push-api-key", "alias": "emulator", "roles": ["push_single"]}]}"#)
        #expect(status == 204)
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--all", "--alert", "x")
        #expect(r.status == 77, "\(r)")
        #expect(r.err.contains("forbidden"))
        let bad = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--user", "demo",
                         "--notification", "-", stdin: #"{"alert": "x", "badge": "many"}"#)
        #expect(bad.status == 64, "\(bad)")
        #expect(try notifications(emu).isEmpty, "nothing was sent")
        let two = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--all", "--group", "g", "--alert", "x")
        #expect(two.status == 64, "exactly one target")
    }

    @Test func vcapServicesWithSeveralBindingsNeedsAName() throws {
        let (emu, op, dir) = try setUp()
        let binding = try String(contentsOfFile: dir.file("binding.json"), encoding: .utf8)
        let vcap = #"{"mobile-services": [{"name": "first", "credentials": \#(binding)}, {"name": "second", "credentials": \#(binding)}]}"#
        let r = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "x", env: ["VCAP_SERVICES": vcap])
        #expect(r.status == 78, "\(r)")
        #expect(r.err.contains("first") && r.err.contains("second"))
        let named = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "x", "--binding-name", "second",
                           "--tenant", "subscriber-1", env: ["VCAP_SERVICES": vcap])
        #expect(named.status == 0, "\(named)")
        #expect(try notifications(emu).first?["tenant"] as? String == "subscriber-1")
    }

    @Test func keyFileReadableByOthersIsWarnedAbout() throws {
        let (emu, op, dir) = try setUp()
        chmod(dir.file("key.json"), 0o644)
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--user", "demo", "--alert", "x")
        #expect(r.status == 0, "\(r)")
        #expect(r.err.contains("readable by group or others"))
        _ = emu
    }
}
