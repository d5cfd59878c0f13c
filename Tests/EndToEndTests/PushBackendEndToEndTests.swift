// The operator's side of push (issues 24 and 28): `hubctl push send|status|registrations|localizations`
// through the built hubctl against hubctl-emulator's Notification Backend API, which answers in the
// shapes of SAP's recorded answers (Tests/Fixtures/sap/push): results per device registration with
// SAP's completion codes, 404 "no registrations", the v1 status; with a service key (API key), a
// binding (client credentials) and VCAP_SERVICES.
import Foundation
import Testing

/// An emulator playing Mobile Services with `demo` registered for push (group ops), and an operator
/// hubctl whose directory holds `key.json` (API key) and `binding.json` (client credentials).
func pushOperatorSetUp() throws -> (Emulator, Hubctl, TempDir) {
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

/// The notifications the emulator recorded (`GET /_emulator/push/notifications`).
func pushNotifications(_ emu: Emulator) throws -> [[String: Any]] {
    let (status, body) = try emu.control("GET", "/_emulator/push/notifications")
    #expect(status == 200)
    return ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["notifications"] as? [[String: Any]]) ?? []
}

@Suite(.serialized) struct PushBackendEndToEndTests {
    func setUp() throws -> (Emulator, Hubctl, TempDir) { try pushOperatorSetUp() }

    func notifications(_ emu: Emulator) throws -> [[String: Any]] { try pushNotifications(emu) }

