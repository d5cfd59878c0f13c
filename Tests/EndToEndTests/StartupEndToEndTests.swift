// Issue 14, item 6: a command loads only the C libraries its work needs. hubctl does not name
// libcurl or libarchive in its binary; it loads each on first use (Sources/CLibraries). SQLite is
// linked in (issue 40: loading libsqlite3.so was most of a registration read), so no command loads
// libsqlite3.so.0, and the ones without a registration never call it.
// The dynamic loader says what it loaded when LD_DEBUG=files is set (on stderr, with the
// library's soname), so these tests see it from outside, through the real binary.
import Foundation
import Testing

@Suite(.serialized) struct StartupEndToEndTests {
    static let curl = "libcurl.so.4", archive = "libarchive.so.13", sqlite = "libsqlite3.so.0"
    static let xml = "libxml2.so.2"

    /// The sonames of the three libraries that this run of hubctl loaded (SQLite: never).
    func loaded(_ hub: Hubctl, _ arguments: [String], expectStatus: Int32 = 0) throws -> Set<String> {
        let r = try hub.run(arguments, env: ["LD_DEBUG": "files"])
        #expect(r.status == expectStatus, "\(arguments): \(r.status) \(r.out) \(r.err.suffix(600))")
        // The loader writes "file=libcurl.so.4 [0];  dynamically loaded by …" when it opens one.
        let opened = r.err.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
        #expect(!opened.isEmpty, "LD_DEBUG=files printed nothing for \(arguments): is this glibc?")
        return Set(opened).intersection([Self.curl, Self.archive, Self.sqlite])
    }

    @Test func commandsWithoutNetworkArchiveOrDatabaseLoadNoneOfThem() throws {
        let dir = TempDir("startup")
        var hub = Hubctl(dir: dir)
        hub.environment["HUBCTL_VAULT_KEY"] = Data((0..<32).map { UInt8($0 * 3) }).base64EncodedString()
        let plist = dir.writeValidClientHubPlist()
        let commands: [[String]] = [
            ["--version"], ["--help"], ["help", "settings", "get"], ["help", "exit-codes"],
            ["plist", "validate", plist], ["vault", "init"], ["vault", "set", "k", "v"], ["vault", "show", "k"],
            ["vault", "list"], ["config", "path"], ["completion", "bash"],
        ]
        for command in commands {
            #expect(try loaded(hub, command) == [], "\(command) loaded a library it does not use")
        }
    }

    @Test func networkCommandsLoadWhatTheirWorkNeedsAndNoMore() throws {
        let emu = try Emulator()
        let dir = TempDir("startup-net")
        let hub = client(emu, dir: dir)
        // register: the exchange (libcurl); the registration record is SQLite's, linked in. No bundle.
        #expect(try loaded(hub, ["register"]) == [Self.curl])
        #expect(try loaded(hub, ["settings", "get"]) == [Self.curl])
        // status reads the record only.
        #expect(try loaded(hub, ["status"]) == [])
        // acp fetch reads a bundle: libarchive too.
        let bundle = dir.file("b.zip")
        try Archives.make("zip", at: bundle, version: "1.0.0")
        try emu.publish(bundle, id: "Appmc:1.0.0")
        #expect(try loaded(hub, ["acp", "fetch", "--force"]) == [Self.curl, Self.archive])
    }

    /// A library that cannot be loaded is a clear error with its package named, exit 69, not a
    /// loader failure before hubctl starts; and commands that do not need it still work.
    @Test func aMissingLibraryIsAClearErrorOnlyForTheCommandsThatNeedIt() throws {
        let emu = try Emulator()
        let dir = TempDir("startup-missing")
        let hub = client(emu, dir: dir)
        // A file by that name that is not a library, first on the search path.
        let libs = dir.path + "/broken-libs"
        try FileManager.default.createDirectory(atPath: libs, withIntermediateDirectories: true)
        _ = dir.write("broken-libs/" + Self.curl, "not a shared library\n")
        let env = ["LD_LIBRARY_PATH": libs, "HUBCTL_ERROR_FORMAT": "json"]

        let version = try hub.run(["--version"], env: env)
        #expect(version.status == 0, "\(version)")
        let get = try hub.run(["register"], env: env)
        #expect(get.status == 69, "\(get)")
        #expect(get.errorCode == "library_unavailable", "\(get)")
        let message = get.error?["message"] as? String ?? ""
        #expect(message.contains(Self.curl), "\(message)")
        #expect(get.out.isEmpty, "nothing on stdout on failure: \(get.out)")
        // At a terminal's text format the hint names the package.
        let text = try hub.run(["register"], env: env.merging(["HUBCTL_ERROR_FORMAT": "text"]) { $1 })
        #expect(text.status == 69, "\(text)")
        #expect(text.err.contains("apt-get install libcurl4"), "\(text.err)")
        // Nothing was registered on the server, and nothing recorded.
        #expect(try connections(emu).isEmpty)
    }

