// hubctl's usage, user-information and policy services against SAP's documented shapes
// (Tests/Fixtures/sap/client-services, each file's source named in its README): SAP's usage example
// is accepted and a report without a required member refused, SAP's /v2/Me is read (roles, name,
// emails, groups), and the settings exchange's logSettings decides what `--from-settings` does.
import Foundation
import Testing
@testable import HubAuth
@testable import HubConfig
@testable import HubCore
@testable import HubServices
@testable import HubTransport

/// A fixture of Tests/Fixtures/sap/client-services.
func clientServicesFixture(_ name: String) throws -> Data {
    try Data(contentsOf: sapFixtureURL("client-services/\(name)"))
}

@Suite struct ClientServicesSAPShapesTests {
    let home = NSTemporaryDirectory() + "cs-sap-\(UUID().uuidString)"

    func context(_ fake: FakeTransport, platform: Platform = .mobileServices) -> ClientServiceContext {
        let config = ConnectionConfig(server: "http://127.0.0.1:9", appId: "com.example.demo", user: "demo")
        let http = AuthenticatingTransport(transport: fake, providers: [StaticPasswordProvider(name: "test", password: "pw")], user: "demo")
        let connections = ConnectionService(session: SMPSession(endpoint: SMPEndpoint(config: config), http: http), home: home)
        let registration = Registration(server: config.server, appId: config.appId, user: "demo", applicationConnectionId: "dev-1",
                                        apiVersion: "v1", anonymous: false, securityConfiguration: nil)
        return ClientServiceContext(connections: connections, registration: registration, platform: platform)
    }

    /// The usage fixture with one member changed (nil removes it), by a path of object keys and
    /// array indexes (digits).
    func usageReport(setting path: [String], to value: JSONValue?) throws -> Data {
        func change(_ node: JSONValue, _ path: ArraySlice<String>) -> JSONValue {
            guard let step = path.first else { return value ?? .null }
            switch node {
            case .object(var o):
                if path.count == 1, value == nil { o[step] = nil } else { o[step] = change(o[step] ?? .null, path.dropFirst()) }
                return .object(o)
            case .array(var a) where Int(step).map(a.indices.contains) == true:
                let i = Int(step)!
                a[i] = change(a[i], path.dropFirst())
                return .array(a)
            default:
                Issue.record("no \(step) in \(node)")
                return node
            }
        }
        let changed = change(try JSONValue.read(try clientServicesFixture("usage-report.json")), path[...])
        return try JSONEncoder().encode(changed)
    }

    func usageError(_ data: Data) -> HubError? {
        do {
            _ = try UsageService.check(data, source: "r.json")
            return nil
        } catch let error as HubError {
            return error
        } catch {
            Issue.record("not a HubError: \(error)")
            return nil
        }
    }

    // MARK: usage (§15.4)

    @Test func sapsUsageExampleIsAccepted() throws {
        let counts = try UsageService.check(try clientServicesFixture("usage-report.json"), source: "usage-report.json")
        #expect(counts.sessions == 1)
        #expect(counts.events == 1)
    }

    @Test(arguments: [
        (["report"], "report is missing"),
        (["appInfo", "application"], "appInfo.application is missing"),
        (["appInfo"], "appInfo is missing"),
        (["deviceInfo", "deviceID"], "deviceInfo.deviceID is missing"),
        (["sessions", "0", "sessionInfo", "sessionId"], "sessions[0].sessionInfo.sessionId is missing"),
        (["sessions", "0", "sessionInfo"], "sessions[0].sessionInfo is missing"),
        (["sessions", "0", "events", "0", "time"], "sessions[0].events[0].time is missing"),
        (["sessions"], "sessions is missing"),
    ])
    func eachMissingRequiredMemberIsNamed(path: [String], named: String) throws {
        let error = try #require(usageError(try usageReport(setting: path, to: nil)))
        #expect(error.code == .invalidUsageReport)
        #expect(error.kind == .data)
        #expect(error.message.contains(": \(named)"), "\(error.message)")
        #expect(error.message.contains("Nothing was sent"))
    }

