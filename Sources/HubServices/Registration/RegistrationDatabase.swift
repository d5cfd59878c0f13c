// The SQLite file under --home that holds the registration records (docs/architecture.md "Files"):
// `<home>/registrations.db`, WAL mode, one row a registration, safe for many processes on one home.
// An existing 0.1 `state.json` is imported into it once, in one transaction, then renamed.
//
// Opening is cheap once the file is set up (docs/architecture.md "Start-up"): SQLite is linked into
// hubctl, a database whose header says WAL and whose `user_version` is `schemaVersion` is opened
// without `registrations.lock` and without a write transaction (read-only until the process first
// writes); and a process that wrote checkpoints the WAL and truncates it when it is done
// (`checkpointAll`), so the next process, which rebuilds SQLite's index of the WAL from the whole
// WAL file when it is the only one with the database open, finds none to read.

import CLibraries
import CSQLite
import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SQLITE_TRANSIENT: SQLite copies a bound text before `bind` returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection to a home's registration database, shared by every `RegistrationStore`
/// of the process on that home (a batch makes thousands of stores; they open the file once).
///
/// `@unchecked Sendable`: `db` is a C handle. Every use of it holds `lock`, so one thread at a time
/// talks to SQLite through it; other processes are kept apart by SQLite's own file locks (WAL, and a
/// busy timeout instead of an immediate SQLITE_BUSY: what the caller's deadline leaves, set before
/// every operation, since the stores of one process share the connection with deadlines of their own).
final class RegistrationDatabase: @unchecked Sendable {
    let path: String
    private let home: String
    /// The connection (under `lock`): read-only while this process has only read a database that
    /// was set up, read-write from its first write on (`transaction` reopens it).
    private var db: OpaquePointer?
    private var readOnly = false
    private let lock = NSLock()
    /// Whether this process committed a write through `db` since its last checkpoint (under `lock`).
    private var wrote = false
    /// When the operation under way stops waiting for another process's transaction (under `lock`):
    /// the caller's deadline; nil: `busyTimeoutMilliseconds`.
    private var waitUntil: ContinuousClock.Instant?

    /// How long a writer waits for another process's transaction when no deadline is given, before
    /// failing with `state_busy`.
    static let busyTimeoutMilliseconds: Int32 = 30_000

    /// The schema this build sets up, kept in the database's `user_version`: a database with it has
    /// every table and nothing of an older build to migrate, so it is opened without the set-up.
    /// 0 is a database from before (its set-up also drops the triggers and the table of the
    /// registration snapshots that builds of issues 32 to 39 kept, and their directory). A new
    /// schema raises it, and the set-up brings an older database to it.
    static let schemaVersion: Int32 = 1

    /// The busy timeout of an operation that must end by `until`: what is left of it (0 once it
    /// passed: SQLITE_BUSY at once), else the default.
    static func busyMilliseconds(until: ContinuousClock.Instant?) -> Int32 {
        guard let until else { return busyTimeoutMilliseconds }
        return Int32(clamping: max(0, ContinuousClock.now.duration(to: until).inMilliseconds))
    }

    private static let opened = Mutex<[String: RegistrationDatabase]>([:])

    /// SQLite's process-wide settings, once, before its first use (CLibraries/sqlite.c).
    private static let configured: Void = { _ = hub_sqlite_configure() }()

    static func path(home: String) -> String { home + "/registrations.db" }
    static func legacyPath(home: String) -> String { home + "/state.json" }
    /// Where a migrated 0.1 `state.json` is kept (never deleted: it is the user's old record).
    static func migratedLegacyPath(home: String) -> String { home + "/state.json.migrated" }
    /// The directory of the registration snapshots of older builds (hubctl's own: the set-up removes it).
    static func snapshotDirectory(home: String) -> String { home + "/registrations.snapshots" }

