// Every help page in-process (moved from Tests/EndToEndTests/UsabilityEndToEndTests.swift, where one
// process per page and width took most of the end-to-end suite's time; the same assertions): the
// sections in order, the example last, no line broken mid-sentence, nothing wider than the width.

import Foundation
import HubCLI
import HubCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// COLUMNS for this process while `body` runs: hubctl and the parser read the help width from the
/// process environment, which a command's context cannot give. The in-process command tests run one
/// at a time (--no-parallel), so no other test reads it meanwhile; it is put back afterwards.
private func withColumns<T>(_ width: Int, _ body: () async throws -> T) async rethrows -> T {
    let previous = getenv("COLUMNS").map { String(cString: $0) }
    setenv("COLUMNS", String(width), 1)
    defer { if let previous { setenv("COLUMNS", previous, 1) } else { unsetenv("COLUMNS") } }
    return try await body()
}

/// Every command path, from the parser's own description of the tool.
private func commandPaths(_ bench: CommandBench) async throws -> [[String]] {
    let dump = await bench.run(["--experimental-dump-help"])
    let tool = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
    var paths: [[String]] = []
    func walk(_ command: [String: Any], _ path: [String]) {
        paths.append(path)
        for sub in command["subcommands"] as? [[String: Any]] ?? [] {
            if let name = sub["commandName"] as? String { walk(sub, path + [name]) }
        }
    }
    walk(try #require(tool["command"] as? [String: Any]), [])
    return paths
}

/// The help text's sections, by heading (`OVERVIEW`, `USAGE`, `OPTIONS`, …), in order.
private func sections(_ help: String) -> [(String, [String])] {
    var result: [(String, [String])] = []
    for line in help.components(separatedBy: "\n") {
        if let colon = line.firstIndex(of: ":"), line.first?.isUppercase == true,
           line[..<colon].allSatisfy({ $0.isUppercase || $0 == " " }) {
            result.append((String(line[..<colon]), [line]))
        } else if !result.isEmpty {
            result[result.count - 1].1.append(line)
        }
    }
    return result
}

@Suite("Help pages in-process", .serialized)
struct HelpPagesInProcessTests {
    /// A line broken mid-sentence: a prose line that ends without punctuation while the next
    /// line's first word would still have fitted on it (so the width did not force the break).
    static func brokenMidSentence(_ lines: [String], width: Int) -> [String] {
        var found: [String] = []
        for (line, next) in zip(lines, lines.dropFirst()) {
            let prose = { (l: String) in !l.isEmpty && !l.hasPrefix(" ") }
            guard prose(line), prose(next), let last = line.last, !".:;!?)".contains(last) else { continue }
            let firstWord = next.prefix { $0 != " " }
            // swift-argument-parser keeps the last column free: it wraps before a word that would reach it.
            if line.count + 1 + firstWord.count < width { found.append(line + "⏎" + next) }
        }
        return found
    }

    @Test func theRuleFindsAHardBreak() {
        #expect(Self.brokenMidSentence(["Compares the server's id with the", "id stored after the last fetch."], width: 80).count == 1)
        #expect(Self.brokenMidSentence(["Compares the server's id with the id stored after the last successful fetch, by plain", "string equality."], width: 92).isEmpty)
        #expect(Self.brokenMidSentence(["Compares the server's id with the id stored after the last successful fetch, by plain", "string equality."], width: 97).count == 1)
    }

    @Test(arguments: [80, 120]) func everyHelpPageReadsInOrder(width: Int) async throws {
        // Unconfigured: no server, application or user.
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let unconfigured = ["HUBCTL_SERVER": "", "HUBCTL_APP_ID": "", "HUBCTL_USER": "", "HUBCTL_PASSWORD": ""]
        let paths = try await commandPaths(bench)
        #expect(paths.count > 25, "\(paths)")
        // The width is in force in this process: the root page fills it.
        let root = await withColumns(width) { await bench.run(["--help"], environment: unconfigured) }
        #expect(root.out.split(separator: "\n").map(\.count).max().map { $0 > width - 10 && $0 <= width } == true, "\(root.out)")
        for path in paths {
            let r = await withColumns(width) { await bench.run(path + ["--help"], environment: unconfigured) }
            #expect(r.exitCode == 0, "\(path): \(r)")
            let parts = sections(r.out)
            let names = parts.map(\.0)
            let where_ = "hubctl \(path.joined(separator: " ")) --help at \(width)"
            if let global = names.firstIndex(of: "GLOBAL OPTIONS") {
                let own = try #require(names.firstIndex(of: "OPTIONS"), "\(where_)")
                #expect(own < global, "\(where_): own options first: \(names)")
            }
            // A leaf's page (a group's, such as `app key`, lists its subcommands instead).
            if !names.contains("SUBCOMMANDS"), path.count >= 2 || ["status", "register", "unregister"].contains(path.first ?? "") {
                #expect(names.contains("GLOBAL OPTIONS"), "\(where_): \(names)")
            }
            let usage = try #require(parts.first { $0.0 == "USAGE" })
            #expect(!usage.1.joined().contains("--vault-passphrase-file"), "\(where_): the usage line lists global options")
            // The last section is one example to paste.
            let example = try #require(parts.last, "\(where_)")
            #expect(example.0 == "EXAMPLE", "\(where_) ends with \(example.0)")
            let exampleLines = example.1.dropFirst().filter { !$0.isEmpty }
            #expect(!exampleLines.isEmpty && exampleLines.allSatisfy { $0.hasPrefix("  ") }, "\(where_): one example, not wrapped: \(example.1)")
            #expect(exampleLines.joined().contains("hubctl"), "\(where_): \(example.1)")
            let overview = try #require(parts.first { $0.0 == "OVERVIEW" }).1
            #expect(!overview.contains { $0.trimmingCharacters(in: .whitespaces) == "Example:" }, "\(where_): a second example")
            #expect(Self.brokenMidSentence(overview, width: width).isEmpty, "\(where_): \(Self.brokenMidSentence(overview, width: width))")
            for line in r.out.split(separator: "\n") where !line.hasPrefix("  ") {
                #expect(line.count <= width, "\(where_): longer than the width: \(line)")
            }
        }
    }
}
