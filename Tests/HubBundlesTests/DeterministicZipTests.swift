// The zip of a directory (`bundle publish DIR`): the same tree gives the same bytes whatever the
// files' times and modes, Python's zipfile reads it back, a file changed between
// plan and send fails, and a password-protected zip is told apart from a plain one.

import Foundation
import HubCore
import Testing
@testable import HubBundles

@Suite struct DeterministicZipTests {
    func tree() throws -> String {
        let dir = NSTemporaryDirectory() + "zip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/sub/deeper", withIntermediateDirectories: true)
        try Data("zeta".utf8).write(to: URL(fileURLWithPath: dir + "/z.txt"))
        try Data("alpha".utf8).write(to: URL(fileURLWithPath: dir + "/a.txt"))
        try Data("nested".utf8).write(to: URL(fileURLWithPath: dir + "/sub/deeper/n.css"))
        return dir
    }

    func bytes(_ zip: DeterministicZip) throws -> Data { try zipBytes(zip, pieces: 7) }

    @Test func theSameTreeGivesTheSameBytes() throws {
        let dir = try tree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try bytes(try DeterministicZip.plan(directory: dir, limit: 1 << 20))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 12345), .posixPermissions: 0o600],
                                              ofItemAtPath: dir + "/a.txt")
        let plan = try DeterministicZip.plan(directory: dir, limit: 1 << 20)
        let second = try bytes(plan)
        #expect(first == second)
        #expect(Int64(second.count) == plan.length)
        #expect(plan.entries.map(\.name) == ["a.txt", "sub/deeper/n.css", "z.txt"])
        #expect(try ZipEncryption.isEncrypted(size: Int64(second.count), read: { second.subdata(in: Int($0)..<Int($0) + $1) }) == false)
        // A reader independent of ours (Python's zipfile) reads it back and checks every CRC.
        let path = dir + ".zip"
        try second.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let listed = try EndToEndUnzip.list(path)
        #expect(listed == ["a.txt", "sub/deeper/n.css", "z.txt"])
    }

    @Test func aFileChangedAfterThePlanFails() throws {
        let dir = try tree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try DeterministicZip.plan(directory: dir, limit: 1 << 20)
        try Data("ALPHA".utf8).write(to: URL(fileURLWithPath: dir + "/a.txt"))
        #expect(throws: HubError.self) { _ = try bytes(plan) }
    }

    @Test func tooLargeAndLinksAreRefused() throws {
        let dir = try tree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: HubError.self) { _ = try DeterministicZip.plan(directory: dir, limit: 100) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "/etc/passwd")
        #expect(throws: HubError.self) { _ = try DeterministicZip.plan(directory: dir, limit: 1 << 20) }
    }
}

/// Issue 48 items 9, 10, 21: what a directory may publish, and the files that replace a planned one.
@Suite struct DeterministicZipRaceTests {
    func bytes(_ zip: DeterministicZip) throws -> Data { try zipBytes(zip, pieces: 4096) }

    func tree(_ name: String = "b.txt") throws -> (Scratch, String) {
        let scratch = try Scratch()
        let dir = scratch.sub("tree")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("first".utf8).write(to: URL(fileURLWithPath: dir + "/a.txt"))
        try Data("public".utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        try Data("SECRET".utf8).write(to: URL(fileURLWithPath: scratch.sub("secret")))
        return (scratch, dir)
    }

    @Test(arguments: ["new\nline.txt", "back\\slash.txt", "c1\u{85}.txt"])
    func namesTheExtractorRefusesAreRefusedWhenPlanned(_ name: String) throws {
        let (scratch, dir) = try tree(name)
        defer { withExtendedLifetime(scratch) {} }
        #expect {
            _ = try DeterministicZip.plan(directory: dir, limit: 1 << 20)
        } throws: { error in
            (error as? HubError)?.exitCode == 64 && (error as? HubError)?.code == .unsafePath
        }
    }

    @Test func aTreeDeeperThanTheExtractorTakesIsRefused() throws {
        let (scratch, _) = try tree()
        defer { withExtendedLifetime(scratch) {} }
        let deep = scratch.sub("deep")
        let inner = deep + "/" + Array(repeating: "d", count: ExtractionLimits.default.maxDepth).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: inner + "/f.txt"))
        #expect {
            _ = try DeterministicZip.plan(directory: deep, limit: 1 << 20)
        } throws: { error in
            (error as? HubError)?.exitCode == 64 && (error as? HubError)?.code == .pathTooLong
        }
    }

    @Test func aSymbolicLinkSwappedInAfterThePlanIsNotRead() throws {
        let (scratch, dir) = try tree()
        defer { withExtendedLifetime(scratch) {} }
        let plan = try DeterministicZip.plan(directory: dir, limit: 1 << 20)
        #expect(unlink(dir + "/b.txt") == 0 && symlink(scratch.sub("secret"), dir + "/b.txt") == 0)
        var out = Data()
        #expect {
            _ = try zipBytes(plan, pieces: 4096, into: &out)
        } throws: { error in
            (error as? HubError)?.code == .bundleMismatch && (error as? HubError)?.message.contains("symbolic link") == true
        }
        #expect(out.range(of: Data("SECRET".utf8)) == nil)
        #expect(out.range(of: Data("b.txt".utf8)) == nil, "not even the entry's header was produced")
    }

    @Test func aFIFOOrAnotherFileSwappedInIsRefusedAtOnce() throws {
        let (scratch, dir) = try tree()
        defer { withExtendedLifetime(scratch) {} }
        let plan = try DeterministicZip.plan(directory: dir, limit: 1 << 20)
        #expect(unlink(dir + "/b.txt") == 0 && mkfifo(dir + "/b.txt", 0o600) == 0)
        #expect { _ = try bytes(plan) } throws: { ($0 as? HubError)?.message.contains("FIFO") == true }
        // Another file of the same size in a.txt's place (the planned one kept elsewhere, so that
        // its inode is not reused): refused by its inode before a byte of it is read.
        #expect(rename(dir + "/a.txt", scratch.sub("a.old")) == 0)
        try Data("FIRST".utf8).write(to: URL(fileURLWithPath: dir + "/a.txt"))
        #expect { _ = try bytes(plan) } throws: { ($0 as? HubError)?.message.contains("another file") == true }
    }

    @Test func thePlanStopsAtTheDeadline() throws {
        let (scratch, dir) = try tree()
        defer { withExtendedLifetime(scratch) {} }
        #expect {
            _ = try DeterministicZip.plan(directory: dir, limit: 1 << 20, until: ContinuousClock.now - .seconds(1))
        } throws: { ($0 as? HubError)?.exitCode == 75 }
    }
}

/// A planned zip's bytes, read `pieces` bytes at a time into `out` (what was produced before an error stays there).
@discardableResult
func zipBytes(_ zip: DeterministicZip, pieces: Int, into out: inout Data) throws -> Data {
    let reader = zip.reader()
    var buffer = [UInt8](repeating: 0, count: pieces)
    while true {
        let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        if n == 0 { return out }
        out.append(contentsOf: buffer[0..<n])
    }
}

func zipBytes(_ zip: DeterministicZip, pieces: Int) throws -> Data {
    var out = Data()
    return try zipBytes(zip, pieces: pieces, into: &out)
}

/// Lists a zip with Python's zipfile (a reader independent of ours).
enum EndToEndUnzip {
    static func list(_ path: String) throws -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); z.testzip(); print('\\n'.join(z.namelist()))", path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw HubError.data("python3 could not read the zip") }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
