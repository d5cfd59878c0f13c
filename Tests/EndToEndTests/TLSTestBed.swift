// A real mutual-TLS test bed: an openssl-made PKI and an unprivileged nginx (ssl_verify_client on) in front of hubctl-emulator.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The passphrases of the test PKI; they reach openssl and hubctl through the environment only.
enum TestSecrets {
    static let keyPassphrase = "enc-key-passphrase-5f1c"
    static let pkcs12Passphrase = "p12-passphrase-8a2e"
}

/// One CA, a server certificate for localhost/127.0.0.1 (and one for another host name), client
/// certificates (good, from another CA, expired), an encrypted PEM key and a PKCS#12, all made with
/// the openssl command line (EC P-256, 7 days); then hubctl-emulator and nginx started on free
/// loopback ports. nginx is stopped (`nginx -s stop`) and the emulator killed on deinit.
final class TLSTestBed: Sendable {
    static let nginx = "/usr/sbin/nginx"
    static let openssl = "/usr/bin/openssl"
    static let appId = "com.example.mtls"

    let dir: TempDir
    let emulator: Emulator
    /// https://localhost:PORT: certificate for localhost and 127.0.0.1, client certificate required.
    let url: String
    /// https://localhost:PORT2: a server whose certificate names only wrong.example.
    let mismatchURL: String
    private let nginxProcess: Process
    private let nginxLog: String

