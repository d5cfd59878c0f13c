// Issue 48, items 3, 8, 13, 14 and 16, through the built hubctl: a registration home reached through
// a symbolic link, server text with control characters quoted in a warning or an error, a push send
// cut by the deadline, registration with capabilities on a Mobile Services without `latest`, and a
// server that echoes the credentials it was sent. docs/security.md "Messages, the device side and
// the registration home".
import Foundation
import Testing

@Suite(.serialized) struct DeviceEdgesEndToEndTests {
    // MARK: Item 3: a home through a symbolic link

    /// `HUBCTL_HOME` a symbolic link to a directory (a dotfiles manager's link), and a home below a
    /// linked parent (`/home` → `/data/home`): register and status work through both. A symbolic
    /// link *as* the database file stays refused (73), and the file it points at is left alone.
    @Test func aHomeReachedThroughASymbolicLinkWorks() throws {
        let emu = try Emulator()
        let dir = TempDir("homelink")
        let fm = FileManager.default

        // The home itself a link.
        try fm.createDirectory(atPath: dir.path + "/real-home", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try fm.createSymbolicLink(atPath: dir.path + "/linked-home", withDestinationPath: dir.path + "/real-home")
        let linked = client(emu, dir: dir)
        let env = ["HUBCTL_HOME": dir.path + "/linked-home"]
        let registered = try linked.run(["register"], env: env)
        #expect(registered.status == 0, "\(registered)")
        #expect(fm.fileExists(atPath: dir.path + "/real-home/registrations.db"), "the database is in the link's directory")
        let status = try linked.run(["status"], env: env)
        #expect(status.status == 0, "\(status)")
        let again = try linked.run(["settings", "get", "ApplicationConnectionId"], env: env)
        #expect(again.json?["ApplicationConnectionId"] as? String == registered.json?["ApplicationConnectionId"] as? String, "\(again)")

        // A parent of the home a link; the home itself is created through it.
        try fm.createDirectory(atPath: dir.path + "/data/home/ci", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try fm.createSymbolicLink(atPath: dir.path + "/home-link", withDestinationPath: dir.path + "/data/home")
        let below = ["HUBCTL_HOME": dir.path + "/home-link/ci/.hubctl"]
        let alice = client(emu, user: "alice", password: "alice-password", dir: dir)
        let second = try alice.run(["register"], env: below)
        #expect(second.status == 0, "\(second)")
        #expect(fm.fileExists(atPath: dir.path + "/data/home/ci/.hubctl/registrations.db"))
        let secondStatus = try alice.run(["status"], env: below)
        #expect(secondStatus.status == 0, "\(secondStatus)")

        // A link as the database file: refused, and its target is not written.
        try fm.createDirectory(atPath: dir.path + "/trap-home", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = dir.write("elsewhere.db", "not a database of hubctl's\n")
        try fm.createSymbolicLink(atPath: dir.path + "/trap-home/registrations.db", withDestinationPath: target)
        let trap = ["HUBCTL_HOME": dir.path + "/trap-home"]
        let refused = try linked.run(["register"], env: trap)
        #expect(refused.status == 73, "\(refused)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "not a database of hubctl's\n")
        let refusedStatus = try linked.run(["status"], env: trap)
        #expect(refusedStatus.status == 73, "\(refusedStatus)")
    }

    // MARK: Item 8: server text with control characters

    static let hostileText = "\u{1B}]0;pwned\u{07}\u{1B}[2J\rOK"
    static let hostileShown = #"\x1b]0;pwned\x07\x1b[2J\x0dOK"#

    /// The cockpit's restore fails with a message made of a terminal title, a screen clear and a
    /// carriage return: the warning shows them as `\xNN`, and so does an error quoting the same text
    /// in either format (`--error-format json`: the document's message holds no control character).
    @Test func serverTextIsShownWithItsControlCharactersEscaped() throws {
        let world = try CFWorld()
        let message = try String(data: JSONSerialization.data(withJSONObject: [Self.hostileText]), encoding: .utf8) ?? ""
        try world.settings(#"{"failRestore": true, "failDelete": ["ci-esc"], "failStatus": 409, "failMessage": \#(message.dropFirst().dropLast())}"#)
        let created = try world.op("app", "create", "ci-esc")
        #expect(created.status == 0, "\(created)")
        #expect(!created.stderr.contains(0x1B) && !created.stderr.contains(0x07) && !created.stderr.contains(0x0D), "\(created.err)")
        #expect(created.err.contains("warning: ") && created.err.contains(Self.hostileShown), "\(created.err)")

        let text = try world.op("app", "delete", "ci-esc", "--error-format", "text")
        #expect(text.status == 65, "\(text)")
        #expect(!text.stderr.contains(0x1B) && !text.stderr.contains(0x07) && !text.stderr.contains(0x0D), "\(text.err)")
        #expect(text.err.contains(Self.hostileShown), "\(text.err)")

        let json = try world.op("app", "delete", "ci-esc", "--error-format", "json")
        #expect(json.status == 65, "\(json)")
        #expect(!json.stderr.contains(0x1B) && !json.stderr.contains(0x07) && !json.stderr.contains(0x0D), "\(json.err)")
        let shown = try #require(json.error?["message"] as? String, "\(json.err)")
        #expect(shown.contains(Self.hostileShown), "the decoded message holds no control character: \(shown)")
    }

    // MARK: Item 16: echoed credentials

    /// A cockpit that quotes the CF token it was sent in its error, and the Admin API password in a
    /// failed restore's message; a push API that quotes the API key: none of them reaches stderr,
    /// in a warning, a text error or a JSON error.
    @Test func credentialsAServerEchoesAreRedacted() throws {
        let world = try CFWorld()
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: world.dir.path + "/cf/.cf/config.json"))) as? [String: Any]
        let bearer = try #require(config?["AccessToken"] as? String)
        let token = String(bearer.dropFirst("bearer ".count))
        #expect(token.count > 24)
        try world.instance("ci-echo")
        try world.settings(#"{"failDelete": ["ci-echo"], "failStatus": 409, "failMessage": "the token \#(token) is not welcome"}"#)
        for format in ["text", "json"] {
            let r = try world.op("app", "delete", "ci-echo", "--error-format", format, "--verbose")
            #expect(r.status == 65, "\(format): \(r)")
            #expect(!r.err.contains(token) && !r.err.contains(String(token.prefix(24))), "\(format): \(r.err)")
            // The Admin API's message is quoted up to 300 characters: a token cut short is redacted too.
            #expect(r.err.contains("the token [redacted]"), "\(format): \(r.err)")
        }

        // The Admin API password (--admin-user, --admin-password-file) quoted by a failed restore.
        let passwordFile = world.dir.write("admin-password", CFWorld.ciPassword + "\n")
        chmod(passwordFile, 0o600)
        try world.settings(#"{"failRestore": true, "failStatus": 500, "failMessage": "password \#(CFWorld.ciPassword) of \#(CFWorld.user) was refused"}"#)
        let created = try world.op("app", "create", "ci-admin", "--admin-user", CFWorld.user, "--admin-password-file", passwordFile)
        #expect(created.status == 0, "\(created)")
        #expect(!created.err.contains(CFWorld.ciPassword), "\(created.err)")
        #expect(created.err.contains("password [redacted] of \(CFWorld.user) was refused"), "\(created.err)")

        // An API key (X-API-Key) quoted by the push API.
        let server = try HostileServer("echo-credentials")
        let dir = TempDir("echo-key")
        let apiKey = "echo-test-api-key-0123456789"
        let key = dir.write("key.json", #"{"url": "http://127.0.0.1:\#(server.port)", "apiKey": "\#(apiKey)"}"#)
        chmod(key, 0o600)
        let op = Hubctl(dir: dir)
        for format in ["text", "json"] {
            let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users", "alice", "--alert", "hi",
                           "--error-format", format)
            #expect(r.status == 65, "\(format): \(r)")
            #expect(!r.err.contains(apiKey), "\(format): \(r.err)")
            #expect(r.err.contains("X-API-Key [redacted]"), "\(format): \(r.err)")
        }
    }

    // MARK: Item 13: a push send cut by the deadline

    /// The push API reads each request and drips its answer: `--deadline 6` ends the send with 75
    /// (not 3, "some failed"), and the report on stdout still names the 1,000 users of the request
    /// whose outcome is unknown and the 1,500 never sent to.
    @Test func aPushSendEndedByTheDeadlineExits75WithItsReport() throws {
        let server = try HostileServer("drip-post")
        let dir = TempDir("push-drip")
        let key = dir.write("key.json", #"{"url": "http://127.0.0.1:\#(server.port)", "apiKey": "drip-test-key"}"#)
        chmod(key, 0o600)
        let users = dir.write("users.txt", (1...2_500).map { "user\($0)" }.joined(separator: "\n") + "\n")
        let op = Hubctl(dir: dir)
        let r = try op.run(["push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users-from", users,
                            "--alert", "once", "--deadline", "6"], timeout: 60)
        #expect(r.status == 75, "\(r)")
        #expect(server.count == 1, "one request went out")
        let report = try #require(r.json, "\(r)")
        let unknown = try #require(report["usersUnknown"] as? [String], "\(r.out)")
        #expect(unknown.count == 1_000 && unknown.first == "user1" && unknown.last == "user1000")
        let notSent = try #require(report["usersNotSent"] as? [String])
        #expect(notSent.count == 1_500 && notSent.first == "user1001")
        #expect((report["error"] as? [String: Any])?["exitCode"] as? Int == 75, "\(r.out)")
        #expect(r.err.contains("usersUnknown"), "\(r.err)")
    }

    // MARK: Item 14: capabilities on a Mobile Services without `latest`

    /// The registration service has no `latest` address and the versions address names onboarding
    /// v4 (as Kapsel's settings plugin reads it): register with capabilities asks it after the 404
    /// and registers at v4. When it names a version below 3, the error names the addresses asked
    /// (`latest` and the versions address), never a `/v1/` address that was not.
    @Test func capabilitiesRegisterAtTheOnboardingVersionWhenLatestIsMissing() throws {
        let emu = try Emulator(config: #"{"versions": ["v1", "v2", "v3", "v4"], "onboardingVersion": "v4"}"#)
        let hub = client(emu)
        let r = try hub("register", "--capability", "push:Module=Orders")
        #expect(r.status == 0, "\(r)")
        let paths = ((try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []).map { "\($0["method"] ?? "") \($0["path"] ?? "")" }
        #expect(paths.contains { $0.hasPrefix("POST ") && $0.contains("/latest/") }, "\(paths)")
        #expect(paths.contains("GET /mobileservices/management/versions"), "\(paths)")
        #expect(paths.contains { $0.hasPrefix("POST ") && $0.contains("/v4/com.example.demo/Connections") }, "\(paths)")
        #expect(!paths.contains { $0.contains("/v1/") }, "\(paths)")
        let expanded = try hub("settings", "get", "--expand", "Capability")
        #expect(expanded.status == 0, "\(expanded)")
        #expect(expanded.out.contains("Orders"), "\(expanded.out)")

        let old = try Emulator(config: #"{"versions": ["v1", "v2"], "onboardingVersion": "v2"}"#)
        let refused = try client(old)("register", "--capability", "push:Module=Orders")
        #expect(refused.status == 66, "\(refused)")
        let message = try #require(refused.error?["message"] as? String, "\(refused)")
        #expect(message.contains("/latest/com.example.demo/Connections"), "\(message)")
        #expect(message.contains("/mobileservices/management/versions") && message.contains("v2"), "\(message)")
        #expect(!message.contains("/v1/"), "\(message)")
        #expect(try connections(old).isEmpty)
    }
}
