// Client usage, whoami, policy get and `logs upload --from-settings` through the built hubctl
// against hubctl-emulator as Mobile Services, in the shapes SAP documents
// (Tests/Fixtures/sap/client-services; docs/protocol.md §15.4–§15.6).
import Foundation
import Testing

/// A file of Tests/Fixtures/sap/client-services, as text.
func sapClientServicesFixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sap/client-services/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

@Suite(.serialized) struct ClientServicesSAPShapesEndToEndTests {
    func registered() throws -> (Emulator, Hubctl) {
        let emu = try Emulator()
        try setPlatform(emu, "mobile-services")
        let hub = client(emu)
        let r = try hub.run(["register"])
        #expect(r.status == 0, "\(r)")
        return (emu, hub)
    }

    /// The requests the emulator saw on the client usage address.
    func usageRequests(_ emu: Emulator) throws -> Int {
        let requests = (try emulatorState(emu)["requests"] as? [[String: Any]]) ?? []
        return requests.filter { ($0["path"] as? String)?.contains("/clientusage/") == true }.count
    }

    // MARK: usage

    @Test func sapsUsageExampleUploadsAndAReportWithoutDeviceIDIsRefusedBeforeSending() throws {
        let (emu, hub) = try registered()
        let example = try sapClientServicesFixture("usage-report.json")
        let file = hub.dir.write("usage-report.json", example)
        let r = try hub("usage", "upload", file)
        #expect(r.status == 0, "\(r)")
        #expect(r.json?["sessions"] as? Int == 1)
        #expect(r.json?["events"] as? Int == 1)
        #expect(r.json?["bytes"] as? Int == example.utf8.count)
        let usage = try #require((try received(emu)["usage"] as? [[String: Any]])?.first)
        #expect(usage["accepted"] as? Bool == true)
        #expect((usage["report"] as? [String: Any])?["report"] as? String == "reportUUID")
        #expect(try usageRequests(emu) == 1)

        var report = try #require(try JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any])
        var device = try #require(report["deviceInfo"] as? [String: Any])
        device["deviceID"] = nil
        report["deviceInfo"] = device
        let bad = hub.dir.write("no-device-id.json", String(decoding: try JSONSerialization.data(withJSONObject: report), as: UTF8.self))
        let refused = try hub("usage", "upload", bad)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.errorCode == "invalid_usage_report")
        #expect((refused.error?["message"] as? String)?.contains("deviceInfo.deviceID is missing") == true, "\(refused)")
        #expect(refused.stdout.isEmpty)
        #expect(try usageRequests(emu) == 1, "the refused report was not sent")

        try setServices(emu, #"{"appId": "com.example.demo", "usageEnabled": false}"#)
        let off = try hub("usage", "upload", file)
        #expect(off.status == 77, "\(off)")
        #expect(off.errorCode == "forbidden")
        #expect((off.error?["message"] as? String)?.contains("client usage is probably not enabled") == true, "\(off)")
    }

    // MARK: whoami

    @Test func whoamiPrintsRolesNameAndGroupsFromSAPsShape() throws {
        let (emu, hub) = try registered()
        try setServices(emu, """
            {"appId": "com.example.demo", "roles": ["Admin", "Sales"], "groups": ["SAPMS_Admin", "SAPMS_Sales"],
             "givenName": "John", "familyName": "Doe", "email": "john.doe@acme.corp"}
            """)
        let r = try hub("whoami")
        #expect(r.status == 0, "\(r)")
        let json = try #require(r.json)
        #expect(json["userName"] as? String == "demo")
        #expect(json["roles"] as? [String] == ["Admin", "Sales"])
        #expect(json["groups"] as? [String] == ["SAPMS_Admin", "SAPMS_Sales"])
        #expect(json["givenName"] as? String == "John")
        #expect(json["familyName"] as? String == "Doe")
        #expect(json["displayName"] as? String == "John Doe")
        #expect(json["emails"] as? [String] == ["john.doe@acme.corp"])
        #expect(json["registrationId"] is NSNull)
    }

