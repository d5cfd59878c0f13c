// Names that come from outside hubctl (an app id from a flag, a connection id from a server) and
// end up in paths, URLs, headers or state files: each is checked once, at the boundary, so that it
// maps to exactly one place under hubctl's own directories and cannot break a header or a file.

public enum SafeName {
    /// Application ids: `com.acme.field`. Letters, digits, `.`, `_`, `-`; starts with a letter or
    /// digit (so never `.` or `..`); at most 200 characters.
    public static func isApplicationId(_ id: String) -> Bool {
        guard (1...200).contains(id.utf8.count), let first = id.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return id.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    /// Application connection ids (`X-SMP-APPCID`): SMP and Mobile Services use UUIDs; accepted are
    /// letters, digits, `.`, `_`, `:`, `-`, at most 128 characters (the header's documented limit).
    /// Nor `.` or `..`, which a path would read as its own directory or its parent.
    public static func isConnectionId(_ id: String) -> Bool {
        guard (1...128).contains(id.utf8.count), !isDotSegment(id) else { return false }
        return id.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == ":" || $0 == "-" }
    }

    /// OData property names from a server (`$metadata`, an entity's keys): a SimpleIdentifier of
    /// [MC-CSDL] §2.2.6, `[\p{L}\p{Nl}][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}]*` and under 480
    /// characters, without the invisible format characters (`\p{Cf}`) the pattern also admits. No
    /// such name holds shell syntax, a quote, a space or a control character (docs/protocol.md §13,
    /// docs/security.md).
    public static func isODataIdentifier(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), name.unicodeScalars.count < 480 else { return false }
        switch first.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber: break
        default: return false
        }
        while let scalar = scalars.next() {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber,
                 .decimalNumber, .nonspacingMark, .spacingMark, .connectorPunctuation: continue
            default: return false
            }
        }
        return true
    }

    /// `.` and `..`: path segments that mean "here" and "the parent", never a name.
    public static func isDotSegment(_ name: String) -> Bool { name == "." || name == ".." }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
