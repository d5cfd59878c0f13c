// A URL's host as `URLComponents.host` gives it, without ICU where it is not needed: `host` runs
// every name through ICU's IDNA decoding, whose set-up cost about 0.2 ms of every call that checks
// a URL (issue 32). A host with no percent-escape and no punycode label (`xn--`) is already what
// `host` would give; only others are asked of `host`. URLHostNameTests compares the two.

import Foundation

public enum URLHostName {
    public static func of(_ components: URLComponents) -> String? {
        guard let encoded = components.encodedHost else { return components.host }
        if encoded.utf8.contains(UInt8(ascii: "%")) || hasPunycodeLabel(encoded) { return components.host }
        return encoded
    }

    /// Whether the URL's authority ends in `:` with no port after it (`http://127.0.0.1:`,
    /// `https://h:/prefix`). URLComponents reads that as no port at all, so libcurl would go to the
    /// scheme's default (80 or 443), a port the user did not name; callers refuse it instead.
    public static func hasEmptyPort(_ url: String) -> Bool {
        guard let start = url.range(of: "://")?.upperBound else { return false }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return authority.hasSuffix(":")
    }

    /// `xn--` in any case, anywhere in the host.
    static func hasPunycodeLabel(_ host: String) -> Bool {
        let bytes = Array(host.utf8)
        guard bytes.count >= 4 else { return false }
        for i in 0...(bytes.count - 4)
        where bytes[i] | 0x20 == UInt8(ascii: "x") && bytes[i + 1] | 0x20 == UInt8(ascii: "n")
            && bytes[i + 2] == UInt8(ascii: "-") && bytes[i + 3] == UInt8(ascii: "-") {
            return true
        }
        return false
    }
}
