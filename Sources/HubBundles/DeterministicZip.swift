// A directory as a zip, written as it is sent (`hubctl bundle publish DIR`): the same tree gives
// the same bytes. Entries are the regular files under the directory in byte order of their
// relative paths, stored (no compression, so nothing depends on a compressor's version), each
// with the same time (1980-01-01 00:00, the zip's first) and mode (0644); no directory entries,
// no extra fields. The files are read twice: once for their CRC-32 and sizes (so the whole
// length is known before anything is sent), then while sending; a file that changed in between
// fails the upload rather than sending a zip that lies. A file is opened only as the regular file
// the plan saw (no symbolic link, no FIFO, the same device, inode and size) before the first byte
// of its entry is produced. Names follow the extractor's rules (`EntryPath`): what hubctl
// publishes, its own `acp fetch` installs. Also: whether a zip is password-protected (SAP refuses
// those, docs/protocol.md §19).

import Foundation
import HubCore

/// The plan of a deterministic zip: its entries and exact length; `reader()` produces its bytes.
public struct DeterministicZip: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The relative path with `/` separators.
        public let name: String
        public let path: String
        public let size: Int64
        public let crc: UInt32
        /// The file's device and inode when the directory was walked: only that file is sent.
        public let identity: FileIdentity
    }

    public let entries: [Entry]
    /// The zip's exact length in bytes.
    public let length: Int64
    /// The deadline: reading the files past it (for their CRC-32, or to send them) is 75.
    public let until: ContinuousClock.Instant?

    /// The zip's limits without ZIP64: fewer than 65,535 entries, every size and offset under 4 GiB.
    static let maximumEntries = 65_534
    static let maximumOffset: Int64 = 0xFFFF_FFFE

    /// Plans the zip of `directory`, refusing (64) what cannot go in it the same way twice, or that
    /// hubctl's own `acp fetch` would refuse or rename: a symbolic link, a device or socket, a name
    /// the extractor refuses (`EntryPath`: control characters, a backslash, too long or too deep).
    /// `limit`: the largest zip allowed (its size is known before anything is read past the file
    /// sizes). `until`: the deadline, checked while the files are read for their CRC-32 (75).
    public static func plan(directory: String, limit: Int64, until: ContinuousClock.Instant? = nil) throws -> DeterministicZip {
        var found: [(name: String, path: String, size: Int64, identity: FileIdentity)] = []
        try walk(directory, prefix: "", into: &found)
        found.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        guard !found.isEmpty else { throw HubError.usage("\(directory) has no files to zip; nothing was sent.") }
        guard found.count <= maximumEntries else {
            throw HubError.usage("\(directory) has \(found.count) files; a zip without ZIP64 holds at most \(maximumEntries). Nothing was sent.")
        }
        for f in found {
            do throws(EntryPath.Refusal) {
                _ = try EntryPath.parse(Array(f.name.utf8), limits: .default)
            } catch {
                throw HubError.usage("\(HubError.quoted(f.path)) cannot be published: hubctl's own `acp fetch` would refuse its name in the bundle (\(error.why)). Rename it; nothing was sent.",
                                     code: error.tooLong ? .pathTooLong : .unsafePath)
            }
        }
        var length: Int64 = 22
        for f in found { length += Int64(30 + 46 + 2 * f.name.utf8.count) + f.size }
        guard length <= limit else {
            throw HubError.usage("The zip of \(directory) would be \(length) bytes, over the limit of \(limit) bytes; nothing was sent.", code: .tooLarge)
        }
        guard length <= maximumOffset else { throw HubError.usage("The zip of \(directory) would need ZIP64; nothing was sent.", code: .tooLarge) }
        var entries: [Entry] = []
        for f in found {
            let planned = Entry(name: f.name, path: f.path, size: f.size, crc: 0, identity: f.identity)
            entries.append(Entry(name: f.name, path: f.path, size: f.size, crc: try crc(of: planned, until: until), identity: f.identity))
        }
        return DeterministicZip(entries: entries, length: length, until: until)
    }

    private static func walk(_ directory: String, prefix: String, into found: inout [(name: String, path: String, size: Int64, identity: FileIdentity)]) throws {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw HubError.noInput("Cannot read the directory \(directory). Check that it exists and is readable.", code: .unreadable)
        }
        for name in names {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { throw HubError.noInput("Cannot read \(path).", code: .unreadable) }
            let relative = prefix + name
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, prefix: relative + "/", into: &found)
            case S_IFREG: found.append((relative, path, Int64(info.st_size), FileIdentity(info)))
            case S_IFLNK: throw HubError.usage("\(path) is a symbolic link; a bundle directory must hold only files and directories. Nothing was sent.", code: .unsafeEntryType)
            default: throw HubError.usage("\(path) is not a regular file; a bundle directory must hold only files and directories. Nothing was sent.", code: .unsafeEntryType)
            }
        }
    }

    static func crc(of entry: Entry, until: ContinuousClock.Instant?) throws -> UInt32 {
        let input = try open(entry)
        var crc = CRC32()
        var offset: Int64 = 0
        while offset < entry.size {
            try checkDeadline(until, entry.path)
            let chunk = try input.read(at: offset, count: Int(min(1 << 20, entry.size - offset)))
            guard !chunk.isEmpty else { break }
            crc.update(chunk)
            offset += Int64(chunk.count)
        }
        guard offset == entry.size else { throw changed(entry.path) }
        return crc.value
    }

    /// Opens a planned file as the file the plan saw, before any byte of its entry is produced:
    /// never through a symbolic link, never a FIFO, socket or device (refused at once, not waited
    /// on), the same device, inode and size (65 otherwise; what replaced it is not read).
    static func open(_ entry: Entry) throws -> InputFile {
        let input: InputFile
        do throws(BoundedFile.Failure) {
            input = try InputFile.openRegular(path: entry.path)
        } catch {
            switch error {
            case .failed(.open, ELOOP): throw replaced(entry.path, "by a symbolic link")
            case .notRegular: throw replaced(entry.path, "by a FIFO, socket or device")
            case .directory: throw replaced(entry.path, "by a directory")
            case .missing: throw replaced(entry.path, "or removed")
            case .failed(_, let err):
                throw HubError.noInput("Cannot read \(entry.path) to zip it: \(String(cString: strerror(err))).", code: .unreadable)
            case .tooLarge, .timedOut:
                throw HubError.noInput("Cannot read \(entry.path) to zip it.", code: .unreadable)
            }
        }
        guard input.identity == entry.identity else { throw replaced(entry.path, "by another file") }
        guard input.size == entry.size else { throw changed(entry.path) }
        return input
    }

    static func changed(_ path: String) -> HubError {
        HubError(.data, code: .bundleMismatch, "\(path) changed while its directory was being zipped; run the command again once it is stable.")
    }

    static func replaced(_ path: String, _ how: String) -> HubError {
        HubError(.data, code: .bundleMismatch,
                 "\(path) was replaced \(how) while its directory was being zipped; hubctl read nothing of what is there now. Run the command again once the directory is stable.")
    }

    /// 75 once the deadline has passed.
    static func checkDeadline(_ until: ContinuousClock.Instant?, _ path: String) throws {
        guard let until, ContinuousClock.now >= until else { return }
        throw HubError(.temporary, code: .timeout, "The deadline passed while \(path) was being zipped. Raise --deadline for a directory this large.")
    }

    /// The zip's bytes, each call from its start: fills a buffer, 0 at the end.
    public func reader() -> ZipStreamReader { ZipStreamReader(self) }

    // MARK: Headers

    /// 1980-01-01 00:00:00 in MS-DOS form.
    static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1
    static let dosTime: UInt16 = 0
    /// Bit 11: the names are UTF-8.
    static let flags: UInt16 = 0x0800

    static func localHeader(_ e: Entry) -> Data {
        var d = Data()
        d.le32(0x0403_4B50); d.le16(20); d.le16(flags); d.le16(0); d.le16(dosTime); d.le16(dosDate)
        d.le32(e.crc); d.le32(UInt32(e.size)); d.le32(UInt32(e.size))
        d.le16(UInt16(e.name.utf8.count)); d.le16(0)
        d.append(contentsOf: Array(e.name.utf8))
        return d
    }

    func centralDirectory() -> Data {
        var d = Data()
        var offset: Int64 = 0
        for e in entries {
            d.le32(0x0201_4B50); d.le16(0x0314); d.le16(20); d.le16(Self.flags); d.le16(0); d.le16(Self.dosTime); d.le16(Self.dosDate)
            d.le32(e.crc); d.le32(UInt32(e.size)); d.le32(UInt32(e.size))
            d.le16(UInt16(e.name.utf8.count)); d.le16(0); d.le16(0); d.le16(0); d.le16(0)
            d.le32(UInt32(0o100644) << 16); d.le32(UInt32(offset))
            d.append(contentsOf: Array(e.name.utf8))
            offset += Int64(30 + e.name.utf8.count) + e.size
        }
        let size = d.count
        d.le32(0x0605_4B50); d.le16(0); d.le16(0); d.le16(UInt16(entries.count)); d.le16(UInt16(entries.count))
        d.le32(UInt32(size)); d.le32(UInt32(offset)); d.le16(0)
        return d
    }
}

