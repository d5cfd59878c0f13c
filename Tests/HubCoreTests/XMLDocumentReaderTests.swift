// XMLDocumentReader: libxml2's SAX2 parser loaded on first use, with names and namespaces as the
// readers of Atom, $metadata and plists need them, and hostile documents refused.
import Foundation
import Testing
@testable import HubCore

@Suite struct XMLDocumentReaderTests {
    /// The events of `text`, and how the read ended.
    func events(_ text: String, limits: XMLReadLimits = XMLReadLimits()) throws -> ([XMLEvent], XMLReadOutcome) {
        var list: [XMLEvent] = []
        let outcome = try XMLDocumentReader.read(Data(text.utf8), limits: limits) { event in
            list.append(event)
            return .proceed
        }
        return (list, outcome)
    }

    func failure(_ outcome: XMLReadOutcome) -> XMLReadFailure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }

    @Test func namesNamespacesAndAttributes() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <entry xmlns="urn:atom" xmlns:d="urn:d" xmlns:m="urn:m">
              <m:properties><d:A m:type="Edm.Int32" plain="x&amp;y&#38;z&lt;&#10;w">1</d:A></m:properties>
            </entry>
            """
        let (list, outcome) = try events(xml)
        guard case .complete = outcome else { Issue.record("\(outcome)"); return }
        let starts = list.compactMap { event -> XMLStartTag? in if case .start(let tag) = event { tag } else { nil } }
        #expect(starts.map(\.name.qualifiedName) == ["entry", "m:properties", "d:A"])
        #expect(starts[0].name.namespace == "urn:atom", "the default namespace")
        #expect(starts[1].name == XMLName(localName: "properties", prefix: "m", namespace: "urn:m"))
        #expect(starts[2].attribute("m:type") == "Edm.Int32")
        #expect(starts[2].attribute("type", namespace: "urn:m") == "Edm.Int32")
        #expect(starts[2].attribute("type") == nil, "by the name as written")
        #expect(starts[2].attribute("plain") == "x&y&z<\nw", "references decoded as Foundation's parser gave them")
        #expect(starts[2].attributes.count == 2, "xmlns declarations are not attributes")
        #expect(starts.map(\.line) == [2, 3, 3])
        let text = list.compactMap { event -> String? in if case .text(let s) = event { s } else { nil } }.joined()
        #expect(text.contains("1"))
    }

    @Test func cdataIsTextAndPredefinedEntitiesAreRead() throws {
        let (list, outcome) = try events("<a>x &amp; <![CDATA[<y>]]> &#65;</a>")
        guard case .complete = outcome else { Issue.record("\(outcome)"); return }
        let text = list.compactMap { event -> String? in if case .text(let s) = event { s } else { nil } }.joined()
        #expect(text == "x & <y> A")
    }

    @Test func theHandlerCanStop() throws {
        var seen = 0
        let outcome = try XMLDocumentReader.read(Data("<a><b/><c/></a> garbage after".utf8)) { event in
            if case .start = event { seen += 1 }
            return seen == 2 ? .stop : .proceed
        }
        guard case .stopped = outcome else { Issue.record("\(outcome)"); return }
        #expect(seen == 2)
    }

    @Test(arguments: ["", "<a>", "<a></b>", "<a x='1' x='2'/>", "<p:a/>", "<a>&undefined;</a>", "not xml"])
    func malformedDocumentsFail(_ text: String) throws {
        let (_, outcome) = try events(text)
        #expect(failure(outcome)?.reason == .notWellFormed, "\(text): \(outcome)")
    }

    @Test func errorsNameTheirLine() throws {
        let (_, outcome) = try events("<a>\n<b>\n</c>\n</a>")
        #expect(failure(outcome)?.line == 3)
    }

    /// Entity expansion (billion laughs), external entities (a file, the network) and external DTDs:
    /// any entity declaration ends the read before anything is expanded or fetched.
    @Test(arguments: [
        """
        <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>
        """,
        #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r>&xxe;</r>"#,
        #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "http://127.0.0.1:9/x">]><r>&xxe;</r>"#,
        #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p.dtd"> %p;]><r/>"#,
        #"<!DOCTYPE r [<!ENTITY u SYSTEM "x" NDATA n>]><r/>"#,
    ])
    func entityDeclarationsEndTheRead(_ text: String) throws {
        let (list, outcome) = try events(text, limits: XMLReadLimits(allowsDoctype: true))
        #expect(failure(outcome)?.reason == .entityDeclaration, "\(outcome)")
        let leaked = list.contains { event in
            if case .text(let s) = event { return s.contains("lol") || s.contains("root:") }
            return false
        }
        #expect(!leaked)
    }

    @Test func aDoctypeIsRefusedUnlessAllowedAndNeverLoaded() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://127.0.0.1:9/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>Host</key><string>x</string></dict></plist>
            """
        let (_, refused) = try events(plist)
        #expect(failure(refused)?.reason == .doctype)
        #expect(failure(refused)?.line == 2)
        let (list, allowed) = try events(plist, limits: XMLReadLimits(allowsDoctype: true))
        guard case .complete = allowed else { Issue.record("\(allowed)"); return }
        #expect(list.count > 4)
        // Declared-only attribute defaults are not applied from a DTD nobody loads.
        let (_, external) = try events(#"<!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>"#, limits: XMLReadLimits(allowsDoctype: true))
        guard case .complete = external else { Issue.record("\(external)"); return }
    }

    @Test func depthAndSizeAreBounded() throws {
        let deep = String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65)
        let (_, tooDeep) = try events(deep, limits: XMLReadLimits(maximumDepth: 64))
        #expect(failure(tooDeep)?.reason == .tooDeep)
        let (_, fits) = try events(String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64), limits: XMLReadLimits(maximumDepth: 64))
        guard case .complete = fits else { Issue.record("\(fits)"); return }
        // 100,000 levels: refused at the limit, no recursion of ours.
        let (_, hostile) = try events(String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000))
        #expect(failure(hostile) != nil)
        let (_, large) = try events("<a>" + String(repeating: "x", count: 2000) + "</a>", limits: XMLReadLimits(maximumBytes: 1000))
        #expect(failure(large)?.reason == .tooLarge)
    }

    @Test func encodingsAreReadFromTheDocument() throws {
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("<a>é</a>".data(using: .utf16LittleEndian)!)
        var text = ""
        let outcome = try XMLDocumentReader.read(utf16) { event in
            if case .text(let s) = event { text += s }
            return .proceed
        }
        guard case .complete = outcome else { Issue.record("\(outcome)"); return }
        #expect(text == "é")
        let latin1 = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><a>"#.utf8) + Data([0xE9]) + Data("</a>".utf8)
        text = ""
        _ = try XMLDocumentReader.read(latin1) { event in
            if case .text(let s) = event { text += s }
            return .proceed
        }
        #expect(text == "é")
    }
}
