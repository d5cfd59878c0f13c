// BundleExtractor: good archives in every enabled format, and every kind of hostile archive refused.

import Foundation
import HubBundles
import HubCore
import Testing

@Suite struct BundleExtractorTests {
    private func extract(_ data: Data, limits: ExtractionLimits = .default) throws -> (ExtractionSummary, [String]) {
        let scratch = try Scratch()
        let dest = scratch.sub("out")
        #expect(mkdir(dest, 0o700) == 0)
        let summary = try BundleExtractor(limits: limits).extract(from: DataByteSource(data), into: dest)
        return (summary, listTree(dest))
    }

    private let profileTree = [
        "META-INF/", "META-INF/MANIFEST.MF", "strings/", "strings/en.properties",
        "styles/", "styles/app.css", "tiles/", "tiles/main.json",
    ]

    @Test(arguments: [
        ("zip", "", false), ("zip", "", true), ("tar", "", false), ("tar", "gz", false),
        ("tar", "bz2", false), ("tar", "xz", false), ("tar", "zst", false),
    ])
    func extractsEveryEnabledFormat(format: String, compression: String, descriptors: Bool) throws {
        let data = try ArchiveFactory.profile("Appmc:1.2.1", format: format, compression: compression, descriptors: descriptors)
        let (summary, tree) = try extract(data)
        #expect(tree == profileTree)
        #expect(summary.files == 4)
        #expect(summary.directories == 4)
        #expect(summary.archiveBytes == Int64(data.count))
        let expectedHash = try data.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
        #expect(summary.sha256 == expectedHash)
        #expect(summary.sha256.count == 64)
    }

    @Test func writesContentWithSafeModes() throws {
        let scratch = try Scratch()
        let dest = scratch.sub("out")
        #expect(mkdir(dest, 0o700) == 0)
        let data = try ArchiveFactory.profile("Appmc:1.2.1", descriptors: true)
        let summary = try BundleExtractor().extract(from: DataByteSource(data), into: dest)
        let css = try String(contentsOfFile: dest + "/styles/app.css", encoding: .utf8)
        #expect(css == "body { color: black; }\n")
        let onDisk = try listTree(dest).filter { !$0.hasSuffix("/") }.reduce(Int64(0)) { sum, file in
            sum + ((try FileManager.default.attributesOfItem(atPath: dest + "/" + file)[.size] as? NSNumber)?.int64Value ?? -1)
        }
        #expect(summary.bytes == onDisk)
        var info = stat()
        #expect(stat(dest + "/styles/app.css", &info) == 0)
        #expect(info.st_mode & 0o7022 == 0)   // no setuid/sticky, not group/world writable
        #expect(stat(dest + "/styles", &info) == 0)
        #expect(info.st_mode & 0o7022 == 0)
    }

