// acp check / fetch through the built hubctl against the emulator, hostile bundles included (issue 4).
import Foundation
import Testing

/// Makes archives for the tests with Python's zipfile/tarfile (generated here, never committed).
enum Archives {
    static func make(_ kind: String, at path: String, name: String = "Appmc", version: String = "1.0.0", extra: String = "") throws {
        let script = """
        import io, sys, tarfile, zipfile, time
        kind, path, name, version, extra = sys.argv[1:6]
        manifest = f"Manifest-Version: 1.0\\nCustomization-Resource-Bundle-Name: {name}\\nCustomization-Resource-Bundle-Version: {version}\\nRuntime-Version: 3\\n".encode()
        files = {"META-INF/MANIFEST.MF": manifest, "tiles/home.json": b'{"title": "%s"}' % version.encode(), "styles/app.css": b"body {}\\n"}
        def tar_add(t, name, data=b"", type=tarfile.REGTYPE, linkname=""):
            info = tarfile.TarInfo(name); info.size = len(data); info.type = type; info.linkname = linkname; info.mtime = time.time()
            t.addfile(info, io.BytesIO(data) if data else None)
        if kind in ("zip", "jar"):
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                for n, d in files.items(): z.writestr(n, d)
        elif kind == "targz":
            with tarfile.open(path, "w:gz") as t:
                for n, d in files.items(): tar_add(t, n, d)
        elif kind == "zipbomb":
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
                z.writestr("META-INF/MANIFEST.MF", manifest)
                with z.open("big.bin", "w") as f:
                    chunk = b"\\0" * (1 << 20)
                    for _ in range(int(extra)): f.write(chunk)
        elif kind == "tarbomb":
            with tarfile.open(path, "w:gz") as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                for i in range(int(extra)): tar_add(t, f"e/{i}")
        elif kind == "symlink-out":
            with tarfile.open(path, "w") as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                tar_add(t, "link", type=tarfile.SYMTYPE, linkname="../../../../etc")
        elif kind == "hardlink-out":
            with tarfile.open(path, "w") as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                tar_add(t, "hl", type=tarfile.LNKTYPE, linkname="/etc/passwd")
        elif kind == "device":
            with tarfile.open(path, "w") as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                tar_add(t, "dev/null", type=tarfile.CHRTYPE)
        elif kind == "fifo":
            with tarfile.open(path, "w") as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                tar_add(t, "pipe", type=tarfile.FIFOTYPE)
        elif kind == "absolute":
            with tarfile.open(path, "w") as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                tar_add(t, "/tmp/hubctl-evil.txt", b"x")
        elif kind == "control":
            with tarfile.open(path, "w") as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                tar_add(t, "bad\\x07name.txt", b"x")
        elif kind == "longpath":
            with tarfile.open(path, "w", format=tarfile.PAX_FORMAT) as t:
                tar_add(t, "META-INF/MANIFEST.MF", manifest)
                tar_add(t, "/".join(["d" * 100] * 50) + "/f.txt", b"x")
        elif kind == "truncated":
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                for n, d in files.items(): z.writestr(n, d)
                z.writestr("payload.bin", bytes(range(256)) * 4096)
            data = open(path, "rb").read()
            open(path, "wb").write(data[: len(data) // 2])
        elif kind == "big":
            with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
                for n, d in files.items(): z.writestr(n, d)
                import os
                z.writestr("payload.bin", os.urandom(int(extra) << 20))
        else:
            raise SystemExit("unknown kind " + kind)
        """
        let r = try run("/usr/bin/python3", ["-c", script, kind, path, name, version, extra])
        if r.status != 0 { throw HarnessError("python3 could not make \(kind): \(r.err)") }
    }

    static var corpus: String { Corpus.path("archives/zip-slip") }
}

extension Emulator {
    /// Uploads a bundle and assigns it to the application, as an administrator would, in one step:
    /// the first upload is also the default bundle, and a check between an upload and its
    /// assignment would see that instead.
    func publish(_ file: String, id: String, app: String = "com.example.demo", ext: String = "zip") throws {
        let up = try control("PUT", "/_emulator/bundles/\(app)/\(id)?assign=true", body: try Data(contentsOf: URL(fileURLWithPath: file)),
                             headers: ["X-Bundle-Extension": ext])
        #expect(up.status < 300, "upload: \(up.status)")
    }

    /// Uploads a bundle without assigning it (the first of an application is its default bundle).
    func upload(_ file: String, id: String, app: String = "com.example.demo", ext: String, query: String = "") throws {
        let up = try control("PUT", "/_emulator/bundles/\(app)/\(id)\(query)", body: try Data(contentsOf: URL(fileURLWithPath: file)),
                             headers: ["X-Bundle-Extension": ext])
        #expect(up.status < 300, "upload: \(up.status)")
    }

    /// The protocol requests logged so far for bundles (GET /bundles/…), with their status.
    func bundleReads() -> [[String: Any]] {
        guard let (status, body) = try? control("GET", "/_emulator/state"), status == 200,
              let state = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let requests = state["requests"] as? [[String: Any]] else { return [] }
        return requests.filter { ($0["path"] as? String)?.contains("/bundles/") ?? false }
    }
}

