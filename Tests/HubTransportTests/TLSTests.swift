// TLS tests against `openssl s_server`: server trust, name mismatch, and client certificates from memory.

import Foundation
import HubCore
@testable import HubTransport
import Testing

private let opensslPath = "/usr/bin/openssl"

/// Throwaway certificates made with the openssl command line in a temp directory: made once per
/// test process and shared by every test (read-only), removed when the process exits.
private final class TLSMaterial: Sendable {
    static let shared: Result<TLSMaterial, any Error> = Result {
        let material = try TLSMaterial()
        atexit { if case .success(let material) = TLSMaterial.shared { try? FileManager.default.removeItem(at: material.directory) } }
        return material
    }

    let directory: URL

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hubtransport-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("right-pass".utf8).write(to: path("pass.txt"))
        // Self-signed server certificates: one for 127.0.0.1, one for another name (mismatch).
        try selfSigned("server", subject: "/CN=localhost", san: "DNS:localhost,IP:127.0.0.1")
        try selfSigned("elsewhere", subject: "/CN=elsewhere.example", san: "DNS:elsewhere.example")
        // Client certificates: the trusted one (its own CA) and one the server does not know.
        try selfSigned("client", subject: "/CN=device-1", san: "DNS:device-1")
        try selfSigned("stranger", subject: "/CN=stranger", san: "DNS:stranger")
        try openssl(["pkcs12", "-export", "-in", path("client.crt").path, "-inkey", path("client.key").path,
                     "-out", path("client.p12").path, "-passout", "file:" + path("pass.txt").path])
        try openssl(["ec", "-in", path("client.key").path, "-aes256", "-out", path("client-enc.key").path,
                     "-passout", "file:" + path("pass.txt").path])
    }

    func path(_ name: String) -> URL { directory.appendingPathComponent(name) }

    private func selfSigned(_ name: String, subject: String, san: String) throws {
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                     "-keyout", path("\(name).key").path, "-out", path("\(name).crt").path, "-days", "2",
                     "-subj", subject, "-addext", "subjectAltName=\(san)"])
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opensslPath)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw POSIXError(.EIO) }
    }
}

/// The shared certificates and this test's own `openssl s_server -www` processes on kernel-chosen
/// loopback ports (their logs in a directory of the test's own).
private final class TLSBed {
    private let material: TLSMaterial
    private let logs: URL
    private var servers: [Process] = []

    init() throws {
        material = try TLSMaterial.shared.get()
        logs = FileManager.default.temporaryDirectory.appendingPathComponent("hubtransport-tls-logs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    }

    deinit {
        // SIGKILL: s_server does not stop on the SIGTERM that Process.terminate sends.
        for server in servers where server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: logs)
    }

    func path(_ name: String) -> URL { material.path(name) }
    func data(_ name: String) throws -> Data { try Data(contentsOf: path(name)) }

    /// Starts `s_server` with the given certificate; with `clientCA` it demands a client certificate
    /// issued by it and fails the handshake otherwise. Returns the port it prints.
    func startServer(certificate: String = "server", clientCA: String? = nil) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opensslPath)
        var arguments = ["s_server", "-accept", "127.0.0.1:0", "-www",
                         "-cert", path("\(certificate).crt").path, "-key", path("\(certificate).key").path]
        if let clientCA {
            arguments += ["-Verify", "1", "-verify_return_error", "-CAfile", path("\(clientCA).crt").path]
        }
        process.arguments = arguments
        // Output to a file, not a pipe: FileHandle.availableData on a pipe blocked here on Linux.
        let log = logs.appendingPathComponent("s_server-\(servers.count).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        servers.append(process)
        // Readiness: it prints "ACCEPT 127.0.0.1:PORT" once listening; bounded to about 10 s.
        for _ in 0..<500 where process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
               let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                return port
            }
            usleep(20_000)
        }
        throw POSIXError(.ECONNREFUSED)
    }
}

private func options(_ configure: (inout TransportOptions) throws -> Void = { _ in }) rethrows -> TransportOptions {
    var result = TransportOptions(connectTimeout: 5, totalTimeout: 10,
                                  retry: RetryPolicy(maxAttempts: 2, initialBackoff: 0.01, maxBackoff: 0.02))
    try configure(&result)
    return result
}

