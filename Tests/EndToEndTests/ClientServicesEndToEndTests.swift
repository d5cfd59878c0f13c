// Push, client logs, usage, whoami, policies and capabilities through the built hubctl against
// hubctl-emulator as Mobile Services and as SMP 3 (issue 13 "Done means").
import Foundation
import Testing

/// The emulator's record of what the client services received.
func received(_ emu: Emulator) throws -> [String: Any] {
    let (status, body) = try emu.control("GET", "/_emulator/received")
    #expect(status == 200)
    return (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
}

func setPlatform(_ emu: Emulator, _ platform: String) throws {
    let (status, body) = try emu.control("PUT", "/_emulator/platform", json: #"{"platform": "\#(platform)"}"#)
    #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
}

func setServices(_ emu: Emulator, _ json: String) throws {
    let (status, body) = try emu.control("PUT", "/_emulator/services", json: json)
    #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
}

/// A valid log line `n` (the message names it, so the record's first and last lines can be checked).
func logLine(_ n: Int, severity: String = "INFO") -> String {
    "#2024-07-01T17:16:08.637+02:00#\(severity)#corr-\(n)#hubctl-test#Tests.swift:\(n)#message \(n) with an escaped \\# inside#"
}

@Suite(.serialized) struct ClientServicesEndToEndTests {
    /// A registered hubctl against a fresh emulator playing `platform`.
    func registered(_ platform: String, capability: [String] = []) throws -> (Emulator, Hubctl, String) {
        let emu = try Emulator()
        try setPlatform(emu, platform)
        let hub = client(emu)
        let r = try hub.run(["register"] + capability.flatMap { ["--capability", $0] })
        #expect(r.status == 0, "\(r)")
        let id = try #require(r.json?["ApplicationConnectionId"] as? String)
        return (emu, hub, id)
    }

    // MARK: push

    @Test func pushOnMobileServicesCreatesThenUpdatesOn409AndDeletes() throws {
        let (emu, hub, id) = try registered("mobile-services")
        let first = try hub("push", "register", "--os", "android", "--token", "tok-1", "--group", "qa")
        #expect(first.status == 0, "\(first)")
        #expect(first.json?["action"] as? String == "created")
        #expect(first.json?["platform"] as? String == "mobile-services")
        #expect(first.json?["deviceId"] as? String == id)
        #expect(first.json?.keys.contains("pushId") == true)
        let again = try hub("push", "register", "--os", "android", "--token", "tok-2")
        #expect(again.status == 0, "\(again)")
        #expect(again.json?["action"] as? String == "updated", "409 on create → update")
        let push = try #require((try received(emu)["push"] as? [[String: Any]])?.first)
        #expect(push["deviceId"] as? String == id)
        #expect(push["writes"] as? Int == 2)
        #expect((push["body"] as? [String: Any])?["pushToken"] as? String == "tok-2")
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        let pushMethods = requests.filter { ($0["path"] as? String)?.contains("/push/") == true }.map { $0["method"] as? String ?? "" }
        #expect(pushMethods == ["POST", "POST", "PUT"])

        let id2 = try hub("push", "id", "--os", "w3cpushapi")
        #expect(id2.status == 0, "\(id2)")
        #expect(id2.json?["pushId"] as? String == "emulator-w3cpushapi-push-id")

        let gone = try hub("push", "unregister", "--os", "android")
        #expect(gone.json?["action"] as? String == "deleted", "\(gone)")
        let absent = try hub("push", "unregister", "--os", "android")
        #expect(absent.status == 0)
        #expect(absent.json?["action"] as? String == "absent")
    }

    @Test func pushNotConfiguredIs69() throws {
        let (emu, hub, _) = try registered("mobile-services")
        try setServices(emu, #"{"appId": "com.example.demo", "pushConfigured": false}"#)
        let r = try hub("push", "register", "--os", "ios", "--token", "abc")
        #expect(r.status == 69, "\(r)")
        #expect(r.errorCode == "push_not_configured")
        #expect(r.stdout.isEmpty)
        let bad = try hub("push", "register", "--os", "symbian", "--token", "abc")
        #expect(bad.status == 64)
        #expect(bad.errorCode == "invalid_push_os")
    }

    @Test func pushOnSMP3SetsTheConnectionProperties() throws {
        let (emu, hub, id) = try registered("smp3")
        let r = try hub("push", "register", "--os", "ios", "--token", "apns-token-1")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["platform"] as? String == "smp3")
        #expect(r.json?["action"] as? String == "updated")
        #expect(r.json?["deviceId"] as? String == id)
        let props = try #require(try connections(emu).first?["properties"] as? [String: Any])
        #expect(props["ApnsDeviceToken"] as? String == "apns-token-1")
        #expect(props["ApnsPushEnable"] as? Bool == true)
        #expect((try received(emu)["push"] as? [Any])?.isEmpty == true, "nothing went to the push API")
        let off = try hub("push", "unregister", "--os", "ios")
        #expect(off.status == 0, "\(off)")
        let after = try #require(try connections(emu).first?["properties"] as? [String: Any])
        #expect(after["ApnsPushEnable"] as? Bool == false)
        #expect(after["ApnsDeviceToken"] is NSNull)
        let custom = try hub("push", "register", "--os", "baidu", "--token", "x")
        #expect(custom.status == 64)
        #expect(custom.errorCode == "invalid_push_os")
    }

    // MARK: logs

    @Test func logsUploadOnMobileServicesSplitsAtTheCapOnLineBoundaries() throws {
        let (emu, hub, id) = try registered("mobile-services")
        let lines = (1...40).map { logLine($0) }
        let text = lines.joined(separator: "\n") + "\n"
        let file = hub.dir.write("device.log", text)
        // Each line is ~100 bytes: a 1 KiB cap needs several requests.
        let r = try hub("logs", "upload", "--max-request-size", "1K", file)
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json)
        #expect(json["lines"] as? Int == 40)
        #expect(json["bytes"] as? Int == text.utf8.count)
        let logs = try #require(try received(emu)["logs"] as? [[String: Any]])
        #expect(json["requests"] as? Int == logs.count)
        #expect(logs.count >= 4)
        #expect(logs.allSatisfy { ($0["bytes"] as? Int ?? 0) <= 1024 && $0["accepted"] as? Bool == true })
        #expect(logs.allSatisfy { $0["deviceId"] as? String == id && $0["platform"] as? String == "mobile-services" })
        #expect(logs.reduce(0) { $0 + ($1["lines"] as? Int ?? 0) } == 40)
        #expect(logs.reduce(0) { $0 + ($1["bytes"] as? Int ?? 0) } == text.utf8.count)
        // Each request starts where the previous one ended: line boundaries, in order.
        var next = 1
        for log in logs {
            #expect(log["firstLine"] as? String == logLine(next))
            next += log["lines"] as? Int ?? 0
            #expect(log["lastLine"] as? String == logLine(next - 1))
        }
        #expect((logs.first?["contentType"] as? String)?.hasPrefix("text/plain") == true)
    }

    @Test func aBadLineIsReportedWithItsNumberAndNothingIsSent() throws {
        let (emu, hub, _) = try registered("mobile-services")
        var lines = (1...10).map { logLine($0) }
        lines[6] = "#2024-07-01T17:16:08.637+02:00#LOUD#c#s#l#m#"
        let file = hub.dir.write("bad.log", lines.joined(separator: "\n") + "\n")
        let r = try hub("logs", "upload", file)
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "invalid_log_line")
        #expect((r.error?["message"] as? String)?.contains("Line 7 ") == true, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect((try received(emu)["logs"] as? [Any])?.isEmpty == true, "nothing was sent")
        let fromStdin = try hub.run(["logs", "upload", "-"], stdin: Data("#not a log line\n".utf8))
        #expect(fromStdin.status == 65)
        #expect((fromStdin.error?["message"] as? String)?.contains("Line 1 of stdin") == true, "\(fromStdin)")
    }

    @Test func logUploadDisabledIs77() throws {
        let (emu, hub, _) = try registered("mobile-services")
        try setServices(emu, #"{"appId": "com.example.demo", "logUploadEnabled": false}"#)
        let file = hub.dir.write("d.log", logLine(1) + "\n")
        let r = try hub("logs", "upload", file)
        #expect(r.status == 77, "\(r)")
        #expect(r.errorCode == "log_upload_disabled")
        #expect((r.error?["message"] as? String)?.contains("log upload is not enabled for this application") == true)
    }

    /// SMP 3 has no settings exchange: the connection's UploadLogs and ConnectionLogLevel decide
    /// (Mobile Services' logSettings: ClientServicesSAPShapesEndToEndTests).
    @Test func fromSettingsOnSMP3FollowsTheConnection() throws {
        let (emu, hub, _) = try registered("smp3")
        let text = [logLine(1, severity: "DEBUG"), logLine(2, severity: "ERROR"), logLine(3, severity: "INFO"), logLine(4, severity: "FATAL")]
            .joined(separator: "\n") + "\n"
        let file = hub.dir.write("d.log", text)
        // The emulator's connections start with UploadLogs false.
        let skipped = try hub("logs", "upload", "--from-settings", file)
        #expect(skipped.status == 0, "\(skipped)")
        #expect(skipped.json?["uploaded"] as? Bool == false)
        #expect((skipped.json?["skipped"] as? String)?.contains("UploadLogs") == true)
        #expect((try received(emu)["logs"] as? [Any])?.isEmpty == true)

        let (status, _) = try emu.control("PUT", "/_emulator/settings",
                                          json: #"{"appId": "com.example.demo", "settings": {"UploadLogs": true, "ConnectionLogLevel": "ERROR"}}"#)
        #expect(status == 200)
        let sent = try hub("logs", "upload", "--from-settings", file)
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.json?["lines"] as? Int == 2)
        #expect(sent.json?["filteredLines"] as? Int == 2)
        #expect(sent.json?["minimumSeverity"] as? String == "ERROR")
        let log = try #require((try received(emu)["logs"] as? [[String: Any]])?.first)
        #expect(log["lines"] as? Int == 2)
        #expect(log["firstLine"] as? String == logLine(2, severity: "ERROR"))
        #expect(log["lastLine"] as? String == logLine(4, severity: "FATAL"))
    }

    @Test func logsUploadOnSMP3IsMultipartToClientlogs() throws {
        let (emu, hub, id) = try registered("smp3")
        let text = (1...12).map { logLine($0) }.joined(separator: "\n") + "\n"
        let file = hub.dir.write("d.log", text)
        let r = try hub("logs", "upload", "--max-request-size", "600", file)
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["platform"] as? String == "smp3")
        let logs = try #require(try received(emu)["logs"] as? [[String: Any]])
        #expect(logs.count == r.json?["requests"] as? Int)
        #expect(logs.count >= 2)
        #expect(logs.allSatisfy { $0["platform"] as? String == "smp3" && $0["deviceId"] as? String == id })
        #expect(logs.allSatisfy { ($0["contentType"] as? String)?.hasPrefix("multipart/form-data") == true })
        #expect(logs.reduce(0) { $0 + ($1["lines"] as? Int ?? 0) } == 12)
        #expect(logs.first?["firstLine"] as? String == logLine(1))
        #expect(logs.last?["lastLine"] as? String == logLine(12))
        try setServices(emu, #"{"appId": "com.example.demo", "logUploadEnabled": false}"#)
        let refused = try hub("logs", "upload", file)
        #expect(refused.status == 77, "\(refused)")
        #expect(refused.errorCode == "log_upload_disabled")
    }

    // MARK: usage, whoami, policy

    @Test func usageUploadChecksTheShapeThenPosts() throws {
        let (emu, hub, id) = try registered("mobile-services")
        let good = hub.dir.write("u.json", #"{"report": "r-1", "appInfo": {"application": "com.example.demo"}, "deviceInfo": {"deviceID": "linux-1"}, "sessions": [{"sessionInfo": {"sessionId": "s-1"}, "events": [{"type": "start", "time": "2024-07-01T17:16:08.637+02:00"}, {"type": "stop", "time": "2024-07-01T17:17:08.637+02:00"}]}]}"#)
        let r = try hub("usage", "upload", good)
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["sessions"] as? Int == 1)
        #expect(r.json?["events"] as? Int == 2)
        let usage = try #require((try received(emu)["usage"] as? [[String: Any]])?.first)
        #expect(usage["deviceId"] as? String == id)
        let bad = hub.dir.write("bad.json", #"{"sessions": [{"events": 3}]}"#)
        let refused = try hub("usage", "upload", bad)
        #expect(refused.status == 65)
        #expect(refused.errorCode == "invalid_usage_report")
        #expect((try received(emu)["usage"] as? [Any])?.count == 1, "the bad report was not sent")
    }

    @Test func whoamiPrintsRolesAndExplains412() throws {
        let (emu, hub, _) = try registered("mobile-services")
        try setServices(emu, #"{"appId": "com.example.demo", "roles": ["Everyone", "Supervisor"]}"#)
        let r = try hub("whoami")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["userName"] as? String == "demo")
        #expect(r.json?["roles"] as? [String] == ["Everyone", "Supervisor"])
        try setServices(emu, #"{"appId": "com.example.demo", "accessControl": false}"#)
        let off = try hub("whoami")
        #expect(off.status == 69, "\(off)")
        #expect(off.errorCode == "access_control_disabled")
        #expect((off.error?["message"] as? String)?.contains("access control is not enabled") == true)
        let (smpEmu, smpHub, _) = try registered("smp3")
        let onSMP = try withExtendedLifetime(smpEmu) { try smpHub("whoami") }
        #expect(onSMP.status == 64, "\(onSMP)")
    }

    @Test func policyGetIsTypedAndRecordsThePasscodePolicy() throws {
        let (emu, hub, _) = try registered("mobile-services")
        try setServices(emu, #"{"appId": "com.example.demo", "policies": {"passwordPolicy": {"passwordPolicyEnabled": "true", "passwordPolicyMinLength": "12"}}}"#)
        let all = try hub("policy", "get")
        #expect(all.status == 0, "\(all)")
        let policies = try #require(all.json?["policies"] as? [String: Any])
        #expect(Set(policies.keys).isSuperset(of: ["passwordPolicy", "featureVectorPolicies", "logSettings", "attestationSettings"]))
        let one = try hub("policy", "get", "passwordPolicy")
        let password = try #require((one.json?["policies"] as? [String: Any])?["passwordPolicy"] as? [String: Any])
        #expect(password["passwordPolicyMinLength"] as? Int == 12)
        #expect(password["passwordPolicyEnabled"] as? Bool == true)
        let recorded = try String(contentsOfFile: hub.dir.path + "/home/passcode-policy.json", encoding: .utf8)
        #expect(recorded.contains("\"PasswordPolicyMinLength\""))
        let missing = try hub("policy", "get", "noSuchPolicy")
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.errorCode == "policy_not_found")
        let (smpEmu, smpHub, _) = try registered("smp3")
        let smp = try withExtendedLifetime(smpEmu) { try smpHub("policy", "get") }
        #expect(smp.status == 0, "\(smp)")
        #expect(smp.json?["platform"] as? String == "smp3")
        let smpPassword = (smp.json?["policies"] as? [String: Any])?["passwordPolicy"] as? [String: Any]
        #expect(smpPassword?["passwordPolicyMinLength"] as? Int == 8)
    }

    /// Issue 38: Mobile Services' `passwordPolicyIsDigitsOnly` is enforced, and a special character
    /// is any character but a letter or a digit (SAP's Fiori passcode policy).
    @Test func theVaultFollowsSAPsDigitsOnlyAndSpecialCharacterRules() throws {
        let (emu, hub, _) = try registered("mobile-services")
        try setServices(emu, #"{"appId": "com.example.demo", "policies": {"passwordPolicy": {"passwordPolicyEnabled": "true", "passwordPolicyMinLength": "6", "passwordPolicyIsDigitsOnly": "true", "passwordPolicyUpperRequired": "true"}}}"#)
        #expect(try hub("policy", "get").status == 0)
        let letters = try hub.run(["vault", "init"], env: ["HUBCTL_VAULT_KEY": "", "HUBCTL_VAULT_PASSPHRASE": "Abcdef12"])
        #expect(letters.status == 64, "\(letters)")
        #expect(letters.err.contains("digits only"), "\(letters.err)")
        let digits = try hub.run(["vault", "init"], env: ["HUBCTL_VAULT_KEY": "", "HUBCTL_VAULT_PASSPHRASE": "314159"])
        #expect(digits.status == 0, "the upper-case rule does not apply to digits only: \(digits)")

        let (emu2, hub2, _) = try registered("mobile-services")
        try setServices(emu2, #"{"appId": "com.example.demo", "policies": {"passwordPolicy": {"passwordPolicyEnabled": "true", "passwordPolicySpecialRequired": "true"}}}"#)
        #expect(try hub2("policy", "get").status == 0)
        let dot = try hub2.run(["vault", "init"], env: ["HUBCTL_VAULT_KEY": "", "HUBCTL_VAULT_PASSPHRASE": "correct.horse"])
        #expect(dot.status == 0, "`.` is special to SAP: \(dot)")
    }

    // MARK: capabilities, platform, server down

    @Test func registerWithCapabilitiesAndReadThemBack() throws {
        let (emu, hub, _) = try registered("mobile-services", capability: ["push:Module=Orders", "push:Module=Tickets"])
        let r = try hub("settings", "get", "--expand", "Capability", "DeviceType")
        #expect(r.status == 0, "\(r)")
        let caps = try #require(r.json?["Capability"] as? [[String: Any]])
        #expect(caps.count == 2)
        #expect(caps.first?["Category"] as? String == "push")
        #expect(caps.first?["CapabilityName"] as? String == "Module")
        #expect(caps.map { $0["CapabilityValue"] as? String ?? "" } == ["Orders", "Tickets"])
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        #expect(requests.contains { ($0["query"] as? String)?.contains("$expand=Capability") == true })
        let bad = try client(emu, dir: TempDir())("register", "--capability", "no-colon")
        #expect(bad.status == 64)
        #expect(bad.errorCode == "invalid_capability")
    }

    /// Issue 38: capabilities need registration service version 3 or later (SAP's "Capabilities upon
    /// registration"): refused before anything is sent for v1 and v2, never sent to a v1 fallback.
    @Test func capabilitiesNeedServiceVersion3() throws {
        let emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        for version in ["v1", "v2"] {
            let hub = client(emu, dir: TempDir())
            try emu.control("DELETE", "/_emulator/requests")
            let r = try hub("register", "--capability", "push:Module=Orders", "--api-version", version)
            #expect(r.status == 64, "\(version): \(r)")
            #expect(r.errorCode == "invalid_capability", "\(version): \(r)")
            #expect(try loggedRequests(emu).filter { $0.path.contains("/Connections") }.isEmpty, "nothing was sent")
        }
        let v3 = try client(emu, dir: TempDir())("register", "--capability", "push:Module=Orders", "--api-version", "v3")
        #expect(v3.status == 0, "\(v3)")
        // An emulator without `latest` answers it 404: with capabilities there is no v1 fallback.
        let old = try Emulator(config: #"{"versions": ["v1"]}"#)
        let hub = client(old, dir: TempDir())
        let r = try hub("register", "--capability", "push:Module=Orders")
        #expect(r.status == 66, "\(r)")
        #expect(try loggedRequests(old).filter { $0.path.contains("/v1/") }.isEmpty, "no capability went to v1")
        #expect(try hub("register").status == 0, "without capabilities the v1 fallback still works")
    }

    @Test func platformFlagSkipsTheQuestionAndBadValuesAre78() throws {
        let (emu, hub, _) = try registered("smp3")
        try emu.control("DELETE", "/_emulator/requests")
        let r = try hub("policy", "get", "--platform", "smp3")
        #expect(r.status == 0, "\(r)")
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        #expect(!requests.contains { ($0["path"] as? String)?.contains("management/versions") == true })
        let bad = try hub("policy", "get", env: ["HUBCTL_PLATFORM": "cloud"])
        #expect(bad.status == 78)
        #expect(bad.errorCode == "invalid_platform")
    }

    @Test func serverDownIs69AndNotRegisteredIs66() throws {
        let port = try RefusingPort()
        let hub = Hubctl(environment: ["HUBCTL_SERVER": "http://127.0.0.1:\(port.port)", "HUBCTL_APP_ID": "com.example.demo",
                                       "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "x"])
        let file = hub.dir.write("d.log", logLine(1) + "\n")
        let none = try hub("logs", "upload", file)
        #expect(none.status == 66, "no registration: \(none)")
        #expect(none.errorCode == "not_registered")
        // A registration recorded against a server that is now down.
        let emu = try Emulator()
        let live = client(emu, dir: hub.dir)
        #expect(try live("register").status == 0)
        let down = Hubctl(dir: hub.dir, environment: live.environment.merging(["HUBCTL_SERVER": emu.url]) { $1 })
        emu.process.terminate()
        emu.process.waitUntilExit()
        for args in [["logs", "upload", file], ["push", "register", "--os", "ios", "--token", "t"], ["whoami"], ["policy", "get"]] {
            let r = try down.run(args + ["--timeout", "5", "--deadline", "10"])
            #expect(r.status == 69, "\(args): \(r)")
            #expect(r.errorCode == "cannot_connect", "\(args): \(r)")
        }
    }
}