    // MARK: policy get and logs upload --from-settings

    @Test func policyGetShowsLogSettingsLogEnabled() throws {
        let (emu, hub) = try registered()
        let on = try hub("policy", "get", "logSettings")
        #expect(on.status == 0, "\(on)")
        let settings = try #require((on.json?["policies"] as? [String: Any])?["logSettings"] as? [String: Any])
        #expect(settings["logEnabled"] as? Bool == true)
        #expect(settings["logLevel"] as? String == "NONE")
        #expect(settings["logEntryExpiry"] as? Int == 7)
        #expect(settings["logUploadEnabled"] == nil)
        try setServices(emu, #"{"appId": "com.example.demo", "logUploadEnabled": false}"#)
        let off = try hub("policy", "get")
        let offSettings = (off.json?["policies"] as? [String: Any])?["logSettings"] as? [String: Any]
        #expect(offSettings?["logEnabled"] as? Bool == false, "\(off)")
    }

    @Test func fromSettingsFollowsLogSettingsOnMobileServices() throws {
        let (emu, hub) = try registered()
        let text = [logLine(1, severity: "DEBUG"), logLine(2, severity: "ERROR"), logLine(3, severity: "WARN"), logLine(4, severity: "FATAL")]
            .joined(separator: "\n") + "\n"
        let file = hub.dir.write("d.log", text)
        func logs() throws -> [[String: Any]] { (try received(emu)["logs"] as? [[String: Any]]) ?? [] }

        // logEnabled "true", logLevel "NONE" (the application's ConnectionLogLevel): nothing is sent.
        let none = try hub("logs", "upload", "--from-settings", file)
        #expect(none.status == 0, "\(none)")
        #expect(none.json?["uploaded"] as? Bool == false)
        #expect(none.json?["skipped"] as? String == "The settings exchange's logSettings.logLevel is NONE. Nothing was sent.")
        #expect(try logs().isEmpty)

        // logLevel ERROR: sent although the connection's UploadLogs is still false (logSettings decides).
        let (status, _) = try emu.control("PUT", "/_emulator/settings", json: #"{"appId": "com.example.demo", "settings": {"ConnectionLogLevel": "ERROR"}}"#)
        #expect(status == 200)
        let sent = try hub("logs", "upload", "--from-settings", file)
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.json?["lines"] as? Int == 2)
        #expect(sent.json?["minimumSeverity"] as? String == "ERROR")
        #expect(try logs().first?["firstLine"] as? String == logLine(2, severity: "ERROR"))

        // logEnabled "false": nothing is sent.
        try setServices(emu, #"{"appId": "com.example.demo", "logUploadEnabled": false}"#)
        let off = try hub("logs", "upload", "--from-settings", file)
        #expect(off.status == 0, "\(off)")
        #expect(off.json?["skipped"] as? String == "The settings exchange's logSettings.logEnabled is false: the administrator has not enabled log upload for this device. Nothing was sent.")
        #expect(try logs().count == 1)

        // Only the old logUploadEnabled: read as a fallback, with logLevel as text in any case.
        try setServices(emu, #"{"appId": "com.example.demo", "logUploadEnabled": true, "policies": {"logSettings": {"logUploadEnabled": "true", "logLevel": "warn"}}}"#)
        let old = try hub("logs", "upload", "--from-settings", file)
        #expect(old.status == 0, "\(old)")
        #expect(old.json?["lines"] as? Int == 3)
        #expect(old.json?["minimumSeverity"] as? String == "WARN")

        // A logSettings that says nothing of upload: the connection's UploadLogs (false) decides.
        try setServices(emu, #"{"appId": "com.example.demo", "policies": {"logSettings": {"logLevel": "ERROR"}}}"#)
        let fallback = try hub("logs", "upload", "--from-settings", file)
        #expect(fallback.status == 0, "\(fallback)")
        #expect((fallback.json?["skipped"] as? String)?.hasPrefix("The connection's UploadLogs is false") == true, "\(fallback)")
        #expect(try logs().count == 2)
    }
}
