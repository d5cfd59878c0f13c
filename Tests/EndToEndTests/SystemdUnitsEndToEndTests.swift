// The systemd units of contrib/systemd (issue 25, item 3) are accepted by `systemd-analyze verify`
// (Debian's systemd package; no running systemd needed). Copies of the units point ExecStart at the
// built hubctl (verify wants the program to exist), and the man pages their Documentation= names are
// looked up in a copy of man/. verify exits 0 on unknown keys and bad values (it only warns), so
// what it prints counts too: a broken copy shows that this test can fail.
import Foundation
import Testing

@Suite(.serialized) struct SystemdUnitsEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let analyze = "/usr/bin/systemd-analyze"
    static let units = ["hubctl-acp-wait@.service", "hubctl-probe@.service", "hubctl-probe@.timer"]

    /// The units copied into a fresh directory with ExecStart on the built hubctl, `edit` applied to
    /// each text; and a man directory for MANPATH.
    func copies(_ edit: (String, String) -> String = { _, text in text }) throws -> (TempDir, String) {
        let dir = TempDir("units")
        for unit in Self.units {
            let text = try String(contentsOfFile: Self.repository + "/contrib/systemd/" + unit, encoding: .utf8)
            if unit.hasSuffix(".service") { #expect(text.contains("/usr/bin/hubctl "), "\(unit) runs /usr/bin/hubctl") }
            _ = dir.write(unit, edit(unit, text.replacingOccurrences(of: "/usr/bin/hubctl ", with: Binaries.hubctl + " ")))
        }
        let man = dir.path + "/man/man1"
        try FileManager.default.createDirectory(atPath: man, withIntermediateDirectories: true)
        for page in try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/man") where page.hasSuffix(".1") {
            try FileManager.default.copyItem(atPath: Self.repository + "/man/" + page, toPath: man + "/" + page)
        }
        return (dir, dir.path + "/man")
    }

    func verify(_ dir: TempDir, manPath: String) throws -> RunResult {
        try #require(FileManager.default.isExecutableFile(atPath: Self.analyze),
                     "systemd-analyze is missing: `make deps` installs Debian's systemd package")
        let instances = [dir.file("hubctl-acp-wait@demo.service"), dir.file("hubctl-probe@demo.service"),
                         dir.file("hubctl-probe@demo.timer")]
        return try run(Self.analyze, ["verify"] + instances,
                       environment: ["MANPATH": manPath, "SYSTEMD_LOG_COLOR": "0", "HOME": dir.path])
    }

    @Test func theUnitsAreAcceptedBySystemdAnalyzeVerify() throws {
        let (dir, man) = try copies()
        let r = try verify(dir, manPath: man)
        #expect(r.status == 0, "\(r)")
        #expect(r.err.isEmpty && r.out.isEmpty, "systemd-analyze verify complained: \(r)")
    }

    @Test func whatTheUnitsRun() throws {
        func text(_ unit: String) throws -> String {
            try String(contentsOfFile: Self.repository + "/contrib/systemd/" + unit, encoding: .utf8)
        }
        let wait = try text("hubctl-acp-wait@.service")
        #expect(wait.contains("\nExecStart=/usr/bin/hubctl acp check --wait --fetch "))
        for line in ["Restart=on-failure", "NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes",
                     "StateDirectory=hubctl/%i", "EnvironmentFile=-/etc/hubctl/%i.env"] {
            #expect(wait.contains("\n" + line + "\n"), "hubctl-acp-wait@.service lacks \(line)")
        }
        let probe = try text("hubctl-probe@.service")
        #expect(probe.contains("\nType=oneshot\n"))
        #expect(probe.contains("\nExecStart=/usr/bin/hubctl probe --textfile /var/lib/prometheus/node-exporter\n"))
        #expect(try text("hubctl-probe@.timer").contains("\nOnUnitActiveSec=5min\n"))
        // No secret on a command line: the password comes from the environment file only.
        for unit in Self.units { #expect(!(try text(unit)).contains("--password"), "\(unit)") }
    }

    /// A misspelt key (only a warning to systemd) and a missing program are both caught.
    @Test func aBrokenUnitFailsTheCheck() throws {
        let (typo, man) = try copies { unit, text in
            unit == "hubctl-acp-wait@.service" ? text.replacingOccurrences(of: "Restart=on-failure", with: "Restrat=on-failure") : text
        }
        let r = try verify(typo, manPath: man)
        #expect(r.err.contains("Restrat"), "\(r)")
        let (missing, man2) = try copies { unit, text in
            unit == "hubctl-probe@.service" ? text.replacingOccurrences(of: Binaries.hubctl + " ", with: "/nonexistent/hubctl ") : text
        }
        let m = try verify(missing, manPath: man2)
        #expect(m.status != 0, "\(m)")
    }
}
