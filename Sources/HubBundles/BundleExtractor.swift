// Streams a zip/jar or tar(.gz/.bz2/.xz/.zst) archive through libarchive into a fresh directory, refusing anything hostile.

import CArchive
import Foundation
import HubCore

/// Extracts an archive pulled from an `ArchiveByteSource` into a directory, creating every file
/// and directory itself (never `archive_write_disk`): files 0644 with O_CREAT|O_EXCL|O_NOFOLLOW,
/// directories 0755, each relative to an already-opened parent directory, so nothing can be
/// written outside the destination or through a link.
///
/// Refused (HubError, exit 65, codes in `BundleErrorCode`): absolute paths, `..` components,
/// backslashes (in a zip, also as the zip stores the name, which libarchive may have rewritten),
/// control characters; symbolic links and hard links of any kind (bundles are
/// zip/jar, which have neither, so none is accepted even if it would stay inside; a zip marks a
/// symlink only in its central directory, after the data, so the streaming reader sees it as a
/// regular file holding the link text, which is harmless); device nodes,
/// FIFOs, sockets; more entries than the cap, paths too long or too deep; a file or the total
/// larger than the caps, counted from the decoded bytes; corrupt, truncated or empty input.
/// An error thrown by the source (a failed download) is rethrown unchanged.
///
/// Formats come from the content (libarchive's bidding) and only these are enabled: zip
/// (streaming reader; not inside a compression filter), tar (ustar, pax, GNU) and the gzip,
/// bzip2, xz and zstd filters.
public struct BundleExtractor: Sendable {
    public var limits: ExtractionLimits
    /// Called on the extracting thread with the bytes received so far (for a progress bar).
    public var progress: (@Sendable (Int64) -> Void)?

    public init(limits: ExtractionLimits = .default, progress: (@Sendable (Int64) -> Void)? = nil) {
        self.limits = limits
        self.progress = progress
    }

    /// Extracts into `directory`, which must exist, be empty and belong to the caller (it was just
    /// created). On error, what was written so far stays there: the caller removes the directory.
    public func extract(from source: any ArchiveByteSource, into directory: String) throws -> ExtractionSummary {
        switch try extract(from: source, into: directory, copy: nil) {
        case .extracted(let summary, _): return summary
        case .unreadable(let error, _): throw error
        }
    }

    /// What `extract(from:into:copy:)` ended with.
    enum Outcome {
        /// `tar`: the archive was a tar (plain or compressed), not a zip; a `.gz` the server names
        /// `gz` is then the archive it holds (BundleFormat.namesCompression).
        case extracted(ExtractionSummary, tar: Bool)
        /// libarchive could not read it as an archive (`corrupt_archive`); the rest of the stream
        /// was still read into the copy, which may be the bundle as one file (docs/protocol.md §7).
        case unreadable(HubError, RawCopy)
    }

