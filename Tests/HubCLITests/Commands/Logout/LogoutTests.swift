// `hubctl logout` in-process: {"server", "appId", "clientId", "loggedOut"}, and no client id.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("logout", .serialized)
struct LogoutTests {
    @Test func forgetsTheTokens() async throws {
        let bench = try await oauthBench()
        _ = try await loggedIn(bench)
        let r = await bench.run(["logout"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["server": .string, "appId": .string, "clientId": .string, "loggedOut": .bool])
        #expect(r.json?["loggedOut"] == .bool(true))
        #expect(r.json?["appId"] == .string("com.example.ms"))
        // Nothing left to forget: still 0, "loggedOut": false.
        let again = await bench.run(["logout"])
        #expect(again.exitCode == 0, "\(again)")
        #expect(again.json?["loggedOut"] == .bool(false))
        expectFailure(await bench.run(["auth", "token"]), exit: 77, code: "login_required")
    }

    @Test func noClientIdIs78() async throws {
        let bench = try await oauthBench()
        expectFailure(await bench.run(["logout"], environment: ["HUBCTL_OAUTH_CLIENT_ID": ""]), exit: 78, code: "missing_oauth_client_id")
    }
}

extension LogoutTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["logout"], as: LogoutCommand.self)
        #expect(options == LogoutCommand.Options())
        #expect(try parsedOptions(["logout"], as: LogoutCommand.self) == LogoutCommand.Options())
    }
}
