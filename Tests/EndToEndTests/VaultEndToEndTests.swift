// End-to-end tests of `hubctl vault …` through the built binary: round trips, damage, permissions,
// concurrency, crashes, the passcode policy and its retry limit, and secrets kept out of output.

import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func randomVaultKey() -> String {
    Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
}

/// A hubctl with its own home and a raw vault key (fast: no scrypt), plus helpers.
private struct VaultHarness {
    let hub = Hubctl()
    let key = randomVaultKey()
    var keyEnv: [String: String] { ["HUBCTL_VAULT_KEY": key] }
    var home: String { hub.dir.path + "/home" }
    var vaultPath: String { home + "/vault" }

    @discardableResult
    func run(_ args: String..., env: [String: String]? = nil, stdin: Data? = nil) throws -> RunResult {
        try hub.run(args, env: env ?? keyEnv, stdin: stdin)
    }

    func vaultBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: vaultPath)) }
    func writeVault(_ data: Data) throws {
        try data.write(to: URL(fileURLWithPath: vaultPath))
        chmod(vaultPath, 0o600)
    }

    /// Writes the server's PasswordPolicy* settings where the registration code keeps them.
    func writePolicy(_ json: String) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(json.utf8).write(to: URL(fileURLWithPath: home + "/passcode-policy.json"))
    }
}

private func expectFailure(_ r: RunResult, _ status: Int32, _ code: String? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == status, "\(r)", sourceLocation: sourceLocation)
    #expect(r.stdout.isEmpty, "stdout must be empty on failure: \(r)", sourceLocation: sourceLocation)
    if let code { #expect(r.errorCode == code, "\(r)", sourceLocation: sourceLocation) }
}

@Suite(.serialized) struct VaultEndToEndTests {
    @Test func setShowListDeleteRoundTrip() throws {
        let v = VaultHarness()
        let initResult = try v.run("vault", "init")
        #expect(initResult.status == 0, "\(initResult)")
        #expect(initResult.json?["kdf"] as? String == "rawKey")
        #expect(try v.run("vault", "set", "plain", "hello world").status == 0)

        let text = "line one\nline two\n\n  indented\t\r\n"
        let setText = try v.run("vault", "set", "text", stdin: Data(text.utf8))
        #expect(setText.status == 0, "\(setText)")
        let binary = Data([0x61, 0x0A, 0x00, 0xFF, 0xFE, 0x0D, 0x0A, 0x1B, 0x5B, 0x0A, 0x0A])
        #expect(try v.run("vault", "set", "binary", stdin: binary).status == 0)

        let showText = try v.run("vault", "show", "text")
        #expect(showText.json?["value"] as? String == text)
        #expect(showText.json?["encoding"] == nil)
        #expect(showText.json?["key"] as? String == "text")
        let updatedAt = try #require(showText.json?["updatedAt"] as? String)
        #expect(ISO8601DateFormatter().date(from: updatedAt) != nil)

        let showBinary = try v.run("vault", "show", "binary")
        #expect(showBinary.json?["encoding"] as? String == "base64")
        #expect((showBinary.json?["value"] as? String).flatMap { Data(base64Encoded: $0) } == binary)

        let list = try v.run("vault", "list")
        let entries = try #require(list.json?["entries"] as? [[String: Any]])
        #expect(entries.map { $0["key"] as? String } == ["binary", "plain", "text"])
        #expect(entries.allSatisfy { $0["value"] == nil && $0["updatedAt"] is String })
        #expect(!list.out.contains("hello world"))

        // Overwrite, delete, delete again.
        #expect(try v.run("vault", "set", "plain", "changed").status == 0)
        #expect(try v.run("vault", "show", "plain").json?["value"] as? String == "changed")
        let deleted = try v.run("vault", "delete", "plain")
        #expect(deleted.json?["deleted"] as? Bool == true)
        expectFailure(try v.run("vault", "delete", "plain"), 66, "vault_key_not_found")
        expectFailure(try v.run("vault", "show", "plain"), 66, "vault_key_not_found")
        #expect(try v.run("vault", "list").json.flatMap { $0["entries"] as? [Any] }?.count == 2)

        // Files are private.
        let attrs = try FileManager.default.attributesOfItem(atPath: v.vaultPath)
        #expect(attrs[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: v.home)[.posixPermissions] as? Int == 0o700)
    }

