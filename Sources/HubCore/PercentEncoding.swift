// Percent-encoding of URL parts (RFC 3986 §2.1), in Swift over the UTF-8 bytes: the same result as
// Foundation's `addingPercentEncoding(withAllowedCharacters:)` for an allowed set of ASCII
// characters (upper-case hex digits, every byte of a non-ASCII character encoded), without going
// through NSString and CharacterSet, which cost a `settings get` about a quarter of a millisecond
// the first time (bench/RESULTS.md). PercentEncodingTests compares the two over a corpus.

public struct PercentEncoding: Sendable {
    /// Whether each ASCII byte may stay as it is.
    private let allowed: [Bool]

    /// `characters`: the ASCII characters left as they are; every other byte is encoded.
    public init(allowing characters: String) {
        var allowed = [Bool](repeating: false, count: 128)
        for byte in characters.utf8 where byte < 128 { allowed[Int(byte)] = true }
        self.allowed = allowed
    }

    /// `text` with every byte not allowed written as `%XX`.
    public func encode(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 128 && allowed[Int($0)] }) { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if byte < 128, allowed[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986 `unreserved`: letters, digits, `-`, `.`, `_`, `~`.
    public static let unreservedCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

    /// One path segment: what Foundation's `urlPathAllowed` allows (`unreserved`, the sub-delimiters,
    /// `:` and `@`) minus `/`, `?`, `#`, `%` and `;`, which would end or split the segment.
    public static let pathSegment = PercentEncoding(allowing: unreservedCharacters + "!$&'()*+,:=@")

    /// One query parameter's value: what Foundation's `urlQueryAllowed` allows minus `&`, `=`, `+`,
    /// `#` and `;`, so that the value stays one value.
    public static let queryValue = PercentEncoding(allowing: unreservedCharacters + "!$'()*,:/?@")
}
