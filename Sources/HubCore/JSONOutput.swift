// The one JSON encoder configuration of hubctl (stdout documents, state files, error documents).

import Foundation

public enum JSONOutput {
    /// Encodes a value the way every hubctl document is encoded: sorted keys, no escaped slashes,
    /// pretty (two-space indent) or compact on one line.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }
}
