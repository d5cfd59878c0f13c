// The Notification Backend API's targets that SAP's library has and hubctl 0.x lacked (issue 28):
// several topics at once, optionally narrowed to users; bulk push, a different text per user, from
// NDJSON or CSV in requests of at most 1,000; per-locale texts; registrations by id; localizations.
import Foundation
import Testing

extension PushBackendEndToEndTests {
    /// Devices as they would register, with topics, locales and users (`push register` sends none of these).
    func seed(_ emu: Emulator, _ registrations: String) throws {
        let (status, body) = try emu.control("POST", "/_emulator/push/registrations",
                                             json: #"{"appId": "com.example.demo", "registrations": [\#(registrations)]}"#)
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
    }

    @Test func severalTopicsAtOnceNarrowedToUsers() throws {
        let (emu, op, dir) = try setUp()
        try seed(emu, """
            {"user": "carol", "deviceId": "dev-carol", "os": "ios", "pushToken": "tok-carol", "topics": ["outages"]},
            {"user": "dave", "deviceId": "dev-dave", "os": "android", "pushToken": "tok-dave", "topics": ["maintenance"]},
            {"user": "erin", "deviceId": "dev-erin", "os": "android", "pushToken": "tok-erin", "topics": ["other"]}
            """)
        let key = dir.file("key.json")
        let both = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo",
                          "--topic", "outages", "--topic", "maintenance", "--alert", "Planned maintenance")
        #expect(both.status == 0, "\(both)")
        #expect(both.json?["sent"] as? Int == 2)
        let tokens = Set(devices(try record(emu).notifications.last).compactMap { $0["pushToken"] as? String })
        #expect(tokens == ["tok-carol", "tok-dave"])
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        #expect(requests.contains { $0["path"] as? String == "/mobileservices/push/v2/backend/applications/com.example.demo/topics/notifications" })
        _ = try emu.control("DELETE", "/_emulator/push/notifications")
        let narrowed = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo",
                              "--topic", "outages", "--topic", "maintenance", "--users", "dave", "--alert", "Only dave")
        #expect(narrowed.status == 0, "\(narrowed)")
        #expect(devices(try record(emu).notifications.last).compactMap { $0["pushToken"] as? String } == ["tok-dave"])
        let alone = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--group", "ops", "--users", "dave", "--alert", "x")
        #expect(alone.status == 64, "--users narrows only topics and capabilities: \(alone)")
    }

    @Test func bulkFromAFileOf2500UsersEachWithTheirOwnText() throws {
        let (emu, op, dir) = try setUp()
        // demo has a registration already; three more users among the 2,500 get one.
        try seed(emu, """
            {"user": "user-7", "deviceId": "dev-7", "os": "ios", "pushToken": "tok-7"},
            {"user": "user-1500", "deviceId": "dev-1500", "os": "android", "pushToken": "tok-1500"},
            {"user": "user-2400", "deviceId": "dev-2400", "os": "android", "pushToken": "tok-2400"}
            """)
        var lines = (1...2_499).map { #"{"user": "user-\#($0)", "alert": "Hello user \#($0)", "badge": \#($0 % 10)}"# }
        lines.append(#"{"user": "demo"}"#)
        let file = dir.write("bulk.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--bulk", file, "--alert", "Your device needs an update")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["requests"] as? Int == 3)
        #expect(r.json?["usersAsked"] as? Int == 2_500)
        #expect(r.json?["sent"] as? Int == 4)
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        #expect(requests.filter { ($0["path"] as? String)?.hasSuffix("/notifications/bulk") == true }.count == 3)
        var received: [String: String] = [:]
        for n in try record(emu).notifications {
            for d in devices(n) {
                received[d["pushToken"] as? String ?? "?"] = (d["notification"] as? [String: Any])?["alert"] as? String
            }
        }
        #expect(received == ["tok-7": "Hello user 7", "tok-1500": "Hello user 1500", "tok-2400": "Hello user 2400",
                             "tok-1": "Your device needs an update"], "each user their own text; demo, without one, the root")

        // CSV from stdin, with a quoted comma; a bad line sends nothing.
        _ = try emu.control("DELETE", "/_emulator/push/notifications")
        let csv = "user,alert\nuser-7,\"Seven, your update\"\ndemo,\n"
        let c = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--bulk", "-", "--alert", "root", stdin: csv)
        #expect(c.status == 0, "\(c)")
        let alerts = Set(try record(emu).notifications.flatMap { devices($0) }.compactMap { ($0["notification"] as? [String: Any])?["alert"] as? String })
        #expect(alerts == ["Seven, your update", "root"])
        _ = try emu.control("DELETE", "/_emulator/push/notifications")
        let bad = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                         "--bulk", "-", "--alert", "root", stdin: "user,badge\nuser-7,many\n")
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.err.contains("line 2"))
        #expect(try record(emu).notifications.isEmpty, "nothing was sent")
    }

    @Test func perLocaleTextsReachDevicesByTheirLocaleAndLocalizationsListThem() throws {
        let (emu, op, dir) = try setUp()
        try seed(emu, """
            {"user": "hans", "deviceId": "dev-hans", "os": "android", "pushToken": "tok-hans", "userLocale": "de"},
            {"user": "jean", "deviceId": "dev-jean", "os": "ios", "pushToken": "tok-jean", "userLocale": "fr"}
            """)
        let key = dir.file("key.json")
        let locales = try op("push", "localizations", "--service-key", key, "--users", "hans,jean,demo")
        #expect(locales.status == 0, "\(locales)")
        #expect(locales.json?["localizations"] as? [String] == ["de", "fr"])
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        let query = requests.last { ($0["path"] as? String)?.hasSuffix("/localizations") == true }?["query"] as? String
        #expect(query == "usernames=hans&usernames=jean&usernames=demo", "one usernames parameter per user: \(query ?? "none")")
        let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users", "hans,jean",
                       "--alert", "Maintenance tonight", "--locale-alert", "de=Wartung heute Abend")
        #expect(r.status == 0, "\(r)")
        var received: [String: String] = [:]
        for d in devices(try record(emu).notifications.last) {
            received[d["pushToken"] as? String ?? "?"] = (d["notification"] as? [String: Any])?["alert"] as? String
        }
        #expect(received == ["tok-hans": "Wartung heute Abend", "tok-jean": "Maintenance tonight"])
        let bad = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users", "hans", "--alert", "x", "--locale-alert", "de")
        #expect(bad.status == 64, "\(bad)")
    }

    @Test func aRegistrationByIdAndTheApplicationFromTheCredentials() throws {
        let (emu, op, dir) = try setUp()
        let id = try #require(try registrationIds(op, dir, user: "demo").first)
        let one = try op("push", "registrations", "--service-key", dir.file("key.json"), "--id", id)
        #expect(one.status == 0, "\(one)")
        #expect(one.json?["id"] as? String == id)
        #expect(one.json?["username"] as? String == "demo")
        #expect(one.json?["pushProvider"] as? String == "android")
        let gone = try op("push", "registrations", "--service-key", dir.file("key.json"), "--id", "0000-no-such-registration")
        #expect(gone.status == 66, "\(gone)")
        // SAP's settings file names the application: no --app-id needed.
        let settings = dir.write("settings.json", #"{"applicationId": "com.example.demo", "services": [{"name": "push", "serviceKeys": [{"alias": "emulator", "url": "\#(emu.url)", "apiKey": "emulator-push-api-key"}]}]}"#)
        chmod(settings, 0o600)
        let sent = try op("push", "send", "--service-key", settings, "--user", "demo", "--alert", "from the settings file")
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.json?["sent"] as? Int == 1)
        // A name that would leave its path segment is refused before anything is sent.
        _ = try emu.control("DELETE", "/_emulator/push/notifications")
        for target in [["--group", ".."], ["--user", "..", "--device", "d"], ["--user", "demo", "--device", ".."], ["--capability", ".."]] {
            let r = try op.run(["push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo"] + target + ["--alert", "x"])
            #expect(r.status == 64, "\(target): \(r)")
        }
        #expect(try record(emu).notifications.isEmpty)
    }

    @Test func thePushCommandsResolveSettingsLikeEveryOtherCommand() throws {
        let (emu, op, dir) = try setUp()
        let key = dir.file("key.json")
        // The application from HUBCTL_APP_ID, no --app-id.
        let fromEnv = try op("push", "send", "--service-key", key, "--user", "demo", "--alert", "x", env: ["HUBCTL_APP_ID": "com.example.demo"])
        #expect(fromEnv.status == 0, "\(fromEnv)")
        // A bad application id from any layer is refused like everywhere else.
        let bad = try op("push", "send", "--service-key", key, "--user", "demo", "--alert", "x", env: ["HUBCTL_APP_ID": ".."])
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.errorCode == "invalid_app_id")
        // --insecure warns; HUBCTL_TIMEOUT is read (a bad one is refused as for every command).
        let insecure = try op("push", "registrations", "--service-key", key, "--insecure")
        #expect(insecure.status == 0, "\(insecure)")
        #expect(insecure.err.contains("--insecure"), "\(insecure.err)")
        let timeout = try op("push", "registrations", "--service-key", key, env: ["HUBCTL_TIMEOUT": "soon"])
        #expect(timeout.status == 78, "\(timeout)")
        #expect(timeout.errorCode == "invalid_timeout")
        _ = emu
    }

    @Test func aSendCutOffHalfWayIsAReportAndSkipDoneSendsTheRest() throws {
        let (emu, op, dir) = try setUp()
        try seed(emu, (1...2_500).filter { $0 % 500 == 0 }.map { #"{"user": "user-\#($0)", "deviceId": "dev-\#($0)", "os": "android", "pushToken": "tok-\#($0)"}"# }.joined(separator: ","))
        let users = dir.write("users.txt", (1...2_500).map { "user-\($0)" }.joined(separator: "\n") + "\n")
        // The first request goes through (a delay-only rule lets it pass), the second gets a 500.
        for rule in [#"{"delay": 0.01, "path": "/notifications/users"}"#, #"{"status": 500, "path": "/notifications/users"}"#] {
            let (status, _) = try emu.control("POST", "/_emulator/faults", json: rule)
            #expect(status == 200 || status == 201 || status == 204)
        }
        let key = dir.file("key.json")
        let first = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users-from", users, "--alert", "window")
        #expect(first.status == 3, "a partial send is the partial exit code: \(first)")
        #expect(first.json?["requests"] as? Int == 1)
        #expect(first.json?["sent"] as? Int == 2, "user-500 and user-1000 were notified")
        let notSent = try #require(first.json?["usersNotSent"] as? [String])
        #expect(notSent.count == 1_500)
        #expect(notSent.first == "user-1001" && notSent.last == "user-2500")
        let error = try #require(first.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "server_error")
        #expect(error["exitCode"] as? Int == 69)
        #expect(first.err.contains("--skip-done"), "\(first.err)")
        let report = dir.write("report.json", first.out)
        #expect(try record(emu).notifications.count == 1)
        // The rest, and only the rest: nobody is notified twice.
        let rest = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users-from", users, "--alert", "window",
                          "--skip-done", report)
        #expect(rest.status == 0, "\(rest)")
        #expect(rest.json?["requests"] as? Int == 2)
        #expect(rest.json?["usersAsked"] as? Int == 1_500)
        #expect(rest.json?["sent"] as? Int == 3, "user-1500, user-2000, user-2500")
        #expect((rest.json?["usersNotSent"] as? [String])?.isEmpty == true)
        #expect(rest.json?["error"] is NSNull)
        let tokens = try record(emu).notifications.flatMap { devices($0) }.compactMap { $0["pushToken"] as? String }
        #expect(tokens.sorted() == ["tok-1000", "tok-1500", "tok-2000", "tok-2500", "tok-500"], "each device once: \(tokens)")
        // A file that is not a report is refused before anything is sent.
        let bad = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users-from", users, "--alert", "x", "--skip-done", users)
        #expect(bad.status == 65, "\(bad)")
        // Nothing went out before the failure: the error alone, nothing on stdout.
        let (status, _) = try emu.control("POST", "/_emulator/faults", json: #"{"status": 500, "path": "/notifications/users"}"#)
        #expect(status == 200 || status == 201 || status == 204)
        let none = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users", "user-500", "--alert", "x")
        #expect(none.status == 69, "\(none)")
        #expect(none.out.isEmpty)
    }

    @Test func secretsGoOverPlainHTTPOnlyToLoopbackUnlessAllowed() throws {
        let (_, op, dir) = try setUp()
        // A host that never resolves (.invalid): nothing can be sent there, so the refusal must come first.
        let key = dir.write("remote-key.json", #"{"url": "http://hubctl-plain-http.invalid:9", "apiKey": "emulator-push-api-key"}"#)
        chmod(key, 0o600)
        let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--all", "--alert", "x")
        #expect(r.status == 78, "\(r)")
        #expect(r.errorCode == "plain_http_refused")
        #expect(r.err.contains("--allow-http"))
        #expect(!r.err.contains("emulator-push-api-key"))
        let binding = dir.write("remote-binding.json", #"{"uaa": {"clientid": "c", "clientsecret": "s3cret-value", "url": "http://uaa.hubctl-plain-http.invalid"}, "endpoints": {"mobileservices": {"url": "https://ms.hubctl-plain-http.invalid"}}}"#)
        chmod(binding, 0o600)
        let b = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--all", "--alert", "x")
        #expect(b.status == 78, "the client secret is not sent to an http:// token endpoint: \(b)")
        #expect(b.errorCode == "plain_http_refused")
        // Allowed: a warning, then the (here impossible) connection.
        let allowed = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--all", "--alert", "x", "--allow-http")
        #expect(allowed.status == 69, "\(allowed)")
        #expect(allowed.err.contains("--allow-http: sending credentials or a token in clear"), "\(allowed.err)")
        let viaEnv = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--all", "--alert", "x", env: ["HUBCTL_ALLOW_HTTP": "1"])
        #expect(viaEnv.status == 69, "\(viaEnv)")
        // A device's password to a plain-http server that is not loopback: refused too.
        let device = try op("register", env: ["HUBCTL_SERVER": "http://smp.hubctl-plain-http.invalid:8080", "HUBCTL_APP_ID": "com.example.demo",
                                              "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "demo-password"])
        #expect(device.status == 78, "\(device)")
        #expect(device.errorCode == "plain_http_refused")
    }
}