    /// The same, writing every byte received to `copy` as well (the raw bundle, kept until the
    /// server's name for its type is known). With a copy, an archive libarchive cannot read is not
    /// an error yet: the stream is read to its end and `.unreadable` returned. Any other refusal
    /// (an unsafe name, a cap) throws at once and stops the download.
    func extract(from source: any ArchiveByteSource, into directory: String, copy: Int32?) throws -> Outcome {
        let rootFd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard rootFd >= 0 else { throw HubError.filesystem("open the extraction directory \(directory)", errno) }
        defer { close(rootFd) }

        // libarchive converts entry names from the archive's charset (a zip's UTF-8 flag, a tar's
        // pax headers) through the thread's locale; in the C locale a non-ASCII name cannot be
        // converted and comes back unreadable. Decode on this thread in C.UTF-8, whatever the
        // user's locale, so that every name arrives as UTF-8.
        let utf8Locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
        let previousLocale = utf8Locale.map { uselocale($0) }
        defer {
            if let previousLocale { uselocale(previousLocale) }
            if let utf8Locale { freelocale(utf8Locale) }
        }

        // libarchive is loaded here, on first use, not when hubctl starts.
        try SharedLibrary.archive.require()
        let reader = try SourceReader(source: source, maxBytes: limits.maxArchiveBytes, progress: progress, copy: copy)
        guard let archive = archive_read_new() else {
            throw HubError.internalError("libarchive could not allocate a reader.")
        }
        defer { archive_read_free(archive) }
        try enableFormats(archive)

        let context = Unmanaged.passUnretained(reader).toOpaque()
        let opened = archive_read_open(archive, context, nil, { _, client, buffer in
            let reader = Unmanaged<SourceReader>.fromOpaque(client!).takeUnretainedValue()
            return reader.fill(buffer!)
        }, nil)
        // `reader` must outlive `archive`; both end with this function.
        return try withExtendedLifetime(reader) { () throws -> Outcome in
            do {
                if opened != ARCHIVE_OK { throw reader.failure(archive) }
                var writer = TreeWriter(rootFd: rootFd)
                defer { writer.closeAll() }
                let summary = try extractEntries(archive, reader: reader, writer: &writer)
                // Known once a header was read; ARCHIVE_FORMAT_BASE_MASK keeps the family (ustar, pax, GNU).
                let tar = archive_format(archive) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_TAR
                return .extracted(summary, tar: tar)
            } catch let error as HubError where copy != nil && error.code == .corruptArchive && !reader.sourceFailed {
                try reader.drain()
                if reader.received == 0 { throw error }
                return .unreadable(error, RawCopy(bytes: reader.received, sha256: reader.digest.finalize()))
            }
        }
    }

    /// Copies a bundle that is not an archive into `fd`, counting, hashing and capping it as a file
    /// of the bundle (`maxFileBytes`, `maxTotalBytes`).
    func copy(from source: any ArchiveByteSource, to fd: Int32) throws -> RawCopy {
        let cap = min(limits.maxFileBytes, limits.maxTotalBytes, limits.maxArchiveBytes)
        let reader = try SourceReader(source: source, maxBytes: cap, progress: progress, copy: fd,
                                      tooLarge: { HubError.tooLarge("The bundle", cap: cap) })
        try reader.drain()
        if reader.received == 0 { throw HubError.corruptArchive("the download was empty") }
        return RawCopy(bytes: reader.received, sha256: reader.digest.finalize())
    }

    private func enableFormats(_ archive: OpaquePointer) throws {
        // Only what a bundle can be; a WARN from a filter would mean "via an external program",
        // which the linked libarchive does not need and which is refused here.
        let steps: [(String, (OpaquePointer) -> Int32)] = [
            ("zip", archive_read_support_format_zip_streamable),
            ("tar", archive_read_support_format_tar),
            ("gzip", archive_read_support_filter_gzip),
            ("bzip2", archive_read_support_filter_bzip2),
            ("xz", archive_read_support_filter_xz),
            ("zstd", archive_read_support_filter_zstd),
        ]
        for (name, enable) in steps where enable(archive) != ARCHIVE_OK {
            throw HubError.internalError("libarchive cannot read \(name) in-process.")
        }
    }

