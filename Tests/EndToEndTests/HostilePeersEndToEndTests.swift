// Misbehaving peers of issue 39, through the built hubctl: a push API that closes the connection
// after reading a POST (hubctl must not send it again), a proxy that must never see a loopback
// request, and host names that only look like loopback addresses. The peers are
// Tests/Interop/hostile_server.py, on loopback addresses of their own.
import Foundation
import Testing

/// A running Tests/Interop/hostile_server.py: its port, and how many POSTs (or connections) it saw.
final class HostileServer {
    let dir = TempDir("hostile")
    let peer: PythonPeer
    var port: Int { peer.port }

    init(_ mode: String, host: String = "127.0.0.1") throws {
        peer = try PythonPeer("hostile_server.py", [mode, host, dir.file("port"), dir.file("count")], portFile: dir.file("port"))
    }

    var count: Int { (try? String(contentsOfFile: dir.file("count"), encoding: .utf8)).flatMap { Int($0) } ?? -1 }
}

@Suite(.serialized) struct HostilePeersEndToEndTests {
    /// Item 1: the second of three bulk POSTs is read and left unanswered. libcurl would send it again on
    /// a new connection by itself (the first connection was reused): 1,000 users notified twice.
    @Test func aPostThatMayHaveReachedTheServerIsNeverSentAgain() throws {
        let server = try HostileServer("close-second-post")
        let dir = TempDir("operator-hostile")
        let key = dir.write("key.json", #"{"url": "http://127.0.0.1:\#(server.port)", "apiKey": "hostile-test-key"}"#)
        chmod(key, 0o600)
        let users = dir.write("users.txt", (1...2_500).map { "user\($0)" }.joined(separator: "\n") + "\n")
        let op = Hubctl(dir: dir)
        let r = try op("push", "send", "--service-key", key, "--app-id", "com.example.demo", "--users-from", users, "--alert", "once", "--verbose")
        #expect(server.count == 2, "the second POST reached the server once, the third never: \(server.count) POSTs\n\(r.err)")
        #expect(r.status == 3, "\(r)")
        let report = try #require(r.json, "\(r)")
        #expect(report["requests"] as? Int == 1, "\(r.out)")
        // The second request's 1,000 users may have been notified: unknown, never sent again by
        // --skip-done; the third request's 500 were not sent.
        let unknown = try #require(report["usersUnknown"] as? [String], "\(r.out)")
        #expect(unknown.count == 1_000 && unknown.first == "user1001" && unknown.last == "user2000")
        let notSent = try #require(report["usersNotSent"] as? [String])
        #expect(notSent.count == 500 && notSent.first == "user2001")
        #expect(r.err.contains("usersUnknown"), "\(r.err)")
        #expect(!r.err.contains("hostile-test-key"))

        // --skip-done sends to the users never sent only.
        let reportFile = dir.write("report.json", r.out)
        let server2 = try HostileServer("close-second-post")
        let key2 = dir.write("key2.json", #"{"url": "http://127.0.0.1:\#(server2.port)", "apiKey": "hostile-test-key"}"#)
        chmod(key2, 0o600)
        let rest = try op("push", "send", "--service-key", key2, "--app-id", "com.example.demo", "--users-from", users, "--alert", "once",
                          "--skip-done", reportFile)
        #expect(rest.status == 0, "\(rest)")
        #expect(rest.json?["usersAsked"] as? Int == 500, "\(rest.out)")
        #expect(server2.count == 1)

        // The first request's answer lost: the report says so too, instead of an error alone.
        let server3 = try HostileServer("close-first-post")
        let key3 = dir.write("key3.json", #"{"url": "http://127.0.0.1:\#(server3.port)", "apiKey": "hostile-test-key"}"#)
        chmod(key3, 0o600)
        let first = try op("push", "send", "--service-key", key3, "--app-id", "com.example.demo", "--users-from", users, "--alert", "once")
        #expect(server3.count == 1, "\(first.err)")
        #expect(first.status == 3, "\(first)")
        #expect((first.json?["usersUnknown"] as? [String])?.count == 1_000, "\(first.out)")
        #expect((first.json?["usersNotSent"] as? [String])?.count == 1_500, "\(first.out)")
    }

    /// Item 3: with a proxy in the environment, a loopback server's request (its password in clear)
    /// goes straight to this machine; the proxy (on 127.0.0.2) sees no connection.
    @Test func aLoopbackRequestNeverGoesThroughAProxy() throws {
        let proxy = try HostileServer("record", host: "127.0.0.2")
        let emu = try Emulator()
        for variable in ["http_proxy", "ALL_PROXY", "all_proxy"] {
            let hub = client(emu)
            let r = try hub.run(["register"], env: [variable: "http://127.0.0.2:\(proxy.port)"])
            #expect(r.status == 0, "\(variable): \(r)")
            #expect(proxy.count == 0, "\(variable): the proxy saw \(proxy.count) connection(s)")
        }
        // The user's own no_proxy list is kept beside loopback.
        let hub = client(emu)
        let r = try hub.run(["register"], env: ["http_proxy": "http://127.0.0.2:\(proxy.port)", "no_proxy": "example.org"])
        #expect(r.status == 0, "\(r)")
        #expect(proxy.count == 0)
    }

    /// Item 4: `127.0.0.08` is no address to libcurl (08 is not octal) but a name for the resolver:
    /// not loopback, so a password is refused over http:// to it (78), before any request.
    @Test func namesThatOnlyLookLikeLoopbackAreNotLoopback() throws {
        for host in ["127.0.0.08", "127.0.0.019", "127.00.0.09"] {
            let hub = Hubctl(environment: ["HUBCTL_SERVER": "http://\(host):9", "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo"])
            let r = try hub.run(["register", "--password-stdin"], stdin: Data("demo-password\n".utf8))
            #expect(r.status == 78, "\(host): \(r)")
            #expect(r.errorCode == "plain_http_refused", "\(host): \(r)")
        }
        // What inet_aton (and libcurl) read as a loopback address still is one.
        let emu = try Emulator()
        let port = URLComponents(string: emu.url)?.port ?? 0
        for host in ["127.1", "0x7f.0.0.1", "127.0.0.1"] {
            let hub = Hubctl(environment: ["HUBCTL_SERVER": "http://\(host):\(port)", "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo"])
            let r = try hub.run(["register", "--password-stdin"], stdin: Data("demo-password\n".utf8))
            #expect(r.status == 0, "\(host): \(r)")
        }
    }
}
