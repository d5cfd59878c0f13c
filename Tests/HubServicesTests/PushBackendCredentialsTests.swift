// Parsing the operator's push credentials (service key, binding, VCAP_SERVICES) and the
// notification shape check (docs/protocol.md §16).
import Foundation
import HubConfig
import Testing
@testable import HubCore
@testable import HubServices

@Suite struct PushBackendCredentialsTests {
    @Test func serviceKeyFlatAndNested() throws {
        let flat = try PushBackendCredentials.serviceKey(Data(#"{"url": "https://ms.example/", "apiKey": "k1", "alias": "ops"}"#.utf8))
        #expect(flat.url == "https://ms.example")
        #expect(flat.auth == .apiKey(alias: "ops", key: "k1"))
        let nested = try PushBackendCredentials.serviceKey(Data(#"{"services": [{"name": "push", "serviceKeys": [{"alias": "a", "url": "https://x", "apiKey": "ka"}, {"alias": "b", "url": "https://x", "apiKey": "kb"}]}]}"#.utf8), alias: "b")
        #expect(nested.auth == .apiKey(alias: "b", key: "kb"))
    }

    @Test func serviceKeyWithoutApiKeyNamesTheFieldNotASecret() {
        #expect(throws: HubError.self) { try PushBackendCredentials.serviceKey(Data(#"{"url": "https://x"}"#.utf8)) }
        do { _ = try PushBackendCredentials.serviceKey(Data(#"{"url": "https://x", "apiKey": ""}"#.utf8)) }
        catch let e as HubError { #expect(e.message.contains("apiKey")); #expect(e.kind == .config) }
        catch { Issue.record("unexpected \(error)") }
    }

    @Test func bindingGivesTheTokenEndpoint() throws {
        let b = try PushBackendCredentials.binding(Data(#"{"uaa": {"clientid": "c", "clientsecret": "s", "url": "https://uaa.example/"}, "endpoints": {"mobileservices": {"url": "https://ms.example"}}}"#.utf8))
        #expect(b.url == "https://ms.example")
        #expect(b.auth == .clientCredentials(tokenURL: "https://uaa.example/oauth/token", clientId: "c", clientSecret: "s"))
        #expect(throws: HubError.self) { try PushBackendCredentials.binding(Data(#"{"uaa": {"clientid": "c"}}"#.utf8)) }
    }

    @Test func aProfileKeepsEverythingButTheSecretAndGetsItBack() throws {
        let key = PushBackendCredentials(url: "https://ms.example/", auth: .apiKey(alias: "ops", key: "k1"), tenant: "t1")
        let kept = key.profileSettings(.push)
        #expect(kept == ServiceProfileSettings(feature: .push, url: "https://ms.example", alias: "ops", tenant: "t1"))
        #expect(!kept.settings.contains { $0.1 == "k1" }, "the API key is not a setting")
        #expect(PushBackendCredentials.secretVaultKey(kept) == "hubctl/push/api-key/ops@https://ms.example")
        #expect(try PushBackendCredentials.profile(kept, secret: "k1", profile: "p") == key)

        let client = PushBackendCredentials(url: "https://ms.example", auth: .clientCredentials(tokenURL: "https://uaa.example/oauth/token", clientId: "c", clientSecret: "s"))
        let keptClient = client.profileSettings(.push)
        #expect(keptClient == ServiceProfileSettings(feature: .push, url: "https://ms.example", uaaURL: "https://uaa.example", clientId: "c"))
        #expect(PushBackendCredentials.secretVaultKey(keptClient) == "hubctl/push/client-secret/c@https://uaa.example/oauth/token")
        #expect(try PushBackendCredentials.profile(keptClient, secret: "s", profile: "p") == client)
    }

    @Test func eachFeatureHasItsOwnSettingsAndVaultKeysPushsUnchanged() throws {
        // Push's keys are what `config set-push` always wrote: existing profiles and vaults keep working.
        #expect(ServiceProfileSettings.keys(of: .push) == ["push-url", "push-alias", "push-uaa-url", "push-client-id", "push-tenant"])
        #expect(ServiceProfileSettings.keys(of: .clientResources) == ["bundles-url", "bundles-alias", "bundles-uaa-url", "bundles-client-id", "bundles-tenant"])
        let key = PushBackendCredentials(url: "https://ms.example", auth: .apiKey(alias: "ops", key: "k1"), tenant: "t1")
        let bundles = key.profileSettings(.clientResources)
        #expect(bundles.settings.map(\.0) == ServiceProfileSettings.keys(of: .clientResources))
        #expect(bundles.settings.first { $0.0 == "bundles-tenant" }?.1 == "t1")
        #expect(PushBackendCredentials.secretVaultKey(bundles) == "hubctl/bundles/api-key/ops@https://ms.example")
        #expect(PushBackendCredentials.secretVaultKey(key.profileSettings(.push)) == "hubctl/push/api-key/ops@https://ms.example")
        let client = PushBackendCredentials(url: "https://ms.example", auth: .clientCredentials(tokenURL: "https://uaa.example/oauth/token", clientId: "c", clientSecret: "s"))
        #expect(PushBackendCredentials.secretVaultKey(client.profileSettings(.clientResources)) == "hubctl/bundles/client-secret/c@https://uaa.example/oauth/token")
        // Read back from a profile's values by the feature's keys only.
        let values = ["bundles-url": "https://ms.example", "bundles-alias": "ops", "push-url": "https://other.example"]
        #expect(ServiceProfileSettings(feature: .clientResources) { values[$0] } == ServiceProfileSettings(feature: .clientResources, url: "https://ms.example", alias: "ops"))
        #expect(ServiceProfileSettings(feature: .push) { values[$0] } == ServiceProfileSettings(feature: .push, url: "https://other.example"))
        #expect(ServiceProfileSettings(feature: .clientResources) { ["bundles-alias": "ops"][$0] } == nil, "no url: no credentials")
        // A bad URL is refused naming the feature's key and the command that keeps them.
        let error = #expect(throws: HubError.self) {
            try PushBackendCredentials.profile(ServiceProfileSettings(feature: .clientResources, url: "ftp://x"), secret: "s", profile: "ci")
        }
        #expect(error?.message.contains("bundles-url") == true && error?.message.contains("set-service-key --feature client-resources") == true, "\(String(describing: error))")
    }

    @Test func aProfileWithABadURLOrHalfAClientIsRefused() {
        for settings in [ServiceProfileSettings(feature: .push, url: "ftp://ms.example"), ServiceProfileSettings(feature: .push, url: "https://user:pw@ms.example"),
                         ServiceProfileSettings(feature: .push, url: "https://ms.example", clientId: "c"),
                         ServiceProfileSettings(feature: .push, url: "https://ms.example", uaaURL: "not a url", clientId: "c")] {
            let error = #expect(throws: HubError.self) { try PushBackendCredentials.profile(settings, secret: "s", profile: "prod") }
            #expect(error?.code == .configInvalid, "\(settings)")
            #expect(error?.message.contains("prod") == true && error?.message.contains("pw") == false)
        }
    }

    @Test func vcapServicesPicksTheOnlyOrTheNamedBinding() throws {
        let one = #"{"uaa": {"clientid": "c", "clientsecret": "s", "url": "https://uaa"}, "endpoints": {"mobileservices": {"url": "https://ms"}}}"#
        let single = try PushBackendCredentials.vcapServices(#"{"mobile-services": [{"name": "m", "credentials": \#(one)}]}"#, name: nil)
        #expect(single.url == "https://ms")
        let two = #"{"mobile-services": [{"name": "a", "credentials": \#(one)}, {"name": "b", "credentials": \#(one)}]}"#
        do { _ = try PushBackendCredentials.vcapServices(two, name: nil); Issue.record("several bindings need a name") }
        catch let e as HubError { #expect(e.message.contains("\"a\"") && e.message.contains("\"b\"")) }
        #expect(try PushBackendCredentials.vcapServices(two, name: "b").url == "https://ms")
        #expect(throws: HubError.self) { try PushBackendCredentials.vcapServices(#"{"xsuaa": []}"#, name: nil) }
    }

    @Test func notificationShape() throws {
        #expect(PushNotificationShape.problems(try JSONValue.read(Data(#"{"alert": "a", "badge": 2, "sound": "x", "priority": "high", "custom": {"k": "v"}}"#.utf8))).isEmpty)
        let bad = PushNotificationShape.problems(try JSONValue.read(Data(#"{"alert": 1, "badge": -1, "colour": "red", "custom": {"k": 2}}"#.utf8)))
        #expect(bad.count == 4)
        #expect(PushNotificationShape.problems(.array([])) == ["notification: must be a JSON object"])
    }

    // MARK: As SAP's client reads them (issue 38)

    @Test func aSettingsFileGivesOnlyThePushServicesKeyAndNeverGuesses() throws {
        let file = Data(#"""
            {"applicationId": "app", "services": [
              {"name": "offline", "serviceKeys": [{"alias": "o", "url": "https://x", "apiKey": "not-push"}]},
              {"name": "Push", "serviceKeys": [{"alias": "a", "url": "https://x/2787d5ea", "apiKey": "ka"},
                                               {"alias": "b", "url": "https://x", "uaa": {"clientid": "c", "clientsecret": "s", "url": "https://uaa.example"}}]}]}
            """#.utf8)
        #expect(throws: HubError.self) { try PushBackendCredentials.serviceKey(file) }
        let a = try PushBackendCredentials.serviceKey(file, alias: "a")
        #expect(a.auth == .apiKey(alias: "a", key: "ka"))
        #expect(a.url == "https://x/2787d5ea", "the path after the host is kept")
        #expect(a.applicationId == "app")
        let b = try PushBackendCredentials.serviceKey(file, alias: "b")
        #expect(b.auth == .clientCredentials(tokenURL: "https://uaa.example/oauth/token", clientId: "c", clientSecret: "s"))
        #expect(b.url == "https://x")
        #expect(b.applicationId == "app")
        #expect(throws: HubError.self) { try PushBackendCredentials.serviceKey(file, alias: "o") }
        let noPush = Data(#"{"services": [{"name": "offline", "serviceKeys": [{"url": "https://x", "apiKey": "k"}]}]}"#.utf8)
        do { _ = try PushBackendCredentials.serviceKey(noPush); Issue.record("another feature's key was taken") }
        catch let e as HubError { #expect(e.message.contains("push") && e.message.contains("offline")); #expect(!e.message.contains("\"k\"")) }
    }

    @Test func bindingsWithX509TenantModeAndTimeout() throws {
        let x509 = try PushBackendCredentials.binding(Data(#"""
            {"sap.cloud.service": "app", "endpoints": {"mobileservices": {"url": "https://ms.example", "timeout": 160000}},
             "uaa": {"clientid": "c", "credential-type": "x509", "url": "https://uaa.example", "certurl": "https://cert.uaa.example/",
                     "certificate": "-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n", "key": "-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----\n",
                     "tenantmode": "SHARED"}}
            """#.utf8))
        guard case .clientCertificate(let tokenURL, let id, let certificate, let key) = x509.auth else { Issue.record("\(x509.auth)"); return }
        #expect(tokenURL == "https://cert.uaa.example/oauth/token", "XsuaaDefaultEndpoints: certurl")
        #expect(id == "c" && certificate.hasPrefix("-----BEGIN CERTIFICATE-----") && key.contains("PRIVATE KEY"))
        #expect(x509.tenantMode == .shared)
        #expect(x509.readTimeout == 160)
        #expect(x509.profileRefusal != nil)
        #expect(throws: HubError.self) {
            try PushBackendCredentials.binding(Data(#"{"endpoints": {"mobileservices": {"url": "https://m"}}, "uaa": {"clientid": "c", "credential-type": "x509", "url": "https://u"}}"#.utf8))
        }
        let dedicated = try PushBackendCredentials.binding(Data(#"{"endpoints": {"mobileservices": {"url": "https://m"}}, "uaa": {"clientid": "c", "clientsecret": "s", "url": "https://u"}}"#.utf8))
        #expect(dedicated.tenantMode == .dedicated, "absent is dedicated (UaaConfig.getTenantMode)")
        #expect(dedicated.readTimeout == nil)
        #expect(dedicated.profileRefusal == nil)
        #expect(throws: HubError.self) {
            try PushBackendCredentials.binding(Data(#"{"endpoints": {"mobileservices": {"url": "https://m"}}, "uaa": {"clientid": "c", "clientsecret": "s", "url": "https://u", "tenantmode": "odd"}}"#.utf8))
        }
    }

    @Test func vcapServicesFindsTheBindingByItsTag() throws {
        // The shape of SAP's vcap/vcap-services-single-match.json: a third-party service beside it.
        let vcap = #"""
            {"third-party-service": [{"name": "other", "tags": ["3rd-party"], "credentials": {"key1": "val1"}}],
             "user-provided": [{"name": "ms", "tags": ["instance-service", "mobileservice", "application-service"],
               "credentials": {"sap.cloud.service": "app", "endpoints": {"mobileservices": {"url": "https://ms.example"}},
                               "uaa": {"clientid": "c", "clientsecret": "s", "url": "https://uaa.example"}}}]}
            """#
        let found = try PushBackendCredentials.vcapServices(vcap, name: nil)
        #expect(found.applicationId == "app")
        #expect(found.url == "https://ms.example")
        #expect(throws: HubError.self) { try PushBackendCredentials.vcapServices(#"{"xsuaa": [{"name": "x", "tags": ["xsuaa"], "credentials": {}}]}"#, name: nil) }
    }

    @Test func aNotificationAsSAPSendsIt() throws {
        let (n, problems) = PushNotificationShape.normalized(try JSONValue.read(Data(#"{"alert": "a", "data": {"b": "2", "a": "1"}, "apns": {"alertTitle": "t"}}"#.utf8)))
        #expect(problems.isEmpty)
        #expect(n?["data"] == .string(#"{"a":"1","b":"2"}"#), "a serialized JSON object, as PushPayload.Builder.data(Object)")
        #expect(n?["apns"]?["alertTitle"] == .string("t"))
        let title = PushNotificationShape.problems(try JSONValue.read(Data(#"{"alert": "a", "title": "t", "fcm": {}}"#.utf8)))
        #expect(title.contains { $0.contains("notification.title") && $0.contains("apns.alertTitle or gcm.title") }, "\(title)")
        #expect(title.contains { $0.contains("notification.fcm") && $0.contains("gcm") }, "\(title)")
        #expect(PushNotificationShape.problems(try JSONValue.read(Data(#"{"alert": "a", "gcm": "x"}"#.utf8))) == ["notification.gcm: must be an object"])
        #expect(PushNotificationShape.problems(try JSONValue.read(Data(#"{"alert": "a", "data": [1]}"#.utf8))).count == 1)
    }

    /// The fixtures in the shapes of SAP's own test resources (Tests/Fixtures/sap/push/README.md
    /// names each): read as SAP's client reads them.
    @Test func sapsSettingsFileBindingAndVCAPServicesShapes() throws {
        let settings = try PushBackendCredentials.serviceKey(Data(try pushFixture("settings-file.json").utf8))
        #expect(settings.auth == .apiKey(alias: "ops-key", key: "fake-api-key-for-tests-only"))
        #expect(settings.url == "https://push.mobile.example.com/0f3c9a2e-5b41-4d7e-9c18-6a2f4e8d1b07", "the path after the host is kept")
        #expect(settings.applicationId == "com.example.demo")

        let shared = try PushBackendCredentials.binding(Data(try pushFixture("binding-shared.json").utf8))
        #expect(shared.auth == .clientCredentials(tokenURL: "https://demo.authentication.example.com/oauth/token",
                                                  clientId: "sb-demo-push!t4711", clientSecret: "fake-client-secret-for-tests-only"))
        #expect(shared.tenantMode == .shared)
        #expect(shared.readTimeout == 60)
        #expect(shared.applicationId == "com.example.demo")

        let vcap = try pushFixture("vcap-services-single-match.json")
        let found = try PushBackendCredentials.vcapServices(vcap, name: nil)
        #expect(found.applicationId == "com.example.demo" && found.url == "https://mobile.example.com")
        // The same instance under a user-provided service's label: found by its tag alone.
        let userProvided = vcap.replacingOccurrences(of: "\"mobile-services\":", with: "\"user-provided\":")
        #expect(userProvided != vcap)
        #expect(try PushBackendCredentials.vcapServices(userProvided, name: nil) == found)
    }
}