    /// Issue 48 item 11: libarchive turns `back\slash.txt` (no slash, an MS-DOS archiver's as
    /// most zips say in their local header) into `back/slash.txt`; the stored name is refused.
    @Test func aBackslashLibarchiveWouldRewriteIsRefused() throws {
        let data = try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [.file("ok/first.txt", "a"), .file("back\\slash.txt", "b")]))
        #expect {
            _ = try extract(data)
        } throws: { error in
            hubError(error)?.code == .unsafePath && hubError(error)?.message.contains("back\\slash.txt") == true
        }
        // With data descriptors (a zip written to a pipe) too.
        let streamed = try ArchiveFactory.make(ArchiveSpec(format: "zip", descriptors: true, entries: [.file("x.txt", "x"), .file("a\\b\\c.txt", "c")]))
        #expect { _ = try extract(streamed) } throws: { hubError($0)?.code == .unsafePath }
    }

    /// A zip inside gzip: its stored names are not in the bytes received, so it is refused.
    @Test func aZipInsideACompressedStreamIsRefused() throws {
        let zip = try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [.file("a/b.txt", "b")]))
        let scratch = try Scratch()
        try zip.write(to: URL(fileURLWithPath: scratch.sub("z.zip")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import gzip,sys; open(sys.argv[2],'wb').write(gzip.compress(open(sys.argv[1],'rb').read(), mtime=0))",
                             scratch.sub("z.zip"), scratch.sub("z.gz")]
        try process.run()
        process.waitUntilExit()
        let gz = try Data(contentsOf: URL(fileURLWithPath: scratch.sub("z.gz")))
        #expect { _ = try extract(gz) } throws: { hubError($0)?.code == .corruptArchive }
    }

    @Test func sha256MatchesAKnownVector() throws {
        let hex = try Data("abc".utf8).withUnsafeBytes { try SHA256Digest.hex(of: $0) }
        #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    struct Hostile: Sendable, CustomStringConvertible {
        var description: String
        var spec: ArchiveSpec
        var limits: ExtractionLimits = .default
        var code: ErrorCode
    }

    static let hostile: [Hostile] = [
        Hostile(description: "dot-dot in zip", spec: ArchiveSpec(format: "zip", entries: [.file("a/../../evil.txt", "x")]), code: .unsafePath),
        Hostile(description: "dot-dot in tar", spec: ArchiveSpec(format: "tar", entries: [.file("../evil.txt", "x")]), code: .unsafePath),
        Hostile(description: "absolute zip", spec: ArchiveSpec(format: "zip", entries: [.file("/tmp/evil.txt", "x")]), code: .unsafePath),
        Hostile(description: "absolute tar", spec: ArchiveSpec(format: "tar", entries: [.file("/tmp/evil.txt", "x")]), code: .unsafePath),
        Hostile(description: "backslash tar", spec: ArchiveSpec(format: "tar", entries: [.file("..\\..\\evil.txt", "x")]), code: .unsafePath),
        Hostile(description: "control character", spec: ArchiveSpec(format: "tar", entries: [.file("evil\u{1}.txt", "x")]), code: .unsafePath),
        Hostile(description: "newline in zip name", spec: ArchiveSpec(format: "zip", entries: [.file("evil\n.txt", "x")]), code: .unsafePath),
        Hostile(description: "symlink outside (tar)", spec: ArchiveSpec(format: "tar", entries: [.link("symlink", "link", to: "/etc")]), code: .unsafeEntryType),
        Hostile(description: "symlink inside (tar)", spec: ArchiveSpec(format: "tar", entries: [.file("a", "x"), .link("symlink", "b", to: "a")]), code: .unsafeEntryType),
        Hostile(description: "hard link outside", spec: ArchiveSpec(format: "tar", entries: [.link("hardlink", "pw", to: "../../etc/passwd")]), code: .unsafeEntryType),
        Hostile(description: "device node", spec: ArchiveSpec(format: "tar", entries: [EntrySpec(name: "null", type: "chr")]), code: .unsafeEntryType),
        Hostile(description: "FIFO", spec: ArchiveSpec(format: "tar", entries: [EntrySpec(name: "pipe", type: "fifo")]), code: .unsafeEntryType),
        Hostile(description: "too many entries", spec: ArchiveSpec(format: "zip", entries: (0..<5000).map { .file("e\($0)", "") }),
                limits: ExtractionLimits(maxEntries: 1000), code: .tooManyEntries),
        // 256 MiB of zeros packed into ~250 KB; the caps stop it after a few MiB decoded.
        Hostile(description: "zip bomb (total cap)", spec: ArchiveSpec(format: "zip", entries: [.zeros("bomb", 256 << 20)]),
                limits: ExtractionLimits(maxTotalBytes: 4 << 20), code: .tooLarge),
        Hostile(description: "zip bomb with data descriptors (file cap)", spec: ArchiveSpec(format: "zip", descriptors: true, entries: [.zeros("bomb", 256 << 20)]),
                limits: ExtractionLimits(maxFileBytes: 4 << 20), code: .tooLarge),
        Hostile(description: "tar.gz bomb", spec: ArchiveSpec(format: "tar", compression: "gz", entries: [.zeros("bomb", 256 << 20)]),
                limits: ExtractionLimits(maxTotalBytes: 4 << 20), code: .tooLarge),
        Hostile(description: "total over cap across small files", spec: ArchiveSpec(format: "tar", compression: "xz", entries: (0..<10).map { .zeros("f\($0)", 1 << 20) }),
                limits: ExtractionLimits(maxTotalBytes: 5 << 20, maxFileBytes: 2 << 20), code: .tooLarge),
        Hostile(description: "path too long", spec: ArchiveSpec(format: "tar", entries: [.file(String(repeating: "a/", count: 60) + "f", "x")]),
                limits: ExtractionLimits(maxPathBytes: 100), code: .pathTooLong),
        Hostile(description: "too deep", spec: ArchiveSpec(format: "zip", entries: [.file(String(repeating: "d/", count: 70) + "f", "x")]),
                code: .pathTooLong),
        Hostile(description: "file then directory of the same name", spec: ArchiveSpec(format: "tar", entries: [.file("x", "1"), .file("x/y", "2")]),
                code: .duplicateEntry),
        Hostile(description: "duplicate file", spec: ArchiveSpec(format: "tar", entries: [.file("x", "1"), .file("x", "2")]),
                code: .duplicateEntry),
    ]

    @Test(arguments: hostile)
    func refusesHostileArchive(_ hostile: Hostile) throws {
        let data = try ArchiveFactory.make(hostile.spec)
        let scratch = try Scratch()
        let dest = scratch.sub("out")
        #expect(mkdir(dest, 0o700) == 0)
        let error = #expect(throws: HubError.self) {
            try BundleExtractor(limits: hostile.limits).extract(from: DataByteSource(data), into: dest)
        }
        #expect(error?.code == hostile.code)
        #expect(error?.exitCode == 65)
        // Nothing outside the destination: the scratch holds only it.
        #expect(listTree(scratch.path).allSatisfy { $0.hasPrefix("out/") || $0 == "out/" })
    }

    /// A zip records a symlink's type only in the central directory, which a streaming reader
    /// meets after the data: the entry arrives as a regular file holding the link text. Harmless
    /// (nothing is linked), and this test pins it down.
    @Test func zipSymlinkArrivesAsAPlainFile() throws {
        let data = try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [.link("symlink", "link", to: "../../etc/passwd")]))
        let scratch = try Scratch()
        let dest = scratch.sub("out")
        #expect(mkdir(dest, 0o700) == 0)
        _ = try BundleExtractor().extract(from: DataByteSource(data), into: dest)
        #expect(listTree(dest) == ["link"])
        #expect(try String(contentsOfFile: dest + "/link", encoding: .utf8) == "../../etc/passwd")
    }

    @Test(.enabled(if: corpusIsPresent, corpusAbsent), arguments: ["zip-slip.zip", "zip-slip.tar", "zip-slip-win.zip", "zip-slip-win.tar"])
    func refusesZipSlipCorpus(_ name: String) throws {
        let scratch = try Scratch()
        let dest = scratch.sub("out")
        #expect(mkdir(dest, 0o700) == 0)
        let error = #expect(throws: HubError.self) {
            try BundleExtractor().extract(from: FileByteSource(path: corpusPath("archives/zip-slip/\(name)")), into: dest)
        }
        #expect(error?.code == .unsafePath)
        #expect(listTree(scratch.path).allSatisfy { $0.hasPrefix("out/") || $0 == "out/" })
    }

    @Test(arguments: ["zip", "tar.gz"])
    func refusesTruncatedArchive(_ kind: String) throws {
        let data = kind == "zip"
            ? try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [ArchiveFactory.manifest("A:1"), .zeros("big", 1 << 20)]))
            : try ArchiveFactory.profile("A:1", format: "tar", compression: "gz", extra: [.zeros("big", 1 << 20)])
        let error = #expect(throws: HubError.self) { try extract(data.prefix(data.count / 2)) }
        #expect(error?.code == .corruptArchive)
    }

    @Test func refusesEmptyAndGarbageStreams() throws {
        let empty = #expect(throws: HubError.self) { try extract(Data()) }
        #expect(empty?.code == .corruptArchive)
        var garbage = Data()
        for i in 0..<100_000 { garbage.append(UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13)) }
        let error = #expect(throws: HubError.self) { try extract(garbage) }
        #expect(error?.code == .corruptArchive)
    }

    struct DownloadFailed: Error, Equatable {}

    /// A source that yields some bytes and then fails, like a download cut by the network.
    final class FailingSource: ArchiveByteSource {
        let inner: DataByteSource
        var left: Int
        init(_ data: Data, failAfter: Int) { inner = DataByteSource(data); left = failAfter }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            if left <= 0 { throw DownloadFailed() }
            let n = try inner.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, left)]))
            left -= n
            return n
        }
    }

    @Test func sourceErrorsPropagateAsThemselves() throws {
        let data = try ArchiveFactory.profile("A:1", extra: [.zeros("big", 1 << 20)])
        let scratch = try Scratch()
        let dest = scratch.sub("out")
        #expect(mkdir(dest, 0o700) == 0)
        #expect(throws: DownloadFailed.self) {
            try BundleExtractor().extract(from: FailingSource(data, failAfter: data.count / 2), into: dest)
        }
    }

    @Test func capsOnBytesReceived() throws {
        let data = try ArchiveFactory.profile("A:1", extra: [.zeros("big", 1 << 20)])
        let error = #expect(throws: HubError.self) {
            try extract(data, limits: ExtractionLimits(maxArchiveBytes: 1000))
        }
        #expect(error?.code == .tooLarge)
    }
}
