// `hubctl probe` through the built binaries (issue 25 "Done means"): each step timed against
// hubctl-emulator, a step made to fail and one made slow with the emulator's fault API, a slow TLS
// handshake through nginx behind a delaying relay, the Prometheus text checked by Debian's
// `promtool` and scraped over HTTP from Debian's `prometheus-node-exporter` with its textfile
// collector pointed at --textfile's directory.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

private let promtool = "/usr/bin/promtool"
private let nodeExporter = "/usr/bin/prometheus-node-exporter"

/// A registered device of a fresh emulator.
private func registeredDevice(_ emu: Emulator, env: [String: String] = [:]) throws -> Hubctl {
    var hub = client(emu)
    for (k, v) in env { hub.environment[k] = v }
    let r = try hub("register")
    #expect(r.status == 0, "\(r)")
    return hub
}

private func steps(_ r: RunResult) -> [[String: Any]] { (r.json?["steps"] as? [[String: Any]]) ?? [] }
private func step(_ r: RunResult, _ name: String) -> [String: Any]? { steps(r).first { $0["step"] as? String == name } }
private func phases(_ step: [String: Any]?, _ index: Int = 0) -> [String: Double] {
    ((step?["exchanges"] as? [[String: Any]])?[safe: index]?["phases"] as? [String: Double]) ?? [:]
}

private extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

/// `promtool check metrics` on the text: its exit status and what it said.
private func promtoolCheck(_ text: String) throws -> RunResult {
    guard FileManager.default.isExecutableFile(atPath: promtool) else {
        throw HarnessError("\(promtool) is missing: `make test` installs Debian's prometheus package (or apt-get install prometheus).")
    }
    return try run(promtool, ["check", "metrics"], stdin: Data(text.utf8), timeout: 60)
}

/// prometheus-node-exporter with only its textfile collector, on a free loopback port.
private final class NodeExporter {
    let process = Process()
    let port: Int

    init(textfileDirectory: String) throws {
        guard FileManager.default.isExecutableFile(atPath: nodeExporter) else {
            throw HarnessError("\(nodeExporter) is missing: `make test` installs Debian's prometheus-node-exporter.")
        }
        port = try TLSTestBed.freePort()
        process.executableURL = URL(fileURLWithPath: nodeExporter)
        process.arguments = ["--web.listen-address=127.0.0.1:\(port)", "--collector.disable-defaults", "--collector.textfile",
                             "--collector.textfile.directory=\(textfileDirectory)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard TLSTestBed.waitUntilListening(port: port, process: process) else {
            throw HarnessError("prometheus-node-exporter did not start listening on 127.0.0.1:\(port)")
        }
    }

    /// One scrape of /metrics over HTTP.
    func scrape() throws -> String {
        let r = try run("/usr/bin/curl", ["-sS", "--max-time", "30", "http://127.0.0.1:\(port)/metrics"])
        #expect(r.status == 0, "\(r)")
        return r.out
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }
}

/// The sample lines of one metric in a scrape (node_exporter sorts the labels by name).
private func samples(_ scrape: String, _ name: String) -> [String] {
    scrape.split(separator: "\n").map(String.init).filter { $0.hasPrefix(name + "{") || $0.hasPrefix(name + " ") }
}

