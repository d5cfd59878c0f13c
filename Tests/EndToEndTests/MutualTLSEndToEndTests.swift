// Client certificates end to end: hubctl → nginx (ssl_verify_client on) → hubctl-emulator (issue 6 "Done means").

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// hubctl pointed at the test bed: server, app id and (unless told otherwise) the CA in the environment.
private struct MTLSClient {
    let bed: TLSTestBed
    let hub: Hubctl

    init(_ bed: TLSTestBed, app: String = TLSTestBed.appId, server: String? = nil, trustCA: Bool = true,
         env: [String: String] = [:]) {
        self.bed = bed
        var environment = ["HUBCTL_SERVER": server ?? bed.url, "HUBCTL_APP_ID": app]
        if trustCA { environment["HUBCTL_CACERT"] = bed.file("ca.pem") }
        for (k, v) in env { environment[k] = v }
        hub = Hubctl(dir: TempDir("mtls"), environment: environment)
    }

    /// Runs hubctl; the arguments are checked to hold no secret (they are what /proc/PID/cmdline shows).
    @discardableResult
    func callAsFunction(_ args: [String], env: [String: String] = [:],
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        let argv = args.joined(separator: " ")
        for secret in [TestSecrets.keyPassphrase, TestSecrets.pkcs12Passphrase, "PRIVATE KEY"] {
            #expect(!argv.contains(secret), "a secret in argv", sourceLocation: sourceLocation)
        }
        let r = try hub.run(args, env: env)
        try expectNoSecrets(r, bed: bed, sourceLocation: sourceLocation)
        return r
    }

    /// --cert/--key of a client certificate from the bed.
    func pem(_ cert: String = "client", key: String = "client") -> [String] {
        ["--cert", bed.file(cert + ".pem"), "--key", bed.file(key + ".key")]
    }
}

/// The private key bodies and passphrases of the bed never appear in hubctl's output.
private func expectNoSecrets(_ r: RunResult, bed: TLSTestBed, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let printed = r.out + r.err
    #expect(!printed.contains(TestSecrets.keyPassphrase) && !printed.contains(TestSecrets.pkcs12Passphrase),
            "a passphrase in the output: \(r)", sourceLocation: sourceLocation)
    #expect(!printed.contains("PRIVATE KEY"), "a private key in the output: \(r)", sourceLocation: sourceLocation)
    for name in ["client.key", "bob.key", "other.key"] {
        let body = try String(contentsOfFile: bed.file(name), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("-----") }.joined()
        #expect(!printed.replacingOccurrences(of: "\n", with: "").contains(body.prefix(40)),
                "key material in the output", sourceLocation: sourceLocation)
    }
}

/// Every file under `dir` (hubctl's home, config and data) is free of private keys and passphrases.
private func expectNoSecretFiles(_ dir: TempDir, sourceLocation: SourceLocation = #_sourceLocation) {
    let enumerator = FileManager.default.enumerator(atPath: dir.path)
    while let name = enumerator?.nextObject() as? String {
        guard let data = FileManager.default.contents(atPath: dir.file(name)) else { continue }
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("PRIVATE KEY") && !text.contains(TestSecrets.keyPassphrase)
                && !text.contains(TestSecrets.pkcs12Passphrase), "secret in \(name)", sourceLocation: sourceLocation)
    }
}

private func expectFailure(_ r: RunResult, _ status: Int32, _ code: String, _ words: [String] = [],
                           sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == status, "\(r)", sourceLocation: sourceLocation)
    #expect(r.stdout.isEmpty, "stdout must be empty on failure: \(r)", sourceLocation: sourceLocation)
    #expect(r.errorCode == code, "\(r)", sourceLocation: sourceLocation)
    let message = (r.error?["message"] as? String ?? "").lowercased()
    for word in words {
        #expect(message.contains(word.lowercased()), "message lacks '\(word)': \(message)", sourceLocation: sourceLocation)
    }
}

/// register, settings get, unregister: the whole life cycle with one way of giving the certificate.
private func lifeCycle(_ c: MTLSClient, _ certArgs: [String], env: [String: String] = [:],
                       user: String = "alice", sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reg = try c(certArgs + ["register", "--device-model", "mtls"], env: env, sourceLocation: sourceLocation)
    #expect(reg.status == 0, "\(reg)\nnginx: \(c.bed.log)", sourceLocation: sourceLocation)
    let id = reg.json?["ApplicationConnectionId"] as? String
    #expect(id != nil, "\(reg)", sourceLocation: sourceLocation)
    let conns = try connections(c.bed.emulator)
    #expect(conns.count == 1 && conns.first?["user"] as? String == user,
            "the emulator took the user from the certificate: \(conns)", sourceLocation: sourceLocation)
    let settings = try c(certArgs + ["settings", "get"], env: env, sourceLocation: sourceLocation)
    #expect(settings.status == 0 && settings.json?["ApplicationConnectionId"] as? String == id, "\(settings)", sourceLocation: sourceLocation)
    let unreg = try c(certArgs + ["unregister"], env: env, sourceLocation: sourceLocation)
    #expect(unreg.status == 0 && unreg.json?["deleted"] as? Bool == true, "\(unreg)", sourceLocation: sourceLocation)
    #expect(try connections(c.bed.emulator).isEmpty, sourceLocation: sourceLocation)
    expectNoSecretFiles(c.hub.dir, sourceLocation: sourceLocation)
}

