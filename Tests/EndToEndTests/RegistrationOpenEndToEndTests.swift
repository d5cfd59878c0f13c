// Issue 32, item 3: the registration database is cheap to open. A process that wrote checkpoints
// and truncates the WAL when it ends (the next one has nothing to replay), and a database already
// set up is opened without `registrations.lock` (which only serialises creating it).
import Foundation
import Testing

/// The sqlite3 shell with `args`, as another program than this hubctl.
func sqliteShell(_ args: [String]) throws {
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

    /// Issue 40: every command reads its registration from the database (no second copy), so a
    /// change by another program is what the next command reads: one in the same tick of the file
    /// system's clock that leaves the file's size unchanged (the stale read of the snapshots of
    /// issues 32 to 39), and a backup restored with the sqlite3 shell's `.restore` (no trigger fires).
    @Test func aChangeByAnotherProgramIsReadByTheNextCommand() throws {
        let emu = try Emulator()
        let dir = TempDir("regchange")
        let demo = client(emu, dir: dir)
        let database = dir.path + "/home/registrations.db"
        func size() throws -> Int? { try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int }
        func connectionId(expectStatus: Int32 = 0) throws -> RunResult {
            let r = try demo.run(["settings", "get", "ApplicationConnectionId"])
            #expect(r.status == expectStatus, "\(r.status) \(r.out) \(r.err.suffix(400))")
            return r
        }
        let registered = try demo("register")
        let id = try #require(registered.json?["ApplicationConnectionId"] as? String)
        #expect(try connectionId().json?["ApplicationConnectionId"] as? String == id)
        let before = try size()

        // Another program points the record at a connection the server does not have (an id of the
        // same length), checkpointed into the file at once, and the next command reads it.
        let gone = String(repeating: "0", count: id.count)
        try sqliteShell([database, "UPDATE registrations SET connection_id = '\(gone)' WHERE user = 'demo'; PRAGMA wal_checkpoint(TRUNCATE);"])
        #expect(try size() == before, "the same size")
        let stale = try connectionId(expectStatus: 66)
        #expect(stale.errorCode == "connection_not_found", "\(stale)")
        try sqliteShell([database, "UPDATE registrations SET connection_id = '\(id)' WHERE user = 'demo'; PRAGMA wal_checkpoint(TRUNCATE);"])
        #expect(try connectionId().json?["ApplicationConnectionId"] as? String == id)

        // A backup restored over the database: the next command reads the restored row.
        let backup = dir.path + "/backup.db"
        try sqliteShell([database, ".backup '\(backup)'"])
        let second = try demo("register", "--force")
        let secondId = try #require(second.json?["ApplicationConnectionId"] as? String)
        #expect(secondId != id)
        #expect(try connectionId().json?["ApplicationConnectionId"] as? String == secondId)
        try sqliteShell([database, ".restore '\(backup)'"])
        let restored = try connectionId(expectStatus: 66)
        #expect(restored.errorCode == "connection_not_found", "the restored row (the first connection, deleted by --force): \(restored)")
    }
}
