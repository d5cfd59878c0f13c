// Helpers of the HTTP client: URL redaction for logs, host:port for messages, Retry-After, backoff.

import Foundation
import HubCore

public enum TransportSupport {
    /// Query parameter names whose values are hidden in logs (matched as substrings, lower case).
    static let secretNameParts = ["pass", "pwd", "secret", "token", "key", "auth", "sig", "credential",
                                  "session", "code", "cert"]

    /// The URL with userinfo replaced by `***` and secret-looking query values replaced by `***`.
    /// Fails closed: a URL that does not parse is not printed at all.
    static func redact(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "<unparseable URL>" }
        if components.percentEncodedUser != nil || components.percentEncodedPassword != nil {
            components.percentEncodedUser = "***"
            components.percentEncodedPassword = nil
        }
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                let name = item.name.lowercased()
                guard item.value != nil, secretNameParts.contains(where: { name.contains($0) }) else { return item }
                return URLQueryItem(name: item.name, value: "***")
            }
        }
        return components.string ?? "<unparseable URL>"
    }

    /// `host:port` of a URL for messages (the default port filled in), without userinfo.
    static func hostPort(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = URLHostName.of(components), !host.isEmpty else {
            return "the server"
        }
        let port = components.port ?? (components.scheme?.lowercased() == "https" ? 443 : 80)
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(shownHost):\(port)"
    }

    /// Seconds to wait from a `Retry-After` value: delta-seconds or an HTTP date; nil when absent
    /// or unreadable (then the normal backoff applies).
    static func retryAfterSeconds(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        // Delta-seconds, however many digits (a value too large for Int is still a very long wait).
        if value.allSatisfy({ $0.isASCII && $0.isNumber }) { return Double(value) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        // RFC 9110 IMF-fixdate first, then the two obsolete forms servers still send.
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }

    /// Doubling backoff for the wait after attempt `attempt` (1-based), capped, with jitter in the
    /// upper half so many clients retrying together spread out but never retry instantly.
    static func backoff(afterAttempt attempt: Int, policy: RetryPolicy) -> Double {
        let exponent = Double(min(attempt - 1, 30))
        let base = min(policy.maxBackoff, policy.initialBackoff * pow(2, exponent))
        guard base > 0 else { return 0 }
        return base / 2 + Double.random(in: 0...(base / 2))
    }

    static func formatBytes(_ count: Int) -> String {
        if count < 10_000 { return "\(count) B" }
        if count < 10_000_000 { return "\(count / 1024) KiB" }
        return "\(count / (1024 * 1024)) MiB"
    }

    /// "30 s" or "2.5 s", for messages (also used by the certificate provider's timeout error).
    public static func formatSeconds(_ seconds: Double) -> String { Seconds.format(seconds) }
}
