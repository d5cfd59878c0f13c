// The Swift percent-encoding against Foundation's `addingPercentEncoding`, which it replaces on the
// hot path: the same text for every ASCII character, for non-ASCII text and for the names SMP uses.

import Foundation
import HubCore
import Testing

@Suite struct PercentEncodingTests {
    static let segmentSet: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%;")
        return allowed
    }()

    static let querySet: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#;")
        return allowed
    }()

    static let corpus: [String] = {
        var texts = ["", "com.acme.field", "Connections('a09709fb-c5ea-428c-a9cb-a21576ddde60')", "Appmc:1.2 beta/../x",
                     "a b+c&d=e#f;g?h%i", "Grüße", "日本語", "emoji 🚀 text", "tab\there", "new\nline", "\u{0}\u{7F}",
                     "~user@host:8443", "!$&'()*+,=", "%2E%2E", "..", "."]
        // Every ASCII character alone, and all of them in one string.
        texts += (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts.append(String((0..<128).map { Character(UnicodeScalar(UInt8($0))) }))
        return texts
    }()

    @Test(arguments: corpus)
    func aPathSegmentIsEncodedAsFoundationEncodesIt(text: String) {
        #expect(PercentEncoding.pathSegment.encode(text) == text.addingPercentEncoding(withAllowedCharacters: Self.segmentSet))
    }

    @Test(arguments: corpus)
    func aQueryValueIsEncodedAsFoundationEncodesIt(text: String) {
        #expect(PercentEncoding.queryValue.encode(text) == text.addingPercentEncoding(withAllowedCharacters: Self.querySet))
    }

    @Test func onlyTheAllowedASCIICharactersStay() {
        let encoding = PercentEncoding(allowing: "ab")
        #expect(encoding.encode("abc") == "ab%63")
        #expect(encoding.encode("é") == "%C3%A9")
    }
}
