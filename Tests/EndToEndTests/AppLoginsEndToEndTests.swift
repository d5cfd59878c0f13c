// Issue 48, the `app` commands' tokens, logins, redirects, key files and texts (docs/security.md
// "Tokens, logins and key files"), through the built hubctl against hubctl-emulator's Cloud Foundry
// world (CFWorld, AppAdminEndToEndTests.swift): a renewed token that is no Bearer token (item 4), a
// login page told by SAP's header whatever its type (15), a dangling symlink at --out (19), a
// redirect to an identity provider (26), the credential order (27) and the one exit-code table (28).
import Foundation
import Testing

@Suite(.serialized) struct AppLoginsEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    // MARK: Item 4: a renewed token goes through the token-answer check

    /// cf's UAA answers a refresh, and a technical user's password grant, with a token hubctl must
    /// not send: a space, `token_type: mac`, 20,000 characters, a line break. Each is 65
    /// (`malformed_response`), and nothing after the UAA's answer reaches Cloud Foundry or the
    /// Admin API.
    @Test func aRenewedTokenThatIsNoBearerTokenIs65AndIsNeverSent() throws {
        let world = try CFWorld(accessExpiresIn: -30)
        try world.instance("ci-token")
        try world.settings(#"{"users": [{"username": "ci-technical", "password": "technical-password"}]}"#)
        let password = world.dir.write("cf-password", "technical-password")
        chmod(password, 0o600)
        let api = world.info["api"] as? String ?? ""
        let technical = ["--cf-api", api, "--org", "emulator-org", "--space", "dev", "--cf-password-file", password]
        let technicalEnv = ["CF_HOME": world.dir.path + "/no-cf", "HUBCTL_CF_USERNAME": "ci-technical"]
        let long = String(repeating: "x", count: 20_000)
        let answers = [#"{"access_token": "two words"}"#, #"{"token_type": "mac"}"#, #"{"access_token": "\#(long)"}"#,
                       #"{"access_token": "line\nbreak"}"#]
        for answer in answers {
            try world.settings(#"{"tokenAnswer": \#(answer)}"#)
            for (name, arguments, env) in [("refresh", ["app", "show", "ci-token"], [String: String]()),
                                           ("password grant", ["app", "show", "ci-token"] + technical, technicalEnv)] {
                try world.clearLog()
                let r = try world.op.run(arguments, env: env)
                #expect(r.status == 65, "\(name), \(answer.prefix(60)): \(r)")
                #expect(r.errorCode == "malformed_response", "\(name): \(r)")
                #expect(r.err.contains("Cloud Foundry's UAA"), "\(name): \(r.err)")
                let paths = try world.requests().compactMap { $0["path"] as? String }
                #expect(paths.filter { $0 != "/" && $0 != "/cf-uaa/oauth/token" }.isEmpty, "\(name): nothing sent with the token: \(paths)")
                #expect(paths.filter { $0 == "/cf-uaa/oauth/token" }.count == 1, "\(name): \(paths)")
                #expect(!r.err.contains(long), "the token is not quoted")
            }
        }
        // The UAA's own answer works again.
        try world.settings(#"{"tokenAnswer": {}}"#)
        let shown = try world.op("app", "show", "ci-token")
        #expect(shown.status == 0, "\(shown)")
    }

    // MARK: Item 15: SAP's login header whatever the content type

    /// The login-page fault sends `com.sap.cloud.security.login: login-request`, as SAP's MDK CLI
    /// reads it (`@sap/mdk-tools` `lib/deployer/deploy-ms.js` 914-928); hubctl takes the header as
    /// "not authenticated" (77 with the login hint) even when the page claims to be JSON.
    @Test func theLoginRequestHeaderIs77WhateverTheContentType() throws {
        let world = try CFWorld()
        try world.instance("ci-login")
        for type in ["application/json", "text/plain", "text/html; charset=utf-8"] {
            try world.settings(#"{"loginPage": true, "loginPageType": "\#(type)"}"#)
            let r = try world.op("app", "show", "ci-login")
            #expect(r.status == 77, "\(type): \(r)")
            #expect(r.errorCode == "login_required", "\(type): \(r)")
            #expect(r.err.contains("cf login"), "\(type): \(r.err)")
            let key = try world.op("app", "key", "create", "ci-login", "--feature", "push", "--scope", "push_all", "--out", world.dir.file("never.json"))
            #expect(key.status == 77, "\(type): \(key)")
            #expect(!FileManager.default.fileExists(atPath: world.dir.file("never.json")))
        }
        try world.settings(#"{"loginPage": false, "loginPageType": null}"#)

        // The push operator's service-key session reads the header the same way.
        let settings = world.dir.file("settings.json")
        #expect(try world.op("app", "settings-file", "ci-login", "--scope", "push_all", "--out", settings).status == 0)
        let fault = try world.emu.control("POST", "/_emulator/faults",
                                          json: #"{"garbage": "{\"notificationId\": \"n-1\"}", "loginRequest": true, "path": "/mobileservices/push/", "count": -1}"#)
        #expect(fault.status == 201, "\(String(decoding: fault.body, as: UTF8.self))")
        let sent = try world.op("push", "send", "--service-key", settings, "--app-id", "ci-login", "--all", "--alert", "hi")
        #expect(sent.status == 77, "\(sent)")
        #expect(sent.errorCode == "login_required", "\(sent)")
        #expect(try pushNotifications(world.emu).isEmpty)
    }

    // MARK: Item 19: --out checked with lstat before the key is made

    /// A dangling symbolic link at --out is found before anything is sent (73, naming it), so no
    /// write-once key is made on the server and lost; the same for a directory and a file, for
    /// every --out of `app settings-file` and `app key create`.
    @Test func aDanglingSymlinkAtOutIsRefusedBeforeTheKeyIsMade() throws {
        let world = try CFWorld()
        try world.instance("ci-out")
        let link = world.dir.file("dangling.json")
        #expect(symlink(world.dir.file("nowhere/target.json"), link) == 0)
        let directory = world.dir.file("a-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = world.dir.write("a-file.json", "{}")
        try world.clearLog()
        for (out, what) in [(link, "symbolic link"), (directory, "directory"), (file, "a file")] {
            for arguments in [["app", "settings-file", "ci-out", "--scope", "push_all", "--out", out],
                              ["app", "key", "create", "ci-out", "--feature", "push", "--scope", "push_all", "--out", out],
                              ["app", "key", "create", "ci-out", "--cf-key", "ci", "--out", out]] {
                let r = try world.op.run(arguments)
                #expect(r.status == 73, "\(arguments): \(r)")
                #expect(r.err.contains(what) && r.err.contains("Nothing was sent"), "\(arguments): \(r.err)")
            }
        }
        let sent = try world.requests().compactMap { $0["path"] as? String }
        #expect(sent.isEmpty, "nothing was sent: \(sent)")
        let (_, body) = try world.emu.control("GET", "/_emulator/cf")
        let apps = ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["apps"] as? [[String: Any]]) ?? []
        #expect(apps.first { $0["id"] as? String == "ci-out" }?["keysIssued"] as? Int == 0, "\(apps)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == world.dir.file("nowhere/target.json"), "the link is left alone")
    }

    // MARK: Item 26: a redirect from the Admin API is a login

    /// The cockpit redirects to an identity provider on another host: 77 `login_required` with the
    /// login hint (not 69 `redirect_refused`), and the redirect is not followed, so neither the
    /// token nor the Admin password reaches that host.
    @Test func aRedirectToAnIdentityProviderIs77AndNotFollowed() throws {
        let world = try CFWorld()
        try world.instance("ci-redirect")
        let idp = "http://idp.localhost:\(world.emu.port)/idp/login"
        try world.settings(#"{"loginRedirect": "\#(idp)"}"#)
        let password = world.dir.write("admin-password", CFWorld.ciPassword)
        chmod(password, 0o600)
        try world.clearLog()
        for extra in [[], ["--admin-user", CFWorld.user, "--admin-password-file", password]] {
            let r = try world.op.run(["app", "show", "ci-redirect"] + extra)
            #expect(r.status == 77, "\(extra): \(r)")
            #expect(r.errorCode == "login_required", "\(r)")
            #expect(r.err.contains("cf login") && r.err.contains("redirect"), "\(r.err)")
            #expect(!r.err.contains(CFWorld.ciPassword))
        }
        let followed = try world.requests().filter { ($0["path"] as? String ?? "").hasPrefix("/idp/") }
        #expect(followed.isEmpty, "the redirect was followed: \(followed)")
        try world.settings(#"{"loginRedirect": null}"#)
        #expect(try world.op("app", "show", "ci-redirect").status == 0)
    }

    // MARK: Item 27: the credential order

    /// What is named for the run beats cf's ambient login: a token over a technical user over cf's
    /// config.json, as the binary tries them, and `hubctl app --help` lists them in that order.
    @Test func theCredentialOrderIsTheBinarysAndTheHelpSaysIt() throws {
        let world = try CFWorld()
        try world.instance("ci-order")
        try world.settings(#"{"users": [{"username": "ci-technical", "password": "technical-password"}]}"#)
        let password = world.dir.write("cf-password", "technical-password")
        chmod(password, 0o600)
        let technicalEnv = ["HUBCTL_CF_USERNAME": "ci-technical"]
        // cf's config.json holds a fresh token; the technical user still wins: one password grant.
        try world.clearLog()
        let technical = try world.op.run(["app", "show", "ci-order", "--cf-password-file", password], env: technicalEnv)
        #expect(technical.status == 0, "\(technical)")
        #expect(try world.count("POST", "/cf-uaa/oauth/token") == 1, "the technical user's grant, not cf's token")
        // A token beats both: no grant at all.
        let (_, body) = try world.emu.control("POST", "/_emulator/cf/token", json: #"{"expiresIn": 600}"#)
        let token = try #require((try JSONSerialization.jsonObject(with: body) as? [String: String])?["access_token"])
        try world.clearLog()
        let given = try world.op.run(["app", "show", "ci-order", "--cf-password-file", password], env: technicalEnv.merging(["HUBCTL_CF_TOKEN": token]) { $1 })
        #expect(given.status == 0, "\(given)")
        #expect(try world.count("POST", "/cf-uaa/oauth/token") == 0, "the token was used")

        let help = try Hubctl()("app", "--help")
        #expect(help.status == 0, "\(help)")
        let text = help.out.replacingOccurrences(of: "\n", with: " ")
        let positions = ["--cf-token-file", "HUBCTL_CF_USERNAME", "config.json"].map { text.range(of: $0)?.lowerBound }
        let found = positions.compactMap { $0 }
        #expect(found.count == 3 && found == found.sorted(), "token, technical user, cf's login: \(help.out)")
        #expect(text.contains("first found wins"), "\(help.out)")
    }

    // MARK: Item 28: one exit-code table

    /// The rows `hubctl help exit-codes` prints are the README's "Exit codes" table, row by row.
    @Test func theExitCodeHelpIsTheREADMEsTable() throws {
        let help = try Hubctl()("help", "exit-codes")
        #expect(help.status == 0, "\(help)")
        var helpRows: [[String]] = []
        let row = try Regex(#"  (\d+) +(\S+(?: \S+)?)(?:  +(.*))?"#)
        for line in help.out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.isEmpty { break }
            if let m = line.wholeMatch(of: row) {
                helpRows.append((1...3).map { m.output[$0].substring.map(String.init) ?? "" })
            } else if line.hasPrefix(String(repeating: " ", count: 21)), !helpRows.isEmpty {
                helpRows[helpRows.count - 1][2] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                Issue.record("unexpected line in `help exit-codes`: \(line)")
            }
        }
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Exit codes\n").dropFirst().first)
        let readmeRows = section.split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
            .map { line in line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(helpRows.map { $0[0] } == ["0", "3", "64", "65", "66", "69", "70", "73", "75", "77", "78", "130", "143"], "\(helpRows)")
        #expect(readmeRows.count == helpRows.count, "README rows \(readmeRows.count), help rows \(helpRows.count)")
        for (readmeRow, helpRow) in zip(readmeRows, helpRows) {
            #expect(readmeRow == helpRow, "README:\n\(readmeRow)\nhelp:\n\(helpRow)")
        }
        // What issue 48 found missing from the help.
        let joined = helpRows.map { $0.joined(separator: " ") }
        #expect(joined.first { $0.hasPrefix("73 ") }?.contains("--if-exists fail") == true)
        #expect(joined.first { $0.hasPrefix("73 ") }?.contains("--max-apps") == true)
        #expect(joined.first { $0.hasPrefix("69 ") }?.contains("Cloud Foundry job") == true)
    }
}
