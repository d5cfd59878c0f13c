// The SQLite file under --home that holds the registration records (docs/architecture.md "Files"):
// `<home>/registrations.db`, WAL mode, one row a registration, safe for many processes on one home.
// An existing 0.1 `state.json` is imported into it once, in one transaction, then renamed.
//
// Opening is cheap once the file is set up: a database in WAL mode with its tables and nothing to
// migrate is opened without `registrations.lock` and without a write transaction; and a process that
// wrote checkpoints the WAL and truncates it when it is done (`checkpointAll`), so the next process,
// which rebuilds SQLite's index of the WAL from the whole WAL file when it is the only one with the
// database open, finds none to read.

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
    private let db: OpaquePointer
    private let lock = NSLock()
    /// Whether this process committed a write through `db` since its last checkpoint (under `lock`).
    private var wrote = false
    /// When the operation under way stops waiting for another process's transaction (under `lock`):
    /// the caller's deadline; nil: `busyTimeoutMilliseconds`.
    private var waitUntil: ContinuousClock.Instant?

    /// How long a writer waits for another process's transaction when no deadline is given, before
    /// failing with `state_busy`.
    static let busyTimeoutMilliseconds: Int32 = 30_000

    /// The busy timeout of an operation that must end by `until`: what is left of it (0 once it
    /// passed: SQLITE_BUSY at once), else the default.
    static func busyMilliseconds(until: ContinuousClock.Instant?) -> Int32 {
        guard let until else { return busyTimeoutMilliseconds }
        return Int32(clamping: max(0, ContinuousClock.now.duration(to: until).inMilliseconds))
    }

    private static let opened = Mutex<[String: RegistrationDatabase]>([:])

    static func path(home: String) -> String { home + "/registrations.db" }
    static func legacyPath(home: String) -> String { home + "/state.json" }
    /// Where a migrated 0.1 `state.json` is kept (never deleted: it is the user's old record).
    static func migratedLegacyPath(home: String) -> String { home + "/state.json.migrated" }

    /// The database of `home`, opened (and created, and migrated) on first use. Nil when `create` is
    /// false and there is nothing to read: no database and no 0.1 `state.json`. A read never creates
    /// the home.
    static func shared(home: String, create: Bool, until: ContinuousClock.Instant? = nil) throws -> RegistrationDatabase? {
        if let db = opened.withLock({ $0[home] }) { return db }
        let path = Self.path(home: home)
        let fm = FileManager.default
        if !create, !fm.fileExists(atPath: path), !fm.fileExists(atPath: legacyPath(home: home)) { return nil }
        let database = try RegistrationDatabase(home: home, path: path, until: until)
        return opened.withLock { cache in
            if let other = cache[home] { return other }
            cache[home] = database
            return database
        }
    }

    private init(home: String, path: String, until: ContinuousClock.Instant?) throws {
        self.path = path
        waitUntil = until
        if let ready = try Self.openSetUp(home: home, path: path, until: until) {
            db = ready
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
        // SQLite is loaded here, on first use, not when hubctl starts.
        try SharedLibrary.sqlite.require()
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw Self.error(rc, message, path: path, until: until)
        }
        db = handle
        sqlite3_busy_timeout(db, Self.busyMilliseconds(until: until))
        do {
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
                try exec(Self.changeMarks)
                try migrateLegacyFile(home: home)
            }
        } catch {
            sqlite3_close(db)
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
    }

    deinit { sqlite3_close(db) }

    /// A connection to a database that is already set up, opened without `registrations.lock` and
    /// without a write transaction; nil when the full open is needed: no file yet, a file not (yet)
    /// in WAL mode or without every table (another process may be creating it right now: the full
    /// open waits for it under the lock), or a 0.1 `state.json` to migrate. Safe without the lock:
    /// this open changes nothing in the file (the journal mode is already WAL, recorded in the
    /// file's header; the tables exist in the last committed state), and reading or writing under
    /// WAL is what SQLite's own locks order between processes. The lock only serialises the set-up.
    private static func openSetUp(home: String, path: String, until: ContinuousClock.Instant?) throws -> OpaquePointer? {
        guard access(legacyPath(home: home), F_OK) != 0, isWAL(path) else { return nil }
        // SQLite is loaded here, on first use, not when hubctl starts.
        try SharedLibrary.sqlite.require()
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            return nil
        }
        sqlite3_busy_timeout(handle, busyMilliseconds(until: until))
        // As the full open sets it (a setting of the connection: no I/O), for a write made later.
        guard sqlite3_exec(handle, "PRAGMA synchronous=FULL", nil, nil, nil) == SQLITE_OK, hasEveryTable(handle) else {
            sqlite3_close(handle)
            return nil
        }
        return handle
    }

    /// The file is an SQLite database whose header says WAL (bytes 18 and 19 are 2): read from the
    /// file itself (not through a symlink), before SQLite is loaded.
    private static func isWAL(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 20)
        guard read(fd, &header, 20) == 20 else { return false }
        return header[0..<16].elementsEqual(Array("SQLite format 3\u{0}".utf8)) && header[18] == 2 && header[19] == 2
    }

    /// The tables and the index the full open creates, all in the last committed state.
    private static func hasEveryTable(_ handle: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        let sql = """
            SELECT count(*) FROM sqlite_master WHERE name IN
                ('registrations', 'registrations_by_connection', 'pending_registrations', 'meta', 'registration_changes',
                 'registrations_inserted', 'registrations_updated', 'registrations_deleted')
            """
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_int(statement, 0) == 8
    }

    /// Whether this process has the database of `home` open (then its reads go through it).
    static func isOpen(home: String) -> Bool {
        opened.withLock { $0[home] != nil }
    }

    /// For every database this process wrote to: brings the snapshots of the changed registrations
    /// up to date, checkpoints the WAL and truncates it, and stamps the snapshots valid
    /// (RegistrationSnapshots.swift). Never waits for another process: whatever is busy is left to
    /// the next writer, and nothing here is needed for correctness. Called once, when a process is
    /// done with its records (`RegistrationStore.finish`).
    static func checkpointAll() {
        let databases = opened.withLock { Array($0.values) }
        for database in databases { database.finish() }
    }

    private func finish() {
        // A busy timeout of 0: never waits for another process.
        locked(until: .now) {
            guard wrote else { return }
            defer { wrote = false }
            let snapshots = refreshSnapshots()
            var busy: Int32 = 1
            _ = try? query("PRAGMA wal_checkpoint(TRUNCATE)") { s in busy = sqlite3_column_int(s, 0) }
            guard let snapshots, busy == 0 else { return }
            stamp(snapshots)
        }
    }

    /// Rewrites the snapshot bucket of every marked identity from its rows (removing one left
    /// empty) and clears the marks, in one write transaction; the snapshot directory, or nil when
    /// that could not be done.
    private func refreshSnapshots() -> String? {
        let home = (path as NSString).deletingLastPathComponent
        guard let dir = RegistrationSnapshots.prepareDirectory(home: home) else { return nil }
        do {
            try transaction {
                let marked = try query("SELECT server, app_id, user FROM registration_changes") { s in
                    (String(cString: sqlite3_column_text(s, 0)), String(cString: sqlite3_column_text(s, 1)),
                     String(cString: sqlite3_column_text(s, 2)))
                }
                // The generation the buckets were last written for, in the database and beside the
                // buckets. They differ when the database file was replaced behind hubctl's back (the
                // sqlite3 shell's `.restore`, a copied file: no trigger fires, issue 39): then every
                // bucket is rewritten from the rows, whatever is marked.
                let generation = try query("SELECT value FROM meta WHERE key = 'snapshot_generation'") { s in
                    String(cString: sqlite3_column_text(s, 0))
                }.first
                let rebuild = generation == nil || generation != RegistrationSnapshots.generation(in: dir)
                guard !marked.isEmpty || rebuild else { return }
                // Every bucket a marked identity falls in (or all 256), rewritten from all of its rows.
                var buckets = Set<String>()
                if rebuild {
                    for top in 0...255 { buckets.insert(RegistrationSnapshots.bucketName(UInt64(top) << 56)) }
                } else {
                    for (server, appId, user) in marked {
                        buckets.insert(RegistrationSnapshots.bucketName(RegistrationSnapshots.hash(server: server, appId: appId, user: user)))
                    }
                }
                var rows: [String: [Registration]] = [:]
                for row in try query("SELECT \(Self.columns) FROM registrations", [], Self.registration) {
                    let name = RegistrationSnapshots.bucketName(RegistrationSnapshots.hash(server: row.server, appId: row.appId, user: row.user))
                    if buckets.contains(name) { rows[name, default: []].append(row) }
                }
                for name in buckets {
                    let done = try rows[name].map { RegistrationSnapshots.replace(name, in: dir, with: try RegistrationSnapshots.bucket($0)) }
                        ?? RegistrationSnapshots.remove(name, in: dir)
                    guard done else { throw HubError(.cannotCreate, code: .cannotCreate, "Cannot write the registration snapshot \(dir)/\(name).") }
                }
                // A new generation for the database and the buckets: a copy of the database taken before
                // this commit has another one. The file first: a crash before the commit leaves the two
                // different, and the next writer rewrites everything.
                let next = UUID().uuidString.lowercased()
                guard RegistrationSnapshots.replace(RegistrationSnapshots.generationFile, in: dir, with: Array(next.utf8)) else {
                    throw HubError(.cannotCreate, code: .cannotCreate, "Cannot write \(dir)/\(RegistrationSnapshots.generationFile).")
                }
                // The new files before the marks are gone: a crash leaves marks or the files.
                AtomicFile.syncDirectory(dir)
                try run("INSERT OR REPLACE INTO meta (key, value) VALUES ('snapshot_generation', ?)", [.text(next)])
                try run("DELETE FROM registration_changes", [])
            }
        } catch {
            return nil
        }
        return dir
    }

    /// Records the state of the database file now that it has no marks and an empty WAL. The
    /// stamp is written through a rename and not synced: a stamp a crash lost only sends readers
    /// to the database.
    private func stamp(_ dir: String) {
        let marks = (try? query("SELECT count(*) FROM registration_changes") { s in sqlite3_column_int(s, 0) })?.first
        guard marks == 0, RegistrationSnapshots.walIsEmpty(path + "-wal"), let stamp = RegistrationSnapshots.stamp(of: path) else {
            _ = RegistrationSnapshots.remove("stamp", in: dir)
            return
        }
        _ = RegistrationSnapshots.replace("stamp", in: dir, with: Array(stamp.utf8))
    }

    /// The identities whose registration changed since their snapshots were last written
    /// (RegistrationSnapshots.swift), marked by triggers, so by every program that writes the file.
    /// A database made before the snapshots has every row marked once, the first time it gets them.
    static let changeMarks = """
        CREATE TABLE IF NOT EXISTS registration_changes (
            server TEXT NOT NULL, app_id TEXT NOT NULL, user TEXT NOT NULL, PRIMARY KEY (server, app_id, user));
        CREATE TRIGGER IF NOT EXISTS registrations_inserted AFTER INSERT ON registrations BEGIN
            INSERT OR IGNORE INTO registration_changes VALUES (NEW.server, NEW.app_id, NEW.user); END;
        CREATE TRIGGER IF NOT EXISTS registrations_updated AFTER UPDATE ON registrations BEGIN
            INSERT OR IGNORE INTO registration_changes VALUES (OLD.server, OLD.app_id, OLD.user);
            INSERT OR IGNORE INTO registration_changes VALUES (NEW.server, NEW.app_id, NEW.user); END;
        CREATE TRIGGER IF NOT EXISTS registrations_deleted AFTER DELETE ON registrations BEGIN
            INSERT OR IGNORE INTO registration_changes VALUES (OLD.server, OLD.app_id, OLD.user); END;
        INSERT OR IGNORE INTO registration_changes SELECT server, app_id, user FROM registrations
            WHERE NOT EXISTS (SELECT 1 FROM meta WHERE key = 'registration_changes_marked');
        INSERT OR IGNORE INTO meta (key, value) VALUES ('registration_changes_marked', '1');
        """

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

    private func exec(_ sql: String) throws {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw Self.error(rc, String(cString: sqlite3_errmsg(db)), path: path, until: waitUntil) }
    }

    private func run(_ sql: String, _ values: [Value]) throws {
        _ = try query(sql, values) { _ in () }
    }

    private func query<T>(_ sql: String, _ values: [Value] = [], _ row: (OpaquePointer) -> T) throws -> [T] {
        var statement: OpaquePointer?
        var rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
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