    @Test func rekeyBetweenKeyAndPassphrases() throws {
        let v = VaultHarness()
        #expect(try v.run("vault", "set", "token", stdin: Data("s3cr3t-value".utf8)).status == 0)
        let toPass = try v.run("vault", "rekey", env: v.keyEnv.merging(["HUBCTL_VAULT_NEW_PASSPHRASE": "first passphrase"]) { $1 })
        #expect(toPass.status == 0, "\(toPass)")
        #expect(toPass.json?["kdf"] as? String == "scrypt")
        expectFailure(try v.run("vault", "list"), 77, "vault_secret_mismatch")

        let newFile = v.hub.dir.write("new-pass", "second passphrase\nignored second line\n")
        let oldFile = v.hub.dir.write("old-pass", "first passphrase\n")
        let again = try v.run("vault", "rekey", "--new-passphrase-file", newFile, "--vault-passphrase-file", oldFile, env: [:])
        #expect(again.status == 0, "\(again)")
        // The global option also works before the command, as the README shows.
        let shown = try v.run("--vault-passphrase-file", newFile, "vault", "show", "token", env: [:])
        #expect(shown.json?["value"] as? String == "s3cr3t-value", "\(shown)")
        expectFailure(try v.run("vault", "show", "token", env: ["HUBCTL_VAULT_PASSPHRASE": "first passphrase"]), 77, "wrong_passphrase")
    }

    @Test func missingVaultAndMissingSecret() throws {
        let v = VaultHarness()
        let missing = try v.run("vault", "list")
        expectFailure(missing, 66, "vault_not_found")
        #expect(missing.err.contains("hubctl vault init"))
        expectFailure(try v.run("vault", "show", "x"), 66, "vault_not_found")
        expectFailure(try v.run("vault", "delete", "x"), 66, "vault_not_found")
        expectFailure(try v.run("vault", "rekey"), 66, "vault_not_found")

        let noSecret = try v.run("vault", "init", env: [:])
        expectFailure(noSecret, 78, "vault_secret_missing")
        #expect(noSecret.err.contains("HUBCTL_VAULT_PASSPHRASE"))
        expectFailure(try v.run("vault", "init", env: ["HUBCTL_VAULT_KEY": "dG9vIHNob3J0"]), 78, "invalid_vault_key")

        #expect(try v.run("vault", "init").status == 0)
        expectFailure(try v.run("vault", "init"), 73, "vault_exists")
        expectFailure(try v.run("vault", "list", env: [:]), 78, "vault_secret_missing")
    }

    @Test func wrongPassphraseIsRefusedAndChangesNothing() throws {
        let v = VaultHarness()
        let env = ["HUBCTL_VAULT_PASSPHRASE": "the right passphrase"]
        #expect(try v.run("vault", "set", "k", "v", env: env).status == 0)
        let before = try v.vaultBytes()
        let wrong = try v.run("vault", "set", "k", "other", env: ["HUBCTL_VAULT_PASSPHRASE": "the wrong passphrase"])
        expectFailure(wrong, 77, "wrong_passphrase")
        let message = wrong.error?["message"] as? String
        #expect(message?.hasPrefix("Wrong passphrase or the vault file was modified") == true, "\(wrong)")
        #expect(try v.vaultBytes() == before)
        expectFailure(try v.run("vault", "show", "k"), 77, "vault_secret_mismatch")
    }

    // A flipped byte anywhere in the file: in-process, Tests/HubCLITests/VaultDamageInProcessTests.swift.

    @Test func aTruncatedFileIsDamage() throws {
        let v = VaultHarness()
        #expect(try v.run("vault", "set", "k", "value").status == 0)
        let good = try v.vaultBytes()
        for length in [0, 4, 8, 12, 30, good.count / 2, good.count - 17, good.count - 1] {
            try v.writeVault(good.prefix(length))
            let r = try v.run("vault", "list")
            expectFailure(r, 65, "vault_damaged")
            #expect(try v.vaultBytes() == good.prefix(length))
        }
    }

    @Test func anAbsurdScryptCostIsRefusedWithoutRunningIt() throws {
        let v = VaultHarness()
        let env = ["HUBCTL_VAULT_PASSPHRASE": "some passphrase"]
        #expect(try v.run("vault", "init", env: env).status == 0)
        var bytes = try v.vaultBytes()
        for log2N: UInt8 in [40, 63, 21, 13] {
            bytes[10] = log2N  // after magic (8), version, KDF id
            try v.writeVault(bytes)
            // 2^40 would need terabytes and hours; the harness timeout turns a hang into a failure.
            let r = try v.hub.run(["vault", "list"], env: env, timeout: 30)
            expectFailure(r, 65, "vault_damaged")
            #expect(r.err.contains("log2(N)"))
        }
    }

