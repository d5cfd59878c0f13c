// `hubctl probe --register` never leaves its throw-away connection behind (issue 30, item 5), through
// the built binaries against hubctl-emulator: a read that hangs past --deadline, SIGTERM during a slow
// step, a probe killed with SIGKILL and one whose DELETE the server keeps failing (both cleaned up by
// the next probe). Slowness and failures come from the emulator's fault API; readiness is read from
// its request log, never from sleeps.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func steps(_ r: RunResult) -> [[String: Any]] { (r.json?["steps"] as? [[String: Any]]) ?? [] }
private func step(_ r: RunResult, _ name: String) -> [String: Any]? { steps(r).first { $0["step"] as? String == name } }
private func exchanges(_ step: [String: Any]?) -> [[String: Any]] { (step?["exchanges"] as? [[String: Any]]) ?? [] }

/// The emulator's request log.
private func requests(_ emu: Emulator) throws -> [[String: Any]] { (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? [] }

/// The ids of the connections the emulator has.
private func connectionIds(_ emu: Emulator) throws -> [String] { try connections(emu).compactMap { $0["id"] as? String } }

/// The probe's records of throw-away connections not yet deleted (`<home>/probe/pending-*.json`).
private func pendingRecords(_ hub: Hubctl) -> [String] {
    let dir = (hub.environment["HUBCTL_HOME"] ?? "") + "/probe"
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix("pending-") }.sorted()
}