@Suite(.serialized) struct ProbeEndToEndTests {
    @Test func everyStepIsTimedWithItsHTTPPhases() throws {
        let emu = try Emulator()
        let hub = try registeredDevice(emu)
        let r = try hub("probe")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["success"] as? Bool == true)
        #expect(r.json?["appId"] as? String == "com.example.demo")
        #expect(steps(r).map { $0["step"] as? String } == ["settings", "acp_check"], "no OAuth client, so no token step")
        for s in steps(r) {
            #expect(s["success"] as? Bool == true)
            let exchanges = (s["exchanges"] as? [[String: Any]]) ?? []
            // One GET of the connection per step; `acp_check` with no bundle assigned then asks for
            // the default bundle (docs/protocol.md §7), which this server does not have: 404 at
            // /bundles/<appId>/ and at Mobile Services' own address.
            let expected = s["step"] as? String == "acp_check" ? [200, 404, 404] : [200]
            #expect(exchanges.map { $0["status"] as? Int } == expected, "\(s)")
            #expect(exchanges.first?["method"] as? String == "GET")
            #expect(Set(phases(s).keys) == ["dns", "connect", "tls", "firstByte", "total"])
            #expect(phases(s)["tls"] == 0, "plain HTTP has no handshake")
            #expect((phases(s)["total"] ?? 0) > 0)
        }
        #expect(!r.out.contains("demo-password") && !r.err.contains("demo-password"))
        #expect(r.err.isEmpty, "nothing on stderr when every step succeeded: \(r.err)")
    }

    @Test func registerStepsLeaveNoConnectionBehind() throws {
        let emu = try Emulator()
        let hub = try registeredDevice(emu)
        let recorded = try #require(try connections(emu).first?["id"] as? String)
        let r = try hub("probe", "--register")
        #expect(r.status == 0, "\(r)")
        #expect(steps(r).map { $0["step"] as? String } == ["settings", "acp_check", "register", "read", "unregister"])
        #expect((step(r, "register")?["exchanges"] as? [[String: Any]])?.last?["status"] as? Int == 201)
        #expect((step(r, "unregister")?["exchanges"] as? [[String: Any]])?.last?["method"] as? String == "DELETE")
        let left = try connections(emu).compactMap { $0["id"] as? String }
        #expect(left == [recorded], "the throw-away connection is gone and the recorded one untouched")
        let status = try hub("settings", "get", "ApplicationConnectionId")
        #expect(status.json?["ApplicationConnectionId"] as? String == recorded, "the throw-away was never recorded")
    }

    @Test func aFailedSettingsReadIsReportedWithItsExitCodeAndMetrics() throws {
        let emu = try Emulator()
        let hub = try registeredDevice(emu)
        let (status, _) = try emu.control("POST", "/_emulator/faults", json: #"{"status": 500, "count": -1, "path": "Connections"}"#)
        #expect(status == 201)
        let r = try hub("probe")
        #expect(r.status == 69, "\(r)")
        #expect(r.json?["success"] as? Bool == false, "the report is printed even when a step failed")
        let settings = step(r, "settings")
        #expect(settings?["success"] as? Bool == false)
        #expect((settings?["error"] as? [String: Any])?["exitCode"] as? Int == 69)
        #expect((settings?["exchanges"] as? [[String: Any]])?.last?["status"] as? Int == 500)
        #expect(r.errorCode == "server_error", "the first failed step's error on stderr: \(r.err)")
        #expect((r.error?["message"] as? String)?.hasPrefix("probe step settings failed") == true)

        let metrics = try hub("probe", "--format", "prometheus")
        #expect(metrics.status == 69)
        #expect(metrics.out.contains(#"hubctl_probe_success{server="\#(emu.url)",app="com.example.demo"} 0"#), "\(metrics.out)")
        #expect(metrics.out.contains(#"hubctl_probe_step_success{server="\#(emu.url)",app="com.example.demo",step="settings"} 0"#))
        #expect(metrics.out.contains(#"hubctl_probe_http_status_code{server="\#(emu.url)",app="com.example.demo",step="settings"} 500"#))
        #expect(metrics.out.contains(#"hubctl_probe_last_success_timestamp_seconds{server="\#(emu.url)",app="com.example.demo"} 0"#),
                "never succeeded: 0")
        let check = try promtoolCheck(metrics.out)
        #expect(check.status == 0, "promtool: \(check)")
    }

    @Test func aSlowStepShowsInItsDurationAndFirstByte() throws {
        let emu = try Emulator()
        let hub = try registeredDevice(emu)
        let (status, _) = try emu.control("POST", "/_emulator/faults", json: #"{"delay": 1.5, "count": 1, "path": "Connections"}"#)
        #expect(status == 201)
        let r = try hub("probe")
        #expect(r.status == 0, "\(r)")
        let settings = step(r, "settings")
        #expect((settings?["durationSeconds"] as? Double ?? 0) >= 1.5, "\(String(describing: settings))")
        #expect((phases(settings)["firstByte"] ?? 0) >= 1.5, "the server's delay is time to first byte")
    }

    @Test func prometheusTextIsAcceptedByPromtool() throws {
        let emu = try Emulator()
        let hub = try registeredDevice(emu)
        let r = try hub("probe", "--register", "--format", "prometheus")
        #expect(r.status == 0, "\(r)")
        let text = r.out
        for name in ["hubctl_probe_success", "hubctl_probe_step_success", "hubctl_probe_duration_seconds",
                     "hubctl_probe_http_phase_seconds", "hubctl_probe_http_status_code", "hubctl_probe_timestamp_seconds",
                     "hubctl_probe_last_success_timestamp_seconds"] {
            #expect(text.contains("# HELP \(name) "), "HELP of \(name)")
            #expect(text.contains("# TYPE \(name) gauge\n"), "TYPE of \(name)")
        }
        for phase in ["dns", "connect", "tls", "first_byte", "total"] {
            #expect(text.contains(#"hubctl_probe_http_phase_seconds{server="\#(emu.url)",app="com.example.demo",step="register",phase="\#(phase)"} "#))
        }
        #expect(text.hasSuffix("\n"))
        let check = try promtoolCheck(text)
        #expect(check.status == 0, "promtool: \(check)")
        #expect(check.out.isEmpty && check.err.isEmpty, "no lint findings: \(check)")
    }

    @Test func textfileIsScrapedByNodeExporter() throws {
        let emu = try Emulator()
        let hub = try registeredDevice(emu)
        let dir = TempDir("textfile")
        let exporter = try NodeExporter(textfileDirectory: dir.path)
        let ok = try hub("probe", "--textfile", dir.path)
        #expect(ok.status == 0, "\(ok)")
        #expect(ok.json?["success"] as? Bool == true, "stdout keeps the JSON report")
        let file = dir.file("hubctl_probe_com.example.demo.prom")
        let mode = ((try FileManager.default.attributesOfItem(atPath: file))[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o644, "node_exporter runs as another user")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["hubctl_probe_com.example.demo.prom"], "no temporary file left")

        let first = try exporter.scrape()
        #expect(samples(first, "hubctl_probe_success") == [#"hubctl_probe_success{app="com.example.demo",server="\#(emu.url)"} 1"#], "\(first)")
        let lastSuccess = try #require(samples(first, "hubctl_probe_last_success_timestamp_seconds").first)
        #expect(!lastSuccess.hasSuffix(" 0"))
        #expect(samples(first, "node_textfile_scrape_error") == ["node_textfile_scrape_error 0"])

        // A failed probe replaces the file: success 0, and the last success is still the first probe's.
        let (status, _) = try emu.control("POST", "/_emulator/faults", json: #"{"status": 503, "count": -1, "path": "Connections"}"#)
        #expect(status == 201)
        let failed = try hub("probe", "--textfile", dir.path, "--deadline", "20")
        #expect(failed.status == 69, "\(failed)")
        let second = try exporter.scrape()
        #expect(samples(second, "hubctl_probe_success") == [#"hubctl_probe_success{app="com.example.demo",server="\#(emu.url)"} 0"#], "\(second)")
        #expect(samples(second, "hubctl_probe_last_success_timestamp_seconds").first == lastSuccess)
    }

    @Test func aSlowTLSHandshakeShowsInTheTLSPhase() throws {
        let bed = try TLSTestBed()
        let nginxPort = URLComponents(string: bed.url)?.port ?? 0
        // A relay in front of nginx holds the server's first bytes (the ServerHello) back 1.2 s.
        let relay = Process()
        relay.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        relay.arguments = [Repo.root + "/scripts/slow-relay.py", String(nginxPort), "1.2"]
        let out = Pipe()
        relay.standardOutput = out
        relay.standardError = FileHandle.nullDevice
        try relay.run()
        // SIGKILL: the relay has nothing to clean up, and its end must not depend on how it treats SIGTERM.
        defer { kill(relay.processIdentifier, SIGKILL); relay.waitUntilExit() }
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(line.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }, "relay said: \(line)")

        let hub = Hubctl(dir: TempDir("probe-tls"), environment: [
            "HUBCTL_SERVER": "https://localhost:\(port)", "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo",
            "HUBCTL_PASSWORD": "demo-password", "HUBCTL_CACERT": bed.file("ca.pem"),
            "HUBCTL_CERT": bed.file("client.pem"), "HUBCTL_KEY": bed.file("client.key")])
        let registered = try hub("register")
        #expect(registered.status == 0, "\(registered)")
        let r = try hub("probe")
        #expect(r.status == 0, "\(r)")
        let settings = step(r, "settings")
        #expect((phases(settings)["tls"] ?? 0) >= 1.2, "the handshake waited for the relay: \(String(describing: settings))")
        #expect((phases(settings)["connect"] ?? -1) >= 0)
        let metrics = try hub("probe", "--format", "prometheus")
        let tlsLine = metrics.out.split(separator: "\n").first { $0.hasPrefix("hubctl_probe_http_phase_seconds{") && $0.contains(#"step="settings",phase="tls""#) }
        let tls = tlsLine.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        #expect(tls >= 1.2, "\(metrics.out)")
    }

    @Test func oauthTokenStepRefreshesTheAccessToken() throws {
        let bed = try MobileServicesBed()
        let (login, _) = try bed.pasteLogin()
        #expect(login.status == 0, "\(login)")
        #expect(try bed.hub("register").status == 0)
        let before = try bed.counters()["refreshes"] ?? 0
        let r = try bed.hub("probe")
        #expect(r.status == 0, "\(r)")
        #expect(steps(r).first?["step"] as? String == "token")
        #expect((step(r, "token")?["exchanges"] as? [[String: Any]])?.first?["method"] as? String == "POST")
        #expect(try bed.counters()["refreshes"] == before + 1, "the token step is one refresh")
        let again = try bed.hub("settings", "get", "ApplicationConnectionId")
        #expect(again.status == 0, "the rotated refresh token was kept in the vault: \(again)")
    }

    @Test func pushStepsReachTheThrowAwayDevice() throws {
        let emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        let hub = try registeredDevice(emu)
        let recorded = try #require(try connections(emu).first?["id"] as? String)
        let key = hub.dir.write("key.json", #"{"url": "\#(emu.url)", "apiKey": "emulator-push-api-key"}"#)
        chmod(key, 0o600)
        let r = try hub("probe", "--register", "--push", "--service-key", key)
        #expect(r.status == 0, "\(r)")
        #expect(steps(r).map { $0["step"] as? String } == ["settings", "acp_check", "register", "read", "push_register", "push_send", "unregister"])
        let (status, body) = try emu.control("GET", "/_emulator/push/notifications")
        #expect(status == 200)
        let sent = ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["notifications"] as? [[String: Any]]) ?? []
        #expect(sent.count == 1)
        let device = (sent.first?["devices"] as? [[String: Any]])?.first?["deviceId"] as? String
        #expect(device != nil && device != recorded, "sent to the throw-away connection, not the recorded device")
        #expect(!r.out.contains("emulator-push-api-key") && !r.err.contains("emulator-push-api-key"))
        let regs = try hub("push", "registrations", "--service-key", key)
        #expect(regs.status == 0, "\(regs)")
        #expect(!regs.out.contains(device ?? "-"), "the throw-away push registration is gone: \(regs.out)")
    }

    @Test func theAlertRulesAreAcceptedByPromtoolAndShownInTheOperationsDoc() throws {
        let rules = Repo.root + "/contrib/prometheus/hubctl-probe.rules.yml"
        guard FileManager.default.isExecutableFile(atPath: promtool) else {
            throw HarnessError("\(promtool) is missing: `make test` installs Debian's prometheus package.")
        }
        let check = try run(promtool, ["check", "rules", rules], timeout: 60)
        #expect(check.status == 0, "\(check)")
        #expect(check.out.contains("SUCCESS: 2 rules found"), "\(check)")
        let text = try String(contentsOfFile: rules, encoding: .utf8)
        let doc = try String(contentsOfFile: Repo.root + "/docs/operations.md", encoding: .utf8)
        #expect(doc.contains("```yaml\n" + text + "```"), "docs/operations.md shows the rule file as it is")
    }

    @Test func badFlagsAndAnUnwritableTextfileDirectoryAreRefusedBeforeAnyRequest() throws {
        let emu = try Emulator()
        let hub = try registeredDevice(emu)
        let before = ((try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []).count
        let format = try hub("probe", "--format", "xml")
        #expect(format.status == 64, "\(format)")
        let push = try hub("probe", "--push")
        #expect(push.status == 64, "\(push)")
        let missing = try hub("probe", "--textfile", hub.dir.file("no-such-dir"))
        #expect(missing.status == 73, "\(missing)")
        #expect(missing.out.isEmpty)
        let after = ((try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []).count
        #expect(after == before, "nothing was sent")
    }
}
