// The Swift trimming against Foundation's `trimmingCharacters(in:)`, which it replaces on the hot path.

import Foundation
import HubCore
import Testing

@Suite struct TrimmingTests {
    static let corpus: [String] = {
        var texts = ["", " ", "\t", "\r\n", "value", "  value  ", "\tvalue\t", " a b ", "\r\nHTTP/1.1 200 OK\r\n",
                     "\u{00A0}nbsp\u{00A0}", "\u{2003}em\u{3000}", "\u{0085}nel\u{2028}", "\u{2029}", "\u{000B}\u{000C}x\u{000B}",
                     " \u{0301}accent ", "é ", " 🚀 ", "x\u{200B}", "\u{FEFF}bom", "\"etag\" ", " W/\"1\""]
        // Every character below U+0100 and the other white space alone and around a letter.
        let scalars = (0..<0x100).compactMap(Unicode.Scalar.init) +
            [0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x180E, 0x200B].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            texts.append(String(scalar))
            texts.append(String(scalar) + "x" + String(scalar))
        }
        return texts
    }()

    @Test(arguments: corpus)
    func trimmingIsFoundations(text: String) {
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingNewlines() == text.trimmingCharacters(in: .newlines))
        #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    }
}
