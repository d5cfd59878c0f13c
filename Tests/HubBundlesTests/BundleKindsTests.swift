// Bundles of any file type (docs/protocol.md §7, Tests/Fixtures/sap/bundles): one file or an extracted
// archive, the manifest optional, the one file's name never a path from the server.

import Foundation
import HubBundles
import HubCore
import Testing

/// A file of Tests/Fixtures/sap/bundles.
func bundleFixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sap/bundles/\(name)").path
}

@Suite struct BundleFileNameTests {
    static let hostile: [String] = [
        #"attachment; filename="../x""#,
        #"attachment; filename="/etc/passwd""#,
        "attachment; filename=\"a\nb\"",
        "attachment; filename=\"a\u{85}b.pdf\"",
        "attachment; filename=\"" + String(repeating: "a", count: 300) + ".pdf\"",
        #"attachment; filename="""#,
        "attachment; filename=",
        #"attachment; filename*=UTF-8''..%2Fx"#,
        #"attachment; filename*=UTF-8''a%00b.pdf"#,
        #"attachment; filename="a\\b.pdf""#,
        #"attachment; filename=".hidden""#,
        #"attachment; filename="-rf""#,
        #"attachment; filename="x..pdf""#,
        #"attachment; filename="unterminated.pdf"#,
        "attachment",
    ]

    @Test(arguments: hostile)
    func aHostileOrEmptySuggestionFallsBackToTheBundleId(_ header: String) {
        #expect(BundleFileName.choose(contentDisposition: header, bundleId: "Guide:1.0", fileExtension: "pdf") == "Guide_1.0.pdf")
        #expect(BundleFileName.choose(contentDisposition: header, bundleId: nil, fileExtension: "pdf") == "default.pdf")
    }

    @Test func aPlainSuggestionIsTaken() {
        #expect(BundleFileName.choose(contentDisposition: #"attachment; filename="Field Guide.pdf""#, bundleId: "G:1", fileExtension: "xml")
                == "Field Guide.pdf")
        #expect(BundleFileName.choose(contentDisposition: "attachment; filename=guide.pdf; size=589", bundleId: nil, fileExtension: nil)
                == "guide.pdf")
        // filename* (RFC 6266) before filename.
        #expect(BundleFileName.choose(contentDisposition: #"attachment; filename="fallback.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"#,
                                      bundleId: nil, fileExtension: nil) == "résumé.pdf")
        #expect(BundleFileName.choose(contentDisposition: #"attachment; filename="say \"hi\".txt""#, bundleId: nil, fileExtension: nil)
                == #"say "hi".txt"#)
    }

    @Test func theExtensionIsUsedOnlyWhenShortAndAlphanumeric() {
        #expect(BundleFileName.choose(contentDisposition: nil, bundleId: "Appmc:1.2.1", fileExtension: "xls") == "Appmc_1.2.1.xls")
        #expect(BundleFileName.choose(contentDisposition: nil, bundleId: "Appmc:1.2.1", fileExtension: ".pdf") == "Appmc_1.2.1.pdf")
        for bad in ["../pdf", "p/df", "pdf\n", "", "tar.gz", String(repeating: "x", count: 17), "pdf!"] {
            #expect(BundleFileName.choose(contentDisposition: nil, bundleId: "A:1", fileExtension: bad) == "A_1", "\(bad)")
        }
        #expect(BundleFileName.choose(contentDisposition: nil, bundleId: "../../etc/passwd", fileExtension: nil) == "_.._.._etc_passwd")
    }
}

@Suite struct BundleFormatTests {
    @Test func theFirstBytesDecide() throws {
        #expect(BundleFormat.sniff([]) == .empty)
        #expect(BundleFormat.sniff(Array("%PDF-1.4\n".utf8)) == .other)
        #expect(BundleFormat.sniff(Array("<?xml version=\"1.0\"?><a/>".utf8)) == .other)
        #expect(BundleFormat.sniff([0x50, 0x4B, 0x03, 0x04, 0x14]) == .archive)
        #expect(BundleFormat.sniff([0x1F, 0x8B, 0x08]) == .archive)
        let tar = try ArchiveFactory.make(ArchiveSpec(format: "tar", entries: [.file("a.txt", "x")]))
        #expect(BundleFormat.sniff(Array(tar.prefix(512))) == .archive)
        // A v7 header (no ustar magic), recognised by its checksum; the same block with a wrong one is not.
        var v7 = Array(tar.prefix(512))
        for i in 257..<265 { v7[i] = 0 }
        let sum = v7.enumerated().reduce(0) { $0 + ((148..<156).contains($1.offset) ? 0x20 : Int($1.element)) }
        let field = Array(String(format: "%06o\0 ", sum).utf8)
        for (i, byte) in field.enumerated() { v7[148 + i] = byte }
        #expect(BundleFormat.sniff(v7) == .archive)
        v7[0] ^= 1
        #expect(BundleFormat.sniff(v7) == .other)
    }

