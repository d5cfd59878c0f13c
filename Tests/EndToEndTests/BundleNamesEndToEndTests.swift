// Real-world bundles (issue 11, class 4): zips that flag their names as UTF-8, as Python's zipfile
// and Java's jar write non-ASCII names, are installed with their real names whatever the locale;
// C0 and C1 control characters in a name are refused, and the error shows the real name.

import Foundation
import Testing

@Suite(.serialized) struct BundleNamesEndToEndTests {
    /// A zip made by Python's zipfile: it sets the UTF-8 flag on every non-ASCII name.
    func makeZip(_ names: [String], at path: String) throws {
        let script = """
        import sys, zipfile
        path, names = sys.argv[1], sys.argv[2:]
        manifest = "Manifest-Version: 1.0\\nCustomization-Resource-Bundle-Name: Appmc\\nCustomization-Resource-Bundle-Version: 1.0.0\\n"
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("META-INF/MANIFEST.MF", manifest)
            for n in names: z.writestr(n, n.encode("utf-8"))
        """
        let r = try run("/usr/bin/python3", ["-c", script, path] + names)
        if r.status != 0 { throw HarnessError("python3: \(r.err)") }
    }

    @Test(arguments: ["C", "C.UTF-8", "POSIX"])
    func utf8NamesAreInstalledWhateverTheLocale(_ locale: String) throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let names = ["tiles/café.json", "i18n/日本語.txt", "ünïcödé/ß.css"]
        let file = hub.dir.file("utf8.zip")
        try makeZip(names, at: file)
        try emu.publish(file, id: "Appmc:1.0.0")
        let r = try hub("acp", "fetch", env: ["LC_ALL": locale, "LANG": locale])
        #expect(r.status == 0, "\(r)")
        let current = hub.dir.path + "/home/acp/com.example.demo/current"
        for name in names {
            let data = FileManager.default.contents(atPath: current + "/" + name)
            #expect(data.map { String(decoding: $0, as: UTF8.self) } == name, "\(name) under LC_ALL=\(locale)")
        }
    }

    @Test(arguments: ["bad\u{85}name.txt", "bad\u{9B}name.txt", "bad\u{07}name.txt"])
    func controlCharactersAreRefusedAndShown(_ name: String) throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let file = hub.dir.file("control.zip")
        try makeZip([name], at: file)
        try emu.publish(file, id: "Appmc:1.0.0")
        let r = try hub("acp", "fetch")
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "unsafe_path", "\(r)")
        #expect(r.stdout.isEmpty)
        let message = r.error?["message"] as? String ?? ""
        #expect(message.contains("bad\\x") && message.contains("name.txt"), "the real name, escaped: \(message)")
        #expect(!FileManager.default.fileExists(atPath: hub.dir.path + "/home/acp/com.example.demo/current"))
    }
}
