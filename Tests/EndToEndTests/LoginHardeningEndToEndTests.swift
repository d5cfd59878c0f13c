// The login redirect against a hostile local process (issue 23 §1, docs/security.md §13): the
// loopback listener serves connections concurrently, answers a redirect without this login's
// state 400 and keeps waiting, and hands no socket to the processes it starts.
import Foundation
import Testing

@Suite(.serialized) struct LoginHardeningEndToEndTests {
    /// A BROWSER that is also the attacker. Before it logs in as a browser would, it opens idle and
    /// half-open connections to hubctl's listener and sends forged redirects (the attacker's code
    /// with no state, with a wrong state, an unsolicited error); it records each answer's status and
    /// the sockets it inherited from hubctl in `REPORT`.
    static let script = #"""
    #!/usr/bin/env python3
    import json, os, socket, sys, urllib.parse, urllib.request

    url = sys.argv[1]
    report = os.environ["HOSTILE_REPORT"]
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
    redirect = urllib.parse.urlsplit(query["redirect_uri"])
    host, port, path = redirect.hostname, redirect.port, redirect.path
    # TCP sockets inherited from hubctl (the listener or a connection to it). Foundation's own
    # process plumbing may pass a Unix socket; a TCP socket would be hubctl's.
    tcp = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            tcp.update(line.split()[9] for line in f.readlines()[1:])
    inherited = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink("/proc/self/fd/" + fd)
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in tcp:
            inherited.append(target)

    idle = []
    for _ in range(40):  # more than the listener serves at once
        s = socket.create_connection((host, port), timeout=10)
        idle.append(s)
    half = socket.create_connection((host, port), timeout=10)
    half.sendall(b"GET " + path.encode() + b"?code=attacker")  # never finished

    def status(target):
        s = socket.create_connection((host, port), timeout=10)
        s.sendall(b"GET " + target.encode() + b" HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        s.close()
        return int(data.split(b" ")[1]) if data else 0

    forged = {
        "noState": status(path + "?code=attacker-code"),
        "wrongState": status(path + "?code=attacker-code&state=" + "A" * len(query["state"])),
        "unsolicitedError": status(path + "?error=access_denied"),
        "noCode": status(path + "?state=" + query["state"]),
        "otherPath": status("/elsewhere?code=x&state=" + query["state"]),
    }

    # The real login, as a browser: post the emulator's form, follow the redirect to hubctl.
    form = dict(query)
    form.update(username="demo", password="demo-password")
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    authorize = urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(query=""))
    try:
        opener.open(authorize, data=urllib.parse.urlencode(form).encode(), timeout=10)
        location = None
    except urllib.error.HTTPError as e:
        location = e.headers.get("Location")
    real = status(urllib.parse.urlsplit(location).path + "?" + urllib.parse.urlsplit(location).query) if location else -1
    with open(report, "w") as f:
        json.dump({"forged": forged, "real": real, "inherited": inherited}, f)
    for s in idle:
        s.close()
    half.close()
    """#

    @Test func forgedRedirectsAndIdleConnectionsDoNotStopTheRealLogin() throws {
        let bed = try MobileServicesBed()
        let browser = bed.hub.dir.write("hostile-browser.py", Self.script)
        chmod(browser, 0o755)
        let report = bed.hub.dir.file("report.json")
        let login = try bed.hub.run(["login"], env: ["BROWSER": browser, "HOSTILE_REPORT": report,
                                                      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                                    timeout: 120)
        #expect(login.status == 0, "\(login)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let forged = try #require(json["forged"] as? [String: Int])
        #expect(forged == ["noState": 400, "wrongState": 400, "unsolicitedError": 400, "noCode": 400, "otherPath": 404], "\(forged)")
        #expect(json["real"] as? Int == 200, "the browser's redirect was served after the forged ones: \(json)")
        #expect((json["inherited"] as? [String])?.isEmpty == true, "the browser inherited hubctl's sockets: \(json)")
        // The attacker's code was never exchanged: only the real one.
        #expect(try bed.counters()["codeExchanges"] == 1)
        let register = try bed.hub("register")
        #expect(register.json?["UserName"] as? String == "demo", "\(register)")
    }

    @Test func onlyForgedRedirectsMeanNoLoginAtTheDeadline() throws {
        let bed = try MobileServicesBed()
        // A BROWSER that only forges: the listener must keep waiting, then end with 75 at --deadline.
        let browser = bed.hub.dir.write("forger.py", #"""
            #!/usr/bin/env python3
            import sys, urllib.error, urllib.parse, urllib.request
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(sys.argv[1]).query))
            base = query["redirect_uri"]
            for forged in ("?code=attacker", "?code=attacker&state=forged"):
                try:
                    status = urllib.request.urlopen(base + forged, timeout=10).status
                except urllib.error.HTTPError as e:
                    status = e.code
                print("forged redirect answered", status, file=sys.stderr)
            """#)
        chmod(browser, 0o755)
        let login = try bed.hub.run(["login", "--deadline", "8"], env: ["BROWSER": browser,
                                                                         "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                                    timeout: 60)
        #expect(login.status == 75, "\(login)")
        #expect(login.errorCode == "timeout", "\(login)")
        #expect(login.err.components(separatedBy: "forged redirect answered 400").count - 1 == 2, "both forged redirects were answered 400: \(login.err)")
        #expect(try bed.counters()["codeExchanges"] ?? 0 == 0)
        let token = try bed.hub("auth", "token")
        #expect(token.status == 77, "nothing was stored: \(token)")
    }
}
