// The clienthub.plist rules (docs/protocol.md §8, docs/usage.md "plist validate") and their findings.

import Foundation
import HubCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stable identifiers of what can be wrong with a file; scripts match on these.
public enum ClientHubIssueCode: String, Codable, Sendable, CaseIterable {
    case notFound = "not_found"
    case unreadable = "unreadable"
    /// A pipe or FIFO gave no end of input before the deadline (exit 75, as every deadline).
    case timeout = "timeout"
    case notAFile = "not_a_file"
    case tooLarge = "too_large"
    case emptyFile = "empty_file"
    case parseError = "parse_error"
    case notADictionary = "not_a_dictionary"
    case missingKey = "missing_key"
    case emptyValue = "empty_value"
    case wrongType = "wrong_type"
    case outOfRange = "out_of_range"
    case invalidValue = "invalid_value"
    case miscasedKey = "miscased_key"
    case duplicateKey = "duplicate_key"
    case unknownKey = "unknown_key"
}

/// One finding: which key (absent for whole-file problems), what, and where in an XML file.
public struct ClientHubIssue: Sendable, Equatable {
    public var key: String?
    public var code: ClientHubIssueCode
    public var message: String
    public var line: Int?

    public init(key: String?, code: ClientHubIssueCode, message: String, line: Int? = nil) {
        self.key = key
        self.code = code
        self.message = message
        self.line = line
    }

    /// The issue in a report: `key` always present (null for file-level issues), `line` when known.
    public var json: JSONValue {
        .members(["key": JSONValue(key), "code": .string(code.rawValue), "message": .string(message), "line": line.map { .int(Int64($0)) }])
    }
}

/// The keys SAP's clients read, spelled exactly as they must appear.
public enum ClientHubKey: String, CaseIterable, Sendable {
    case host = "Host"
    case port = "Port"
    case farmID = "FarmID"
    case securityConfiguration = "SecurityConfiguration"
    case userCreationPolicy = "UserCreationPolicy"
    case urlSuffix = "URLSuffix"
    case domain = "Domain"
    case https = "HTTPS"
    case shareCredentials = "ShareCredentials"

    public static let mandatory: [ClientHubKey] = [.host, .port, .farmID, .securityConfiguration, .userCreationPolicy]
}

/// How users are created on the server for this application, and so how a user authenticates
/// (docs/protocol.md §8): the one notion shared by clienthub.plist, profiles and the environment.
public enum UserCreationPolicy: String, Codable, Sendable, CaseIterable {
    case automatic
    case manual
    case certificate
}

/// Everything found about one file: the effective values that could be read, and the findings.
public struct ClientHubValidation: Sendable {
    public var path: String
    public var format: ClientHubPlistFormat?
    public var errors: [ClientHubIssue]
    public var warnings: [ClientHubIssue]
    /// The effective values; nil when the file has no root dictionary to read them from.
    public var values: ClientHubEffectiveValues?
    /// True when the file is missing or cannot be opened (exit 66 rather than 65).
    public var inputUnavailable: Bool

    public var isValid: Bool { errors.isEmpty }

    /// The complete configuration, when the file has no errors.
    public var configuration: ClientHubConfiguration? {
        guard isValid, let values else { return nil }
        return values.complete
    }

    /// `--strict`: every warning becomes an error.
    public mutating func promoteWarnings() {
        errors += warnings
        warnings = []
    }
}

/// The values of a clienthub.plist with defaults applied; a value is nil when it is missing or
/// invalid (the report shows null there), and `serverURL` is nil unless host and port are usable.
public struct ClientHubEffectiveValues: Sendable, Equatable {
    public var host: String?
    public var port: Int?
    public var https: Bool
    public var urlSuffix: String?
    public var farmID: String?
    public var securityConfiguration: String?
    public var userCreationPolicy: UserCreationPolicy?
    public var domain: String?
    public var shareCredentials: Bool

    /// The server base URL of docs/protocol.md §1, without a trailing slash.
    public var serverURL: String? {
        guard let host, let port else { return nil }
        return ClientHubConfiguration.composeServerURL(host: host, port: port, https: https,
                                                       urlSuffix: urlSuffix ?? "", farmID: farmID ?? "")
    }

