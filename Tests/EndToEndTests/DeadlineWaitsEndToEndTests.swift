// Issue 39, item 6: the one deadline bounds the waits on stdin and on the registration database
// too. A password, a push token or a pasted login code on a stdin nobody writes to, and a register
// while another process holds the registration database's write lock, each end at `--deadline 3`
// with 75 (`timeout`) and a message that says what hubctl waited for (docs/security.md §17).
import Foundation
import Testing

/// A FIFO in `dir` and its read end as hubctl's stdin: opened by the test without waiting for a
/// writer, then made blocking, as a shell's `< fifo` leaves it (so a read(2) would wait).
private func fifoReadEnd(_ dir: TempDir, _ name: String) throws -> (path: String, stdin: FileHandle) {
    let path = dir.file(name)
    guard mkfifo(path, 0o600) == 0 else { throw HarnessError("mkfifo \(path): errno \(errno)") }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw HarnessError("open \(path): errno \(errno)") }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return (path, FileHandle(fileDescriptor: fd, closeOnDealloc: true))
}

/// Runs hubctl and measures how long it took.
private func timed(_ body: () throws -> RunResult) rethrows -> (RunResult, Duration) {
    let start = ContinuousClock.now
    let result = try body()
    return (result, ContinuousClock.now - start)
}

/// The error document's message.
private func message(_ r: RunResult) -> String { r.error?["message"] as? String ?? "" }

@Suite(.serialized) struct DeadlineWaitsEndToEndTests {
    /// `--password-stdin` from a FIFO no writer ever opens: before, the read saw the end of input
    /// at once (64); a FIFO without its writer yet is waited for, until the deadline.
    @Test func aPasswordFromAFIFONobodyOpensEndsAtTheDeadline() throws {
        let emu = try Emulator()
        let hub = client(emu, password: nil, dir: TempDir("fifo-never"))
        let (_, stdin) = try fifoReadEnd(hub.dir, "password.fifo")
        let (r, took) = try timed { try hub.run(["register", "--password-stdin", "--deadline", "3"], standardInput: stdin, timeout: 60) }
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
        #expect(message(r).contains("the password line (--password-stdin)") && message(r).contains("deadline"), "\(r)")
        #expect(took < .seconds(30), "ended at its deadline, not later: \(took)")
        #expect(try connections(emu).isEmpty, "nothing was registered")
    }

    /// The same FIFO opened for writing by the test once hubctl has started, and never written to:
    /// before, hubctl blocked in read(2) for as long as the writer stayed.
    @Test func aPasswordFromAFIFOWhoseWriterStaysSilentEndsAtTheDeadline() throws {
        let emu = try Emulator()
        let hub = client(emu, password: nil, dir: TempDir("fifo-silent"))
        let (path, stdin) = try fifoReadEnd(hub.dir, "password.fifo")
        var writer: Int32 = -1
        defer { if writer >= 0 { close(writer) } }
        let (r, took) = try timed {
            try hub.run(["register", "--password-stdin", "--deadline", "3"], standardInput: stdin,
                        started: { writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC) }, timeout: 60)
        }
        #expect(writer >= 0, "the test opened the FIFO for writing: errno \(errno)")
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
        #expect(message(r).contains("the password line (--password-stdin)"), "\(r)")
        #expect(took < .seconds(30), "ended at its deadline, not later: \(took)")
        #expect(try connections(emu).isEmpty, "nothing was registered")
    }

    /// `push register --token -` on a pipe whose writer stays open and silent.
    @Test func aPushTokenFromASilentPipeEndsAtTheDeadline() throws {
        let emu = try Emulator()
        let hub = client(emu, dir: TempDir("token-pipe"))
        let pipe = Pipe()
        defer { try? pipe.fileHandleForWriting.close() }
        let (r, took) = try timed {
            try hub.run(["push", "register", "--os", "android", "--token", "-", "--deadline", "3"],
                        standardInput: pipe.fileHandleForReading, timeout: 60)
        }
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
        #expect(message(r).contains("the push token line (--token -)"), "\(r)")
        #expect(took < .seconds(30), "ended at its deadline, not later: \(took)")
    }

    /// `login --no-browser` waiting for the pasted address (or code) on a silent pipe.
    @Test func aLoginWaitingForAPastedCodeEndsAtTheDeadline() throws {
        let bed = try MobileServicesBed()
        let pipe = Pipe()
        defer { try? pipe.fileHandleForWriting.close() }
        let (r, took) = try timed {
            try bed.hub.run(["login", "--no-browser", "--deadline", "3"], standardInput: pipe.fileHandleForReading, timeout: 60)
        }
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
        #expect(message(r).contains("the address the browser was sent to"), "\(r)")
        #expect(took < .seconds(30), "ended at its deadline, not later: \(took)")
        #expect(try bed.counters()["codeExchanges"] ?? 0 == 0, "no code was exchanged")
    }

    /// `register` while the sqlite3 shell holds the registration database's write lock: before, it
    /// waited out SQLite's fixed 30 s busy timeout whatever the deadline said.
    @Test func aRegisterWaitingForTheDatabasesWriteLockEndsAtTheDeadline() throws {
        let emu = try Emulator()
        let dir = TempDir("sqlite-busy")
        let alice = client(emu, user: "alice", password: "alice-password", dir: dir)
        let demo = client(emu, dir: dir)
        let first = try alice("register")
        #expect(first.status == 0, "the database exists: \(first)")

        // The sqlite3 shell holds a write transaction (BEGIN IMMEDIATE) until its stdin closes.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [dir.path + "/home/registrations.db"]
        let input = Pipe(), output = Pipe()
        shell.standardInput = input
        shell.standardOutput = output
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        defer {
            if shell.isRunning { shell.terminate() }
            shell.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'held';\n".utf8))
        var said = ""
        while !said.contains("held") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        try #require(said.contains("held"), "sqlite3 holds the write lock: \(said)")

        let (r, took) = try timed { try demo.run(["register", "--deadline", "3"], timeout: 60) }
        #expect(r.status == 75, "\(r)")
        #expect(r.errorCode == "timeout", "\(r)")
        #expect(message(r).contains("write lock of the registration records"), "\(r)")
        #expect(took < .seconds(30), "ended at its deadline, not after SQLite's 30 s: \(took)")
        #expect(try connections(emu).count == 1, "nothing was sent for demo")

        // The lock was what it waited for: once the shell lets go, the same command goes through.
        try input.fileHandleForWriting.close()
        shell.waitUntilExit()
        let again = try demo.run(["register", "--deadline", "30"], timeout: 60)
        #expect(again.status == 0, "\(again)")
    }
}
