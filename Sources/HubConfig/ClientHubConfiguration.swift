// A valid clienthub.plist as settings: effective values, the server URL, and the loader for --plist.

import Foundation
import HubCore

/// The settings a valid clienthub.plist gives, with defaults applied (docs/protocol.md §8).
public struct ClientHubConfiguration: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// `HTTPS`; default true.
    public var https: Bool
    /// `URLSuffix` as written, without leading or trailing slashes; empty when not set.
    public var urlSuffix: String
    /// `FarmID`; "0" means no relay server.
    public var farmID: String
    public var securityConfiguration: String
    /// `UserCreationPolicy`; blank means certificate.
    public var userCreationPolicy: UserCreationPolicy
    /// `Domain`; nil when absent or blank.
    public var domain: String?
    /// `ShareCredentials`; default true.
    public var shareCredentials: Bool

    public init(host: String, port: Int, https: Bool = true, urlSuffix: String = "", farmID: String = "0",
                securityConfiguration: String, userCreationPolicy: UserCreationPolicy = .certificate,
                domain: String? = nil, shareCredentials: Bool = true) {
        self.host = host
        self.port = port
        self.https = https
        self.urlSuffix = urlSuffix
        self.farmID = farmID
        self.securityConfiguration = securityConfiguration
        self.userCreationPolicy = userCreationPolicy
        self.domain = domain
        self.shareCredentials = shareCredentials
    }

    /// The suffix SAP's clients use when a farm id is set without a URLSuffix: the IIS relay
    /// server's. The Apache relay server's path, `cli/iasrelayserver`, must be given as URLSuffix.
    public static let defaultRelaySuffix = "ias_relay_server/client/rs_client.dll"

    /// The base URL hubctl talks to, without a trailing slash; callers append
    /// `[public/]odata/applications/…` (docs/protocol.md §1).
    public var serverURL: String {
        Self.composeServerURL(host: host, port: port, https: https, urlSuffix: urlSuffix, farmID: farmID)
    }

    /// `{https|http}://{host}:{port}` + `/{suffix}` when non-empty + `/{farm}` when set and not "0";
    /// a farm without a suffix gets the IIS relay suffix. IPv6 hosts are bracketed.
    public static func composeServerURL(host: String, port: Int, https: Bool, urlSuffix: String, farmID: String) -> String {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let hostPart = bare.contains(":") ? "[\(bare)]" : bare
        var url = "\(https ? "https" : "http")://\(hostPart):\(port)"
        let suffix = effectiveSuffix(urlSuffix: urlSuffix, farmID: farmID)
        if !suffix.isEmpty { url += "/" + suffix }
        if hasFarm(farmID) { url += "/" + farmID }
        return url
    }

    /// The URL suffix actually used, slashes trimmed.
    public static func effectiveSuffix(urlSuffix: String, farmID: String) -> String {
        let suffix = trimSlashes(urlSuffix)
        return suffix.isEmpty && hasFarm(farmID) ? defaultRelaySuffix : suffix
    }

    static func hasFarm(_ farmID: String) -> Bool {
        let f = farmID.trimmingCharacters(in: .whitespaces)
        return !f.isEmpty && f != "0"
    }

    static func trimSlashes(_ s: String) -> String {
        var sub = s[...]
        while sub.hasPrefix("/") { sub = sub.dropFirst() }
        while sub.hasSuffix("/") { sub = sub.dropLast() }
        return String(sub)
    }

    /// A farm id is what a relay server configuration names a farm: 1 to 128 ASCII letters,
    /// digits, '.', '_' or '-' (so it is one URL path segment needing no escaping), not "." or "..".
    public static func isValidFarmID(_ s: String) -> Bool {
        guard (1...128).contains(s.utf8.count), s != ".", s != ".." else { return false }
        return s.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }

    /// Why a URLSuffix is not a plain URL path (completing "URLSuffix "…" "), or nil.
    public static func urlSuffixProblem(_ s: String) -> String? {
        if s.contains("://") || s.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
            return "includes a scheme or host; give only the path, e.g. mobileservices/relay."
        }
        if s.contains("?") || s.contains("#") {
            return "includes a query or fragment ('?' or '#'); give only the path."
        }
        if s.contains(where: { $0.isWhitespace }) || s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "contains whitespace or control characters; escape them (%20) or remove them."
        }
        if !s.allSatisfy({ $0.isASCII }) {
            return "contains non-ASCII characters; percent-encode them."
        }
        if s.contains("\\") || s.contains(where: { "\"<>^`{|}".contains($0) }) {
            return "contains characters not allowed in a URL path; use '/' between segments and percent-encode the rest."
        }
        let segments = trimSlashes(s).split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0.isEmpty }) {
            return "has an empty segment ('//'); remove the doubled slash."
        }
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            return "contains '.' or '..' segments; write the path out in full."
        }
        return nil
    }

    /// Loads the clienthub.plist at `path` for configuration. Missing → `.noInput` (66); invalid →
    /// `.data` (65) naming the first errors and how to list them all. Warnings do not fail a load.
    public static func load(path: String) throws -> ClientHubConfiguration {
        guard path != "-" else {
            throw HubError.config("--plist needs a file: standard input is the command's own input. Name the clienthub.plist file (or `<(command)`).",
                                  code: .config)
        }
        let result = ClientHubValidator.validate(path: path)
        if result.inputUnavailable {
            let reason = result.errors.first?.message ?? "\(path) cannot be read."
            let code = result.errors.first.flatMap { ErrorCode(rawValue: $0.code.rawValue) } ?? .notFound
            // A FIFO that gave no end of input: 75, as every deadline; anything else 66.
            throw HubError(code == .timeout ? .temporary : .noInput, code: code,
                           "clienthub.plist: \(reason) It was named by --plist, HUBCTL_PLIST or the profile's plist key.")
        }
        guard let configuration = result.configuration else {
            let shown = result.errors.prefix(3).map { issue -> String in
                var where_ = issue.key.map { "\($0): " } ?? ""
                if let line = issue.line { where_ = "line \(line): " + where_ }
                return where_ + issue.message
            }
            let more = result.errors.count > 3 ? " And \(result.errors.count - 3) more." : ""
            throw HubError(.data, code: .invalidPlist,
                           "\(path) is not a valid clienthub.plist: \(shown.joined(separator: " "))\(more) Run `hubctl plist validate \(path)` to see every problem.")
        }
        return configuration
    }

    /// These settings as effective values (every one known).
    public var effectiveValues: ClientHubEffectiveValues {
        ClientHubEffectiveValues(host: host, port: port, https: https, urlSuffix: urlSuffix, farmID: farmID,
                                 securityConfiguration: securityConfiguration, userCreationPolicy: userCreationPolicy,
                                 domain: domain, shareCredentials: shareCredentials)
    }
}
