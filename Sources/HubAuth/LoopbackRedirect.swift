// The loopback redirect of a native app's OAuth login (RFC 8252 §7.3): a tiny, bounded listener on
// 127.0.0.1 (or ::1) that waits for the one request the browser is redirected with, answers it with
// a short page, and hands back its query. POSIX sockets only: no server framework in hubctl.

import CLibraries
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

/// A listening socket on the loopback redirect address (docs/security.md §13). `wait` serves every
/// connection at once from one poll loop, so an idle or half-open connection (another local process)
/// never holds back the browser's; it hands back only a redirect that carries this login's `state`.
/// Anything else on the redirect path (no state, another state, an error without this login's
/// state) is answered 400 and the listener keeps waiting, until the deadline.
public final class LoopbackListener: Sendable {
    public let boundPort: Int
    private let descriptor: Int32
    private let path: String

    /// Connections served at once; past it the one that has waited longest is dropped for the new one.
    static let maximumConnections = 32
    /// A request head larger than this is refused.
    static let maximumHeadBytes = 16_384
    /// How long one connection may take to send its request head.
    static let connectionSeconds: Double = 5

    public init(_ redirect: LoopbackRedirect) throws {
        let v6 = redirect.host == "::1"
        // SOCK_CLOEXEC: a browser or helper started while hubctl listens must not inherit the socket.
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Self.failure("create a socket", errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
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
        guard bindResult == 0, listen(fd, 64) == 0 else {
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

    /// One accepted connection: its bytes so far and when it must have sent its request head.
    private struct Connection {
        let fd: Int32
        var head: [UInt8] = []
        let due: ContinuousClock.Instant
    }

    /// What one request on the listener was.
    enum Verdict: Equatable {
        /// The redirect of this login: hand it back.
        case answer(AuthorizationResponse)
        /// Not for this login (no or another state, nothing in it): 400, keep waiting.
        case refused(String)
        /// Not the redirect path, or not a GET: 404.
        case notFound
    }

    /// Waits until `seconds` have passed (nil then) or the redirect of the login whose state is
    /// `state` arrived.
    public func wait(seconds: Double, state: String) throws -> AuthorizationResponse? {
        let end = ContinuousClock.now + .milliseconds(Int64(max(0, min(seconds, 86_400)) * 1000))
        var connections: [Connection] = []
        defer { for c in connections { close(c.fd) } }
        while true {
            let now = ContinuousClock.now
            // Connections past their time are closed without an answer.
            connections.removeAll { c in
                if c.due <= now { close(c.fd); return true }
                return false
            }
            let nextDue = connections.map(\.due).min().map { min($0, end) } ?? end
            let ms = Self.milliseconds(until: nextDue)
            guard now < end else { return nil }
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            fds += connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), max(ms, 1))
            if ready < 0 {
                if errno == EINTR { continue }
                throw Self.failure("wait for the browser", errno)
            }
            if ready == 0 { continue }
            // Read what arrived first, then accept new connections (so indexes stay valid).
            var finished: [Int] = []
            for index in connections.indices where fds[index + 1].revents != 0 {
                switch read(into: &connections[index]) {
                case .waiting: continue
                case .closed: finished.append(index)
                case .head:
                    finished.append(index)
                    let verdict = Self.judge(head: connections[index].head, path: path, state: state)
                    switch verdict {
                    case .answer(let answer):
                        if answer.error != nil {
                            respond(connections[index].fd, status: "200 OK", title: "hubctl: login failed", message: "The login did not succeed; hubctl says why in the terminal. You can close this window.")
                        } else {
                            respond(connections[index].fd, status: "200 OK", title: "hubctl: login received", message: "hubctl received the login. You can close this window and return to the terminal.")
                        }
                        return answer
                    case .refused(let why):
                        respond(connections[index].fd, status: "400 Bad Request", title: "hubctl: not this login", message: why)
                    case .notFound:
                        respond(connections[index].fd, status: "404 Not Found", title: "Not found", message: "This is hubctl's login listener; it only knows the redirect address.")
                    }
                }
            }
            for index in finished.reversed() {
                close(connections[index].fd)
                connections.remove(at: index)
            }
            if fds[0].revents != 0 { acceptAll(into: &connections) }
        }
    }

    private enum ReadState { case waiting, closed, head }

    private func read(into connection: inout Connection) -> ReadState {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(connection.fd, &buffer, buffer.count)
            if n > 0 {
                connection.head += buffer[..<n]
                if Self.containsHeadEnd(connection.head) { return .head }
                if connection.head.count > Self.maximumHeadBytes { return .closed }
                continue
            }
            if n == 0 { return .closed }
            if errno == EINTR { continue }
            return (errno == EAGAIN || errno == EWOULDBLOCK) ? .waiting : .closed
        }
    }

    /// Accepts every pending connection, non-blocking and close-on-exec; at the limit the oldest
    /// connection gives way, so a flood of idle connections cannot shut the browser out.
    private func acceptAll(into connections: inout [Connection]) {
        while true {
            let client = hub_accept_nonblocking_cloexec(descriptor)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            if connections.count >= Self.maximumConnections {
                close(connections.removeFirst().fd)
            }
            connections.append(Connection(fd: client, due: ContinuousClock.now + .milliseconds(Int64(Self.connectionSeconds * 1000))))
        }
    }

    /// What a request head asks for, given the redirect path and this login's state.
    static func judge(head: [UInt8], path: String, state: String) -> Verdict {
        let text = String(decoding: head, as: UTF8.self)
        let requestLine = text.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", let components = URLComponents(string: "http://loopback" + parts[1]),
              components.path == path else { return .notFound }
        let answer = AuthorizationResponse(query: components.queryItems ?? [])
        guard answer.code != nil || answer.error != nil else {
            return .refused("The redirect carried neither a code nor an error.")
        }
        guard let received = answer.state else {
            return .refused("The redirect carried no state, so it cannot be this login's: hubctl ignores it and keeps waiting.")
        }
        guard Self.constantTimeEqual(received, state) else {
            return .refused("The redirect carried another login's state: hubctl ignores it and keeps waiting.")
        }
        return .answer(answer)
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the state.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        Int32(clamping: max(0, ContinuousClock.now.duration(to: instant).inMilliseconds))
    }

    private func respond(_ client: Int32, status: String, title: String, message: String) {
        let body = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body><h1 id=\"hubctl-result\">\(title)</h1><p>\(message)</p></body></html>"
        let bytes = Array(body.utf8)
        let response = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(bytes.count)\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        let all = Array(response.utf8) + bytes
        // The socket is non-blocking: a short answer fits the socket buffer; a peer that does not read
        // is not waited for (poll once, at most a second).
        var sent = 0
        var stalls = 0
        while sent < all.count {
            let n = all[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n; continue }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK, stalls < 1 else { break }
            stalls += 1
            var pfd = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, 1000)
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
