// A copy of each registration row in small bucket files, so that a command that only reads its
// registration (settings get, acp check) needs neither SQLite's library nor its database: loading
// and opening them cost more than a third of what such a call adds to curl's GET (issue 32).
//
// Files, under `<home>/registrations.snapshots/` (0700, its files 0600): 256 buckets,
// `bucket-XX` where XX is the top byte of the identity's 64-bit FNV-1a, each holding one line per
// registration of its identities, `<the hash in hex> <the row as JSON>`, sorted; and `stamp`, the
// state of `registrations.db` in which every snapshot was known to equal its row. Buckets, not a
// file a registration: a fleet home of 10,000 registrations takes a few MB, not 10,000 blocks.
//
// Why a snapshot that is used is the row:
// - Every change of a row, by any program (an older hubctl too), marks its identity in the table
//   `registration_changes`, in the same transaction: triggers of the database do it.
// - Only a hubctl that wrote, when it is done (`RegistrationDatabase.refreshSnapshots`), clears
//   marks, in a write transaction that first rewrites the buckets of the marked identities from
//   the rows as they are in that transaction (removing a bucket left empty). So in any committed
//   state where an identity has no mark, its line (when there is one) is its row.
// - After clearing, that writer checkpoints and truncates the WAL, checks that no mark came back,
//   and records the database file's identity, size and times as the stamp.
// - A reader uses a snapshot only when the stamp is what `stat` says of the database now and the
//   WAL is absent or empty: the database is the one that had no marks. Any later commit makes the
//   WAL non-empty until it is checkpointed, and a checkpoint changes the file's mtime.
//
// - A database replaced behind hubctl's back (the sqlite3 shell's `.restore`, a copied file) fires
//   no trigger: the `meta` row `snapshot_generation`, a new UUID each time buckets change, is also
//   kept beside them (`generation`); a writer that finds the two different rewrites every bucket
//   from the rows before it stamps (issue 39).
// - Only the user's own private files in the user's own private directory are read (issue 39): a
//   file another user could have written is not this hubctl's. A writer that finds the directory
//   opened to others makes it private again and rewrites everything.
//
// The one case this cannot see: a commit by another program (not this hubctl: it marks and
// refreshes) that is checkpointed within the same tick of the filesystem's clock as the stamped
// state and leaves the file's size unchanged. The database stays the record in every case;
// anything missing, damaged or not matching makes the reader use SQLite.

import Foundation
import HubCore
#if canImport(Glibc)
import Glibc
#endif

enum RegistrationSnapshots {
    static func directory(home: String) -> String { home + "/registrations.snapshots" }

