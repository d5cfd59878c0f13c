// The systemd units of contrib/systemd (issues 25 item 3, 30 item 6) are accepted by
// `systemd-analyze verify` (Debian's systemd package; no running systemd needed) and scored by
// `systemd-analyze security --offline=yes` at no more exposure than 3.2. Copies of the units point
// ExecStart at the built hubctl, and the man pages their Documentation= names are looked up in a copy
// of man/. verify exits 0 on unknown keys and bad values (it only warns), so what it prints counts
// too: a broken copy shows that this test can fail.
//
// Their restart behaviour per exit status is checked by running each unit's own ExecStart= (as
// systemd would: its environment, its credential, its quoting) against the emulator in situations
// that end in 0, 64, 65, 77 and 78, and deciding from the unit's own Restart*= directives what
// systemd does next (docs/security.md, "The systemd units").
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
        let wait = try SystemdUnit(text("hubctl-acp-wait@.service"))
        let waitScript = try #require(wait.execStart.last)
        #expect(wait.execStart.first == "/bin/sh" && waitScript.contains("/usr/bin/hubctl acp check --wait --fetch "))
        for (key, value) in [("Restart", "on-failure"), ("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"),
                             ("PrivateTmp", "yes"), ("StateDirectory", "hubctl/%i"), ("EnvironmentFile", "-/etc/hubctl/%i.env"),
                             ("DynamicUser", "yes")] {
            #expect(wait.values(key).contains(value), "hubctl-acp-wait@.service lacks \(key)=\(value)")
        }
        let probe = try SystemdUnit(text("hubctl-probe@.service"))
        #expect(probe.value("Type") == "oneshot")
        #expect(probe.execStart.last?.contains("/usr/bin/hubctl probe --textfile /var/lib/prometheus/node-exporter ") == true)
        // An identity of its own, not node_exporter's user; the group only for the textfile directory.
        #expect(probe.value("DynamicUser") == "yes" && probe.value("User") == nil, "\(probe.entries)")
        #expect(probe.value("SupplementaryGroups") == "prometheus")
        #expect(probe.values("ReadWritePaths") == ["-/var/lib/prometheus/node-exporter"])
        #expect(try text("hubctl-probe@.timer").contains("\nOnUnitActiveSec=5min\n"))
        // No secret on a command line or in the environment: the password is a credential, read
        // from stdin, and a HUBCTL_PASSWORD the env file still sets is removed.
        for unit in [wait, probe] {
            #expect(unit.value("LoadCredential") == "password:/etc/hubctl/%i.password")
            #expect(unit.values("UnsetEnvironment").contains("HUBCTL_PASSWORD"))
            let script = unit.execStart.joined(separator: " ")
            #expect(script.hasPrefix("/bin/sh -c pw=\"$CREDENTIALS_DIRECTORY/password\"; if [ -s \"$pw\" ]; then set -- --password-stdin; fi;"),
                    "\(script)")
            #expect(script.components(separatedBy: "\"$@\" <\"$pw\"").count == 3, "\(script)")
            #expect(!script.contains("--password ") && !script.contains("HUBCTL_PASSWORD"))
        }
    }

    /// A misspelt key (only a warning to systemd) and a missing program are both caught.
    @Test func aBrokenUnitFailsTheCheck() throws {
        let (typo, man) = try copies { unit, text in
            unit == "hubctl-acp-wait@.service" ? text.replacingOccurrences(of: "Restart=on-failure", with: "Restrat=on-failure") : text
        }
        let r = try verify(typo, manPath: man)
        #expect(r.err.contains("Restrat"), "\(r)")
        let (missing, man2) = try copies { unit, text in
            unit == "hubctl-probe@.service" ? text.replacingOccurrences(of: "ExecStart=/bin/sh ", with: "ExecStart=/nonexistent/sh ") : text
        }
        let m = try verify(missing, manPath: man2)
        #expect(m.status != 0, "\(m)")
    }

    // MARK: systemd-analyze security

    /// `systemd-analyze security --offline=yes --threshold=32` of a copy: its exit status and the
    /// overall exposure it prints (0.0 safest, 10.0 unsafe).
    func exposure(_ dir: TempDir, _ instance: String) throws -> (status: Int32, level: Double?, result: RunResult) {
        let r = try run(Self.analyze, ["security", "--offline=yes", "--threshold=32", "--no-pager", dir.file(instance)],
                        environment: ["SYSTEMD_LOG_COLOR": "0", "HOME": dir.path])
        // "→ Overall exposure level for NAME: 3.2 OK :-)"
        var level: Double?
        if let line = r.out.split(separator: "\n").first(where: { $0.contains("Overall exposure level for") }),
           let at = line.range(of: instance + ": ") {
            level = line[at.upperBound...].split(separator: " ").first.flatMap { Double(String($0)) }
        }
        return (r.status, level, r)
    }

    /// Both services score no worse than the 3.2 they had before they got their own identities
    /// and credentials (issue 30, item 6); a copy without its hardening scores worse and fails.
    @Test func theExposureIsAtMost3Point2() throws {
        let (dir, _) = try copies()
        for instance in ["hubctl-acp-wait@demo.service", "hubctl-probe@demo.service"] {
            let e = try exposure(dir, instance)
            #expect(e.status == 0, "\(instance): \(e.result)")
            let level = try #require(e.level, "no overall exposure level in \(e.result)")
            #expect(level <= 3.2, "\(instance): \(level)")
        }
        let (weak, _) = try copies { unit, text in
            text.replacingOccurrences(of: "ProtectSystem=strict\n", with: "").replacingOccurrences(of: "DynamicUser=yes\n", with: "")
                .replacingOccurrences(of: "PrivateDevices=yes\n", with: "")
        }
        let e = try exposure(weak, "hubctl-acp-wait@demo.service")
        #expect(e.status != 0 && (e.level ?? 0) > 3.2, "\(e.result)")
    }

    // MARK: restart behaviour per exit status

    /// The situation a unit's command line runs in, as systemd sets it up for instance `demo`.
    struct Situation {
        var envFile: [String: String]
        var password: String
    }

    /// Runs the unit's own ExecStart= as systemd would for instance `demo`: its Environment= lines
    /// (%S the test's state root, %i `demo`), then the env file, minus UnsetEnvironment=; the
    /// credential of LoadCredential= in $CREDENTIALS_DIRECTORY; /usr/bin/hubctl the built one.
    func start(_ unit: SystemdUnit, _ situation: Situation, in dir: TempDir,
               replacing: [String: String] = [:]) throws -> RunResult {
        let specifiers = ["%S": dir.path + "/state", "%i": "demo"]
        func expand(_ text: String) -> String {
            specifiers.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        var env = ["PATH": "/usr/bin:/bin", "HOME": dir.path + "/nohome"]
        for assignment in unit.values("Environment") {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            env[parts[0]] = expand(parts.count > 1 ? parts[1] : "")
        }
        for (key, value) in situation.envFile { env[key] = value }
        for key in unit.values("UnsetEnvironment") { env[key] = nil }
        let credential = try #require(unit.value("LoadCredential")?.split(separator: ":", maxSplits: 1).first.map(String.init))
        let credentials = dir.path + "/credentials"
        try FileManager.default.createDirectory(atPath: credentials, withIntermediateDirectories: true)
        try Data((situation.password.isEmpty ? "" : situation.password + "\n").utf8).write(to: URL(fileURLWithPath: credentials + "/" + credential))
        env["CREDENTIALS_DIRECTORY"] = credentials
        let home = try #require(env["HUBCTL_HOME"])
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var command = unit.execStart.map { word in
            replacing.reduce(expand(word).replacingOccurrences(of: "/usr/bin/hubctl ", with: Binaries.hubctl + " ")) {
                $0.replacingOccurrences(of: $1.key, with: $1.value)
            }
        }
        let program = command.removeFirst()
        return try run(program, command, environment: env, timeout: 180)
    }

    /// The last JSON document a command line printed (the wait's, after register's).
    func lastDocument(_ r: RunResult) -> [String: Any]? {
        r.out.split(separator: "\n").last { $0.hasPrefix("{") }
            .flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func theWaitUnitStopsOnRefusedCredentialsAndConfigurationAndRestartsOtherwise() throws {
        let unit = try SystemdUnit(String(contentsOfFile: Self.repository + "/contrib/systemd/hubctl-acp-wait@.service", encoding: .utf8))
        let emu = try Emulator()
        let dir = TempDir("unit")
        let configured = ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo"]
        let profiles = dir.path + "/state/hubctl/demo/acp/com.example.demo"

        // 0: a profile is assigned: fetched and switched to; systemd starts the wait again.
        let v1 = dir.file("v1.zip")
        try Archives.make("jar", at: v1, version: "1.2.0")
        try emu.publish(v1, id: "Appmc:1.2.0", ext: "jar")
        let fetched = try start(unit, Situation(envFile: configured, password: "demo-password"), in: dir)
        #expect(fetched.status == 0, "\(fetched)")
        #expect((lastDocument(fetched)?["fetch"] as? [String: Any])?["bundleId"] as? String == "Appmc:1.2.0", "\(fetched)")
        #expect(unit.restarts(after: fetched.status), "after a fetch the unit waits for the next profile")

        // A broken profile is assigned: no reason to exit. The one in use stays, the failure is said
        // once, and the wait goes on (here until the deadline its env file gives: 75, restarted).
        let broken = dir.file("broken.zip")
        try Archives.make("truncated", at: broken, version: "1.2.1")
        try emu.publish(broken, id: "Appmc:1.2.1")
        let refused = try start(unit, Situation(envFile: configured.merging(["HUBCTL_DEADLINE": "8"]) { $1 }, password: "demo-password"), in: dir)
        #expect(refused.status == 75, "the wait went on past the broken profile, to its deadline: \(refused)")
        #expect(refused.err.components(separatedBy: "cannot be installed").count == 2, "said once, downloaded once: \(refused.err)")
        #expect(FileManager.default.fileExists(atPath: profiles + "/current/tiles/home.json"), "the profile in use stays: \(tree(profiles))")
        #expect(try String(contentsOfFile: profiles + "/current/tiles/home.json", encoding: .utf8).contains("1.2.0"))
        // Any other failure (65: a malformed answer, ...) is restarted, and the start limit ends a loop.
        #expect(unit.restarts(after: 65))
        #expect(unit.restarts(after: 75))
        let burst = try #require(unit.value("StartLimitBurst").flatMap { Int($0) })
        let window = try #require(unit.value("StartLimitIntervalSec").flatMap(SystemdUnit.seconds))
        let pause = try #require(unit.value("RestartSec").flatMap(SystemdUnit.seconds))
        #expect(burst <= 5 && Double(burst - 1) * pause < window,
                "a loop restarted every \(pause) s must reach \(burst) starts within \(window) s")
        #expect(pause >= 60, "a broken profile is not downloaded more than once a minute")

        // 77: the password (the credential; a right one left in the env file does not count) is
        // refused: the unit stops, the account is not tried again and again.
        let wrong = try start(unit, Situation(envFile: configured.merging(["HUBCTL_PASSWORD": "demo-password"]) { $1 },
                                              password: "not-the-password"), in: TempDir("unit77"))
        #expect(wrong.status == 77, "\(wrong)")
        #expect(!unit.restarts(after: 77))

        // 78: no server configured: stops.
        let unconfigured = try start(unit, Situation(envFile: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo"],
                                                     password: "demo-password"), in: TempDir("unit78"))
        #expect(unconfigured.status == 78, "\(unconfigured)")
        #expect(!unit.restarts(after: 78))

        // An empty password file is no password (not an empty line on stdin): the server asks for
        // one and nobody gives it.
        let none = try start(unit, Situation(envFile: configured, password: ""), in: TempDir("unitnone"))
        #expect(none.status == 77, "\(none)")
        #expect(!none.err.contains("stdin had no password line"), "\(none)")

        // 64: a usage error (WAIT_INTERVAL out of range): stops.
        let usage = try start(unit, Situation(envFile: configured.merging(["WAIT_INTERVAL": "0"]) { $1 },
                                              password: "demo-password"), in: dir)
        #expect(usage.status == 64, "\(usage)")
        #expect(!unit.restarts(after: 64))

        // A missing password file (systemd's 243, CREDENTIALS) is configuration too.
        #expect(!unit.restarts(after: 243))
    }

    /// The probe's command line registers and probes with the password from its credential, and
    /// writes the textfile.
    @Test func theProbeUnitProbesWithItsCredential() throws {
        let unit = try SystemdUnit(String(contentsOfFile: Self.repository + "/contrib/systemd/hubctl-probe@.service", encoding: .utf8))
        let emu = try Emulator()
        let dir = TempDir("probeunit")
        let textfile = dir.path + "/textfile"
        try FileManager.default.createDirectory(atPath: textfile, withIntermediateDirectories: true)
        let configured = ["HUBCTL_SERVER": emu.url, "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo",
                          "HUBCTL_PASSWORD": "not-the-password"]
        let r = try start(unit, Situation(envFile: configured, password: "demo-password"), in: dir,
                          replacing: ["/var/lib/prometheus/node-exporter": textfile])
        #expect(r.status == 0, "\(r)")
        let prom = try String(contentsOfFile: textfile + "/hubctl_probe_com.example.demo.prom", encoding: .utf8)
        #expect(prom.contains("hubctl_probe_success{") && prom.contains("} 1"), "\(prom)")
    }
}

