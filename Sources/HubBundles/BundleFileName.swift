// The name a one-file bundle is stored under: a plain name the server suggested, else one hubctl makes; never a path.

import Foundation

/// The file name of a bundle that is not an archive (docs/protocol.md §7). A server may suggest one
/// in `Content-Disposition` (SAP documents no such header; it is used when present); it is taken
/// only when it is one plain name. Otherwise the name is the bundle id (letters, digits, `.`, `_`,
/// `-`; anything else `_`), or `default`, plus the `X-BUNDLE-EXTENSION` when that is a short
/// alphanumeric word: `Appmc_1.2.1.pdf`, `default.xls`.
public enum BundleFileName {
    /// Longest name taken from a server, in UTF-8 bytes (well under the 255 of Linux filesystems,
    /// leaving room for editors' backup suffixes).
    public static let maxBytes = 128
    /// Longest extension taken from `X-BUNDLE-EXTENSION`.
    public static let maxExtensionLength = 16

    /// The name to store the file under.
    public static func choose(contentDisposition: String?, bundleId: String?, fileExtension: String?) -> String {
        if let suggested = contentDisposition.flatMap(suggestedName), isSafe(suggested) { return suggested }
        let base = ProfileDirectory.sanitize(bundleId ?? ProfileRecord.defaultBundleId)
        guard let ext = safeExtension(fileExtension) else { return base }
        return base + "." + ext
    }

    /// The file name a `Content-Disposition` value suggests (`filename*=UTF-8''…` before
    /// `filename=…`, RFC 6266), unchecked; nil when it names none.
    public static func suggestedName(_ header: String) -> String? {
        var plain: String?
        var extended: String?
        for parameter in parameters(header) {
            switch parameter.name.lowercased() {
            case "filename*": extended = decodeExtended(parameter.value)
            case "filename": plain = parameter.value
            default: continue
            }
        }
        return extended ?? plain
    }

    /// One plain file name: not empty, at most `maxBytes`, no `/` or `\`, no `..`, no control
    /// characters (C0, DEL, C1), not hidden (a leading `.`) and no leading `-` (read as an option
    /// by the tools a script hands it to).
    public static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxBytes else { return false }
        guard !name.contains("/"), !name.contains("\\"), !name.contains(".."),
              !name.hasPrefix("."), !name.hasPrefix("-") else { return false }
        return !name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// `X-BUNDLE-EXTENSION` as a file name suffix: 1 to 16 ASCII letters and digits (one leading
    /// `.` dropped); nil otherwise.
    public static func safeExtension(_ value: String?) -> String? {
        guard var ext = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if ext.hasPrefix(".") { ext.removeFirst() }
        guard !ext.isEmpty, ext.count <= maxExtensionLength,
              ext.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else { return nil }
        return ext
    }

    // MARK: Parsing

    /// The `name=value` parameters after the disposition type; quoted values unescaped.
    static func parameters(_ header: String) -> [(name: String, value: String)] {
        var result: [(String, String)] = []
        var scalars = Substring(header)
        // Skip the disposition type.
        guard let firstSemicolon = scalars.firstIndex(of: ";") else { return [] }
        scalars = scalars[scalars.index(after: firstSemicolon)...]
        while !scalars.isEmpty {
            scalars = scalars.drop { $0 == " " || $0 == "\t" }
            guard let eq = scalars.firstIndex(of: "=") else { break }
            let name = scalars[..<eq].trimmingCharacters(in: .whitespaces)
            var rest = scalars[scalars.index(after: eq)...].drop { $0 == " " || $0 == "\t" }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                var closed = false
                var index = rest.startIndex
                while index < rest.endIndex {
                    let c = rest[index]
                    index = rest.index(after: index)
                    if escaped { value.append(c); escaped = false; continue }
                    if c == "\\" { escaped = true; continue }
                    if c == "\"" { closed = true; break }
                    value.append(c)
                }
                if !closed { return result }   // an unterminated quote: ignore the rest
                rest = rest[index...]
                if let semicolon = rest.firstIndex(of: ";") { rest = rest[rest.index(after: semicolon)...] } else { rest = "" }
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
            }
            result.append((name, value))
            scalars = rest
        }
        return result
    }

    /// `UTF-8''percent-encoded` (RFC 5987); other charsets are not used.
    static func decodeExtended(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].lowercased() == "utf-8" else { return nil }
        return String(parts[2]).removingPercentEncoding
    }
}