    private func extractEntries(_ archive: OpaquePointer, reader: SourceReader,
                                writer: inout TreeWriter) throws -> ExtractionSummary {
        var entries = 0, files = 0, directories = 0
        var total: Int64 = 0
        let chunkSize = 64 * 1024
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }

        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            // WARN is for things like an unconvertible name charset; the name checks below decide.
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw reader.failure(archive) }

            entries += 1
            if entries > limits.maxEntries { throw HubError.tooManyEntries(limits.maxEntries) }

            let raw = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)
            guard let raw else { throw HubError.unsafePath("?", "the name cannot be read") }
            let name = Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw)))
            if archive_format(archive) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_ZIP {
                try checkStoredZipName(archive, reader: reader, name: name)
            }
            let components = try EntryPath.components(of: name, limits: limits)
            let display = String(decoding: name, as: UTF8.self)

            if archive_entry_hardlink(entry) != nil { throw HubError.unsafeEntryType(display, "a hard link") }
            switch archive_entry_filetype(entry) & 0o170000 {
            case 0o040000:
                if !components.isEmpty {   // "./" names the destination itself
                    if try writer.makeDirectory(components, display: display) { directories += 1 }
                }
                try skipData(archive, reader: reader)
            case 0o100000:
                guard !components.isEmpty else { throw HubError.unsafePath(display, "a file needs a name") }
                let (fd, created) = try writer.createFile(components, display: display)
                directories += created
                var fileBytes: Int64 = 0
                do {
                    defer { close(fd) }
                    while true {
                        let n = archive_read_data(archive, chunk, chunkSize)
                        if n == 0 { break }
                        if n < 0 { throw reader.failure(archive) }
                        fileBytes += Int64(n)
                        total += Int64(n)
                        if fileBytes > limits.maxFileBytes {
                            throw HubError.tooLarge("The file \(HubError.quoted(display)) in the bundle", cap: limits.maxFileBytes)
                        }
                        if total > limits.maxTotalBytes {
                            throw HubError.tooLarge("The bundle's uncompressed content", cap: limits.maxTotalBytes)
                        }
                        try TreeWriter.writeAll(fd, chunk, n, display: display)
                    }
                }
                files += 1
            case 0o120000: throw HubError.unsafeEntryType(display, "a symbolic link")
            case 0o020000, 0o060000: throw HubError.unsafeEntryType(display, "a device node")
            case 0o010000: throw HubError.unsafeEntryType(display, "a FIFO")
            case 0o140000: throw HubError.unsafeEntryType(display, "a socket")
            default: throw HubError.unsafeEntryType(display, "an entry of unknown type")
            }
        }
        // The archive reader may stop before the end (a zip's central directory, tar padding):
        // read the rest so the hash covers every byte received and the producer sees it consumed.
        try reader.drain()
        if reader.received == 0 { throw HubError.corruptArchive("the download was empty") }
        return ExtractionSummary(files: files, directories: directories, bytes: total,
                                 archiveBytes: reader.received, sha256: reader.digest.finalize())
    }

    /// libarchive rewrites some zip names before hubctl sees them: a name with backslashes and no
    /// slash, from an archiver it takes for MS-DOS's (most write that in the local header), comes
    /// back with slashes (`back\slash.txt` as `back/slash.txt`). So the name is also checked as the
    /// archive stores it, read from the bytes received: the local header that ends where libarchive
    /// stopped reading. A zip inside a compressed stream (gzip, …) is refused, since its stored
    /// names are not in the bytes received.
    private func checkStoredZipName(_ archive: OpaquePointer, reader: SourceReader, name: [UInt8]) throws {
        guard archive_filter_code(archive, 0) == ARCHIVE_FILTER_NONE else {
            throw HubError.corruptArchive("a zip inside a compressed stream, whose entry names cannot be checked as the zip stores them")
        }
        guard let stored = reader.storedZipName(headerEnd: archive_filter_bytes(archive, 0)), stored != name else { return }
        _ = try EntryPath.components(of: stored, limits: limits)
    }

    /// A directory entry may still carry data in a malformed archive; it is read and dropped.
    private func skipData(_ archive: OpaquePointer, reader: SourceReader) throws {
        if archive_read_data_skip(archive) < ARCHIVE_WARN { throw reader.failure(archive) }
    }
}

/// The bundle's bytes exactly as received, as one file.
struct RawCopy: Sendable, Equatable {
    var bytes: Int64
    var sha256: String
}

/// Holds the buffer libarchive reads from, hashes and counts every byte pulled from the source,
/// and remembers the source's own error so it can be rethrown as itself.
final class SourceReader {
    let source: any ArchiveByteSource
    let digest: SHA256Digest
    let maxBytes: Int64
    let progress: (@Sendable (Int64) -> Void)?
    /// Where every byte received is written too (the raw bundle), when set.
    let copy: Int32?
    let tooLarge: () -> HubError
    private let buffer: UnsafeMutableRawBufferPointer
    private(set) var received: Int64 = 0
    private var error: (any Error)?
    /// The last bytes received (at least `windowBytes` of them, once there are): `window`'s first
    /// byte is the stream's byte `windowStart`. A zip's local header (at most 30 + 2 × 65,535
    /// bytes) ends at most one buffer (256 KiB) before the end of what was received.
    private var window = Data()
    private var windowStart: Int64 = 0
    static let windowBytes = 512 * 1024