    @Test func mistypedRequiredMembersAreNamedTogether() throws {
        // hubctl's old reading: `report` an object. SAP's is a string.
        var data = try usageReport(setting: ["report"], to: .object(["version": .string("1")]))
        var report = try JSONValue.read(data)
        guard case .object(var o) = report, case .object(var device)? = o["deviceInfo"] else { Issue.record("fixture shape"); return }
        device["deviceID"] = .int(7)
        o["deviceInfo"] = .object(device)
        report = .object(o)
        data = try JSONEncoder().encode(report)
        let error = try #require(usageError(data))
        #expect(error.message.contains("report is not a string; deviceInfo.deviceID is not a string"), "\(error.message)")
        let empty = try #require(usageError(try usageReport(setting: ["deviceInfo", "deviceID"], to: .string(""))))
        #expect(empty.message.contains("deviceInfo.deviceID is empty"), "\(empty.message)")
        let notObject = try #require(usageError(Data("[1]".utf8)))
        #expect(notObject.message.contains("the report is not a JSON object"))
    }

    @Test func optionalMembersMayBeAbsent() throws {
        let minimal = #"{"report": "r", "appInfo": {"application": "a"}, "deviceInfo": {"deviceID": "d"}, "sessions": [{"sessionInfo": {"sessionId": "s"}}]}"#
        let counts = try UsageService.check(Data(minimal.utf8), source: "x")
        #expect(counts.sessions == 1)
        #expect(counts.events == 0)
    }

    @Test func uploadPostsTheReportAsGivenAndExplains403() throws {
        let data = try clientServicesFixture("usage-report.json")
        let fake = FakeTransport([response(201)])
        let result = try UsageService(context: context(fake)).upload(data, source: "usage-report.json")
        #expect(result.events == 1)
        #expect(fake.requests.count == 1)
        #expect(fake.requests[0].method == "POST")
        #expect(fake.requests[0].url == "http://127.0.0.1:9/mobileservices/application/com.example.demo/clientusage/v1/runtime/clientusage/application/com.example.demo/device/dev-1")
        #expect(fake.requests[0].bodyBytes == data)
        let off = FakeTransport([response(403)])
        do {
            _ = try UsageService(context: context(off)).upload(data, source: "usage-report.json")
            Issue.record("403 was accepted")
        } catch let error as HubError {
            #expect(error.code == .forbidden)
            #expect(error.message.contains("client usage is probably not enabled"), "\(error.message)")
        }
    }

    // MARK: user information (§15.5)

