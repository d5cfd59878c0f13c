// Inputs that are not regular files (issue 23 §5, docs/security.md §17): read once, through one
// descriptor, bounded by --deadline; process substitution works, a FIFO nobody writes to ends at
// the deadline, and stdin has a size limit.
import Foundation
import Testing

@Suite(.serialized) struct InputsEndToEndTests {
    /// A registered device on the emulator playing Mobile Services (log upload enabled).
    func registered() throws -> (Emulator, Hubctl) {
        let emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        let hub = client(emu, dir: TempDir("inputs"))
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        return (emu, hub)
    }

    func logs(_ emu: Emulator) throws -> [[String: Any]] {
        (try received(emu)["logs"] as? [[String: Any]]) ?? []
    }

    @Test func aFIFOWithNoWriterEndsAtTheDeadlineWith75() throws {
        let (emu, hub) = try registered()
        let fifo = hub.dir.file("log.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try hub.run(["logs", "upload", "--deadline", "2", fifo], timeout: 60)
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
        #expect((r.error?["message"] as? String)?.contains("no end of input") == true, "\(r)")
        #expect(try logs(emu).isEmpty, "nothing was sent")
    }

    @Test func processSubstitutionIsReadOnceEvenWhenSplit() throws {
        let (emu, hub) = try registered()
        // 40 valid lines produced by a command, sent in requests of at most 1 KiB.
        var env = hub.environment
        env["PATH"] = Binaries.directory + ":/usr/bin:/bin"
        let script = """
            hubctl logs upload --max-request-size 1K <(for i in $(seq 1 40); do \
            printf '#2024-07-01T17:16:08.637+02:00#INFO#corr-%s#hubctl-test#Tests.swift:%s#message %s#\\n' $i $i $i; done)
            """
        let r = try run("/bin/bash", ["-c", script], environment: env)
        #expect(r.status == 0, "\(r)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(output["lines"] as? Int == 40, "\(r)")
        #expect((output["requests"] as? Int ?? 0) > 1, "split into several requests: \(r)")
        #expect((output["source"] as? String)?.hasPrefix("/dev/fd/") == true, "\(r)")
        let sent = try logs(emu)
        #expect(sent.reduce(0) { $0 + ($1["lines"] as? Int ?? 0) } == 40)
        #expect(sent.first?["firstLine"] as? String == "#2024-07-01T17:16:08.637+02:00#INFO#corr-1#hubctl-test#Tests.swift:1#message 1#")
        #expect(sent.last?["lastLine"] as? String == "#2024-07-01T17:16:08.637+02:00#INFO#corr-40#hubctl-test#Tests.swift:40#message 40#")
    }

    @Test func stdinIsSpooledOnceAndTheUsageReportHasALimit() throws {
        let (emu, hub) = try registered()
        defer { withExtendedLifetime(emu) {} }
        let lines = (1...30).map { logLine($0) }.joined(separator: "\n") + "\n"
        let r = try hub.run(["logs", "upload", "--max-request-size", "1K", "-"], stdin: Data(lines.utf8))
        #expect(r.status == 0, "\(r)")
        #expect((try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])?["lines"] as? Int == 30, "\(r)")
        // A usage report larger than its limit on stdin: refused, nothing sent.
        let huge = Data(repeating: 0x20, count: 16 * 1024 * 1024 + 1)
        let usage = try hub.run(["usage", "upload", "-"], stdin: huge)
        #expect(usage.status == 65, "\(usage)")
        #expect(usage.errorCode == "invalid_usage_report", "\(usage)")
        // And through process substitution, the same report is read like a file.
        var env = hub.environment
        env["PATH"] = Binaries.directory + ":/usr/bin:/bin"
        let viaPipe = try run("/bin/bash", ["-c", "hubctl usage upload <(head -c 16777217 /dev/zero)"], environment: env)
        #expect(viaPipe.status == 65, "\(viaPipe)")
        #expect(viaPipe.err.contains("invalid_usage_report"), "\(viaPipe)")
    }

    /// A passphrase file that is a pipe (`<(pass show …)`) works; one nobody writes to ends at the deadline.
    @Test func aPassphraseFromAPipeAndAFIFOThatNeverAnswers() throws {
        let hub = Hubctl()
        var env = hub.environment
        env["PATH"] = Binaries.directory + ":/usr/bin:/bin"
        let created = try run("/bin/bash", ["-c", "hubctl vault init --vault-passphrase-file <(printf 'correct horse battery\\n')"], environment: env)
        #expect(created.status == 0, "\(created)")
        let fifo = hub.dir.file("pass.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try hub.run(["vault", "list", "--deadline", "2", "--vault-passphrase-file", fifo], timeout: 60)
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
    }
}
