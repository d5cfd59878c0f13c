// Issue 39, item 5: the command lines on which the start-up fast path and ArgumentParser disagreed
// get ArgumentParser's answer through the binary: a global option between the words of a command's
// path is refused, and so is an option given `=` and no value ("Missing value"), as ArgumentParser
// says (64), where the fast path used to run them (with another application, an empty user, the
// default profile directory). FastPathParityTests compares the two parsers over the whole corpus.
import Foundation
import Testing

@Suite(.serialized) struct FastPathLinesEndToEndTests {
    /// A registered device, so each line would run (and succeed) if it were taken.
    func registered() throws -> (Emulator, Hubctl) {
        let emu = try Emulator()
        let hub = client(emu, dir: TempDir("fastlines"))
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        return (emu, hub)
    }

    @Test func theLinesOfTheIssueAreRefusedAsArgumentParserRefusesThem() throws {
        let (emu, hub) = try registered()
        defer { emu.stop() }
        let lines: [(line: [String], says: String)] = [
            (["settings", "--app-id", "com.example.demo", "get"], "Unknown option '--app-id'"),
            (["acp", "--app-id=com.example.demo", "check"], "Unknown option '--app-id'"),
            (["settings", "get", "--user="], "Missing value for '--user"),
            (["--user=", "settings", "get"], "Missing value for '--user"),
            (["register", "--device-model="], "Missing value for '--device-model"),
            (["acp", "check", "--dest="], "Missing value for '--dest"),
        ]
        for (line, says) in lines {
            let r = try hub.run(line)
            #expect(r.status == 64, "\(line): \(r)")
            #expect(r.errorCode == "usage", "\(line): \(r)")
            #expect((r.error?["message"] as? String)?.contains(says) == true, "\(line): \(r)")
            #expect(r.stdout.isEmpty, "\(line): nothing ran")
        }
        // The same options where ArgumentParser takes them run as before.
        let placed = try hub.run(["settings", "get", "--app-id", "com.example.demo", "DeviceModel"])
        #expect(placed.status == 0, "\(placed)")
        let before = try hub.run(["--app-id=com.example.demo", "acp", "check", "--dest", hub.dir.file("profile")])
        #expect(before.status == 0, "\(before)")
    }
}