    @Test func theServerNamesAnArchiveOrAnotherType() {
        #expect(BundleFormat.namesArchive("zip") == true)
        #expect(BundleFormat.namesArchive(".JAR") == true)
        #expect(BundleFormat.namesArchive("tar.gz") == true)
        #expect(BundleFormat.namesArchive("xlsx") == false)
        #expect(BundleFormat.namesArchive("gz") == false)
        #expect(BundleFormat.namesArchive("") == nil)
        #expect(BundleFormat.namesArchive(nil) == nil)
        for compression in ["gz", ".GZ", "bz2", "xz", "zst"] { #expect(BundleFormat.namesCompression(compression), "\(compression)") }
        for other in ["tar.gz", "zip", "pdf", "", "gzip"] { #expect(!BundleFormat.namesCompression(other), "\(other)") }
        #expect(!BundleFormat.namesCompression(nil))
    }
}

@Suite struct BundleKindsTests {
    @Test func aPDFIsStoredAsOneFile() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: bundleFixture("field-guide.pdf")))
        let record = try profile.install(bundleId: "Guide:1.0", description: BundleDescription(fileExtension: "pdf"),
                                         from: FileByteSource(path: bundleFixture("field-guide.pdf")))
        #expect(record.kind == "file")
        #expect(record.file == "Guide_1.0.pdf")
        #expect(record.files == 1 && record.directories == 0)
        #expect(record.bytes == Int64(pdf.count) && record.archiveBytes == Int64(pdf.count))
        #expect(record.sha256 == (try pdf.withUnsafeBytes { try SHA256Digest.hex(of: $0) }))
        #expect(record.manifest.isEmpty)
        #expect(record.source == "assigned" && record.fileExtension == "pdf")
        #expect(try FileManager.default.contentsOfDirectory(atPath: profile.currentPath) == ["Guide_1.0.pdf"])
        #expect(FileManager.default.contents(atPath: profile.currentPath + "/Guide_1.0.pdf") == pdf)
        #expect(try profile.currentRecord() == record)
        // Nothing of the download is left beside the profile.
        #expect(listTree(profile.path).allSatisfy { !$0.hasPrefix(".staging") }, "\(listTree(profile.path))")
    }

    @Test func theNameComesFromContentDispositionWhenItIsPlain() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let plain = try profile.install(bundleId: nil,
                                        description: BundleDescription(fileExtension: "pdf", contentDisposition: #"attachment; filename="guide.pdf""#),
                                        from: FileByteSource(path: bundleFixture("field-guide.pdf")))
        #expect(plain.file == "guide.pdf")
        let hostile = try profile.install(bundleId: nil,
                                          description: BundleDescription(fileExtension: "pdf", contentDisposition: #"attachment; filename="../../evil.pdf""#),
                                          from: FileByteSource(path: bundleFixture("field-guide.pdf")))
        #expect(hostile.file == "default.pdf")
        #expect(try FileManager.default.contentsOfDirectory(atPath: profile.currentPath) == ["default.pdf"])
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/evil.pdf"))
    }

    @Test func aZipWithoutAManifestIsExtracted() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let zip = try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [.file("tiles/main.json", "{}"), .file("app.css", "a{}")]))
        let record = try profile.install(bundleId: "A:2", description: BundleDescription(fileExtension: "zip"), from: DataByteSource(zip))
        #expect(record.kind == "archive" && record.file == nil)
        #expect(record.files == 2)
        #expect(record.manifest.isEmpty)
        #expect(FileManager.default.contents(atPath: profile.currentPath + "/tiles/main.json") == Data("{}".utf8))
    }

    @Test func aJarManifestThatNamesNoBundleIsNotChecked() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let jar = try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [.file("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\nCreated-By: 17\r\n\r\n"),
                                                                               .file("a.txt", "a")]))
        let record = try profile.install(bundleId: "A:1", from: DataByteSource(jar))
        #expect(record.manifest == ["Manifest-Version": "1.0", "Created-By": "17"])
    }

    @Test func aManifestNamingAnotherBundleIsStillRefused() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let error = #expect(throws: HubError.self) {
            try profile.install(bundleId: "A:2", description: BundleDescription(fileExtension: "zip"),
                                from: DataByteSource(try ArchiveFactory.profile("A:3")))
        }
        #expect(error?.code == .bundleMismatch)
        #expect(try profile.currentRecord() == nil)
    }

    /// An .xlsx is a zip: the server's X-BUNDLE-EXTENSION says it is not an archive to extract.
    @Test func anArchiveTheServerCallsAnotherTypeIsStoredAsItIs() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let zip = try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [.file("[Content_Types].xml", "<Types/>")]))
        let record = try profile.install(bundleId: "Sheet:1", description: BundleDescription(fileExtension: "xlsx"), from: DataByteSource(zip))
        #expect(record.kind == "file" && record.file == "Sheet_1.xlsx")
        #expect(FileManager.default.contents(atPath: profile.currentPath + "/Sheet_1.xlsx") == zip)
        #expect(record.sha256 == (try zip.withUnsafeBytes { try SHA256Digest.hex(of: $0) }))
    }

    /// A gzip of one file is no tar: one file when the server names its type, else a corrupt archive.
    @Test func aCompressedFileThatIsNoArchive() throws {
        let scratch = try Scratch()
        let gz = try gzip(Data(String(repeating: "line\n", count: 1000).utf8))
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let record = try profile.install(bundleId: "Log:1", description: BundleDescription(fileExtension: "gz"), from: DataByteSource(gz))
        #expect(record.kind == "file" && record.file == "Log_1.gz")
        #expect(FileManager.default.contents(atPath: profile.currentPath + "/Log_1.gz") == gz)
        let error = #expect(throws: HubError.self) {
            try profile.install(bundleId: "Log:2", description: BundleDescription(fileExtension: "tar.gz"), from: DataByteSource(gz))
        }
        #expect(error?.code == .corruptArchive)
        #expect(try profile.currentRecord() == record)
    }

    /// A server that keeps the last extension of `appmc-1.1.0.tar.gz` says `gz` (issue 39): a tar
    /// under a compression's name is that archive, extracted; a compressed zip stays one file.
    @Test(arguments: ["gz", "bz2", "xz", "zst"])
    func aCompressedTarNamedByItsCompressionIsExtracted(_ compression: String) throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let bytes = try ArchiveFactory.make(ArchiveSpec(format: "tar", compression: compression,
                                                        entries: [.file("tiles/home.json", "{}"), .file("styles/app.css", "body {}")]))
        let record = try profile.install(bundleId: "Appmc:1.1.0", description: BundleDescription(fileExtension: compression), from: DataByteSource(bytes))
        #expect(record.kind == "archive" && record.file == nil, "\(record)")
        #expect(record.files == 2)
        #expect(FileManager.default.contents(atPath: profile.currentPath + "/tiles/home.json") == Data("{}".utf8))
        #expect(record.sha256 == (try bytes.withUnsafeBytes { try SHA256Digest.hex(of: $0) }))
    }

    @Test func aGzippedZipNamedGzStaysOneFile() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let zip = try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [.file("a.txt", "a")]))
        let gz = try gzip(zip)
        let record = try profile.install(bundleId: "Z:1", description: BundleDescription(fileExtension: "gz"), from: DataByteSource(gz))
        #expect(record.kind == "file" && record.file == "Z_1.gz", "\(record)")
        #expect(FileManager.default.contents(atPath: profile.currentPath + "/Z_1.gz") == gz)
    }

    @Test func contentThatIsNoArchiveWhenTheServerSaysZipIsCorrupt() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let error = #expect(throws: HubError.self) {
            try profile.install(bundleId: "A:1", description: BundleDescription(fileExtension: "zip"),
                                from: DataByteSource(Data("<html>gateway error</html>".utf8)))
        }
        #expect(error?.code == .corruptArchive)
        #expect(error?.exitCode == 65)
        #expect(listTree(profile.path) == [".hubctl-profile", ".lock"])
    }

    @Test func aOneFileBundleLargerThanTheCapIsRefused() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let error = #expect(throws: HubError.self) {
            try profile.install(bundleId: "A:1", limits: ExtractionLimits(maxTotalBytes: 100),
                                description: BundleDescription(fileExtension: "pdf"),
                                from: FileByteSource(path: bundleFixture("field-guide.pdf")))
        }
        #expect(error?.code == .tooLarge)
        #expect(listTree(profile.path) == [".hubctl-profile", ".lock"])
    }

    /// The default bundle through a channel, as a download hands it over: recorded as `default`
    /// with what the server said; the same bytes again install nothing.
    @Test func theDefaultBundleIsRecordedWithItsHeaders() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: bundleFixture("field-guide.pdf")))
        let said = BundleDescription(fileExtension: "pdf", etag: "\"v1\"", lastModified: "Wed, 26 Nov 2025 06:00:00 GMT")
        let producer: @Sendable (ByteChannel) throws -> Void = { channel in
            try ProfileDirectoryTests.producer(pdf, chunk: 100)(channel)
            channel.describe(said)
        }
        let first = try profile.install(bundleId: nil, produce: producer)
        #expect(first.bundleId == "default" && first.source == "default" && first.isDefaultBundle)
        #expect(first.etag == "\"v1\"" && first.lastModified == "Wed, 26 Nov 2025 06:00:00 GMT")
        #expect(first.file == "default.pdf")
        let again = try profile.install(bundleId: nil, unlessSHA256: first.sha256, produce: producer)
        #expect(again == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: profile.path + "/versions").count == 2, "one version and its record")
        let other = try profile.install(bundleId: nil, unlessSHA256: first.sha256, produce: { channel in
            try channel.write(Data("<?xml version=\"1.0\"?><guide/>".utf8))
            channel.describe(BundleDescription(fileExtension: "xml"))
        })
        #expect(other.version != first.version && other.file == "default.xml")
    }

    private func gzip(_ data: Data) throws -> Data {
        let scratch = try Scratch()
        try data.write(to: URL(fileURLWithPath: scratch.sub("f")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import gzip,sys; d=open(sys.argv[1],'rb').read(); open(sys.argv[1]+'.gz','wb').write(gzip.compress(d))",
                             scratch.sub("f")]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: URL(fileURLWithPath: scratch.sub("f.gz")))
    }
}