    @Test func sapsMeExampleIsRead() throws {
        let user = try #require(UserInfo(scim: try JSONValue.read(try clientServicesFixture("user-info-me.json"))))
        #expect(user == UserInfo(id: "john.doe@acme.corp", userName: "john.doe@acme.corp", displayName: "John Doe",
                                 givenName: "John", familyName: "Doe", emails: ["john.doe@acme.corp"],
                                 roles: ["Admin", "Sales"], groups: ["SAPMS_Admin", "SAPMS_Sales"], registrationId: nil))
    }

    @Test func otherSCIMShapesAreReadToo() throws {
        let other = #"""
        {"id": "u1", "userName": "alice", "displayName": "Alice A.", "name": {"givenName": "Alice", "familyName": "A"},
         "roles": [{"value": "Everyone", "display": "everyone"}, {"display": "Only display"}, 3],
         "groups": [{"value": "g1"}, "g2"], "emails": [{"value": "a@example.com", "primary": true}], "registrationId": "reg-1"}
        """#
        let user = try #require(UserInfo(scim: try JSONValue.read(Data(other.utf8))))
        #expect(user == UserInfo(id: "u1", userName: "alice", displayName: "Alice A.", givenName: "Alice", familyName: "A",
                                 emails: ["a@example.com"], roles: ["Everyone", "Only display"], groups: ["g1", "g2"],
                                 registrationId: "reg-1"))
        // SAP's detail.Groups wins over a top-level groups; a name of one part is the display name.
        let both = #"{"id": "x", "name": {"givenName": "Bob"}, "groups": ["top"], "detail": {"Groups": ["SAPMS_Detail"]}}"#
        let bob = try #require(UserInfo(scim: try JSONValue.read(Data(both.utf8))))
        #expect(bob.groups == ["SAPMS_Detail"])
        #expect(bob.displayName == "Bob")
        #expect(UserInfo(scim: .array([])) == nil)
    }

    @Test func meAsksTheRoleServiceAndExplains412() throws {
        let body = String(decoding: try clientServicesFixture("user-info-me.json"), as: UTF8.self)
        let fake = FakeTransport([response(200, body)])
        let user = try UserService(context: context(fake)).me()
        #expect(user.roles == ["Admin", "Sales"])
        #expect(fake.requests.first?.url == "http://127.0.0.1:9/mobileservices/application/com.example.demo/roleservice/application/com.example.demo/v2/Me")
        do {
            _ = try UserService(context: context(FakeTransport([response(412)]))).me()
            Issue.record("412 was accepted")
        } catch let error as HubError {
            #expect(error.code == .accessControlDisabled)
        }
    }

    // MARK: policies (§15.6)

    @Test func settingsExchangeIsReadWrappedOrNot() throws {
        let root = try JSONValue.read(try clientServicesFixture("settings-exchange.json"))
        let node = try #require(root["mobileservices"]?["settingsExchange"])
        let fromRoot = try #require(PolicyService.settingsExchange(root))
        #expect(Set(fromRoot.keys) == ["passwordPolicy", "featureVectorPolicies", "logSettings"])
        #expect(PolicyService.settingsExchange(node) == node.objectValue)
        let log = LogSettings(fromRoot["logSettings"])
        #expect(log == LogSettings(.object(["logEnabled": .bool(true), "logLevel": .string("WARN")])))
        #expect(log.enabled == true)
        #expect(log.enabledFrom == "The settings exchange's logSettings.logEnabled")
        #expect(log.level == "WARN")
    }

    @Test func logEnabledIsABooleanOrItsTextAndLogUploadEnabledOnlyAFallback() {
        #expect(LogSettings(.object(["logEnabled": .string("false")])).enabled == false)
        #expect(LogSettings(.object(["logEnabled": .string("TRUE")])).enabled == true)
        #expect(LogSettings(.object(["logEnabled": .bool(false), "logUploadEnabled": .string("true")])).enabled == false)
        let old = LogSettings(.object(["logUploadEnabled": .string("true"), "logLevel": .string("")]))
        #expect(old.enabled == true)
        #expect(old.enabledFrom == "The settings exchange's logSettings.logUploadEnabled")
        #expect(old.level == nil)
        let unreadable = LogSettings(.object(["logEnabled": .string("yes"), "logLevel": .int(3)]))
        #expect(unreadable.enabled == nil)
        #expect(unreadable.level == nil)
        #expect(LogSettings(nil) == LogSettings(.object([:])))
    }

    @Test func policyGetTypesSAPsTextAndRecordsThePasscodePolicy() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let body = String(decoding: try clientServicesFixture("settings-exchange.json"), as: UTF8.self)
        let fake = FakeTransport([response(200, body)])
        let result = try PolicyService(context: context(fake), home: home).get(nil)
        #expect(fake.requests.first?.url == "http://127.0.0.1:9/mobileservices/application/com.example.demo/Storage/v1/runtime/application/com.example.demo/global/mobileservices/settingsExchange")
        #expect(result.policies["passwordPolicy"]?["passwordPolicyMinLength"] == .int(8))
        #expect(result.policies["passwordPolicy"]?["passwordPolicyDigitRequired"] == .bool(true))
        #expect(result.policies["logSettings"] == .object(["logEnabled": .bool(true), "logEntryExpiry": .int(7), "logLevel": .string("WARN")]))
        #expect(result.policies["featureVectorPolicies"]?["restrictedPolicies"] == .null)
        let recorded = try #require(try PasscodePolicyFile.load(home: home))
        #expect(recorded.minLength == 8)
        #expect(recorded.digitRequired)
    }

    @Test func clientLogPolicyFollowsLogSettingsWithoutAskingTheConnection() throws {
        let body = String(decoding: try clientServicesFixture("settings-exchange.json"), as: UTF8.self)
        let fake = FakeTransport([response(200, body)])
        let policy = try PolicyService(context: context(fake), home: home).clientLogPolicy()
        #expect(policy == ClientLogPolicy(enabled: true, enabledFrom: "The settings exchange's logSettings.logEnabled",
                                          level: "WARN", levelFrom: "The settings exchange's logSettings.logLevel"))
        #expect(fake.requests.count == 1, "the connection's UploadLogs was not needed")
        let off = FakeTransport([response(200, #"{"logSettings": {"logEnabled": false, "logLevel": "DEBUG"}}"#)])
        #expect(try PolicyService(context: context(off), home: home).clientLogPolicy().enabled == false)
    }
}
