// Trimming in Swift over Unicode scalars, with the same result as Foundation's
// `trimmingCharacters(in:)` for its `.whitespaces`, `.newlines` and `.whitespacesAndNewlines` sets,
// for the paths every command takes (HTTP header lines, ETags, small files): Foundation's goes
// through NSString, whose first use costs a `settings get` about a tenth of a millisecond
// (bench/RESULTS.md "Start-up"). TrimmingTests compares the two.

extension StringProtocol {
    /// Without leading and trailing tabs, space separators (Unicode Zs) and U+200B ZERO WIDTH SPACE,
    /// which Foundation's `.whitespaces` counts too.
    public func trimmingSpaces() -> String {
        trimmingScalars { $0 == "\t" || $0.value == 0x200B || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without leading and trailing line breaks (U+000A–U+000D, U+0085, U+2028, U+2029): `.newlines`.
    public func trimmingNewlines() -> String {
        trimmingScalars { (0x0A...0x0D).contains($0.value) || $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 }
    }

    /// Without leading and trailing white space of any kind (Unicode White_Space, and U+200B as
    /// above): `.whitespacesAndNewlines`.
    public func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { $0.value == 0x200B || $0.properties.isWhitespace }
    }

    private func trimmingScalars(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trimmed($0) })!
        return String(scalars[first...last])
    }
}
