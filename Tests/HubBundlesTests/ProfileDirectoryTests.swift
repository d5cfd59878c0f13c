// ProfileDirectory: install and atomic switch, pruning, leftovers, and every failure leaving the previous profile untouched.

import Foundation
import HubBundles
import HubCore
import Synchronization
import Testing

@Suite struct ProfileDirectoryTests {
    /// Streams `data` through the channel in small pieces, as a download would.
    static func producer(_ data: Data, chunk: Int = 8192) -> @Sendable (ByteChannel) throws -> Void {
        { channel in
            var offset = 0
            while offset < data.count {
                let end = min(offset + chunk, data.count)
                try channel.write(data[offset..<end])
                offset = end
            }
        }
    }

    @Test func installsAndSwitchesAtomically() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("acp/com.acme.field"))
        #expect(try profile.currentRecord() == nil)

        let v1 = try ArchiveFactory.profile("Appmc:1.2.0", descriptors: true)
        let first = try profile.install(bundleId: "Appmc:1.2.0", produce: Self.producer(v1))
        #expect(first.bundleId == "Appmc:1.2.0")
        #expect(first.files == 4)
        #expect(first.sha256 == (try v1.withUnsafeBytes { try SHA256Digest.hex(of: $0) }))
        #expect(first.manifest["Runtime-Version"] == "2.1")
        #expect(try profile.currentRecord() == first)
        #expect(FileManager.default.fileExists(atPath: profile.currentPath + "/tiles/main.json"))

        let v2 = try ArchiveFactory.profile("Appmc:1.2.1", format: "tar", compression: "gz")
        let second = try profile.install(bundleId: "Appmc:1.2.1", produce: Self.producer(v2))
        #expect(try profile.currentRecord() == second)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: profile.currentPath)
        #expect(link == "versions/\(second.version)")   // relative, so the directory can move
        let main = try String(contentsOfFile: profile.currentPath + "/tiles/main.json", encoding: .utf8)
        #expect(main.contains("Appmc:1.2.1"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: profile.path).sorted() == [".hubctl-profile", ".lock", "current", "versions"])
    }

    /// The default bundle's address names no bundle: it is recorded as `default`, whatever its
    /// manifest says (the manifest is kept, and not checked: nothing was asked for by name).
    @Test func theDefaultBundleIsRecordedAsDefault() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let record = try profile.install(bundleId: nil, from: DataByteSource(try ArchiveFactory.profile("Def:3")))
        #expect(record.bundleId == "default")
        #expect(record.source == "default")
        #expect(record.manifest[BundleManifest.nameKey] == "Def")
    }

    @Test func reportsProgress() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let data = try ArchiveFactory.profile("A:1", extra: [.zeros("z", 2 << 20)])
        let seen = ProgressLog()
        _ = try profile.install(bundleId: "A:1", progress: { seen.add($0) }, produce: { channel in
            channel.setExpectedLength(Int64(data.count))
            try Self.producer(data)(channel)
        })
        let values = seen.values
        #expect(!values.isEmpty)
        #expect(values.last?.bytesReceived == Int64(data.count))
        #expect(values.allSatisfy { $0.totalBytes == Int64(data.count) })
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.bytesReceived <= $1.bytesReceived })
    }

    @Test func keepsTheLastThreeVersions() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        var records: [ProfileRecord] = []
        for i in 1...5 {
            records.append(try profile.install(bundleId: "A:\(i)", from: DataByteSource(try ArchiveFactory.profile("A:\(i)"))))
        }
        let versions = try FileManager.default.contentsOfDirectory(atPath: profile.path + "/versions").sorted()
        let kept = records.suffix(3).map(\.version)
        #expect(versions == (kept + kept.map { $0 + ".json" }).sorted())
        #expect(try profile.currentRecord()?.bundleId == "A:5")
    }

    @Test func removesLeftoversOfAnInterruptedInstallAndNothingElse() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let first = try profile.install(bundleId: "A:1", from: DataByteSource(try ArchiveFactory.profile("A:1")))
        // What a kill -9 can leave, journalled before it was created: a staging tree, a temporary
        // link, a tree without a record, a record without a tree.
        let fm = FileManager.default
        try fm.createDirectory(atPath: profile.path + "/.staging-abc/deep/er", withIntermediateDirectories: true)
        #expect(fm.createFile(atPath: profile.path + "/.staging-abc/deep/er/file", contents: Data("x".utf8)))
        #expect(symlink("versions/nowhere", profile.path + "/.current-xyz") == 0)
        try fm.createDirectory(atPath: profile.path + "/versions/A_2-20260101T000000Z-orphan", withIntermediateDirectories: true)
        #expect(fm.createFile(atPath: profile.path + "/versions/A_3-20260101T000000Z-lost.json", contents: Data("{}".utf8)))
        let journal = [".staging-abc", ".current-xyz", "versions/A_2-20260101T000000Z-orphan", "versions/A_3-20260101T000000Z-lost.json",
                       // Never followed: current's own version, and names of other shapes.
                       "versions/\(first.version)", "../outside", "versions/../../outside", "current"]
        try Data(journal.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: profile.path + "/.hubctl-pending"))
        // A user's own things, never journalled: they stay.
        try fm.createDirectory(atPath: profile.path + "/versions/mine", withIntermediateDirectories: true)
        #expect(fm.createFile(atPath: profile.path + "/versions/mine.json", contents: Data("{}".utf8)))
        #expect(fm.createFile(atPath: profile.path + "/.staging-mine", contents: Data("mine".utf8)))

        let second = try profile.install(bundleId: "A:2", from: DataByteSource(try ArchiveFactory.profile("A:2")))
        let top = try fm.contentsOfDirectory(atPath: profile.path).sorted()
        #expect(top == [".hubctl-profile", ".lock", ".staging-mine", "current", "versions"])
        let versions = try fm.contentsOfDirectory(atPath: profile.path + "/versions").sorted()
        #expect(versions == [first.version, first.version + ".json", second.version, second.version + ".json", "mine", "mine.json"].sorted())
    }

    @Test func pruningSkipsWhatHubctlDidNotInstall() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        _ = try profile.install(bundleId: "A:1", from: DataByteSource(try ArchiveFactory.profile("A:1")))
        // A directory with a record-like file that is not a record of its own: not ours.
        let fm = FileManager.default
        try fm.createDirectory(atPath: profile.path + "/versions/keep-me", withIntermediateDirectories: true)
        #expect(fm.createFile(atPath: profile.path + "/versions/keep-me.json", contents: Data(#"{"note": "mine"}"#.utf8)))
        for i in 2...5 { _ = try profile.install(bundleId: "A:\(i)", from: DataByteSource(try ArchiveFactory.profile("A:\(i)"))) }
        let versions = try fm.contentsOfDirectory(atPath: profile.path + "/versions")
        #expect(versions.contains("keep-me") && versions.contains("keep-me.json"))
        #expect(versions.filter { $0.hasPrefix("A_") && !$0.hasSuffix(".json") }.count == 3)
    }

    @Test func aDirectoryThatIsNotAProfileIsRefusedUntouched() throws {
        let scratch = try Scratch()
        let dest = scratch.sub("mine")
        let fm = FileManager.default
        try fm.createDirectory(atPath: dest + "/versions/old", withIntermediateDirectories: true)
        #expect(fm.createFile(atPath: dest + "/notes.txt", contents: Data("keep".utf8)))
        let before = listTree(dest)
        let profile = ProfileDirectory(path: dest, flushBeforeSwitch: false)
        let error = #expect(throws: HubError.self) {
            try profile.install(bundleId: "A:1", from: DataByteSource(try ArchiveFactory.profile("A:1")))
        }
        #expect(error?.code == .notAProfileDirectory)
        #expect(error?.exitCode == 73)
        #expect(listTree(dest) == before)
    }

    @Test func anOlderHubctlsProfileDirectoryIsAdopted() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let first = try profile.install(bundleId: "A:1", from: DataByteSource(try ArchiveFactory.profile("A:1")))
        unlink(profile.path + "/.hubctl-profile")   // as an older hubctl left it
        let second = try profile.install(bundleId: "A:2", from: DataByteSource(try ArchiveFactory.profile("A:2")))
        #expect(try profile.currentRecord() == second)
        #expect(second.version != first.version)
        #expect(FileManager.default.fileExists(atPath: profile.path + "/.hubctl-profile"))
    }

    struct DownloadFailed: Error {}

    /// Every way an install can fail, each from a profile that already has a current version.
    static let failures: [(String, @Sendable () throws -> (String?, Data, ExtractionLimits))] = [
        ("manifest mismatch", { ("A:2", try ArchiveFactory.profile("A:3"), .default) }),
        ("manifest naming half a bundle", { ("A:2", try ArchiveFactory.make(ArchiveSpec(format: "zip", entries: [
            .file("META-INF/MANIFEST.MF", "Customization-Resource-Bundle-Name: A\r\n"), .file("x", "y")])), .default) }),
        ("zip slip", { ("A:2", try ArchiveFactory.profile("A:2", extra: [.file("../../evil", "x")]), .default) }),
        ("symlink", { ("A:2", try ArchiveFactory.profile("A:2", format: "tar", extra: [.link("symlink", "l", to: "/etc")]), .default) }),
        ("hard link", { ("A:2", try ArchiveFactory.profile("A:2", format: "tar", extra: [.link("hardlink", "l", to: "/etc/passwd")]), .default) }),
        ("device", { ("A:2", try ArchiveFactory.profile("A:2", format: "tar", extra: [EntrySpec(name: "dev", type: "chr")]), .default) }),
        ("fifo", { ("A:2", try ArchiveFactory.profile("A:2", format: "tar", extra: [EntrySpec(name: "fifo", type: "fifo")]), .default) }),
        ("backslash", { ("A:2", try ArchiveFactory.profile("A:2", format: "tar", extra: [.file("a\\b", "x")]), .default) }),
        ("zip bomb", { ("A:2", try ArchiveFactory.profile("A:2", extra: [.zeros("bomb", 256 << 20)]), ExtractionLimits(maxTotalBytes: 2 << 20)) }),
        ("tar bomb", { ("A:2", try ArchiveFactory.profile("A:2", format: "tar", compression: "xz", extra: [.zeros("bomb", 256 << 20)]), ExtractionLimits(maxFileBytes: 2 << 20)) }),
        ("5,000 entries", { ("A:2", try ArchiveFactory.profile("A:2", extra: (0..<5000).map { .file("e/\($0)", "") }), ExtractionLimits(maxEntries: 500)) }),
        ("truncated", {
            let whole = try ArchiveFactory.profile("A:2", format: "tar", compression: "gz", extra: [.file("z", String(repeating: "0123456789abcdef", count: 4096))])
            return ("A:2", whole.prefix(whole.count / 2), .default)
        }),
        ("empty", { ("A:2", Data(), .default) }),
    ]

    @Test(arguments: failures.indices)
    func failureLeavesThePreviousProfileUntouched(_ index: Int) throws {
        let (name, make) = Self.failures[index]
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let before = try profile.install(bundleId: "A:1", from: DataByteSource(try ArchiveFactory.profile("A:1")))
        let treeBefore = listTree(profile.path)
        let (id, data, limits) = try make()
        let error = #expect(throws: HubError.self, "\(name)") {
            try profile.install(bundleId: id, limits: limits, produce: Self.producer(data))
        }
        #expect(error?.exitCode == 65, "\(name): \(String(describing: error))")
        #expect(try profile.currentRecord() == before, "\(name)")
        #expect(listTree(profile.path) == treeBefore, "\(name)")
        #expect(listTree(scratch.path).allSatisfy { $0.hasPrefix("p/") || $0 == "p/" }, "\(name)")
    }

    @Test(.enabled(if: corpusIsPresent, corpusAbsent)) func zipSlipCorpusLeavesThePreviousProfileUntouched() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let before = try profile.install(bundleId: "A:1", from: DataByteSource(try ArchiveFactory.profile("A:1")))
        let treeBefore = listTree(profile.path)
        for name in ["zip-slip.zip", "zip-slip.tar", "zip-slip-win.zip", "zip-slip-win.tar"] {
            let error = #expect(throws: HubError.self, "\(name)") {
                try profile.install(bundleId: "A:2", from: FileByteSource(path: corpusPath("archives/zip-slip/\(name)")))
            }
            #expect(error?.code == .unsafePath, "\(name)")
            #expect(try profile.currentRecord() == before)
            #expect(listTree(profile.path) == treeBefore)
        }
    }

    @Test func producerFailureMidwayPropagatesAndLeavesNothing() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let before = try profile.install(bundleId: "A:1", from: DataByteSource(try ArchiveFactory.profile("A:1")))
        let treeBefore = listTree(profile.path)
        let data = try ArchiveFactory.profile("A:2", extra: [.zeros("z", 4 << 20)])
        #expect(throws: DownloadFailed.self) {
            try profile.install(bundleId: "A:2", produce: { channel in
                try Self.producer(data.prefix(data.count / 2))(channel)
                throw DownloadFailed()
            })
        }
        #expect(try profile.currentRecord() == before)
        #expect(listTree(profile.path) == treeBefore)
    }

    @Test func hostileBundleStopsTheDownload() throws {
        let scratch = try Scratch()
        let profile = ProfileDirectory(path: scratch.sub("p"), flushBeforeSwitch: false)
        let hostile = try ArchiveFactory.make(ArchiveSpec(format: "tar", entries: [.file("../evil", "x")]))
        let outcome = Outcome()
        let error = #expect(throws: HubError.self) {
            try profile.install(bundleId: "A:1", channelCapacity: 64 * 1024, produce: { channel in
                do {
                    try channel.write(hostile)
                    // Then an endless body: only the consumer's cancel can end this loop.
                    let filler = [UInt8](repeating: 0, count: 16 * 1024)
                    for _ in 0..<10_000_000 { try channel.write(filler) }
                    outcome.set("ran to the end")
                } catch is ByteChannelCancelled {
                    outcome.set("cancelled")
                    throw ByteChannelCancelled()
                }
            })
        }
        #expect(error?.code == .unsafePath)
        #expect(outcome.value == "cancelled")
        #expect(try profile.currentRecord() == nil)
        #expect(listTree(profile.path) == [".hubctl-profile", ".lock"])
    }
}

final class ProgressLog: Sendable {
    private let stored = Mutex<[InstallProgress]>([])
    func add(_ value: InstallProgress) { stored.withLock { $0.append(value) } }
    var values: [InstallProgress] { stored.withLock { $0 } }
}
