// The JSON report of `hubctl plist validate` (docs/usage.md "plist validate") and the exit status it implies.

import HubCore

/// `{"valid": …, "files": [ … ]}`: one entry per file, in the order given.
public struct ClientHubReport: JSONDocument, Sendable {
    public var valid: Bool
    public var files: [File]

    /// One file's entry; `format` and `config` are always present (null when unknown).
    public struct File: Sendable {
        public var path: String
        public var valid: Bool
        public var format: ClientHubPlistFormat?
        public var errors: [ClientHubIssue]
        public var warnings: [ClientHubIssue]
        public var config: ClientHubEffectiveValues?

        public var json: JSONValue {
            .object(["path": .string(path), "valid": .bool(valid), "format": JSONValue(format?.rawValue),
                     "errors": .array(errors.map(\.json)), "warnings": .array(warnings.map(\.json)), "config": config?.json ?? .null])
        }
    }

    /// Kept out of the JSON: which files could not be read at all (exit 66), and which pipes or
    /// FIFOs gave no end of input before the deadline (exit 75).
    private var unavailablePaths: [String]
    private var timedOutPaths: [String]

    public init(_ results: [ClientHubValidation]) {
        files = results.map {
            File(path: $0.path, valid: $0.isValid, format: $0.format, errors: $0.errors,
                 warnings: $0.warnings, config: $0.values)
        }
        valid = results.allSatisfy(\.isValid)
        let timedOut = { (result: ClientHubValidation) in result.errors.first?.code == .timeout }
        unavailablePaths = results.filter { $0.inputUnavailable && !timedOut($0) }.map(\.path)
        timedOutPaths = results.filter { $0.inputUnavailable && timedOut($0) }.map(\.path)
    }

    public var json: JSONValue { .object(["valid": .bool(valid), "files": .array(files.map(\.json))]) }

    /// The error to exit with after printing the report: 66 when a file is missing or unreadable
    /// (it wins: the run checked less than it was asked to, and trying again will not help), 75
    /// (`timeout`, as every deadline) when a pipe or FIFO gave no end of input before the
    /// deadline, 65 when a file is invalid, else nil.
    public var failure: HubError? {
        let invalid = files.filter { !$0.valid }
        if invalid.isEmpty { return nil }
        let total = files.count
        let listed = invalid.prefix(5).map { file -> String in
            let first = file.errors.first.map { issue in issue.key.map { "\($0): \(issue.code.rawValue)" } ?? issue.code.rawValue } ?? "invalid"
            return "\(file.path) (\(first))"
        }.joined(separator: ", ") + (invalid.count > 5 ? ", …" : "")
        if !unavailablePaths.isEmpty {
            let missing = unavailablePaths.prefix(5).joined(separator: ", ") + (unavailablePaths.count > 5 ? ", …" : "")
            let count = unavailablePaths.count
            return HubError(.noInput, code: .notFound,
                            "\(count) of \(total) file\(total == 1 ? "" : "s") could not be read: \(missing). \(invalid.count) of \(total) invalid in all: \(listed). Check the paths; the report on stdout has the details.")
        }
        if !timedOutPaths.isEmpty {
            let waited = timedOutPaths.prefix(5).joined(separator: ", ") + (timedOutPaths.count > 5 ? ", …" : "")
            var error = HubError(.temporary, code: .timeout,
                                 "\(timedOutPaths.count) of \(total) file\(total == 1 ? "" : "s") gave no end of input before the deadline: \(waited) (a FIFO nobody writes to, or a command that does not end). \(invalid.count) of \(total) invalid in all: \(listed).")
            error.hint = "Raise --deadline if the writer is slow; the report on stdout has the details."
            return error
        }
        return HubError(.data, code: .invalidPlist,
                        "\(invalid.count) of \(total) file\(total == 1 ? "" : "s") \(invalid.count == 1 ? "is" : "are") invalid: \(listed). The report on stdout lists every error with its line.")
    }
}
