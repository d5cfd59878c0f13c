// The boundary checks for names that end up in paths, URLs and headers.

import HubCore
import Testing

@Suite struct SafeNameTests {
    @Test(arguments: ["com.acme.field", "A", "app_1-2.x", String(repeating: "a", count: 200)])
    func applicationIdsThatAreAccepted(_ id: String) { #expect(SafeName.isApplicationId(id)) }

    @Test(arguments: ["", ".", "..", "../etc", "a/b", ".hidden", "-flag", "a b", "a\nb", "é", "a\u{85}b",
                      String(repeating: "a", count: 201)])
    func applicationIdsThatAreRefused(_ id: String) { #expect(!SafeName.isApplicationId(id)) }

    @Test(arguments: ["3f2504e0-4f89-11d3-9a0c-0305e82c3301", "abc", "a:b.c_d", String(repeating: "a", count: 128)])
    func connectionIdsThatAreAccepted(_ id: String) { #expect(SafeName.isConnectionId(id)) }

    @Test(arguments: ["", "a\r\nX-Evil: 1", "a'b", "a/b", "a b", "a%0d", String(repeating: "a", count: 129)])
    func connectionIdsThatAreRefused(_ id: String) { #expect(!SafeName.isConnectionId(id)) }

    @Test(arguments: ["ApplicationConnectionId", "E2ETraceLevel", "DeviceModel", "Über", "名前", "a_b", "x1",
                      "Ⅻb", String(repeating: "a", count: 479)])
    func odataIdentifiersThatAreAccepted(_ name: String) { #expect(SafeName.isODataIdentifier(name)) }

    @Test(arguments: ["", "$(touch x)", "`id`", "a b", "a;b", "a'b", "a\"b", "a-b", "a.b", "_a", "1a", "a\nb",
                      "a\u{200B}b", "a\u{202E}b", "a*", "{a,b}", "~root", String(repeating: "a", count: 480)])
    func odataIdentifiersThatAreRefused(_ name: String) { #expect(!SafeName.isODataIdentifier(name)) }

    @Test func quotedShowsControlCharacters() {
        #expect(HubError.quoted("a\nb\u{85}c") == #""a\x0ab\x85c""#)
        #expect(HubError.quoted(String(repeating: "x", count: 201)).hasSuffix("…\""))
    }
}
