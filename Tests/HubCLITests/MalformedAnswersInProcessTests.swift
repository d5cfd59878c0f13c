// Answers that are not what a command asked for, in-process against the in-process emulator's
// faults (moved from Tests/EndToEndTests/MalformedAnswersEndToEndTests.swift; the same assertions).
// Answers that are not HTTP at all need a raw socket server and stay there.

import Foundation
import HubCLI
import HubCore
import Testing

@Suite("Malformed answers in-process", .serialized)
struct MalformedAnswersInProcessTests {
    /// A 200 that is an HTML page (an identity provider's login page, a proxy's error page) is not
    /// the JSON a command asked for: 65 naming it, for the connection's commands and the client
    /// services alike, and nothing recorded or printed.
    @Test(arguments: [["settings", "get"], ["unregister"], ["push", "register", "--os", "android", "--token", "t"], ["whoami"], ["policy", "get"]])
    func anHTMLPageInsteadOfTheAnswerIs65(_ command: [String]) async throws {
        let emu = try await InProcessEmulator.start()
        if command.first != "settings" && command.first != "unregister" {
            try await emu.call("PUT", "/_emulator/platform", json: #"{"platform": "mobile-services"}"#)
        }
        let bench = try CommandBench(emulator: emu)
        #expect(await bench.run(["register"]).exitCode == 0)
        let page = "<!DOCTYPE html><html><head><title>Sign in</title></head><body><form>…</form></body></html>"
        let fault = String(decoding: try JSONSerialization.data(withJSONObject: ["garbage": page, "contentType": "text/html;charset=utf-8", "count": -1]), as: UTF8.self)
        try await emu.call("POST", "/_emulator/faults", json: fault)
        let r = await bench.run(command + ["--platform", command.first == "settings" || command.first == "unregister" ? "smp3" : "mobile-services"])
        #expect(r.exitCode == 65, "\(command): \(r)")
        #expect(r.errorCode == "malformed_response", "\(r)")
        #expect(r.err.contains("HTML page"), "\(r.err)")
        #expect(r.stdout.isEmpty)
        try await emu.call("DELETE", "/_emulator/faults")
        #expect(arrayElements(await bench.run(["status"]).json?["registrations"]).count == 1, "the registration is still recorded")
    }
}
