// Lock waits are bounded by the command's deadline (issue 23 §7, docs/security.md §17): a hubctl
// that holds the vault while it talks to a slow server makes the next one wait no longer than its
// --deadline, and that one says who holds the lock.
import Foundation
import Testing

@Suite(.serialized) struct LockWaitEndToEndTests {
    /// Waits (bounded) until the lock file names a holder.
    func holderNamed(_ path: String) -> String? {
        for _ in 0..<400 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix("pid ") { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    @Test func aVaultHeldDuringASlowTokenRefreshIsWaitedForUntilTheDeadline() throws {
        let bed = try MobileServicesBed()
        try bed.login()
        #expect(try bed.hub("register").status == 0)
        // The next command must refresh (under the vault's lock), and the token endpoint is slow.
        #expect(try bed.emu.control("POST", "/_emulator/oauth/expire", json: #"{"appId": "com.example.ms"}"#).status == 204)
        // 12 s: the second command below starts and waits out its 2 s deadline well within it, even on a loaded machine.
        #expect(try bed.emu.control("POST", "/_emulator/faults", json: #"{"delay": 12, "count": 1, "path": "/token"}"#).status == 201)
        let slow = Process()
        slow.executableURL = URL(fileURLWithPath: Binaries.hubctl)
        slow.arguments = ["settings", "get", "UserName"]
        var env = bed.hub.environment
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        slow.environment = env
        let out = Pipe()
        slow.standardOutput = out
        slow.standardError = FileHandle.nullDevice
        slow.standardInput = FileHandle.nullDevice
        try slow.run()
        let holder = holderNamed(bed.home + "/vault.lock")
        #expect(holder?.contains("hubctl settings get") == true, "the holder wrote who it is: \(holder ?? "nothing")")

        let waiting = try bed.hub.run(["vault", "set", "other-key", "v", "--deadline", "2"])
        #expect(waiting.status == 75, "\(waiting)")
        #expect(waiting.errorCode == "lock_held", "\(waiting)")
        let message = waiting.error?["message"] as? String ?? ""
        #expect(message.contains("hubctl settings get") && message.contains("the vault"), "names the holder: \(message)")

        slow.waitUntilExit()
        #expect(slow.terminationStatus == 0)
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("\"UserName\""))
        // Released: the same command now goes through.
        #expect(try bed.hub("vault", "set", "other-key", "v").status == 0)
    }

    @Test func aLockHeldByAnotherProgramIsWaitedForUntilTheDeadline() throws {
        let hub = Hubctl(environment: ["HUBCTL_VAULT_KEY": Data(repeating: 6, count: 32).base64EncodedString()])
        #expect(try hub("vault", "set", "k", "v").status == 0)
        let lockFile = hub.dir.path + "/home/vault.lock"
        // flock(1) holds the lock for up to 20 s (killed when the test is done); hubctl gives up at its 1 s deadline.
        let holder = try LockHolder(lockFile)
        defer { holder.release() }
        let r = try hub.run(["vault", "set", "k2", "v", "--deadline", "1"], timeout: 30)
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "lock_held", "\(r)")
        #expect((r.error?["message"] as? String)?.contains("the vault") == true, "\(r)")
    }
}
