// Runs the built hubctl-emulator as a process and talks to it with curl: address line, protocol, control API.

import Foundation
import Testing

@Suite(.serialized) struct EmulatorEndToEndTests {
    /// curl with the demo user's credentials in a config file (never in argv), answering body + status.
    private func curl(_ emulator: Emulator, _ arguments: [String], user: String = "demo:demo-password") throws -> RunResult {
        let config = emulator.dir.write("curl-\(UUID().uuidString).cfg", "user = \"\(user)\"\n")
        return try run("/usr/bin/curl", ["-sS", "-K", config] + arguments)
    }

    @Test func printsItsAddressAndRegistersWithCurl() throws {
        let emulator = try Emulator()
        #expect(emulator.url.hasPrefix("http://127.0.0.1:"))
        #expect(Int(emulator.url.split(separator: ":").last ?? "") ?? 0 > 0)

        let headersFile = emulator.dir.file("headers.txt")
        let app = emulator.url + "/odata/applications/v1/com.example.demo"
        let r = try curl(emulator, ["-D", headersFile, "-H", "Content-Type: application/json", "-H", "Accept: application/json",
                                    "-H", "X-SUP-SC: DemoSSO", "--data", #"{"DeviceType":"Linux"}"#, app + "/Connections"])
        #expect(r.status == 0, "\(r)")
        let headers = try String(contentsOfFile: headersFile, encoding: .utf8)
        #expect(headers.hasPrefix("HTTP/1.1 201"))
        let d = try #require((r.json?["d"]) as? [String: Any])
        let id = try #require(d["ApplicationConnectionId"] as? String)
        #expect(headers.contains("X-SMP-APPCID=\(id)"))
        #expect(d["UserName"] as? String == "demo")

        // Read it back with the cookie, then check the request log saw the headers and hid the password.
        let read = try curl(emulator, ["-w", "\n%{http_code}", "-b", "X-SMP-APPCID=\(id)", "-H", "Accept: application/json",
                                       app + "/Connections('\(id)')"])
        #expect(read.out.hasSuffix("\n200"))
        let state = try emulator.control("GET", "/_emulator/state")
        #expect(state.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: state.body) as? [String: Any])
        let requests = try #require(json["requests"] as? [[String: Any]])
        #expect(requests.count == 2)
        let first = try #require(requests.first?["headers"] as? [String: String])
        #expect(first["authorization"] == "<redacted>")
        #expect(first["x-sup-sc"] == "DemoSSO")
        #expect(!String(decoding: state.body, as: UTF8.self).contains("demo-password"))
        #expect((json["connections"] as? [Any])?.count == 1)
    }

    @Test func faultsAndBundlesThroughTheControlAPI() throws {
        let emulator = try Emulator(config: #"{"pathPrefix": "relay/7", "idLocations": ["cookie"]}"#)
        let app = emulator.url + "/relay/7/odata/applications/latest/com.example.demo"
        let cookies = emulator.dir.file("cookies.txt")
        let register = try curl(emulator, ["-c", cookies, "-w", "\n%{http_code}", "-H", "Content-Type: application/json",
                                           "--data", "{}", app + "/Connections"])
        #expect(register.out.hasSuffix("\n201"), "\(register)")
        #expect(!register.out.contains("ApplicationConnectionId"))

        // A 503 with Retry-After, then the server answers again.
        #expect(try emulator.control("POST", "/_emulator/faults", json: #"{"status": 503, "count": 1, "retryAfter": 2}"#).status == 201)
        let faulted = try curl(emulator, ["-b", cookies, "-o", "/dev/null", "-D", "-", app + "/Connections"])
        #expect(faulted.out.hasPrefix("HTTP/1.1 503"))
        #expect(faulted.out.contains("Retry-After: 2"))

        // A bundle of 1 MiB uploaded, assigned and downloaded intact with the cookie jar's connection id.
        let bytes = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        let upload = try emulator.control("PUT", "/_emulator/bundles/com.example.demo/Appmc:1.2.1", body: bytes,
                                          headers: ["X-Bundle-Extension": "jar"])
        #expect(upload.status == 201)
        #expect(try emulator.control("POST", "/_emulator/assign", json: #"{"appId": "com.example.demo", "bundleId": "Appmc:1.2.1"}"#).status == 200)
        let file = emulator.dir.file("bundle.bin")
        let download = try curl(emulator, ["-b", cookies, "-o", file, "-D", "-", emulator.url + "/relay/7/bundles/com.example.demo/"])
        #expect(download.status == 0)
        #expect(download.out.contains("X-BUNDLE-EXTENSION: jar"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)

        // A body cut short: curl sees the connection close before Content-Length bytes (exit 18).
        #expect(try emulator.control("POST", "/_emulator/faults", json: #"{"truncate": true}"#).status == 201)
        let cut = try curl(emulator, ["-b", cookies, "-o", "/dev/null", emulator.url + "/relay/7/bundles/com.example.demo/"])
        #expect(cut.status == 18, "\(cut)")
        let again = try curl(emulator, ["-b", cookies, "-o", "/dev/null", "-w", "%{http_code}", emulator.url + "/relay/7/bundles/com.example.demo/"])
        #expect(again.out == "200")
    }

    @Test func refusesAnUnreadableConfiguration() throws {
        let dir = TempDir("emu-bad")
        let config = dir.write("bad.json", #"{"answerFormat": "yaml"}"#)
        let r = try run(Binaries.emulator, ["--port", "0", "--config", config], timeout: 30)
        #expect(r.status == 78)
        #expect(r.err.contains("bad.json"))
        #expect(r.out.isEmpty)
    }
}
