// docs/protocol.md records where every protocol fact comes from (issue 29): each numbered section
// (each `### N.M`, and each `## N.` without subsections) names its sources in a `**Sources.**`
// paragraph holding a URL or a repository file, or says which of its claims are *unconfirmed*.
// A section with neither fails here, so a new claim cannot land without its source or that word.
import Foundation
import Testing

@Suite struct ProtocolDocTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/protocol.md").path

    /// The numbered sections: heading and body, a `##` section with subsections only as its subsections.
    static func sections(_ text: String) -> [(heading: String, body: String)] {
        var result: [(String, String)] = []
        var heading: String?
        var body: [Substring] = []
        var level2WithChildren = Set<String>()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var currentLevel2: String?
        for line in lines {
            if line.hasPrefix("### "), line.dropFirst(4).first?.isNumber == true, let parent = currentLevel2 {
                level2WithChildren.insert(parent)
            } else if line.hasPrefix("## ") {
                currentLevel2 = String(line)
            }
        }
        func flush() {
            if let heading, !level2WithChildren.contains(heading) { result.append((heading, body.joined(separator: "\n"))) }
            body = []
        }
        for line in lines {
            let numbered = (line.hasPrefix("## ") && line.dropFirst(3).first?.isNumber == true)
                || (line.hasPrefix("### ") && line.dropFirst(4).first?.isNumber == true)
            if numbered || line.hasPrefix("## ") {
                flush()
                heading = numbered ? String(line) : nil
            } else {
                body.append(line)
            }
        }
        flush()
        return result
    }

    /// A `**Sources.**` paragraph with a URL or a repository file, or the word unconfirmed.
    static func cites(_ body: String) -> Bool {
        if body.range(of: "unconfirmed", options: .caseInsensitive) != nil { return true }
        let paragraphs = body.components(separatedBy: "\n\n")
        return paragraphs.contains { p in
            p.hasPrefix("**Sources.**") && (p.contains("https://") || p.contains("http://") || p.range(of: #"`[\w.-]+/[\w./-]+\.\w+`"#, options: .regularExpression) != nil)
        }
    }

    @Test func everySectionNamesItsSourcesOrSaysUnconfirmed() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let sections = Self.sections(text)
        #expect(sections.count >= 25, "the numbered sections were found: \(sections.map(\.heading))")
        let missing = sections.filter { !Self.cites($0.body) }.map(\.heading)
        #expect(missing.isEmpty, "sections with neither a **Sources.** paragraph nor the word unconfirmed: \(missing)")
    }

    @Test func theRuleCanFail() {
        #expect(!Self.cites("Some claim.\n\nAnother claim."))
        #expect(!Self.cites("**Sources.** none given"))
        #expect(Self.cites("**Sources.** https://help.sap.com/x"))
        #expect(Self.cites("**Sources.** SAP/repo, `client/src/Foo.java`."))
        #expect(Self.cites("A claim, *unconfirmed*."))
        let parsed = Self.sections("# T\n\n## 1. A\n\ntext\n\n## 2. B\n\nintro\n\n### 2.1 C\n\nc\n\n## Sources\n\nx")
        #expect(parsed.map(\.heading) == ["## 1. A", "### 2.1 C"])
    }
}