@Suite("CurlHTTPClient TLS", .enabled(if: FileManager.default.isExecutableFile(atPath: opensslPath)))
struct TLSTests {
    @Test func unknownServerCAIsNotTrustedAndNotRetried() throws {
        let bed = try TLSBed()
        let port = try bed.startServer()
        let client = try CurlHTTPClient(options: options())
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: "https://127.0.0.1:\(port)/"))
        }
        #expect(error?.code == .serverNotTrusted)
        #expect(error?.exitCode == 69)
        #expect(error?.message.contains("--cacert") == true)
        #expect(error?.message.contains("after") == false)  // one attempt: never retried
    }

    @Test func trustedWithCACertificate() throws {
        let bed = try TLSBed()
        let port = try bed.startServer()
        let client = try CurlHTTPClient(options: options { $0.caCertificatePath = bed.path("server.crt").path })
        #expect(try client.send(HTTPRequest(method: "GET", url: "https://127.0.0.1:\(port)/")).status == 200)
    }

    @Test func insecureSkipsVerification() throws {
        let bed = try TLSBed()
        let port = try bed.startServer()
        let client = try CurlHTTPClient(options: options { $0.insecure = true })
        #expect(try client.send(HTTPRequest(method: "GET", url: "https://127.0.0.1:\(port)/")).status == 200)
    }

    @Test func hostNameMismatchIsNotTrusted() throws {
        let bed = try TLSBed()
        let port = try bed.startServer(certificate: "elsewhere")
        let client = try CurlHTTPClient(options: options { $0.caCertificatePath = bed.path("elsewhere.crt").path })
        let error = #expect(throws: HubError.self) {
            try client.send(HTTPRequest(method: "GET", url: "https://127.0.0.1:\(port)/"))
        }
        #expect(error?.code == .serverNotTrusted)
    }

    @Test func clientCertificateFromMemoryPEMAndPKCS12() throws {
        let bed = try TLSBed()
        let url = "https://127.0.0.1:\(try bed.startServer(clientCA: "client"))/"
        let ca = bed.path("server.crt").path
        let pem = try CurlHTTPClient(options: options {
            $0.caCertificatePath = ca
            $0.clientCertificate = .pem(certificate: try bed.data("client.crt"), key: try bed.data("client.key"),
                                        keyPassphrase: nil)
        })
        #expect(try pem.send(HTTPRequest(method: "GET", url: url)).status == 200)
        let encrypted = try CurlHTTPClient(options: options {
            $0.caCertificatePath = ca
            $0.clientCertificate = .pem(certificate: try bed.data("client.crt"),
                                        key: try bed.data("client-enc.key"), keyPassphrase: "right-pass")
        })
        #expect(try encrypted.send(HTTPRequest(method: "GET", url: url)).status == 200)
        let p12 = try CurlHTTPClient(options: options {
            $0.caCertificatePath = ca
            $0.clientCertificate = .pkcs12(try bed.data("client.p12"), passphrase: "right-pass")
        })
        #expect(try p12.send(HTTPRequest(method: "GET", url: url)).status == 200)
    }

    @Test func wrongPKCS12PassphraseIsClientCertificateInvalid() throws {
        let bed = try TLSBed()
        let url = "https://127.0.0.1:\(try bed.startServer(clientCA: "client"))/"
        let client = try CurlHTTPClient(options: options {
            $0.caCertificatePath = bed.path("server.crt").path
            $0.clientCertificate = .pkcs12(try bed.data("client.p12"), passphrase: "wrong-pass")
        })
        let error = #expect(throws: HubError.self) { try client.send(HTTPRequest(method: "GET", url: url)) }
        #expect(error?.code == .clientCertificateInvalid)
        #expect(error?.exitCode == 77)
        #expect(error?.message.contains("wrong-pass") == false)
    }

    @Test func missingOrUnknownClientCertificateIsRejected() throws {
        let bed = try TLSBed()
        let url = "https://127.0.0.1:\(try bed.startServer(clientCA: "client"))/"
        let ca = bed.path("server.crt").path
        let none = try CurlHTTPClient(options: options { $0.caCertificatePath = ca })
        let missing = #expect(throws: HubError.self) { try none.send(HTTPRequest(method: "GET", url: url)) }
        #expect(missing?.code == .certificateRequired)
        #expect(missing?.exitCode == 77)

        let stranger = try CurlHTTPClient(options: options {
            $0.caCertificatePath = ca
            $0.clientCertificate = .pem(certificate: try bed.data("stranger.crt"), key: try bed.data("stranger.key"),
                                        keyPassphrase: nil)
        })
        let rejected = #expect(throws: HubError.self) { try stranger.send(HTTPRequest(method: "GET", url: url)) }
        #expect(rejected?.code == .certificateRejected)
        #expect(rejected?.exitCode == 77)
    }
}