    /// The suffix actually used: the relay default when a farm id is set and no suffix is given.
    public var effectiveURLSuffix: String {
        ClientHubConfiguration.effectiveSuffix(urlSuffix: urlSuffix ?? "", farmID: farmID ?? "")
    }

    var complete: ClientHubConfiguration? {
        guard let host, let port, let farmID, let securityConfiguration, let userCreationPolicy else { return nil }
        return ClientHubConfiguration(host: host, port: port, https: https, urlSuffix: urlSuffix ?? "",
                                      farmID: farmID, securityConfiguration: securityConfiguration,
                                      userCreationPolicy: userCreationPolicy, domain: domain,
                                      shareCredentials: shareCredentials)
    }

    /// Every field is always present (null when unknown) so the report has one fixed shape.
    public var json: JSONValue {
        .object([
            "host": JSONValue(host), "port": port.map { .int(Int64($0)) } ?? .null, "https": .bool(https),
            "urlSuffix": .string(effectiveURLSuffix), "farmID": JSONValue(farmID),
            "securityConfiguration": JSONValue(securityConfiguration), "userCreationPolicy": JSONValue(userCreationPolicy?.rawValue),
            "domain": JSONValue(domain), "shareCredentials": .bool(shareCredentials), "serverURL": JSONValue(serverURL),
        ])
    }
}

public enum ClientHubValidator {
    /// Reads, parses and checks the file at `path`. "-" is standard input, which only the command
    /// layer reads: it hands the bytes over through `standardInput` (without it, "-" is refused).
    public static func validate(path: String, strict: Bool = false, wait: Double = BoundedFile.defaultWait,
                                standardInput: (() -> Result<Data, ClientHubReadFailure>)? = nil) -> ClientHubValidation {
        let read: Result<Data, ClientHubReadFailure>
        if path == "-" {
            read = standardInput?() ?? .failure(ClientHubReadFailure(code: .notAFile, message: "Standard input cannot be read here: name the clienthub.plist file.",
                                                                      line: nil, format: nil, inputUnavailable: true))
        } else {
            read = ClientHubPlistReader.readFile(at: path, wait: wait)
        }
        switch read {
        case .failure(let failure):
            return failed(path: path, failure, strict: strict)
        case .success(let data):
            return validate(data: data, path: path, strict: strict)
        }
    }

    /// Parses and checks bytes already read; `path` only labels the result.
    public static func validate(data: Data, path: String, strict: Bool = false) -> ClientHubValidation {
        switch ClientHubPlistReader.parse(data) {
        case .failure(let failure):
            return failed(path: path, failure, strict: strict)
        case .success(let document):
            var result = validate(document: document, path: path)
            if strict { result.promoteWarnings() }
            return result
        }
    }

    /// Applies the rules to a parsed document.
    public static func validate(document: ClientHubPlistDocument, path: String) -> ClientHubValidation {
        var checker = Checker(lines: document.keyLines)
        let values = checker.check(document.root)
        return ClientHubValidation(path: path, format: document.format, errors: checker.errors,
                                   warnings: checker.warnings, values: values, inputUnavailable: false)
    }

    private static func failed(path: String, _ failure: ClientHubReadFailure, strict: Bool) -> ClientHubValidation {
        ClientHubValidation(path: path, format: failure.format,
                            errors: [ClientHubIssue(key: nil, code: failure.code, message: failure.message, line: failure.line)],
                            warnings: [], values: nil, inputUnavailable: failure.inputUnavailable)
    }
}

/// A property list value as one of the types a plist can hold.
enum PlistValue {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case date
    case data
    case array
    case dictionary
    case other

    init(_ value: Any) {
        if let s = value as? String { self = .string(s); return }
        if type(of: value) == Bool.self, let b = value as? Bool { self = .bool(b); return }
        if value is Date { self = .date; return }
        if value is Data { self = .data; return }
        if value is [Any] || value is NSArray { self = .array; return }
        if value is [AnyHashable: Any] || value is NSDictionary { self = .dictionary; return }
        if let n = value as? NSNumber {
            // Foundation hands plist booleans and numbers back as NSNumber; the ObjC type tells
            // <true/> ("c"/"B") from <integer> and <real> ("d"/"f").
            let t = String(cString: n.objCType)
            if t == "c" || t == "B" { self = .bool(n.boolValue); return }
            if t == "d" || t == "f" {
                self = .real(n.doubleValue)
                return
            }
            self = .integer(n.int64Value)
            return
        }
        if let i = value as? Int { self = .integer(Int64(i)); return }
        if let d = value as? Double { self = .real(d); return }
        self = .other
    }

