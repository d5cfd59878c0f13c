// `hubctl bundle publish` in-process: the report's shape, the first upload the default, 409 with
// each --if-exists, a directory's zip the same bytes twice, and every refusal before sending (64)
// with the emulator's request log empty.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("bundle publish", .serialized)
struct BundlePublishTests {
    @Test func reportsWhatItUploaded() async throws {
        let (bench, key) = try await bundleAdminBench()
        let text = "%PDF-1.4 field guide\n"
        let file = writeFile(bench, "guide.pdf", text)
        let r = await bench.run(["bundle", "publish", file, "--name", "guide", "--version", "1", "--service-key", key])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["bundleId": .string, "bytes": .int, "sha256": .string, "default": .bool, "created": .bool, "uploaded": .bool])
        #expect(r.json?["bundleId"] == .string("guide:1"))
        #expect(r.json?["bytes"] == .int(Int64(text.utf8.count)))
        #expect(r.json?["sha256"] == .string(SHA256.hex(Data(text.utf8))))
        #expect(r.json?["default"] == .bool(true), "the application's first bundle becomes the default")
        #expect(r.json?["created"] == .bool(true))
        let shown = await bench.run(["bundle", "show", "guide:1", "--service-key", key])
        #expect(shown.json?["extension"] == .string("pdf"))
        #expect(!r.err.contains("emulator-bundles-api-key") && !shown.err.contains("emulator-bundles-api-key"))
    }

    /// The list, the create and the content, nothing read back: `default` comes from the list.
    @Test func aPublishSendsTheListTheCreateAndTheContentOnly() async throws {
        let (bench, key) = try await bundleAdminBench()
        await publishPDF(bench, key: key, name: "first", version: "1")
        try await bench.emulator.call("DELETE", "/_emulator/requests")
        let file = writeFile(bench, "second.pdf", "%PDF-1.4 second\n")
        let r = await bench.run(["bundle", "publish", file, "--name", "second", "--version", "1", "--service-key", key])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["default"] == .bool(false), "first:1 stays the default: \(r)")
        let sent = try await loggedRequests(bench)
        #expect(sent.map { String($0.prefix { $0 != " " }) } == ["GET", "POST", "PUT"], "\(sent)")
        // Replacing the default keeps it the default; the list said so.
        let replaced = await bench.run(["bundle", "publish", file, "--name", "first", "--version", "1", "--if-exists", "replace", "--service-key", key])
        #expect(replaced.json?["default"] == .bool(true), "\(replaced)")
        let shown = await bench.run(["bundle", "show", "second:1", "--service-key", key])
        #expect(shown.json?["default"] == .bool(false), "the report agrees with the server: \(shown)")
    }

    @Test func anExistingBundleFailsSkipsOrIsReplaced() async throws {
        let (bench, key) = try await bundleAdminBench()
        await publishPDF(bench, key: key, name: "guide", version: "1")
        let file = writeFile(bench, "other.pdf", "%PDF-1.4 another text\n")
        let args = ["bundle", "publish", file, "--name", "guide", "--version", "1", "--service-key", key]
        expectFailure(await bench.run(args), exit: 73, code: "bundle_exists")
        let skipped = await bench.run(args + ["--if-exists", "skip"])
        #expect(skipped.exitCode == 0, "\(skipped)")
        #expect(skipped.json?["uploaded"] == .bool(false))
        #expect(skipped.json?["bytes"] == .null)
        let replaced = await bench.run(args + ["--if-exists", "replace"])
        #expect(replaced.exitCode == 0, "\(replaced)")
        #expect(replaced.json?["created"] == .bool(false))
        #expect(replaced.json?["uploaded"] == .bool(true))
        let shown = await bench.run(["bundle", "show", "guide:1", "--service-key", key])
        #expect(shown.json?["size"] == .int(Int64("%PDF-1.4 another text\n".utf8.count)))
    }

    @Test func aDirectoryIsTheSameZipTwice() async throws {
        let (bench, key) = try await bundleAdminBench()
        let dir = bench.root + "/tree"
        try FileManager.default.createDirectory(atPath: dir + "/b/c", withIntermediateDirectories: true)
        _ = writeFile(bench, "tree/z.txt", "last")
        _ = writeFile(bench, "tree/a.json", "{}")
        _ = writeFile(bench, "tree/b/c/deep.css", "body {}")
        let first = await bench.run(["bundle", "publish", dir, "--name", "tree", "--version", "1", "--service-key", key])
        #expect(first.exitCode == 0, "\(first)")
        // Other times and modes, the same contents: the same bytes.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000), .posixPermissions: 0o640],
                                              ofItemAtPath: dir + "/z.txt")
        let second = await bench.run(["bundle", "publish", dir, "--name", "tree", "--version", "2", "--service-key", key])
        #expect(second.exitCode == 0, "\(second)")
        #expect(first.json?["sha256"] != nil && first.json?["sha256"] == second.json?["sha256"])
        #expect(first.json?["bytes"] == second.json?["bytes"])
        _ = writeFile(bench, "tree/z.txt", "changed")
        let third = await bench.run(["bundle", "publish", dir, "--name", "tree", "--version", "3", "--service-key", key])
        #expect(third.json?["sha256"] != first.json?["sha256"])
    }

    @Test func refusalsSendNothing() async throws {
        let (bench, key) = try await bundleAdminBench()
        let pdf = writeFile(bench, "x.pdf", "%PDF-1.4\n")
        // A zip whose entry is flagged encrypted (general purpose bit 0), in the zip's own layout.
        var zip = Data([0x50, 0x4B, 0x03, 0x04, 20, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
        zip.append(contentsOf: Array("a".utf8))
        let encrypted = bench.root + "/locked.zip"
        _ = FileManager.default.createFile(atPath: encrypted, contents: zip)
        let huge = bench.root + "/huge.bin"
        _ = FileManager.default.createFile(atPath: huge, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: UInt64(1 << 30) + 1)
        try handle.close()
        let cases: [([String], String)] = [
            (["--name", "a:b", "--version", "1", pdf], "usage"), (["--name", "a?b", "--version", "1", pdf], "usage"),
            (["--name", "a#b", "--version", "1", pdf], "usage"), (["--name", "a%b", "--version", "1", pdf], "usage"),
            (["--name", "a/b", "--version", "1", pdf], "usage"), (["--name", "..", "--version", "1", pdf], "usage"),
            (["--name", "a", "--version", "", pdf], "usage"), (["--name", "a", "--version", "1", huge], "too_large"),
            (["--name", "a", "--version", "1", encrypted], "invalid_data"),
        ]
        for (args, code) in cases {
            let r = await bench.run(["bundle", "publish", "--service-key", key] + args)
            expectFailure(r, exit: 64, code: code)
        }
        #expect(try await loggedRequests(bench) == [])
    }

    @Test func aHundredAndFirstBundleIsRefusedBeforeItIsCreated() async throws {
        let (bench, key) = try await bundleAdminBench()
        for i in 0..<100 {
            try await bench.emulator.call("PUT", "/_emulator/bundles/com.example.demo/b:\(i)", json: "x")
        }
        try await bench.emulator.call("DELETE", "/_emulator/requests")
        let file = writeFile(bench, "x.pdf", "%PDF-1.4\n")
        expectFailure(await bench.run(["bundle", "publish", file, "--name", "b", "--version", "100", "--service-key", key]), exit: 64, code: "too_many_entries")
        let sent = try await loggedRequests(bench)
        #expect(sent.count == 1 && sent[0].hasPrefix("GET "), "only the list was read: \(sent)")
    }

    @Test func stdinIsPublished() async throws {
        let (bench, key) = try await bundleAdminBench()
        let r = await bench.run(["bundle", "publish", "-", "--name", "piped", "--version", "1", "--service-key", key], stdin: "%PDF-1.4 piped\n")
        #expect(r.exitCode == 0, "\(r)")
        let shown = await bench.run(["bundle", "show", "piped:1", "--service-key", key])
        #expect(shown.json?["extension"] == .string("pdf"))
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["bundle", "publish", "profile.zip", "--name", "profile", "--version", "42", "--extension", "zip",
                                         "--default", "--if-exists", "replace", "--service-key", "key.json", "--key-alias", "ci"], as: BundlePublish.self)
        #expect(options == BundlePublish.Options(credentials: ServiceKeySource(serviceKey: "key.json", keyAlias: "ci"), file: "profile.zip",
                                                 name: "profile", version: "42", fileExtension: "zip", makeDefault: true, ifExists: .replace))
        let defaults = try parsedOptions(["bundle", "publish", "-", "--name", "n", "--version", "1"], as: BundlePublish.self)
        #expect(defaults == BundlePublish.Options(credentials: ServiceKeySource(), file: "-", name: "n", version: "1", fileExtension: nil,
                                                  makeDefault: false, ifExists: .fail))
    }
}

enum SHA256 {
    static func hex(_ data: Data) -> String {
        let digest = try! SHA256Digest()
        data.withUnsafeBytes { digest.update($0) }
        return digest.finalizeBytes().map { String(format: "%02x", $0) }.joined()
    }
}
