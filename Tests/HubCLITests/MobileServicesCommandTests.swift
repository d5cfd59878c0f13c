// login, auth token, logout and an OAuth register in-process against the in-process emulator as a
// Mobile Services tenant; the browser is a small urllib script that posts the emulator's form.

import Foundation
import HubCLI
import HubCore
import HubEmulator
import Testing

@Suite("Mobile Services commands in-process")
struct MobileServicesCommandTests {
    static let clientId = "0b0b0b0b-1111-4222-8333-444444444444"

    static func tenant() async throws -> InProcessEmulator {
        var configuration = EmulatorConfiguration()
        var app = EmulatorConfiguration.Application(id: "com.example.ms", users: ["demo": "demo-password"])
        app.mobileServices = try JSONDecoder().decode(MobileServicesApp.self, from: Data("""
            {"oauth": {"clientId": "\(clientId)", "redirectUris": ["http://127.0.0.1/cb"]}}
            """.utf8))
        var saml = EmulatorConfiguration.Application(id: "com.example.saml")
        saml.mobileServices = try JSONDecoder().decode(MobileServicesApp.self, from: Data(#"{"saml": true}"#.utf8))
        configuration.applications += [app, saml]
        return try await InProcessEmulator.start(configuration)
    }

    /// A BROWSER that posts the login form with the query of the URL it is given, and follows the
    /// redirect to hubctl's listener.
    static func scriptedBrowser(in root: String) throws -> String {
        let path = root + "/browser.py"
        try """
        import sys, urllib.parse, urllib.request
        base, query = sys.argv[1].split("?", 1)
        fields = dict(urllib.parse.parse_qsl(query))
        fields.update(username="demo", password="demo-password")
        urllib.request.urlopen(base, data=urllib.parse.urlencode(fields).encode(), timeout=20).read()
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return "/usr/bin/python3 " + path
    }

    func bench() async throws -> CommandBench {
        try CommandBench(emulator: try await Self.tenant(), app: "com.example.ms", user: "", password: "",
                         extra: ["HUBCTL_OAUTH_CLIENT_ID": Self.clientId, "HUBCTL_REDIRECT_URI": "http://127.0.0.1:0/cb",
                                 "HUBCTL_VAULT_KEY": Data(repeating: 3, count: 32).base64EncodedString(),
                                 "HUBCTL_USER": "", "HUBCTL_PASSWORD": ""])
    }

    @Test func loginThroughTheLoopbackListenerThenRegisterAuthTokenAndLogout() async throws {
        let bench = try await bench()
        let login = await bench.run(["login"], environment: ["BROWSER": try Self.scriptedBrowser(in: bench.root)])
        #expect(login.exitCode == 0, "\(login)")
        #expect(login.json?["loggedIn"]?.boolValue == true)
        #expect(login.json?["refreshable"]?.boolValue == true)
        #expect(!login.out.contains("accessToken"))
        let register = await bench.run(["register"])
        #expect(register.exitCode == 0, "\(register)")
        #expect(register.json?["UserName"]?.stringValue == "demo")
        let token = await bench.run(["auth", "token"])
        #expect(token.exitCode == 0, "\(token)")
        #expect(token.json?["accessToken"]?.stringValue?.count == 64)
        let logout = await bench.run(["logout"])
        #expect(logout.json?["loggedOut"]?.boolValue == true)
        let after = await bench.run(["settings", "get"])
        #expect(after.exitCode == 77, "\(after)")
        #expect(after.errorCode == "login_required")
    }

    @Test func withoutAClientIdLoginAndTokenAreConfigurationErrors() async throws {
        let bench = try await bench()
        for command in [["login", "--no-browser"], ["auth", "token"], ["logout"]] {
            let r = await bench.run(command, environment: ["HUBCTL_OAUTH_CLIENT_ID": ""])
            #expect(r.exitCode == 78, "\(command): \(r)")
            #expect(r.errorCode == "missing_oauth_client_id")
        }
    }

    @Test func aSAMLApplicationIsSAMLRequired() async throws {
        let bench = try await bench()
        let r = await bench.run(["settings", "get"], environment: ["HUBCTL_APP_ID": "com.example.saml", "HUBCTL_OAUTH_CLIENT_ID": ""])
        // Not registered: the command stops before the network.
        #expect(r.exitCode == 66, "\(r)")
        let register = await bench.run(["register"], environment: ["HUBCTL_APP_ID": "com.example.saml", "HUBCTL_OAUTH_CLIENT_ID": ""])
        #expect(register.exitCode == 77, "\(register)")
        #expect(register.errorCode == "saml_required")
        #expect(register.out.isEmpty)
    }
}