    var typeName: String {
        switch self {
        case .string: "a string"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .real: "a real number"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .other: "an unsupported value"
        }
    }
}

/// Walks the root dictionary once, collecting findings and effective values.
private struct Checker {
    let lines: [String: [Int]]
    var errors: [ClientHubIssue] = []
    var warnings: [ClientHubIssue] = []

    init(lines: [String: [Int]]) { self.lines = lines }

    mutating func check(_ root: Any) -> ClientHubEffectiveValues? {
        guard PlistValue(root).isDictionary, let dict = Self.stringKeyed(root) else {
            let kind = PlistValue(root)
            let what = kind.isDictionary ? "a dictionary whose keys are not all strings" : kind.typeName
            error(nil, .notADictionary, "The root of the property list is \(what); a clienthub.plist's root must be a dictionary (<dict>) of string keys such as Host and Port.")
            return nil
        }
        // Defaults of docs/protocol.md §8; a key that is present but unusable turns its value to nil.
        var values = ClientHubEffectiveValues(https: true, userCreationPolicy: .certificate, shareCredentials: true)

        // Keys in file order when lines are known, else by name, so findings come out stably.
        let keys = dict.keys.sorted { a, b in
            let la = lines[a]?.first ?? Int.max, lb = lines[b]?.first ?? Int.max
            return la != lb ? la < lb : a < b
        }
        let exact = Set(keys)
        var miscasedFor: [ClientHubKey: String] = [:]

        for key in keys {
            // The last occurrence is the one readers keep, so value findings point at it.
            let line = lines[key]?.last
            if let occurrences = lines[key], occurrences.count > 1 {
                let where_ = occurrences.map(String.init).joined(separator: ", ")
                error(key, .duplicateKey, "\(key) appears \(occurrences.count) times (lines \(where_)); readers silently keep only the last one. Remove the duplicates.", line: occurrences.last)
            }
            if let known = ClientHubKey(rawValue: key) {
                checkValue(known, dict[key]!, line: line, into: &values)
                continue
            }
            if let known = ClientHubKey.allCases.first(where: { $0.rawValue.lowercased() == key.lowercased() }) {
                if !exact.contains(known.rawValue) { miscasedFor[known] = key }
                error(key, .miscasedKey, "\(key) is not read by SAP's clients: key names are case-sensitive. Rename it to \(known.rawValue).", line: line)
                continue
            }
            let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if let near = ClientHubKey.allCases.first(where: { $0.rawValue.lowercased() == trimmed }) {
                warning(key, .unknownKey, "\(Self.quoted(key)) is not a clienthub.plist key; did you mean \(near.rawValue) (without the surrounding spaces)?", line: line)
            } else {
                warning(key, .unknownKey, "\(Self.quoted(key)) is not a clienthub.plist key and is ignored. Known keys: \(ClientHubKey.allCases.map(\.rawValue).joined(separator: ", ")).", line: line)
            }
        }

        for key in ClientHubKey.mandatory where !exact.contains(key.rawValue) {
            // A miscased spelling already produced an error that names the right key.
            if miscasedFor[key] != nil { continue }
            error(key.rawValue, .missingKey, "The mandatory key \(key.rawValue) is missing. Add <key>\(key.rawValue)</key> with \(Self.example(key)).")
        }
        return values
    }

    // MARK: - Per-key rules