/// A unit file read as systemd reads it (systemd.syntax(7)): sections, comments, lines continued
/// with a backslash (replaced by a space), repeated keys; ExecStart= split into words with its
/// quoting, `$$` an escaped `$`.
struct SystemdUnit {
    var entries: [(section: String, key: String, value: String)] = []

    init(_ text: String) throws {
        var section = ""
        var pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            var line = pending.isEmpty ? raw.trimmingCharacters(in: .whitespaces) : pending + " " + raw.trimmingCharacters(in: .whitespaces)
            pending = ""
            if line.hasPrefix("#") || line.hasPrefix(";") || line.isEmpty { continue }
            if line.hasSuffix("\\") { line.removeLast(); pending = line; continue }
            if line.hasPrefix("[") { section = String(line.dropFirst().dropLast()); continue }
            guard let eq = line.firstIndex(of: "=") else { throw HarnessError("not a key=value line: \(line)") }
            entries.append((section, line[..<eq].trimmingCharacters(in: .whitespaces),
                            line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)))
        }
    }

    func values(_ key: String) -> [String] { entries.filter { $0.key == key }.map(\.value) }
    func value(_ key: String) -> String? { values(key).last }

    /// ExecStart= as the words systemd passes to execve.
    var execStart: [String] {
        guard let line = value("ExecStart") else { return [] }
        var words: [String] = []
        var word: String?
        var quote: Character?
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"", let n = chars.popFirst() { word!.append(n) } else { word!.append(c) }
            } else if c == " " || c == "\t" {
                if let w = word { words.append(w); word = nil }
            } else if c == "'" || c == "\"" {
                quote = c
                if word == nil { word = "" }
            } else {
                word = (word ?? "") + String(c)
            }
        }
        if let w = word { words.append(w) }
        return words.map { $0.replacingOccurrences(of: "$$", with: "$") }
    }

    /// Exit statuses listed in a directive (numbers only; names are not used by these units).
    func statuses(_ key: String) -> Set<Int32> {
        Set(values(key).flatMap { $0.split(separator: " ") }.compactMap { Int32($0) })
    }

    /// What systemd (service_shall_restart) does when the main process exits with `status` and
    /// nobody asked it to stop: RestartPreventExitStatus= first, then RestartForceExitStatus=, then
    /// Restart= (SuccessExitStatus= being clean exits too).
    func restarts(after status: Int32) -> Bool {
        if statuses("RestartPreventExitStatus").contains(status) { return false }
        if statuses("RestartForceExitStatus").contains(status) { return true }
        let clean = status == 0 || statuses("SuccessExitStatus").contains(status)
        switch value("Restart") ?? "no" {
        case "always": return true
        case "on-success": return clean
        case "on-failure": return !clean
        default: return false   // no, on-abnormal, on-watchdog, on-abort: not for an exit status
        }
    }

    /// A time span of systemd.time(7) as these units write it: "90", "30s", "2min", "1h".
    static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("min", 60), ("h", 3600), ("s", 1)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * factor }
        }
        return Double(text)
    }
}