    @Test func unsafePermissionsAreRefused() throws {
        let v = VaultHarness()
        #expect(try v.run("vault", "set", "k", "v").status == 0)
        chmod(v.vaultPath, 0o644)
        let r = try v.run("vault", "list")
        expectFailure(r, 77, "vault_unsafe_permissions")
        #expect(r.err.contains("chmod 600"))
        chmod(v.vaultPath, 0o640)
        expectFailure(try v.run("vault", "set", "k", "w"), 77, "vault_unsafe_permissions")
        chmod(v.vaultPath, 0o600)
        #expect(try v.run("vault", "show", "k").json?["value"] as? String == "v")

        let real = v.home + "/elsewhere"
        try FileManager.default.moveItem(atPath: v.vaultPath, toPath: real)
        try FileManager.default.createSymbolicLink(atPath: v.vaultPath, withDestinationPath: real)
        expectFailure(try v.run("vault", "list"), 77, "vault_unsafe_permissions")
    }

    @Test func concurrentWritersLoseNoUpdate() throws {
        let v = VaultHarness()
        #expect(try v.run("vault", "init").status == 0)
        let failures = FailureCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<25 {
                let r = try? v.run("vault", "set", "w\(worker)-\(i)", "value \(worker) \(i)")
                if r?.status != 0 { failures.add("\(worker)/\(i): \(r.map(String.init(describing:)) ?? "did not run")") }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let entries = try #require(try v.run("vault", "list").json?["entries"] as? [[String: Any]])
        #expect(entries.count == 200)
        #expect(try v.run("vault", "show", "w7-24").json?["value"] as? String == "value 7 24")
    }

    @Test func killMinus9DuringWritesNeverLeavesAnUnreadableVault() throws {
        let v = VaultHarness()
        // How long one write takes here, so the kills spread over a whole run (startup, read,
        // encrypt, write, rename) rather than all landing before the vault is touched.
        let started = Date()
        #expect(try v.run("vault", "set", "first", "1").status == 0)
        let span = max(Date().timeIntervalSince(started), 0.05) * 1.2
        var environment = v.hub.environment
        for (k, value) in v.keyEnv { environment[k] = value }
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        var completed: [String] = []
        var random = SplitMix64.forTest("killMinus9DuringWritesNeverLeavesAnUnreadableVault")
        for i in 0..<100 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binaries.hubctl)
            process.arguments = ["vault", "set", "k\(i)", String(repeating: "v", count: i * 37)]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // The kill lands at a random moment: before, during or after the write.
            usleep(UInt32(Double.random(in: 0...span, using: &random) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit && process.terminationStatus == 0 { completed.append("k\(i)") }
            let check = try v.run("vault", "list")
            #expect(check.status == 0, "after kill \(i): \(check)")
            if check.status != 0 { break }
        }
        let keys = Set((try v.run("vault", "list").json?["entries"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String })
        #expect(keys.contains("first"))
        #expect(Set(completed).isSubset(of: keys), "a write that reported success was lost")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: v.home).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "temp files left behind: \(leftovers)")
    }

    @Test func passcodePolicyRefusalListsEachBrokenRule() throws {
        let v = VaultHarness()
        try v.writePolicy("""
        {"PasswordPolicyEnabled": true, "PasswordPolicyMinLength": 12, "PasswordPolicyDigitRequired": true,
         "PasswordPolicyUpperRequired": true, "PasswordPolicyLowerRequired": true,
         "PasswordPolicySpecialRequired": true, "PasswordPolicyMinUniqueChars": 8, "PasswordPolicyRetryLimit": 0}
        """)
        let weak = "aaaabbbb"
        let refused = try v.run("vault", "init", env: ["HUBCTL_VAULT_PASSPHRASE": weak])
        expectFailure(refused, 64, "passcode_policy_violation")
        let message = refused.error?["message"] as? String ?? ""
        for rule in ["12 characters", "digit", "upper-case", "special", "8 different characters"] {
            #expect(message.contains(rule), "missing rule \(rule): \(message)")
        }
        #expect(!message.contains("lower-case"))
        #expect(!refused.err.contains(weak))
        #expect(!FileManager.default.fileExists(atPath: v.vaultPath))

        let strong = "Tr0ub4dor&3-horse"
        #expect(try v.run("vault", "init", env: ["HUBCTL_VAULT_PASSPHRASE": strong]).status == 0)
        let weakRekey = try v.run("vault", "rekey", env: ["HUBCTL_VAULT_PASSPHRASE": strong, "HUBCTL_VAULT_NEW_PASSPHRASE": "short"])
        expectFailure(weakRekey, 64, "passcode_policy_violation")
        #expect(!weakRekey.err.contains(strong) && !weakRekey.err.contains("short\""))
        #expect(try v.run("vault", "list", env: ["HUBCTL_VAULT_PASSPHRASE": strong]).status == 0)
    }

    @Test func retryLimitDeletesTheVaultAfterWarnings() throws {
        let v = VaultHarness()
        // A policy that came over authenticated HTTPS; the server's 2 is raised to the floor of 5.
        try v.writePolicy(#"{"PasswordPolicyEnabled": "true", "PasswordPolicyMinLength": "4", "PasswordPolicyRetryLimit": "2", "hubctl.authenticatedHTTPS": true}"#)
        let good = ["HUBCTL_VAULT_PASSPHRASE": "good passphrase"]
        let bad = ["HUBCTL_VAULT_PASSPHRASE": "bad passphrase"]
        #expect(try v.run("vault", "set", "k", "v", env: good).status == 0)

        for left in [4, 3, 2, 1] {
            let wrong = try v.run("vault", "list", env: bad)
            expectFailure(wrong, 77, "wrong_passphrase")
            #expect(wrong.err.contains("\(left) attempt\(left == 1 ? "" : "s") left"), "\(wrong)")
        }
        #expect(FileManager.default.fileExists(atPath: v.vaultPath))

        let third = try v.run("vault", "list", env: bad)
        expectFailure(third, 77, "vault_deleted")
        #expect(third.err.contains("deleted"))
        #expect(!FileManager.default.fileExists(atPath: v.vaultPath))
        expectFailure(try v.run("vault", "list", env: good), 66, "vault_not_found")
    }

    /// A vault holding `k` under a passcode policy with this retry limit, and the passphrases.
    fileprivate func vaultUnderPolicy(retryLimit: Int, trusted: Bool) throws -> (VaultHarness, good: [String: String], bad: [String: String]) {
        let v = VaultHarness()
        try v.writePolicy(#"{"PasswordPolicyEnabled": "true", "PasswordPolicyMinLength": "4", "PasswordPolicyRetryLimit": "\#(retryLimit)", "hubctl.authenticatedHTTPS": \#(trusted)}"#)
        let good = ["HUBCTL_VAULT_PASSPHRASE": "good passphrase"]
        #expect(try v.run("vault", "set", "k", "v", env: good).status == 0)
        return (v, good, ["HUBCTL_VAULT_PASSPHRASE": "bad passphrase"])
    }

    /// On a terminal the person is asked before the retry limit deletes the vault; "n" keeps it.
    @Test func onATerminalTheDeletionIsAskedFirst() throws {
        let (v, good, bad) = try vaultUnderPolicy(retryLimit: 5, trusted: true)
        for _ in 0..<4 { expectFailure(try v.run("vault", "list", env: bad), 77, "wrong_passphrase") }
        // The fifth wrong passphrase, on a terminal: asked, answered "n".
        let terminal = try TerminalSession("vault list", environment: v.hub.environment.merging(bad) { $1 })
        #expect(terminal.waitFor("Delete it? [y/N]"), "asked: \(terminal.seen)")
        terminal.type("n")
        #expect(terminal.finish() == 77)
        #expect(FileManager.default.fileExists(atPath: v.vaultPath), "kept")
        #expect(try v.run("vault", "show", "k", env: good).status == 0)
    }

    /// A policy that came over plain http (or from an anonymous application) could have been
    /// written by anyone on the path: its retry limit never deletes the vault.
    @Test func anUntrustedRetryLimitNeverDeletes() throws {
        let (v, good, bad) = try vaultUnderPolicy(retryLimit: 1, trusted: false)
        for _ in 0..<6 { expectFailure(try v.run("vault", "list", env: bad), 77, "wrong_passphrase") }
        #expect(try v.run("vault", "show", "k", env: good).status == 0)
    }

    /// The policy a registration over plain http records is marked untrusted.
    @Test func aPolicyFromPlainHTTPIsRecordedAsUntrusted() throws {
        let emu = try Emulator()
        #expect(try emu.control("PUT", "/_emulator/settings",
                                json: #"{"appId": "com.example.demo", "settings": {"PasswordPolicyEnabled": true, "PasswordPolicyRetryLimit": 1}}"#).status < 300)
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let recorded = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: hub.dir.path + "/home/passcode-policy.json"))) as? [String: Any]
        #expect(recorded?["hubctl.authenticatedHTTPS"] as? Bool == false)
        #expect(recorded?["PasswordPolicyRetryLimit"] as? Int == 1)
    }

    @Test(arguments: [" leading", "trailing ", "tab\there", "line\nbreak"])
    func anAmbiguousNewPassphraseIsRefused(_ passphrase: String) throws {
        let v = VaultHarness()
        let r = try v.run("vault", "init", env: ["HUBCTL_VAULT_PASSPHRASE": passphrase])
        expectFailure(r, 64, "ambiguous_passphrase")
        #expect(!FileManager.default.fileExists(atPath: v.vaultPath))
    }

    @Test func aHomeOthersCanWriteIsWarnedAbout() throws {
        let v = VaultHarness()
        #expect(try v.run("vault", "init").status == 0)
        #expect(chmod(v.home, 0o777) == 0)
        let r = try v.run("vault", "list")
        #expect(r.status == 0)
        #expect(r.err.contains("writable by its group or by others"), "\(r)")
    }

    @Test func aSuccessResetsTheRetryCount() throws {
        let v = VaultHarness()
        try v.writePolicy(#"{"PasswordPolicyEnabled": true, "PasswordPolicyMinLength": 4, "PasswordPolicyRetryLimit": 2}"#)
        let good = ["HUBCTL_VAULT_PASSPHRASE": "good passphrase"]
        let bad = ["HUBCTL_VAULT_PASSPHRASE": "bad passphrase"]
        #expect(try v.run("vault", "init", env: good).status == 0)
        expectFailure(try v.run("vault", "list", env: bad), 77, "wrong_passphrase")
        #expect(try v.run("vault", "list", env: good).status == 0)
        expectFailure(try v.run("vault", "list", env: bad), 77, "wrong_passphrase")
        #expect(FileManager.default.fileExists(atPath: v.vaultPath))
    }

    @Test func noSecretAppearsInErrorsOrWarnings() throws {
        let v = VaultHarness()
        let passphrase = "PASS-SENTINEL-7f3a91"
        // Letters and digits only: no special character, which is anything else (SAP's Fiori rule).
        let newPassphrase = "NEWPASSSENTINELnoSpecial42"
        let value = "VALUE-SENTINEL-c0ffee"
        try v.writePolicy(#"{"PasswordPolicyEnabled": true, "PasswordPolicyMinLength": 4, "PasswordPolicySpecialRequired": true, "PasswordPolicyRetryLimit": 5}"#)
        let env = ["HUBCTL_VAULT_PASSPHRASE": passphrase]
        let first = try v.run("vault", "set", "secret", env: env, stdin: Data(value.utf8))
        #expect(first.status == 0, "\(first)")
        var failures: [RunResult] = []
        failures.append(try v.run("vault", "list", env: ["HUBCTL_VAULT_PASSPHRASE": passphrase + "x"]))
        failures.append(try v.run("vault", "show", "nope", env: env))
        failures.append(try v.run("vault", "init", env: env))
        failures.append(try v.run("vault", "rekey", env: env.merging(["HUBCTL_VAULT_NEW_PASSPHRASE": newPassphrase]) { $1 }))
        failures.append(try v.run("vault", "list", env: ["HUBCTL_VAULT_KEY": v.key]))
        failures.append(try v.run("vault", "set", "other", env: ["HUBCTL_VAULT_KEY": v.key], stdin: Data(value.utf8)))
        chmod(v.vaultPath, 0o644)
        failures.append(try v.run("vault", "show", "secret", env: env))
        chmod(v.vaultPath, 0o600)
        var bytes = try v.vaultBytes()
        bytes[bytes.count - 3] ^= 1
        try v.writeVault(bytes)
        failures.append(try v.run("vault", "show", "secret", env: env))
        for r in failures {
            #expect(r.status != 0, "\(r)")
            #expect(r.stdout.isEmpty)
            for secret in [passphrase, newPassphrase, value] {
                #expect(!r.err.contains(secret), "a secret leaked on stderr: \(r.err)")
            }
        }
        #expect(!first.err.contains(passphrase) && !first.out.contains(passphrase) && !first.out.contains(value))
    }
}

private final class FailureCounter: Sendable {
    private let failures = Mutex<[String]>([])
    func add(_ s: String) { failures.withLock { $0.append(s) } }
    var all: [String] { failures.withLock { $0 } }
}
