// The connection life cycle through the built hubctl against hubctl-emulator (issue 2 "Done means").
import Foundation
import Testing

/// hubctl configured for one emulator, app and user.
func client(_ emu: Emulator, user: String = "demo", password: String? = "demo-password",
            app: String = "com.example.demo", dir: TempDir = TempDir("conn")) -> Hubctl {
    var env = ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": app, "HUBCTL_USER": user]
    if let password { env["HUBCTL_PASSWORD"] = password }
    return Hubctl(dir: dir, environment: env)
}

func emulatorState(_ emu: Emulator) throws -> [String: Any] {
    let (status, body) = try emu.control("GET", "/_emulator/state")
    #expect(status == 200)
    return (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
}

func connections(_ emu: Emulator) throws -> [[String: Any]] {
    (try emulatorState(emu)["connections"] as? [[String: Any]]) ?? []
}

@Suite(.serialized) struct ConnectionEndToEndTests {
    @Test func registerPrintsTypedSettingsFromJSON() throws {
        let emu = try Emulator()
        let hub = client(emu)
        let r = try hub("register", "--device-model", "ci-runner")
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json)
        let id = try #require(json["ApplicationConnectionId"] as? String)
        #expect(!id.isEmpty)
        #expect(json["DeviceModel"] as? String == "ci-runner")
        #expect(json["DeviceType"] as? String == "Linux")
        #expect(json["PasswordPolicyMinLength"] as? Int == 8)
        #expect(json["d"] == nil && json["__metadata"] == nil)
        #expect((json["CreatedAt"] as? String)?.contains("T") == true, "dates are ISO 8601")
        #expect(r.err.isEmpty, "nothing on stderr on success: \(r.err)")
        #expect(!r.out.contains("\n") || r.out.hasSuffix("\n") && r.out.dropLast().contains("\n") == false, "one line when not a terminal")
        // The request carried the client-chosen id.
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        let post = try #require(requests.first { ($0["method"] as? String) == "POST" })
        let headers = (post["headers"] as? [String: Any]) ?? [:]
        let sentId = headers.first { $0.key.lowercased() == "x-smp-appcid" }?.value as? String
        #expect(sentId == id)
        #expect(!String(describing: requests).contains("demo-password"))
    }

    @Test func registerReadsAtomAnswers() throws {
        let emu = try Emulator(config: #"{"answerFormat": "atom"}"#)
        let r = try client(emu)("register")
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json)
        #expect(json["ApplicationConnectionId"] as? String != nil)
        #expect(json["PasswordPolicyEnabled"] as? Bool == false)
        #expect(json["PasswordPolicyMinLength"] as? Int == 8)
        let s = try client(emu, dir: TempDir())("settings", "get")
        #expect(s.status == 66, "a fresh home has no registration: \(s)")
    }

    @Test(arguments: ["header", "cookie"])
    func connectionIdFromHeaderOrCookie(_ location: String) throws {
        let emu = try Emulator(config: #"{"idLocations": ["\#(location)"]}"#)
        let hub = client(emu)
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        let conns = try connections(emu)
        #expect(conns.count == 1)
        let serverId = try #require(conns.first?["id"] as? String)
        #expect(r.json?["ApplicationConnectionId"] as? String == serverId)
        let s = try hub("settings", "get", "ApplicationConnectionId")
        #expect(s.json?["ApplicationConnectionId"] as? String == serverId, "\(s)")
    }

    @Test func registerIsIdempotentAndUsersLiveSideBySide() throws {
        let emu = try Emulator()
        let dir = TempDir("side")
        let demo = client(emu, dir: dir)
        let alice = client(emu, user: "alice", password: "alice-password", dir: dir)
        let first = try demo("register")
        let again = try demo("register")
        #expect(first.status == 0 && again.status == 0, "\(first)\n\(again)")
        #expect(first.json?["ApplicationConnectionId"] as? String == again.json?["ApplicationConnectionId"] as? String)
        #expect(try connections(emu).count == 1, "re-register creates nothing")
        let a = try alice("register")
        #expect(a.status == 0, "\(a)")
        #expect(a.json?["ApplicationConnectionId"] as? String != first.json?["ApplicationConnectionId"] as? String)
        #expect(try connections(emu).count == 2)
        #expect(try alice("settings", "get", "UserName").json?["UserName"] as? String == "alice")
        #expect(try demo("settings", "get", "UserName").json?["UserName"] as? String == "demo")
        // The registration database and its WAL files are private.
        for name in ["registrations.db", "registrations.db-wal", "registrations.db-shm"] {
            let mode = try FileManager.default.attributesOfItem(atPath: dir.path + "/home/" + name)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)")
        }
        // --force replaces the connection.
        let forced = try demo("register", "--force")
        #expect(forced.status == 0)
        #expect(forced.json?["ApplicationConnectionId"] as? String != first.json?["ApplicationConnectionId"] as? String)
        #expect(try connections(emu).count == 2)
    }

    @Test func reRegisterWhenTheServerForgotTheConnection() throws {
        let emu = try Emulator()
        let hub = client(emu)
        let first = try #require(try hub("register").json?["ApplicationConnectionId"] as? String)
        // Someone deletes it on the server behind hubctl's back.
        let del = try run("/usr/bin/curl", ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "-X", "DELETE", "-u", "demo:demo-password",
                                            "-H", "X-SMP-APPCID: \(first)", "\(emu.url)/odata/applications/latest/com.example.demo/Connections('\(first)')"])
        #expect(del.out == "200")
        let second = try hub("register")
        #expect(second.status == 0)
        #expect(second.json?["ApplicationConnectionId"] as? String != first)
    }

    @Test func settingsGetAllSomeAndUnknown() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let all = try hub("settings", "get")
        #expect(all.status == 0)
        #expect((all.json?.count ?? 0) > 20)
        // Properties outside the client's schema (the emulator sends DeviceId and NetworkPolicy) are kept.
        #expect(all.json?["DeviceId"] as? String == "unknown", "unknown server properties are kept")
        #expect(all.json?["NetworkPolicy"] is [String: Any], "unknown server properties are kept")
        let some = try hub("settings", "get", "DeviceType", "PasswordPolicyRetryLimit")
        #expect(some.json?.count == 2)
        #expect(some.json?["PasswordPolicyRetryLimit"] as? Int == 10)
        let unknown = try hub("settings", "get", "NoSuchSetting")
        #expect(unknown.status == 65)
        #expect(unknown.out.isEmpty)
        #expect(unknown.errorCode == "unknown_setting")
        #expect((unknown.error?["message"] as? String)?.contains("NoSuchSetting") == true)
    }

    @Test func settingsSetWritableReadOnlyAndWrongType() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let ok = try hub("settings", "set", "DeviceModel=rack-7", "ApnsPushEnable=true")
        #expect(ok.status == 0, "\(ok)")
        #expect(ok.json?["DeviceModel"] as? String == "rack-7")
        #expect(ok.json?["ApnsPushEnable"] as? Bool == true)
        #expect(try hub("settings", "get", "DeviceModel").json?["DeviceModel"] as? String == "rack-7")

        let before = ((try emulatorState(emu)["requests"] as? [Any]) ?? []).count
        let ro = try hub("settings", "set", "CustomizationBundleId=x:1")
        #expect(ro.status == 64)
        #expect(ro.errorCode == "read_only_property")
        let wrong = try hub("settings", "set", "ApnsPushEnable=maybe")
        #expect(wrong.status == 64)
        #expect(wrong.errorCode == "wrong_type")
        let unknown = try hub("settings", "set", "Bogus=1")
        #expect(unknown.status == 64)
        let after = ((try emulatorState(emu)["requests"] as? [Any]) ?? []).count
        #expect(before == after, "refused before anything is sent")
    }

    @Test func unregisterAndUnregisterAgain() throws {
        let emu = try Emulator()
        let hub = client(emu)
        let id = try #require(try hub("register").json?["ApplicationConnectionId"] as? String)
        let r = try hub("unregister")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["applicationConnectionId"] as? String == id)
        #expect(r.json?["deleted"] as? Bool == true)
        #expect(r.json?["serverKnewIt"] as? Bool == true)
        #expect(try connections(emu).isEmpty)
        let again = try hub("unregister")
        #expect(again.status == 66)
        #expect(again.errorCode == "not_registered")
        // A connection already deleted on the server is forgotten locally too.
        let id2 = try #require(try hub("register").json?["ApplicationConnectionId"] as? String)
        _ = try run("/usr/bin/curl", ["-sS", "-X", "DELETE", "-u", "demo:demo-password", "-H", "X-SMP-APPCID: \(id2)",
                                      "\(emu.url)/odata/applications/latest/com.example.demo/Connections('\(id2)')"])
        let gone = try hub("unregister")
        #expect(gone.status == 0, "\(gone)")
        #expect(gone.json?["serverKnewIt"] as? Bool == false)
        #expect(try hub("settings", "get").status == 66)
    }

    @Test func latestFallsBackToV1AndPinnedDoesNot() throws {
        let emu = try Emulator(config: #"{"versions": ["v1"]}"#)
        let hub = client(emu)
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        #expect(try hub("settings", "get", "DeviceType").status == 0)
        let records = try hub("status").json?["registrations"] as? [[String: Any]]
        #expect(records?.first?["apiVersion"] as? String == "v1", "the version that worked is recorded")
        let pinned = try client(emu, dir: TempDir())("register", "--api-version", "v4")
        #expect(pinned.status == 66, "\(pinned)")
    }

    @Test func relayPrefixFromClientHubPlist() throws {
        let emu = try Emulator(config: #"{"pathPrefix": "ias_relay_server/client/rs_client.dll/7", "applications": [{"id": "com.example.demo", "users": {"demo": "demo-password"}, "securityConfiguration": "RelaySSO"}]}"#)
        let port = try #require(URLComponents(string: emu.url)?.port)
        let dir = TempDir("relay")
        let plist = dir.write("clienthub.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>Host</key><string>127.0.0.1</string>
          <key>Port</key><string>\(port)</string>
          <key>HTTPS</key><string>false</string>
          <key>FarmID</key><string>7</string>
          <key>SecurityConfiguration</key><string>RelaySSO</string>
          <key>UserCreationPolicy</key><string>automatic</string>
        </dict></plist>
        """)
        let hub = Hubctl(dir: dir, environment: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "demo-password"])
        let r = try hub("--plist", plist, "register")
        #expect(r.status == 0, "\(r)")
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        let post = try #require(requests.first { ($0["method"] as? String) == "POST" })
        #expect((post["path"] as? String)?.hasPrefix("/ias_relay_server/client/rs_client.dll/7/odata/") == true)
        let headers = (post["headers"] as? [String: Any]) ?? [:]
        #expect(headers.first { $0.key.lowercased() == "x-smp-sc" }?.value as? String == "RelaySSO")
    }

    @Test func wrongPasswordIs77AndNeverPrinted() throws {
        let emu = try Emulator()
        let r = try client(emu, password: "Wr0ng-Secret-Pw")("register", "--verbose")
        #expect(r.status == 77, "\(r)")
        #expect(r.out.isEmpty)
        #expect(r.errorCode == "auth_failed")
        #expect(r.error?["status"] as? Int == 401)
        #expect(!r.err.contains("Wr0ng-Secret-Pw"))
        let noPassword = try client(emu, password: nil)("register")
        #expect(noPassword.status == 77, "\(noPassword)")
    }

    @Test func passwordFromStdin() throws {
        let emu = try Emulator()
        let r = try client(emu, password: nil)("register", "--password-stdin", stdin: "demo-password\n")
        #expect(r.status == 0, "\(r)")
    }

    @Test func serverDownIs69() throws {
        // A port held by a socket that never listens: connecting is refused, and no other test's
        // server can take the port while this test runs.
        let closed = try RefusingPort()
        let hub = Hubctl(environment: ["HUBCTL_SERVER": "http://127.0.0.1:\(closed.port)", "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "x"])
        let r = try hub("register")
        #expect(r.status == 69, "\(r)")
        #expect(r.errorCode == "cannot_connect")
        withExtendedLifetime(closed) {}
    }

    @Test func serviceUnavailableStormIsRetriedThenGivesUp() throws {
        let emu = try Emulator()
        let hub = client(emu)
        try emu.control("POST", "/_emulator/faults", json: #"{"status": 503, "count": 2}"#)
        let recovered = try hub("register")
        #expect(recovered.status == 0, "recovered by retries: \(recovered)")
        try emu.control("POST", "/_emulator/faults", json: #"{"status": 503, "count": -1}"#)
        let forever = try hub("settings", "get")
        #expect(forever.status == 69, "\(forever)")
        #expect(forever.error?["status"] as? Int == 503)
    }

    @Test func slowServerTimesOutWith75() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        try emu.control("POST", "/_emulator/faults", json: #"{"delay": 4, "count": -1}"#)
        let r = try hub("--timeout", "1", "settings", "get")
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout")
    }

    @Test func missingConfigurationIs78() throws {
        let noServer = try Hubctl(environment: ["HUBCTL_APP_ID": "a"])("register")
        #expect(noServer.status == 78)
        #expect(noServer.errorCode == "missing_server")
        let message = noServer.error?["message"] as? String ?? ""
        #expect(message.contains("--server") && message.contains("HUBCTL_SERVER"))
        let noApp = try Hubctl(environment: ["HUBCTL_SERVER": "http://127.0.0.1:1"])("settings", "get")
        #expect(noApp.status == 78)
        let noAppMessage = noApp.error?["message"] as? String ?? ""
        #expect(noAppMessage.contains("HUBCTL_APP_ID"))
        let badProfile = try Hubctl(environment: ["HUBCTL_SERVER": "http://127.0.0.1:1", "HUBCTL_APP_ID": "a"])("--profile", "nope", "register")
        #expect(badProfile.status == 78)
        #expect(badProfile.errorCode == "unknown_profile")
    }

    @Test func profilesFromConfigFileAndFlagsWin() throws {
        let emu = try Emulator()
        let dir = TempDir("profile")
        _ = dir.write("config/hubctl/config.yaml", """
        default:
          server: http://127.0.0.1:1
          app-id: com.example.demo
        staging:
          server: \(emu.url)
          app-id: com.example.demo
          user: demo
        """)
        let hub = Hubctl(dir: dir, environment: ["HUBCTL_PASSWORD": "demo-password"])
        let viaProfile = try hub("--profile", "staging", "register")
        #expect(viaProfile.status == 0, "\(viaProfile)")
        let viaEnv = try hub("register", env: ["HUBCTL_SERVER": emu.url, "HUBCTL_USER": "demo"])
        #expect(viaEnv.status == 0, "environment beats the default profile: \(viaEnv)")
        let flagWins = try hub("--server", "http://127.0.0.1:1", "--profile", "staging", "settings", "get", "--timeout", "2")
        // With the profile's server this would succeed; with the flag's there is no registration.
        #expect(flagWins.status == 66, "the flag beats the profile: \(flagWins)")
        #expect(flagWins.errorCode == "not_registered", "\(flagWins)")
    }

    @Test func garbageAnswerIs65() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        try emu.control("POST", "/_emulator/faults", json: #"{"garbage": "<<<not odata>>>", "count": 1}"#)
        let r = try hub("settings", "get")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "malformed_response")
        #expect(r.out.isEmpty)
    }

    /// Anonymous registration uses the address each platform documents (issue 38): SMP 3's `public/`,
    /// Mobile Services' plain one (its "Managing App Registrations" page); with --platform auto hubctl
    /// asks the server first. The emulator has no `public/` address as Mobile Services.
    @Test func anonymousApplicationUsesEachPlatformsAddress() throws {
        for (serverPlatform, flag, expectPublic, asks) in [("smp3", "auto", true, true), ("mobile-services", "auto", false, true),
                                                           ("smp3", "smp3", true, false), ("mobile-services", "mobile-services", false, false)] {
            let emu = try Emulator()
            try setPlatform(emu, serverPlatform)
            let hub = Hubctl(environment: ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.anon", "HUBCTL_ANONYMOUS": "1"])
            let r = try hub("register", "--platform", flag)
            #expect(r.status == 0, "\(serverPlatform) --platform \(flag): \(r)")
            let read = try hub("settings", "get", "--platform", flag)
            #expect(read.status == 0, "\(serverPlatform) --platform \(flag): \(read)")
            let paths = try loggedRequests(emu).map(\.path)
            let connections = paths.filter { $0.contains("/Connections") }
            #expect(connections.count == 2, "\(paths)")
            #expect(connections.allSatisfy { $0.hasPrefix("/public/odata/") == expectPublic }, "\(serverPlatform) --platform \(flag): \(paths)")
            #expect(paths.filter { $0 == "/mobileservices/management/versions" }.count == (asks ? 2 : 0), "\(serverPlatform) --platform \(flag): \(paths)")
        }
        // A server that is Mobile Services has no public/ address: hubctl told to treat it as SMP 3 meets a 404.
        let emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        let hub = Hubctl(environment: ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.anon", "HUBCTL_ANONYMOUS": "1"])
        let wrong = try hub("register", "--platform", "smp3", "--api-version", "v1")
        #expect(wrong.status == 66, "\(wrong)")
    }
}
