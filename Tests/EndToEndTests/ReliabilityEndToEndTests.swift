// Hostile servers through the built hubctl (issue 11, classes 3, 8 and 10): one overall deadline per
// command (a Retry-After beyond it, a server that never answers, a download that drips), session
// headers that stay with the configured origin on a redirect, and a header too large to read.
// Every failure leaves stdout empty.

import Foundation
import Testing

/// A loopback HTTP server in python3 that plays a script: each request is logged (head and body)
/// and answered by the first rule whose path prefix matches, with that rule's answers in turn (the
/// last one repeats). An answer is raw bytes from a file, optionally followed by a drip of bytes
/// that never ends, or the request relayed to an upstream port (with `Connection: close`).
/// One request per connection; stopped when the value goes away.
final class ScriptServer: Sendable {
    enum Answer {
        case bytes(Data)
        /// `head`, then `bytes` every `every` seconds until the client goes away.
        case drip(head: Data, bytes: Int, every: Double)
        /// Relay to 127.0.0.1:`port`.
        case upstream(Int)
    }

    let process: Process
    let port: Int
    let dir = TempDir("script-server")
    var url: String { "http://127.0.0.1:\(port)" }

    init(_ rules: [(prefix: String, answers: [Answer])]) throws {
        var jsonRules: [[String: Any]] = []
        for (r, rule) in rules.enumerated() {
            var answers: [[String: Any]] = []
            for (a, answer) in rule.answers.enumerated() {
                let file = dir.file("answer-\(r)-\(a)")
                switch answer {
                case .bytes(let data):
                    try data.write(to: URL(fileURLWithPath: file))
                    answers.append(["file": file])
                case .drip(let head, let bytes, let every):
                    try head.write(to: URL(fileURLWithPath: file))
                    answers.append(["file": file, "drip": [bytes, every]])
                case .upstream(let port):
                    answers.append(["upstream": port])
                }
            }
            jsonRules.append(["prefix": rule.prefix, "answers": answers])
        }
        let config = dir.file("config.json")
        try JSONSerialization.data(withJSONObject: ["rules": jsonRules, "log": dir.file("requests.log")])
            .write(to: URL(fileURLWithPath: config))
        let script = """
        import json, os, socket, sys, threading, time
        cfg = json.load(open(sys.argv[1])); port_file = sys.argv[2]
        lock = threading.Lock(); served = {}
        def read_request(c):
            data = b""
            while b"\\r\\n\\r\\n" not in data:
                chunk = c.recv(65536)
                if not chunk: return None
                data += chunk
            head, _, body = data.partition(b"\\r\\n\\r\\n")
            length = 0
            for line in head.split(b"\\r\\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length": length = int(value.strip())
            while len(body) < length:
                chunk = c.recv(65536)
                if not chunk: break
                body += chunk
            return head, body
        def serve(c):
            try:
                c.settimeout(60)
                request = read_request(c)
                if request is None: return
                head, body = request
                parts = head.split(b" ")
                path = parts[1].decode("latin-1") if len(parts) > 1 else ""
                with lock:
                    with open(cfg["log"], "ab") as f: f.write(head + b"\\r\\n\\r\\n" + body + b"\\n=====\\n")
                    index = next(i for i, r in enumerate(cfg["rules"]) if path.startswith(r["prefix"]))
                    answers = cfg["rules"][index]["answers"]
                    n = served.get(index, 0); served[index] = n + 1
                    answer = answers[min(n, len(answers) - 1)]
                if "upstream" in answer:
                    lines = [l for l in head.split(b"\\r\\n") if not l.lower().startswith(b"connection:")]
                    u = socket.create_connection(("127.0.0.1", answer["upstream"]))
                    u.sendall(b"\\r\\n".join(lines + [b"Connection: close"]) + b"\\r\\n\\r\\n" + body)
                    while True:
                        chunk = u.recv(65536)
                        if not chunk: break
                        c.sendall(chunk)
                    u.close()
                    return
                c.sendall(open(answer["file"], "rb").read())
                if "drip" in answer:
                    count, every = answer["drip"]
                    while True:
                        time.sleep(every)
                        c.sendall(b"x" * count)
            except OSError:
                pass
            finally:
                c.close()
        s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", 0)); s.listen(16)
        with open(port_file + ".tmp", "w") as f: f.write(str(s.getsockname()[1]))
        os.rename(port_file + ".tmp", port_file)
        while True:
            c, _ = s.accept()
            threading.Thread(target=serve, args=(c,), daemon=True).start()
        """
        (process, port) = try startLoopbackScript(script, [config], portFile: dir.file("port"))
    }

    /// The heads of the requests received so far, in order (lower-cased for header checks).
    var requestHeads: [String] {
        let log = (try? String(contentsOfFile: dir.file("requests.log"), encoding: .isoLatin1)) ?? ""
        return log.components(separatedBy: "\n=====\n").filter { !$0.isEmpty }
            .map { $0.components(separatedBy: "\r\n\r\n")[0].lowercased() }
    }