/// Produces a planned zip's bytes in order, one file open at a time.
public final class ZipStreamReader {
    private let zip: DeterministicZip
    private var index = 0
    private var pending = Data()
    private var file: InputFile?
    private var fileOffset: Int64 = 0
    private var crc = CRC32()
    private var finished = false

    init(_ zip: DeterministicZip) { self.zip = zip }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if !pending.isEmpty {
                let n = min(buffer.count, pending.count)
                pending.prefix(n).copyBytes(to: buffer)
                pending.removeFirst(n)
                return n
            }
            if let file {
                let entry = zip.entries[index]
                if fileOffset < entry.size {
                    try DeterministicZip.checkDeadline(zip.until, entry.path)
                    let chunk = try file.read(at: fileOffset, count: Int(min(Int64(buffer.count), entry.size - fileOffset)))
                    guard !chunk.isEmpty else { throw DeterministicZip.changed(entry.path) }
                    crc.update(chunk)
                    chunk.copyBytes(to: buffer)
                    fileOffset += Int64(chunk.count)
                    return chunk.count
                }
                guard crc.value == entry.crc else { throw DeterministicZip.changed(entry.path) }
                self.file = nil
                index += 1
                continue
            }
            if index < zip.entries.count {
                let entry = zip.entries[index]
                // Checked before the entry's local header: nothing of a file that is not the one
                // planned is sent.
                file = try DeterministicZip.open(entry)
                fileOffset = 0
                crc = CRC32()
                pending = DeterministicZip.localHeader(entry)
                continue
            }
            if finished { return 0 }
            finished = true
            pending = zip.centralDirectory()
        }
    }
}