    mutating func checkValue(_ key: ClientHubKey, _ raw: Any, line: Int?, into values: inout ClientHubEffectiveValues) {
        let value = PlistValue(raw)
        let name = key.rawValue
        switch key {
        case .host:
            guard let s = string(name, value, line: line, blankIsError: true) else { return }
            if let problem = ClientHubHostRules.problem(with: s) {
                error(name, .invalidValue, "Host \(Self.quoted(HubError.redactingUserInfo(s))) \(problem)", line: line)
            } else {
                values.host = ClientHubHostRules.unbracketed(s)
            }
        case .port:
            switch value {
            case .integer(let i):
                if (1...65535).contains(i) { values.port = Int(i) } else {
                    error(name, .outOfRange, "Port \(i) is out of range; use a TCP port from 1 to 65535, e.g. 443.", line: line)
                }
            case .string:
                guard let s = string(name, value, line: line, blankIsError: true) else { return }
                let body = s.hasPrefix("-") ? s.dropFirst() : s[...]
                if !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) {
                    if !s.hasPrefix("-"), body.count <= 5, let p = Int(body), (1...65535).contains(p) {
                        values.port = p
                    } else {
                        error(name, .outOfRange, "Port \(Self.quoted(s)) is out of range; use a TCP port from 1 to 65535, e.g. 443.", line: line)
                    }
                } else {
                    error(name, .invalidValue, "Port \(Self.quoted(s)) is not a number; use digits only, e.g. <string>443</string>.", line: line)
                }
            default:
                wrongType(name, value, expected: "a string or an integer, e.g. <string>443</string>", line: line)
            }
        case .farmID:
            guard let s = string(name, value, line: line, blankIsError: true) else { return }
            if s == "0" || ClientHubConfiguration.isValidFarmID(s) {
                values.farmID = s
            } else {
                error(name, .invalidValue, "FarmID \(Self.quoted(s)) is not a farm id; use 0 when there is no relay server, else the relay server farm id (1 to 128 letters, digits, '.', '_' or '-').", line: line)
            }
        case .securityConfiguration:
            guard let s = string(name, value, line: line, blankIsError: true) else { return }
            values.securityConfiguration = s
        case .userCreationPolicy:
            values.userCreationPolicy = nil
            guard let s = string(name, value, line: line, blankIsError: false) else { return }
            if Self.isBlank(s) {
                values.userCreationPolicy = .certificate
            } else if let policy = UserCreationPolicy(rawValue: s) {
                values.userCreationPolicy = policy
            } else {
                let hint = UserCreationPolicy(rawValue: s.lowercased()).map { " (values are lowercase: \($0.rawValue))" } ?? ""
                error(name, .invalidValue, "UserCreationPolicy \(Self.quoted(s)) is not allowed; use automatic, manual or certificate\(hint), or leave it blank for certificate.", line: line)
            }
        case .urlSuffix:
            guard let s = string(name, value, line: line, blankIsError: false) else { return }
            if Self.isBlank(s) { return }
            if let problem = ClientHubConfiguration.urlSuffixProblem(s) {
                error(name, .invalidValue, "URLSuffix \(Self.quoted(s)) \(problem)", line: line)
            } else {
                values.urlSuffix = ClientHubConfiguration.trimSlashes(s)
            }
        case .domain:
            guard let s = string(name, value, line: line, blankIsError: false) else { return }
            values.domain = Self.isBlank(s) ? nil : s
        case .https:
            if let b = boolean(name, value, line: line) { values.https = b }
        case .shareCredentials:
            if let b = boolean(name, value, line: line) { values.shareCredentials = b }
        }
    }

    /// A string value, or nil after recording why not.
    mutating func string(_ name: String, _ value: PlistValue, line: Int?, blankIsError: Bool) -> String? {
        guard case .string(let s) = value else {
            wrongType(name, value, expected: "a string, e.g. \(Self.example(ClientHubKey(rawValue: name)!))", line: line)
            return nil
        }
        if blankIsError && Self.isBlank(s) {
            error(name, .emptyValue, "\(name) is blank; it is mandatory. Set it to \(Self.example(ClientHubKey(rawValue: name)!)).", line: line)
            return nil
        }
        return s
    }

    /// A plist boolean or "true"/"false" in any case; blank means the default.
    mutating func boolean(_ name: String, _ value: PlistValue, line: Int?) -> Bool? {
        switch value {
        case .bool(let b): return b
        case .string(let s):
            if Self.isBlank(s) { return nil }
            switch s.lowercased() {
            case "true": return true
            case "false": return false
            default:
                error(name, .invalidValue, "\(name) \(Self.quoted(s)) is not a boolean; use true or false (<string>true</string> or <true/>).", line: line)
                return nil
            }
        default:
            wrongType(name, value, expected: "a boolean: <true/>, <false/>, or the string true or false", line: line)
            return nil
        }
    }

    mutating func wrongType(_ name: String, _ value: PlistValue, expected: String, line: Int?) {
        error(name, .wrongType, "\(name) is \(value.typeName); SAP's clients read it as \(expected).", line: line)
    }

    mutating func error(_ key: String?, _ code: ClientHubIssueCode, _ message: String, line: Int? = nil) {
        errors.append(ClientHubIssue(key: key, code: code, message: message, line: line))
    }

    mutating func warning(_ key: String?, _ code: ClientHubIssueCode, _ message: String, line: Int? = nil) {
        warnings.append(ClientHubIssue(key: key, code: code, message: message, line: line))
    }

    static func isBlank(_ s: String) -> Bool {
        s.allSatisfy { $0.isWhitespace }
    }

    /// Quotes a value for a message, bounded so a huge value cannot flood the report.
    static func quoted(_ s: String) -> String {
        let shown = s.count > 80 ? String(s.prefix(80)) + "…" : s
        let escaped = shown.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: return "\\u{\(String(scalar.value, radix: 16))}"
            default: return String(scalar)
            }
        }.joined()
        return "\"\(escaped)\""
    }

    static func example(_ key: ClientHubKey) -> String {
        switch key {
        case .host: "<string>smp.example.com</string>"
        case .port: "<string>443</string>"
        case .farmID: "<string>0</string> (no relay server)"
        case .securityConfiguration: "<string>SSO</string>"
        case .userCreationPolicy: "<string>certificate</string> (or automatic, manual; blank means certificate)"
        case .urlSuffix: "<string>mobileservices/relay</string>"
        case .domain: "<string>default</string>"
        case .https, .shareCredentials: "<string>true</string>"
        }
    }

    /// The dictionary with string keys, or nil when some key is not a string.
    static func stringKeyed(_ root: Any) -> [String: Any]? {
        if let d = root as? [String: Any] { return d }
        guard let any = root as? [AnyHashable: Any] else { return nil }
        var out: [String: Any] = [:]
        for (k, v) in any {
            guard let s = k.base as? String else { return nil }
            out[s] = v
        }
        return out
    }
}

