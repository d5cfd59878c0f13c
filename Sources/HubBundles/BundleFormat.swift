// Is a bundle an archive to extract or one file to store? Its first bytes, then what the server calls it.

import Foundation

/// What the server said about the bundle it sent (its headers), known once the body has arrived:
/// the producer of an install hands it over with `ByteChannel.describe(_:)`. HubBundles reads
/// these as plain strings; it knows nothing of HTTP.
public struct BundleDescription: Sendable, Equatable {
    /// `X-BUNDLE-EXTENSION` (SAP: "the resource-bundle extension"), e.g. `zip`, `pdf`.
    public var fileExtension: String?
    /// `Content-Disposition` (not documented by SAP), for the name of a one-file bundle.
    public var contentDisposition: String?
    /// `ETag` and `Last-Modified`, recorded to tell versions of the default bundle apart.
    public var etag: String?
    public var lastModified: String?

    public init(fileExtension: String? = nil, contentDisposition: String? = nil, etag: String? = nil, lastModified: String? = nil) {
        self.fileExtension = fileExtension
        self.contentDisposition = contentDisposition
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// The decision, docs/protocol.md §7. SAP allows "any file type (.pdf, .xls, .xml, or any other
/// extension)", so the content decides first: what does not start like a zip or a tar archive
/// (plain or compressed) is stored as one file. What does is extracted, unless `X-BUNDLE-EXTENSION`
/// names another type (an `.xlsx` or a `.docx` is a zip, and is stored as it is): the raw bytes are
/// kept beside the extraction until the header is known. A compression extension (`gz`, `bz2`, `xz`,
/// `zst`) over a tar archive is that archive, extracted.
public enum BundleFormat {
    /// How the first bytes look.
    public enum Sniffed: Sendable, Equatable {
        /// A zip (local header or an empty archive), a tar (ustar or a valid v7 header), or a
        /// gzip, bzip2, xz or zstd stream (which libarchive reads as a compressed tar).
        case archive
        /// Anything else: one file.
        case other
        /// No bytes at all.
        case empty
    }

    /// Bytes read before deciding: a tar header.
    public static let sniffLength = 512

    /// `X-BUNDLE-EXTENSION` values that name an archive hubctl extracts (compared without case and
    /// without a leading `.`).
    public static let archiveExtensions: Set<String> = [
        "zip", "jar", "tar", "tgz", "tar.gz", "tbz", "tbz2", "tar.bz2", "txz", "tar.xz", "tzst", "tar.zst",
    ]

    /// `X-BUNDLE-EXTENSION` values that name only a compression: a server that keeps the last
    /// extension of `appmc-1.1.0.tar.gz` says `gz`. Over a stream that holds a tar archive they
    /// name that archive; over anything else (a `.gz` of one file) the file as it is.
    public static let compressionExtensions: Set<String> = ["gz", "bz2", "xz", "zst"]

    /// Whether `X-BUNDLE-EXTENSION` names an archive (true), another type (false), or nothing usable (nil).
    public static func namesArchive(_ fileExtension: String?) -> Bool? {
        normalized(fileExtension).map(archiveExtensions.contains)
    }

    /// Whether `X-BUNDLE-EXTENSION` names only a compression (`gz`, `bz2`, `xz`, `zst`).
    public static func namesCompression(_ fileExtension: String?) -> Bool {
        normalized(fileExtension).map(compressionExtensions.contains) ?? false
    }

    /// The extension without case, surrounding spaces or a leading `.`; nil when nothing is left.
    static func normalized(_ fileExtension: String?) -> String? {
        guard var ext = fileExtension?.trimmingCharacters(in: .whitespaces).lowercased(), !ext.isEmpty else { return nil }
        if ext.hasPrefix(".") { ext.removeFirst() }
        return ext.isEmpty ? nil : ext
    }

    public static func sniff(_ prefix: [UInt8]) -> Sniffed {
        if prefix.isEmpty { return .empty }
        func starts(_ magic: [UInt8]) -> Bool { prefix.count >= magic.count && Array(prefix.prefix(magic.count)) == magic }
        let magics: [[UInt8]] = [
            [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x50, 0x4B, 0x07, 0x08],   // zip
            [0x1F, 0x8B],                                                                   // gzip
            [0x42, 0x5A, 0x68],                                                             // bzip2 "BZh"
            [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],                                           // xz
            [0x28, 0xB5, 0x2F, 0xFD],                                                       // zstd
        ]
        if magics.contains(where: starts) { return .archive }
        return isTarHeader(prefix) ? .archive : .other
    }

    /// A ustar/GNU magic at offset 257, or a v7 header whose checksum (offset 148, octal) is the
    /// sum of its bytes with the checksum field read as spaces.
    static func isTarHeader(_ block: [UInt8]) -> Bool {
        guard block.count >= 512 else { return false }
        if Array(block[257..<262]) == Array("ustar".utf8) { return true }
        let field = block[148..<156].prefix { $0 != 0 && $0 != 0x20 }
        guard !field.isEmpty, field.allSatisfy({ (0x30...0x37).contains($0) }),
              let stored = Int(String(decoding: field, as: UTF8.self), radix: 8) else { return false }
        var sum = 0
        for (i, byte) in block.prefix(512).enumerated() { sum += (148..<156).contains(i) ? 0x20 : Int(byte) }
        return sum == stored && block[0] != 0
    }
}

/// Reads up to `BundleFormat.sniffLength` bytes of a source to look at, then gives them back
/// first: the extractor or the copy reads the whole stream from the start.
final class PrefixedSource: ArchiveByteSource {
    private let source: any ArchiveByteSource
    let prefix: [UInt8]
    private var offset = 0

    init(_ source: any ArchiveByteSource, length: Int = BundleFormat.sniffLength) throws {
        self.source = source
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: length)
        while bytes.count < length {
            let want = length - bytes.count
            let n = try chunk.withUnsafeMutableBytes { try source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<want])) }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        prefix = bytes
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        if offset < prefix.count {
            let n = min(buffer.count, prefix.count - offset)
            prefix.withUnsafeBytes { base.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
            offset += n
            return n
        }
        return try source.read(into: buffer)
    }
}
