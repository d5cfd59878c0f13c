// Redirects, followed by hubctl rather than libcurl so that it decides what each hop carries
// (docs/protocol.md §12): the connection id, the X-SMP-/X-SUP- headers, cookies and credentials go
// only to the origin the request was made for.

import Foundation

/// Scheme, host and port of a URL (the default port filled in): two URLs with the same origin
/// reach the same server.
struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }
}

enum Redirect {
    /// The statuses that send the client to `Location`.
    static func isRedirect(_ status: Int) -> Bool {
        switch status {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }

    /// Headers that belong to the configured server only: its credentials and cookies, and SMP's
    /// session and configuration headers (`X-SMP-APPCID`, `X-SUP-SC`, `X-SUP-Domain`, …).
    static func isOriginBound(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie", "x-api-key"].contains(lower)
            || lower.hasPrefix("x-smp-") || lower.hasPrefix("x-sup-")
    }

    /// Where `location` leads from `current`, or nil when hubctl does not follow it: not http(s),
    /// no host, unreadable, or plain http when the request started on https.
    static func target(of location: String, from current: String, startedSecure: Bool) -> String? {
        guard let base = URL(string: current),
              let resolved = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: base)?.absoluteURL,
              var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "https" || (scheme == "http" && !startedSecure),
              let host = components.host, !host.isEmpty else { return nil }
        components.fragment = nil
        return components.string
    }

    /// Why a hop to another origin is not taken, or nil when it may be. Credentials and secrets go
    /// only to the origin they were meant for (docs/security.md §6): a request that carries basic
    /// credentials, an `Authorization` header or a secret in its body (`carriesSecrets`) follows no
    /// redirect to another origin, and a body is never replayed there (a 307/308 keeps it).
    static func crossOriginRefusal(next: HTTPRequest, original: HTTPRequest) -> String? {
        guard let target = Origin(next.url), target != Origin(original.url) else { return nil }
        let to = "\(target.scheme)://\(target.host):\(target.port)"
        if original.carriesSecrets { return "it would take a request carrying secrets to another origin, \(to)" }
        if original.credentials != nil
            || original.headers.contains(where: { ["authorization", "proxy-authorization"].contains($0.name.lowercased()) }) {
            return "it would take an authenticated request to another origin, \(to)"
        }
        if next.body != nil { return "it would send the request body to another origin, \(to)" }
        return nil
    }

    /// The request for the next hop. 303, and 301/302 after a POST, become a GET without a body (as
    /// browsers and libcurl do); 307/308 keep the method and the body. Headers and credentials
    /// come from the original request, the origin-bound ones only when the hop goes to its origin.
    static func next(after hop: HTTPRequest, status: Int, to url: String, original: HTTPRequest) -> HTTPRequest {
        var next = hop
        next.url = url
        let method = hop.method.uppercased()
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.method = "GET"
            next.body = nil
        }
        let targetOrigin = Origin(url)
        let sameOrigin = targetOrigin != nil && targetOrigin == Origin(original.url)
        next.credentials = sameOrigin ? original.credentials : nil
        next.headers = original.headers.filter { header in
            if !sameOrigin, isOriginBound(header.name) { return false }
            if next.body == nil, original.body != nil,
               ["content-type", "content-length"].contains(header.name.lowercased()) { return false }
            return true
        }
        return next
    }
}
