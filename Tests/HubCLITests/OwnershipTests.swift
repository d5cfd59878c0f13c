// One owner and one name per value, read from the sources (issue 49): the deadline is resolved
// only by the settings table and the Invocation, and read by name only where it is enforced; a
// `FILE|-` argument is read by one function; argv is scanned once before ArgumentParser; a
// command's type is named after its file.

import Foundation
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every Swift file of the `hubctl` product (the emulator left out), by its path from the package
/// root, with its lines of code (comments dropped).
private func productSources(under folder: String = "Sources") throws -> [(path: String, lines: [Substring])] {
    let root = packageRoot.appendingPathComponent(folder).path
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { throw CommandTestError("cannot list \(root)") }
    var files: [(String, [Substring])] = []
    for case let relative as String in enumerator where relative.hasSuffix(".swift") {
        let path = folder + "/" + relative
        if path.hasPrefix("Sources/HubEmulator/") || path.hasPrefix("Sources/hubctl-emulator/") { continue }
        guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { throw CommandTestError("cannot read \(relative)") }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        }
        files.append((path, lines))
    }
    return files.sorted { $0.0 < $1.0 }
}

@Suite("Ownership")
struct OwnershipTests {
    /// The deadline's setting (`.deadline`, `"deadline"`, its default, a resolved copy such as
    /// `config.deadline`) is named only by the table, the code generated from it, the Invocation
    /// that owns the value, and the code that enforces it (the transport, stdin, locks, SQLite).
    /// Everything else is handed `invocation.deadline` / `deadlineSeconds`.
    @Test func theDeadlineHasOneOwner() throws {
        let allowed = ["Sources/HubConfig/GlobalSetting.swift", "Sources/HubCLI/Runtime/Invocation.swift",
                       "Sources/HubCLI/Runtime/GlobalOptions+Generated.swift"]
        let enforcing = ["Sources/HubTransport/", "Sources/HubCore/BoundedFile.swift", "Sources/HubCore/AtomicFile.swift",
                         "Sources/HubCLI/Runtime/InputSource.swift", "Sources/HubServices/Registration/RegistrationDatabase.swift",
                         "Sources/HubServices/Registration/RegistrationStore.swift"]
        let names = try Regex(#"(?:^|[^\w)\]])\.deadline\b|GlobalSetting\.deadline\b|\bconfig\.deadline\b|"deadline"|defaultDeadlineSeconds|deadlineExplicit"#)
        let files = try productSources()
        #expect(files.count > 150, "the sources were not found")
        var owners: Set<String> = []
        for (path, lines) in files where !enforcing.contains(where: { path.hasPrefix($0) }) {
            for (number, line) in lines.enumerated() where line.contains(names) {
                owners.insert(path)
                if !allowed.contains(path) {
                    Issue.record("\(path):\(number + 1): names the deadline's setting; take `invocation.deadline` (or `deadlineSeconds`, `deadlineGiven`) handed down instead")
                }
            }
        }
        // The rule reads what it means to: the owner names it.
        #expect(owners.contains("Sources/HubCLI/Runtime/Invocation.swift"), "\(owners.sorted())")
    }

    /// A command's type is named after its file (`ACPCheck` in ACPCheck.swift); a group (a
    /// ParsableCommand with verbs below it) and the file named after its folder (a group, or a
    /// top-level verb) hold `<File>Command`, since `Bundle`, `Config` or `Settings` alone would
    /// hide a type of Foundation or of the services.
    @Test func commandTypesAreNamedAfterTheirFiles() throws {
        let declaration = try Regex(#"^(?:public )?(?:struct|final class|class|enum) (\w+)\s*:\s*(?:HubCommand|ParsableCommand|AsyncParsableCommand)\b"#)
        var found = 0
        for (path, lines) in try productSources(under: "Sources/HubCLI") where path.hasPrefix("Sources/HubCLI/Commands/") {
            let parts = path.split(separator: "/")
            let file = String(parts[parts.count - 1].dropLast(".swift".count)), folder = String(parts[parts.count - 2])
            for line in lines {
                guard let match = line.firstMatch(of: declaration), let name = match.output[1].substring.map(String.init) else { continue }
                found += 1
                let group = !line.contains("HubCommand")
                let expected = file == folder || group ? file + "Command" : file
                #expect(name == expected, "\(path): the command type \(name) should be named \(expected)")
            }
        }
        #expect(found >= 60, "only \(found) command types found")
    }

    /// A command reads stdin and files through the Invocation, which hands the deadline to
    /// InputSource: `invocation.read(path, limit:what:)` for a `FILE|-` argument (InputSource's
    /// `read`/`open` are the one place a `-` is told from a path). No command reads from
    /// `invocation.input` itself, nor writes the `-` switch over two reads again.
    @Test func aFileOrStdinIsReadByOneFunction() throws {
        let direct = try Regex(#"\binput\.(read\w*|spool|open\w*)\("#)
        let switchOverReads = try Regex(#"==\s*"-".*\b(readStdin|readFile|readAll|spool|openFile)\("#)
        var commands = 0
        for (path, lines) in try productSources(under: "Sources/HubCLI") where path.hasPrefix("Sources/HubCLI/Commands/") {
            commands += 1
            for (number, line) in lines.enumerated() {
                if line.contains(direct) {
                    Issue.record("\(path):\(number + 1): reads `invocation.input` itself; use `invocation.read`/`readFile`/`readStdin`/`open` (the deadline is the Invocation's)")
                }
                if line.contains(switchOverReads) {
                    Issue.record("\(path):\(number + 1): tells `-` from a path around two reads; `invocation.read(path, …)` does it once")
                }
            }
        }
        #expect(commands > 60, "the command sources were not found")
    }
}
