// Unit tests of the vault on disk: permissions, locking behaviour, atomicity, retry limit.

import Foundation
import HubCore
import HubVault
import Synchronization
import Testing

/// A private temporary home, removed afterwards.
final class TempHome: Sendable {
    let path = NSTemporaryDirectory() + "vault-unit-\(UUID().uuidString.prefix(8))/home"
    deinit { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    func store(policy: PasscodePolicy? = nil, warnings: WarningLog? = nil) -> VaultStore {
        VaultStore(directory: path, scrypt: fastScrypt, policy: policy, warn: { warnings?.add($0) })
    }
}

final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
}

func hubError(_ body: () throws -> Void) -> HubError? {
    do { try body(); return nil } catch let e as HubError { return e } catch { return nil }
}

@Suite struct VaultStoreTests {
    @Test func createReadUpdateDelete() throws {
        let home = TempHome()
        let store = home.store()
        #expect(!store.exists)
        try store.create(secret: testKey)
        #expect(store.exists)
        #expect(mode(home.path) == 0o700)
        #expect(mode(store.path) == 0o600)
        #expect(try store.read(secret: testKey).entries.isEmpty)

        let value = Data([0x0A, 0x00, 0xFF, 0x0D, 0x0A] + Array("text\n".utf8))
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        try store.update(secret: testKey) { $0.set(value, forKey: "blob", at: date) }
        let contents = try store.read(secret: testKey)
        #expect(contents.value(forKey: "blob") == value)
        #expect(contents.entry(forKey: "blob")?.updatedAt == date)

        try store.update(secret: testKey) { $0.set(string: "pa55 wörd", forKey: "cred") }
        #expect(try store.read(secret: testKey).string(forKey: "cred") == "pa55 wörd")
        #expect(try store.read(secret: testKey).string(forKey: "blob") == nil)   // not UTF-8
        try store.update(secret: testKey) { $0.remove("cred") }

        let removed = try store.update(secret: testKey) { $0.remove("blob") }
        #expect(removed?.value == value)
        #expect(try store.read(secret: testKey).keys.isEmpty)
    }

    @Test func createRefusesAnExistingVault() throws {
        let home = TempHome()
        let store = home.store()
        try store.create(secret: testKey)
        try store.update(secret: testKey) { $0.set(Data("v".utf8), forKey: "k") }
        let error = hubError { try store.create(secret: testKey) }
        #expect(error?.code == .vaultExists)
        #expect(try store.read(secret: testKey).value(forKey: "k") == Data("v".utf8))
    }

    @Test func missingVaultIsNoInput() throws {
        let home = TempHome()
        let store = home.store()
        #expect(hubError { _ = try store.read(secret: testKey) }?.exitCode == 66)
        #expect(hubError { try store.update(secret: testKey) { _ in } }?.code == .vaultNotFound)
        try store.update(secret: testKey, createIfMissing: true) { $0.set(Data("1".utf8), forKey: "a") }
        #expect(try store.read(secret: testKey).value(forKey: "a") == Data("1".utf8))
    }

    @Test func aFailedUpdateChangesNothing() throws {
        let home = TempHome()
        let store = home.store()
        try store.update(secret: testKey, createIfMissing: true) { $0.set(Data("1".utf8), forKey: "a") }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        struct Stop: Error {}
        #expect(throws: Stop.self) { try store.update(secret: testKey) { $0.set(Data("2".utf8), forKey: "a"); throw Stop() } }
        #expect(hubError { try store.update(secret: .rawKey([UInt8](repeating: 9, count: 32))) { $0.set(Data(), forKey: "b") } }?.exitCode == 77)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }

    @Test func rekeyMovesBetweenSecrets() throws {
        let home = TempHome()
        let store = home.store()
        try store.update(secret: testKey, createIfMissing: true) { $0.set(Data("v".utf8), forKey: "k") }
        try store.rekey(from: testKey, to: testPassphrase)
        #expect(hubError { _ = try store.read(secret: testKey) }?.code == .vaultSecretMismatch)
        #expect(try store.read(secret: testPassphrase).value(forKey: "k") == Data("v".utf8))
        #expect(try store.storedSecretKind() == .passphrase)
        let other = VaultSecret.passphrase(Array("another one".utf8))
        try store.rekey(from: testPassphrase, to: other)
        #expect(hubError { _ = try store.read(secret: testPassphrase) }?.code == .wrongPassphrase)
        #expect(try store.read(secret: other).value(forKey: "k") == Data("v".utf8))
    }

    @Test func unsafeFilesAreRefused() throws {
        let home = TempHome()
        let store = home.store()
        try store.create(secret: testKey)
        chmod(store.path, 0o644)
        let error = hubError { _ = try store.read(secret: testKey) }
        #expect(error?.code == .vaultUnsafePermissions)
        #expect(error?.exitCode == 77)
        #expect(error?.message.contains("chmod 600") == true)
        chmod(store.path, 0o600)

        // A symlink to a perfectly good vault is still refused.
        let real = home.path + "/real-vault"
        try FileManager.default.moveItem(atPath: store.path, toPath: real)
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: real)
        #expect(hubError { _ = try store.read(secret: testKey) }?.code == .vaultUnsafePermissions)
    }

