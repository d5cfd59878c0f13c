// Issue 41 end to end through the binaries: `hubctl bundle …` against hubctl-emulator's Client
// Resources admin API (docs/protocol.md §19), and a device (`acp fetch`, a running `acp check
// --wait --fetch`) getting what was published from the same store.

import Foundation
import HubCore
import Testing

@Suite(.serialized) struct BundleAdminEndToEndTests {
    /// A Mobile Services emulator, a registered device and a Client Resources service key file.
    func bench() throws -> (Emulator, Hubctl, key: String) {
        let emu = try Emulator()
        _ = try emu.control("PUT", "/_emulator/platform", json: #"{"platform": "mobile-services"}"#)
        let hub = client(emu)
        #expect(try hub("register").status == 0)
        let key = hub.dir.write("cr-key.json", #"{"url": "\#(emu.url)", "apiKey": "emulator-bundles-api-key", "alias": "emulator"}"#)
        chmod(key, 0o600)
        return (emu, hub, key)
    }

    func loggedRequests(_ emu: Emulator) throws -> [String] {
        ((try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []).map { "\($0["method"] ?? "") \($0["path"] ?? "")" }
    }

    @Test func aZipAPDFAndADirectoryArePublishedAndADeviceFetchesTheDefault() throws {
        let (emu, hub, key) = try bench()
        defer { withExtendedLifetime(emu) {} }
        let zip = hub.dir.file("profile.zip")
        try Archives.make("zip", at: zip, version: "1.0.0")
        let z = try hub("bundle", "publish", zip, "--name", "Appmc", "--version", "1.0.0", "--service-key", key)
        #expect(z.status == 0, "\(z)")
        #expect(z.json?["default"] as? Bool == true, "the first upload is the default: \(z)")
        // The digest is read on a thread of its own: it is the file's, counted to its last byte.
        let zipBytes = try Data(contentsOf: URL(fileURLWithPath: zip))
        #expect(z.json?["sha256"] as? String == (try zipBytes.withUnsafeBytes { try SHA256Digest.hex(of: $0) }), "\(z)")
        #expect(z.json?["bytes"] as? Int == zipBytes.count, "\(z)")
        let pdf = hub.dir.write("guide.pdf", "%PDF-1.4 guide\n")
        let p = try hub("bundle", "publish", pdf, "--name", "guide", "--version", "1", "--service-key", key)
        #expect(p.status == 0, "\(p)")
        #expect(p.json?["sha256"] as? String == (try Data("%PDF-1.4 guide\n".utf8).withUnsafeBytes { try SHA256Digest.hex(of: $0) }), "\(p)")
        #expect(p.json?["default"] as? Bool == false)
        let tree = hub.dir.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree + "/css", withIntermediateDirectories: true)
        _ = hub.dir.write("tree/css/site.css", "body {}")
        _ = hub.dir.write("tree/index.json", "{}")
        let d = try hub("bundle", "publish", tree, "--name", "tree", "--version", "2", "--default", "--service-key", key)
        #expect(d.status == 0, "\(d)")
        #expect(d.json?["default"] as? Bool == true)
        let fetched = try hub("acp", "fetch")
        #expect(fetched.status == 0, "\(fetched)")
        #expect(fetched.json?["sha256"] as? String == d.json?["sha256"] as? String, "the device got the bytes published: \(fetched)")
        #expect(fetched.json?["files"] as? Int == 2)
        let list = try hub("bundle", "list", "--service-key", key)
        #expect(((list.json?["bundles"] as? [[String: Any]]) ?? []).compactMap { $0["bundleId"] as? String } == ["Appmc:1.0.0", "guide:1", "tree:2"])
    }

    @Test func aRunningWaitPicksUpTheNewDefault() throws {
        let (emu, hub, key) = try bench()
        let first = hub.dir.file("v1.zip")
        try Archives.make("zip", at: first, version: "1.0.0")
        #expect(try hub("bundle", "publish", first, "--name", "Appmc", "--version", "1.0.0", "--service-key", key).status == 0)
        #expect(try hub("acp", "fetch").status == 0)
        let waiting = try BackgroundHubctl(hub, ["acp", "check", "--wait", "--fetch", "--interval", "1", "--jitter-seed", ACPWaitEndToEndTests.seed])
        #expect(emu.waitForConnectionReads(1))
        let second = hub.dir.file("v2.zip")
        try Archives.make("zip", at: second, version: "2.0.0")
        let published = try hub("bundle", "publish", second, "--name", "Appmc", "--version", "2.0.0", "--default", "--service-key", key)
        #expect(published.status == 0, "\(published)")
        let r = waiting.finish()
        #expect(r.status == 0, "\(r)")
        let fetch = try #require(r.json?["fetch"] as? [String: Any], "\(r)")
        #expect(fetch["updated"] as? Bool == true, "\(r)")
        #expect(fetch["sha256"] as? String == published.json?["sha256"] as? String, "\(r)")
    }

    @Test func anExistingBundleWithEachIfExists() throws {
        let (emu, hub, key) = try bench()
        defer { withExtendedLifetime(emu) {} }
        let pdf = hub.dir.write("a.pdf", "%PDF-1.4 a\n")
        let args = ["bundle", "publish", pdf, "--name", "a", "--version", "1", "--service-key", key]
        #expect(try hub.run(args).status == 0)
        let failed = try hub.run(args)
        #expect(failed.status == 73, "\(failed)")
        #expect(failed.error?["code"] as? String == "bundle_exists")
        let skipped = try hub.run(args + ["--if-exists", "skip"])
        #expect(skipped.status == 0 && skipped.json?["uploaded"] as? Bool == false, "\(skipped)")
        let replaced = try hub.run(args + ["--if-exists", "replace"])
        #expect(replaced.status == 0 && replaced.json?["uploaded"] as? Bool == true, "\(replaced)")
    }

    @Test func anUploadCutOffLeavesNoUnreportedBundle() throws {
        let (emu, hub, key) = try bench()
        let big = hub.dir.file("big.bin")
        try Data(repeating: 0x41, count: 4 << 20).write(to: URL(fileURLWithPath: big))
        _ = try emu.control("POST", "/_emulator/faults", json: #"{"cutUpload": true, "path": "BundleFile"}"#)
        let r = try hub("bundle", "publish", big, "--name", "big", "--version", "1", "--extension", "bin", "--service-key", key)
        #expect(r.status == 69, "\(r)")
        #expect(r.err.contains("was removed"), "\(r)")
        let list = try hub("bundle", "list", "--service-key", key)
        #expect((list.json?["bundles"] as? [Any])?.isEmpty == true, "\(list)")
        #expect(try loggedRequests(emu).contains { $0.hasPrefix("DELETE ") })
    }

    @Test func everyRefusalSendsNothing() throws {
        let (emu, hub, key) = try bench()
        let pdf = hub.dir.write("x.pdf", "%PDF-1.4\n")
        let huge = hub.dir.file("huge.bin")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let h = try #require(FileHandle(forWritingAtPath: huge))
        try h.truncate(atOffset: UInt64(1 << 30) + 1)
        try h.close()
        let locked = hub.dir.file("locked.zip")
        var zip = Data([0x50, 0x4B, 0x03, 0x04, 20, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
        zip.append(0x61)
        try zip.write(to: URL(fileURLWithPath: locked))
        _ = try emu.control("DELETE", "/_emulator/requests")
        for (name, version, file) in [("a:b", "1", pdf), ("a?b", "1", pdf), ("a#b", "1", pdf), ("a%b", "1", pdf), ("a/b", "1", pdf),
                                      ("..", "1", pdf), ("a", "", pdf), ("a", "1", huge), ("a", "1", locked)] {
            let r = try hub("bundle", "publish", file, "--name", name, "--version", version, "--service-key", key)
            #expect(r.status == 64, "\(name) \(version) \(file): \(r)")
        }
        #expect(try loggedRequests(emu) == [])
    }

    @Test func aWrongKeyAndAKeyWithoutTheRoleAre77() throws {
        let (emu, hub, key) = try bench()
        let wrong = hub.dir.write("wrong.json", #"{"url": "\#(emu.url)", "apiKey": "wrong-key-31"}"#)
        chmod(wrong, 0o600)
        let r = try hub("bundle", "list", "--service-key", wrong)
        #expect(r.status == 77, "\(r)")
        #expect(!r.err.contains("wrong-key-31"))
        _ = try emu.control("PUT", "/_emulator/bundles-admin/credentials", json: #"{"keys": [{"key": "emulator-bundles-api-key", "roles": ["push_single"]}]}"#)
        let roleless = try hub("bundle", "list", "--service-key", key)
        #expect(roleless.status == 77, "\(roleless)")
        #expect(roleless.error?["code"] as? String == "forbidden")
    }

    /// Client-resources credentials kept in the profile (`config set-service-key --feature
    /// client-resources`, the API key in the vault): `bundle publish` and `bundle list` need no
    /// --service-key. Push credentials alone are not client resources': 78, naming the command.
    @Test func aClientResourcesKeyKeptInTheProfile() throws {
        let (emu, hub, key) = try bench()
        defer { withExtendedLifetime(emu) {} }
        let env = ["HUBCTL_VAULT_KEY": Data((0..<32).map { UInt8(41 + $0) }).base64EncodedString()]
        let pushOnly = try hub("config", "set-push", "--service-key", key, "--profile", "push-only", env: env)
        #expect(pushOnly.status == 0, "\(pushOnly)")
        let refused = try hub("bundle", "list", "--profile", "push-only", env: env)
        #expect(refused.status == 78, "\(refused)")
        #expect(refused.err.contains("hubctl config set-service-key --feature client-resources"), "\(refused.err)")
        #expect(try loggedRequests(emu).filter { $0.contains("/bundles/") }.isEmpty, "nothing was sent")

        let kept = try hub("config", "set-service-key", "--feature", "client-resources", "--service-key", key, "--profile", "ci", env: env)
        #expect(kept.status == 0, "\(kept)")
        #expect(kept.json?["vaultKey"] as? String == "hubctl/bundles/api-key/emulator@\(emu.url)")
        let yaml = try String(contentsOfFile: hub.dir.path + "/config/hubctl/config.yaml", encoding: .utf8)
        #expect(yaml.contains("bundles-url") && !yaml.contains("emulator-bundles-api-key"), "the API key is never in the file")
        let pdf = hub.dir.write("kept.pdf", "%PDF-1.4 from the profile\n")
        let published = try hub("bundle", "publish", pdf, "--name", "kept", "--version", "1", "--default", "--profile", "ci", "--verbose", env: env)
        #expect(published.status == 0, "\(published)")
        #expect(published.err.contains("client resources credentials of profile 'ci'"), "\(published.err)")
        #expect(!published.err.contains("emulator-bundles-api-key") && !published.out.contains("emulator-bundles-api-key"))
        let list = try hub("bundle", "list", "--profile", "ci", env: env)
        #expect(list.status == 0, "\(list)")
        #expect(((list.json?["bundles"] as? [[String: Any]]) ?? []).compactMap { $0["bundleId"] as? String } == ["kept:1"], "\(list)")
    }

    /// An X.509 service key over mutual TLS: nginx verifies the certificate and forwards its DN;
    /// the emulator knows the key by the certificate's CN.
    @Test func anX509KeyOverMutualTLS() throws {
        let bed = try TLSTestBed()
        _ = try bed.emulator.control("PUT", "/_emulator/bundles-admin/credentials", json: #"{"keys": [{"certificateCN": "alice", "appId": "com.example.demo"}]}"#)
        let hub = Hubctl(dir: TempDir("x509"), environment: ["HUBCTL_APP_ID": "com.example.demo", "HUBCTL_CACERT": bed.file("ca.pem")])
        let certificate = try String(contentsOfFile: bed.file("client.pem"), encoding: .utf8)
        let privateKey = try String(contentsOfFile: bed.file("client.key"), encoding: .utf8)
        let document = try JSONSerialization.data(withJSONObject: ["url": bed.url, "alias": "ci", "certificate": certificate, "key": privateKey])
        let key = hub.dir.write("x509-key.json", String(decoding: document, as: UTF8.self))
        chmod(key, 0o600)
        let pdf = hub.dir.write("x.pdf", "%PDF-1.4 over mTLS\n")
        let r = try hub("bundle", "publish", pdf, "--name", "tls", "--version", "1", "--service-key", key)
        #expect(r.status == 0, "\(r) \(bed.log)")
        #expect(!r.err.contains("PRIVATE KEY"))
        let list = try hub("bundle", "list", "--service-key", key)
        #expect(((list.json?["bundles"] as? [[String: Any]]) ?? []).compactMap { $0["bundleId"] as? String } == ["tls:1"], "\(list)")
    }
}