/// A provider script that logs each call (verb, parameters, whether secrets leaked into its
/// environment) to calls.log and serves `first.json` until `delete` was called, then `second.json`.
private func providerScript(_ dir: TempDir, body: String? = nil) -> String {
    let script = dir.write("provider.sh", """
        #!/bin/sh
        echo "$HUBCTL_PROVIDER_OPERATION $1 server=$HUBCTL_SERVER app=$HUBCTL_APP_ID pw=${HUBCTL_PASSWORD:-none} kp=${HUBCTL_KEY_PASSPHRASE:-none}" >> "\(dir.path)/calls.log"
        \(body ?? """
        case "$1" in
          get) if [ -e "\(dir.path)/deleted" ]; then cat "\(dir.path)/second.json"; else cat "\(dir.path)/first.json"; fi ;;
          delete) touch "\(dir.path)/deleted" ;;
          *) echo "unknown verb $1" >&2; exit 2 ;;
        esac
        """)
        """)
    chmod(script, 0o755)
    return script
}

/// The JSON document a provider prints for a PEM pair of the bed.
private func providerDocument(_ bed: TLSTestBed, cert: String, key: String = "client") throws -> String {
    let doc = ["providerId": "test-provider",
               "certificate": try String(contentsOfFile: bed.file(cert + ".pem"), encoding: .utf8),
               "key": try String(contentsOfFile: bed.file(key + ".key"), encoding: .utf8)]
    return String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self)
}