    /// The 64-bit FNV-1a of an identity (the database's key: a nil user is "").
    static func hash(server: String, appId: String, user: String?) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [server, appId, user ?? ""] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            // A zero byte after each part, so ("ab", "c") and ("a", "bc") differ.
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `hash` as 16 lowercase hex digits: how a bucket's line starts.
    static func hex(_ hash: UInt64) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 { text[index] = digits[Int((hash >> (60 - 4 * UInt64(index))) & 0xF)] }
        return text
    }

    /// The bucket file of a hash: `bucket-` and its top byte in hex.
    static func bucketName(_ hash: UInt64) -> String {
        "bucket-" + String(decoding: hex(hash).prefix(2), as: UTF8.self)
    }

    // MARK: Reading

    /// The registration of this identity from its snapshot, or nil when it cannot be used (no
    /// snapshot, a stamp that is not the database's state, a non-empty WAL, a 0.1 `state.json`
    /// waiting to be imported, a damaged or foreign file): then the caller reads the database.
    static func read(home: String, server: String, appId: String, user: String?) -> Registration? {
        let database = RegistrationDatabase.path(home: home)
        guard access(RegistrationDatabase.legacyPath(home: home), F_OK) != 0 else { return nil }
        let dir = open(directory(home: home), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard dir >= 0 else { return nil }
        defer { close(dir) }
        // Only the user's own directory that nobody else may write in (issue 39): a loose file put
        // there by another user would otherwise name the connection hubctl requests.
        var dirInfo = stat()
        guard fstat(dir, &dirInfo) == 0, dirInfo.st_uid == geteuid(), dirInfo.st_mode & 0o077 == 0 else { return nil }
        guard let recorded = readFile(in: dir, "stamp", limit: 256),
              let now = stamp(of: database), recorded.elementsEqual(now.utf8),
              walIsEmpty(database + "-wal")
        else { return nil }
        let identity = hash(server: server, appId: appId, user: user)
        guard let bucket = readFile(in: dir, bucketName(identity), limit: 1 << 26) else { return nil }
        // The lines of this hash (two identities may share one): the one that names this identity.
        let prefix = hex(identity) + [UInt8(ascii: " ")]
        var found: Registration?
        bucket.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count, found == nil {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                if end - start > prefix.count, bytes[start..<(start + prefix.count)].elementsEqual(prefix),
                   let registration = decode(Data(UnsafeRawBufferPointer(rebasing: bytes[(start + prefix.count)..<end]))),
                   registration.server == server, registration.appId == appId, (registration.user ?? "") == (user ?? "") {
                    found = registration
                }
                start = end + 1
            }
        }
        return found
    }

    /// `dev ino size mtime ctime` of the database file (not through a symlink), as the stamp holds it.
    static func stamp(of database: String) -> String? {
        var info = stat()
        guard lstat(database, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return String(info.st_dev) + " " + String(info.st_ino) + " " + String(info.st_size) + " "
            + String(info.st_mtim.tv_sec) + "." + String(info.st_mtim.tv_nsec) + " "
            + String(info.st_ctim.tv_sec) + "." + String(info.st_ctim.tv_nsec) + "\n"
    }

    static func walIsEmpty(_ wal: String) -> Bool {
        var info = stat()
        if lstat(wal, &info) != 0 { return errno == ENOENT }
        return info.st_mode & S_IFMT == S_IFREG && info.st_size == 0
    }

    /// A regular file of at most `limit` bytes in `dir`, not through a symlink, owned by this user
    /// and private to them.
    static func readFile(in dir: Int32, _ name: String, limit: Int) -> Data? {
        let fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        // The user's own file that nobody else may read or write (0600, as `replace` makes it).
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit,
              info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else { return nil }
        let size = Int(info.st_size)
        // One byte more than fstat said: a file that grew while it was read is not the one stamped.
        var data = Data(count: size + 1)
        var count = 0
        let ok = data.withUnsafeMutableBytes { buffer -> Bool in
            while count < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0 { if errno == EINTR { continue }; return false }
                if n == 0 { break }
                count += n
            }
            return true
        }
        guard ok, count == size else { return nil }
        data.count = size
        return data
    }

    // MARK: The file's content

    /// The line format. A new one must also mark every row again (the `meta` key the set-up
    /// checks in `RegistrationDatabase.changeMarks`) and make `hasEveryTable` send the next open
    /// through the set-up; otherwise the rows no writer changes keep being read from SQLite.
    static let format = 1

    static func encode(_ r: Registration) throws -> [UInt8] {
        var out: [UInt8] = []
        try JSONValue.writeObject([
            "format": .int(Int64(format)),
            "server": .string(r.server), "app_id": .string(r.appId), "user": r.user.map(JSONValue.string) ?? .null,
            "connection_id": .string(r.applicationConnectionId), "api_version": .string(r.apiVersion),
            "anonymous": .bool(r.anonymous),
            "security_configuration": r.securityConfiguration.map(JSONValue.string) ?? .null,
            // Swift's shortest text that reads back as the same Double: the row's REAL exactly.
            "created_at": .string(String(r.createdAt.timeIntervalSince1970)),
        ], to: &out)
        return out
    }

    /// A bucket's content: one line per registration, `<hash in hex> <JSON>`, sorted.
    static func bucket(_ registrations: [Registration]) throws -> [UInt8] {
        var lines: [(UInt64, [UInt8])] = []
        for r in registrations { lines.append((hash(server: r.server, appId: r.appId, user: r.user), try encode(r))) }
        lines.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.lexicographicallyPrecedes($1.1) }
        var out: [UInt8] = []
        for (hash, json) in lines {
            out += hex(hash)
            out.append(UInt8(ascii: " "))
            out += json
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    static func decode(_ data: Data) -> Registration? {
        guard let object = try? JSONValue.read(data).objectValue,
              object["format"] == .int(Int64(format)),
              let server = object["server"]?.stringValue, let appId = object["app_id"]?.stringValue,
              let connectionId = object["connection_id"]?.stringValue, let apiVersion = object["api_version"]?.stringValue,
              case .bool(let anonymous)? = object["anonymous"],
              let created = object["created_at"]?.stringValue.flatMap(Double.init), created.isFinite
        else { return nil }
        func optionalText(_ key: String) -> String?? {
            switch object[key] {
            case .null?: return .some(nil)
            case .string(let s)?: return .some(s)
            default: return nil
            }
        }
        guard let user = optionalText("user"), let securityConfiguration = optionalText("security_configuration") else { return nil }
        return Registration(server: server, appId: appId, user: user, applicationConnectionId: connectionId,
                            apiVersion: apiVersion, anonymous: anonymous, securityConfiguration: securityConfiguration,
                            createdAt: Date(timeIntervalSince1970: created))
    }

    // MARK: Writing (RegistrationDatabase.refreshSnapshots, inside its write transaction)

    /// Beside the buckets: the generation they were written for (the database's `meta` row
    /// `snapshot_generation`, a new UUID each time they change).
    static let generationFile = "generation"

    /// The generation the buckets in `dir` were written for; nil when unknown.
    static func generation(in dir: String) -> String? {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return readFile(in: fd, generationFile, limit: 64).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The snapshot directory, created 0700 when missing; nil when it is something else (a symlink,
    /// a file): then no snapshot is written and readers keep using the database.
    static func prepareDirectory(home: String) -> String? {
        let path = directory(home: home)
        if mkdir(path, 0o700) != 0 && errno != EEXIST { return nil }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { return nil }
        if info.st_mode & 0o077 != 0 {
            // Opened to others: made private again, and everything in it written anew (without
            // the generation file, the next refresh rewrites every bucket).
            guard chmod(path, 0o700) == 0, remove(generationFile, in: path) else { return nil }
        }
        return path
    }

    /// Replaces `name` in `dir` with `bytes` by a rename: a reader sees the old file or the new
    /// one. Not fsynced one by one: `refresh` syncs the directory once, and a line whose data a
    /// crash lost does not decode, so its reader uses the database.
    static func replace(_ name: String, in dir: String, with bytes: [UInt8]) -> Bool {
        let target = dir + "/" + name
        let tmp = dir + "/." + name + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var offset = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        close(fd)
        guard ok, rename(tmp, target) == 0 else { unlink(tmp); return false }
        return true
    }

    /// Removes a snapshot; true when there is none now.
    static func remove(_ name: String, in dir: String) -> Bool {
        unlink(dir + "/" + name) == 0 || errno == ENOENT
    }
}
