// The login listener: which requests it hands back, and that idle connections never hold back the
// redirect (docs/security.md §13).

import Foundation
import Testing
@testable import HubAuth
#if canImport(Glibc)
import Glibc
#endif

@Suite struct LoopbackListenerTests {
    static let state = "s7Hk2pQ9xZ"

    static func head(_ target: String, method: String = "GET") -> [UInt8] {
        Array("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    }

    @Test func onlyTheRedirectWithThisLoginsStateIsHandedBack() {
        func judge(_ target: String, method: String = "GET") -> LoopbackListener.Verdict {
            LoopbackListener.judge(head: Self.head(target, method: method), path: "/callback", state: Self.state)
        }
        #expect(judge("/callback?code=c1&state=\(Self.state)") == .answer(AuthorizationResponse(code: "c1", state: Self.state, error: nil, errorDescription: nil)))
        #expect(judge("/callback?error=access_denied&state=\(Self.state)") == .answer(AuthorizationResponse(code: nil, state: Self.state, error: "access_denied", errorDescription: nil)))
        for forged in ["/callback?code=attacker", "/callback?code=attacker&state=", "/callback?code=attacker&state=s7Hk2pQ9xz",
                       "/callback?code=attacker&state=\(Self.state)x", "/callback?error=access_denied", "/callback?state=\(Self.state)"] {
            guard case .refused = judge(forged) else {
                Issue.record("\(forged) was not refused: \(judge(forged))")
                continue
            }
        }
        #expect(judge("/other?code=c1&state=\(Self.state)") == .notFound)
        #expect(judge("/callback?code=c1&state=\(Self.state)", method: "POST") == .notFound)
        #expect(LoopbackListener.judge(head: Array("garbage\r\n\r\n".utf8), path: "/callback", state: Self.state) == .notFound)
    }

    @Test func statesCompareExactly() {
        #expect(LoopbackListener.constantTimeEqual("abc", "abc"))
        #expect(!LoopbackListener.constantTimeEqual("abc", "abd"))
        #expect(!LoopbackListener.constantTimeEqual("abc", "abcd"))
        #expect(!LoopbackListener.constantTimeEqual("", "a"))
    }

    /// Connects to the listener; the descriptor.
    static func connect(_ port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        return fd
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The status line's code of the answer on `fd` (within 10 s), 0 when none came.
    static func status(_ fd: Int32) -> Int {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 10_000) > 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = read(fd, &buffer, buffer.count)
        guard n > 12 else { return 0 }
        return Int(String(decoding: buffer[9..<12], as: UTF8.self)) ?? 0
    }

    @Test func idleConnectionsAndForgeriesDoNotHoldBackTheRedirect() throws {
        let listener = try LoopbackListener(try #require(LoopbackRedirect("http://127.0.0.1:0/callback")))
        nonisolated(unsafe) var outcome: Result<AuthorizationResponse?, any Error>?
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome = Result { try listener.wait(seconds: 20, state: Self.state) }
            done.signal()
        }.start()
        // More idle connections than the listener serves at once, and one that sends half a head.
        let idle = (0..<(LoopbackListener.maximumConnections + 8)).map { _ in Self.connect(listener.boundPort) }
        let half = Self.connect(listener.boundPort)
        Self.send(half, Array("GET /callback?code=x".utf8))
        let forged = Self.connect(listener.boundPort)
        Self.send(forged, Self.head("/callback?code=attacker&state=wrong"))
        #expect(Self.status(forged) == 400)
        let real = Self.connect(listener.boundPort)
        Self.send(real, Self.head("/callback?code=the-code&state=\(Self.state)"))
        #expect(Self.status(real) == 200)
        #expect(done.wait(timeout: .now() + 20) == .success)
        let answer = try #require(try outcome?.get())
        #expect(answer.code == "the-code")
        for fd in idle + [half, forged, real] { close(fd) }
    }

    @Test func nothingButForgeriesEndsAtTheDeadlineWithNothing() throws {
        let listener = try LoopbackListener(try #require(LoopbackRedirect("http://127.0.0.1:0/callback")))
        nonisolated(unsafe) var outcome: Result<AuthorizationResponse?, any Error>?
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome = Result { try listener.wait(seconds: 1.5, state: Self.state) }
            done.signal()
        }.start()
        let forged = Self.connect(listener.boundPort)
        Self.send(forged, Self.head("/callback?code=attacker"))
        #expect(Self.status(forged) == 400)
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(try outcome?.get() == nil)
        close(forged)
    }
}
