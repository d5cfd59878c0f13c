// SAP Mobile Services on BTP through the binaries: `hubctl login` (a real headless Chromium through
// $BROWSER, and the --no-browser paste path), OAuth on every command (expiry, refresh, rotation,
// revocation, each challenge form), SAML, application versioning, version discovery, the session
// cookie and the headers a tenant expects, and no token or code anywhere but the vault.

import Foundation
import Synchronization
import Testing

/// An emulator with Mobile Services applications, and a hubctl configured for its OAuth client.
struct MobileServicesBed {
    static let clientId = "6f1c2d3e-0000-4000-8000-00000000c11e"
    static let vaultKey = Data((0..<32).map { UInt8(255 - $0) }).base64EncodedString()

    let emu: Emulator
    let hub: Hubctl

    init(oauth: String = "", extraApps: String = "", appId: String = "com.example.ms", environment: [String: String] = [:]) throws {
        emu = try Emulator(config: """
        {"applications": [
          {"id": "com.example.ms", "users": {"demo": "demo-password", "alice": "alice-password"},
           "mobileServices": {"oauth": {"clientId": "\(Self.clientId)", "redirectUris": ["http://127.0.0.1/callback"]\(oauth)}}},
          {"id": "com.example.saml", "mobileServices": {"saml": true}},
          {"id": "com.example.demo", "users": {"demo": "demo-password"}}\(extraApps)
        ]}
        """)
        var env = ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": appId, "HUBCTL_OAUTH_CLIENT_ID": Self.clientId,
                   "HUBCTL_REDIRECT_URI": "http://127.0.0.1:0/callback", "HUBCTL_VAULT_KEY": Self.vaultKey]
        for (k, v) in environment { env[k] = v }
        hub = Hubctl(dir: TempDir("oauth"), environment: env)
    }

    var home: String { hub.dir.path + "/home" }

    /// The emulator's OAuth counters (codes, codeExchanges, refreshes).
    func counters() throws -> [String: Int] {
        let r = try emu.control("GET", "/_emulator/oauth")
        return (try JSONSerialization.jsonObject(with: r.body) as? [String: Int]) ?? [:]
    }

    /// The protocol requests the emulator saw, in order.
    func requests() throws -> [[String: Any]] {
        let r = try emu.control("GET", "/_emulator/state")
        let doc = try JSONSerialization.jsonObject(with: r.body) as? [String: Any]
        return doc?["requests"] as? [[String: Any]] ?? []
    }

    /// `hubctl login --no-browser`, with this test as the person: it reads the URL hubctl prints,
    /// logs in with the emulator's form (as a browser would post it), and pastes what `paste` makes
    /// of the redirect address. Returns hubctl's result and the redirect address.
    func pasteLogin(_ extra: [String] = [], user: String = "demo", password: String = "demo-password",
                    paste: (String) -> String = { $0 }) throws -> (RunResult, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.hubctl)
        process.arguments = ["login", "--no-browser"] + extra
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        for (k, v) in hub.environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let errBuffer = Mutex(Data()), outBuffer = Mutex(Data())
        let done = DispatchGroup()
        done.enter()
        Thread {
            while true {
                let chunk = err.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                errBuffer.withLock { $0.append(chunk) }
            }
            done.leave()
        }.start()
        done.enter()
        Thread { outBuffer.withLock { $0 = out.fileHandleForReading.readDataToEndOfFile() }; done.leave() }.start()
        // The URL hubctl printed.
        var url: String?
        for _ in 0..<600 where url == nil {
            let text = String(decoding: errBuffer.withLock { $0 }, as: UTF8.self)
            url = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.contains("/oauth2/api/v1/authorize?") }
            if url == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let url, let items = URLComponents(string: url)?.queryItems else {
            process.terminate()
            throw HarnessError("hubctl printed no authorization URL: \(String(decoding: errBuffer.withLock { $0 }, as: UTF8.self))")
        }
        // The emulator's login form, posted as a browser posts it.
        var args = ["-sS", "-o", "/dev/null", "-w", "%{redirect_url}", emu.url + "/oauth2/api/v1/authorize"]
        for item in items { args += ["--data-urlencode", "\(item.name)=\(item.value ?? "")"] }
        args += ["--data-urlencode", "username=\(user)", "--data-urlencode", "password@" + hub.dir.write("pw-\(UUID().uuidString)", password)]
        let posted = try EndToEndTests.run("/usr/bin/curl", args)
        let location = posted.out.trimmingCharacters(in: .whitespacesAndNewlines)
        input.fileHandleForWriting.write(Data((paste(location) + "\n").utf8))
        try? input.fileHandleForWriting.close()
        if done.wait(timeout: .now() + 60) == .timedOut { process.terminate() }
        process.waitUntilExit()
        return (RunResult(status: process.terminationStatus, stdout: outBuffer.withLock { $0 }, stderr: errBuffer.withLock { $0 }), location)
    }

    /// Logs in through the paste path and checks it worked.
    func login() throws {
        let (result, _) = try pasteLogin()
        #expect(result.status == 0, "\(result)")
    }
}