    func file(_ name: String) -> String { dir.file(name) }

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.nginx) else {
            throw HarnessError("nginx is not installed at \(Self.nginx); the mutual TLS tests need it. Run `make test` (it installs nginx-light) or `apt-get install nginx-light`.")
        }
        guard FileManager.default.isExecutableFile(atPath: Self.openssl) else {
            throw HarnessError("openssl is not installed at \(Self.openssl); run `make test` (it installs it).")
        }
        dir = TempDir("tls")
        let pki = try Self.pki.get()
        for name in try FileManager.default.contentsOfDirectory(atPath: pki.path) {
            try FileManager.default.copyItem(atPath: pki.file(name), toPath: dir.file(name))
        }
        emulator = try Emulator(config: """
            {"applications": [
               {"id": "\(Self.appId)", "authentication": "certificate", "users": {"demo": "demo-password"}},
               {"id": "com.example.demo", "users": {"demo": "demo-password"}}]}
            """)
        let emulatorPort = URLComponents(string: emulator.url)?.port ?? 0
        nginxLog = dir.file("nginx/logs/stderr.log")
        for sub in ["nginx/logs", "nginx/tmp"] {
            try FileManager.default.createDirectory(atPath: dir.file(sub), withIntermediateDirectories: true)
        }
        // A port is picked by binding port 0 and closing it; another process may take it before nginx
        // does, so a start that fails with "Address already in use" is tried again with new ports.
        var lastError = ""
        for _ in 0..<5 {
            let (p1, p2) = (try Self.freePort(), try Self.freePort())
            guard p1 != p2 else { continue }
            _ = dir.write("nginx/nginx.conf", Self.nginxConfig(dir: dir.path, port: p1, mismatchPort: p2, upstream: emulatorPort))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.nginx)
            process.arguments = ["-c", dir.file("nginx/nginx.conf"), "-p", dir.file("nginx") + "/", "-e", nginxLog]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if Self.waitUntilListening(port: p1, process: process), Self.waitUntilListening(port: p2, process: process) {
                nginxProcess = process
                url = "https://localhost:\(p1)"
                mismatchURL = "https://localhost:\(p2)"
                return
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            lastError = (try? String(contentsOfFile: nginxLog, encoding: .utf8)) ?? ""
            guard lastError.contains("Address already in use") else { break }
        }
        throw HarnessError("nginx did not start: \(lastError)")
    }

    deinit {
        _ = try? EndToEndTests.run(Self.nginx, ["-c", dir.file("nginx/nginx.conf"), "-p", dir.file("nginx") + "/",
                                                "-e", nginxLog, "-s", "stop"], timeout: 30)
        let deadline = Date().addingTimeInterval(10)
        while nginxProcess.isRunning && Date() < deadline { usleep(20_000) }
        if nginxProcess.isRunning { nginxProcess.terminate() }
        nginxProcess.waitUntilExit()
    }

    /// The nginx error log so far (for failure messages).
    var log: String { (try? String(contentsOfFile: nginxLog, encoding: .utf8)) ?? "" }

    // MARK: - nginx

    static func nginxConfig(dir: String, port: Int, mismatchPort: Int, upstream: Int) -> String {
        // Running as root (a CI container), the master would hand workers to `nobody`, who cannot
        // enter the private test directory.
        let user = geteuid() == 0 ? "user root root;" : ""
        func server(_ listen: Int, _ cert: String) -> String {
            """
              server {
                listen 127.0.0.1:\(listen) ssl;
                ssl_certificate \(dir)/\(cert).pem;
                ssl_certificate_key \(dir)/\(cert).key;
                ssl_client_certificate \(dir)/ca.pem;
                ssl_verify_client on;
                ssl_verify_depth 2;
                location / {
                  proxy_pass http://127.0.0.1:\(upstream);
                  proxy_http_version 1.1;
                  proxy_set_header Host $http_host;
                  proxy_set_header SSL_CLIENT_CERT $ssl_client_escaped_cert;
                  proxy_set_header SSL_CLIENT_S_DN $ssl_client_s_dn;
                }
              }
            """
        }
        return """
            \(user)
            worker_processes 1;
            daemon off;
            pid \(dir)/nginx/nginx.pid;
            events { worker_connections 64; }
            http {
              access_log \(dir)/nginx/logs/access.log;
              client_body_temp_path \(dir)/nginx/tmp/body;
              proxy_temp_path \(dir)/nginx/tmp/proxy;
              fastcgi_temp_path \(dir)/nginx/tmp/fastcgi;
              uwsgi_temp_path \(dir)/nginx/tmp/uwsgi;
              scgi_temp_path \(dir)/nginx/tmp/scgi;
            \(server(port, "server"))
            \(server(mismatchPort, "wronghost"))
            }
            """
    }

    /// A port nobody listens on right now: bind port 0 on loopback, read it back, close.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw HarnessError("could not bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Polls until something accepts TCP connections on the port (bounded: 15 s), or nginx exited.
    static func waitUntilListening(port: Int, process: Process) -> Bool {
        for _ in 0..<300 {
            guard process.isRunning else { return false }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(fd)
            if connected { return true }
            usleep(50_000)
        }
        return false
    }

    // MARK: - The PKI

    /// Made once per test process (a dozen openssl runs) and copied into each bed's directory;
    /// removed when the process exits.
    private static let pki: Result<TempDir, any Error> = Result {
        let dir = TempDir("tls-pki")
        try makePKI(in: dir)
        atexit { if case .success(let dir) = TLSTestBed.pki { try? FileManager.default.removeItem(atPath: dir.path) } }
        return dir
    }

    static func makePKI(in dir: TempDir) throws {
        let env = ["KEYPASS": TestSecrets.keyPassphrase, "P12PASS": TestSecrets.pkcs12Passphrase]
        func openssl(_ args: [String]) throws {
            let r = try EndToEndTests.run(Self.openssl, args, environment: env, timeout: 60)
            guard r.status == 0 else { throw HarnessError("openssl \(args.first ?? "") failed: \(r.err)") }
        }
        func path(_ name: String) -> String { dir.file(name) }
        func key(_ name: String) throws {
            try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path(name + ".key")])
        }
        func ca(_ name: String, _ cn: String) throws {
            try key(name)
            try openssl(["req", "-x509", "-new", "-key", path(name + ".key"), "-subj", "/CN=\(cn)", "-days", "7",
                         "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                         "-out", path(name + ".pem")])
        }
        /// A certificate for `name`.key signed by `ca`; `days` -1 makes it expired (notAfter a day
        /// before now: OpenSSL 3.0's `x509 -req` has no -not_before, and this needs no faketime).
        func issue(_ name: String, keyName: String? = nil, subject: String, ca: String, days: Int = 7, ext: String) throws {
            let keyFile = path((keyName ?? name) + ".key")
            if keyName == nil { try key(name) }
            try openssl(["req", "-new", "-key", keyFile, "-subj", subject, "-out", path(name + ".csr")])
            let extFile = dir.write(name + ".ext", ext + "\n")
            try openssl(["x509", "-req", "-in", path(name + ".csr"), "-CA", path(ca + ".pem"), "-CAkey", path(ca + ".key"),
                         "-CAcreateserial", "-days", String(days), "-extfile", extFile, "-out", path(name + ".pem")])
        }
        try ca("ca", "hubctl test CA")
        try ca("other-ca", "some other CA")
        try issue("server", subject: "/CN=localhost", ca: "ca",
                  ext: "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth")
        try issue("wronghost", subject: "/CN=wrong.example", ca: "ca",
                  ext: "subjectAltName=DNS:wrong.example\nextendedKeyUsage=serverAuth")
        let clientExt = "extendedKeyUsage=clientAuth\nkeyUsage=critical,digitalSignature"
        try issue("client", subject: "/O=hubctl tests/CN=alice", ca: "ca", ext: clientExt)
        try issue("bob", subject: "/O=hubctl tests/CN=bob", ca: "ca", ext: clientExt)
        try issue("other", subject: "/O=elsewhere/CN=mallory", ca: "other-ca", ext: clientExt)
        try issue("expired", keyName: "client", subject: "/O=hubctl tests/CN=alice", ca: "ca", days: -1, ext: clientExt)
        // The same client key encrypted (traditional PEM, AES-256), and a PKCS#12 of the pair.
        try openssl(["ec", "-in", path("client.key"), "-aes256", "-passout", "env:KEYPASS", "-out", path("client-enc.key")])
        try openssl(["pkcs12", "-export", "-in", path("client.pem"), "-inkey", path("client.key"),
                     "-passout", "env:P12PASS", "-out", path("client.p12")])
    }
}
