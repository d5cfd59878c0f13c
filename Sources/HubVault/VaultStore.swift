// The vault on disk: one encrypted file under the hubctl home, locked, checked and replaced atomically.

import Foundation
import HubCore
#if canImport(Glibc)
import Glibc
#endif

/// hubctl's local encrypted secure store.
///
/// Files, all in `directory` (the hubctl home, created 0700):
/// - `vault` (0600): the encrypted file (see `VaultFormat` for the layout);
/// - `vault.lock`: held with an exclusive `flock` across every read-modify-write, so concurrent
///   hubctl processes never lose an update;
/// - `vault.attempts` (0600): consecutive wrong passphrases, only while a passcode policy with a
///   retry limit is in force.
///
/// Use:
///
///     let store = VaultStore(directory: home, policy: try PasscodePolicy.load(home: home))
///     try store.create(secret: .passphrase(bytes))                 // refuses an existing vault
///     let contents = try store.read(secret: secret)                // VaultContents
///     try store.update(secret: secret, createIfMissing: true) { $0.set(data, forKey: "k") }
///     try store.rekey(from: old, to: new)
///
/// Every save uses a fresh salt and nonce and replaces the file atomically (temp, fsync, rename,
/// fsync directory): a crash leaves the old or the new vault, never a broken one. A failure of
/// any kind changes nothing on disk, except what the retry limit prescribes.
///
/// Errors (all `HubError`): `vault_not_found` 66, `vault_damaged` 65, `wrong_passphrase` 77
/// (wrong secret or a modified file: GCM cannot tell them apart), `vault_secret_mismatch` 77,
/// `vault_unsafe_permissions` 77, `vault_exists` 73, `vault_deleted` 77 (retry limit reached),
/// `passcode_policy_violation` 64.
public struct VaultStore: Sendable {
    public let directory: String
    /// The scrypt cost used when saving with a passphrase (reading takes it from the header).
    public var scrypt: ScryptParameters
    /// The passcode policy in force: checked for new passphrases, and its retry limit applied.
    public var policy: PasscodePolicy?
    /// Receives human warnings (attempts left before the vault is deleted); never secrets.
    public var warn: @Sendable (String) -> Void
    /// Asked before the retry limit deletes the vault, when a person can answer (a terminal);
    /// false keeps the vault; a throw (no answer before the deadline) ends the command with it,
    /// the attempt counted and the vault kept. Nil (scripts, CI): the policy is applied as it is.
    public var confirmDeletion: (@Sendable (_ attempts: Int, _ limit: Int) throws -> Bool)?
    /// How long the vault's lock is waited for (the command's deadline); nil: `FileLock.defaultWait`.
    public var lockDeadline: ContinuousClock.Instant?

    public init(directory: String, scrypt: ScryptParameters = .default, policy: PasscodePolicy? = nil,
                warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        self.scrypt = scrypt
        self.policy = policy
        self.warn = warn
    }

    public var path: String { directory + "/vault" }
    public var lockPath: String { directory + "/vault.lock" }
    public var attemptsPath: String { directory + "/vault.attempts" }

    /// Whether something exists at the vault's path (even an unsafe one, which opening refuses).
    public var exists: Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Throws `vault_not_found` (exit 66) when there is no vault: lets a command say so before
    /// asking for a passphrase it would not need.
    public func requireExisting() throws {
        guard exists else { throw notFound() }
    }

    /// Which kind of secret the existing vault wants, from its header alone (no key needed);
    /// nil when there is no vault. Lets a caller with several secret sources pick the right one.
    public func storedSecretKind() throws -> VaultSecret.Kind? {
        guard exists else { return nil }
        let bytes = try readFile()
        return try VaultFormat.parseHeader(bytes).header.kdf.secretKind
    }

    /// Creates an empty vault. Refuses when one exists, and a passphrase the policy rejects.
    public func create(secret: VaultSecret) throws {
        try checkPolicy(secret)
        try AtomicFile.ensurePrivateDirectory(directory)
        try withLock {
            guard !exists else {
                throw HubError(.cannotCreate, code: .vaultExists,
                               "A vault already exists at \(path). Use `hubctl vault rekey` to change its passphrase, or move the file away to start over.")
            }
            try save(VaultContents(), secret: secret)
        }
    }

