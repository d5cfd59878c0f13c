// Issue 32, item 3: a registration read without SQLite, from a snapshot that is used only when it is
// known to be the row (RegistrationSnapshots.swift). "Another program" here is the sqlite3 shell
// writing the database directly, as an older hubctl would: it knows nothing of the snapshots.

import Foundation
import Testing
@testable import HubCore
@testable import HubServices

// Serialized: `RegistrationStore.finish()` finishes every database the process has open.
@Suite(.serialized) struct RegistrationSnapshotsTests {
    let home = NSTemporaryDirectory() + "snapshots-\(UUID().uuidString)"

    func registration(_ user: String?, id: String, created: Double = 1_795_706_419.825_883_9) -> Registration {
        Registration(server: "https://mobile.example.com:8443", appId: "com.example.app", user: user,
                     applicationConnectionId: id, apiVersion: "latest", anonymous: user == nil,
                     securityConfiguration: user == nil ? nil : "Basic \"realm\"\n", createdAt: Date(timeIntervalSince1970: created))
    }

    func snapshot(_ user: String?) -> Registration? {
        RegistrationSnapshots.read(home: home, server: "https://mobile.example.com:8443", appId: "com.example.app", user: user)
    }

    /// The sqlite3 shell runs `sql` on the home's database, as a program that is not this hubctl.
    func otherProgram(_ sql: String) throws {
        let shell = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: shell), "the sqlite3 shell (Debian's sqlite3, which `make deps` installs)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = [RegistrationDatabase.path(home: home), sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
    }

    @Test func theFileHoldsTheRowExactly() throws {
        let odd = Registration(server: "https://m.example.com/ä\u{0}\"\\", appId: "a\u{1F600}", user: "",
                               applicationConnectionId: "id\n\t", apiVersion: "v1", anonymous: false,
                               securityConfiguration: nil, createdAt: Date(timeIntervalSince1970: 0.1 + 0.2))
        for r in [registration("ü ser", id: "a"), registration(nil, id: "b", created: -1.5), odd,
                  registration("x", id: "c", created: 1e-300), registration("x", id: "d", created: 4_102_444_800.000_001)] {
            let decoded = try #require(RegistrationSnapshots.decode(Data(try RegistrationSnapshots.encode(r))), "\(r)")
            #expect(decoded == r)
            #expect(decoded.createdAt.timeIntervalSince1970.bitPattern == r.createdAt.timeIntervalSince1970.bitPattern)
        }
    }

    @Test func aDamagedOrForeignFileIsNotUsed() throws {
        let good = try RegistrationSnapshots.encode(registration("u", id: "a"))
        let text = String(decoding: good, as: UTF8.self)
        let damaged: [[UInt8]] = [
            [], Array(good.dropLast(3)), [UInt8](repeating: 0, count: good.count),
            Array(text.replacingOccurrences(of: "\"format\":1", with: "\"format\":2").utf8),
            Array(text.replacingOccurrences(of: "\"anonymous\":false", with: "\"anonymous\":\"false\"").utf8),
            Array(text.replacingOccurrences(of: "\"user\":\"u\"", with: "\"user\":7").utf8),
            Array(text.replacingOccurrences(of: "\"connection_id\":\"a\",", with: "").utf8),
            Array(text.replacingOccurrences(of: "\"created_at\":\"1795706419.8258839\"", with: "\"created_at\":\"nan\"").utf8),
        ]
        #expect(damaged.allSatisfy { $0 != good })
        for bytes in damaged {
            #expect(RegistrationSnapshots.decode(Data(bytes)) == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func bucketsFollowTheDatabaseKey() {
        let hash = RegistrationSnapshots.hash(server: "s", appId: "ab", user: "c")
        #expect(hash != RegistrationSnapshots.hash(server: "s", appId: "a", user: "bc"))
        #expect(RegistrationSnapshots.hash(server: "s", appId: "a", user: nil) == RegistrationSnapshots.hash(server: "s", appId: "a", user: ""))
        // FNV-1a 64 of "s\0ab\0c\0", worked out from the published constants.
        var expected: UInt64 = 14_695_981_039_346_656_037
        for byte in Array("s\u{0}ab\u{0}c\u{0}".utf8) { expected = (expected ^ UInt64(byte)) &* 1_099_511_628_211 }
        #expect(hash == expected)
        #expect(String(decoding: RegistrationSnapshots.hex(hash), as: UTF8.self) == String(format: "%016llx", hash))
        #expect(RegistrationSnapshots.bucketName(hash) == "bucket-" + String(format: "%02llx", hash >> 56))
    }

    /// One line per registration, sorted by hash; each line reads back as its registration.
    @Test func aBucketHoldsItsRegistrationsOneALine() throws {
        let rows = (0..<40).map { registration("user \($0)", id: "id-\($0)") }
        let text = String(decoding: try RegistrationSnapshots.bucket(rows.reversed()), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 40 && text.hasSuffix("\n"))
        let hashes = lines.map { String($0.prefix(16)) }
        #expect(hashes == hashes.sorted())
        for (line, hash) in zip(lines, hashes) {
            let r = try #require(RegistrationSnapshots.decode(Data(line.dropFirst(17).utf8)))
            #expect(String(decoding: RegistrationSnapshots.hex(RegistrationSnapshots.hash(server: r.server, appId: r.appId, user: r.user)), as: UTF8.self) == hash)
            #expect(rows.contains(r))
        }
    }

    /// A home of more registrations than buckets (so some share one), read back one by one.
    @Test func everyRegistrationOfAFullHomeIsReadFromItsBucket() throws {
        let store = RegistrationStore(home: home)
        let rows = (0..<300).map { registration("many-\($0)", id: "id-\($0)") }
        for r in rows { try store.save(r) }
        RegistrationStore.finish()
        for r in rows { #expect(snapshot(r.user) == r, "\(r.user ?? "")") }
        let files = try FileManager.default.contentsOfDirectory(atPath: RegistrationSnapshots.directory(home: home))
        #expect(files.count <= 258 && files.contains("stamp") && files.contains("generation"), "buckets, not a file a registration: \(files.count)")
    }

    @Test func aSnapshotIsUsedOnlyOnceAWriterHasStampedIt() throws {
        let store = RegistrationStore(home: home)
        let r = registration("u1", id: "first")
        try store.save(r)
        #expect(snapshot("u1") == nil, "written, not yet stamped: the WAL holds the commit")
        RegistrationStore.finish()
        #expect(snapshot("u1") == r)
        #expect(snapshot("u2") == nil, "no snapshot of an identity without a registration")
        #expect(try store.find(server: r.server, appId: r.appId, user: "u1") == r)
        // Private, like the database.
        let dir = RegistrationSnapshots.directory(home: home)
        #expect(try FileManager.default.attributesOfItem(atPath: dir)[.posixPermissions] as? Int == 0o700)
        let file = dir + "/" + RegistrationSnapshots.bucketName(RegistrationSnapshots.hash(server: r.server, appId: r.appId, user: "u1"))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [(file as NSString).lastPathComponent, "generation", "stamp"].sorted(),
                "no temporary file left behind")

        // The next write: until it is done, no snapshot is used; then the changed one is new.
        let changed = registration("u1", id: "second")
        try store.save(changed)
        #expect(snapshot("u1") == nil)
        RegistrationStore.finish()
        #expect(snapshot("u1") == changed)
        try store.remove(applicationConnectionId: "second")
        RegistrationStore.finish()
        #expect(snapshot("u1") == nil)
        #expect(!FileManager.default.fileExists(atPath: file), "the bucket of the removed (and only) registration is gone")
    }

    @Test func aChangeByAnotherProgramIsNeverReadFromAStaleSnapshot() throws {
        let store = RegistrationStore(home: home)
        let one = registration("u1", id: "one"), two = registration("u2", id: "two")
        try store.save(one)
        try store.save(two)
        RegistrationStore.finish()
        #expect(snapshot("u1") == one && snapshot("u2") == two)

        // Past the file system clock's tick of the stamp: the one case the stamp cannot see is a
        // foreign commit checkpointed within that tick at an unchanged size (RegistrationSnapshots.swift).
        Thread.sleep(forTimeInterval: 0.05)
        try otherProgram("UPDATE registrations SET connection_id = 'changed' WHERE user = 'u1'")
        #expect(snapshot("u1") == nil, "the database is no longer the stamped one")
        #expect(snapshot("u2") == nil)

        // The next hubctl that writes rewrites what the other program changed (its triggers marked it).
        let three = registration("u3", id: "three")
        try store.save(three)
        RegistrationStore.finish()
        #expect(snapshot("u1")?.applicationConnectionId == "changed")
        #expect(snapshot("u2") == two)
        #expect(snapshot("u3") == three)

        Thread.sleep(forTimeInterval: 0.05)
        try otherProgram("DELETE FROM registrations WHERE user = 'u2'")
        #expect(snapshot("u2") == nil)
        try store.save(registration("u4", id: "four"))
        RegistrationStore.finish()
        #expect(snapshot("u2") == nil, "deleted by the other program, so removed")
        #expect(snapshot("u1")?.applicationConnectionId == "changed")
    }

    @Test func aWriterThatEndsBeforeItsSnapshotsLeavesThemUnused() throws {
        let store = RegistrationStore(home: home)
        let one = registration("u1", id: "one")
        try store.save(one)
        RegistrationStore.finish()
        #expect(snapshot("u1") == one)
        Thread.sleep(forTimeInterval: 0.05)
        // A program that commits and is killed before it is done: its change is in the WAL ...
        try otherProgram("PRAGMA journal_mode; BEGIN IMMEDIATE; UPDATE registrations SET api_version = 'v2'; COMMIT;")
        #expect(snapshot("u1") == nil)
        // ... and after anyone checkpoints it, in the database file, which is no longer the stamped one.
        try otherProgram("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(snapshot("u1") == nil)
        // The stamp cannot be made valid again without the marked row being rewritten.
        try store.save(registration("u2", id: "two"))
        RegistrationStore.finish()
        #expect(snapshot("u1")?.apiVersion == "v2")
    }

    @Test func aZeroZeroStateJSONWaitingToBeImportedSendsReadsToTheDatabase() throws {
        let store = RegistrationStore(home: home)
        let one = registration("u1", id: "one")
        try store.save(one)
        RegistrationStore.finish()
        #expect(snapshot("u1") == one)
        #expect(FileManager.default.createFile(atPath: RegistrationDatabase.legacyPath(home: home), contents: Data("{}".utf8)))
        #expect(snapshot("u1") == nil)
    }

    @Test func aSnapshotThatIsASymlinkOrNamesAnotherIdentityIsNotUsed() throws {
        let store = RegistrationStore(home: home)
        let one = registration("u1", id: "one"), two = registration("u2", id: "two")
        try store.save(one)
        try store.save(two)
        RegistrationStore.finish()
        let dir = RegistrationSnapshots.directory(home: home)
        let oneHash = RegistrationSnapshots.hash(server: one.server, appId: one.appId, user: "u1")
        let bucket = dir + "/" + RegistrationSnapshots.bucketName(oneHash)
        let original = try Data(contentsOf: URL(fileURLWithPath: bucket))
        // Two identities whose hashes collide: u1's line holds u2's row.
        var forged = RegistrationSnapshots.hex(oneHash) + [UInt8(ascii: " ")]
        forged += try RegistrationSnapshots.encode(two)
        forged.append(UInt8(ascii: "\n"))
        try Data(forged).write(to: URL(fileURLWithPath: bucket))
        #expect(snapshot("u1") == nil)
        // u1's own bucket, reached through a symlink: not hubctl's file.
        let elsewhere = home + "/elsewhere"
        try original.write(to: URL(fileURLWithPath: elsewhere))
        // The user's own private file (the reader takes no other: issue 39).
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: elsewhere)
        try FileManager.default.removeItem(atPath: bucket)
        try FileManager.default.createSymbolicLink(atPath: bucket, withDestinationPath: elsewhere)
        #expect(snapshot("u1") == nil)
        try FileManager.default.removeItem(atPath: bucket)
        try FileManager.default.moveItem(atPath: elsewhere, toPath: bucket)
        #expect(snapshot("u1") == one, "the same file in its place is used")
        #expect(snapshot("u2") == two)
    }

    /// Issue 39, item 14: a bucket another user may have written (a loose file, a directory others
    /// may write in) is not read.
    @Test func onlyTheUsersOwnPrivateFilesAreRead() throws {
        let store = RegistrationStore(home: home)
        let r = registration("u1", id: "mine")
        try store.save(r)
        RegistrationStore.finish()
        #expect(snapshot("u1") == r)
        let dir = RegistrationSnapshots.directory(home: home)
        let bucket = dir + "/" + RegistrationSnapshots.bucketName(RegistrationSnapshots.hash(server: r.server, appId: r.appId, user: "u1"))
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: bucket)
        #expect(snapshot("u1") == nil, "a bucket others may write")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: bucket)
        #expect(snapshot("u1") == r)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir)
        #expect(snapshot("u1") == nil, "a directory others may write in")
        // The next writer makes the directory private again and rewrites every bucket.
        try store.save(registration("u2", id: "other"))
        RegistrationStore.finish()
        #expect(try FileManager.default.attributesOfItem(atPath: dir)[.posixPermissions] as? Int == 0o700)
        #expect(snapshot("u1") == r)
    }
}