    /// The registration ids of a user's devices, as `push registrations` lists them.
    func registrationIds(_ op: Hubctl, _ dir: TempDir, user: String) throws -> [String] {
        let r = try op("push", "registrations", "--service-key", dir.file("key.json"), "--user", user)
        #expect(r.status == 0, "\(r)")
        let list = (try? JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]]) ?? []
        return list.compactMap { $0["id"] as? String }
    }

    func results(_ r: RunResult) -> [[String: Any]] { (r.json?["results"] as? [[String: Any]]) ?? [] }

    @Test func codeZeroIsSentAndEachResultIsADeviceRegistration() throws {
        let (emu, op, dir) = try setUp()
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--users", "demo,nobody", "--alert", "Maintenance at 22:00", "--badge", "1")
        // Only demo has a registration: SAP answers with results for the registrations it found
        // and says nothing of the others, so hubctl reports what it can know.
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["sent"] as? Int == 1)
        #expect(r.json?["failed"] as? Int == 0)
        #expect(r.json?["usersAsked"] as? Int == 2)
        let result = try #require(results(r).first)
        #expect(result["code"] as? Int == 0)
        #expect(result["outcome"] as? String == "sent")
        #expect(result["registrationId"] as? String == (try registrationIds(op, dir, user: "demo")).first, "the target is the device's registration, not the user")
        #expect(result["target"] == nil && result["user"] == nil)
        let sent = try notifications(emu)
        #expect(sent.count == 1)
        #expect((sent.first?["notification"] as? [String: Any])?["alert"] as? String == "Maintenance at 22:00")
        #expect((sent.first?["devices"] as? [[String: Any]])?.first?["user"] as? String == "demo")
        #expect(!r.out.contains("emulator-push-api-key") && !r.err.contains("emulator-push-api-key"))
    }

    @Test func queuedIsSuccessAndAFailedDeviceIsExit3WithTheReasonNamed() throws {
        let (emu, op, dir) = try setUp()
        let (seeded, _) = try emu.control("POST", "/_emulator/push/registrations", json: """
            {"appId": "com.example.demo", "registrations": [
             {"user": "queued", "deviceId": "dev-q", "os": "ios", "pushToken": "tok-q", "completionCode": -1},
             {"user": "rejected", "deviceId": "dev-r", "os": "android", "pushToken": "tok-r", "completionCode": 6}]}
            """)
        #expect(seeded == 200)
        let q = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--users", "demo,queued", "--alert", "x")
        #expect(q.status == 0, "queued is success: \(q)")
        #expect(q.json?["sent"] as? Int == 1)
        #expect(q.json?["queued"] as? Int == 1)
        #expect(results(q).contains { $0["outcome"] as? String == "queued" && $0["reason"] as? String == "queued_provider_unreachable" })
        let f = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--users", "demo,rejected", "--alert", "x")
        #expect(f.status == 3, "\(f)")
        #expect(f.json?["sent"] as? Int == 1)
        #expect(f.json?["failed"] as? Int == 1)
        let failed = try #require(results(f).first { $0["outcome"] as? String == "failed" })
        #expect(failed["code"] as? Int == 6)
        #expect(failed["reason"] as? String == "token_rejected_by_provider")
        #expect(failed["registrationId"] as? String == (try registrationIds(op, dir, user: "rejected")).first)
    }

    @Test func bindingUsesClientCredentialsAndStatusReadsBack() throws {
        let (emu, op, dir) = try setUp()
        let all = try op("push", "send", "--binding", dir.file("binding.json"), "--app-id", "com.example.demo", "--all",
                         "--alert", "hello", "--custom", "k=v", "--verbose")
        #expect(all.status == 0, "\(all)")
        #expect(!all.err.contains("push-client-secret"), "the client secret never reaches --verbose")
        // Every device: taken asynchronously, a correlation id and no per-device results.
        #expect(all.json?["accepted"] as? Int == 1)
        #expect((all.json?["correlationIds"] as? [String])?.count == 1)
        #expect(results(all).isEmpty)
        #expect(all.json?["sent"] as? Int == 0)
        let r = try op("push", "send", "--binding", dir.file("binding.json"), "--app-id", "com.example.demo", "--user", "demo", "--alert", "hello")
        #expect(r.status == 0, "\(r)")
        let id = try #require(results(r).first?["notificationId"] as? String)
        let s = try op("push", "status", "--binding", dir.file("binding.json"), id)
        #expect(s.status == 0, "\(s)")
        #expect(s.json?["status"] as? String == "SENT")
        #expect(s.json?["notificationType"] as? String == "android", "the device's push provider")
        #expect(s.json?["caller"] as? String == "push-client")
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        #expect(requests.contains { ($0["path"] as? String)?.hasPrefix("/mobileservices/push/v1/backend/notifications/") == true }, "the status is v1")
        let regs = try op("push", "registrations", "--binding", dir.file("binding.json"), "--group", "ops")
        #expect(regs.status == 0, "\(regs)")
        #expect(regs.out.contains("\"demo\""))
        _ = emu
    }

    @Test func usersFromStdinIsSplitIntoRequestsOfAtMost1000() throws {
        let (emu, op, dir) = try setUp()
        let users = (1...2_500).map { "user-\($0)" }.joined(separator: "\n") + "\ndemo\n"
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--users-from", "-", "--alert", "hi", stdin: users)
        // The first two requests name no user with a registration: SAP's 404 "no registrations" each.
        #expect(r.status == 3, "\(r)")
        #expect(r.json?["requests"] as? Int == 3)
        #expect(r.json?["sent"] as? Int == 1)
        #expect(r.json?["usersAsked"] as? Int == 2_501)
        #expect(r.json?["requestsWithoutRegistrations"] as? Int == 2)
        #expect((r.json?["usersWithoutRegistration"] as? [String])?.count == 2_000)
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

    // MARK: Every target kind, and the device's own push token

    /// The notifications the emulator recorded, and how many client-credentials tokens it issued.
    func record(_ emu: Emulator) throws -> (notifications: [[String: Any]], tokensIssued: Int) {
        let (status, body) = try emu.control("GET", "/_emulator/push/notifications")
        #expect(status == 200)
        let doc = (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
        return ((doc["notifications"] as? [[String: Any]]) ?? [], (doc["tokensIssued"] as? Int) ?? -1)
    }

    func devices(_ notification: [String: Any]?) -> [[String: Any]] {
        (notification?["devices"] as? [[String: Any]]) ?? []
    }

    @Test func oneDeviceOfAUserGetsItOnItsPushTokenAndStatusReadsIt() throws {
        let (emu, op, dir) = try setUp()
        let regs = try op("push", "registrations", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--user", "demo")
        #expect(regs.status == 0, "\(regs)")
        let list = try #require(try JSONSerialization.jsonObject(with: regs.stdout) as? [[String: Any]])
        #expect(list.count == 1)
        let deviceId = try #require(list.first?["device"] as? String)
        #expect(list.first?["username"] as? String == "demo")
        #expect(list.first?.keys.sorted() == ["device", "deviceModel", "formFactor", "id", "pushGroup", "pushProvider", "userLocale", "username"])
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--user", "demo", "--device", deviceId, "--alert", "Disk full on node 3")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["sent"] as? Int == 1)
        let id = try #require((r.json?["results"] as? [[String: Any]])?.first?["notificationId"] as? String)
        let sent = try record(emu).notifications
        #expect(sent.count == 1)
        #expect(sent.first?["notificationId"] as? String == id)
        #expect(sent.first?["notificationType"] as? String == "DEVICE")
        #expect(devices(sent.first).count == 1)
        #expect(devices(sent.first).first?["pushToken"] as? String == "tok-1", "the token the device registered with")
        #expect(devices(sent.first).first?["deviceId"] as? String == deviceId)
        #expect((sent.first?["notification"] as? [String: Any])?["alert"] as? String == "Disk full on node 3")
        let s = try op("push", "status", "--service-key", dir.file("key.json"), id)
        #expect(s.status == 0, "\(s)")
        #expect(s.json?["notificationId"] as? String == id)
        #expect(s.json?["status"] as? String == "SENT")
        #expect(s.json?["notificationType"] as? String == "android")
    }

    @Test func groupTopicAndCapabilityReachTheirDevicesOnly() throws {
        let (emu, op, dir) = try setUp()
        // A second device, registered as a device would with topics and capabilities (which
        // `hubctl push register` does not send).
        let (seeded, _) = try emu.control("POST", "/_emulator/push/registrations", json: """
            {"appId": "com.example.demo", "registrations": [{"user": "carol", "deviceId": "dev-carol", "os": "ios",
             "pushToken": "tok-carol", "pushGroup": "sales", "topics": ["outages"], "capabilities": ["sap.mobile.push.silent"]}]}
            """)
        #expect(seeded == 200)
        let key = dir.file("key.json")
        func send(_ target: String...) throws -> (RunResult, [String: Any]?) {
            _ = try emu.control("DELETE", "/_emulator/push/notifications")
            let r = try op.run(["push", "send", "--service-key", key, "--app-id", "com.example.demo"] + target + ["--alert", "x"])
            return (r, try record(emu).notifications.last)
        }
        let (group, g) = try send("--group", "ops")
        #expect(group.status == 0, "\(group)")
        #expect(g?["notificationType"] as? String == "GROUP")
        #expect(devices(g).compactMap { $0["pushToken"] as? String } == ["tok-1"])
        let (topic, t) = try send("--topic", "outages")
        #expect(topic.status == 0, "\(topic)")
        #expect(t?["notificationType"] as? String == "TOPIC")
        #expect(devices(t).compactMap { $0["pushToken"] as? String } == ["tok-carol"])
        let (capability, c) = try send("--capability", "sap.mobile.push.silent")
        #expect(capability.status == 0, "\(capability)")
        #expect(c?["notificationType"] as? String == "CAPABILITY")
        #expect(devices(c).compactMap { $0["pushToken"] as? String } == ["tok-carol"])
        let (all, a) = try send("--all")
        #expect(all.status == 0, "\(all)")
        #expect(a?["notificationType"] as? String == "APPLICATION")
        #expect(Set(devices(a).compactMap { $0["pushToken"] as? String }) == ["tok-1", "tok-carol"])
        let (empty, e) = try send("--group", "nobody-is-in-this-group")
        #expect(empty.status == 66, "a group without devices got nothing, the send's failure (issue 39): \(empty)")
        #expect(empty.errorCode == "no_registrations")
        #expect(empty.json?["requestsWithoutRegistrations"] as? Int == 1)
        #expect(results(empty).isEmpty)
        #expect(e == nil, "nothing was recorded")
    }

    @Test func aUserWithNoRegistrationIsAFailedTargetAndNothingIsSent() throws {
        let (emu, op, dir) = try setUp()
        let r = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo",
                       "--user", "nobody", "--alert", "x")
        // Nothing at all was sent: the send failed (66, no_registrations), it did not partly fail
        // (3), and the report still says who has no registration (issue 39, item 8).
        #expect(r.status == 66, "\(r)")
        #expect(r.errorCode == "no_registrations")
        #expect(r.json?["sent"] as? Int == 0)
        #expect(r.json?["usersWithoutRegistration"] as? [String] == ["nobody"])
        #expect(r.json?["requestsWithoutRegistrations"] as? Int == 1)
        #expect(r.json?["serviceMessages"] as? [String] == ["no registrations for given user names found"], "SAP's words")
        #expect(r.err.contains("sent nothing for 1 of 1 request (HTTP 404): no registrations for given user names found"), "\(r.err)")
        #expect(results(r).isEmpty)
        #expect(try record(emu).notifications.isEmpty)
        // A key of another application: the service's 404 is not SAP's "no registrations" answer (its
        // status code is not the recorded 400), so it is the error it is (66), in the service's words,
        // never "these users have no device" (issue 38).
        let (status, _) = try emu.control("PUT", "/_emulator/push/credentials",
                                          json: #"{"apiKeys": [{"key": "emulator-push-api-key", "alias": "emulator", "appId": "com.example.other"}]}"#)
        #expect(status == 204)
        let other = try op("push", "send", "--service-key", dir.file("key.json"), "--app-id", "com.example.demo", "--user", "demo", "--alert", "x")
        #expect(other.status == 66, "\(other)")
        #expect(other.out.isEmpty, "no report: \(other.out)")
        #expect(other.err.contains("com.example.demo") && other.err.contains("no registrations") && other.err.contains("not_found"), "\(other.err)")
    }

    // MARK: Client-credentials tokens cached in the vault

    static let vaultKey = Data((0..<32).map { UInt8(255 - $0) }).base64EncodedString()

    @Test func clientCredentialsTokenIsReusedAcrossCommandsAndRenewedWhenRefused() throws {
        let (emu, op, dir) = try setUp()
        let env = ["HUBCTL_VAULT_KEY": Self.vaultKey]
        let binding = dir.file("binding.json")
        let first = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--user", "demo", "--alert", "one", env: env)
        #expect(first.status == 0, "\(first)")
        #expect(try record(emu).tokensIssued == 1)
        let second = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--user", "demo", "--alert", "two",
                            "--verbose", env: env)
        #expect(second.status == 0, "\(second)")
        #expect(try record(emu).tokensIssued == 1, "the second command used the token in the vault")
        #expect(second.err.contains("cached in the vault"), "\(second.err)")
        let third = try op("push", "registrations", "--binding", binding, "--app-id", "com.example.demo", env: env)
        #expect(third.status == 0, "\(third)")
        #expect(try record(emu).tokensIssued == 1)
        // Neither the token nor the secret in anything printed, nor readable in the vault file.
        let vault = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/home/vault"))
        for text in [first.out, first.err, second.out, second.err, String(decoding: vault, as: UTF8.self)] {
            #expect(!text.contains("emulator-cc-") && !text.contains("push-client-secret"))
        }

        // The emulator forgets its tokens (a restart): the cached one is refused, one new one is fetched.
        let (status, _) = try emu.control("PUT", "/_emulator/push/credentials",
                                          json: #"{"clients": [{"clientId": "push-client", "clientSecret": "push-client-secret"}]}"#)
        #expect(status == 204)
        let fourth = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--user", "demo", "--alert", "four", env: env)
        #expect(fourth.status == 0, "\(fourth)")
        #expect(try record(emu).tokensIssued == 2)
        let fifth = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--user", "demo", "--alert", "five", env: env)
        #expect(fifth.status == 0, "\(fifth)")
        #expect(try record(emu).tokensIssued == 2, "the renewed token was stored in place of the refused one")
    }

    @Test func tokensAboutToExpireAndCommandsWithoutAVaultSecretAreNotCached() throws {
        let (emu, op, dir) = try setUp()
        let binding = dir.file("binding.json")
        // Without a vault secret (no terminal, no HUBCTL_VAULT_*): a token per command, said under --verbose only.
        let a = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--all", "--alert", "a", "--verbose")
        #expect(a.status == 0, "\(a)")
        #expect(a.err.contains("not cached"), "\(a.err)")
        #expect(!a.err.contains("emulator-cc-") && !a.err.contains("push-client-secret"), "neither the token nor the secret under --verbose")
        let b = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--all", "--alert", "b")
        #expect(b.status == 0, "\(b)")
        #expect(b.err.isEmpty, "nothing said without --verbose: \(b.err)")
        #expect(try record(emu).tokensIssued == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/home/vault"), "no vault was made")
        // A token that lives less than the margin is not kept, even with a vault.
        let (status, _) = try emu.control("PUT", "/_emulator/push/credentials", json: #"{"tokenLifetime": 20}"#)
        #expect(status == 204)
        let env = ["HUBCTL_VAULT_KEY": Self.vaultKey]
        for alert in ["c", "d"] {
            let r = try op("push", "send", "--binding", binding, "--app-id", "com.example.demo", "--all", "--alert", alert, env: env)
            #expect(r.status == 0, "\(r)")
        }
        #expect(try record(emu).tokensIssued == 4)
    }

    // MARK: Credentials kept in a profile

    @Test func aProfileKeepsTheCredentialsWithTheSecretInTheVaultOnly() throws {
        let (emu, op, dir) = try setUp()
        let env = ["HUBCTL_VAULT_KEY": Self.vaultKey]
        let configFile = dir.path + "/config/hubctl/config.yaml"
        let set = try op("config", "set-push", "--service-key", dir.file("key.json"), env: env)
        #expect(set.status == 0, "\(set)")
        #expect(set.json?["authentication"] as? String == "api-key")
        #expect(set.json?["vaultKey"] as? String == "hubctl/push/api-key/emulator@\(emu.url)")
        #expect(set.json?["vaultCreated"] as? Bool == true)
        #expect((set.json?["settings"] as? [String: String])?["push-url"] == emu.url)
        let yaml = try String(contentsOfFile: configFile, encoding: .utf8)
        #expect(yaml.contains("push-url"))
        #expect(!yaml.contains("emulator-push-api-key"), "the API key is never in the YAML file")
        #expect(!set.out.contains("emulator-push-api-key") && !set.err.contains("emulator-push-api-key"))

        // No flag, no VCAP_SERVICES: the profile's.
        let sent = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "from the profile", env: env)
        #expect(sent.status == 0, "\(sent)")
        #expect((try record(emu).notifications.last?["notification"] as? [String: Any])?["alert"] as? String == "from the profile")
        // Without a way to open the vault, the profile's secret cannot be had: 78, nothing sent.
        let locked = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "x")
        #expect(locked.status == 78, "\(locked)")
        #expect(locked.errorCode == "vault_secret_missing")
        // Flags come first, then VCAP_SERVICES, then the profile: wrong credentials there are used (and refused).
        let wrongKey = dir.write("wrong-key.json", #"{"url": "\#(emu.url)", "apiKey": "not-the-key", "alias": "emulator"}"#)
        chmod(wrongKey, 0o600)
        let flag = try op("push", "send", "--service-key", wrongKey, "--app-id", "com.example.demo", "--user", "demo", "--alert", "x", env: env)
        #expect(flag.status == 77, "\(flag)")
        let vcap = #"{"mobile-services": [{"name": "ms", "credentials": {"uaa": {"clientid": "push-client", "clientsecret": "wrong", "url": "\#(emu.url)"}, "endpoints": {"mobileservices": {"url": "\#(emu.url)"}}}}]}"#
        let fromVcap = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "x",
                              env: env.merging(["VCAP_SERVICES": vcap]) { $1 })
        #expect(fromVcap.status == 77, "\(fromVcap)")

        // A binding in another profile: client credentials, the client secret in the vault, tokens cached.
        let ops = try op("config", "set-push", "--binding", dir.file("binding.json"), "--tenant", "subscriber-2", "--profile", "ops", env: env)
        #expect(ops.status == 0, "\(ops)")
        #expect(ops.json?["authentication"] as? String == "client-credentials")
        let yaml2 = try String(contentsOfFile: configFile, encoding: .utf8)
        #expect(yaml2.contains("push-client-id: push-client"))
        #expect(!yaml2.contains("push-client-secret"), "the client secret is never in the YAML file")
        for alert in ["p1", "p2"] {
            let r = try op("push", "send", "--profile", "ops", "--app-id", "com.example.demo", "--user", "demo", "--alert", alert, env: env)
            #expect(r.status == 0, "\(r)")
        }
        let after = try record(emu)
        #expect(after.tokensIssued == 1)
        #expect(after.notifications.last?["tenant"] as? String == "subscriber-2")

        // Removing them: the file loses its push-* keys and the vault the API key.
        let unset = try op("config", "unset-push", env: env)
        #expect(unset.status == 0, "\(unset)")
        #expect((unset.json?["removed"] as? [String]) == ["push-url", "push-alias"])
        #expect((unset.json?["vaultKeysRemoved"] as? [String]) == ["hubctl/push/api-key/emulator@\(emu.url)"])
        let none = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "x", env: env)
        #expect(none.status == 78, "\(none)")
        let list = try op("vault", "list", env: env)
        let keys = (list.json?["entries"] as? [[String: Any]])?.compactMap { $0["key"] as? String } ?? []
        #expect(keys.filter { $0.hasPrefix("hubctl/push/") }.count == 2, "profile ops's client secret and token stay: \(keys)")
        let unsetOps = try op("config", "unset-push", "--profile", "ops", env: env)
        #expect(unsetOps.status == 0, "\(unsetOps)")
        #expect((unsetOps.json?["vaultKeysRemoved"] as? [String])?.count == 2, "\(unsetOps)")
    }

    @Test func theServiceKeyFromStdinAsTheCIRecipeGivesIt() throws {
        let (emu, op, dir) = try setUp()
        let key = try String(contentsOfFile: dir.file("key.json"), encoding: .utf8)
        let r = try op("push", "send", "--service-key", "-", "--app-id", "com.example.demo", "--all",
                       "--alert", "Maintenance Saturday 22:00-23:00 UTC", "--priority", "high", stdin: key)
        #expect(r.status == 0, "\(r)")
        #expect(r.err.isEmpty, "\(r.err)")
        #expect((try record(emu).notifications.last?["notification"] as? [String: Any])?["priority"] as? String == "high")
        let both = try op("push", "send", "--service-key", "-", "--app-id", "com.example.demo", "--users-from", "-", "--alert", "x", stdin: key)
        #expect(both.status == 64, "stdin cannot be both: \(both)")

        // Kept in a profile from stdin, then replaced by a binding: the API key leaves the vault.
        let env = ["HUBCTL_VAULT_KEY": Self.vaultKey]
        let set = try op("config", "set-push", "--service-key", "-", env: env, stdin: key)
        #expect(set.status == 0, "\(set)")
        let replaced = try op("config", "set-push", "--binding", dir.file("binding.json"), env: env)
        #expect(replaced.status == 0, "\(replaced)")
        #expect((replaced.json?["vaultKeysRemoved"] as? [String]) == ["hubctl/push/api-key/emulator@\(emu.url)"])
        let yaml = try String(contentsOfFile: dir.path + "/config/hubctl/config.yaml", encoding: .utf8)
        #expect(!yaml.contains("push-alias"), "the key's alias went with it: \(yaml)")
        #expect(yaml.contains("push-client-id: push-client"))
        let sent = try op("push", "send", "--app-id", "com.example.demo", "--user", "demo", "--alert", "y", env: env)
        #expect(sent.status == 0, "\(sent)")
        #expect(try record(emu).tokensIssued == 1)
    }

    @Test func theLinesOfABatchShareOneClientCredentialsToken() throws {
        let (emu, op, dir) = try setUp()
        let binding = dir.file("binding.json")
        let lines = (1...4).map { #"{"command": ["push", "send", "--binding", "\#(binding)", "--app-id", "com.example.demo", "--user", "demo", "--alert", "line \#($0)"]}"# }
        let file = dir.write("push.ndjson", lines.joined(separator: "\n") + "\n")
        // No vault secret: nothing is cached on disk, yet the process fetches one token for its four lines.
        let r = try op("batch", "--concurrency", "2", file)
        #expect(r.status == 0, "\(r)")
        let codes = r.out.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["exitCode"] as? Int
        }
        #expect(codes == [0, 0, 0, 0])
        let after = try record(emu)
        #expect(after.notifications.count == 4)
        #expect(after.tokensIssued == 1, "one token for the batch, not one per line")
        #expect(!r.out.contains("emulator-cc-") && !r.err.contains("emulator-cc-"))
    }

    @Test func everyServiceKeyGoesInXAPIKeyAsSAPsLibrarySendsIt() throws {
        let (emu, op, dir) = try setUp()
        let bare = dir.write("bare-key.json", #"{"url": "\#(emu.url)", "apiKey": "emulator-push-api-key"}"#)
        chmod(bare, 0o600)
        func lastSendHeaders() throws -> [String: String] {
            let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
            let sends = requests.filter { ($0["path"] as? String)?.hasSuffix("/notifications/users") == true }
            return (sends.last?["headers"] as? [String: String]) ?? [:]
        }
        for key in [bare, dir.file("key.json")] {
            let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--user", "demo", "--alert", "x")
            #expect(r.status == 0, "\(r)")
            let headers = try lastSendHeaders()
            #expect(headers["x-api-key"] == "<redacted>")
            #expect(headers["authorization"] == nil, "with or without an alias: \(headers)")
        }
    }
}
