// Settings whose value hubctl would once have read as something else (issue 39, items 15 and 16):
// a switch variable with an unknown value (HUBCTL_ANONYMOUS=enabled registered with credentials)
// and a server URL with an empty port (http://127.0.0.1: went to port 80). Each is refused (78)
// naming what to fix, before anything is sent.
import Foundation
import Testing

@Suite(.serialized) struct SettingsValuesEndToEndTests {
    func connectionRequests(_ emu: Emulator) throws -> [String] {
        ((try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }
            .filter { $0.contains("/Connections") }
    }

    @Test func anUnknownValueOfASwitchVariableIsRefusedNamingIt() throws {
        let emu = try Emulator()
        let hub = client(emu)
        for (variable, value) in [("HUBCTL_ANONYMOUS", "enabled"), ("HUBCTL_SHARE_CREDENTIALS", "maybe"),
                                  ("HUBCTL_NO_INPUT", "sure"), ("HUBCTL_ALLOW_HTTP", "please")] {
            let r = try hub("register", env: [variable: value])
            #expect(r.status == 78, "\(variable)=\(value): \(r)")
            #expect(r.errorCode == "config", "\(variable)=\(value): \(r)")
            #expect(r.err.contains(variable) && r.err.contains(value), "the message names the variable and its value: \(r.err)")
            #expect(r.out.isEmpty)
        }
        #expect(try connectionRequests(emu).isEmpty, "nothing was registered, with credentials or without")
        // A profile's value is refused the same way, naming the profile.
        let profile = hub.dir.write("config/hubctl/config.yaml", "default:\n  anonymous: enabled\n")
        let fromProfile = try hub("register")
        #expect(fromProfile.status == 78, "\(fromProfile)")
        #expect(fromProfile.err.contains("anonymous in profile 'default'") && fromProfile.err.contains(profile), "\(fromProfile.err)")
        #expect(try connectionRequests(emu).isEmpty)
        try FileManager.default.removeItem(atPath: profile)
        // The values the table documents still work, in any case.
        let off = try hub("register", env: ["HUBCTL_ANONYMOUS": "Off", "HUBCTL_SHARE_CREDENTIALS": "YES"])
        #expect(off.status == 0, "\(off)")
        #expect(try connectionRequests(emu).count == 1)
    }

    @Test func aServerURLWithAnEmptyPortIsRefused() throws {
        let emu = try Emulator()
        for server in ["http://127.0.0.1:", "http://127.0.0.1:/prefix", "https://[::1]:"] {
            let hub = Hubctl(environment: ["HUBCTL_SERVER": server, "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo",
                                           "HUBCTL_PASSWORD": "demo-password"])
            let r = try hub("register")
            #expect(r.status == 78, "\(server): \(r)")
            #expect(r.errorCode == "invalid_server", "\(server): \(r)")
            #expect(r.err.contains("port after ':' is empty"), "\(server): \(r.err)")
            let flag = try hub("settings", "get", "--server", server)
            #expect(flag.status == 78 && flag.errorCode == "invalid_server", "--server \(server): \(flag)")
        }
        // The emulator's own address, with its port, is of course fine.
        let hub = client(emu)
        #expect(try hub("register").status == 0)
    }
}