    /// The database of `home`, opened (and created, and migrated) on first use. Nil when `create` is
    /// false and there is nothing to read: no database and no 0.1 `state.json`. A read never creates
    /// the home.
    static func shared(home: String, create: Bool, until: ContinuousClock.Instant? = nil) throws -> RegistrationDatabase? {
        if let db = opened.withLock({ $0[home] }) { return db }
        _ = configured
        let path = Self.path(home: home)
        if !create, access(path, F_OK) != 0, access(legacyPath(home: home), F_OK) != 0 { return nil }
        let database = try RegistrationDatabase(home: home, path: path, until: until)
        return opened.withLock { cache in
            if let other = cache[home] { return other }
            cache[home] = database
            return database
        }
    }

    private init(home: String, path: String, until: ContinuousClock.Instant?) throws {
        self.path = path
        self.home = home
        waitUntil = until
        if let ready = Self.openSetUp(home: home, path: path, readOnly: true, until: until) {
            db = ready
            readOnly = true
            return
        }
        try openWritable(until: until)
    }

    deinit { sqlite3_close(db) }

    /// Makes `db` a read-write connection to a database that is set up: opened without the lock
    /// when it already is, else created, set up and migrated under `registrations.lock`.
    private func openWritable(until: ContinuousClock.Instant?) throws {
        if let ready = Self.openSetUp(home: home, path: path, readOnly: false, until: until) {
            replaceConnection(with: ready)
            return
        }
        try AtomicFile.ensurePrivateDirectory(home)
        // Opening is serialised across processes: two processes that create the file, switch it
        // to WAL and create the tables at the same instant can make SQLite report an I/O error.
        // Held until the schema and the migration are committed; later opens take it briefly.
        let openLock = try FileLock(path: home + "/registrations.lock", until: until, what: "the registration records")
        defer { withExtendedLifetime(openLock) {} }
        // Create the file ourselves, 0600 and not through a symlink: SQLite would create it with the
        // umask's mode, and gives its -wal and -shm files the mode of the database file.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw AtomicFile.fileError("open \(path)", errno) }
        close(fd)
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(Self.sqlitePath(home: home), &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw Self.error(rc, message, path: path, until: until)
        }
        replaceConnection(with: handle)
        sqlite3_busy_timeout(handle, Self.busyMilliseconds(until: until))
        do { try setUp() } catch {
            // Not set up: the next use of this connection tries again.
            sqlite3_close(db)
            db = nil
            throw error
        }
        // Committed: the old file's records are in the database. Keep the file under another name,
        // so a 0.1 hubctl no longer reads stale records from it and nothing is lost.
        let legacy = Self.legacyPath(home: home)
        if FileManager.default.fileExists(atPath: legacy) {
            // Never over an earlier migrated file: `state.json.migrated`, else `.migrated.2`, ….
            var target = Self.migratedLegacyPath(home: home)
            var n = 1
            while FileManager.default.fileExists(atPath: target) {
                n += 1
                target = Self.migratedLegacyPath(home: home) + ".\(n)"
            }
            _ = rename(legacy, target)
            AtomicFile.syncDirectory(home)
        }
        Self.removeSnapshotDirectory(home: home)
    }

