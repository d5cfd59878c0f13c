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
    public static func isConnectionId(_ id: String) -> Bool {
        guard (1...128).contains(id.utf8.count) else { return false }
        return id.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == ":" || $0 == "-" }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
