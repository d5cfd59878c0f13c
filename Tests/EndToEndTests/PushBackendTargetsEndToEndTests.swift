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
}