/// A registered device; returns it and its recorded connection id.
private func registeredDevice(_ emu: Emulator) throws -> (Hubctl, String) {
    let hub = client(emu, dir: TempDir("probe-cleanup"))
    let r = try hub("register")
    #expect(r.status == 0, "\(r)")
    return (hub, try #require(try connectionIds(emu).first))
}

/// Faults that leave the recorded connection's requests alone (the oldest matching rule wins) and
/// apply `rule` to the first request for another connection's entity (`Connections('…')`): the
/// throw-away's read, as the probe's steps come in order.
private func faultThrowAwayRead(_ emu: Emulator, recorded: String, _ rule: String) throws {
    let (pass, _) = try emu.control("POST", "/_emulator/faults", json: #"{"delay": 0, "count": -1, "path": "\#(recorded)"}"#)
    #expect(pass == 201)
    let (status, _) = try emu.control("POST", "/_emulator/faults", json: rule)
    #expect(status == 201)
}

/// Logged reads of a connection other than `recorded` (the throw-away's), answered or not.
private func throwAwayReads(_ emu: Emulator, recorded: String) -> [[String: Any]] {
    ((try? requests(emu)) ?? []).filter {
        $0["method"] as? String == "GET" && (($0["path"] as? String)?.contains("/Connections('") ?? false)
            && !(($0["path"] as? String)?.contains(recorded) ?? true)
    }
}

/// The connection id in a `…/Connections('<id>')` URL or path.
private func connectionId(in url: String) -> String? {
    guard let open = url.range(of: "Connections('"), let close = url.range(of: "')", range: open.upperBound..<url.endIndex) else { return nil }
    return String(url[open.upperBound..<close.lowerBound])
}

/// The statuses the emulator answered to DELETEs of connection `id`.
private func deleteStatuses(_ emu: Emulator, id: String) throws -> [Int] {
    try requests(emu).filter { $0["method"] as? String == "DELETE" && (($0["path"] as? String)?.contains("Connections('\(id)')") ?? false) }
        .compactMap { $0["status"] as? Int }
}

@Suite(.serialized) struct ProbeCleanupEndToEndTests {
    /// The read hangs past the whole --deadline: the steps give up at their budget (8 s less the
    /// reserve of 2 s) and the unregister still runs, on the reserve, and deletes the connection.
    @Test func aReadHangingPastTheDeadlineStillDeletesTheThrowAwayConnection() throws {
        let emu = try Emulator()
        let (hub, recorded) = try registeredDevice(emu)
        try faultThrowAwayRead(emu, recorded: recorded, #"{"delay": 10, "count": 1, "path": "Connections('"}"#)
        let r = try hub("probe", "--register", "--deadline", "8")
        #expect(r.status == 75, "the read's timeout is the first failure: \(r)")
        #expect(steps(r).map { $0["step"] as? String } == ["settings", "acp_check", "register", "read", "unregister"], "\(r)")
        #expect(step(r, "read")?["success"] as? Bool == false)
        #expect((step(r, "read")?["error"] as? [String: Any])?["code"] as? String == "timeout")
        let unregister = step(r, "unregister")
        #expect(unregister?["success"] as? Bool == true, "the clean-up had its own time: \(String(describing: unregister))")
        let delete = try #require(exchanges(unregister).last)
        #expect(delete["method"] as? String == "DELETE")
        let id = try #require(connectionId(in: delete["url"] as? String ?? ""))
        #expect(id != recorded)
        #expect(try deleteStatuses(emu, id: id).contains { $0 == 200 || $0 == 204 }, "the emulator answered the DELETE of \(id)")
        #expect(try connectionIds(emu) == [recorded], "the throw-away connection is gone")
        #expect(pendingRecords(hub).isEmpty, "its record was removed after the DELETE")
    }

    /// SIGTERM while the throw-away's read hangs: the probe does not wait for the read; the report
    /// (stdout) and the textfile name the interrupted step, the connection is deleted, exit 143.
    @Test func sigtermDuringASlowStepCleansUpAndReports() throws {
        let emu = try Emulator()
        let (hub, recorded) = try registeredDevice(emu)
        try faultThrowAwayRead(emu, recorded: recorded, #"{"delay": 15, "count": 1, "path": "Connections('"}"#)
        let dir = TempDir("probe-textfile")
        let probe = try BackgroundHubctl(hub, ["probe", "--register", "--textfile", dir.path])
        #expect(eventually { !throwAwayReads(emu, recorded: recorded).isEmpty }, "the probe reached the slow read: \(probe.stderrText)")
        let id = try #require(connectionId(in: throwAwayReads(emu, recorded: recorded).first?["path"] as? String ?? ""))
        probe.signal(SIGTERM)
        let r = probe.finish()
        #expect(r.status == 143, "\(r)")
        #expect(r.json?["success"] as? Bool == false, "the report is on stdout: \(r)")
        #expect(steps(r).map { $0["step"] as? String } == ["settings", "acp_check", "register", "read", "unregister"], "\(r)")
        let read = step(r, "read")
        #expect(read?["success"] as? Bool == false)
        #expect((read?["error"] as? [String: Any])?["code"] as? String == "interrupted")
        #expect((read?["error"] as? [String: Any])?["message"] as? String == "interrupted by SIGTERM")
        #expect((read?["error"] as? [String: Any])?["exitCode"] as? Int == 143)
        #expect(step(r, "unregister")?["success"] as? Bool == true, "\(r)")
        #expect(r.err.contains("stopped by SIGTERM during step read"), "\(r.err)")

        let text = try String(contentsOfFile: dir.file("hubctl_probe_com.example.demo.prom"), encoding: .utf8)
        #expect(text.contains(#"hubctl_probe_step_success{server="\#(emu.url)",app="com.example.demo",step="read"} 0"#), "\(text)")
        #expect(text.contains(#"hubctl_probe_step_success{server="\#(emu.url)",app="com.example.demo",step="unregister"} 1"#), "\(text)")
        #expect(text.contains(#"hubctl_probe_success{server="\#(emu.url)",app="com.example.demo"} 0"#))

        #expect(try deleteStatuses(emu, id: id).contains { $0 == 200 || $0 == 204 }, "the DELETE of \(id) was answered")
        #expect(try connectionIds(emu) == [recorded], "the throw-away connection is gone")
        #expect(pendingRecords(hub).isEmpty)
    }

    /// SIGKILL during the slow read leaves the connection and its record; the next probe deletes it
    /// first (a `cleanup` step naming it) and then runs as usual.
    @Test func aProbeKilledMidwayIsCleanedUpByTheNextOne() throws {
        let emu = try Emulator()
        let (hub, recorded) = try registeredDevice(emu)
        try faultThrowAwayRead(emu, recorded: recorded, #"{"delay": 15, "count": 1, "path": "Connections('"}"#)
        let killed = try BackgroundHubctl(hub, ["probe", "--register"])
        #expect(eventually { !throwAwayReads(emu, recorded: recorded).isEmpty }, "the probe reached the slow read")
        let leftover = try #require(connectionId(in: throwAwayReads(emu, recorded: recorded).first?["path"] as? String ?? ""))
        killed.signal(SIGKILL)
        let k = killed.finish()
        #expect(k.status == 137 || k.status == SIGKILL, "killed: \(k)")
        #expect(try connectionIds(emu).sorted() == [recorded, leftover].sorted(), "a crash leaves the connection")
        #expect(pendingRecords(hub).count == 1 && pendingRecords(hub).first?.hasSuffix("-\(leftover).json") == true, "\(pendingRecords(hub))")

        try emu.control("DELETE", "/_emulator/faults")
        let r = try hub("probe", "--register")
        #expect(r.status == 0, "\(r)")
        #expect(steps(r).map { $0["step"] as? String } == ["cleanup", "settings", "acp_check", "register", "read", "unregister"], "\(r)")
        let cleanup = step(r, "cleanup")
        #expect(cleanup?["removed"] as? [String] == [leftover])
        #expect(exchanges(cleanup).first?["method"] as? String == "DELETE")
        #expect(try deleteStatuses(emu, id: leftover).contains { $0 == 200 || $0 == 204 })
        #expect(try connectionIds(emu) == [recorded], "the leftover and this probe's own connection are gone")
        #expect(pendingRecords(hub).isEmpty)
    }

    /// A server whose DELETE keeps failing: the probe fails its unregister and keeps the record; the
    /// next probe, against a healthy server, deletes the connection. So probes under a timer do not
    /// pile connections up on a flaky server.
    @Test func aFailedDeleteIsRetriedByTheNextProbe() throws {
        let emu = try Emulator()
        let (hub, recorded) = try registeredDevice(emu)
        // The throw-away's read passes; every later request for another connection (its DELETE) fails.
        try faultThrowAwayRead(emu, recorded: recorded, #"{"delay": 0, "count": 1, "path": "Connections('"}"#)
        let (status, _) = try emu.control("POST", "/_emulator/faults", json: #"{"status": 500, "count": -1, "path": "Connections('"}"#)
        #expect(status == 201)
        let failed = try hub("probe", "--register", "--deadline", "20")
        #expect(failed.status == 69, "\(failed)")
        #expect(step(failed, "unregister")?["success"] as? Bool == false, "\(failed)")
        let leftover = try #require(connectionId(in: exchanges(step(failed, "unregister")).last?["url"] as? String ?? ""))
        #expect(try connectionIds(emu).sorted() == [recorded, leftover].sorted())
        #expect(pendingRecords(hub).count == 1, "the connection stays recorded")

        try emu.control("DELETE", "/_emulator/faults")
        let r = try hub("probe", "--register")
        #expect(r.status == 0, "\(r)")
        #expect(step(r, "cleanup")?["removed"] as? [String] == [leftover], "\(r)")
        #expect(try connectionIds(emu) == [recorded])
        #expect(pendingRecords(hub).isEmpty)
    }
}
