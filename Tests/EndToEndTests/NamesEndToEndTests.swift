// Names from outside never become paths outside (issue 11, class 2): an app id from the user is
// refused at the boundary (64) and a connection id chosen by a server is refused before it is
// recorded (65). Nothing is written in either case.

import Foundation
import Testing

/// Every path under `root`, for before/after comparisons.
func listing(_ root: String) -> [String] {
    ((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []).sorted()
}

@Suite(.serialized) struct NamesEndToEndTests {
    @Test(arguments: ["../../outside", "..", "a/b", ".hidden", "x\ny"])
    func anAppIdThatIsNotANameIs64(_ appId: String) throws {
        let emu = try Emulator()
        let hub = client(emu, app: appId)
        // HOME is the test's directory and --home its `home/`: `acp/../../outside` would land in it.
        let before = listing(hub.dir.path)
        for command in [["register"], ["acp", "fetch"], ["acp", "check"], ["settings", "get"]] {
            let r = try hub.run(command)
            #expect(r.status == 64, "\(command): \(r)")
            #expect(r.errorCode == "invalid_app_id", "\(command): \(r)")
            #expect(r.stdout.isEmpty)
        }
        #expect(listing(hub.dir.path) == before, "nothing written under the test's directory")
    }

    @Test(arguments: ["a\\r\\nX-Evil: 1", "../../x", "..", String(repeating: "a", count: 129)])
    func aConnectionIdFromTheServerThatIsNotANameIs65(_ id: String) throws {
        let body = #"{"d":{"ApplicationConnectionId":"\#(id)","DeviceType":"Linux"}}"#
        let server = try RawServer(answer: "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        let r = try server.registerFails(65, "invalid_connection_id")
        #expect(!r.err.contains("\r"), "the id is shown escaped")
    }

    @Test func anAppcidThatIsNotANameIs64() throws {
        let emu = try Emulator()
        let r = try client(emu)("unregister", "--appcid", "x/../../y")
        #expect(r.status == 64, "\(r)")
        #expect(r.errorCode == "invalid_connection_id")
    }

    @Test(arguments: [".", ".."]) func aDotSegmentAsAppcidIs64AndTheServerSeesNothing(_ id: String) throws {
        let emu = try Emulator()
        let r = try client(emu)("unregister", "--appcid", id)
        #expect(r.status == 64, "\(r)")
        #expect(r.errorCode == "invalid_connection_id")
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        #expect(requests.isEmpty, "nothing was sent: \(requests)")
    }
}