/// The selenium BROWSER script, and whether Chromium, its driver and Selenium are here.
enum HeadlessBrowser {
    static let script = Repo.root + "/scripts/oauth-browser.py"
    static var missing: String? {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing: run `make deps` (Debian packages chromium, chromium-driver)"
        }
        let probe = try? EndToEndTests.run("/usr/bin/env", ["python3", "-c", "import selenium"],
                                           environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        if probe?.status != 0 { return "Selenium is missing: run `make deps` (scripts/install-pip.sh selenium=selenium)" }
        return nil
    }
}

@Suite(.serialized) struct OAuthEndToEndTests {
    // MARK: Login

    @Test func aRealHeadlessBrowserCompletesTheLoginAndEveryCommandUsesIt() throws {
        if let missing = HeadlessBrowser.missing { Issue.record(Comment(rawValue: missing)); return }
        let bed = try MobileServicesBed()
        let login = try bed.hub.run(["login"], env: ["BROWSER": HeadlessBrowser.script,
                                                      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                                    timeout: 180)
        #expect(login.status == 0, "\(login)")
        #expect(login.json?["loggedIn"] as? Bool == true)
        #expect(login.json?["clientId"] as? String == MobileServicesBed.clientId)
        #expect(login.json?["appId"] as? String == "com.example.ms")
        #expect(login.json?["scope"] as? String == "openid")
        #expect(login.json?["expiresAt"] is String)
        #expect(login.json?["accessToken"] == nil && login.json?["refreshToken"] == nil, "no token is printed")
        #expect(login.err.contains("oauth-browser.py: hubctl: login received"), "the browser saw hubctl's answer page: \(login.err)")
        #expect(try bed.counters()["codeExchanges"] == 1)

        let register = try bed.hub("register")
        #expect(register.status == 0, "\(register)")
        #expect(register.json?["UserName"] as? String == "demo", "the connection belongs to the user who logged in")
        let get = try bed.hub("settings", "get", "UserName")
        #expect(get.status == 0, "\(get)")
        #expect(get.json?["UserName"] as? String == "demo")
    }

    @Test func theNoBrowserPathTakesThePastedAddressOrTheBareCode() throws {
        let bed = try MobileServicesBed()
        let (withAddress, location) = try bed.pasteLogin()
        #expect(withAddress.status == 0, "\(withAddress)")
        #expect(location.hasPrefix("http://127.0.0.1:"), "the emulator redirected to the loopback URI: \(location)")
        #expect(withAddress.err.contains("Open this address in a browser"))

        let other = try MobileServicesBed()
        let (bare, _) = try other.pasteLogin { address in
            URLComponents(string: address)?.queryItems?.first { $0.name == "code" }?.value ?? ""
        }
        #expect(bare.status == 0, "\(bare)")
        #expect(try other.hub("register").status == 0)
    }

    @Test func aRedirectWithAnotherStateIsRefusedAndNothingIsStored() throws {
        let bed = try MobileServicesBed()
        let (result, _) = try bed.pasteLogin { $0.replacingOccurrences(of: "state=", with: "state=x") }
        #expect(result.status == 77, "\(result)")
        #expect(result.errorCode == "oauth_state_mismatch")
        let after = try bed.hub("auth", "token")
        #expect(after.status == 77, "\(after)")
        #expect(after.errorCode == "login_required")
    }

    @Test func aWrongPasswordInTheFormNeverReachesHubctlAndACodeIsSingleUse() throws {
        let bed = try MobileServicesBed()
        // The form answers the wrong password with itself (200, no redirect), so nothing is pasted.
        let (wrong, location) = try bed.pasteLogin(password: "nope")
        #expect(location.isEmpty, "\(location)")
        #expect(wrong.status == 64, "\(wrong)")
        // The same code twice: the second exchange is refused.
        var code = ""
        let (first, _) = try bed.pasteLogin { address in
            code = URLComponents(string: address)?.queryItems?.first { $0.name == "code" }?.value ?? ""
            return address
        }
        #expect(first.status == 0, "\(first)")
        let (again, _) = try bed.pasteLogin { _ in code }
        #expect(again.status == 77, "\(again)")
        #expect(again.errorCode == "oauth_denied")
    }

    @Test func loginNeedsAClientIdAndAVaultSecret() throws {
        let bed = try MobileServicesBed()
        let noClient = try bed.hub("login", "--no-browser", env: ["HUBCTL_OAUTH_CLIENT_ID": ""])
        #expect(noClient.status == 78, "\(noClient)")
        #expect(noClient.errorCode == "missing_oauth_client_id")
        let noVault = try bed.hub("login", "--no-browser", env: ["HUBCTL_VAULT_KEY": ""])
        #expect(noVault.status == 78, "\(noVault)")
        #expect(noVault.errorCode == "vault_secret_missing")
        let badRedirect = try bed.hub("login", "--redirect-uri", "not a url")
        #expect(badRedirect.status == 78, "\(badRedirect)")
        #expect(badRedirect.errorCode == "invalid_redirect_uri")
    }

    // MARK: Tokens on every command

    @Test func registerSettingsAndACPFetchRefreshTheTokenDuringOneCommand() throws {
        // Each access token is good for one request: every further request is challenged.
        let bed = try MobileServicesBed(oauth: ", \"accessTokenUses\": 1")
        try bed.login()
        func refreshes() throws -> Int { try bed.counters()["refreshes"] ?? 0 }
        let register = try bed.hub("register")
        #expect(register.status == 0, "\(register)")
        #expect(try refreshes() == 0, "register's one protocol request used the login's token")
        let get = try bed.hub("settings", "get", "UserName")
        #expect(get.status == 0, "\(get)")
        #expect(try refreshes() == 1)
        let zip = bed.hub.dir.file("profile.zip")
        try Archives.make("zip", at: zip, name: "Profile", version: "1.0")
        try bed.emu.publish(zip, id: "Profile:1.0", app: "com.example.ms")
        // acp fetch reads the connection, then the bundle: two challenges, two refreshes, one command.
        let fetch = try bed.hub("acp", "fetch")
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.json?["bundleId"] as? String == "Profile:1.0")
        #expect(try refreshes() == 3)
    }

