// Test support: builds zip and tar archives on the fly with python3 (nothing hostile is committed), and scratch directories.

import Foundation
import HubBundles
import HubCore
import Testing

/// One archive entry as the generator understands it.
struct EntrySpec: Codable, Sendable {
    var name: String
    var type: String = "file"      // file, dir, symlink, hardlink, chr, fifo
    var data: String?              // UTF-8 content
    var zeros: Int?                // that many zero bytes instead of data (bombs)
    var target: String?            // link target

    static func file(_ name: String, _ data: String) -> EntrySpec { EntrySpec(name: name, data: data) }
    static func dir(_ name: String) -> EntrySpec { EntrySpec(name: name, type: "dir") }
    static func zeros(_ name: String, _ count: Int) -> EntrySpec { EntrySpec(name: name, zeros: count) }
    static func link(_ type: String, _ name: String, to target: String) -> EntrySpec {
        EntrySpec(name: name, type: type, target: target)
    }
}

struct ArchiveSpec: Codable, Sendable {
    var format: String             // zip, tar
    var compression: String = ""   // tar only: gz, bz2, xz, zst
    var descriptors = false        // zip only: written to an unseekable stream, so with data descriptors
    var entries: [EntrySpec]
}

enum ArchiveFactory {
    static func manifest(_ id: String) -> EntrySpec {
        let parts = id.split(separator: ":", maxSplits: 1).map(String.init)
        return .file("META-INF/MANIFEST.MF",
                     "Manifest-Version: 1.0\r\nCustomization-Resource-Bundle-Name: \(parts[0])\r\nCustomization-Resource-Bundle-Version: \(parts[1])\r\nRuntime-Version: 2.1\r\n\r\n")
    }

    /// A small well-formed profile named `id`.
    static func profile(_ id: String, format: String = "zip", compression: String = "", descriptors: Bool = false,
                        extra: [EntrySpec] = []) throws -> Data {
        try make(ArchiveSpec(format: format, compression: compression, descriptors: descriptors, entries: [
            .dir("META-INF/"), manifest(id),
            .dir("tiles/"), .file("tiles/main.json", #"{"tiles": ["a", "b"], "id": "\#(id)"}"#),
            .file("styles/app.css", "body { color: black; }\n"),
            .file("strings/en.properties", "hello=Hello\n"),
        ] + extra))
    }

    static func make(_ spec: ArchiveSpec) throws -> Data {
        let scratch = try Scratch()
        let out = scratch.path + "/archive"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", generator, out]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(spec))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: out) else {
            throw HubError.internalError("the archive generator failed for \(spec.format)")
        }
        return data
    }

    static let generator = #"""
import io, json, os, subprocess, sys, tarfile, zipfile
spec = json.load(sys.stdin)
out = sys.argv[1]
CHUNK = b"\0" * (1 << 20)

class Zeros(io.RawIOBase):
    def __init__(self, n): self.n = n
    def readable(self): return True
    def read(self, k=-1):
        k = self.n if k is None or k < 0 else min(k, self.n)
        self.n -= k
        return b"\0" * k

class Unseekable(io.RawIOBase):
    def __init__(self, f): self.f = f
    def writable(self): return True
    def write(self, b): return self.f.write(b)

if spec["format"] == "zip":
    with open(out, "wb") as raw:
        target = Unseekable(raw) if spec.get("descriptors") else raw
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
            for e in spec["entries"]:
                info = zipfile.ZipInfo(e["name"])
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3
                t = e.get("type", "file")
                if t == "dir":
                    info.external_attr = (0o40755 << 16) | 0x10
                    z.writestr(info, b"")
                elif t == "symlink":
                    info.external_attr = 0o120777 << 16
                    z.writestr(info, e["target"])
                elif e.get("zeros") is not None:
                    info.external_attr = 0o100644 << 16
                    n = e["zeros"]
                    with z.open(info, "w", force_zip64=n > (1 << 31)) as w:
                        while n > 0:
                            k = min(n, len(CHUNK)); w.write(CHUNK[:k]); n -= k
                else:
                    info.external_attr = 0o100644 << 16
                    z.writestr(info, (e.get("data") or "").encode())
else:
    comp = spec.get("compression", "")
    plain = out + ".tar" if comp == "zst" else out
    mode = "w|" + (comp if comp in ("gz", "bz2", "xz") else "")
    with open(plain, "wb") as raw, tarfile.open(fileobj=raw, mode=mode, format=tarfile.GNU_FORMAT) as tf:
        for e in spec["entries"]:
            info = tarfile.TarInfo(e["name"])
            info.mode = 0o644
            t = e.get("type", "file")
            if t == "file":
                if e.get("zeros") is not None:
                    info.size = e["zeros"]; tf.addfile(info, Zeros(info.size))
                else:
                    data = (e.get("data") or "").encode(); info.size = len(data); tf.addfile(info, io.BytesIO(data))
                continue
            info.type = {"dir": tarfile.DIRTYPE, "symlink": tarfile.SYMTYPE, "hardlink": tarfile.LNKTYPE,
                         "chr": tarfile.CHRTYPE, "fifo": tarfile.FIFOTYPE}[t]
            if t == "dir": info.mode = 0o755
            if t == "chr": info.devmajor, info.devminor = 1, 3
            info.linkname = e.get("target") or ""
            tf.addfile(info)
    if comp == "zst":
        subprocess.run(["zstd", "-q", "-f", "-o", out, plain], check=True)
        os.remove(plain)
"""#
}

/// A private temporary directory, removed when the value goes away.
final class Scratch {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/hubbundles-test-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw HubError.internalError("mkdtemp failed") }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func sub(_ name: String) -> String { path + "/" + name }
}

/// Every path under `root`, relative, links not followed (a link shows as `name -> target`).
func listTree(_ root: String) -> [String] {
    var result: [String] = []
    func walk(_ dir: String, _ prefix: String) {
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
            let full = dir + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
                result.append(prefix + name + " -> " + target)
            } else if info.st_mode & S_IFMT == S_IFDIR {
                result.append(prefix + name + "/")
                walk(full, prefix + name + "/")
            } else {
                result.append(prefix + name)
            }
        }
    }
    walk(root, "")
    return result
}

func hubError(_ error: any Error) -> HubError? { error as? HubError }

/// The package root, from this file's path: Tests/HubBundlesTests/ArchiveFactory.swift.
func packageRoot(_ file: String = #filePath) -> URL {
    URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// The shared corpus beside the repository (read in place, never copied); HUBCTL_CORPUS_DIR overrides it.
let corpusRoot = ProcessInfo.processInfo.environment["HUBCTL_CORPUS_DIR"]
    ?? packageRoot().deletingLastPathComponent().appendingPathComponent("shared/corpus").path

func corpusPath(_ relative: String) -> String { corpusRoot + "/" + relative }

/// A clone of the project alone has no corpus: the tests reading it are skipped, saying so.
let corpusIsPresent = FileManager.default.fileExists(atPath: corpusRoot + "/archives")
let corpusAbsent: Comment = "the shared corpus (../shared/corpus beside the project, or HUBCTL_CORPUS_DIR) is absent"
