// The one error type every layer throws, and the single mapping from error kind to exit code.

/// What kind of failure happened; each kind is one exit code (README.md "Exit codes").
public enum FailureKind: String, Sendable, CaseIterable {
    case partial        // 3: some of the work failed; the report on stdout says which
    case usage          // 64: bad flags or arguments
    case data           // 65: invalid plist, malformed answer, hostile archive, damaged vault
    case noInput        // 66: missing file, no registration, no bundle
    case unavailable    // 69: cannot connect, persistent server errors
    case `internal`     // 70: a bug in hubctl
    case cannotCreate   // 73: destination not writable, disk full
    case temporary      // 75: timed out
    case permission     // 77: authentication failed, wrong passphrase, unsafe permissions
    case config         // 78: missing or contradictory configuration
    case interrupted    // 130: stopped by SIGINT (as shells report it)
    case terminated     // 143: stopped by SIGTERM

    public var exitCode: Int32 {
        switch self {
        case .partial: 3
        case .usage: 64
        case .data: 65
        case .noInput: 66
        case .unavailable: 69
        case .internal: 70
        case .cannotCreate: 73
        case .temporary: 75
        case .permission: 77
        case .config: 78
        case .interrupted: 130
        case .terminated: 143
        }
    }

    /// The kind whose exit code is `code`, nil for 0 or a code hubctl does not use.
    public init?(exitCode code: Int32) {
        guard let kind = FailureKind.allCases.first(where: { $0.exitCode == code }) else { return nil }
        self = kind
    }
}

/// A failure a user can act on: `code` is a stable snake_case identifier for scripts,
/// `message` says what went wrong and what to do next, `status` is the HTTP status when a
/// server answered. Messages must never contain secrets.
public struct HubError: Error, Sendable, CustomStringConvertible {
    public var kind: FailureKind
    public var code: ErrorCode
    public var message: String
    public var status: Int?
    /// What to try next, shown on its own `hint:` line when errors are text (not in the JSON).
    public var hint: String?
    /// The seconds the server asked to wait (`Retry-After`) when its answer ended the request, for
    /// a caller that tries again later on its own schedule (`acp check --wait`). Not in the JSON.
    public var retryAfter: Double?
    /// The command has already said what happened (a report on stdout, a line on stderr): the
    /// entry point exits with the code and prints no error document. A batch with failed lines, a
    /// push send cut off half-way, a wait stopped by a signal.
    public var alreadyReported = false

    public init(_ kind: FailureKind, code: ErrorCode, _ message: String, status: Int? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.status = status
    }

    public var exitCode: Int32 { kind.exitCode }
    public var description: String { "\(code.rawValue): \(message)" }

    // Common constructors, so the same failure is worded the same way everywhere.
    public static func usage(_ message: String, code: ErrorCode = .usage) -> HubError {
        HubError(.usage, code: code, message)
    }
    public static func config(_ message: String, code: ErrorCode = .config) -> HubError {
        HubError(.config, code: code, message)
    }
    public static func data(_ message: String, code: ErrorCode = .invalidData, status: Int? = nil) -> HubError {
        HubError(.data, code: code, message, status: status)
    }
    public static func noInput(_ message: String, code: ErrorCode = .notFound, status: Int? = nil) -> HubError {
        HubError(.noInput, code: code, message, status: status)
    }
    /// A name from outside (an archive entry, an id from a server or a flag) quoted for a message:
    /// control characters shown as `\xNN`, at most 200 characters.
    public static func quoted(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars.prefix(200) {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\x" + String(scalar.value, radix: 16, uppercase: false).leftPadded(to: 2)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if name.unicodeScalars.count > 200 { out += "…" }
        return "\"\(out)\""
    }

    /// A host or URL with any user information (`user:password@`) replaced by `<redacted>`, for
    /// messages and reports: a password typed into a URL or a Host must never be shown again.
    public static func redactingUserInfo(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let start = text.range(of: "://").map { $0.upperBound < at ? $0.upperBound : text.startIndex } ?? text.startIndex
        return String(text[..<start]) + "<redacted>" + String(text[at...])
    }

    /// The end of a command that has printed its own account of the failure: exit with `kind`'s code.
    public static func reported(_ kind: FailureKind, code: ErrorCode, _ message: String) -> HubError {
        var error = HubError(kind, code: code, message)
        error.alreadyReported = true
        return error
    }

    public static func internalError(_ message: String) -> HubError {
        HubError(.internal, code: .internal, message + " This is a bug in hubctl; please report it.")
    }
}

/// The JSON shape of an error on stderr: `{"error": {"code": …, "message": …, "status": …}}`,
/// `status` only when the server gave one.
public struct ErrorDocument: JSONDocument, Sendable {
    public var code: ErrorCode
    public var message: String
    public var status: Int?

    public init(_ error: HubError) {
        code = error.code
        message = error.message
        status = error.status
    }

    /// The inner object (a batch result's `error`).
    public var body: JSONValue {
        .members(["code": .string(code.rawValue), "message": .string(message), "status": status.map { .int(Int64($0)) }])
    }

    public var json: JSONValue { .object(["error": body]) }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
