// The one JSONEncoder configuration of hubctl, for the files it keeps (records, the passcode policy
// file) and typed request bodies. Documents printed (stdout, the error document, batch results)
// are JSONValues written by JSONValue.written(pretty:) (JSONValueWriter.swift), byte for byte
// what this encoder would write for them.

import Foundation

public enum JSONOutput {
    /// Encodes a value the way every hubctl file is encoded: sorted keys, no escaped slashes, ISO
    /// 8601 dates, pretty (two-space indent) or compact on one line.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }
}