    deinit { stopLoopbackScript(process) }

    /// A raw HTTP/1.1 answer that closes the connection.
    static func answer(_ status: Int, _ headers: [(String, String)] = [], body: String = "") -> Answer {
        var head = "HTTP/1.1 \(status) Scripted\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        return .bytes(Data((head + body).utf8))
    }
}

/// hubctl configured for a server URL (not necessarily an emulator).
private func hubctl(_ server: String, _ extra: [String: String] = [:]) -> Hubctl {
    var env = ["HUBCTL_SERVER": server, "HUBCTL_APP_ID": "com.example.demo", "HUBCTL_USER": "demo",
               "HUBCTL_PASSWORD": "demo-password"]
    for (k, v) in extra { env[k] = v }
    return Hubctl(environment: env)
}

/// The --verbose lines of the attempts of one method.
private func attempts(_ r: RunResult, _ method: String) -> [Substring] {
    r.err.split(separator: "\n").filter { $0.hasPrefix("hubctl: \(method) ") }
}

/// Checks a failed run (exit code, error code, nothing on stdout) and returns its error message.
private func failure(_ r: RunResult, _ status: Int32, _ code: String) -> String {
    #expect(r.status == status, "\(r)")
    #expect(r.errorCode == code, "\(r)")
    #expect(r.stdout.isEmpty, "\(r)")
    return r.error?["message"] as? String ?? ""
}

@Suite(.serialized) struct ReliabilityEndToEndTests {
    // MARK: Class 3: one deadline per command

    @Test func aRetryAfterLongerThanTheDeadlineFailsAtOnce() throws {
        let emu = try Emulator()
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let fault = #"{"status": 429, "count": 1, "retryAfter": 999999}"#
        #expect(try emu.control("POST", "/_emulator/faults", json: fault).status < 300)
        let r = try hub("settings", "get", "--verbose", "--deadline", "30")
        let message = failure(r, 69, "rate_limited")
        #expect(message.contains("HTTP 429 and asked to retry after 999999 s, more than the"), "\(message)")
        #expect(message.contains("left of the 30 s deadline (--deadline)"), "\(message)")
        #expect(attempts(r, "GET").count == 1, "\(r.err)")
    }

    @Test func aRetryAfterDateInTheYear9999FailsAtOnce() throws {
        let server = try ScriptServer([("", [ScriptServer.answer(503, [("Retry-After", "Fri, 31 Dec 9999 23:59:59 GMT")])])])
        let hub = hubctl(server.url)
        let r = try hub("register", "--verbose")
        let message = failure(r, 69, "server_error")
        #expect(message.contains("asked to retry at Fri, 31 Dec 9999 23:59:59 GMT"), "\(message)")
        #expect(message.contains("left of the 120 s deadline (--deadline)"), "\(message)")
        #expect(attempts(r, "POST").count == 1, "\(r.err)")
        #expect(server.requestHeads.count == 1)
    }

    @Test func aServerThatNeverAnswersIsCutOffAtTheDeadline() throws {
        // Reads the request, then says nothing until it is stopped.
        let server = try ScriptServer([("", [.drip(head: Data(), bytes: 0, every: 1)])])
        let hub = hubctl(server.url)
        // The per-request limit alone (600 s, 4 attempts) would hold it for the better part of an hour.
        let r = try hub("register", "--verbose", "--timeout", "600", env: ["HUBCTL_DEADLINE": "2"])
        let message = failure(r, 75, "timeout")
        #expect(message.contains("before the 2 s deadline (--deadline) ran out"), "\(message)")
        #expect(attempts(r, "POST").count == 1, "\(r.err)")
        #expect(server.requestHeads.count == 1)
    }

    @Test func aDownloadThatDripsIsCutOffAtTheDeadline() throws {
        let emu = try Emulator()
        // Everything goes to the emulator except the bundle, which drips two bytes a second: fast
        // enough for the low-speed limit, never finished.
        let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 10000000\r\n\r\n".utf8)
        let proxy = try ScriptServer([("/bundles/", [.drip(head: head, bytes: 2, every: 1)]),
                                      ("", [.upstream(Int(URLComponents(string: emu.url)!.port!))])])
        let hub = hubctl(proxy.url)
        let r0 = try hub("register")
        #expect(r0.status == 0, "\(r0)")
        let bundle = hub.dir.file("v1.zip")
        try Archives.make("jar", at: bundle, version: "1.2.0")
        try emu.publish(bundle, id: "Appmc:1.2.0", ext: "jar")

        let r = try hub("acp", "fetch", "--verbose", "--deadline", "4")
        let message = failure(r, 75, "timeout")
        #expect(message.contains("before the 4 s deadline (--deadline) ran out"), "\(message)")
        #expect(attempts(r, "GET").filter { $0.contains("/bundles/") }.count == 1, "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: hub.dir.path + "/home/acp/com.example.demo/current"))
    }

