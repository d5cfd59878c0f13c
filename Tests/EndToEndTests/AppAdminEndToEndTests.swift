// Issue #42 "Done means", through the built hubctl against hubctl-emulator's Cloud Foundry world
// (CF v3, cf's UAA under /cf-uaa, the cockpit's Admin API on *.localhost): the CI recipe (app
// create → settings-file → register + push register → push send --service-key settings.json →
// the device got it → app delete), prune over a mix (dry run, then for real with one failing
// delete: 3), --if-exists both ways, an expired token refreshed once and a failed refresh (77),
// CSRF, a login page (77), an unknown app (66), and each refusal of item 5 with the request log
// empty. Tokens reach hubctl through a cf config.json in a temporary CF_HOME or a token file,
// never argv.
import Foundation
import Testing

/// An emulator playing Mobile Services with a CF user whose password is `ciPassword`, and an
/// operator hubctl whose CF_HOME holds cf's config.json (a fresh token unless told otherwise).
struct CFWorld {
    static let user = "ci-user@example.com"
    static let ciPassword = "ci-user-password"
    let emu: Emulator
    let op: Hubctl
    let dir: TempDir
    let info: [String: Any]

    init(accessExpiresIn: Int = 600, refreshToken: String? = nil) throws {
        emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        let set = try emu.control("PUT", "/_emulator/cf/settings",
                                  json: #"{"users": [{"username": "\#(Self.user)", "password": "\#(Self.ciPassword)"}]}"#)
        #expect(set.status == 200)
        let (status, body) = try emu.control("GET", "/_emulator/cf")
        #expect(status == 200)
        info = (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
        dir = TempDir("cf-operator")
        op = Hubctl(dir: dir, environment: ["CF_HOME": dir.path + "/cf"])
        try writeConfig(accessExpiresIn: accessExpiresIn, refreshToken: refreshToken)
        try clearLog()
    }

    /// cf's config.json with a token of the default user (`refreshToken` replaces the real one).
    func writeConfig(accessExpiresIn: Int, refreshToken: String? = nil) throws {
        let (status, body) = try emu.control("POST", "/_emulator/cf/token", json: #"{"expiresIn": \#(accessExpiresIn)}"#)
        #expect(status == 200)
        let tokens = (try JSONSerialization.jsonObject(with: body) as? [String: String]) ?? [:]
        let org = info["org"] as? [String: String] ?? [:], space = info["space"] as? [String: String] ?? [:]
        let config: [String: Any] = [
            "ConfigVersion": 4, "Target": info["api"] as? String ?? "", "AuthorizationEndpoint": info["authorizationEndpoint"] as? String ?? "",
            "AccessToken": "bearer " + (tokens["access_token"] ?? ""), "RefreshToken": refreshToken ?? tokens["refresh_token"] ?? "",
            "UAAOAuthClient": "cf", "UAAOAuthClientSecret": "", "UAAGrantType": "", "SSLDisabled": false,
            "OrganizationFields": ["GUID": org["guid"] ?? "", "Name": org["name"] ?? ""],
            "SpaceFields": ["GUID": space["guid"] ?? "", "Name": space["name"] ?? "", "AllowSSH": true],
        ]
        try FileManager.default.createDirectory(atPath: dir.path + "/cf/.cf", withIntermediateDirectories: true)
        let data = try JSONSerialization.data(withJSONObject: config)
        try data.write(to: URL(fileURLWithPath: dir.path + "/cf/.cf/config.json"))
    }

    func settings(_ json: String) throws {
        let (status, body) = try emu.control("PUT", "/_emulator/cf/settings", json: json)
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
    }

    func clearLog() throws { #expect(try emu.control("DELETE", "/_emulator/requests").status == 204) }

    /// The protocol requests the emulator received (control routes are not logged).
    func requests() throws -> [[String: Any]] { (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? [] }

    func count(_ method: String, _ pathSuffix: String) throws -> Int {
        try requests().filter { $0["method"] as? String == method && ($0["path"] as? String ?? "").hasSuffix(pathSuffix) }.count
    }

    /// An instance (and its app) made directly, with a chosen age.
    func instance(_ name: String, owner: String? = "hubctl", createdAt: String? = nil, withApp: Bool = true) throws {
        var members = [#""name": "\#(name)""#, #""withApp": \#(withApp)"#]
        if let owner { members.append(#""labels": {"managed-by": "\#(owner)"}"#) }
        if let createdAt { members.append(#""createdAt": "\#(createdAt)""#) }
        let (status, body) = try emu.control("POST", "/_emulator/cf/instances", json: "{" + members.joined(separator: ", ") + "}")
        #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
    }

    /// The ids of the applications the Admin API has (read by the control-free CF view: app show).
    func exists(_ app: String) throws -> Bool {
        let r = try op("app", "show", app)
        #expect(r.status == 0 || r.status == 66, "\(r)")
        return r.status == 0
    }
}

@Suite(.serialized) struct AppAdminEndToEndTests {
    // MARK: The CI recipe

    @Test func theCIRecipeCreatesKeysPushesAndDeletes() throws {
        let world = try CFWorld()
        let app = "ci-run-4711"
        let created = try world.op("app", "create", app, "--feature", "push")
        #expect(created.status == 0, "\(created)")
        #expect(created.json?["created"] as? Bool == true)
        #expect((created.json?["instance"] as? [String: Any])?["labels"] as? [String: String] == ["managed-by": "hubctl"])
        // The instance was made through CF v3, labelled, then restored through the Admin API.
        #expect(try world.count("POST", "/v3/service_instances") == 1)
        #expect(try world.count("POST", "/app/\(app)/restore") == 1)

        let settings = world.dir.file("settings.json")
        let file = try world.op("app", "settings-file", app, "--feature", "push", "--scope", "push_all", "--out", settings)
        #expect(file.status == 0, "\(file)")
        let attributes = try FileManager.default.attributesOfItem(atPath: settings)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: settings))) as? [String: Any])
        #expect(document["applicationId"] as? String == app)
        #expect(document["platform"] as? String == "CF")
        let key = try #require(((document["services"] as? [[String: Any]])?.first?["serviceKeys"] as? [[String: Any]])?.first)
        let apiKey = try #require(key["apiKey"] as? String)
        #expect(!file.out.contains(apiKey) && !file.err.contains(apiKey), "the key is written to the file only")

        // A device of the new application registers, and for push.
        let device = client(world.emu, user: CFWorld.user, password: CFWorld.ciPassword, app: app)
        let registered = try device("register")
        #expect(registered.status == 0, "\(registered)")
        let push = try device("push", "register", "--os", "android", "--token", "ci-token-1")
        #expect(push.status == 0, "\(push)")

        let sent = try world.op("push", "send", "--service-key", settings, "--app-id", app, "--all", "--alert", "CI run 4711")
        #expect(sent.status == 0, "\(sent)")
        let notifications = try pushNotifications(world.emu)
        let delivered = try #require(notifications.last)
        #expect(delivered["appId"] as? String == app)
        let devices = delivered["devices"] as? [[String: Any]] ?? []
        #expect(devices.map { $0["pushToken"] as? String } == ["ci-token-1"])
        #expect(((devices.first?["notification"] as? [String: Any])?["alert"] as? String) == "CI run 4711")

        let deleted = try world.op("app", "delete", app)
        #expect(deleted.status == 0, "\(deleted)")
        #expect(try !world.exists(app))
        // The key died with the application.
        let after = try world.op("push", "send", "--service-key", settings, "--app-id", app, "--all", "--alert", "gone")
        #expect(after.status == 77, "\(after)")
        #expect(try world.op("app", "delete", app).status == 66)
        #expect(try world.op("app", "delete", app, "--missing-ok").status == 0)
    }

    @Test func aCFKeyIsReadableAgainAndATokenFileWorks() throws {
        let world = try CFWorld()
        try world.instance("ci-cfkey")
        let made = try world.op("app", "key", "create", "ci-cfkey", "--cf-key", "integration-tests", "--out", world.dir.file("cf-key.json"))
        #expect(made.status == 0, "\(made)")
        let shown = try world.op("app", "key", "show", "ci-cfkey", "--cf-key", "integration-tests")
        #expect(shown.status == 0, "\(shown)")
        let written = try String(contentsOfFile: world.dir.file("cf-key.json"), encoding: .utf8)
        #expect(written.contains("\"sap.cloud.service\""))
        #expect(shown.out.contains("ci-cfkey"))
        // A token file instead of cf's config (no refresh token: it is not refreshed).
        let (_, body) = try world.emu.control("POST", "/_emulator/cf/token", json: #"{"expiresIn": 600}"#)
        let token = try #require((try JSONSerialization.jsonObject(with: body) as? [String: String])?["access_token"])
        let tokenFile = world.dir.write("cf-token", token + "\n")
        chmod(tokenFile, 0o600)
        let env = ["CF_HOME": world.dir.path + "/no-cf"]
        let info = world.info
        let listed = try world.op("app", "list", "--cf-token-file", tokenFile, "--cf-api", info["api"] as? String ?? "",
                                  "--org", "emulator-org", "--space", "dev", env: env)
        #expect(listed.status == 0, "\(listed)")
        #expect(((listed.json?["apps"] as? [[String: Any]]) ?? []).compactMap { $0["appId"] as? String } == ["ci-cfkey"])
        #expect(!listed.out.contains(token) && !listed.err.contains(token))
    }

    @Test func anX509SettingsFileCarriesTheCertificateTheServerMade() throws {
        let world = try CFWorld()
        try world.instance("ci-x509")
        let out = world.dir.file("settings-x509.json")
        let r = try world.op("app", "settings-file", "ci-x509", "--scope", "push_all", "--x509", "--validity", "7d", "--out", out)
        #expect(r.status == 0, "\(r)")
        #expect(!r.out.contains("PRIVATE KEY") && !r.err.contains("PRIVATE KEY") && !r.out.contains("BEGIN CERTIFICATE"))
        #expect((try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int) == 0o600)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let key = try #require(((document["services"] as? [[String: Any]])?.first?["serviceKeys"] as? [[String: Any]])?.first)
        let uaa = try #require(key["uaa"] as? [String: Any])
        #expect(uaa["credential-type"] as? String == "x509")
        #expect(uaa["clientsecret"] == nil)
        let certificate = try #require(uaa["certificate"] as? String)
        #expect((uaa["key"] as? String)?.contains("PRIVATE KEY-----") == true)
        // The validity asked (7 days) is the certificate's.
        let pem = world.dir.write("cert.pem", certificate)
        let dates = try EndToEndTests.run("/usr/bin/openssl", ["x509", "-in", pem, "-noout", "-enddate"])
        #expect(dates.status == 0, "\(dates)")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        let text = dates.out.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "notAfter=", with: "")
            .replacingOccurrences(of: "  ", with: " ")
        let notAfter = try #require(formatter.date(from: text), "\(text)")
        #expect(abs(notAfter.timeIntervalSinceNow - 7 * 86_400) < 3_600, "\(text)")
    }

    // MARK: Prune

    @Test func pruneOverAMixDryRunThenForRealWithOneFailingDelete() throws {
        let world = try CFWorld()
        let old = "2026-01-01T00:00:00Z"
        try world.instance("ci-old-1", createdAt: old)
        try world.instance("ci-old-2", createdAt: old)
        try world.instance("ci-new")
        try world.instance("other-old", createdAt: old)
        try world.instance("ci-foreign", owner: "someone", createdAt: old)
        try world.instance("ci-unlabelled", owner: nil, createdAt: old)
        #expect(try world.emu.control("POST", "/_emulator/cf/apps", json: #"{"id": "ci-no-instance"}"#).status == 201)
        try world.clearLog()

        let dry = try world.op("app", "prune", "--match", "ci-*", "--older-than", "60m", "--dry-run")
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.json?["dryRun"] as? Bool == true)
        #expect((dry.json?["deleted"] as? [String])?.sorted() == ["ci-old-1", "ci-old-2"])
        let skipped = Set(((dry.json?["skipped"] as? [[String: Any]]) ?? []).compactMap { $0["appId"] as? String })
        #expect(skipped == ["ci-new", "ci-foreign", "ci-unlabelled", "ci-no-instance"])
        #expect(try world.requests().allSatisfy { $0["method"] as? String == "GET" }, "a dry run only reads")
        #expect(try world.exists("ci-old-1") && world.exists("ci-old-2"))

        try world.settings(#"{"failDelete": ["ci-old-2"]}"#)
        let real = try world.op("app", "prune", "--match", "ci-*", "--older-than", "60m")
        #expect(real.status == 3, "\(real)")
        #expect(real.json?["deleted"] as? [String] == ["ci-old-1"])
        #expect(((real.json?["failed"] as? [[String: Any]]) ?? []).compactMap { $0["appId"] as? String } == ["ci-old-2"])
        #expect(try !world.exists("ci-old-1"))
        for kept in ["ci-old-2", "ci-new", "other-old", "ci-foreign", "ci-unlabelled", "ci-no-instance"] {
            #expect(try world.exists(kept), "\(kept) stays")
        }
        // --any-owner takes the foreign and unlabelled ones too, once the failure is gone.
        try world.settings(#"{"failDelete": []}"#)
        let any = try world.op("app", "prune", "--match", "ci-*", "--older-than", "60m", "--any-owner")
        #expect(any.status == 0, "\(any)")
        #expect((any.json?["deleted"] as? [String])?.sorted() == ["ci-foreign", "ci-old-2", "ci-unlabelled"])
    }

    // MARK: --if-exists

    @Test func ifExistsFailsOrReuses() throws {
        let world = try CFWorld()
        try world.instance("ci-twice")
        try world.clearLog()
        let fail = try world.op("app", "create", "ci-twice")
        #expect(fail.status == 73, "\(fail)")
        #expect(try world.count("POST", "/v3/service_instances") == 0, "nothing created")
        let reuse = try world.op("app", "create", "ci-twice", "--if-exists", "reuse")
        #expect(reuse.status == 0, "\(reuse)")
        #expect(reuse.json?["created"] as? Bool == false)
        #expect(try world.count("POST", "/v3/service_instances") == 0)
    }

    @Test func maxAppsCountsOnlyTheAppsHubctlMade() throws {
        let world = try CFWorld()
        try world.instance("ci-old-1")
        try world.instance("ci-old-2")
        try world.instance("theirs-1", owner: "someone-else")
        try world.clearLog()
        let full = try world.op("app", "create", "ci-new", "--max-apps", "2")
        #expect(full.status == 73, "\(full)")
        #expect(full.err.contains("2"), "\(full)")
        #expect(try world.count("POST", "/v3/service_instances") == 0, "nothing created")
        let room = try world.op("app", "create", "ci-new", "--max-apps", "3")
        #expect(room.status == 0, "\(room)")
        #expect(try world.count("POST", "/v3/service_instances") == 1)
    }

    // MARK: Tokens

    @Test func anExpiredTokenIsRefreshedOnceAndAFailedRefreshIs77() throws {
        let world = try CFWorld(accessExpiresIn: -30)
        try world.instance("ci-token")
        let configPath = world.dir.path + "/cf/.cf/config.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: configPath))
        let listed = try world.op("app", "list")
        #expect(listed.status == 0, "\(listed)")
        #expect(try world.count("POST", "/cf-uaa/oauth/token") == 1, "one refresh")
        #expect(try world.requests().allSatisfy { ($0["status"] as? Int) != 401 }, "the expired token was not sent")
        #expect(try Data(contentsOf: URL(fileURLWithPath: configPath)) == before, "cf's file is not rewritten")

        try world.writeConfig(accessExpiresIn: -30, refreshToken: "revoked-refresh-token")
        try world.clearLog()
        let failed = try world.op("app", "list")
        #expect(failed.status == 77, "\(failed)")
        #expect(failed.err.contains("cf login"), "\(failed.err)")
        #expect(try world.count("POST", "/cf-uaa/oauth/token") == 1)
        #expect(!failed.err.contains("revoked-refresh-token"))
    }

    @Test func aTokenRefusedWith401IsRefreshedOnce() throws {
        // The token looks valid to hubctl (exp in the future) but the emulator issued it with a
        // lifetime it then forgets: a test of the one-401 path uses a token from another world.
        let world = try CFWorld()
        let other = try CFWorld()
        try world.instance("ci-401")
        // cf's file names this world's endpoints with the other world's (unknown here) access token.
        let configPath = world.dir.path + "/cf/.cf/config.json"
        var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configPath))) as? [String: Any])
        let (_, body) = try other.emu.control("POST", "/_emulator/cf/token", json: #"{"expiresIn": 600}"#)
        config["AccessToken"] = "bearer " + ((try JSONSerialization.jsonObject(with: body) as? [String: String])?["access_token"] ?? "")
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: configPath))
        let listed = try world.op("app", "list")
        #expect(listed.status == 0, "\(listed)")
        #expect(try world.count("POST", "/cf-uaa/oauth/token") == 1)
        #expect(try world.requests().filter { ($0["status"] as? Int) == 401 }.count == 1, "one 401, then the refreshed token")
    }

    @Test func aTechnicalUsersPasswordGrantWithItsOriginAndAWaitForProvisioning() throws {
        let world = try CFWorld()
        try world.settings(#"{"users": [{"username": "ci-technical", "password": "technical-password", "origin": "corp-idp"}], "provisionSeconds": 2}"#)
        let password = world.dir.write("cf-password", "technical-password")
        chmod(password, 0o600)
        let api = world.info["api"] as? String ?? ""
        let common = ["--cf-api", api, "--org", "emulator-org", "--space", "dev", "--cf-password-file", password]
        let env = ["CF_HOME": world.dir.path + "/no-cf", "HUBCTL_CF_USERNAME": "ci-technical"]
        // Without its origin the UAA does not know the user.
        let wrongOrigin = try world.op.run(["app", "list"] + common, env: env)
        #expect(wrongOrigin.status == 77, "\(wrongOrigin)")
        #expect(!wrongOrigin.err.contains("technical-password"))
        try world.clearLog()
        let created = try world.op.run(["app", "create", "ci-technical-1", "--cf-origin", "corp-idp"] + common, env: env)
        #expect(created.status == 0, "\(created)")
        #expect(try world.count("POST", "/cf-uaa/oauth/token") == 1)
        let jobs = try world.requests().filter { ($0["path"] as? String ?? "").contains("/v3/jobs/") }
        #expect(jobs.count >= 2, "the job was polled until the 2 s of provisioning had passed: \(jobs.count)")
        #expect(try world.count("POST", "/app/ci-technical-1/restore") == 1, "restored after the wait")
        // A deadline shorter than provisioning: 75.
        let late = try world.op.run(["app", "create", "ci-technical-2", "--cf-origin", "corp-idp", "--deadline", "1"] + common, env: env)
        #expect(late.status == 75, "\(late)")
    }

    @Test func basicAuthenticationOnTheAdminAPI() throws {
        let world = try CFWorld()
        try world.instance("ci-basic")
        let good = world.dir.write("admin-password", CFWorld.ciPassword)
        let bad = world.dir.write("bad-password", "not-the-password")
        chmod(good, 0o600)
        chmod(bad, 0o600)
        let shown = try world.op("app", "show", "ci-basic", "--admin-user", CFWorld.user, "--admin-password-file", good)
        #expect(shown.status == 0, "\(shown)")
        // The CF side still uses cf's token; the Admin API refuses the wrong password.
        let refused = try world.op("app", "show", "ci-basic", "--admin-user", CFWorld.user, "--admin-password-file", bad)
        #expect(refused.status == 77, "\(refused)")
        #expect(!refused.out.contains("not-the-password") && !refused.err.contains("not-the-password"))
    }

    @Test func theAdminAPIBaseComesFromTheFlagTheEnvironmentThenTheProfile() throws {
        let world = try CFWorld()
        try world.instance("ci-base")
        let real = try #require(world.info["adminAPI"] as? String)
        let cockpit = try #require(real.range(of: "/cockpit/v1/")).lowerBound
        func base(_ org: String) -> String { String(real[..<cockpit]) + "/cockpit/v1/org/\(org)/space/\(org)-space" }
        let set = try world.op("config", "set", "admin-api", base("profile-org"), "--profile", "ci")
        #expect(set.status == 0, "\(set)")
        func asked(_ org: String) throws -> Bool {
            try world.requests().contains { ($0["path"] as? String ?? "").hasPrefix("/cockpit/v1/org/\(org)/space/\(org)-space/app/ci-base") }
        }
        try world.clearLog()
        _ = try world.op("app", "show", "ci-base", "--profile", "ci")
        #expect(try asked("profile-org"))
        try world.clearLog()
        _ = try world.op.run(["app", "show", "ci-base", "--profile", "ci"], env: ["HUBCTL_ADMIN_API": base("env-org")])
        #expect(try asked("env-org") && !(try asked("profile-org")))
        let flag = try world.op.run(["app", "show", "ci-base", "--profile", "ci", "--admin-api", real], env: ["HUBCTL_ADMIN_API": base("env-org")])
        #expect(flag.status == 0, "\(flag)")
        let bad = try world.op.run(["app", "show", "ci-base"], env: ["HUBCTL_ADMIN_API": "cockpit.example/cockpit/v1"])
        #expect(bad.status == 78, "\(bad)")
        #expect(bad.err.contains("admin-api"), "\(bad)")
    }

    // MARK: CSRF, login page, unknown app

    @Test func csrfIsFetchedOnceAndTheRequestRetried() throws {
        let world = try CFWorld()
        try world.instance("ci-csrf")
        try world.settings(#"{"csrf": true}"#)
        try world.clearLog()
        let key = try world.op("app", "key", "create", "ci-csrf", "--feature", "push", "--scope", "push_all", "--out", world.dir.file("key.json"))
        #expect(key.status == 0, "\(key)")
        let requests = try world.requests()
        let posts = requests.filter { $0["method"] as? String == "POST" && ($0["path"] as? String ?? "").hasSuffix("/service/push/key") }
        #expect(posts.compactMap { $0["status"] as? Int } == [403, 200])
        let fetches = requests.filter { (($0["headers"] as? [String: String])?["x-csrf-token"])?.lowercased() == "fetch" }
        #expect(fetches.count == 1)
        #expect(fetches.first?["method"] as? String == "GET")
        let fetched = fetches.first?["path"] as? String ?? ""
        #expect(fetched.hasSuffix("/apps"), "\(fetched)")
        let retried = try #require(posts.last?["headers"] as? [String: String])
        // The session cookie of the fetch, once (libcurl's jar, no second copy in a header of hubctl's).
        let cookie = try #require(retried["cookie"])
        #expect(cookie.components(separatedBy: "JSESSIONID=").count == 2, "\(cookie)")
        #expect(retried["x-csrf-token"] != nil && retried["x-csrf-token"]?.lowercased() != "fetch")
        let deleted = try world.op("app", "delete", "ci-csrf")
        #expect(deleted.status == 0, "\(deleted)")
    }

    @Test func aLoginPageIs77AndAnUnknownAppIs66() throws {
        let world = try CFWorld()
        try world.instance("ci-login")
        try world.settings(#"{"loginPage": true}"#)
        let page = try world.op("app", "show", "ci-login")
        #expect(page.status == 77, "\(page)")
        #expect(page.errorCode == "login_required", "\(page)")
        try world.settings(#"{"loginPage": false}"#)
        let unknown = try world.op("app", "show", "ci-nope")
        #expect(unknown.status == 66, "\(unknown)")
        let restore = try world.op("app", "delete", "ci-nope")
        #expect(restore.status == 66, "\(restore)")
    }

    /// A provisioning job that fails (CC's FAILED job with its error, the shape of
    /// Tests/Fixtures/sap/admin/cf-job-failed.json): 69 with the broker's message, the failed
    /// instance named with the command that removes it, and that command removes it.
    @Test func aFailedProvisioningIs69AndNamesTheInstanceLeft() throws {
        let world = try CFWorld()
        try world.settings(#"{"failProvision": ["ci-broken"], "provisionSeconds": 1}"#)
        let failed = try world.op("app", "create", "ci-broken")
        #expect(failed.status == 69, "\(failed)")
        #expect(failed.err.contains("provision could not be completed"), "\(failed.err)")
        #expect(failed.err.contains("hubctl app delete ci-broken"), "\(failed.err)")
        #expect(try world.count("POST", "/app/ci-broken/restore") == 0, "no restore of an app that was not made")
        let shown = try world.op("app", "show", "ci-broken")
        #expect(shown.status == 0, "\(shown)")
        let deleted = try world.op("app", "delete", "ci-broken")
        #expect(deleted.status == 0, "\(deleted)")
        #expect(deleted.json?["instance"] as? Bool == true, "\(deleted)")
        #expect(try world.op("app", "show", "ci-broken").status == 66)
    }

    @Test func aFailedRestoreWarnsAndTheAppIsCreated() throws {
        let world = try CFWorld()
        try world.settings(#"{"failRestore": true}"#)
        let created = try world.op("app", "create", "ci-restore")
        #expect(created.status == 0, "\(created)")
        #expect(created.err.lowercased().contains("restore"), "\(created.err)")
        #expect(try world.exists("ci-restore"))
    }

    // MARK: Refusals (item 5): nothing is sent

    @Test func eachRefusalIs64WithTheRequestLogEmpty() throws {
        let world = try CFWorld()
        let long = "a" + String(repeating: "b", count: 64)
        let refused: [[String]] = [
            ["app", "create", "Admin"], ["app", "create", "smp_cloud"], ["app", "create", "test-resources"],
            ["app", "create", "a..b"], ["app", "create", long], ["app", "create", "1ci"], ["app", "create", "-ci"],
            ["app", "create", "ci-x", "--feature", "push", "--feature", "push"],
            ["app", "create", "ci-x", "--feature", "Push!"],
            ["app", "key", "create", "ci-x", "--feature", "push", "--scope", "push_everything"],
            ["app", "key", "create", "ci-x", "--feature", "push", "--x509", "--key-length", "1024"],
            ["app", "key", "create", "ci-x", "--feature", "push", "--x509", "--validity", "1y"],
            ["app", "settings-file", "ci-x", "--scope", "push_single", "--scope", "admin", "--out", world.dir.file("never.json")],
            ["app", "prune", "--older-than", "60m"], ["app", "prune", "--match", "*", "--older-than", "60m"],
            ["app", "prune", "--match", "ci-*", "--older-than", "0m"], ["app", "prune", "--match", "ci-*", "--older-than", "-5m"],
        ]
        for arguments in refused {
            let r = try world.op.run(arguments)
            #expect(r.status == 64, "\(arguments): \(r)")
        }
        let sent = try world.requests().compactMap { $0["path"] as? String }
        #expect(sent.isEmpty, "\(sent)")
        #expect(!FileManager.default.fileExists(atPath: world.dir.file("never.json")))
        // The broker's ids (test- and 32 letters) are accepted.
        let accepted = try world.op("app", "create", "test-" + String(repeating: "q", count: 32))
        #expect(accepted.status == 0, "\(accepted)")
    }
}