/// Everything under a directory, as relative paths (to prove nothing stray is left).
func tree(_ path: String) -> [String] {
    (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
}

@Suite(.serialized) struct ACPEndToEndTests {
    func registered(_ emu: Emulator) throws -> Hubctl {
        let hub = client(emu)
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        return hub
    }

    // A profile's life cycle (check, fetch, update, --force) and hostile bundles: in-process,
    // Tests/HubCLITests/ACPBundlesInProcessTests.swift.

    @Test func manifestMismatchIsRefused() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let wrong = hub.dir.file("wrong.zip")
        try Archives.make("zip", at: wrong, name: "Other", version: "9.9")
        try emu.publish(wrong, id: "Appmc:1.0.0")
        let r = try hub("acp", "fetch")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "bundle_mismatch")
    }

    @Test func noBundleOnTheServerIs66() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let r = try hub("acp", "fetch", "--force")
        #expect(r.status == 66, "\(r)")
    }

    /// The zip-slip archives of the shared corpus are refused with 65 and write nothing outside.
    @Test(.needsCorpus) func zipSlipCorpusBundlesAreRefused() throws {
        let emu = try Emulator()
        let (hub, dest, before) = try installedFirstProfile(emu)
        // The corpus archives aim at /tmp/evil.txt. /tmp is shared with other programs, so the file may
        // exist already: what must hold is that no fetch created, replaced or rewrote it.
        let evil = "/tmp/evil.txt"
        let evilBefore = fileStamp(evil)
        for name in ["zip-slip.zip", "zip-slip.tar", "zip-slip-win.zip", "zip-slip-win.tar"] {
            let path = Archives.corpus + "/" + name
            try #require(FileManager.default.fileExists(atPath: path), "corpus at \(path)")
            try emu.publish(path, id: "Appmc:slip-\(name)")
            let r = try hub("acp", "fetch")
            #expect(r.status == 65, "\(name): \(r)")
            #expect(tree(dest) == before, "\(name) left something behind")
        }
        #expect(fileStamp(evil) == evilBefore, "a zip-slip entry reached \(evil)")
        #expect(try hub("acp", "check").json?["current"] as? String == "Appmc:1.0.0")
    }

    /// A registered client with Appmc:1.0.0 fetched: the client, its profile directory and that directory's tree.
    private func installedFirstProfile(_ emu: Emulator) throws -> (Hubctl, String, [String]) {
        let hub = try registered(emu)
        let good = hub.dir.file("good.zip")
        try Archives.make("zip", at: good, version: "1.0.0")
        try emu.publish(good, id: "Appmc:1.0.0")
        #expect(try hub("acp", "fetch").status == 0)
        let dest = hub.dir.path + "/home/acp/com.example.demo"
        return (hub, dest, tree(dest))
    }

    @Test func aBodyCutShortIsRefused() throws {
        let emu = try Emulator()
        let hub = try registered(emu)
        let file = hub.dir.file("b.zip")
        try Archives.make("big", at: file, version: "1.0.0", extra: "2")
        try emu.publish(file, id: "Appmc:1.0.0")
        // The settings read comes first, then the download: cut the download's body.
        try emu.control("POST", "/_emulator/faults", json: #"{"truncate": true, "count": 1, "path": "/bundles/"}"#)
        let r = try hub("acp", "fetch")
        // The download thread's own failure reaches the extractor as the read error: the connection broke.
        #expect(r.status == 69, "\(r)")
        #expect(r.errorCode == "connection_lost", "\(r)")
        #expect(!FileManager.default.fileExists(atPath: hub.dir.path + "/home/acp/com.example.demo/current"))
        try emu.control("DELETE", "/_emulator/faults")
        #expect(try hub("acp", "fetch").status == 0)
    }

    @Test func killDuringFetchLeavesThePreviousProfileCurrent() throws {
        let emu = try Emulator()
        let (hub, dest, _) = try installedFirstProfile(emu)
        let big = hub.dir.file("v2.zip")
        try Archives.make("big", at: big, version: "2.0.0", extra: "24")
        try emu.publish(big, id: "Appmc:2.0.0")
        for delayMs in [5, 40, 120, 300, 700] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Binaries.hubctl)
            p.arguments = ["acp", "fetch"]
            p.environment = hub.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(useconds_t(delayMs * 1000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let check = try hub("acp", "check")
            let current = check.json?["current"] as? String
            // Whichever profile the kill left current, it is whole and it is the one recorded.
            let version = try #require(current.flatMap { $0.hasPrefix("Appmc:") ? String($0.dropFirst(6)) : nil },
                                       "after kill at \(delayMs) ms: \(check)")
            let currentDir = dest + "/current"
            #expect(FileManager.default.fileExists(atPath: currentDir + "/META-INF/MANIFEST.MF"), "current intact after kill at \(delayMs) ms")
            let tile = FileManager.default.contents(atPath: currentDir + "/tiles/home.json").map { String(decoding: $0, as: UTF8.self) }
            #expect(tile == #"{"title": "\#(version)"}"#, "the recorded \(version) is the profile on disk after kill at \(delayMs) ms")
            if current == "Appmc:2.0.0" { break }
        }
        let final = try hub("acp", "fetch")
        #expect(final.status == 0, "\(final)")
        #expect(try hub("acp", "check").json?["current"] as? String == "Appmc:2.0.0")
        #expect(!tree(dest).contains { $0.hasPrefix(".staging") })
    }
}

/// Inode, size and modification time of `path`, nil when nothing is there: equal stamps mean the
/// file was neither created, replaced nor written in between.
private func fileStamp(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return "\(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
}