    @Test(arguments: [("0", "HUBCTL_DEADLINE"), ("-5", "--deadline"), ("soon", "HUBCTL_DEADLINE"), ("86401", "HUBCTL_DEADLINE")])
    func anInvalidDeadlineIs78(_ value: String, _ source: String) throws {
        let hub = hubctl("http://127.0.0.1:9")
        let r = source.hasPrefix("--")
            ? try hub.run(["settings", "get", "--deadline=\(value)"])
            : try hub("settings", "get", env: [source: value])
        _ = failure(r, 78, "invalid_deadline")
    }

    // MARK: Class 8: what a redirect carries

    /// A registration (a POST with a body and credentials) redirected to another origin is not
    /// followed: the other server receives nothing, and the error says why (issue 23 §3).
    @Test func aRedirectToAnotherOriginIsRefusedForAPostWithCredentials() throws {
        let elsewhere = try ScriptServer([("", [ScriptServer.answer(404)])])
        let configured = try ScriptServer([("", [ScriptServer.answer(307, [("Location", elsewhere.url + "/stolen")])])])
        let hub = hubctl(configured.url, ["HUBCTL_SECURITY_CONFIGURATION": "sc-1", "HUBCTL_DOMAIN": "corp"])
        let r = try hub("register")
        _ = failure(r, 69, "redirect_refused")
        #expect((r.error?["message"] as? String)?.contains("authenticated request to another origin") == true, "\(r)")
        #expect(!configured.requestHeads.isEmpty)
        #expect(elsewhere.requestHeads.isEmpty, "the other origin received \(elsewhere.requestHeads)")
    }

    /// The token endpoint redirecting to another origin (307 keeps the POST body: the refresh
    /// token): hubctl does not follow, the other origin receives nothing, nothing is stored.
    @Test(arguments: [307, 302])
    func aTokenEndpointRedirectToAnotherOriginIsNeverFollowed(status: Int) throws {
        let elsewhere = try ScriptServer([("", [ScriptServer.answer(200)])])
        let tokens = try ScriptServer([("", [ScriptServer.answer(status, [("Location", elsewhere.url + "/oauth/token")])])])
        let hub = hubctl(tokens.url, ["HUBCTL_OAUTH_CLIENT_ID": "c1", "HUBCTL_OAUTH_TOKEN_URL": tokens.url + "/oauth2/api/v1/token",
                                      "HUBCTL_REFRESH_TOKEN": "refresh-secret-123",
                                      "HUBCTL_VAULT_KEY": Data(repeating: 5, count: 32).base64EncodedString()])
        let r = try hub("auth", "token")
        _ = failure(r, 69, "redirect_refused")
        #expect((r.error?["message"] as? String)?.contains("carrying secrets") == true, "\(r)")
        #expect(!r.err.contains("refresh-secret-123") && !r.out.contains("refresh-secret-123"))
        #expect(tokens.requestHeads.count == 1)
        #expect(elsewhere.requestHeads.isEmpty, "the other origin received \(elsewhere.requestHeads)")
    }

    @Test func aRedirectWithinTheOriginKeepsTheSessionHeaders() throws {
        // The server moved under /moved (same host and port): the registration follows the 307 there.
        let emu = try Emulator(config: #"{"pathPrefix": "/moved"}"#)
        let emulatorPort = Int(URLComponents(string: emu.url)!.port!)
        let moved = "/moved/odata/applications/latest/com.example.demo/Connections"
        let proxy = try ScriptServer([("/moved/", [.upstream(emulatorPort)]),
                                      ("", [ScriptServer.answer(307, [("Location", moved)])])])
        let hub = hubctl(proxy.url, ["HUBCTL_SECURITY_CONFIGURATION": "sc-1"])
        let r = try hub("register")
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["ApplicationConnectionId"] is String, "\(r)")
        let heads = proxy.requestHeads
        #expect(heads.count == 2, "\(heads)")
        #expect(heads.last?.hasPrefix("post \(moved.lowercased()) ") == true, "\(heads)")
        #expect(heads.allSatisfy { $0.contains("x-smp-appcid: ") && $0.contains("x-smp-sc: sc-1") && $0.contains("authorization: basic ") },
                "\(heads)")
    }

    // MARK: Class 10: odd failures, clear messages

    @Test func aOneMebibyteSetCookieIsReportedAsSuch() throws {
        let cookie = "a=" + String(repeating: "x", count: 1 << 20)
        let server = try ScriptServer([("", [ScriptServer.answer(201, [("Set-Cookie", cookie)])])])
        let hub = hubctl(server.url)
        let r = try hub("register")
        let message = failure(r, 69, "invalid_response")
        #expect(message.contains("has a header larger than hubctl accepts"), "\(message)")
        #expect(!message.lowercased().contains("out of memory"), "\(message)")
        #expect((try hub("status").json?["registrations"] as? [Any])?.isEmpty == true, "nothing recorded")
    }
}
