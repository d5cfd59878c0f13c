// The caps a bundle must stay within, and what a successful extraction reports.

/// Caps checked while the archive streams: sizes are counted from the bytes actually decoded,
/// never taken from the sizes an archive declares (those lie in a bomb).
public struct ExtractionLimits: Sendable, Equatable {
    /// Uncompressed bytes of all files together (default 1 GiB: Mobile Services' own bundle limit).
    public var maxTotalBytes: Int64
    /// Uncompressed bytes of any one file (default: the total cap).
    public var maxFileBytes: Int64
    /// Entries of any type, directories included (default 100,000).
    public var maxEntries: Int
    /// Bytes of an entry's path (default 4,096).
    public var maxPathBytes: Int
    /// Path components of an entry (default 64).
    public var maxDepth: Int
    /// Bytes received, i.e. the archive as downloaded (default 2 GiB: the total cap plus room for
    /// headers of many small entries). Stops a server that streams without end.
    public var maxArchiveBytes: Int64

    public static let defaultTotalBytes: Int64 = 1 << 30

    public init(maxTotalBytes: Int64 = ExtractionLimits.defaultTotalBytes,
                maxFileBytes: Int64? = nil,
                maxEntries: Int = 100_000,
                maxPathBytes: Int = 4096,
                maxDepth: Int = 64,
                maxArchiveBytes: Int64 = 2 << 30) {
        self.maxTotalBytes = maxTotalBytes
        self.maxFileBytes = maxFileBytes ?? maxTotalBytes
        self.maxEntries = maxEntries
        self.maxPathBytes = maxPathBytes
        self.maxDepth = maxDepth
        self.maxArchiveBytes = maxArchiveBytes
    }

    public static let `default` = ExtractionLimits()
}

/// What an extraction produced: counts of what was written, and the SHA-256 of the bytes
/// received (the archive exactly as downloaded, trailing bytes included).
public struct ExtractionSummary: Sendable, Equatable, Codable {
    public var files: Int
    public var directories: Int
    /// Uncompressed bytes written, all files together.
    public var bytes: Int64
    /// Bytes of the archive itself.
    public var archiveBytes: Int64
    public var sha256: String

    public init(files: Int, directories: Int, bytes: Int64, archiveBytes: Int64, sha256: String) {
        self.files = files
        self.directories = directories
        self.bytes = bytes
        self.archiveBytes = archiveBytes
        self.sha256 = sha256
    }
}
