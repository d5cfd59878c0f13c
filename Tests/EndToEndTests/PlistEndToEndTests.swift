// End-to-end tests of `hubctl plist validate` through the built binary: rules, exit codes, hostile input.

import Foundation
import Testing

/// libplist's files in the shared corpus (see Corpus).
private let corpusDirectory = Corpus.path("plist/libplist")

private let validPlist: [String: String] = [
    "Host": "smp.example.com", "Port": "443", "FarmID": "0",
    "SecurityConfiguration": "SSO", "UserCreationPolicy": "certificate",
]

private func plistData(_ dict: [String: Any], binary: Bool) -> Data {
    try! PropertyListSerialization.data(fromPropertyList: dict, format: binary ? .binary : .xml, options: 0)
}

/// `validPlist` with changes; `NSNull()` removes a key.
private func variant(_ changes: [String: Any]) -> [String: Any] {
    var dict: [String: Any] = validPlist
    for (k, v) in changes {
        if v is NSNull { dict[k] = nil } else { dict[k] = v }
    }
    return dict
}

private func files(_ result: RunResult) -> [[String: Any]] {
    (result.json?["files"] as? [[String: Any]]) ?? []
}

private func codes(_ file: [String: Any], _ field: String = "errors") -> [String] {
    ((file[field] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
}

/// A binary plist of `depth` arrays, each holding the next (the last one empty); `cycle` makes
/// the innermost array hold the outermost instead.
private func nestedBinaryPlist(depth: Int, cycle: Bool = false) -> Data {
    var data = Data("bplist00".utf8)
    var offsets: [Int] = []
    func be(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
    for i in 0..<depth {
        offsets.append(data.count)
        if i == depth - 1 && !cycle {
            data.append(0xA0)
        } else {
            data.append(0xA1)
            data.append(contentsOf: be(i == depth - 1 ? 0 : i + 1, 4))
        }
    }
    let tableOffset = data.count
    for o in offsets { data.append(contentsOf: be(o, 4)) }
    data.append(contentsOf: [0, 0, 0, 0, 0, 0, 4, 4])
    data.append(contentsOf: be(depth, 8))
    data.append(contentsOf: be(0, 8))
    data.append(contentsOf: be(tableOffset, 8))
    return data
}

@Suite("plist validate end to end", .serialized)
struct PlistEndToEndTests {
    let hubctl = Hubctl()

    func write(_ name: String, _ data: Data) -> String {
        let path = hubctl.dir.file(name)
        try! data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func validFilesExitZeroWithTheEffectiveConfiguration() throws {
        let xml = write("good.plist", plistData(variant(["HTTPS": "FALSE", "URLSuffix": "/proxy", "Port": "8080"]), binary: false))
        let bin = write("good.bplist", plistData(variant(["Port": 8443, "HTTPS": true, "FarmID": "F1", "Host": "2001:db8::5"]), binary: true))
        let r = try hubctl("plist", "validate", xml, bin)
        #expect(r.status == 0, "\(r)")
        #expect(r.err.isEmpty, "\(r)")
        #expect(r.json?["valid"] as? Bool == true)
        let entries = files(r)
        try #require(entries.count == 2)
        #expect(entries[0]["format"] as? String == "xml")
        #expect(entries[1]["format"] as? String == "binary")
        let c0 = entries[0]["config"] as? [String: Any]
        #expect(c0?["serverURL"] as? String == "http://smp.example.com:8080/proxy")
        #expect(c0?["userCreationPolicy"] as? String == "certificate")
        #expect(c0?["shareCredentials"] as? Bool == true)
        let c1 = entries[1]["config"] as? [String: Any]
        #expect(c1?["serverURL"] as? String == "https://[2001:db8::5]:8443/ias_relay_server/client/rs_client.dll/F1")
        #expect(c1?["port"] as? Int == 8443)
    }

    /// Every rule, as XML and as binary, checked in one call with one file per case.
    @Test func eachRuleInXMLAndBinary() throws {
        let cases: [(String, [String: Any], String?, String?)] = [
            ("missing-host", ["Host": NSNull()], "missing_key", "Host"),
            ("missing-port", ["Port": NSNull()], "missing_key", "Port"),
            ("missing-farm", ["FarmID": NSNull()], "missing_key", "FarmID"),
            ("missing-security", ["SecurityConfiguration": NSNull()], "missing_key", "SecurityConfiguration"),
            ("missing-policy", ["UserCreationPolicy": NSNull()], "missing_key", "UserCreationPolicy"),
            ("blank-policy", ["UserCreationPolicy": ""], nil, nil),
            ("blank-host", ["Host": ""], "empty_value", "Host"),
            ("host-scheme", ["Host": "https://smp.example.com"], "invalid_value", "Host"),
            ("host-port", ["Host": "smp.example.com:8080"], "invalid_value", "Host"),
            ("host-path", ["Host": "smp.example.com/x"], "invalid_value", "Host"),
            ("host-ipv4", ["Host": "192.168.1.20"], nil, nil),
            ("port-int", ["Port": 443], nil, nil),
            ("port-zero", ["Port": "0"], "out_of_range", "Port"),
            ("port-big", ["Port": 70000], "out_of_range", "Port"),
            ("port-text", ["Port": "http"], "invalid_value", "Port"),
            ("port-real", ["Port": 1.5], "wrong_type", "Port"),
            ("policy-bad", ["UserCreationPolicy": "always"], "invalid_value", "UserCreationPolicy"),
            ("policy-manual", ["UserCreationPolicy": "manual"], nil, nil),
            ("https-string", ["HTTPS": "True"], nil, nil),
            ("https-bad", ["HTTPS": "1"], "invalid_value", "HTTPS"),
            ("share-bool", ["ShareCredentials": false], nil, nil),
            ("share-int", ["ShareCredentials": 0], "wrong_type", "ShareCredentials"),
            ("farm-bad", ["FarmID": "a b"], "invalid_value", "FarmID"),
            ("farm-int", ["FarmID": 0], "wrong_type", "FarmID"),
            ("suffix-query", ["URLSuffix": "relay?a=b"], "invalid_value", "URLSuffix"),
            ("suffix-scheme", ["URLSuffix": "http://relay"], "invalid_value", "URLSuffix"),
            ("domain-data", ["Domain": Data([1])], "wrong_type", "Domain"),
            ("domain-dict", ["Domain": ["a": "b"]], "wrong_type", "Domain"),
            ("security-array", ["SecurityConfiguration": ["SSO"]], "wrong_type", "SecurityConfiguration"),
            ("security-date", ["SecurityConfiguration": Date(timeIntervalSince1970: 0)], "wrong_type", "SecurityConfiguration"),
            ("farmid-miscased", ["FarmID": NSNull(), "FarmId": "0"], "miscased_key", "FarmId"),
            ("urlsuffix-miscased", ["UrlSuffix": "relay"], "miscased_key", "UrlSuffix"),
            ("host-miscased", ["host": "smp.example.com"], "miscased_key", "host"),
        ]
        var paths: [String] = []
        var expected: [(String, String?, String?)] = []
        for binary in [false, true] {
            for (name, changes, code, key) in cases {
                let path = write("\(name).\(binary ? "bplist" : "plist")", plistData(variant(changes), binary: binary))
                paths.append(path)
                expected.append((path, code, key))
            }
        }
        let r = try hubctl.run(["plist", "validate"] + paths)
        #expect(r.status == 65, "\(r)")
        #expect(r.errorCode == "invalid_plist")
        let entries = files(r)
        try #require(entries.count == expected.count, "\(r)")
        for (entry, (path, code, key)) in zip(entries, expected) {
            #expect(entry["path"] as? String == path)
            #expect(entry["format"] as? String == (path.hasSuffix(".bplist") ? "binary" : "xml"))
            let errors = (entry["errors"] as? [[String: Any]]) ?? []
            if let code {
                #expect(entry["valid"] as? Bool == false, "\(path)")
                #expect(errors.contains { $0["code"] as? String == code && $0["key"] as? String == key }, "\(path): \(errors)")
            } else {
                #expect(entry["valid"] as? Bool == true, "\(path): \(errors)")
            }
        }
    }

    @Test func miscasedKeyMessageNamesTheRightSpelling() throws {
        let path = write("farmid.plist", plistData(variant(["FarmID": NSNull(), "FarmId": "0"]), binary: false))
        let r = try hubctl("plist", "validate", path)
        let error = (files(r).first?["errors"] as? [[String: Any]])?.first
        #expect(error?["code"] as? String == "miscased_key")
        #expect((error?["message"] as? String)?.contains("FarmID") == true)
    }

    @Test func mixedValidAndInvalidExit65WithTheReportOnStdout() throws {
        let good = write("good.plist", plistData(validPlist, binary: false))
        let bad = write("bad.bplist", plistData(variant(["Port": "99999"]), binary: true))
        let garbage = write("garbage.plist", Data("not a plist at all".utf8))
        let r = try hubctl("plist", "validate", good, bad, garbage)
        #expect(r.status == 65, "\(r)")
        #expect(r.json?["valid"] as? Bool == false)
        #expect(files(r).map { $0["valid"] as? Bool } == [true, false, false])
        #expect(codes(files(r)[2]) == ["parse_error"])
        #expect(r.errorCode == "invalid_plist")
        #expect((r.error?["message"] as? String)?.contains("2 of 3") == true, "\(r)")
    }

    @Test func standardInput() throws {
        let r = try hubctl.run(["plist", "validate", "-"], stdin: plistData(validPlist, binary: true))
        #expect(r.status == 0, "\(r)")
        #expect(files(r).first?["path"] as? String == "-")
        #expect(files(r).first?["format"] as? String == "binary")
        let bad = try hubctl("plist", "validate", "-", stdin: "<plist><array/></plist>")
        #expect(bad.status == 65)
        #expect(codes(files(bad)[0]) == ["not_a_dictionary"])
    }

    @Test func missingFileExits66AndWinsOver65() throws {
        let bad = write("bad.plist", plistData(variant(["Port": "0"]), binary: false))
        let missing = hubctl.dir.file("nope.plist")
        let r = try hubctl("plist", "validate", bad, missing)
        #expect(r.status == 66, "\(r)")
        #expect(r.errorCode == "not_found")
        #expect(codes(files(r)[1]) == ["not_found"])
        #expect(files(r)[1]["format"] is NSNull)
        let directory = try hubctl("plist", "validate", hubctl.dir.path)
        #expect(directory.status == 66, "\(directory)")
        #expect(codes(files(directory)[0]) == ["not_a_file"])
    }

    /// A FIFO with no writer never hangs the command: it is opened without waiting and read for
    /// no longer than --deadline (issue 23 §5), then reported as `timeout` and exit 75, as every
    /// deadline (docs/security.md §17; issue 30, item 7). Alone and among other files: several
    /// FIFOs share the command's one deadline; a missing file still wins (66), an invalid one does
    /// not (75); a device is read like a pipe, bounded by size.
    @Test func aFIFOWithoutAWriterEndsAtTheDeadlineWith75() throws {
        let fifo = hubctl.dir.file("pipe.plist")
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let alone = try hubctl("plist", "validate", "--deadline", "1", fifo)
        let took = Date().timeIntervalSince(started)
        #expect(alone.status == 75, "\(alone)")
        #expect(alone.errorCode == "timeout", "\(alone)")
        #expect(codes(files(alone)[0]) == ["timeout"])
        #expect(alone.out.contains("no end of input"), "\(alone)")
        #expect(took >= 0.9 && took < 10, "waited \(took) s")

        let fifo2 = hubctl.dir.file("pipe2.plist")
        #expect(mkfifo(fifo2, 0o600) == 0)
        let twoStarted = Date()
        let two = try hubctl("plist", "validate", "--deadline", "2", fifo, fifo2)
        let twoTook = Date().timeIntervalSince(twoStarted)
        #expect(two.status == 75, "\(two)")
        #expect(files(two).map { codes($0) } == [["timeout"], ["timeout"]])
        #expect(twoTook < 3.8, "two FIFOs waited \(twoTook) s: each got a deadline of its own")

        let good = write("good.plist", plistData(validPlist, binary: false))
        let mixed = try hubctl("plist", "validate", "--deadline", "3", good, "/dev/null", fifo)
        #expect(mixed.status == 75, "\(mixed)")
        #expect(mixed.errorCode == "timeout", "\(mixed)")
        #expect(files(mixed).map { $0["valid"] as? Bool } == [true, false, false])
        #expect(codes(files(mixed)[1]) == ["empty_file"])
        #expect(codes(files(mixed)[2]) == ["timeout"])

        let missing = try hubctl("plist", "validate", "--deadline", "1", fifo, hubctl.dir.file("nope.plist"))
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.errorCode == "not_found", "\(missing)")
        #expect(files(missing).map { codes($0) } == [["timeout"], ["not_found"]])
    }

    /// Process substitution (a pipe behind /dev/fd/N) is read once, like a file.
    @Test func processSubstitutionIsReadOnce() throws {
        let good = write("good.plist", plistData(validPlist, binary: false))
        let r = try run("/bin/bash", ["-c", "\"$0\" plist validate <(cat \"$1\")", Binaries.hubctl, good], environment: hubctl.environment)
        #expect(r.status == 0, "\(r)")
        #expect(files(r).first?["valid"] as? Bool == true, "\(r)")
    }

    /// A password typed as user information in Host never appears again: not in the report, not
    /// in an error of a command that uses the file (issue 11, class 8).
    @Test(arguments: ["admin:s3cr3t-pw@smp.example.com", "https://admin:s3cr3t-pw@smp.example.com"])
    func userInformationInHostIsRedacted(_ host: String) throws {
        let path = write("userinfo.plist", plistData(variant(["Host": host]), binary: false))
        let r = try hubctl("plist", "validate", path)
        #expect(r.status == 65, "\(r)")
        #expect(codes(files(r)[0]).contains("invalid_value"))
        #expect(r.out.contains("<redacted>@smp.example.com"), "\(r.out)")
        #expect(!r.out.contains("s3cr3t") && !r.err.contains("s3cr3t"), "\(r)")
        let used = try hubctl("--plist", path, "--app-id", "com.example.demo", "register")
        #expect(used.status == 65, "\(used)")
        #expect(!used.out.contains("s3cr3t") && !used.err.contains("s3cr3t"), "\(used)")
    }

    @Test func emptyFile() throws {
        let r = try hubctl("plist", "validate", write("empty.plist", Data()))
        #expect(r.status == 65, "\(r)")
        #expect(codes(files(r)[0]) == ["empty_file"])
    }

    @Test func hundredMegabyteFileIsRefusedWithoutReadingIt() throws {
        let path = hubctl.dir.file("huge.plist")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 * 1024 * 1024)  // sparse: instant, no disk used
        try handle.close()
        let r = try hubctl("plist", "validate", path)
        #expect(r.status == 65, "\(r)")
        #expect(codes(files(r)[0]) == ["too_large"])
        // An endless device is read like a pipe: cut off past the size limit.
        let zero = try hubctl("plist", "validate", "/dev/zero")
        #expect(zero.status == 65, "\(zero)")
        #expect(codes(files(zero)[0]) == ["too_large"])
    }

    @Test func deepNestingAndCyclesDoNotCrash() throws {
        let depth = 100_000
        let xml = "<?xml version=\"1.0\"?><plist><dict><key>Host</key>" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</dict></plist>"
        let paths = [
            write("deep.plist", Data(xml.utf8)),
            write("deep.bplist", nestedBinaryPlist(depth: depth)),
            write("cycle.bplist", nestedBinaryPlist(depth: 3, cycle: true)),
        ]
        let r = try hubctl.run(["plist", "validate"] + paths)
        #expect(r.status == 65, "\(r)")
        #expect(files(r).count == 3)
        #expect(files(r).allSatisfy { $0["valid"] as? Bool == false })
    }

    @Test func xmlErrorsNameTheLine() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>Host</key>
        \t<string>smp.example.com</string>
        \t<key>Port</key>
        \t<string>0</string>
        \t<key>FarmID</key>
        \t<string>0</string>
        \t<key>SecurityConfiguration</key>
        \t<string>SSO</string>
        \t<key>UserCreationPolicy</key>
        \t<string></string>
        \t<key>UrlSuffix</key>
        \t<string>relay</string>
        </dict>
        </plist>
        """
        let r = try hubctl("plist", "validate", write("lines.plist", Data(xml.utf8)))
        #expect(r.status == 65)
        let errors = (files(r).first?["errors"] as? [[String: Any]]) ?? []
        #expect(errors.first { $0["key"] as? String == "Port" }?["line"] as? Int == 6, "\(r)")
        #expect(errors.first { $0["key"] as? String == "UrlSuffix" }?["line"] as? Int == 14, "\(r)")

        let broken = "<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>Host</key>\n<string>x</strng>\n</dict>\n</plist>\n"
        let p = try hubctl("plist", "validate", write("broken.plist", Data(broken.utf8)))
        #expect(p.status == 65)
        let parse = (files(p).first?["errors"] as? [[String: Any]])?.first
        #expect(parse?["code"] as? String == "parse_error")
        #expect(parse?["line"] as? Int == 5, "\(p)")
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let path = write("extra.plist", plistData(variant(["Colour": "blue"]), binary: false))
        let lenient = try hubctl("plist", "validate", path)
        #expect(lenient.status == 0, "\(lenient)")
        #expect(codes(files(lenient)[0], "warnings") == ["unknown_key"])
        let strict = try hubctl("plist", "validate", "--strict", path)
        #expect(strict.status == 65, "\(strict)")
        #expect(codes(files(strict)[0]) == ["unknown_key"])
        #expect(codes(files(strict)[0], "warnings").isEmpty)
    }

    /// Validation reads only the files it is given: a broken configuration must not matter.
    @Test func ignoresConfigurationFileAndEnvironment() throws {
        let config = write("config.yaml", Data("default: [unclosed\n\t:::".utf8))
        let good = write("good.plist", plistData(validPlist, binary: false))
        let r = try hubctl("plist", "validate", good,
                           env: ["HUBCTL_CONFIG": config, "HUBCTL_PLIST": hubctl.dir.file("absent.plist"),
                                 "HUBCTL_PROFILE": "no-such-profile"])
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["valid"] as? Bool == true)
    }

    @Test func manyFilesInOneCall() throws {
        let one = write("one.plist", plistData(validPlist, binary: false))
        let r = try hubctl.run(["plist", "validate"] + Array(repeating: one, count: 1000))
        #expect(r.status == 0, "\(r.err)")
        #expect(files(r).count == 1000)
    }

    @Test func usageErrors() throws {
        #expect(try hubctl("plist", "validate").status == 64)
        #expect(try hubctl("plist", "validate", "-", "-").status == 64)
        let help = try hubctl("plist", "validate", "--help")
        #expect(help.status == 0)
        #expect(help.out.contains("65") && help.out.contains("66") && help.out.contains("jq"))
    }

    /// libplist's real plists and fuzz regressions: each is a verdict (0 or 65) with a JSON report.
    @Test(.needsCorpus) func libplistCorpusNeverCrashes() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: corpusDirectory), "no corpus at \(corpusDirectory)")
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = corpusDirectory + "/" + relative
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue { paths.append(path) }
        }
        #expect(paths.count > 40, "corpus at \(corpusDirectory) looks incomplete")
        for path in paths.sorted() {
            let r = try hubctl.run(["plist", "validate", path], timeout: 30)
            #expect(files(r).count == 1, "\(path): \(r)")
            // The exit code is the report's verdict: 0 for a valid file, 65 for an invalid one.
            let valid = try #require(files(r).first?["valid"] as? Bool, "\(path): \(r)")
            #expect(r.status == (valid ? 0 : 65), "\(path): \(r)")
        }
        let all = try hubctl.run(["plist", "validate"] + paths, timeout: 60)
        #expect(files(all).count == paths.count)
        let allValid = files(all).allSatisfy { $0["valid"] as? Bool == true }
        #expect(all.status == (allValid ? 0 : 65), "\(all.err)")
    }
}
