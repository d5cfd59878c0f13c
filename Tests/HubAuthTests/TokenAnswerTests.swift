// What a token endpoint's answer may put into the vault (docs/security.md §15).

import Foundation
import HubCore
import Testing
@testable import HubAuth

@Suite struct TokenAnswerTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func tokens(_ members: [String: JSONValue], previous: String? = nil) throws -> OAuthTokens {
        var answer: [String: JSONValue] = ["access_token": .string("eyJhbGciOi.J9-x_y~z+/="), "token_type": .string("Bearer"),
                                           "expires_in": .int(3600), "refresh_token": .string("r1")]
        for (k, v) in members { answer[k] = v }
        return try OAuthTokenEndpoint.tokens(from: answer, previous: previous, origin: "idp:443", status: 200, now: now)
    }

    @Test func aSaneAnswerIsTaken() throws {
        let t = try tokens([:])
        #expect(t.accessToken == "eyJhbGciOi.J9-x_y~z+/=")
        #expect(t.refreshToken == "r1")
        #expect(t.expiresAt == now.addingTimeInterval(3600))
        #expect(try tokens(["token_type": .string("bearer"), "expires_in": .string("60")]).expiresAt == now.addingTimeInterval(60))
        #expect(try tokens(["refresh_token": .null], previous: "kept").refreshToken == "kept")
        #expect(try tokens(["expires_in": .null]).expiresAt == nil)
    }

    @Test func aLifetimeBeyondAYearIsCut() throws {
        #expect(try tokens(["expires_in": .double(1e300)]).expiresAt == now.addingTimeInterval(OAuthTokenEndpoint.maximumLifetime))
        #expect(try tokens(["expires_in": .string("1e300")]).expiresAt == now.addingTimeInterval(OAuthTokenEndpoint.maximumLifetime))
    }

    @Test(arguments: [
        ["expires_in": JSONValue.string("1e400")], ["expires_in": .string("nan")], ["expires_in": .int(-1)],
        ["expires_in": .bool(true)], ["token_type": .string("mac")], ["token_type": .null], ["token_type": .int(1)],
        ["access_token": .string("a\r\nX-Injected: 1")], ["access_token": .string("two words")], ["access_token": .string("é")],
        ["access_token": .string("")], ["access_token": .null], ["refresh_token": .string("r\n")], ["refresh_token": .int(5)],
        ["access_token": .string(String(repeating: "a", count: 16_385))],
    ])
    func hostileAnswersAreRefused(_ members: [String: JSONValue]) {
        let error = #expect(throws: HubError.self) { try tokens(members) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.exitCode == 65)
        #expect(error?.message.contains("X-Injected") == false, "the token is never shown")
    }

    @Test func tokensReadFromTheVaultAreCheckedAgain() throws {
        let far = OAuthTokens(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSinceNow: 1e300), scope: nil)
        let checked = try #require(far.checked())
        #expect(checked.expiresAt == .distantPast, "an implausible expiry counts as expired")
        #expect(checked.expired())
        #expect(OAuthTokens(accessToken: "a\r\nb", refreshToken: nil, expiresAt: nil, scope: nil).checked() == nil)
        #expect(OAuthTokens(accessToken: "a", refreshToken: "r r", expiresAt: nil, scope: nil).checked()?.refreshToken == nil)
        // Through the vault's own decoding.
        let stored = try JSONEncoder().encode(far)
        #expect(OAuthTokenVault.decode(stored)?.expiresAt == .distantPast)
    }
}
