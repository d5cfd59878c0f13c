// Issue 32, item 3: the registration database is cheap to open. A process that wrote checkpoints
// and truncates the WAL when it ends (the next one has nothing to replay), and a database already
// set up is opened without `registrations.lock` (which only serialises creating it).
import Foundation
import Testing

/// The sqlite3 shell with `args`, as another program than this hubctl; first past the file system
/// clock's tick of the last stamp (RegistrationSnapshots.swift says why).
func sqliteShell(_ args: [String]) throws {
    Thread.sleep(forTimeInterval: 0.05)
    let r = try run("/usr/bin/sqlite3", args)
    #expect(r.status == 0, "sqlite3 \(args): \(r)")
}

@Suite(.serialized) struct RegistrationOpenEndToEndTests {
    @Test func writersLeaveAnEmptyWALAndASetUpDatabaseOpensWithoutTheOpenLock() throws {
        let emu = try Emulator()
        let dir = TempDir("regopen")
        let hub = client(emu, dir: dir)
        let home = dir.path + "/home"
        func walBytes() -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: home + "/registrations.db-wal"))?[.size] as? Int
        }
        #expect(try hub("register").status == 0)
        #expect(walBytes() == 0, "register checkpointed and truncated the WAL when it ended")

        // Another program holds the open lock: reads and writes of the set-up database do not wait for it.
        let lockFile = home + "/registrations.lock"
        let holder = try LockHolder(lockFile)
        defer { holder.release() }
        let get = try hub.run(["settings", "get", "ApplicationConnectionId", "--deadline", "2"], timeout: 30)
        #expect(get.status == 0, "\(get)")
        #expect(try hub.run(["status", "--deadline", "2"], timeout: 30).status == 0)
        let unregister = try hub.run(["unregister", "--deadline", "2"], timeout: 30)
        #expect(unregister.status == 0, "\(unregister)")
        #expect(walBytes() == 0, "unregister truncated the WAL too")
        #expect(try connections(emu).isEmpty)
    }

    /// Item 3 of issue 32: `settings get` reads its registration from a snapshot, without loading
    /// SQLite, only while the database is the one the snapshots were stamped for. A change by another
    /// program (the sqlite3 shell, as an older hubctl would write) is never read from a stale
    /// snapshot, and the next hubctl that writes brings the changed one up to date.
    @Test func settingsGetReadsTheRegistrationFromItsSnapshotOnlyWhileItIsTheRow() throws {
        let emu = try Emulator()
        let dir = TempDir("snapshots")
        let demo = client(emu, dir: dir)
        let alice = client(emu, user: "alice", password: "alice-password", dir: dir)
        let database = dir.path + "/home/registrations.db"
        func sqlite(_ sql: String) throws { try sqliteShell([database, sql]) }
        func connectionId(_ hub: Hubctl, expectStatus: Int32 = 0) throws -> (id: String?, sqlite: Bool, result: RunResult) {
            let r = try hub.run(["settings", "get", "ApplicationConnectionId"], env: ["LD_DEBUG": "files"])
            #expect(r.status == expectStatus, "\(r.status) \(r.out) \(r.err.suffix(400))")
            return (r.json?["ApplicationConnectionId"] as? String, r.err.contains("file=libsqlite3.so.0"), r)
        }
        let registered = try demo("register")
        #expect(registered.status == 0, "\(registered)")
        let id = try #require(registered.json?["ApplicationConnectionId"] as? String)

        var read = try connectionId(demo)
        #expect(read.id == id)
        #expect(!read.sqlite, "the registration came from its snapshot")

        // Another program points the record at a connection the server does not have.
        try sqlite("UPDATE registrations SET connection_id = 'gone' WHERE user = 'demo'")
        read = try connectionId(demo, expectStatus: 66)
        #expect(read.result.errorCode == "connection_not_found", "\(read.result)")
        #expect(read.sqlite, "the snapshot was not used: the database changed after it was stamped")

        // alice registers: her hubctl also rewrites the snapshot of what the other program changed.
        #expect(try alice("register").status == 0)
        read = try connectionId(demo, expectStatus: 66)
        #expect(read.result.errorCode == "connection_not_found", "\(read.result)")
        #expect(!read.sqlite, "the snapshot is the changed row now")
        read = try connectionId(alice)
        #expect(read.id != nil && read.id != id && !read.sqlite)

        // Put back: read from the database until a hubctl writes again.
        try sqlite("UPDATE registrations SET connection_id = '\(id)' WHERE user = 'demo'")
        read = try connectionId(demo)
        #expect(read.id == id && read.sqlite)
    }

    /// Issue 39, item 7: `sqlite3 registrations.db ".restore backup.db"` fires no trigger; after any
    /// later write by hubctl, `settings get` must read the registration the database holds, not the
    /// mirror's. Item 14: a mirror file another user could have written is not read.
    @Test func aRestoredDatabaseAndLooseMirrorFilesAreNeverMisread() throws {
        let emu = try Emulator()
        let dir = TempDir("restore")
        let demo = client(emu, dir: dir)
        let alice = client(emu, user: "alice", password: "alice-password", dir: dir)
        let database = dir.path + "/home/registrations.db"
        let backup = dir.path + "/backup.db"
        let first = try demo("register")
        let firstId = try #require(first.json?["ApplicationConnectionId"] as? String)
        try sqliteShell([database, ".backup '\(backup)'"])
        // demo registers anew (a new connection); the backup still holds the first one.
        let second = try demo("register", "--force")
        let secondId = try #require(second.json?["ApplicationConnectionId"] as? String)
        #expect(secondId != firstId)
        #expect(try demo("settings", "get", "ApplicationConnectionId").json?["ApplicationConnectionId"] as? String == secondId)
        // The backup is restored: the database holds the first connection again (gone on the server).
        try sqliteShell([database, ".restore '\(backup)'"])
        #expect(try alice("register").status == 0, "a later write by hubctl")
        let read = try demo.run(["settings", "get", "ApplicationConnectionId"])
        #expect(read.status == 66, "the restored row (the first connection, deleted by --force) is what is read: \(read)")
        #expect(read.errorCode == "connection_not_found", "\(read)")

        // Item 14: a mirror directory others may write in is not read, and the next writer closes it.
        let mirror = dir.path + "/home/registrations.snapshots"
        #expect(try demo("register", "--force").status == 0)
        let current = try #require(try demo("settings", "get", "ApplicationConnectionId").json?["ApplicationConnectionId"] as? String)
        chmod(mirror, 0o777)
        let loose = try demo.run(["settings", "get", "ApplicationConnectionId"], env: ["LD_DEBUG": "files"])
        #expect(loose.json?["ApplicationConnectionId"] as? String == current)
        #expect(loose.err.contains("file=libsqlite3.so.0"), "read from the database, not the loose mirror")
        #expect(try alice("register", "--force").status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: mirror)[.posixPermissions] as? Int
        #expect(mode == 0o700, "made private again: \(String(mode ?? 0, radix: 8))")
    }
}