    /// A library that loads but lacks a function hubctl calls is refused when it loads (every
    /// function is resolved then), 69 naming the function and the package: never a late internal
    /// error in the middle of the work. (Shown with libarchive since SQLite is linked in.)
    @Test func aLibraryWithoutAFunctionHubctlCallsIsRefusedWhenItLoads() throws {
        let emu = try Emulator()
        let dir = TempDir("startup-symbol")
        let hub = client(emu, dir: dir)
        // A registration and a bundle, so that `acp fetch` has a bundle to extract.
        #expect(try hub("register").status == 0)
        let bundle = dir.file("b.zip")
        try Archives.make("zip", at: bundle, version: "1.0.0")
        try emu.publish(bundle, id: "Appmc:1.0.0")
        // A real shared object named libarchive.so.13 with one of the functions hubctl calls.
        let source = dir.write("fake-archive.c", "void *archive_read_new(void) { return 0; }\n")
        let libs = dir.path + "/partial-libs"
        try FileManager.default.createDirectory(atPath: libs, withIntermediateDirectories: true)
        let cc = try run("/usr/bin/cc", ["-shared", "-fPIC", "-o", libs + "/libarchive.so.13", source])
        #expect(cc.status == 0, "\(cc)")
        let env = ["LD_LIBRARY_PATH": libs, "HUBCTL_ERROR_FORMAT": "json"]
        let fetch = try hub.run(["acp", "fetch"], env: env)
        #expect(fetch.status == 69, "\(fetch)")
        #expect(fetch.errorCode == "library_unavailable", "\(fetch)")
        let message = fetch.error?["message"] as? String ?? ""
        #expect(message.contains("libarchive.so.13 has no function archive_read_free"), "names the first missing function: \(message)")
        #expect(fetch.out.isEmpty)
        let text = try hub.run(["acp", "fetch"], env: env.merging(["HUBCTL_ERROR_FORMAT": "text"]) { $1 })
        #expect(text.status == 69, "\(text)")
        #expect(text.err.contains("apt-get install libarchive13"), "\(text.err)")
        #expect(!text.err.contains("internal error"), "\(text.err)")
    }

    /// Every library this run of hubctl opened, by the name the loader prints.
    func opened(_ hub: Hubctl, _ arguments: [String]) throws -> [String] {
        let r = try hub.run(arguments, env: ["LD_DEBUG": "files"])
        #expect(r.status == 0, "\(arguments): \(r.status) \(r.out) \(r.err.suffix(600))")
        let names = r.err.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
        #expect(!names.isEmpty, "LD_DEBUG=files printed nothing for \(arguments): is this glibc?")
        return names
    }

    /// Issue 32, item 2: libxml2 (and the system ICU it needs) is loaded by what reads XML, not at
    /// start-up (hubctl does not import FoundationXML): `settings get` reads JSON, `settings schema`
    /// the server's $metadata.
    @Test func onlyWhatReadsXMLLoadsLibxml2() throws {
        let emu = try Emulator()
        let dir = TempDir("startup-xml")
        let hub = client(emu, dir: dir)
        #expect(try hub("register").status == 0)
        for command in [["--version"], ["settings", "get"]] {
            let names = try opened(hub, command)
            #expect(!names.contains(Self.xml), "\(command) loaded libxml2")
            #expect(!names.contains { $0.hasPrefix("libicu") }, "\(command) loaded ICU: \(names)")
        }
        #expect(try opened(hub, ["settings", "schema"]).contains(Self.xml), "settings schema reads $metadata with libxml2")
    }
}
