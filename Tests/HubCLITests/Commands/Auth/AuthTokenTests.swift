// `hubctl auth token` in-process: {"accessToken", "tokenType", "expiresAt"} after a login, and no login.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("auth token", .serialized)
struct AuthTokenTests {
    @Test func printsAUsableAccessToken() async throws {
        let bench = try await oauthBench()
        _ = try await loggedIn(bench)
        let r = await bench.run(["auth", "token"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["accessToken": .string, "tokenType": .string, "expiresAt": .string])
        #expect(r.json?["tokenType"] == .string("Bearer"))
        #expect(r.json?["accessToken"]?.stringValue?.isEmpty == false)
    }

    @Test func withoutALoginIs77() async throws {
        let bench = try await oauthBench()
        expectFailure(await bench.run(["auth", "token"]), exit: 77, code: "login_required")
    }
}

extension AuthTokenTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["auth", "token"], as: AuthToken.self)
        #expect(options == AuthToken.Options())
        #expect(try parsedOptions(["auth", "token"], as: AuthToken.self) == AuthToken.Options())
    }
}