/// CRC-32 (IEEE 802.3, reflected, the zip's), one table lookup per byte.
public struct CRC32: Sendable {
    private var state: UInt32 = 0xFFFF_FFFF
    public init() {}

    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public mutating func update(_ data: Data) {
        var c = state
        Self.table.withUnsafeBufferPointer { t in
            data.withUnsafeBytes { raw in
                for byte in raw { c = t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            }
        }
        state = c
    }

    public var value: UInt32 { state ^ 0xFFFF_FFFF }
}

extension Data {
    mutating func le16(_ v: UInt16) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8)) }
    mutating func le32(_ v: UInt32) { for i in 0..<4 { append(UInt8((v >> (8 * UInt32(i))) & 0xFF)) } }
}

/// Whether a zip has an encrypted (password-protected) entry: general purpose flag bit 0 of any
/// entry of its central directory, or, when there is no readable central directory, of its first
/// local header. `read(offset, count)` reads the input; nil when it is no zip. `entry` sees each
/// central directory entry read (its name's bytes, its flags, the entries the directory declares).
public enum ZipEncryption {
    public static func isEncrypted(size: Int64, read: (Int64, Int) throws -> Data, entry: ((_ name: Data, _ flags: UInt16, _ declared: Int) -> Void)? = nil) throws -> Bool? {
        guard size >= 30 else { return nil }
        let head = try read(0, 30)
        guard head.count == 30, head.u32(0) == 0x0403_4B50 || head.u32(0) == 0x0605_4B50 else { return nil }
        if head.u32(0) == 0x0403_4B50, head.u16(6) & 1 == 1 { return true }
        // The end of central directory record: in the last 64 KiB + 22 bytes.
        let tailLength = Int(min(size, 65_557))
        let tail = try read(size - Int64(tailLength), tailLength)
        guard tail.count >= 22 else { return false }
        var at = tail.count - 22
        while at >= 0, tail.u32(at) != 0x0605_4B50 { at -= 1 }
        guard at >= 0 else { return false }
        let count = Int(tail.u16(at + 10)), cdSize = Int64(tail.u32(at + 12)), cdOffset = Int64(tail.u32(at + 16))
        guard cdOffset != 0xFFFF_FFFF, cdOffset + cdSize <= size, cdSize <= 64 << 20 else { return false }
        let cd = try read(cdOffset, Int(cdSize))
        var p = 0
        for _ in 0..<count {
            guard p + 46 <= cd.count, cd.u32(p) == 0x0201_4B50 else { return false }
            entry?(cd.dropFirst(p + 46).prefix(Int(cd.u16(p + 28))), cd.u16(p + 8), count)
            if cd.u16(p + 8) & 1 == 1 { return true }
            p += 46 + Int(cd.u16(p + 28)) + Int(cd.u16(p + 30)) + Int(cd.u16(p + 32))
        }
        return false
    }
}

extension Data {
    func u16(_ at: Int) -> UInt16 {
        let s = startIndex + at
        return UInt16(self[s]) | UInt16(self[s + 1]) << 8
    }
    func u32(_ at: Int) -> UInt32 {
        let s = startIndex + at
        return UInt32(self[s]) | UInt32(self[s + 1]) << 8 | UInt32(self[s + 2]) << 16 | UInt32(self[s + 3]) << 24
    }
}