    @Test func anExpiredAccessTokenIsRenewedBeforeTheRequest() throws {
        let bed = try MobileServicesBed(oauth: ", \"accessTokenSeconds\": 1")
        try bed.login()
        Thread.sleep(forTimeInterval: 1.5)
        let before = try bed.counters()["refreshes"] ?? 0
        try bed.emu.control("DELETE", "/_emulator/requests")
        let register = try bed.hub("register", "--verbose")
        #expect(register.status == 0, "\(register)")
        #expect((try bed.counters()["refreshes"] ?? 0) > before)
        // Renewed before sending: the one registration request went out once, unchallenged.
        let posts = try bed.requests().filter { ($0["path"] as? String)?.contains("/Connections") == true }
        #expect(posts.count == 1, "\(posts)")
        #expect(register.err.contains("expired; refreshing"), "\(register.err)")
        #expect(!register.err.contains("challenged"), "\(register.err)")
    }

    @Test func theClientServicesTakeTheBearerTokenAndRefreshIt() throws {
        // Each access token is good for one request: push, whoami and logs upload are challenged
        // like registration is, and answered by a refresh (docs/protocol.md §14, §15).
        let bed = try MobileServicesBed(oauth: ", \"accessTokenUses\": 1", environment: ["HUBCTL_PLATFORM": "mobile-services"])
        #expect(try bed.emu.control("PUT", "/_emulator/platform", json: #"{"platform": "mobile-services"}"#).status == 200)
        try bed.login()
        #expect(try bed.hub("register").status == 0)
        let before = try bed.counters()["refreshes"] ?? 0
        let push = try bed.hub("push", "register", "--os", "android", "--token", "device-token-1")
        #expect(push.status == 0, "\(push)")
        #expect(push.json?["action"] as? String == "created")
        let whoami = try bed.hub("whoami")
        #expect(whoami.status == 0, "\(whoami)")
        let log = bed.hub.dir.file("client.log")
        try "#2026-11-23T10:00:00.000Z#INFO#c1#src#loc#hello#\n".write(toFile: log, atomically: true, encoding: .utf8)
        let upload = try bed.hub("logs", "upload", log)
        #expect(upload.status == 0, "\(upload)")
        #expect(try bed.counters()["refreshes"] ?? 0 == before + 3, "one refresh per command")
        // Without a token the same services challenge, and hubctl says to log in.
        #expect(try bed.hub("logout").status == 0)
        let after = try bed.hub("whoami")
        #expect(after.status == 77, "\(after)")
        #expect(after.errorCode == "login_required", "\(after)")
    }

