// The registration records in SQLite (RegistrationDatabase.swift): rows read back exactly, a change
// by another program read at once (issue 40: no second copy that could be stale), an older
// database's snapshot triggers and directory removed the first time it is opened, and a read that
// opens the database read-only, without the set-up, then writes through the same store.
// "Another program" is the sqlite3 shell writing the database directly.

import Foundation
import Testing
@testable import HubCore
@testable import HubServices

// Serialized: `RegistrationStore.finish()` finishes every database the process has open.
@Suite(.serialized) struct RegistrationDatabaseTests {
    let home = NSTemporaryDirectory() + "registrations-\(UUID().uuidString)"
    static let server = "https://mobile.example.com:8443", appId = "com.example.app"

    func registration(_ user: String?, id: String, created: Double = 1_795_706_419.825_883_9) -> Registration {
        Registration(server: Self.server, appId: Self.appId, user: user,
                     applicationConnectionId: id, apiVersion: "latest", anonymous: user == nil,
                     securityConfiguration: user == nil ? nil : "Basic \"realm\"\n", createdAt: Date(timeIntervalSince1970: created))
    }

    func find(_ user: String?, in home: String? = nil) throws -> Registration? {
        try RegistrationStore(home: home ?? self.home).find(server: Self.server, appId: Self.appId, user: user)
    }