private func calls(_ dir: TempDir) -> [String] {
    ((try? String(contentsOfFile: dir.file("calls.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
}

@Suite(.serialized) struct MutualTLSEndToEndTests {
    // MARK: Certificates that work

    @Test func pemPairLifeCycle() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed)
        try lifeCycle(c, c.pem())
        // The environment variables work as well as the flags.
        try lifeCycle(MTLSClient(bed, env: ["HUBCTL_CERT": bed.file("bob.pem"), "HUBCTL_KEY": bed.file("bob.key")]), [], user: "bob")
    }

    @Test func encryptedPEMKeyLifeCycle() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed, env: ["HUBCTL_KEY_PASSPHRASE": TestSecrets.keyPassphrase])
        try lifeCycle(c, c.pem(key: "client-enc"))
        // Without the passphrase: a configuration error that names the variable, before any request.
        let none = try c(c.pem(key: "client-enc") + ["register"], env: ["HUBCTL_KEY_PASSPHRASE": ""])
        expectFailure(none, 78, "key_passphrase_missing", ["HUBCTL_KEY_PASSPHRASE"])
        let wrong = try c(c.pem(key: "client-enc") + ["register"], env: ["HUBCTL_KEY_PASSPHRASE": "not-the-passphrase"])
        expectFailure(wrong, 77, "client_certificate_invalid", ["HUBCTL_KEY_PASSPHRASE"])
    }

    @Test func pkcs12LifeCycle() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed, env: ["HUBCTL_PKCS12_PASSPHRASE": TestSecrets.pkcs12Passphrase])
        try lifeCycle(c, ["--pkcs12", bed.file("client.p12")])
    }

    @Test func basicAuthStillWorksAlongsideTheCertificate() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed, app: "com.example.demo", env: ["HUBCTL_USER": "demo", "HUBCTL_PASSWORD": "demo-password"])
        try lifeCycle(c, c.pem(), user: "demo")
    }

    // MARK: Certificates the server refuses

    @Test func noCertificateIsRefused() throws {
        let bed = try TLSTestBed()
        let r = try MTLSClient(bed)(["register"])
        expectFailure(r, 77, "certificate_required", ["certificate", "--cert"])
        #expect(try connections(bed.emulator).isEmpty)
    }

    @Test(arguments: [("other", "other"), ("expired", "client")])
    func certificateIsRejected(_ cert: String, _ key: String) throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed)
        let r = try c(c.pem(cert, key: key) + ["register"])
        expectFailure(r, 77, "certificate_rejected", ["rejected the client certificate"])
        #expect(r.error?["status"] as? Int == 400)
        #expect(try connections(bed.emulator).isEmpty)
    }

    @Test func wrongPKCS12Passphrase() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed, env: ["HUBCTL_PKCS12_PASSPHRASE": "wrong-passphrase"])
        let r = try c(["--pkcs12", bed.file("client.p12"), "register"])
        expectFailure(r, 77, "client_certificate_invalid", ["HUBCTL_PKCS12_PASSPHRASE"])
        #expect(!r.err.contains("wrong-passphrase"))
    }

    @Test func badCertificateArguments() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed)
        expectFailure(try c(["--cert", bed.file("client.pem"), "register"]), 64, "certificate_without_key", ["--key"])
        expectFailure(try c(["--key", bed.file("client.key"), "register"]), 64, "certificate_without_key", ["--cert"])
        expectFailure(try c(["--cert", bed.file("missing.pem"), "--key", bed.file("client.key"), "register"]),
                      66, "certificate_file_unreadable", ["missing.pem"])
        expectFailure(try c(["--pkcs12", bed.file("missing.p12"), "register"]), 66, "certificate_file_unreadable")
        expectFailure(try c(["--cert", bed.file("client.key"), "--key", bed.file("client.key"), "register"]),
                      65, "invalid_certificate_file")
    }

    // MARK: Servers hubctl must not trust

    @Test func unknownServerCA() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed, trustCA: false)
        let r = try c(c.pem() + ["register"])
        expectFailure(r, 69, "server_not_trusted", ["not trusted", "--cacert"])
        // Trusting another CA is no better.
        let other = try c(c.pem() + ["--cacert", bed.file("other-ca.pem"), "register"])
        expectFailure(other, 69, "server_not_trusted", ["not trusted"])
    }

    @Test func hostNameMismatch() throws {
        let bed = try TLSTestBed()
        let c = MTLSClient(bed, server: bed.mismatchURL)
        let r = try c(c.pem() + ["register"])
        expectFailure(r, 69, "server_not_trusted", ["not trusted", "host name"])
        #expect(try connections(bed.emulator).isEmpty)
    }

    // MARK: Certificate providers

    @Test func externalProviderLifeCycle() throws {
        let bed = try TLSTestBed()
        let pdir = TempDir("provider")
        _ = pdir.write("first.json", try providerDocument(bed, cert: "client"))
        let script = providerScript(pdir)
        let c = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": script, "HUBCTL_PASSWORD": "not-for-providers",
                                      "HUBCTL_KEY_PASSPHRASE": TestSecrets.keyPassphrase])
        try lifeCycle(c, [])
        let log = calls(pdir)
        #expect(log.count == 3 && log.allSatisfy { $0.hasPrefix("get get server=\(bed.url) app=\(TLSTestBed.appId) ") }, "\(log)")
        #expect(log.allSatisfy { $0.hasSuffix("pw=none kp=none") }, "hubctl's secrets are withheld from providers: \(log)")
        // The flag works too, and explicit files win over the provider.
        let files = try c(c.pem("bob", key: "bob") + ["--cert-provider", script, "register"])
        #expect(files.status == 0, "\(files)")
        #expect(try connections(bed.emulator).first?["user"] as? String == "bob")
        #expect(calls(pdir).count == 3, "the provider is not asked when files are given")
    }

    @Test func providerIsIgnoredUnlessThePolicyIsCertificate() throws {
        let bed = try TLSTestBed()
        let pdir = TempDir("provider")
        _ = pdir.write("first.json", try providerDocument(bed, cert: "client"))
        let c = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir), "HUBCTL_USER_CREATION_POLICY": "automatic"])
        let r = try c(["register"])
        expectFailure(r, 77, "certificate_required")
        #expect(r.err.contains("UserCreationPolicy"), "a warning says why: \(r.err)")
        #expect(calls(pdir).isEmpty)
    }

    @Test func providerDeleteThenGetAgain() throws {
        let bed = try TLSTestBed()
        let pdir = TempDir("provider")
        _ = pdir.write("first.json", try providerDocument(bed, cert: "other", key: "other"))
        _ = pdir.write("second.json", try providerDocument(bed, cert: "client"))
        let c = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir)])
        let r = try c(["register"])
        #expect(r.status == 0, "\(r)")
        #expect(calls(pdir).map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["get", "delete", "get"], "\(calls(pdir))")
        #expect(try connections(bed.emulator).first?["user"] as? String == "alice")
    }

    @Test func providerRejectedTwiceGivesUp() throws {
        let bed = try TLSTestBed()
        let pdir = TempDir("provider")
        _ = pdir.write("first.json", try providerDocument(bed, cert: "expired"))
        _ = pdir.write("second.json", try providerDocument(bed, cert: "other", key: "other"))
        let c = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir)])
        let r = try c(["register"])
        expectFailure(r, 77, "certificate_rejected", ["rejected"])
        #expect(calls(pdir).count == 3, "get, delete, get, then no more: \(calls(pdir))")
        // A provider that has nothing after the delete: 77 as well, with advice.
        try FileManager.default.removeItem(atPath: pdir.file("deleted"))
        _ = pdir.write("second.json", "")
        let empty = try c(["register"])
        expectFailure(empty, 77, "certificate_rejected", ["no other one"])
    }

    @Test func providerWithNothingStored() throws {
        let bed = try TLSTestBed()
        let pdir = TempDir("provider")
        let c = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir, body: "exit 0")])
        expectFailure(try c(["register"]), 77, "certificate_required")
    }

    @Test func providerThatHangs() throws {
        let bed = try TLSTestBed()
        let pdir = TempDir("provider")
        // exec: the shell becomes sleep, so stopping the provider leaves nothing holding our pipes.
        let c = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir, body: "exec sleep 60"),
                                      "HUBCTL_CERT_PROVIDER_TIMEOUT": "1"])
        let r = try c(["register"])
        expectFailure(r, 69, "cert_provider_timeout", ["did not finish", "HUBCTL_CERT_PROVIDER_TIMEOUT"])
    }

    @Test func providerThatPrintsGarbageOrFails() throws {
        let bed = try TLSTestBed()
        let pdir = TempDir("provider")
        let garbage = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir, body: "echo 'certificate: yes please'")])
        let g = try garbage(["register"])
        expectFailure(g, 69, "cert_provider_invalid_output", ["JSON"])
        #expect(!g.err.contains("yes please"), "the output is not quoted back")
        let incomplete = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir, body: #"echo '{"certificate": "x"}'"#)])
        expectFailure(try incomplete(["register"]), 69, "cert_provider_invalid_output", ["key"])
        let failing = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": providerScript(pdir, body: "echo 'token expired, run enrol' >&2; exit 3")])
        let f = try failing(["register"])
        expectFailure(f, 69, "cert_provider_failed", ["exit status 3"])
        #expect(f.err.contains("token expired, run enrol"), "the provider's stderr is passed through: \(f.err)")
        let missing = MTLSClient(bed, env: ["HUBCTL_CERT_PROVIDER": pdir.file("no-such-provider")])
        expectFailure(try missing(["register"]), 78, "cert_provider_not_found")
    }

    @Test func vaultProvider() throws {
        let bed = try TLSTestBed()
        let vaultKey = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let c = MTLSClient(bed, env: ["HUBCTL_VAULT_KEY": vaultKey, "HUBCTL_KEY_PASSPHRASE": TestSecrets.keyPassphrase,
                                      "HUBCTL_PKCS12_PASSPHRASE": TestSecrets.pkcs12Passphrase])
        // Nothing imported yet: no certificate.
        expectFailure(try c(["--cert-provider", "vault", "register"]), 77, "certificate_required")
        let imported = try c(c.pem(key: "client-enc") + ["vault", "import-cert"])
        #expect(imported.status == 0 && imported.json?["format"] as? String == "pem", "\(imported)")
        #expect((imported.json?["key"] as? String)?.hasPrefix("hubctl/certificate/app/\(TLSTestBed.appId)@") == true, "\(imported)")
        // The files are no longer needed: the certificate and key live in the vault.
        try lifeCycle(c, ["--cert-provider", "vault"], env: ["HUBCTL_KEY_PASSPHRASE": ""])
        // A PKCS#12 as the default certificate, once the application's own is deleted.
        let deleted = try c(["vault", "delete-cert"])
        #expect(deleted.status == 0, "\(deleted)")
        let p12 = try c(["--pkcs12", bed.file("client.p12"), "vault", "import-cert"], env: ["HUBCTL_APP_ID": ""])
        #expect(p12.status == 0 && p12.json?["key"] as? String == "hubctl/certificate/default", "\(p12)")
        try lifeCycle(c, ["--cert-provider", "vault"], env: ["HUBCTL_PKCS12_PASSPHRASE": ""])
        let list = try c(["vault", "list"])
        #expect(list.status == 0 && !list.out.contains("PRIVATE"), "\(list)")
    }

    @Test func vaultProviderDeletesARejectedCertificate() throws {
        let bed = try TLSTestBed()
        let vaultKey = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let c = MTLSClient(bed, env: ["HUBCTL_VAULT_KEY": vaultKey])
        #expect(try c(c.pem("expired") + ["vault", "import-cert"]).status == 0)
        let r = try c(["--cert-provider", "vault", "register"])
        expectFailure(r, 77, "certificate_rejected", ["no other one"])
        let list = try c(["vault", "list"])
        #expect(list.status == 0 && !list.out.contains("hubctl/certificate/"), "the rejected certificate was deleted: \(list)")
    }
}