    /// Decrypts and returns the whole vault.
    public func read(secret: VaultSecret) throws -> VaultContents {
        guard FileManager.default.fileExists(atPath: directory) else { throw notFound() }
        return try withLock { try open(secret: secret) }
    }

    /// Read-modify-write under the lock. The closure gets the current contents; they are saved
    /// (fresh salt and nonce) only when the closure changed them and did not throw.
    /// `createIfMissing` starts from an empty vault when there is none (checking the policy).
    @discardableResult
    public func update<T>(secret: VaultSecret, createIfMissing: Bool = false,
                          _ body: (inout VaultContents) throws -> T) throws -> T {
        if createIfMissing {
            try AtomicFile.ensurePrivateDirectory(directory)
        } else if !FileManager.default.fileExists(atPath: directory) {
            throw notFound()
        }
        return try withLock {
            let original: VaultContents
            if exists {
                original = try open(secret: secret)
            } else if createIfMissing {
                try checkPolicy(secret)
                original = VaultContents()
            } else {
                throw notFound()
            }
            var contents = original
            let result = try body(&contents)
            if contents != original || !exists {
                try save(contents, secret: secret)
            }
            return result
        }
    }

    /// Re-encrypts the vault under a new secret (which may be of the other kind).
    public func rekey(from old: VaultSecret, to new: VaultSecret) throws {
        try checkPolicy(new)
        guard FileManager.default.fileExists(atPath: directory) else { throw notFound() }
        try withLock {
            let contents = try open(secret: old)
            try save(contents, secret: new)
        }
    }

    // MARK: - Under the lock

    private func withLock<T>(_ body: () throws -> T) throws -> T {
        let lock = try FileLock(path: lockPath, until: lockDeadline, what: "the vault")
        return try withExtendedLifetime(lock) {
            // Every writer holds this lock while its temp file exists, so a temp file seen now
            // was left by a writer that was killed: remove it.
            removeStaleTempFiles()
            return try body()
        }
    }

    private func open(secret: VaultSecret) throws -> VaultContents {
        let file = try readFile()
        switch try VaultFormat.open(file, secret: secret) {
        case .plaintext(var plaintext):
            defer { VaultCrypto.wipe(&plaintext) }
            let contents = try VaultContents.deserialize(plaintext)
            if FileManager.default.fileExists(atPath: attemptsPath) { unlink(attemptsPath) }
            return contents
        case .authenticationFailed:
            try countFailedAttempt(secret)
            switch secret {
            case .passphrase:
                throw HubError(.permission, code: .wrongPassphrase,
                               "Wrong passphrase or the vault file was modified: the vault at \(path) could not be opened. Check the passphrase (HUBCTL_VAULT_PASSPHRASE, --vault-passphrase-file or the prompt); if it is right, restore the file from a backup.")
            case .rawKey:
                throw HubError(.permission, code: .wrongPassphrase,
                               "Wrong vault key or the vault file was modified: the vault at \(path) could not be opened. Check HUBCTL_VAULT_KEY; if it is right, restore the file from a backup.")
            }
        }
    }

