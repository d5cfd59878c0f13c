// Issue #42 item 6: `push send --service-key settings.json` with SAP's settings file whose push key
// is an X.509 `uaa` key (Tests/Fixtures/sap/admin/settings-file-x509.json: the shape the Admin
// API's feature key answers and `app settings-file --x509` writes), through the built hubctl over
// the nginx mutual-TLS test bed: client credentials whose token comes from `<certurl>/oauth/token`
// with the key's certificate, as SAP's reader does (`PushClientBuilder.java` 83-91,
// `XsuaaTokenFlowFactory.java` 16-28, `MobileServicesBinding.java` 119-126).
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The mutual-TLS test bed with the emulator's push backend knowing the client `cert-client` by
/// alice's certificate (CN, forwarded by nginx) for com.example.demo, and demo's one android device
/// registered there: what an x509 binding or settings-file key pushes to.
func x509PushBed() throws -> TLSTestBed {
    let bed = try TLSTestBed()
    let emu = bed.emulator
    let (configured, _) = try emu.control("PUT", "/_emulator/push/credentials",
                                          json: #"{"clients": [{"clientId": "cert-client", "certificateCN": "alice", "appId": "com.example.demo"}]}"#)
    #expect(configured == 204)
    let (seeded, _) = try emu.control("POST", "/_emulator/push/registrations",
                                      json: #"{"appId": "com.example.demo", "registrations": [{"user": "demo", "deviceId": "d1", "os": "android", "pushToken": "tok-x"}]}"#)
    #expect(seeded == 200)
    return bed
}

@Suite(.serialized) struct SettingsFileX509EndToEndTests {
    /// The fixture with the test bed's addresses and a real certificate and key put in; every other
    /// member as the fixture has it.
    func settingsFile(_ bed: TLSTestBed, cert: String, key: String, in dir: TempDir, name: String, certurl: Bool = true) throws -> String {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sap/admin/settings-file-x509.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        var services = try #require(root["services"] as? [[String: Any]])
        var keys = try #require(services[0]["serviceKeys"] as? [[String: Any]])
        var uaa = try #require(keys[0]["uaa"] as? [String: Any])
        #expect(uaa["credential-type"] as? String == "x509")
        uaa["url"] = bed.emulator.url
        uaa["certurl"] = certurl ? bed.url : nil
        uaa["clientid"] = "cert-client"
        uaa["certificate"] = try String(contentsOfFile: bed.file(cert + ".pem"), encoding: .utf8)
        uaa["key"] = try String(contentsOfFile: bed.file(key + ".key"), encoding: .utf8)
        keys[0]["uaa"] = uaa
        keys[0]["url"] = bed.emulator.url
        services[0]["serviceKeys"] = keys
        root["services"] = services
        root["server"] = bed.emulator.url
        root["applicationId"] = "com.example.demo"
        let path = dir.write(name, String(decoding: try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]), as: UTF8.self))
        chmod(path, 0o600)
        return path
    }

    /// The requests nginx (the `certurl` host) served, as its access log's request lines.
    func requestsThroughNginx(_ bed: TLSTestBed) -> [String] {
        let log = (try? String(contentsOfFile: bed.file("nginx/logs/access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in line.split(separator: "\"").dropFirst().first.map(String.init) }
    }

    @Test func anX509SettingsFileKeyGetsItsTokenOverMutualTLSAtCerturl() throws {
        let bed = try x509PushBed()
        let emu = bed.emulator
        let dir = TempDir("settings-x509")
        let op = Hubctl(dir: dir, environment: ["HUBCTL_CACERT": bed.file("ca.pem")])

        let settings = try settingsFile(bed, cert: "client", key: "client", in: dir, name: "settings.json")
        #expect(requestsThroughNginx(bed).isEmpty, "nothing went through nginx before the send")
        let r = try op("push", "send", "--service-key", settings, "--user", "demo", "--alert", "over mTLS from a settings file")
        #expect(r.status == 0, "\(r)\n\(bed.log)")
        let notifications = try pushNotifications(emu)
        #expect((notifications.last?["devices"] as? [[String: Any]])?.count == 1, "demo's one device was notified: \(notifications)")
        // The token came from <certurl>/oauth/token (nginx, client certificate required); uaa.url
        // (the emulator without TLS) answers a certificate client with 401, so a token from there
        // would have failed the send.
        #expect(requestsThroughNginx(bed).filter { $0.hasPrefix("POST /oauth/token ") }.count == 1, "\(requestsThroughNginx(bed))")
        for secretText in ["PRIVATE KEY", "BEGIN CERTIFICATE"] {
            #expect(!r.err.contains(secretText) && !r.out.contains(secretText), "\(secretText) in the output")
        }

        // Bob's certificate is not cert-client's: refused at the token endpoint (77), nothing sent.
        let sent = try pushNotifications(emu).count
        let bob = try settingsFile(bed, cert: "bob", key: "bob", in: dir, name: "bob.json")
        let refused = try op("push", "send", "--service-key", bob, "--user", "demo", "--alert", "x")
        #expect(refused.status == 77, "\(refused)")
        #expect(refused.err.contains("client certificate"), "\(refused.err)")
        #expect(try pushNotifications(emu).count == sent)

        // Without certurl the token is asked at uaa.url (XsuaaDefaultEndpoints' fallback): the emulator
        // without TLS, where no certificate is presented, so the client is refused (77), nothing sent.
        // The same file with certurl succeeded above: the token came from certurl.
        let noCerturl = try settingsFile(bed, cert: "client", key: "client", in: dir, name: "no-certurl.json", certurl: false)
        let plain = try op("push", "send", "--service-key", noCerturl, "--user", "demo", "--alert", "x")
        #expect(plain.status == 77, "\(plain)")
        #expect(try pushNotifications(emu).count == sent)

        // A certificate from another CA: nginx refuses the handshake's certificate (77 as well), nothing sent.
        let mallory = try settingsFile(bed, cert: "other", key: "other", in: dir, name: "other.json")
        let rejected = try op("push", "send", "--service-key", mallory, "--user", "demo", "--alert", "x")
        #expect(rejected.status == 77, "\(rejected)\n\(bed.log)")
        #expect(try pushNotifications(emu).count == sent)
    }
}
