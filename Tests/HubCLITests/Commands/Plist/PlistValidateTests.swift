// `hubctl plist validate` in-process: the report for a valid file, and for a file missing a key
// (the report still on stdout, the summary on stderr).

import Foundation
@testable import HubCLI
import HubCore
import Testing

private let validPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>Host</key>
    \t<string>smp.example.com</string>
    \t<key>Port</key>
    \t<integer>8443</integer>
    \t<key>FarmID</key>
    \t<string>0</string>
    \t<key>SecurityConfiguration</key>
    \t<string>SSO</string>
    \t<key>UserCreationPolicy</key>
    \t<string>certificate</string>
    </dict>
    </plist>

    """

@Suite("plist validate", .serialized)
struct PlistValidateTests {
    @Test func aValidFilesReport() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let path = writeFile(bench, "clienthub.plist", validPlist)
        let r = await bench.run(["plist", "validate", path])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.err.isEmpty, "\(r)")
        expectShape(r.json, ["valid": .bool, "files": .array])
        #expect(r.json?["valid"] == .bool(true))
        let files = arrayElements(r.json?["files"])
        try #require(files.count == 1)
        expectShape(files[0], ["path": .string, "valid": .bool, "format": .string, "errors": .array, "warnings": .array, "config": .object])
        #expect(files[0]["path"] == .string(path))
        #expect(files[0]["format"] == .string("xml"))
        expectShape(files[0]["config"], ["domain": .null, "farmID": .string, "host": .string, "https": .bool, "port": .int,
                                         "securityConfiguration": .string, "serverURL": .string, "shareCredentials": .bool,
                                         "urlSuffix": .string, "userCreationPolicy": .string])
        #expect(files[0]["config"]?["host"] == .string("smp.example.com"))
        #expect(files[0]["config"]?["port"] == .int(8443))
        #expect(files[0]["config"]?["serverURL"] == .string("https://smp.example.com:8443"), "\(r)")
    }

    @Test func aMissingKeyIs65WithTheReportOnStdout() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let path = writeFile(bench, "clienthub.plist", validPlist.replacingOccurrences(of: "\t<key>FarmID</key>\n\t<string>0</string>\n", with: ""))
        let r = await bench.run(["plist", "validate", path])
        expectFailure(r, exit: 65, code: "invalid_plist", stdoutEmpty: false)
        #expect(r.json?["valid"] == .bool(false), "\(r)")
        let errors = arrayElements(arrayElements(r.json?["files"]).first?["errors"])
        #expect(errors.map { $0["code"] } == [.string("missing_key")], "\(r)")
        #expect(errors.first?["key"] == .string("FarmID"))
    }

    @Test func aMissingFileIs66() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["plist", "validate", bench.root + "/nope.plist"])
        #expect(r.exitCode == 66, "\(r)")
        #expect(arrayElements(r.json?["files"]).first?["errors"].map { arrayElements($0).map { $0["code"] } } == [.string("not_found")])
    }
}

extension PlistValidateTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["plist", "validate", "--strict", "files-1", "files-2"], as: PlistValidate.self)
        #expect(options == PlistValidate.Options(strict: true, files: ["files-1", "files-2"]))
    }
}