    /// The sqlite3 shell runs `sql` on `database`, as a program that is not this hubctl; its output.
    @discardableResult
    func otherProgram(_ sql: String, database: String? = nil) throws -> String {
        let shell = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: shell), "the sqlite3 shell (Debian's sqlite3, which `make deps` installs)")
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = [database ?? RegistrationDatabase.path(home: home), sql]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aRowIsReadBackExactly() throws {
        let store = RegistrationStore(home: home)
        let odd = Registration(server: Self.server, appId: Self.appId, user: "ä\"\\ \u{1F600}'",
                               applicationConnectionId: "id\n\t", apiVersion: "v1", anonymous: false,
                               securityConfiguration: nil, createdAt: Date(timeIntervalSince1970: 0.1 + 0.2))
        let rows = [registration("ü ser", id: "a"), registration(nil, id: "b", created: -1.5), odd,
                    registration("x", id: "c", created: 1e-300), registration("", id: "d", created: 4_102_444_800.000_001)]
        for r in rows { try store.save(r) }
        RegistrationStore.finish()
        // "" and nil share the key (server, app, ""): the later one, "", is the row.
        for r in rows where r.user != nil {
            let read = try #require(try find(r.user), "\(r)")
            #expect(read == r)
            #expect(read.createdAt.timeIntervalSince1970.bitPattern == r.createdAt.timeIntervalSince1970.bitPattern)
        }
        #expect(try store.find(applicationConnectionId: "id\n\t") == odd)
    }

    /// The stale read the snapshots of issues 32 to 39 had: another program's commit within the
    /// same tick of the file system's clock that leaves the file's size unchanged. Without a
    /// second copy it is read at once, every time.
    @Test func aChangeByAnotherProgramIsReadAtOnce() throws {
        let store = RegistrationStore(home: home)
        try store.save(registration("u1", id: "one"))
        try store.save(registration("u2", id: "two"))
        RegistrationStore.finish()
        #expect(try find("u1")?.applicationConnectionId == "one")
        let database = RegistrationDatabase.path(home: home)
        let size = try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int
        for id in ["ONE", "one", "Two"] {
            try otherProgram("UPDATE registrations SET connection_id = '\(id)' WHERE user = 'u1'; PRAGMA wal_checkpoint(TRUNCATE);")
            #expect(try find("u1")?.applicationConnectionId == id, "read right after the other program's commit")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int == size, "the same size throughout")
        try otherProgram("DELETE FROM registrations WHERE user = 'u2'")
        #expect(try find("u2") == nil)
        #expect(try find("u1")?.applicationConnectionId == "Two")
    }

    /// A database of a build that kept registration snapshots (issues 32 to 39): its triggers, their
    /// table and `meta` rows are dropped, and the files it wrote under `registrations.snapshots/`
    /// removed, the first time this build opens it; a file hubctl did not write there stays, and
    /// a stale snapshot is never what is read.
    @Test func anOlderDatabaseLosesItsSnapshotMirrorWhenFirstOpened() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try otherProgram("""
            PRAGMA journal_mode=WAL;
            CREATE TABLE registrations (server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL,
                user_is_null INTEGER NOT NULL, connection_id TEXT NOT NULL, api_version TEXT NOT NULL,
                anonymous INTEGER NOT NULL, security_configuration TEXT, created_at REAL NOT NULL,
                PRIMARY KEY (server, app_id, user));
            CREATE INDEX registrations_by_connection ON registrations (connection_id);
            CREATE TABLE pending_registrations (server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL,
                connection_id TEXT NOT NULL, PRIMARY KEY (server, app_id, user));
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE registration_changes (server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL,
                PRIMARY KEY (server, app_id, user));
            CREATE TRIGGER registrations_inserted AFTER INSERT ON registrations BEGIN
                INSERT OR IGNORE INTO registration_changes VALUES (NEW.server, NEW.app_id, NEW.user); END;
            CREATE TRIGGER registrations_updated AFTER UPDATE ON registrations BEGIN
                INSERT OR IGNORE INTO registration_changes VALUES (NEW.server, NEW.app_id, NEW.user); END;
            CREATE TRIGGER registrations_deleted AFTER DELETE ON registrations BEGIN
                INSERT OR IGNORE INTO registration_changes VALUES (OLD.server, OLD.app_id, OLD.user); END;
            INSERT INTO meta VALUES ('registration_changes_marked', '1'), ('snapshot_generation', 'g1'), ('kept', 'yes');
            INSERT INTO registrations VALUES ('\(Self.server)', '\(Self.appId)', 'u1', 0, 'in-the-database', 'latest', 0, NULL, 1.5);
            """, database: RegistrationDatabase.path(home: home))
        let mirror = RegistrationDatabase.snapshotDirectory(home: home)
        try FileManager.default.createDirectory(atPath: mirror, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        for name in ["bucket-00", "bucket-ff", "stamp", "generation", ".bucket-3f.tmp-4242", "notes.txt", "bucket-100", ".stamp.tmp-"] {
            #expect(FileManager.default.createFile(atPath: mirror + "/" + name, contents: Data("stale in-the-mirror\n".utf8)))
        }

        #expect(try find("u1")?.applicationConnectionId == "in-the-database")
        #expect(try otherProgram("PRAGMA user_version") == "\(RegistrationDatabase.schemaVersion)")
        #expect(try otherProgram("SELECT name FROM sqlite_master WHERE type = 'trigger' OR name = 'registration_changes'") == "")
        #expect(try otherProgram("SELECT key FROM meta ORDER BY key") == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mirror).sorted() == [".stamp.tmp-", "bucket-100", "notes.txt"],
                "only the files hubctl wrote there are removed")
        // Writes fill no table of marks now.
        try RegistrationStore(home: home).save(registration("u2", id: "two"))
        #expect(try otherProgram("SELECT count(*) FROM sqlite_master WHERE name = 'registration_changes'") == "0")

        // A directory holding nothing else goes altogether.
        RegistrationStore.finish()
        let other = home + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: RegistrationDatabase.path(home: home), toPath: RegistrationDatabase.path(home: other))
        try otherProgram("PRAGMA user_version = 0", database: RegistrationDatabase.path(home: other))
        try FileManager.default.createDirectory(atPath: RegistrationDatabase.snapshotDirectory(home: other), withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: RegistrationDatabase.snapshotDirectory(home: other) + "/bucket-1a", contents: Data()))
        #expect(try find("u1", in: other)?.applicationConnectionId == "in-the-database")
        #expect(!FileManager.default.fileExists(atPath: RegistrationDatabase.snapshotDirectory(home: other)))
    }

    /// A database already set up is read through a read-only connection opened without the set-up
    /// (no `registrations.lock`, nothing written); the first write of the same process reopens it
    /// read-write, and its reads see that write.
    @Test func aReadOpensTheDatabaseReadOnlyAndAWriteReopensIt() throws {
        try RegistrationStore(home: home).save(registration("u1", id: "one"))
        RegistrationStore.finish()
        // The same file in a home this process has not opened yet.
        let copy = home + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let database = RegistrationDatabase.path(home: copy)
        try FileManager.default.copyItem(atPath: RegistrationDatabase.path(home: home), toPath: database)
        let before = try FileManager.default.attributesOfItem(atPath: database)
        #expect(try find("u1", in: copy)?.applicationConnectionId == "one")
        #expect(!FileManager.default.fileExists(atPath: copy + "/registrations.lock"), "no set-up")
        let after = try FileManager.default.attributesOfItem(atPath: database)
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date && after[.size] as? Int == before[.size] as? Int)

        let store = RegistrationStore(home: copy)
        try store.save(registration("u2", id: "two"))
        try store.remove(applicationConnectionId: "one")
        #expect(try find("u1", in: copy) == nil)
        #expect(try find("u2", in: copy)?.applicationConnectionId == "two")
        RegistrationStore.finish()
        #expect(try otherProgram("SELECT user || ' ' || connection_id FROM registrations", database: database) == "u2 two")
        #expect(!FileManager.default.fileExists(atPath: copy + "/registrations.lock"), "a database already set up is written without the open lock")
    }
}
