// `hubctl login` in-process against the emulator as a Mobile Services tenant: the loopback listener
// with a scripted browser (as MobileServicesCommandTests), and a pasted redirect of another login.

import Foundation
@testable import HubCLI
import HubCore
import Testing

/// A bench for the OAuth commands: the Mobile Services tenant of MobileServicesCommandTests, a client
/// id and a fixed vault key; no user or password.
func oauthBench() async throws -> CommandBench {
    try CommandBench(emulator: try await MobileServicesCommandTests.tenant(), app: "com.example.ms", user: "", password: "",
                     extra: ["HUBCTL_OAUTH_CLIENT_ID": MobileServicesCommandTests.clientId, "HUBCTL_REDIRECT_URI": "http://127.0.0.1:0/cb",
                             "HUBCTL_VAULT_KEY": fixedVaultKey(11), "HUBCTL_USER": "", "HUBCTL_PASSWORD": ""])
}

/// `hubctl login` through the loopback listener, the browser a script that posts the login form.
func loggedIn(_ bench: CommandBench, sourceLocation: SourceLocation = #_sourceLocation) async throws -> CommandResult {
    let r = await bench.run(["login"], environment: ["BROWSER": try MobileServicesCommandTests.scriptedBrowser(in: bench.root)])
    #expect(r.exitCode == 0, "\(r)", sourceLocation: sourceLocation)
    return r
}

@Suite("login", .serialized)
struct LoginTests {
    @Test func printsWhatItLoggedInToNeverAToken() async throws {
        let bench = try await oauthBench()
        let r = try await loggedIn(bench)
        expectShape(r.json, ["server": .string, "appId": .string, "clientId": .string, "loggedIn": .bool,
                             "expiresAt": .string, "scope": .string, "refreshable": .bool])
        #expect(r.json?["server"] == .string(bench.emulator.url))
        #expect(r.json?["appId"] == .string("com.example.ms"))
        #expect(r.json?["clientId"] == .string(MobileServicesCommandTests.clientId))
        #expect(r.json?["loggedIn"] == .bool(true))
        #expect(r.json?["refreshable"] == .bool(true))
        let token = try #require(await bench.run(["auth", "token"]).json?["accessToken"]?.stringValue)
        #expect(!r.out.contains(token), "no token on stdout: \(r.out)")
    }

    /// The paste path (--no-browser): a redirect that carries another login's state is refused.
    @Test func aPastedRedirectOfAnotherLoginIs77() async throws {
        let bench = try await oauthBench()
        let r = await bench.run(["login", "--no-browser"], stdin: "http://127.0.0.1/cb?code=abc&state=not-this-login\n")
        expectFailure(r, exit: 77, code: "oauth_state_mismatch")
        #expect(r.err.contains("code_challenge_method=S256"), "the authorization URL is shown: \(r.err)")
    }

    @Test func nothingPastedIs64() async throws {
        let bench = try await oauthBench()
        expectFailure(await bench.run(["login", "--no-browser"], stdin: ""), exit: 64, code: "usage")
    }
}

extension LoginTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["login", "--no-browser"], as: LoginCommand.self)
        #expect(options == LoginCommand.Options(noBrowser: true))
        #expect(try parsedOptions(["login"], as: LoginCommand.self) == LoginCommand.Options())
    }
}