    @Test func policyIsCheckedForNewPassphrasesOnly() throws {
        let home = TempHome()
        let policy = PasscodePolicy(minLength: 12, digitRequired: true)
        let store = home.store(policy: policy)
        let error = hubError { try store.create(secret: .passphrase(Array("short".utf8))) }
        #expect(error?.code == .passcodePolicyViolation)
        #expect(!store.exists)
        try store.create(secret: .passphrase(Array("long enough 123".utf8)))
        #expect(hubError { try store.rekey(from: .passphrase(Array("long enough 123".utf8)), to: .passphrase(Array("nodigitsbutlong".utf8))) }?.code
                == .passcodePolicyViolation)
        // A raw key is 256 random bits: the passcode rules do not apply to it.
        try store.rekey(from: .passphrase(Array("long enough 123".utf8)), to: testKey)
    }

    @Test func retryLimitDeletesTheVault() throws {
        let home = TempHome()
        let warnings = WarningLog()
        let store = home.store(policy: PasscodePolicy(minLength: 4, retryLimit: 3), warnings: warnings)
        let good = VaultSecret.passphrase(Array("good pass".utf8))
        let bad = VaultSecret.passphrase(Array("bad pass".utf8))
        try store.update(secret: good, createIfMissing: true) { $0.set(Data("v".utf8), forKey: "k") }

        // Two failures, then a success resets the count.
        for _ in 0..<2 { #expect(hubError { _ = try store.read(secret: bad) }?.code == .wrongPassphrase) }
        #expect(warnings.all.count == 2)
        #expect(warnings.all.last?.contains("1 attempt left") == true)
        _ = try store.read(secret: good)
        #expect(!FileManager.default.fileExists(atPath: store.attemptsPath))

        for _ in 0..<2 { _ = hubError { _ = try store.read(secret: bad) } }
        #expect(store.exists)
        let last = hubError { _ = try store.read(secret: bad) }
        #expect(last?.code == .vaultDeleted)
        #expect(last?.exitCode == 77)
        #expect(!store.exists)
        #expect(!FileManager.default.fileExists(atPath: store.attemptsPath))
    }

    @Test func aPersonCanKeepTheVaultTheLimitWouldDelete() throws {
        let home = TempHome()
        var store = home.store(policy: PasscodePolicy(minLength: 4, retryLimit: 2))
        let asked = Mutex<[Int]>([])
        store.confirmDeletion = { attempts, _ in asked.withLock { $0.append(attempts) }; return false }
        let good = VaultSecret.passphrase(Array("good pass".utf8))
        let bad = VaultSecret.passphrase(Array("bad pass".utf8))
        try store.update(secret: good, createIfMissing: true) { $0.set(Data("v".utf8), forKey: "k") }
        for _ in 0..<3 { #expect(hubError { _ = try store.read(secret: bad) }?.code == .wrongPassphrase) }
        #expect(asked.withLock { $0 } == [2, 3], "asked at the limit and after it")
        #expect(store.exists)
        #expect(try store.read(secret: good).value(forKey: "k") == Data("v".utf8))

        store.confirmDeletion = { _, _ in true }
        _ = hubError { _ = try store.read(secret: bad) }
        #expect(hubError { _ = try store.read(secret: bad) }?.code == .vaultDeleted)
        #expect(!store.exists)
    }

    @Test func withoutARetryLimitNothingIsCounted() throws {
        let home = TempHome()
        let store = home.store(policy: PasscodePolicy(minLength: 4, retryLimit: 0))
        try store.create(secret: testPassphrase)
        for _ in 0..<3 { _ = hubError { _ = try store.read(secret: .passphrase(Array("nope".utf8))) } }
        #expect(store.exists)
        #expect(!FileManager.default.fileExists(atPath: store.attemptsPath))
    }

    @Test func staleTempFilesFromAKilledWriterAreRemoved() throws {
        let home = TempHome()
        let store = home.store()
        try store.create(secret: testKey)
        let stale = home.path + "/.vault.tmp-12345-678"
        _ = FileManager.default.createFile(atPath: stale, contents: Data("junk".utf8))
        try store.update(secret: testKey) { $0.set(Data("1".utf8), forKey: "a") }
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    @Test func concurrentUpdatesInOneProcessLoseNothing() async throws {
        let home = TempHome()
        let store = home.store()
        try store.create(secret: testKey)
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<20 {
                group.addTask { try? store.update(secret: testKey) { $0.set(Data("\(i)".utf8), forKey: "k\(i)") } }
            }
        }
        #expect(try store.read(secret: testKey).keys.count == 20)
    }
}
