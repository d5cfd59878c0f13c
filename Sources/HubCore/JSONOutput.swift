// The one JSON encoder configuration of hubctl (stdout documents, state files, error documents).

import Foundation

public enum JSONOutput {
    /// Encodes a value the way every hubctl document is encoded: sorted keys, no escaped slashes,
    /// pretty (two-space indent) or compact on one line.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool) throws -> Data {
        if !pretty, let writable = value as? any CompactJSONWritable {
            var out: [UInt8] = []
            out.reserveCapacity(4096)
            try writable.writeCompactJSON(to: &out)
            return Data(out)
        }
        return try foundationEncode(value, pretty: pretty)
    }

    /// `encode` for a document known to write itself: no dynamic cast to find out (the first cast
    /// to a protocol scans the binary's conformance records, about 0.2 ms).
    public static func encode<T: Encodable & CompactJSONWritable>(_ value: T, pretty: Bool) throws -> Data {
        if pretty { return try foundationEncode(value, pretty: true) }
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        try value.writeCompactJSON(to: &out)
        return Data(out)
    }

    /// `encode` through Foundation's JSONEncoder, always (what CompactJSONWritable must match).
    public static func foundationEncode<T: Encodable>(_ value: T, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }
}
