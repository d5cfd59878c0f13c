// The one argv pre-scan (ArgvScan) and its three readers before ArgumentParser: the error format,
// the fast path and the argument order each read the scan's words with its own rule for an
// option's value, on a table of tricky command lines (values starting with `-`, `--x=y`, `--`,
// global options before and after the command path).

@testable import HubCLI
import Testing

@Suite("Argv scan")
struct ArgvScanTests {
    /// A command line; the `--error-format` in force from it (nil: none valid given); the line
    /// ArgumentOrder gives ArgumentParser; the command words the fast path reads (nil: it declines).
    struct Row: Sendable, CustomStringConvertible {
        let argv: [String]
        let format: ErrorFormat?
        let ordered: [String]
        let fastWords: [String]?
        var description: String { argv.joined(separator: " ") }
    }

    static let rows: [Row] = [
        Row(argv: ["--error-format", "json", "status"], format: .json,
            ordered: ["status", "--error-format", "json"], fastWords: ["status"]),
        // `--error-format` takes the next word whatever it is; so does ArgumentOrder; the fast path refuses it.
        Row(argv: ["--error-format", "--server", "status"], format: nil,
            ordered: ["status", "--error-format", "--server"], fastWords: nil),
        // ArgumentOrder gives `--server` the next word; the error format reads `--error-format json` on its own.
        Row(argv: ["--server", "--error-format", "json", "status"], format: .json,
            ordered: ["json", "status", "--server", "--error-format"], fastWords: nil),
        // `--x=y`; nothing after `--` counts, and the moved options go before it.
        Row(argv: ["--error-format=json", "status", "--", "--error-format", "text"], format: .json,
            ordered: ["status", "--error-format=json", "--", "--error-format", "text"], fastWords: nil),
        // A `--` taken as `--error-format`'s value is not the end of options.
        Row(argv: ["--error-format", "--", "--error-format", "json"], format: .json,
            ordered: ["--error-format", "--", "--error-format", "json"], fastWords: nil),
        // Options after the path stay where they are; a refused value counts as not given.
        Row(argv: ["status", "--error-format", "xml", "--error-format", "text", "--server=http://x"], format: .text,
            ordered: ["status", "--error-format", "xml", "--error-format", "text", "--server=http://x"], fastWords: ["status"]),
        Row(argv: ["--verbose", "settings", "get", "--expand", "-x"], format: nil,
            ordered: ["settings", "get", "--expand", "-x", "--verbose"], fastWords: nil),
        Row(argv: ["--verbose", "--server=http://x", "settings", "get", "a", "b"], format: nil,
            ordered: ["settings", "get", "a", "b", "--verbose", "--server=http://x"], fastWords: ["settings", "get", "a", "b"]),
        // `--name=` is a value-taking option without its value: the fast path leaves it to ArgumentParser.
        Row(argv: ["--server=", "status"], format: nil, ordered: ["status", "--server="], fastWords: nil),
        Row(argv: ["--error-format=", "status"], format: nil, ordered: ["status", "--error-format="], fastWords: nil),
        // A flag with `=value` is not the flag: nothing moves.
        Row(argv: ["--verbose=1", "status"], format: nil, ordered: ["--verbose=1", "status"], fastWords: nil),
        Row(argv: ["-h"], format: nil, ordered: ["-h"], fastWords: nil),
        Row(argv: ["status", "-"], format: nil, ordered: ["status", "-"], fastWords: nil),
        Row(argv: ["--error-format"], format: nil, ordered: ["--error-format"], fastWords: nil),
    ]

    @Test func eachWordIsClassifiedFromItsText() {
        let scan = ArgvScan(["status", "", "--", "-", "-h", "--server", "--server=a=b", "--=x", "--server="])
        #expect(scan.words.map(\.kind) == [
            .plain, .plain, .separator, .short, .short, .long(name: "--server", inline: nil),
            .long(name: "--server", inline: "a=b"), .long(name: "--", inline: "x"), .long(name: "--server", inline: ""),
        ])
        #expect(scan.arguments == ["status", "", "--", "-", "-h", "--server", "--server=a=b", "--=x", "--server="])
    }

    @Test(arguments: rows) func theReadersAgreeWithTheScan(_ row: Row) {
        let scan = ArgvScan(row.argv)
        // Given nothing valid, the format falls to the terminal's default (json for a pipe).
        let format = try? ErrorFormat.resolve(scan: scan, variable: nil, stderrIsTerminal: false).get()
        #expect(format == row.format ?? .json, "\(row)")

        let ordered = ArgumentOrder.normalize(scan)
        #expect(ordered.arguments == row.ordered, "\(row)")
        #expect(ArgumentOrder.normalize(row.argv) == row.ordered, "\(row)")
        // Reordering moves words; it does not read them again: each keeps the kind the scan gave it.
        #expect(ordered == ArgvScan(row.ordered), "\(row)")

        let fast = FastPath.Scan(scan)
        #expect(fast?.words == row.fastWords, "\(row)")
        if let fast {
            // The fast path's command words are the scan's plain words that no option took as its value.
            let separateValues = fast.given.filter { $0.value != nil }.count - scan.words.filter { $0.inlineValue != nil }.count
            #expect(fast.words.count + separateValues == scan.words.filter { $0.kind == .plain }.count, "\(row)")
        }
        #expect((FastPath.parse(scan) == nil) == (FastPath.parse(row.argv) == nil), "\(row)")
    }
}