    init(source: any ArchiveByteSource, maxBytes: Int64, progress: (@Sendable (Int64) -> Void)?, copy: Int32? = nil,
         tooLarge: (() -> HubError)? = nil) throws {
        self.source = source
        self.maxBytes = maxBytes
        self.progress = progress
        self.copy = copy
        self.tooLarge = tooLarge ?? { HubError.tooLarge("The downloaded bundle", cap: maxBytes) }
        digest = try SHA256Digest()
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
    }

    /// The source itself failed (a download error), as opposed to what was read from it.
    var sourceFailed: Bool { error != nil }

    deinit { buffer.deallocate() }

    /// libarchive's read callback: one chunk, 0 at the end, -1 (and the error kept) on failure.
    func fill(_ out: UnsafeMutablePointer<UnsafeRawPointer?>) -> Int {
        do {
            let n = try pull()
            out.pointee = UnsafeRawPointer(buffer.baseAddress)
            return n
        } catch {
            self.error = error
            return -1
        }
    }

    private func pull() throws -> Int {
        if let error { throw error }
        let n = try source.read(into: buffer)
        guard n > 0 else { return 0 }
        received += Int64(n)
        if received > maxBytes { throw tooLarge() }
        digest.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        window.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        if window.count > 2 * Self.windowBytes {
            windowStart += Int64(window.count - Self.windowBytes)
            window = Data(window.suffix(Self.windowBytes))
        }
        if let copy { try Self.writeAll(copy, UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
        progress?(received)
        return n
    }

    /// The name of the zip local header that ends (its extra field included) at stream offset
    /// `end`, as stored; nil when no such header is among the last bytes received.
    func storedZipName(headerEnd end: Int64) -> [UInt8]? {
        guard end - 30 >= windowStart, end <= windowStart + Int64(window.count) else { return nil }
        let last = Int(end - windowStart)
        return window.withUnsafeBytes { b -> [UInt8]? in
            var at = last - 30
            let lowest = max(0, last - 30 - 2 * 65_535)
            while at >= lowest {
                if b[at] == 0x50, b[at + 1] == 0x4B, b[at + 2] == 3, b[at + 3] == 4 {
                    let nameLength = Int(b[at + 26]) | Int(b[at + 27]) << 8, extraLength = Int(b[at + 28]) | Int(b[at + 29]) << 8
                    if at + 30 + nameLength + extraLength == last { return Array(b[(at + 30)..<(at + 30 + nameLength)]) }
                }
                at -= 1
            }
            return nil
        }
    }

    func drain() throws {
        while try pull() > 0 {}
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw HubError.filesystem("write the downloaded bundle", errno)
            }
            offset += n
        }
    }

    /// The error to report after libarchive failed: the source's own first, else libarchive's.
    func failure(_ archive: OpaquePointer) -> any Error {
        if let error { return error }
        if received == 0 { return HubError.corruptArchive("the download was empty") }
        let detail = archive_error_string(archive).map { String(cString: $0) } ?? "unreadable data"
        return HubError.corruptArchive(detail)
    }
}

/// Entry names → path components, refusing anything that could leave the destination. The one
/// rule for names: the extractor applies it to what it installs, and `DeterministicZip` to what
/// `bundle publish DIR` sends, so that what hubctl publishes its own `acp fetch` installs.
enum EntryPath {
    /// Why a name is refused: `tooLong` for its length or depth (`path_too_long`), else `unsafe_path`.
    struct Refusal: Error {
        let why: String
        let tooLong: Bool
    }

    static func components(of name: [UInt8], limits: ExtractionLimits) throws -> [String] {
        do throws(Refusal) {
            return try parse(name, limits: limits)
        } catch {
            let display = String(decoding: name, as: UTF8.self)
            throw error.tooLong ? HubError.pathTooLong(display, error.why) : HubError.unsafePath(display, error.why)
        }
    }

