// Numbers and tokens from a careless or hostile server (issue 23 §2, docs/security.md §15): checked
// where they enter, clamped or refused with 65, never stored unchecked, never a trap, and no later
// command suffers for them.
import Foundation
import Testing

@Suite(.serialized) struct HostileNumbersEndToEndTests {
    /// A Mobile Services bed whose token endpoint adds `members` to every token answer.
    func bed(answering members: String) throws -> MobileServicesBed {
        let bed = try MobileServicesBed()
        let put = try bed.emu.control("PUT", "/_emulator/oauth/answer", json: members)
        #expect(put.status == 204, "\(String(decoding: put.body, as: UTF8.self))")
        return bed
    }

    @Test func aHugeLifetimeIsCutToAYearAndEveryLaterCommandWorks() throws {
        let bed = try bed(answering: #"{"expires_in": 1e300}"#)
        let (login, _) = try bed.pasteLogin()
        #expect(login.status == 0, "\(login)")
        let expires = try #require(login.json?["expiresAt"] as? String)
        let date = try #require(ISO8601DateFormatter().date(from: expires.replacingOccurrences(of: #"\.\d+Z$"#, with: "Z", options: .regularExpression)))
        #expect(date.timeIntervalSinceNow <= 366 * 86_400 + 60, "cut to a year: \(expires)")
        #expect(date.timeIntervalSinceNow > 300 * 86_400, "\(expires)")
        // What was stored serves every later command.
        for command in [["auth", "token"], ["register"], ["settings", "get", "UserName"], ["status"]] {
            let r = try bed.hub.run(command)
            #expect(r.status == 0, "\(command): \(r)")
        }
    }

    @Test(arguments: [
        (#"{"expires_in": "1e400"}"#, "expires_in"),
        (#"{"expires_in": "nan"}"#, "expires_in"),
        (#"{"expires_in": -5}"#, "expires_in"),
        (#"{"token_type": "mac"}"#, "token_type"),
        (#"{"token_type": null}"#, "token_type"),
        (#"{"access_token": "abc\r\nX-Injected: 1"}"#, "access_token"),
        (#"{"access_token": "two words"}"#, "access_token"),
        (#"{"refresh_token": "r\nx"}"#, "refresh_token"),
    ])
    func aHostileTokenAnswerIsRefusedAtLoginAndNothingIsStored(members: String, field: String) throws {
        let bed = try bed(answering: members)
        let (login, _) = try bed.pasteLogin()
        #expect(login.status == 65, "\(members): \(login)")
        #expect(login.errorCode == "malformed_response", "\(login)")
        #expect((login.error?["message"] as? String)?.contains(field) == true, "the message names \(field): \(login)")
        #expect(!login.err.contains("X-Injected"), "the token itself is never shown")
        let token = try bed.hub("auth", "token")
        #expect(token.status == 77, "nothing was stored: \(token)")
        #expect(token.errorCode == "login_required", "\(token)")
    }

    @Test func aRefreshThatAnswersAHostileNumberLeavesTheStoredTokensUsable() throws {
        // A server that does not rotate refresh tokens: the refused answer spent nothing.
        let bed = try MobileServicesBed(oauth: #", "accessTokenUses": 1, "rotateRefreshTokens": false"#)
        try bed.login()
        #expect(try bed.hub("register").status == 0)
        // The access token is spent; the refresh answers a lifetime no conversion survives.
        #expect(try bed.emu.control("PUT", "/_emulator/oauth/answer", json: #"{"expires_in": "1e400"}"#).status == 204)
        let refused = try bed.hub("settings", "get")
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.errorCode == "malformed_response", "\(refused)")
        // A sane server again: the next command works (the refused answer was never stored).
        #expect(try bed.emu.control("PUT", "/_emulator/oauth/answer", json: "{}").status == 204)
        let again = try bed.hub("settings", "get")
        #expect(again.status == 0, "\(again)")
    }

    @Test func policyNumbersBeyondAnyRangeAreClampedAndNothingCrashesLater() throws {
        let emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        let hub = client(emu, dir: TempDir("policy-numbers"))
        #expect(try hub("register").status == 0)
        try setServices(emu, #"{"appId": "com.example.demo", "policies": {"passwordPolicy": {"passwordPolicyEnabled": true, "passwordPolicyMinLength": 1e300, "passwordPolicyRetryLimit": 1e300, "passwordPolicyLockTimeout": -1e300}}}"#)
        let get = try hub("policy", "get")
        #expect(get.status == 0, "\(get)")
        let recorded = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: hub.dir.path + "/home/passcode-policy.json"))) as? [String: Any])
        #expect(recorded["PasswordPolicyMinLength"] as? Int == 1024, "\(recorded)")
        #expect(recorded["PasswordPolicyRetryLimit"] as? Int == 1_000_000, "\(recorded)")
        #expect(recorded["PasswordPolicyLockTimeout"] as? Int == 0, "\(recorded)")
        let status = try hub("status")
        #expect(status.status == 0, "\(status)")
        #expect((status.json?["passcodePolicy"] as? [String: Any])?["minLength"] as? Int == 1024, "\(status)")
        // A number that is no number at all is refused, and the recorded policy stays as it was.
        try setServices(emu, #"{"appId": "com.example.demo", "policies": {"passwordPolicy": {"passwordPolicyEnabled": true, "passwordPolicyMinLength": "nan"}}}"#)
        let nan = try hub("policy", "get")
        #expect(nan.status == 65, "\(nan)")
        #expect(nan.errorCode == "invalid_passcode_policy", "\(nan)")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: hub.dir.path + "/home/passcode-policy.json"))) as? [String: Any])
        #expect(after["PasswordPolicyMinLength"] as? Int == 1024)
    }

    /// A policy file an older hubctl wrote with a number no integer holds: read, clamped, no trap.
    @Test func anOldPolicyFileWithAHugeNumberIsReadWithoutACrash() throws {
        let hub = Hubctl(environment: ["HUBCTL_VAULT_KEY": Data(repeating: 4, count: 32).base64EncodedString()])
        _ = hub.dir.write("home/passcode-policy.json", #"{"PasswordPolicyEnabled": true, "PasswordPolicyMinLength": 1e300, "PasswordPolicyRetryLimit": 1e300, "hubctl.authenticatedHTTPS": true}"#)
        chmod(hub.dir.path + "/home", 0o700)
        chmod(hub.dir.path + "/home/passcode-policy.json", 0o600)
        let status = try hub("status")
        #expect(status.status == 0, "\(status)")
        // The policy applies, clamped: a short passphrase is refused by its minimum length.
        let initShort = try hub.run(["vault", "init"], env: ["HUBCTL_VAULT_KEY": "", "HUBCTL_VAULT_PASSPHRASE": "short-passphrase"])
        #expect(initShort.status == 64, "\(initShort)")
        #expect(initShort.errorCode == "passcode_policy_violation", "\(initShort)")
        #expect((initShort.error?["message"] as? String)?.contains("at least 1024 characters") == true, "\(initShort)")
    }
}