extension PlistValue {
    var isDictionary: Bool { if case .dictionary = self { true } else { false } }
}

/// Host: a DNS name or an IP address, without scheme, path or port.
enum ClientHubHostRules {
    /// Why `host` is unusable (completing "Host "…" "), or nil when it is fine.
    static func problem(with host: String) -> String? {
        if host.contains("://") {
            return "includes a scheme; give only the host name (set HTTPS to choose https or http)."
        }
        if host.contains(where: { $0.isWhitespace }) {
            return "contains whitespace; give only the host name, e.g. smp.example.com."
        }
        if host.contains("/") || host.contains("?") || host.contains("#") {
            return "includes a path; give only the host name and put a relay or proxy path in URLSuffix."
        }
        if host.contains("@") {
            return "includes user information; give only the host name."
        }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), isIPv6(String(host.dropFirst().dropLast())) else {
                return "is not a valid bracketed IPv6 address; give only the address, e.g. [2001:db8::1] without a port."
            }
            return nil
        }
        if host.contains(":") {
            if isIPv6(host) { return nil }
            return "includes a port; give only the host name and put the port in Port."
        }
        if isIPv4(host) { return nil }
        return hostNameProblem(host)
    }

    /// The host without the brackets of an IPv6 literal.
    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    static func isIPv6(_ s: String) -> Bool {
        var addr = in6_addr()
        return s.withCString { inet_pton(AF_INET6, $0, &addr) } == 1
    }

    static func isIPv4(_ s: String) -> Bool {
        var addr = in_addr()
        return s.withCString { inet_pton(AF_INET, $0, &addr) } == 1
    }

    /// RFC 1123 host names (underscores tolerated, as private DNS zones use them).
    static func hostNameProblem(_ host: String) -> String? {
        var name = host
        if name.hasSuffix(".") { name.removeLast() }
        guard name.utf8.count <= 253 else { return "is longer than 253 characters." }
        guard name.allSatisfy({ $0.isASCII }) else {
            return "contains non-ASCII characters; write an internationalised name in its ASCII (xn--) form."
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            if label.isEmpty { return "has an empty label (two dots in a row, or a leading dot)." }
            if label.utf8.count > 63 { return "has a label longer than 63 characters." }
            if !label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                return "contains characters not allowed in a host name; use letters, digits, '-' and '.'."
            }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "has a label that starts or ends with '-'." }
        }
        if labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) {
            return "is neither a host name nor a valid IPv4 address."
        }
        return nil
    }
}