    /// Brings the database of the read-write connection `db` to `schemaVersion`, in WAL mode, in
    /// one transaction (under `registrations.lock`): the tables, what older builds left to drop,
    /// a 0.1 `state.json`'s records.
    private func setUp() throws {
        try exec("PRAGMA journal_mode=WAL")
        // Every commit reaches the disk before `register` reports success: the row names a
        // connection that exists on the server.
        try exec("PRAGMA synchronous=FULL")
        try transaction {
            try exec("""
                CREATE TABLE IF NOT EXISTS registrations (
                    server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL,
                    user_is_null INTEGER NOT NULL, connection_id TEXT NOT NULL, api_version TEXT NOT NULL,
                    anonymous INTEGER NOT NULL, security_configuration TEXT, created_at REAL NOT NULL,
                    PRIMARY KEY (server, app_id, user));
                CREATE INDEX IF NOT EXISTS registrations_by_connection ON registrations (connection_id);
                CREATE TABLE IF NOT EXISTS pending_registrations (
                    server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL, connection_id TEXT NOT NULL,
                    PRIMARY KEY (server, app_id, user));
                CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
            try exec(Self.dropSnapshotMarks)
            try migrateLegacyFile(home: home)
            try exec("PRAGMA user_version = \(Self.schemaVersion)")
        }
    }

    /// Closes the connection in use, if any, for `handle`.
    private func replaceConnection(with handle: OpaquePointer) {
        sqlite3_close(db)
        db = handle
        readOnly = false
    }

    /// A connection to a database that is already set up, opened without `registrations.lock` and
    /// without a write transaction (`SQLITE_OPEN_READONLY` when `readOnly`); nil when the set-up is
    /// needed: no file yet, a file not (yet) in WAL mode or of an older schema (`user_version`;
    /// another process may be setting it up right now: the set-up waits for it under the lock), or
    /// a 0.1 `state.json` to migrate. Safe without the lock: this open changes nothing in the file
    /// (the journal mode is WAL, recorded in the file's header; `user_version` is committed with the
    /// tables), and reading or writing under WAL is what SQLite's own locks order between
    /// processes. The lock only serialises the set-up.
    private static func openSetUp(home: String, path: String, readOnly: Bool, until: ContinuousClock.Instant?) -> OpaquePointer? {
        guard access(legacyPath(home: home), F_OK) != 0, isSetUp(path) else { return nil }
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        guard sqlite3_open_v2(sqlitePath(home: home), &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            return nil
        }
        sqlite3_busy_timeout(handle, busyMilliseconds(until: until))
        // As the set-up sets it (a setting of the connection: no I/O), for a write made later.
        guard readOnly || sqlite3_exec(handle, "PRAGMA synchronous=FULL", nil, nil, nil) == SQLITE_OK else {
            sqlite3_close(handle)
            return nil
        }
        return handle
    }

    /// The database file as SQLite is given it: below the home's real path (realpath(3)), so that a
    /// home reached through a symbolic link (`HUBCTL_HOME` a link to a directory, or below one, such
    /// as `/home` → `/data/home`) opens. `SQLITE_OPEN_NOFOLLOW` refuses a link anywhere in the path
    /// SQLite resolves, not only as the file itself (issue 48, item 3); with the home resolved, what it
    /// still refuses is the database file being a link, and a directory swapped
    /// for a link after this call. The home's own path as given when it cannot be resolved (SQLite's
    /// open then fails as it would have).
    static func sqlitePath(home: String) -> String {
        guard let resolved = realpath(home, nil) else { return path(home: home) }
        defer { free(resolved) }
        return path(home: String(cString: resolved))
    }

    /// The file is an SQLite database whose header says WAL (bytes 18 and 19 are 2) and whose
    /// `user_version` (bytes 60 to 63, big-endian: what `PRAGMA user_version` reads) is
    /// `schemaVersion`: read from the file itself (not through a symlink), without SQLite, which
    /// saves a statement on every read. In WAL mode the file's header changes only when a checkpoint
    /// copies the set-up's commit into it (each writer checkpoints when it ends), so a database
    /// whose set-up is still in the WAL takes the set-up again, which finds nothing to do.
    private static func isSetUp(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 64)
        guard read(fd, &header, 64) == 64 else { return false }
        let version = header[60..<64].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return header[0..<16].elementsEqual(Array("SQLite format 3\u{0}".utf8)) && header[18] == 2 && header[19] == 2
            && version == UInt32(bitPattern: schemaVersion)
    }

    /// For every database this process wrote to: checkpoints the WAL and truncates it. Never waits
    /// for another process: a busy WAL is left to the next writer, and nothing here is needed for
    /// correctness. Called once, when a process is done with its records (`RegistrationStore.finish`).
    static func checkpointAll() {
        let databases = opened.withLock { Array($0.values) }
        for database in databases { database.finish() }
    }

    private func finish() {
        // A busy timeout of 0: never waits for another process.
        locked(until: .now) {
            guard wrote else { return }
            wrote = false
            _ = sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
        }
    }

    /// What builds of issues 32 to 39 added for their registration snapshots (triggers that marked
    /// every changed row in `registration_changes`, the mirror's generation in `meta`): dropped in
    /// the set-up's transaction. Nothing reads the snapshots any more.
    static let dropSnapshotMarks = """
        DROP TRIGGER IF EXISTS registrations_inserted;
        DROP TRIGGER IF EXISTS registrations_updated;
        DROP TRIGGER IF EXISTS registrations_deleted;
        DROP TABLE IF EXISTS registration_changes;
        DELETE FROM meta WHERE key IN ('registration_changes_marked', 'snapshot_generation');
        """

    /// Removes the snapshot directory of an older build (`registrations.snapshots/`, hubctl's own):
    /// the files it wrote there (`snapshotFiles` and their temporary files), never through a link,
    /// then the directory if that left it empty. Anything else in it is left alone.
    static func removeSnapshotDirectory(home: String) {
        let path = snapshotDirectory(home: home)
        let dir = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard dir >= 0 else { return }
        defer { close(dir) }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where isSnapshotFile(name) { _ = unlinkat(dir, name, 0) }
        _ = rmdir(path)
    }

    /// The files an older build wrote in its snapshot directory: 256 buckets, the stamp, the generation.
    static let snapshotFiles: Set<String> = Set((0...255).map { "bucket-" + String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) })
        .union(["stamp", "generation"])

    /// One of `snapshotFiles`, or its temporary file (`.<name>.tmp-<pid>`).
    static func isSnapshotFile(_ name: String) -> Bool {
        if snapshotFiles.contains(name) { return true }
        guard name.hasPrefix("."), let tmp = name.range(of: ".tmp-") else { return false }
        return snapshotFiles.contains(String(name[name.index(after: name.startIndex)..<tmp.lowerBound]))
            && !name[tmp.upperBound...].isEmpty && name[tmp.upperBound...].allSatisfy(\.isNumber)
    }

    /// Imports a 0.1 `state.json` inside the caller's transaction, never replacing a row the
    /// database has (so importing the same file twice changes nothing): a crash before the commit
    /// leaves the file and the database as they were, and the next open imports it again; a crash
    /// after the commit but before the rename leaves a file whose records are all in already. A
    /// `state.json` that a 0.1 hubctl writes after the migration is imported the same way.
    private func migrateLegacyFile(home: String) throws {
        let legacy = Self.legacyPath(home: home)
        guard FileManager.default.fileExists(atPath: legacy) else { return }
        let data: Data
        do { data = try BoundedFile.read(path: legacy, limit: 1 << 30, openFlags: O_NOFOLLOW, regularOnly: true) }
        catch .missing { return }
        catch {
            throw HubError(.data, code: .stateDamaged, "The 0.1 registration records in \(legacy) cannot be read (\(error)), so they could not be moved to the registration database. Check the file's permissions, or move it away and register again.")
        }
        let records = try Self.decodeLegacy(data, path: legacy)
        for r in records { try upsert(r, replacing: false) }
        try run("INSERT OR REPLACE INTO meta (key, value) VALUES ('migrated_state_json', ?)",
                [.text(ISO8601.string(from: Date()))])
    }

    private struct LegacyFile: Decodable {
        var version: Int?
        var registrations: [Registration]
    }

    static func decodeLegacy(_ data: Data, path: String) throws -> [Registration] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { d in
            let text = try d.singleValueContainer().decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: d.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
            }
            return date
        }
        do { return try decoder.decode(LegacyFile.self, from: data).registrations }
        catch {
            throw HubError(.data, code: .stateDamaged, "The registration records in \(path) are damaged (\(error.localizedDescription)), so they could not be moved to \(Self.path(home: (path as NSString).deletingLastPathComponent)). Repair or move the file away and register again.")
        }
    }

    // MARK: Records

    func all(until: ContinuousClock.Instant?) throws -> [Registration] {
        try locked(until: until) { try query("SELECT \(Self.columns) FROM registrations ORDER BY rowid", [], Self.registration) }
    }

    func find(server: String, appId: String, user: String?, until: ContinuousClock.Instant?) throws -> Registration? {
        try locked(until: until) {
            try query("SELECT \(Self.columns) FROM registrations WHERE server = ? AND app_id = ? AND user = ?",
                      [.text(server), .text(appId), .text(user ?? "")], Self.registration).first
        }
    }

    func find(applicationConnectionId id: String, until: ContinuousClock.Instant?) throws -> Registration? {
        try locked(until: until) {
            try query("SELECT \(Self.columns) FROM registrations WHERE connection_id = ? ORDER BY rowid LIMIT 1",
                      [.text(id)], Self.registration).first
        }
    }

    /// Records a registration and forgets the pending id of its identity, in one transaction.
    func save(_ r: Registration, until: ContinuousClock.Instant?) throws {
        try locked(until: until) {
            try transaction {
                try upsert(r)
                try run("DELETE FROM pending_registrations WHERE server = ? AND app_id = ? AND user = ?",
                        [.text(r.server), .text(r.appId), .text(r.user ?? "")])
            }
        }
    }

    /// The connection id chosen for a registration that was sent but not recorded (a crash or a
    /// kill between the POST and the record), so that trying again reuses it.
    func pendingConnectionId(server: String, appId: String, user: String?, until: ContinuousClock.Instant?) throws -> String? {
        try locked(until: until) {
            try query("SELECT connection_id FROM pending_registrations WHERE server = ? AND app_id = ? AND user = ?",
                      [.text(server), .text(appId), .text(user ?? "")]) { s in String(cString: sqlite3_column_text(s, 0)) }.first
        }
    }

    func recordPending(server: String, appId: String, user: String?, connectionId: String, until: ContinuousClock.Instant?) throws {
        try locked(until: until) {
            try transaction {
                try run("INSERT OR REPLACE INTO pending_registrations (server, app_id, user, connection_id) VALUES (?, ?, ?, ?)",
                        [.text(server), .text(appId), .text(user ?? ""), .text(connectionId)])
            }
        }
    }

    func remove(applicationConnectionId id: String, until: ContinuousClock.Instant?) throws {
        try locked(until: until) { try transaction { try run("DELETE FROM registrations WHERE connection_id = ?", [.text(id)]) } }
    }

    private func upsert(_ r: Registration, replacing: Bool = true) throws {
        try run("""
            INSERT OR \(replacing ? "REPLACE" : "IGNORE") INTO registrations (server, app_id, user, user_is_null, connection_id, api_version,
                anonymous, security_configuration, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(r.server), .text(r.appId), .text(r.user ?? ""), .int(r.user == nil ? 1 : 0),
                  .text(r.applicationConnectionId), .text(r.apiVersion), .int(r.anonymous ? 1 : 0),
                  r.securityConfiguration.map(Value.text) ?? .null, .real(r.createdAt.timeIntervalSince1970)])
    }

    private static let columns = "server, app_id, user, user_is_null, connection_id, api_version, anonymous, security_configuration, created_at"

    private static func registration(_ s: OpaquePointer) -> Registration {
        func text(_ i: Int32) -> String? {
            guard sqlite3_column_type(s, i) != SQLITE_NULL, let c = sqlite3_column_text(s, i) else { return nil }
            return String(cString: c)
        }
        return Registration(server: text(0) ?? "", appId: text(1) ?? "",
                            user: sqlite3_column_int(s, 3) != 0 ? nil : text(2),
                            applicationConnectionId: text(4) ?? "", apiVersion: text(5) ?? "",
                            anonymous: sqlite3_column_int(s, 6) != 0, securityConfiguration: text(7),
                            createdAt: Date(timeIntervalSince1970: sqlite3_column_double(s, 8)))
    }

    // MARK: SQLite

    enum Value { case text(String), int(Int64), real(Double), null }

    /// `body` alone on the connection, waiting for another process's transaction no longer than
    /// `until` (the caller's deadline).
    private func locked<T>(until: ContinuousClock.Instant?, _ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        waitUntil = until
        sqlite3_busy_timeout(db, Self.busyMilliseconds(until: until))
        return try body()
    }

    /// BEGIN IMMEDIATE takes the write lock at once (waiting up to the busy timeout: what the
    /// deadline leaves), so two processes never both read and then both write.
    private func transaction(_ body: () throws -> Void) throws {
        if readOnly { try openWritable(until: waitUntil) }
        try exec("BEGIN IMMEDIATE")
        do {
            try body()
            try exec("COMMIT")
            wrote = true
        } catch {
            _ = sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// The connection, opened read-write (and set up) again when a set-up failed and closed it.
    private func connection() throws -> OpaquePointer {
        if db == nil { try openWritable(until: waitUntil) }
        guard let db else { throw Self.error(SQLITE_CANTOPEN, "not open", path: path, until: waitUntil) }
        return db
    }

    private func exec(_ sql: String) throws {
        let rc = sqlite3_exec(try connection(), sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw Self.error(rc, String(cString: sqlite3_errmsg(db)), path: path, until: waitUntil) }
    }

    private func run(_ sql: String, _ values: [Value]) throws {
        _ = try query(sql, values) { _ in () }
    }

    private func query<T>(_ sql: String, _ values: [Value] = [], _ row: (OpaquePointer) -> T) throws -> [T] {
        var statement: OpaquePointer?
        var rc = sqlite3_prepare_v2(try connection(), sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw Self.error(rc, String(cString: sqlite3_errmsg(db)), path: path, until: waitUntil) }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            let i = Int32(index + 1)
            switch value {
            case .text(let t): rc = sqlite3_bind_text(statement, i, t, -1, transient)
            case .int(let n): rc = sqlite3_bind_int64(statement, i, n)
            case .real(let d): rc = sqlite3_bind_double(statement, i, d)
            case .null: rc = sqlite3_bind_null(statement, i)
            }
            guard rc == SQLITE_OK else { throw Self.error(rc, String(cString: sqlite3_errmsg(db)), path: path, until: waitUntil) }
        }
        var rows: [T] = []
        while true {
            rc = sqlite3_step(statement)
            if rc == SQLITE_ROW { rows.append(row(statement)); continue }
            guard rc == SQLITE_DONE else { throw Self.error(rc, String(cString: sqlite3_errmsg(db)), path: path, until: waitUntil) }
            return rows
        }
    }

    /// `until`: the deadline the operation waited for another process until (a busy error at it
    /// is the deadline's `timeout`).
    static func error(_ rc: Int32, _ message: String, path: String, until: ContinuousClock.Instant?) -> HubError {
        switch rc & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            // The busy handler gives up when the time it was given is over: at the deadline (give
            // or take its last sleep's rounding), or after the default wait without one.
            if let until, ContinuousClock.now.duration(to: until) <= .milliseconds(50) {
                return HubError(.temporary, code: .timeout,
                                "hubctl waited for the write lock of the registration records in \(path), which another process holds (a transaction under way: \(message)), until the deadline. Try again when it has finished, or raise --deadline.")
            }
            let waited = until == nil ? " for \(busyTimeoutMilliseconds / 1000) s" : ""
            return HubError(.temporary, code: .stateBusy,
                            "The registration records in \(path) stayed locked by another process\(waited) (\(message)). Try again when the other command has finished.")
        case SQLITE_FULL:
            return HubError(.cannotCreate, code: .diskFull, "Cannot write the registration records in \(path): the disk is full. Free some space and try again.")
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return HubError(.data, code: .stateDamaged, "The registration records in \(path) are damaged (\(message)). Move the file (and its -wal and -shm files) away and register again.")
        default:
            return HubError(.cannotCreate, code: .cannotCreate, "Cannot use the registration records in \(path) (\(message)). Check that --home is writable and has free space.")
        }
    }
}
