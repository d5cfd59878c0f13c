// The reactive credential chain with the vault: asked once, then from the vault; Client Hub sharing.
import Foundation
import Testing

@Suite(.serialized) struct CredentialsEndToEndTests {
    let vaultKey = Data((0..<32).map { UInt8($0) }).base64EncodedString()

    @Test func credentialsAreGivenOnceThenTakenFromTheVault() throws {
        let emu = try Emulator()
        let dir = TempDir("cred")
        let base = ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo",
                    "HUBCTL_VAULT_KEY": vaultKey]
        let hub = Hubctl(dir: dir, environment: base)
        let first = try hub("register", "--save-credentials", "--verbose", env: ["HUBCTL_PASSWORD": "demo-password"])
        #expect(first.status == 0, "\(first)")
        #expect(!first.err.contains("demo-password"), "no secret in --verbose output")
        let list = try hub("vault", "list")
        let keys = (list.json?["entries"] as? [[String: Any]])?.compactMap { $0["key"] as? String } ?? []
        #expect(keys.contains { $0.contains("credentials/app/com.example.demo") }, "\(keys)")
        #expect(!list.out.contains("demo-password"))
        // No password given now: the 401 is answered from the vault.
        let later = try hub("settings", "get", "UserName")
        #expect(later.status == 0, "\(later)")
        #expect(later.json?["UserName"] as? String == "demo")
        // Without the vault's key and without a terminal there is nobody to ask: 77 with advice.
        let locked = try hub("settings", "get", env: ["HUBCTL_VAULT_KEY": ""])
        #expect(locked.status == 77, "\(locked)")
        let lockedMessage = locked.error?["message"] as? String ?? ""
        #expect(lockedMessage.contains("HUBCTL_PASSWORD"))
    }

    @Test func withoutSaveCredentialsNothingIsStored() throws {
        let emu = try Emulator()
        let hub = Hubctl(environment: ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo",
                                       "HUBCTL_VAULT_KEY": vaultKey, "HUBCTL_PASSWORD": "demo-password"])
        #expect(try hub("register").status == 0)
        #expect(try hub("vault", "list").status == 66, "no vault was created")
    }

    @Test func applicationsShareCredentialsThroughTheSecurityConfiguration() throws {
        let emu = try Emulator()
        let dir = TempDir("share")
        let base = ["HUBCTL_SERVER": emu.url, "HUBCTL_USER": "demo", "HUBCTL_VAULT_KEY": vaultKey,
                    "HUBCTL_SECURITY_CONFIGURATION": "DemoSSO"]
        let hub = Hubctl(dir: dir, environment: base)
        let a = try hub("register", "--save-credentials", env: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_PASSWORD": "demo-password"])
        #expect(a.status == 0, "\(a)")
        // A second application with the same security configuration registers without being asked.
        let b = try hub("register", env: ["HUBCTL_APP_ID": "com.example.other"])
        #expect(b.status == 0, "\(b)")
        // With sharing switched off it has to be asked (and nobody can answer here).
        let c = try Hubctl(dir: TempDir(), environment: base)("register", env: ["HUBCTL_APP_ID": "com.example.other"])
        #expect(c.status == 77, "a fresh home has no vault: \(c)")
        let offDir = TempDir("noshare")
        let off = Hubctl(dir: offDir, environment: base.merging(["HUBCTL_SHARE_CREDENTIALS": "false"]) { $1 })
        #expect(try off("register", "--save-credentials", env: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_PASSWORD": "demo-password"]).status == 0)
        let notShared = try off("register", env: ["HUBCTL_APP_ID": "com.example.other"])
        #expect(notShared.status == 77, "\(notShared)")
    }

    @Test func aChangedPasswordIsVerifiedThenSharedAndTheNewerCopyWins() throws {
        let emu = try Emulator()
        let dir = TempDir("rotate")
        let base = ["HUBCTL_SERVER": emu.url, "HUBCTL_USER": "demo", "HUBCTL_VAULT_KEY": vaultKey,
                    "HUBCTL_SECURITY_CONFIGURATION": "DemoSSO"]
        let hub = Hubctl(dir: dir, environment: base)
        #expect(try hub("register", "--save-credentials", env: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_PASSWORD": "demo-password"]).status == 0)
        #expect(try hub("register", env: ["HUBCTL_APP_ID": "com.example.other"]).status == 0)
        // The back-end password changes (for both applications).
        for app in ["com.example.demo", "com.example.other"] {
            #expect(try emu.control("POST", "/_emulator/users", json: #"{"appId": "\#(app)", "user": "demo", "password": "n3w-password"}"#).status < 300)
        }
        // A wrong new password is not kept.
        let wrong = try hub("register", "--save-credentials", env: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_PASSWORD": "not-it"])
        #expect(wrong.status == 77, "\(wrong)")
        // The new one, verified by the server, is stored for the app and shared.
        let right = try hub("register", "--save-credentials", env: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_PASSWORD": "n3w-password"])
        #expect(right.status == 0, "\(right)")
        // The other application now takes the newer shared copy.
        let other = try hub("settings", "get", "UserName", env: ["HUBCTL_APP_ID": "com.example.other"])
        #expect(other.status == 0, "\(other)")
    }

    /// On a terminal: asked once (no echo), offered to keep them, then taken from the vault.
    @Test func askedOnceOnATerminalThenTakenFromTheVault() throws {
        let emu = try Emulator()
        let dir = TempDir("prompt")
        let hub = Hubctl(dir: dir, environment: ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.demo",
                                                 "HUBCTL_USER": "demo", "HUBCTL_VAULT_KEY": vaultKey, "TERM": "xterm"])
        let terminal = try TerminalSession("register", environment: hub.environment)
        #expect(terminal.waitFor("Password for demo"), "prompted: \(terminal.seen)")
        terminal.type("demo-password")
        #expect(terminal.waitFor("Keep these credentials"), "offered to keep them: \(terminal.seen)")
        terminal.type("y")
        #expect(terminal.waitFor("ApplicationConnectionId"), "registered: \(terminal.seen)")
        #expect(terminal.finish() == 0)
        #expect(!terminal.seen.contains("demo-password"), "the password is not echoed")
        // Later runs, without a terminal and without a password, take it from the vault.
        let later = try hub("settings", "get", "UserName")
        #expect(later.status == 0, "\(later)")
    }
}
