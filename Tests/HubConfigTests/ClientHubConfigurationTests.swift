// Unit tests of the server URL composition (docs/protocol.md §1) and of the configuration loader.

import Foundation
import HubCore
import Testing
@testable import HubConfig

@Suite("ClientHub configuration")
struct ClientHubConfigurationTests {
    func url(host: String = "smp.example.com", port: Int = 443, https: Bool = true, suffix: String = "", farm: String = "0") -> String {
        ClientHubConfiguration.composeServerURL(host: host, port: port, https: https, urlSuffix: suffix, farmID: farm)
    }

    @Test func plainHTTPS() { #expect(url() == "https://smp.example.com:443") }
    @Test func httpsFalse() { #expect(url(port: 8080, https: false) == "http://smp.example.com:8080") }
    @Test func suffixLeadingSlashDropped() { #expect(url(suffix: "/mobile/proxy") == "https://smp.example.com:443/mobile/proxy") }
    @Test func suffixTrailingSlashDropped() { #expect(url(suffix: "proxy/") == "https://smp.example.com:443/proxy") }
    @Test func farmZeroIsNotInserted() { #expect(url(suffix: "relay", farm: "0") == "https://smp.example.com:443/relay") }
    @Test func farmWithSuffix() { #expect(url(suffix: "cli/iarelayserver", farm: "F1") == "https://smp.example.com:443/cli/iarelayserver/F1") }
    @Test func farmWithoutSuffixUsesIISRelay() {
        #expect(url(farm: "F1") == "https://smp.example.com:443/ias_relay_server/client/rs_client.dll/F1")
    }
    @Test func ipv6IsBracketed() {
        #expect(url(host: "2001:db8::1") == "https://[2001:db8::1]:443")
        #expect(url(host: "[::1]", port: 8443) == "https://[::1]:8443")
    }
    @Test func ipv4IsNotBracketed() { #expect(url(host: "10.0.0.1", https: false) == "http://10.0.0.1:443") }

    @Test func reportShowsTheEffectiveSuffixAndURL() throws {
        let dict: [String: Any] = ["Host": "::1", "Port": "8443", "FarmID": "F1", "SecurityConfiguration": "SSO",
                                   "UserCreationPolicy": "", "HTTPS": "FALSE"]
        let data = try PropertyListSerialization.data(fromPropertyList: dict, format: .xml, options: 0)
        let values = try #require(ClientHubValidator.validate(data: data, path: "x").values)
        let json = try JSONSerialization.jsonObject(with: Data(values.json.written(pretty: false))) as? [String: Any]
        #expect(json?["serverURL"] as? String == "http://[::1]:8443/ias_relay_server/client/rs_client.dll/F1")
        #expect(json?["urlSuffix"] as? String == "ias_relay_server/client/rs_client.dll")
        #expect(json?["userCreationPolicy"] as? String == "certificate")
        #expect(json?["https"] as? Bool == false)
        #expect(json?.keys.contains("domain") == true)
    }

    @Test func loadMissingFileIsNoInput() {
        #expect {
            _ = try ClientHubConfiguration.load(path: "/nonexistent/dir/clienthub.plist")
        } throws: { ($0 as? HubError)?.exitCode == 66 }
    }

    @Test func loadInvalidFileIsDataAndSaysHowToSeeAll() throws {
        let path = NSTemporaryDirectory() + "clienthub-\(UUID().uuidString).plist"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dict: [String: Any] = ["Host": "x:1", "Port": "0"]
        try PropertyListSerialization.data(fromPropertyList: dict, format: .xml, options: 0).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ClientHubConfiguration.load(path: path)
            Issue.record("an invalid plist loaded")
        } catch let error as HubError {
            #expect(error.exitCode == 65)
            #expect(error.code == .invalidPlist)
            #expect(error.message.contains("hubctl plist validate \(path)"))
            #expect(error.message.contains("Port"))
        }
    }

    @Test func loadValidFile() throws {
        let path = NSTemporaryDirectory() + "clienthub-\(UUID().uuidString).plist"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dict: [String: Any] = ["Host": "smp.example.com", "Port": 8080, "FarmID": "0", "HTTPS": "false",
                                   "SecurityConfiguration": "SSO", "UserCreationPolicy": "manual",
                                   "Domain": "corp", "ShareCredentials": false, "Unknown": "warned, not fatal"]
        try PropertyListSerialization.data(fromPropertyList: dict, format: .binary, options: 0).write(to: URL(fileURLWithPath: path))
        let config = try ClientHubConfiguration.load(path: path)
        #expect(config.serverURL == "http://smp.example.com:8080")
        #expect(config.securityConfiguration == "SSO")
        #expect(config.userCreationPolicy == .manual)
        #expect(config.domain == "corp")
        #expect(config.shareCredentials == false)
    }
}