    /// SAP's retry limit: after `retryLimit` wrong passphrases in a row the vault is deleted.
    /// Only passphrases count (a raw key is a CI secret, not a passcode someone could guess).
    private func countFailedAttempt(_ secret: VaultSecret) throws {
        guard case .passphrase = secret, let limit = policy?.retryLimit, limit > 0 else { return }
        let previous = (try? String(contentsOfFile: attemptsPath, encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        let attempts = previous + 1
        if attempts >= limit {
            // Counted before the question, so an answer that never comes (the deadline ends the
            // wait) still leaves the attempt counted.
            if confirmDeletion != nil { try AtomicFile.write(Data("\(attempts)\n".utf8), to: attemptsPath, mode: 0o600) }
            if let confirmDeletion, !(try confirmDeletion(attempts, limit)) {
                warn("wrong vault passphrase \(attempts) times; the vault was kept as you asked (passcode policy retry limit \(limit)).")
                return
            }
            unlink(path)
            unlink(attemptsPath)
            AtomicFile.syncDirectory(directory)
            throw HubError(.permission, code: .vaultDeleted,
                           "Wrong passphrase \(attempts) times in a row: the server's passcode policy allows \(limit), so the vault at \(path) and everything in it was deleted. Run `hubctl vault init` to create a new one, and store the credentials again.")
        }
        try AtomicFile.write(Data("\(attempts)\n".utf8), to: attemptsPath, mode: 0o600)
        let left = limit - attempts
        warn("wrong vault passphrase; \(left) attempt\(left == 1 ? "" : "s") left before the vault is deleted (passcode policy retry limit \(limit)).")
    }

    private func save(_ contents: VaultContents, secret: VaultSecret) throws {
        var plaintext = try contents.serialized()
        defer { VaultCrypto.wipe(&plaintext) }
        let file = try VaultFormat.seal(plaintext, secret: secret, scrypt: scrypt)
        try AtomicFile.write(Data(file), to: path, mode: 0o600)
    }

    private func checkPolicy(_ secret: VaultSecret) throws {
        switch secret {
        case .passphrase(let bytes):
            guard !bytes.isEmpty else {
                throw HubError(.usage, code: .emptyPassphrase, "The vault passphrase is empty. Give a non-empty passphrase.")
            }
            // A passphrase must open the vault the same way from every source (a variable keeps
            // spaces and control characters, a file's line ending is dropped): refuse the ones that
            // would not, before a vault is made with them.
            if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) || bytes.first == 0x20 || bytes.last == 0x20 {
                throw HubError(.usage, code: .ambiguousPassphrase,
                               "The new vault passphrase starts or ends with a space or contains a control character (a tab, a line break); it could open differently from a variable and from a file. Choose one without them.")
            }
            try policy?.check(bytes)
        case .rawKey(let key):
            guard key.count == VaultCrypto.keyLength else { throw VaultFormat.invalidRawKey() }
        }
    }

    private func removeStaleTempFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".vault.tmp-") || name.hasPrefix(".vault.attempts.tmp-") {
            unlink(directory + "/" + name)
        }
    }

    // MARK: - Reading the file safely

    private func notFound() -> HubError {
        HubError(.noInput, code: .vaultNotFound,
                 "There is no vault at \(path). Run `hubctl vault init` to create one (or `hubctl vault set`, which creates it).")
    }

    /// Reads the vault after checking, as OpenSSH does for private keys, that it is a regular
    /// file (not a symlink) owned by this user and private to them.
    private func readFile() throws -> [UInt8] {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            if errno == ENOENT { throw notFound() }
            throw AtomicFile.fileError("read \(path)", errno)
        }
        try checkSafe(st)
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFile.fileError("open \(path)", errno) }
        defer { close(fd) }
        var fst = stat()
        guard fstat(fd, &fst) == 0 else { throw AtomicFile.fileError("stat \(path)", errno) }
        try checkSafe(fst)
        guard fst.st_size <= VaultFormat.maximumFileSize else { throw VaultFormat.damaged("file too large") }
        var bytes = [UInt8](repeating: 0, count: Int(fst.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.fileError("read \(path)", errno)
            }
            if n == 0 { break }
            offset += n
        }
        return Array(bytes[..<offset])
    }

    private func checkSafe(_ st: stat) throws {
        let type = st.st_mode & S_IFMT
        if type != S_IFREG {
            throw HubError(.permission, code: .vaultUnsafePermissions,
                           "\(path) is not a regular file (\(type == S_IFLNK ? "a symbolic link" : "another file type")); hubctl refuses to use it. Replace it with the real vault file.")
        }
        if st.st_uid != geteuid() {
            throw HubError(.permission, code: .vaultUnsafePermissions,
                           "\(path) is owned by user id \(st.st_uid), not by you (\(geteuid())); hubctl refuses to use it. Make it yours (`chown $(id -u) \(path)`) if you trust it.")
        }
        if st.st_mode & 0o077 != 0 {
            throw HubError(.permission, code: .vaultUnsafePermissions,
                           "\(path) is accessible by other users (mode \(String(st.st_mode & 0o777, radix: 8))); hubctl refuses to use it. Run `chmod 600 \(path)`.")
        }
    }
}