    static func parse(_ name: [UInt8], limits: ExtractionLimits) throws(Refusal) -> [String] {
        func unsafe(_ why: String) -> Refusal { Refusal(why: why, tooLong: false) }
        if name.isEmpty { throw unsafe("the name is empty") }
        if name.count > limits.maxPathBytes {
            throw Refusal(why: "\(name.count) bytes, more than \(limits.maxPathBytes)", tooLong: true)
        }
        if name.contains(where: { $0 < 0x20 || $0 == 0x7f }) {
            throw unsafe("it contains control characters")
        }
        if name.contains(UInt8(ascii: "\\")) {
            throw unsafe("it contains a backslash (a Windows path separator)")
        }
        if name.first == UInt8(ascii: "/") { throw unsafe("it is an absolute path") }
        guard let text = String(validating: name, as: UTF8.self) else {
            throw unsafe("it is not valid UTF-8")
        }
        if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
            throw unsafe("it contains control characters")
        }
        var components: [String] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { throw unsafe("it contains a '..' component") }
            components.append(String(part))
        }
        if components.count > limits.maxDepth {
            throw Refusal(why: "\(components.count) levels deep, more than \(limits.maxDepth)", tooLong: true)
        }
        return components
    }
}

/// Creates directories and files under an open root directory, one `openat` at a time with
/// O_NOFOLLOW, so a name can never resolve through a link or outside the root.
struct TreeWriter {
    let rootFd: Int32
    // The last parent directory opened, kept because consecutive entries usually share it.
    private var cachedPath: [String] = []
    private var cachedFd: Int32 = -1

    init(rootFd: Int32) { self.rootFd = rootFd }

    mutating func closeAll() {
        if cachedFd >= 0 { close(cachedFd) }
        cachedFd = -1
        cachedPath = []
    }

    /// Creates the directory and any missing parents; true when the last one was new.
    mutating func makeDirectory(_ components: [String], display: String) throws -> Bool {
        let (parent, _) = try openParent(Array(components.dropLast()), display: display)
        return try Self.makeChild(parent, components.last!, display: display)
    }

    /// Opens a new file for writing (never an existing one); returns its fd and how many parent
    /// directories had to be created.
    mutating func createFile(_ components: [String], display: String) throws -> (Int32, Int) {
        let (parent, created) = try openParent(Array(components.dropLast()), display: display)
        let fd = openat(parent, components.last!, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.entryError(errno, display: display, what: "create the file") }
        return (fd, created)
    }

    /// The fd of the parent directory (owned by the cache: do not close), creating what is missing.
    private mutating func openParent(_ path: [String], display: String) throws -> (Int32, Int) {
        if path.isEmpty { return (rootFd, 0) }
        if cachedFd >= 0 && cachedPath == path { return (cachedFd, 0) }
        closeAll()
        var fd = rootFd
        var created = 0
        for component in path {
            let made: Bool
            do {
                made = try Self.makeChild(fd, component, display: display)
            } catch {
                if fd != rootFd { close(fd) }
                throw error
            }
            if made { created += 1 }
            let next = openat(fd, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let err = errno
            if fd != rootFd { close(fd) }
            guard next >= 0 else { throw Self.entryError(err, display: display, what: "open the directory") }
            fd = next
        }
        cachedPath = path
        cachedFd = fd
        return (fd, created)
    }

    /// mkdirat that accepts an existing directory; true when it created one.
    private static func makeChild(_ parent: Int32, _ name: String, display: String) throws -> Bool {
        if mkdirat(parent, name, 0o755) == 0 { return true }
        let err = errno
        guard err == EEXIST else { throw entryError(err, display: display, what: "create the directory") }
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw HubError.duplicateEntry(display)
        }
        return false
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, display: String) throws {
        var offset = 0
        while offset < count {
            let n = write(fd, bytes + offset, count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw entryError(errno, display: display, what: "write")
            }
            offset += n
        }
    }

    /// Names the archive chose are the archive's fault (65); a full or read-only disk is ours (73).
    static func entryError(_ err: Int32, display: String, what: String) -> HubError {
        switch err {
        case EEXIST, ENOTDIR, ELOOP: return .duplicateEntry(display)
        case ENAMETOOLONG: return .pathTooLong(display, "a name is longer than the filesystem allows")
        default: return .filesystem("\(what) \(HubError.quoted(display))", err)
        }
    }
}
