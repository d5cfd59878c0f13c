// Secrets over plain HTTP (docs/security.md "Secrets over plain HTTP"): a password, an API key, a
// client secret or a token goes in clear over http://, readable by anyone on the path. hubctl sends
// one only over https, or over http to this machine (loopback: 127.0.0.0/8, ::1, localhost), unless
// the user allowed it (`--allow-http`), and then warns each time.

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HubCore

public enum PlainHTTPPolicy: Sendable {
    case refuse
    /// Allowed; `warn` hears each request that sends a secret in clear.
    case allow(warn: @Sendable (String) -> Void)
}

enum PlainHTTP {
    /// Whether the request carries something secret: basic credentials, an `Authorization` or
    /// `X-API-Key` header, or a body marked as holding secrets (token requests).
    static func carriesSecret(_ request: HTTPRequest) -> Bool {
        request.credentials != nil || request.carriesSecrets || request.headers.contains { h in
            h.name.caseInsensitiveCompare("Authorization") == .orderedSame || h.name.caseInsensitiveCompare("X-API-Key") == .orderedSame
        }
    }

    /// The host of an http:// URL that is not loopback; nil for https, loopback, or no secret to protect.
    static func exposedHost(_ url: String) -> String? {
        // Most requests are https: decided without parsing the URL.
        guard url.utf8.prefix(5).map({ $0 | 0x20 }) == Array("http:".utf8) else { return nil }
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http" else { return nil }
        var host = (URLHostName.of(components) ?? "").lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return nil }
        if isLoopbackIPv4(host) { return nil }
        return host.isEmpty ? "?" : host
    }

    /// Whether `host` is an IPv4 address in 127.0.0.0/8 as `inet_aton` reads it, which is how libcurl
    /// reads a URL's numeric host (`127.1`, `0x7f.0.0.1`). A name that only looks like one
    /// (`127.0.0.08`: 08 is no octal number) is not an address: libcurl asks the resolver, whose
    /// answer may be any host, so it is not loopback.
    static func isLoopbackIPv4(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.allSatisfy({ $0 < 128 && $0 != 0 }) else { return false }
        var address = in_addr()
        guard inet_aton(host, &address) != 0 else { return false }
        return UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    /// Throws (78) when a secret would go in clear and that is not allowed; warns when it is.
    static func check(_ request: HTTPRequest, policy: PlainHTTPPolicy) throws {
        guard carriesSecret(request), let host = exposedHost(request.url) else { return }
        switch policy {
        case .refuse:
            throw HubError(.config, code: .plainHttpRefused,
                           "Refusing to send credentials or a token in clear over http:// to \(HubError.quoted(host)): anyone on the network path could read them. Use https://, or give --allow-http (HUBCTL_ALLOW_HTTP=1) if this network is trusted.")
        case .allow(let warn):
            warn("--allow-http: sending credentials or a token in clear over http:// to \(HubError.quoted(host)).")
        }
    }
}
