// The loopback redirect of a native app's OAuth login (RFC 8252 §7.3): a tiny, bounded listener on
// 127.0.0.1 (or ::1) that waits for the one request the browser is redirected with, answers it with
// a short page, and hands back its query. POSIX sockets only: no server framework in hubctl.

import Foundation
import HubCore
#if canImport(Glibc)
import Glibc
#endif

/// What the authorization server put in the redirect: a code and state, or an error (RFC 6749 §4.1.2).
public struct AuthorizationResponse: Sendable, Equatable {
    public var code: String?
    public var state: String?
    public var error: String?
    public var errorDescription: String?

    public init(code: String?, state: String?, error: String?, errorDescription: String?) {
        self.code = code
        self.state = state
        self.error = error
        self.errorDescription = errorDescription
    }

    /// From the query items of the redirect.
    public init(query: [URLQueryItem]) {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 } }
        self.init(code: value("code"), state: value("state"), error: value("error"), errorDescription: value("error_description"))
    }

    /// What a person pasted: the address the browser was sent to, or the bare code.
    public init?(pasted text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.contains("?") || trimmed.contains("://"),
           let components = URLComponents(string: trimmed.contains("://") ? trimmed : "http://x/" + trimmed),
           let items = components.queryItems, !items.isEmpty {
            self.init(query: items)
        } else {
            self.init(code: trimmed, state: nil, error: nil, errorDescription: nil)
        }
    }
}

/// A redirect URI hubctl can listen on itself: `http://127.0.0.1|[::1]|localhost[:port]/path`.
public struct LoopbackRedirect: Sendable {
    public let host: String
    public let port: Int
    public let path: String

    public init?(_ uri: String) {
        guard let c = URLComponents(string: uri), c.scheme?.lowercased() == "http", let host = c.host?.lowercased(),
              ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host) else { return nil }
        self.host = host == "[::1]" ? "::1" : host
        self.port = c.port ?? 80
        self.path = c.path.isEmpty ? "/" : c.path
    }

    /// The redirect URI with the port actually bound (port 0 in the setting: any free port).
    public func uri(original: String, boundPort: Int) -> String {
        guard port == 0, var c = URLComponents(string: original) else { return original }
        c.port = boundPort
        return c.string ?? original
    }
}

/// A listening socket on the loopback redirect address. `wait` accepts connections one at a time
/// until one asks for the redirect path (others get 404), then answers it and returns its query.
public final class LoopbackListener {
    public let boundPort: Int
    private let descriptor: Int32
    private let path: String

    public init(_ redirect: LoopbackRedirect) throws {
        let v6 = redirect.host == "::1"
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Self.failure("create a socket", errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let bindResult: Int32
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            address.sin6_port = in_port_t(UInt16(redirect.port).bigEndian)
            bindResult = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(redirect.port).bigEndian)
            bindResult = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard bindResult == 0, listen(fd, 8) == 0 else {
            let e = errno
            close(fd)
            throw HubError(.unavailable, code: .cannotConnect,
                           "hubctl cannot listen on the redirect address \(redirect.host):\(redirect.port) (\(String(cString: strerror(e)))). Another program may use that port: stop it, or configure another loopback redirect URI (--redirect-uri) for the OAuth client.")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let port: UInt16 = withUnsafePointer(to: &storage) { pointer in
            v6 ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
               : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        boundPort = Int(UInt16(bigEndian: port))
        descriptor = fd
        path = redirect.path
    }

    deinit { close(descriptor) }

    /// Waits until `seconds` have passed (nil then) or the redirect arrived.
    public func wait(seconds: Double) throws -> AuthorizationResponse? {
        let end = ContinuousClock.now + .milliseconds(Int64(max(0, seconds) * 1000))
        while true {
            let left = ContinuousClock.now.duration(to: end)
            let ms = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard ms > 0 else { return nil }
            var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, ms)
            if ready < 0 {
                if errno == EINTR { continue }
                throw Self.failure("wait for the browser", errno)
            }
            if ready == 0 { continue }
            let client = accept(descriptor, nil, nil)
            if client < 0 { continue }
            defer { close(client) }
            if let answer = serve(client, msLeft: min(ms, 5000)) { return answer }
        }
    }

    /// Reads one request head (at most 16 KiB, within `msLeft`); answers it. The redirect's query,
    /// or nil for any other request.
    private func serve(_ client: Int32, msLeft: Int32) -> AuthorizationResponse? {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = ContinuousClock.now + .milliseconds(Int64(msLeft))
        while head.count < 16_384, !Self.containsHeadEnd(head) {
            let left = ContinuousClock.now.duration(to: end).components
            let ms = Int32(clamping: left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
            guard ms > 0 else { return nil }
            var pfd = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, ms) > 0 else { return nil }
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { break }
            head += buffer[..<n]
        }
        let text = String(decoding: head, as: UTF8.self)
        let requestLine = text.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", let components = URLComponents(string: "http://loopback" + parts[1]),
              components.path == path else {
            respond(client, status: "404 Not Found", title: "Not found", message: "This is hubctl's login listener; it only knows the redirect address.")
            return nil
        }
        let answer = AuthorizationResponse(query: components.queryItems ?? [])
        guard answer.code != nil || answer.error != nil else {
            respond(client, status: "400 Bad Request", title: "hubctl: no code", message: "The redirect carried neither a code nor an error.")
            return nil
        }
        if answer.error != nil {
            respond(client, status: "200 OK", title: "hubctl: login failed", message: "The login did not succeed; hubctl says why in the terminal. You can close this window.")
        } else {
            respond(client, status: "200 OK", title: "hubctl: login received", message: "hubctl received the login. You can close this window and return to the terminal.")
        }
        return answer
    }

    private func respond(_ client: Int32, status: String, title: String, message: String) {
        let body = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body><h1 id=\"hubctl-result\">\(title)</h1><p>\(message)</p></body></html>"
        let bytes = Array(body.utf8)
        let response = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(bytes.count)\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        let all = Array(response.utf8) + bytes
        var sent = 0
        while sent < all.count {
            let n = all[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
    }

    private static func containsHeadEnd(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return true }
        return false
    }

    private static func failure(_ what: String, _ e: Int32) -> HubError {
        HubError(.unavailable, code: .cannotConnect, "hubctl could not \(what) for the login redirect (\(String(cString: strerror(e)))).")
    }
}
