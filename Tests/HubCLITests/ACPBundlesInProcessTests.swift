// acp check / fetch in-process against the in-process emulator: a profile's life cycle and hostile
// bundles (moved from Tests/EndToEndTests/ACPEndToEndTests.swift; the same assertions). What needs
// a real process (kill -9 during a fetch) stays there.

import Foundation
import HubCLI
import HubCore
import HubTransport
import Testing

/// Archives for the tests, made with Python's zipfile/tarfile (generated here, never committed): the
/// same script as the end-to-end tests' `Archives` (another test module).
enum TestArchives {
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
        else:
            raise SystemExit("unknown kind " + kind)
        """
        let r = try runTool("/usr/bin/python3", ["-c", script, kind, path, name, version, extra])
        guard r.status == 0 else { throw CommandTestError("python3 could not make \(kind): \(r.err)") }
    }
}

/// Runs a tool (python3, sha256sum) on a thread of its own and returns its exit status and output.
func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// Everything under a directory, as relative paths (to prove nothing stray is left).
private func tree(_ path: String) -> [String] {
    (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
}

extension InProcessEmulator {
    /// Uploads a bundle and assigns it to the application, as an administrator would, in one step.
    func publish(_ file: String, id: String, app: String = "com.example.demo", ext: String = "zip") async throws {
        let body = try Data(contentsOf: URL(fileURLWithPath: file))
        let up = try await offPool {
            try self.control("PUT", "/_emulator/bundles/\(app)/\(id)?assign=true", body: body, headers: [HTTPHeader("X-Bundle-Extension", ext)])
        }
        #expect(up.status < 300, "upload: \(up.status)")
    }
}

@Suite("ACP bundles in-process", .serialized)
struct ACPBundlesInProcessTests {
    @Test func checkFetchUpdateAndForce() async throws {
        let bench = try await registeredCommandBench()
        let emu = bench.emulator
        let none = await bench.run(["acp", "check"])
        #expect(none.exitCode == 0, "\(none)")
        #expect(none.json?["available"] == .null && none.json?["current"] == .null)
        #expect(none.json?["updateAvailable"] == .bool(false))

        let v1 = bench.root + "/v1.zip"
        try TestArchives.make("jar", at: v1, version: "1.2.0")
        try await emu.publish(v1, id: "Appmc:1.2.0", ext: "jar")
        let check1 = await bench.run(["acp", "check"])
        #expect(check1.json?["available"] == .string("Appmc:1.2.0"))
        #expect(check1.json?["updateAvailable"] == .bool(true))

        let fetch1 = await bench.run(["acp", "fetch"])
        #expect(fetch1.exitCode == 0, "\(fetch1)")
        let json = try #require(fetch1.json)
        #expect(json["bundleId"] == .string("Appmc:1.2.0"))
        #expect(json["updated"] == .bool(true))
        #expect(json["files"] == .int(3))
        #expect(json["sha256"]?.stringValue?.count == 64)
        #expect(json["manifest"]?["Customization-Resource-Bundle-Name"] == .string("Appmc"))
        let current = try #require(json["path"]?.stringValue)
        #expect(try String(contentsOfFile: current + "/tiles/home.json", encoding: .utf8).contains("1.2.0"))
        // The hash is of the bytes received.
        let sha = try runTool("/usr/bin/sha256sum", [v1]).out.split(separator: " ").first.map(String.init)
        #expect(sha == json["sha256"]?.stringValue)

        let upToDate = await bench.run(["acp", "check"])
        #expect(upToDate.json?["current"] == .string("Appmc:1.2.0"))
        #expect(upToDate.json?["updateAvailable"] == .bool(false))
        let again = await bench.run(["acp", "fetch"])
        #expect(again.json?["updated"] == .bool(false))

        // The administrator assigns a new version (a tar.gz this time).
        let v2 = bench.root + "/v2.tgz"
        try TestArchives.make("targz", at: v2, version: "1.2.1")
        try await emu.publish(v2, id: "Appmc:1.2.1", ext: "tar.gz")
        #expect(await bench.run(["acp", "check"]).json?["updateAvailable"] == .bool(true))
        let fetch2 = await bench.run(["acp", "fetch"])
        #expect(fetch2.exitCode == 0, "\(fetch2)")
        #expect(fetch2.json?["bundleId"] == .string("Appmc:1.2.1"))
        #expect(try String(contentsOfFile: current + "/tiles/home.json", encoding: .utf8).contains("1.2.1"))
        let forced = await bench.run(["acp", "fetch", "--force", "--no-sync"])
        #expect(forced.json?["updated"] == .bool(true), "\(forced)")
        #expect(await bench.run(["acp", "check"]).json?["current"] == .string("Appmc:1.2.1"))
    }

    /// Each hostile bundle is refused with 65, the previous profile stays current, nothing stray remains.
    @Test func hostileBundlesAreRefusedAndThePreviousProfileStays() async throws {
        let bench = try await registeredCommandBench()
        let emu = bench.emulator
        let good = bench.root + "/good.zip"
        try TestArchives.make("zip", at: good, version: "1.0.0")
        try await emu.publish(good, id: "Appmc:1.0.0")
        #expect(await bench.run(["acp", "fetch"]).exitCode == 0)
        let dest = bench.home + "/acp/com.example.demo"
        let before = tree(dest)
        let currentBefore = try FileManager.default.destinationOfSymbolicLink(atPath: dest + "/current")

        var cases: [(String, [String])] = []
        for kind in ["symlink-out", "hardlink-out", "device", "fifo", "absolute", "control", "longpath", "truncated"] {
            cases.append((kind, []))
        }
        cases.append(("zipbomb", ["--max-bytes", "\(64 << 20)"]))   // 200 MiB of zeros, ~200 KB packed
        cases.append(("tarbomb", ["--max-entries", "1000"]))        // 5,000 empty entries
        for (index, (kind, flags)) in cases.enumerated() {
            let file = bench.root + "/\(kind).bin"
            try TestArchives.make(kind, at: file, version: "2.\(index)", extra: kind == "zipbomb" ? "200" : (kind == "tarbomb" ? "5000" : ""))
            try await emu.publish(file, id: "Appmc:2.\(index)")
            let r = await bench.run(["acp", "fetch"] + flags)
            #expect(r.exitCode == 65, "\(kind): \(r)")
            #expect(r.out.isEmpty, "\(kind)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dest + "/current") == currentBefore, "\(kind)")
            #expect(tree(dest) == before, "\(kind) left something behind")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/hubctl-evil.txt"))
        #expect(await bench.run(["acp", "check"]).json?["current"] == .string("Appmc:1.0.0"))
    }
}