    @Test func aRotatedRefreshTokenIsKeptAndTheOldOneNoLongerWorks() throws {
        let bed = try MobileServicesBed()
        try bed.login()
        let key = "hubctl/oauth/\(MobileServicesBed.clientId)/com.example.ms@\(bed.emu.url)"
        func stored() throws -> [String: Any] {
            let show = try bed.hub("vault", "show", key)
            #expect(show.status == 0, "\(show)")
            let value = show.json?["value"] as? String ?? ""
            return (try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String: Any]) ?? [:]
        }
        let original = try stored()["refreshToken"] as? String ?? ""
        #expect(!original.isEmpty)
        // The server forgets every access token: the next command is challenged and refreshes.
        #expect(try bed.emu.control("POST", "/_emulator/oauth/expire", json: #"{"appId": "com.example.ms"}"#).status == 204)
        #expect(try bed.hub("register").status == 0)
        let rotated = try stored()["refreshToken"] as? String ?? ""
        #expect(!rotated.isEmpty && rotated != original, "the rotated refresh token is in the vault")
        // A CI job seeded with the spent token cannot log in any more.
        let ci = Hubctl(environment: bed.hub.environment.merging(["HUBCTL_HOME": TempDir("ci").path + "/home",
                                                                  "HUBCTL_REFRESH_TOKEN": original]) { $1 })
        let spent = try ci("register")
        #expect(spent.status == 77, "\(spent)")
        #expect(spent.errorCode == "login_required")
        // Seeded with the current one it works, and keeps the next rotation in its own vault.
        let seeded = Hubctl(environment: bed.hub.environment.merging(["HUBCTL_HOME": TempDir("ci2").path + "/home",
                                                                      "HUBCTL_REFRESH_TOKEN": rotated]) { $1 })
        let fresh = try seeded("auth", "token")
        #expect(fresh.status == 0, "\(fresh)")
        #expect((fresh.json?["accessToken"] as? String)?.isEmpty == false)
        #expect(fresh.json?["tokenType"] as? String == "Bearer")
    }

    @Test func aRevokedRefreshTokenIsLoginRequired() throws {
        let bed = try MobileServicesBed()
        try bed.login()
        #expect(try bed.hub("register").status == 0)
        #expect(try bed.emu.control("POST", "/_emulator/oauth/revoke", json: #"{"appId": "com.example.ms"}"#).status == 200)
        let after = try bed.hub("settings", "get")
        #expect(after.status == 77, "\(after)")
        #expect(after.errorCode == "login_required")
        #expect(after.message.contains("hubctl login"))
        #expect(after.out.isEmpty)
        // logout forgets the tokens; a second logout has nothing to forget.
        let out = try bed.hub("logout")
        #expect(out.status == 0, "\(out)")
        #expect(out.json?["loggedOut"] as? Bool == true)
        #expect(try bed.hub("logout").json?["loggedOut"] as? Bool == false)
        let token = try bed.hub("auth", "token")
        #expect(token.status == 77)
        #expect(token.errorCode == "login_required")
    }

    @Test(arguments: ["bearer", "status", "message"])
    func everyChallengeFormIsAnsweredByRefreshingOrIsLoginRequired(style: String) throws {
        let bed = try MobileServicesBed(oauth: ", \"challenge\": \"\(style)\"")
        // Without an OAuth client configured, hubctl cannot answer the challenge: 77 with advice.
        let noClient = try bed.hub("register", env: ["HUBCTL_OAUTH_CLIENT_ID": "", "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "demo-password"])
        #expect(noClient.status == 77, "\(noClient)")
        #expect(noClient.errorCode == "login_required")
        #expect(noClient.message.contains("--oauth-client-id"))
        // Logged in, a challenge of this form is answered by refreshing and sending again.
        try bed.login()
        #expect(try bed.emu.control("POST", "/_emulator/oauth/expire", json: #"{"appId": "com.example.ms"}"#).status == 204)
        let before = try bed.counters()["refreshes"] ?? 0
        let register = try bed.hub("register")
        #expect(register.status == 0, "\(register)")
        #expect(try bed.counters()["refreshes"] == before + 1)
    }

    // MARK: What else a tenant does

    @Test func aSAMLApplicationIsNeverReadAsData() throws {
        let bed = try MobileServicesBed(appId: "com.example.saml")
        let register = try bed.hub("register", env: ["HUBCTL_OAUTH_CLIENT_ID": ""])
        #expect(register.status == 77, "\(register)")
        #expect(register.errorCode == "saml_required")
        #expect(register.out.isEmpty)
        #expect(register.message.contains("OAuth"))
        #expect(!FileManager.default.fileExists(atPath: bed.home + "/state.json"), "nothing recorded")
    }

    @Test func applicationVersioningWantsAnActiveAppVersion() throws {
        let bed = try MobileServicesBed()
        #expect(try bed.emu.control("PUT", "/_emulator/mobileservices",
                                    json: #"{"appId": "com.example.demo", "appVersions": ["1.0", "1.1"]}"#).status == 204)
        let basic = ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_OAUTH_CLIENT_ID": "", "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "demo-password"]
        // Without X-APP-VERSION SAP documents a plain 403 (no header says why): forbidden, with the hint.
        let none = try bed.hub("register", env: basic)
        #expect(none.status == 77, "\(none)")
        #expect(none.errorCode == "forbidden")
        #expect(none.message.contains("--app-version"))
        // An inactive version: the x-app-version-inactive header, as SAP's SDKs read it.
        let inactive = try bed.hub("register", "--app-version", "0.9", env: basic)
        #expect(inactive.status == 77)
        #expect(inactive.errorCode == "app_version_rejected")
        #expect(inactive.message.contains("x-app-version-inactive"))
        let active = try bed.hub("register", "--app-version", "1.1", env: basic)
        #expect(active.status == 0, "\(active)")
        let viaEnvironment = try bed.hub("settings", "get", env: basic.merging(["HUBCTL_APP_VERSION": "1.0"]) { $1 })
        #expect(viaEnvironment.status == 0, "\(viaEnvironment)")
        let sent = try bed.requests().compactMap { ($0["headers"] as? [String: String])?["x-app-version"] }
        #expect(sent.contains("1.1") && sent.contains("1.0"), "\(sent)")
    }

    @Test func theRegistrationVersionIsDiscoveredWithAFallback() throws {
        let bed = try MobileServicesBed()
        try bed.login()
        try bed.emu.control("DELETE", "/_emulator/requests")
        // Without the versions address (SMP 3): latest, as before.
        #expect(try bed.hub("register").status == 0)
        let fallback = try bed.requests().compactMap { r in (r["method"] as? String).map { "\($0) \(r["path"] as? String ?? "")" } }
        #expect(fallback.first == "GET /mobileservices/management/versions", "\(fallback)")
        #expect(fallback.contains("POST /odata/applications/latest/com.example.ms/Connections"), "\(fallback)")
        // With it: the version it names.
        #expect(try bed.emu.control("PUT", "/_emulator/versions", json: #"{"onboarding": "v4"}"#).status == 204)
        try bed.emu.control("DELETE", "/_emulator/requests")
        #expect(try bed.hub("register", "--force").status == 0)
        let discovered = try bed.requests().filter { $0["method"] as? String == "POST" }.compactMap { $0["path"] as? String }
        #expect(discovered == ["/odata/applications/v4/com.example.ms/Connections"], "\(discovered)")
        // A pinned version is not second-guessed.
        try bed.emu.control("DELETE", "/_emulator/requests")
        #expect(try bed.hub("register", "--force", "--api-version", "v2").status == 0)
        let pinned = try bed.requests().compactMap { $0["path"] as? String }
        #expect(!pinned.contains("/mobileservices/management/versions"))
        #expect(pinned.contains("/odata/applications/v2/com.example.ms/Connections"), "\(pinned)")
    }

    @Test func aBundleMissingUnderBundlesIsTakenFromMobileServicesOwnPath() throws {
        let bed = try MobileServicesBed()
        let basic = ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_OAUTH_CLIENT_ID": "", "HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "demo-password"]
        #expect(try bed.hub("register", env: basic).status == 0)
        let zip = bed.hub.dir.file("p.zip")
        try Archives.make("zip", at: zip, name: "Profile", version: "2.0")
        try bed.emu.publish(zip, id: "Profile:2.0")
        #expect(try bed.emu.control("POST", "/_emulator/faults", json: #"{"status": 404, "path": "/bundles/com.example.demo/", "count": 1}"#).status == 201)
        try bed.emu.control("DELETE", "/_emulator/requests")
        let fetch = try bed.hub("acp", "fetch", env: basic)
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.json?["bundleId"] as? String == "Profile:2.0")
        let paths = try bed.requests().compactMap { $0["path"] as? String }
        #expect(paths.contains("/mobileservices/application/com.example.demo/bundles/v1/runtime/bundle/application/com.example.demo/bundle/Profile/version/2.0"), "\(paths)")
    }

    @Test func everyRequestCarriesTheAppAndDeviceIdsAndTheSessionCookieStaysInItsCommand() throws {
        let bed = try MobileServicesBed()
        try bed.login()
        #expect(try bed.hub("register").status == 0)
        let zip = bed.hub.dir.file("p.zip")
        try Archives.make("zip", at: zip, name: "Profile", version: "3.0")
        try bed.emu.publish(zip, id: "Profile:3.0", app: "com.example.ms")
        try bed.emu.control("DELETE", "/_emulator/requests")
        // acp fetch: the connection, then the bundle.
        #expect(try bed.hub("acp", "fetch").status == 0)
        let fetch = try bed.requests()
        #expect(try bed.hub("settings", "get").status == 0)
        let all = try bed.requests()
        let next = Array(all.dropFirst(fetch.count))
        let headers = all.compactMap { $0["headers"] as? [String: String] }
        #expect(headers.count >= 3)
        #expect(headers.allSatisfy { $0["x-smp-appid"] == "com.example.ms" }, "\(headers)")
        let devices = Set(headers.compactMap { $0["x-smp-deviceid"] })
        #expect(devices.count == 1, "one stable device id: \(devices)")
        let stored = try String(contentsOfFile: bed.home + "/device-id", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(devices.first == stored)
        #expect(headers.allSatisfy { $0["authorization"] == "<redacted>" })
        // The tenant's session cookie comes back within a command, never into the next one.
        func cookie(_ r: [String: Any]) -> String { (r["headers"] as? [String: String])?["cookie"] ?? "" }
        #expect(fetch.count == 2, "\(fetch)")
        #expect(!cookie(fetch.first ?? [:]).contains("JTENANTSESSIONID_emulator"))
        #expect(fetch.count == 2 && cookie(fetch[1]).contains("JTENANTSESSIONID_emulator"), "\(fetch.map(cookie))")
        #expect(!next.isEmpty && !cookie(next[0]).contains("JTENANTSESSIONID_emulator"))
    }

    @Test func noTokenOrCodeOutsideTheVault() throws {
        let bed = try MobileServicesBed(oauth: ", \"accessTokenUses\": 1")
        var code = ""
        let (login, _) = try bed.pasteLogin { address in
            code = URLComponents(string: address)?.queryItems?.first { $0.name == "code" }?.value ?? ""
            return address
        }
        #expect(login.status == 0, "\(login)")
        var outputs = [login.out, login.err]
        for args in [["register", "--verbose"], ["settings", "get", "--verbose"], ["settings", "set", "DeviceType=Linux", "--verbose"],
                     ["status", "--verbose"]] {
            let r = try bed.hub.run(args)
            outputs += [r.out, r.err]
        }
        let key = "hubctl/oauth/\(MobileServicesBed.clientId)/com.example.ms@\(bed.emu.url)"
        let value = try bed.hub("vault", "show", key).json?["value"] as? String ?? ""
        let tokens = (try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String: Any]) ?? [:]
        let access = tokens["accessToken"] as? String ?? "", refresh = tokens["refreshToken"] as? String ?? ""
        #expect(!code.isEmpty && !access.isEmpty && !refresh.isEmpty)
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: bed.hub.dir.path)
        while let name = enumerator?.nextObject() as? String {
            let path = bed.hub.dir.path + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  !name.hasSuffix("home/vault"), !name.hasPrefix("pw-") else { continue }
            files.append(String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self))
        }
        #expect(files.count >= 2, "state.json and device-id at least")
        for secret in [code, access, refresh] {
            #expect(!outputs.contains { $0.contains(secret) }, "a secret in hubctl's output")
            #expect(!files.contains { $0.contains(secret) }, "a secret in a file other than the vault")
        }
    }
}

extension RunResult {
    /// The error document's message ("" without one).
    var message: String {
        let text = error?["message"] as? String
        return text ?? ""
    }
}
