// Issue 48 end to end through the binary: `bundle publish` and `bundle prune` under a hostile or
// broken Client Resources server (Tests/Interop/bundle_admin_peer.py: a list it is told to give,
// deletes that fail, an upload held or answered early) and a local process racing the upload (a
// file swapped for a symbolic link or a FIFO while the server holds the upload); the names a
// directory may publish, a full TMPDIR, the extension taken from a file's name; and, device side,
// a zip entry name libarchive would rewrite.

import Foundation
import HubCore
import Testing

/// A running Tests/Interop/bundle_admin_peer.py, configured by `config` (its config.json).
final class BundleAdminPeer {
    let dir = TempDir("bundle-peer")
    private var peer: PythonPeer?
    var port: Int { peer?.port ?? 0 }

    init(_ config: [String: Any]) throws {
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: dir.file("config.json")))
        peer = try PythonPeer("bundle_admin_peer.py", ["127.0.0.1", dir.path], portFile: dir.file("port"))
    }

    /// The requests it received, as "METHOD path".
    var requests: [String] {
        ((try? String(contentsOfFile: dir.file("requests"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The bytes of the upload it read, once it has read all it will (at most 60 s).
    var body: Data {
        #expect(waitFor("uploaded"), "the peer read the upload to its end")
        return FileManager.default.contents(atPath: dir.file("body")) ?? Data()
    }

    /// Waits until the upload is held (at most 60 s); false if it never was.
    func waitUntilHeld() -> Bool { waitFor("held") }

    private func waitFor(_ marker: String) -> Bool {
        for _ in 0..<3000 {
            if FileManager.default.fileExists(atPath: dir.file(marker)) { return true }
            usleep(20_000)
        }
        return false
    }

    func release() { #expect(writeReleaseMarker(), "the peer's release marker could not be written") }

    private func writeReleaseMarker() -> Bool { FileManager.default.createFile(atPath: dir.file("release"), contents: Data()) }

    /// A Client Resources service key file naming this server.
    func key(in hub: Hubctl) -> String {
        let key = hub.dir.write("peer-key.json", #"{"url": "http://127.0.0.1:\#(port)", "apiKey": "peer-test-key", "alias": "ci"}"#)
        chmod(key, 0o600)
        return key
    }

    deinit {
        // A held upload is let go before the peer is stopped (its stdin closed, waited for); the peer
        // also ends when its stdin closes, so a marker that could not be written holds nothing up.
        _ = writeReleaseMarker()
        peer = nil
    }
}

/// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, as in a mount namespace of
/// its own); tried once, on a scratch directory, and unmounted at once.
enum TmpfsMount {
    static let isPermitted: Bool = {
        let dir = TempDir("tmpfs-probe")
        guard (try? run("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", dir.path]))?.status == 0 else { return false }
        return (try? run("/bin/umount", [dir.path]))?.status == 0
    }()
}

extension Trait where Self == ConditionTrait {
    /// Skips a test, saying why, when a tmpfs cannot be mounted here.
    static var needsTmpfsMount: Self {
        .enabled(if: TmpfsMount.isPermitted, "mounting a small tmpfs (a full TMPDIR) needs root with CAP_SYS_ADMIN, which this run does not have")
    }
}

@Suite(.serialized) struct BundleHostileEndToEndTests {
    static let list = "/mobileservices/origin/SAP%20Mobile%20Services/bundles/v1/admin/ApplicationResourceBundles"

    func entity(_ version: String, created: String? = nil, isDefault: Bool = false) -> [String: Any] {
        var e: [String: Any] = ["ApplicationId": "com.example.demo", "BundleName": "p", "BundleVersion": version,
                                "BundleExtension": "zip", "IsDefault": isDefault]
        if let created { e["CreatedAt"] = created }
        return e
    }

    func prune(_ peer: BundleAdminPeer, keep: Int = 1) throws -> RunResult {
        let hub = Hubctl(dir: TempDir("prune"))
        return try hub("bundle", "prune", "--name", "p", "--keep", String(keep), "--service-key", peer.key(in: hub), "--app-id", "com.example.demo")
    }

    // MARK: bundle prune (items 6, 12, 24)

    /// Item 6: a listed version `..` was only checked when its delete was built, after an earlier
    /// delete had gone out, and the 64 then said "nothing was sent". Every listed name and version
    /// is checked where the list is read: 65, and no delete at all.
    @Test func aListedVersionThatCannotBeAnAddressStopsPruneBeforeAnyDelete() throws {
        let peer = try BundleAdminPeer(["list": [entity("3"), entity("2"), entity("..")]])
        let r = try prune(peer)
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "malformed_response", "\(r)")
        let message = r.error?["message"] as? String ?? ""
        #expect(message.contains("\"..\"") && !message.lowercased().contains("nothing was sent"), "\(r.err)")
        #expect(r.stdout.isEmpty)
        #expect(!peer.requests.contains { $0.hasPrefix("DELETE ") }, "\(peer.requests)")
    }

    /// Item 12: times were compared as text. 08:00Z is the newest; 09:00+09:00 is midnight UTC, older.
    /// A time that cannot be read: ordered by version instead, with a warning naming it.
    @Test func pruneComparesTimesAsInstantsAndSaysWhenItCannot() throws {
        let peer = try BundleAdminPeer(["list": [entity("1", created: "2026-03-01T09:00:00+09:00"), entity("2", created: "2026-03-01T08:00:00Z")]])
        let r = try prune(peer)
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["kept"] as? [String] == ["p:2"], "\(r)")
        #expect(r.json?["deleted"] as? [String] == ["p:1"], "\(r)")
        #expect(peer.requests.filter { $0.hasPrefix("DELETE ") }.map { $0.contains("BundleVersion='1'") } == [true], "\(peer.requests)")
        #expect(!r.err.contains("warning"), "\(r.err)")

        let unreadable = try BundleAdminPeer(["list": [entity("10", created: "yesterday"), entity("9", created: "2026-03-01T08:00:00Z")]])
        let u = try prune(unreadable)
        #expect(u.status == 0, "\(u)")
        #expect(u.json?["kept"] as? [String] == ["p:10"], "by version: \(u)")
        #expect(u.json?["deleted"] as? [String] == ["p:9"], "\(u)")
        #expect(u.err.contains("warning:") && u.err.contains("p:10") && u.err.contains("\"yesterday\"") && u.err.contains("ordered by version"), "\(u.err)")
    }

    /// Item 24: a later delete failing ended 69 with stdout empty, the earlier delete unreported.
    /// As `app prune`: the report (deleted, failed) on stdout, the other deletes still tried, exit 3.
    @Test func pruneWithALaterDeleteFailingReportsBothAndExits3() throws {
        let peer = try BundleAdminPeer(["list": [entity("3"), entity("2"), entity("1")], "deleteStatus": ["1": 501]])
        let r = try prune(peer)
        #expect(r.status == 3, "\(r)")
        let report = try #require(r.json, "\(r)")
        #expect(report["deleted"] as? [String] == ["p:2"], "\(r.out)")
        let failed = try #require(report["failed"] as? [[String: Any]], "\(r.out)")
        #expect(failed.count == 1 && failed.first?["bundleId"] as? String == "p:1" && failed.first?["code"] as? String == "server_error", "\(r.out)")
        #expect(r.error == nil, "the report says it; no error document: \(r.err)")
        #expect(peer.requests.filter { $0.hasPrefix("DELETE ") }.count == 2, "\(peer.requests)")
    }

    // MARK: bundle publish DIR racing the file system (items 9, 10)

    /// A directory whose first file is large enough that the upload, held by the server after its
    /// first MiB, cannot have reached the second file (the sockets' buffers hold a few MiB), the
    /// second file, and a 0600 file outside it of the second's size.
    func racingTree(_ hub: Hubctl) throws -> (dir: String, second: String, secret: String) {
        let dir = hub.dir.path + "/tree"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(repeating: 0x61, count: 32 << 20).write(to: URL(fileURLWithPath: dir + "/a.bin"))
        let second = dir + "/b.txt"
        try Data(String(repeating: "public-48\n", count: 400).utf8).write(to: URL(fileURLWithPath: second))
        let secret = hub.dir.file("secret.txt")
        try Data(String(repeating: "SECRET-48\n", count: 400).utf8).write(to: URL(fileURLWithPath: secret))
        chmod(secret, 0o600)
        return (dir, second, secret)
    }

    /// Item 9: b.txt replaced by a symbolic link to a 0600 file outside the directory (same size)
    /// while the upload is held. The link was followed and the secret's bytes went out before the
    /// CRC check failed; now the entry is opened with O_NOFOLLOW and compared with the plan first.
    @Test func aFileSwappedForASymlinkDuringTheUploadIsNotSent() throws {
        let peer = try BundleAdminPeer(["put": "hold", "hold": 1 << 20])
        let hub = Hubctl(dir: TempDir("race-link"))
        let (dir, second, secret) = try racingTree(hub)
        let r = try hub.run(["bundle", "publish", dir, "--name", "p", "--version", "1", "--service-key", peer.key(in: hub), "--app-id", "com.example.demo"],
                            started: {
                                #expect(peer.waitUntilHeld(), "the peer held the upload")
                                #expect(unlink(second) == 0 && symlink(secret, second) == 0)
                                peer.release()
                            })
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "bundle_mismatch", "\(r)")
        #expect(r.err.contains("b.txt") && r.err.contains("symbolic link"), "\(r.err)")
        #expect(peer.body.range(of: Data("SECRET-48".utf8)) == nil, "the secret reached the server")
        #expect(peer.requests.last?.hasPrefix("DELETE ") == true, "the entity this run created is removed: \(peer.requests)")
    }

    /// Item 10: b.txt replaced by a FIFO nobody writes to. It was spooled, waiting for a writer past
    /// --deadline (for ever with a silent one); now a non-regular file is refused at open.
    @Test func aFileSwappedForAFIFODuringTheUploadIsRefusedAtOnce() throws {
        let peer = try BundleAdminPeer(["put": "hold", "hold": 1 << 20])
        let hub = Hubctl(dir: TempDir("race-fifo"))
        let (dir, second, _) = try racingTree(hub)
        let r = try hub.run(["bundle", "publish", dir, "--name", "p", "--version", "1", "--deadline", "30",
                             "--service-key", peer.key(in: hub), "--app-id", "com.example.demo"],
                            started: {
                                #expect(peer.waitUntilHeld(), "the peer held the upload")
                                #expect(unlink(second) == 0 && mkfifo(second, 0o600) == 0)
                                peer.release()
                            }, timeout: 60)
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "bundle_mismatch", "\(r)")
        #expect(r.err.contains("b.txt") && r.err.contains("FIFO"), "\(r.err)")
        #expect(peer.requests.last?.hasPrefix("DELETE ") == true, "\(peer.requests)")
    }

    // MARK: A server that does not wait for the bundle (item 20)

    /// The server answers 201 as soon as the PUT's head arrives and closes: that was reported as
    /// "d changed while it was being sent" (65). It is the server's doing: 69, said so.
    @Test func aServerAnsweringBeforeTheWholeBundleIs69() throws {
        let peer = try BundleAdminPeer(["put": "early-close"])
        let hub = Hubctl(dir: TempDir("early"))
        let dir = hub.dir.path + "/d"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(repeating: 0x62, count: 8 << 20).write(to: URL(fileURLWithPath: dir + "/d1.bin"))
        try Data(repeating: 0x63, count: 8 << 20).write(to: URL(fileURLWithPath: dir + "/d2.bin"))
        let r = try hub("bundle", "publish", dir, "--name", "p", "--version", "1", "--service-key", peer.key(in: hub), "--app-id", "com.example.demo")
        #expect(r.status == 69, "\(r)")
        #expect(r.err.contains("before receiving the whole bundle") && !r.err.contains("changed while"), "\(r.err)")
        #expect(r.err.contains("was removed"), "\(r.err)")
        #expect(peer.requests.last?.hasPrefix("DELETE ") == true, "\(peer.requests)")
    }

    // MARK: What a directory may publish (item 21), a full TMPDIR (item 22), the extension (item 23)

    /// Item 21: a name with a newline or a backslash, or 71 levels deep, was published, and
    /// hubctl's own `acp fetch` then refused it (or renamed it). The extractor's rule applies
    /// when the zip is planned: 64, nothing sent.
    @Test(arguments: ["new\nline.txt", "back\\slash.txt", Array(repeating: "d", count: 70).joined(separator: "/") + "/deep.txt"])
    func namesAcpFetchWouldRefuseAreNotPublished(_ name: String) throws {
        let (emu, hub, key) = try BundleAdminEndToEndTests().bench()
        let dir = hub.dir.path + "/names"
        _ = hub.dir.write("names/ok.txt", "fine")
        _ = hub.dir.write("names/" + name, "refused")
        _ = try emu.control("DELETE", "/_emulator/requests")
        let r = try hub("bundle", "publish", dir, "--name", "names", "--version", "1", "--service-key", key)
        #expect(r.status == 64, "\(r)")
        #expect(["unsafe_path", "path_too_long"].contains(r.errorCode ?? ""), "\(r)")
        #expect(r.err.contains("acp fetch"), "\(r.err)")
        #expect(try BundleAdminEndToEndTests().loggedRequests(emu) == [])
    }

    /// Item 22: stdin spooled into a TMPDIR with no room left was 66 `unreadable`; it is 73 `disk_full`.
    @Test(.needsTmpfsMount) func aFullTemporaryDirectoryWhileSpoolingStdinIs73() throws {
        let (emu, hub, key) = try BundleAdminEndToEndTests().bench()
        let tmp = hub.dir.path + "/small-tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", tmp])
        try #require(mounted.status == 0, "\(mounted)")
        defer { #expect((try? run("/bin/umount", [tmp]))?.status == 0, "the tmpfs is unmounted") }
        _ = try emu.control("DELETE", "/_emulator/requests")
        // 48 KiB: more than the tmpfs holds, less than a pipe holds (hubctl may stop reading early).
        let r = try hub.run(["bundle", "publish", "-", "--name", "spool", "--version", "1", "--extension", "bin", "--service-key", key],
                            env: ["TMPDIR": tmp], stdin: Data(repeating: 0x64, count: 48 << 10))
        #expect(r.status == 73, "\(r)")
        #expect(r.errorCode == "disk_full", "\(r)")
        #expect(r.err.contains("TMPDIR"), "\(r.err)")
        #expect(try BundleAdminEndToEndTests().loggedRequests(emu) == [])
    }

    /// Item 23: `--extension 'x y'` is refused, but an extension from the file's name was sent
    /// unchecked (`$(id)`, 200 characters). One rule for both: 64, nothing sent.
    @Test func anExtensionFromTheFileNameIsCheckedLikeTheFlag() throws {
        let (emu, hub, key) = try BundleAdminEndToEndTests().bench()
        _ = try emu.control("DELETE", "/_emulator/requests")
        for name in ["x.$(id)", "x." + String(repeating: "e", count: 200)] {
            let file = hub.dir.write(name, "content")
            let r = try hub("bundle", "publish", file, "--name", "ext", "--version", "1", "--service-key", key)
            #expect(r.status == 64, "\(name): \(r)")
            #expect(r.err.contains("is not a file extension") && r.err.contains("--extension"), "\(r.err)")
        }
        let flag = try hub("bundle", "publish", hub.dir.write("y.pdf", "%PDF"), "--name", "ext", "--version", "1", "--extension", "x y", "--service-key", key)
        #expect(flag.status == 64, "\(flag)")
        #expect(try BundleAdminEndToEndTests().loggedRequests(emu) == [])
        // What passes the rule is still published: the name's own extension, or --extension instead.
        let named = try hub("bundle", "publish", hub.dir.write("x.$(id)", "content"), "--name", "ext", "--version", "2", "--extension", "bin", "--service-key", key)
        #expect(named.status == 0, "\(named)")
    }

    // MARK: The device side (item 11)

    /// A zip entry `back\slash.txt` was installed by `acp fetch` as `back/slash.txt`: libarchive
    /// turned the backslash into a slash before hubctl's check. The name is also checked as the
    /// zip stores it: 65 `unsafe_path`, the real name shown, nothing installed.
    @Test func aBackslashInAZipEntryNameIsRefusedNotRewritten() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let file = hub.dir.file("backslash.zip")
        let script = """
        import sys, zipfile
        manifest = "Manifest-Version: 1.0\\nCustomization-Resource-Bundle-Name: Appmc\\nCustomization-Resource-Bundle-Version: 1.0.0\\n"
        with zipfile.ZipFile(sys.argv[1], "w") as z:
            z.writestr("META-INF/MANIFEST.MF", manifest)
            z.writestr("back\\\\slash.txt", "rewritten?")
        """
        let made = try run("/usr/bin/python3", ["-c", script, file])
        try #require(made.status == 0, "\(made)")
        try emu.publish(file, id: "Appmc:1.0.0")
        let r = try hub("acp", "fetch")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "unsafe_path", "\(r)")
        let message = r.error?["message"] as? String ?? ""
        #expect(message.contains("back\\slash.txt"), "\(r.err)")
        let home = hub.dir.path + "/home/acp/com.example.demo"
        #expect(!FileManager.default.fileExists(atPath: home + "/current/back/slash.txt"))
        #expect(!FileManager.default.fileExists(atPath: home + "/current"))
    }
}
