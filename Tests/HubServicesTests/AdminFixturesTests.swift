// The fixtures of Tests/Fixtures/sap/admin (issue #42; each file's source named in its README):
// every file is JSON that hubctl's reader takes (a malformed fixture fails here), carries the
// members its source shows, and the settings files are read as `push send --service-key` reads
// them, the X.509 one as client credentials over mutual TLS at `<certurl>/oauth/token`
// (`PushClientBuilder.java` 83-91, `XsuaaTokenFlowFactory.java` 16-28).

import Foundation
import HubCore
import Testing
@testable import HubServices

@Suite struct AdminFixturesTests {
    static let directory = sapFixtureURL("admin")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    func data(_ name: String) throws -> Data {
        try Data(contentsOf: Self.directory.appendingPathComponent(name))
    }

    func json(_ name: String) throws -> JSONValue {
        try JSONValue.read(try data(name), refusingDuplicateNames: true)
    }

    @Test func theDirectoryHoldsTheFixturesOfTheIssue() throws {
        // The files the other tests of this suite read; a rename or a lost file fails here.
        let expected = ["app-create-request.json", "app.json", "apps.json", "cf-config.json", "cf-credential-binding-details.json",
                        "cf-job-complete.json", "cf-job-failed.json", "cf-service-instance-create-request.json",
                        "cf-service-instance.json", "cf-service-instances-page1.json", "cf-service-offerings.json",
                        "cf-service-route-bindings.json", "feature-key-api-key.json", "feature-key-request-api-key.json",
                        "feature-key-request-x509.json", "feature-key-x509.json", "proxy-service.json", "services-response.json", "settings-file-x509.json",
                        "settings-file.json"]
        #expect(Self.names == expected)
    }

    @Test(arguments: names) func eachFileIsJSONAndNamedInTheREADME(_ name: String) throws {
        let value = try json(name)
        #expect(value.objectValue != nil || ["apps.json", "services-response.json"].contains(name), "\(name): a JSON object (apps.json, services-response.json: an array)")
        let readme = try String(contentsOf: Self.directory.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("`\(name)`"), "\(name) is not named (with its source) in README.md")
    }

    @Test func theAdminAPIApp() throws {
        let app = try json("app.json")
        #expect(app["name"]?.stringValue == "ci-1234")
        #expect(app["displayName"]?.stringValue == "ci-1234")
        guard case .array(let services)? = app["services"] else { Issue.record("services is not an array"); return }
        #expect(services.compactMap { $0["name"]?.stringValue } == ["push", "proxy"])
        #expect(app["security"]?["name"]?.stringValue == "oauth")
        guard case .array(let apps) = try json("apps.json") else { Issue.record("apps.json is not an array"); return }
        #expect(apps.count == 2)
        #expect(apps.allSatisfy { $0["name"]?.stringValue != nil && $0["displayName"]?.stringValue != nil })
    }

    @Test func theFeatureKeyRequestsAndAnswers() throws {
        let plain = try json("feature-key-request-api-key.json")
        #expect(plain["alias"]?.stringValue?.count == 27, "27 letters, as RandomStringUtils.randomAlphabetic(27)")
        #expect(plain["scopes"] == .array([.string("push_all")]))
        #expect(plain["credential-type"] == nil && plain["x509"] == nil, "null members are left out (NON_NULL)")
        let x509 = try json("feature-key-request-x509.json")
        #expect(x509["credential-type"]?.stringValue == "x509")
        #expect(x509["x509"] == .object(["key-length": .int(2048), "validity": .int(1), "validity-type": .string("DAYS")]))

        let apiKey = try json("feature-key-api-key.json")
        #expect(Set(apiKey.objectValue?.keys.map { $0 } ?? []) == ["alias", "url", "apiKey"])
        let uaa = try json("feature-key-x509.json")["uaa"]
        #expect(uaa?["credential-type"]?.stringValue == "x509")
        for member in ["clientid", "certurl", "certificate", "key"] {
            #expect(uaa?[member]?.stringValue?.isEmpty == false, "uaa.\(member)")
        }
        #expect(uaa?["clientsecret"] == nil, "an X.509 key has no client secret")
    }

    @Test func theAPIKeySettingsFileIsReadAsPushSendReadsIt() throws {
        let credentials = try PushBackendCredentials.serviceKey(try data("settings-file.json"))
        #expect(credentials.auth == .apiKey(alias: "fakeAliasForTestsOnlyAbcdef", key: "fake-api-key-for-tests-only"))
        #expect(credentials.url == "https://demo-dev-ci-1234.cfapps.eu10.example.com/0f1e2d3c-4b5a-4968-8776-0000000000a9")
        #expect(credentials.applicationId == "ci-1234")
    }

    @Test func theX509SettingsFileIsClientCredentialsOverMutualTLSAtCerturl() throws {
        let credentials = try PushBackendCredentials.serviceKey(try data("settings-file-x509.json"))
        let uaa = try #require(try json("feature-key-x509.json")["uaa"])
        #expect(credentials.auth == .clientCertificate(tokenURL: "https://demo.authentication.cert.eu10.example.com/oauth/token",
                                                       clientId: "sb-fake-ci-1234!b4711|mobile-services!b42",
                                                       certificate: try #require(uaa["certificate"]?.stringValue),
                                                       key: try #require(uaa["key"]?.stringValue)),
                "the token from <certurl>/oauth/token, not <url>/oauth/token")
        #expect(credentials.url == "https://demo-dev-ci-1234.cfapps.eu10.example.com/0f1e2d3c-4b5a-4968-8776-0000000000a9",
                "the key's url is the Mobile Services endpoint (PushClientBuilder 87-89)")
        #expect(credentials.applicationId == "ci-1234")
        #expect(credentials.tenantMode == .dedicated)
        // Without certurl, XSUAA's endpoints fall back to url (`XsuaaDefaultEndpoints`).
        var settings = try json("settings-file-x509.json")
        settings = try replacingUAA(in: settings) { $0.removeValue(forKey: "certurl") }
        let fallback = try PushBackendCredentials.serviceKey(Data(try settings.written(pretty: false)))
        guard case .clientCertificate(let tokenURL, _, _, _) = fallback.auth else { Issue.record("\(fallback.auth)"); return }
        #expect(tokenURL == "https://demo.authentication.eu10.example.com/oauth/token")
        // An x509 key without its private key is refused, with the member named.
        let keyless = try replacingUAA(in: try json("settings-file-x509.json")) { $0.removeValue(forKey: "key") }
        #expect { try PushBackendCredentials.serviceKey(Data(try keyless.written(pretty: false))) } throws: {
            ($0 as? HubError)?.message.contains("uaa.key") == true
        }
    }

    /// The settings file with its one key's `uaa` changed by `change`.
    func replacingUAA(in settings: JSONValue, _ change: (inout [String: JSONValue]) -> Void) throws -> JSONValue {
        guard case .object(var root) = settings, case .array(var services)? = root["services"],
              case .object(var service) = services[0], case .array(var keys)? = service["serviceKeys"],
              case .object(var key) = keys[0], case .object(var uaa)? = key["uaa"] else {
            throw HubError(.config, code: .configInvalid, "settings-file-x509.json: not the expected shape")
        }
        change(&uaa)
        key["uaa"] = .object(uaa)
        keys[0] = .object(key)
        service["serviceKeys"] = .array(keys)
        services[0] = .object(service)
        root["services"] = .array(services)
        return .object(root)
    }

    @Test func theCFKeyIsABindingWithAClientSecret() throws {
        let credentials = try PushBackendCredentials.binding(try data("cf-credential-binding-details.json"))
        #expect(credentials.auth == .clientCredentials(tokenURL: "https://demo.authentication.eu10.example.com/oauth/token",
                                                       clientId: "sb-fake-ci-1234!b4711|mobile-services!b42",
                                                       clientSecret: "fake-client-secret-for-tests-only"))
        #expect(credentials.applicationId == "ci-1234", "sap.cloud.service is the app id")
    }

    @Test func theCFConfigHasCFsMembers() throws {
        let config = try json("cf-config.json")
        for member in ["AccessToken", "RefreshToken", "Target", "AuthorizationEndpoint", "UAAOAuthClient",
                       "UAAOAuthClientSecret", "UAAGrantType", "SSLDisabled", "OrganizationFields", "SpaceFields"] {
            #expect(config[member] != nil, "\(member)")
        }
        #expect(config["UAAOAuthClient"]?.stringValue == "cf")
        #expect(config["SSLDisabled"] == .bool(false))
        let token = try #require(config["AccessToken"]?.stringValue)
        #expect(token.hasPrefix("bearer "))
        // The JWT's claims carry `exp` (in the past: a reader must refresh).
        let parts = token.dropFirst("bearer ".count).split(separator: ".")
        #expect(parts.count == 3)
        var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while payload.count % 4 != 0 { payload += "=" }
        let claims = try JSONValue.read(try #require(Data(base64Encoded: payload)))
        #expect(claims["exp"] == .int(1_767_223_199))
        #expect(claims["client_id"]?.stringValue == "cf")
    }

    @Test func theCFObjectsAgreeWithEachOther() throws {
        let config = try json("cf-config.json")
        let org = try #require(config["OrganizationFields"]?["GUID"]?.stringValue)
        let space = try #require(config["SpaceFields"]?["GUID"]?.stringValue)
        let instance = try json("cf-service-instance.json")
        #expect(instance["name"]?.stringValue == "ci-1234")
        #expect(instance["metadata"]?["labels"]?["managed-by"]?.stringValue == "hubctl")
        #expect(instance["last_operation"]?["state"]?.stringValue == "succeeded")
        #expect(instance["relationships"]?["space"]?["data"]?["guid"]?.stringValue == space)
        // The dashboard_url is chosen so that JI's derivation (-web → -api, no /index.html, no
        // fragment) gives the documented base for cf's org and space.
        let dashboard = try #require(instance["dashboard_url"]?.stringValue)
        #expect(dashboard.hasPrefix("https://mobile-service-cockpit-web.cfapps.eu10.example.com/cockpit/v1/org/\(org)/space/\(space)/index.html#"))

        let offerings = try json("cf-service-offerings.json")
        guard case .array(let resources)? = offerings["resources"], let offering = resources.first else { Issue.record("no offering"); return }
        #expect(offering["name"]?.stringValue == "mobile-services")
        #expect(offering["broker_catalog"]?["metadata"]?["supportUrl"]?.stringValue == "https://mobile-service-cockpit-web.cfapps.eu10.example.com")

        let page = try json("cf-service-instances-page1.json")
        #expect(page["pagination"]?["next"]?["href"]?.stringValue?.contains("page=2") == true)
        guard case .array(let instances)? = page["resources"] else { Issue.record("no resources"); return }
        #expect(instances.compactMap { $0["created_at"]?.stringValue } == ["2026-11-27T21:00:00Z", "2026-11-27T19:30:00Z"])

        let states = ["PROCESSING", "POLLING", "COMPLETE", "FAILED"]
        #expect(try json("cf-job-complete.json")["state"]?.stringValue == "COMPLETE")
        let failed = try json("cf-job-failed.json")
        #expect(failed["state"]?.stringValue == "FAILED")
        guard case .array(let errors)? = failed["errors"] else { Issue.record("no errors"); return }
        #expect(errors.first?["title"]?.stringValue == "CF-UnableToPerform")
        #expect(states.contains(try json("cf-job-complete.json")["state"]?.stringValue ?? ""))

        let create = try json("cf-service-instance-create-request.json")
        #expect(create["type"]?.stringValue == "managed")
        #expect(create["relationships"]?["space"]?["data"]?["guid"]?.stringValue == space)
        #expect(create["parameters"]?["security"]?["name"]?.stringValue == "oauth")

        let routes = try json("cf-service-route-bindings.json")
        guard case .array(let included)? = routes["included"]?["routes"] else { Issue.record("no included routes"); return }
        #expect(included.first?["url"]?.stringValue == "demo-dev-ci-1234.cfapps.eu10.example.com", "no scheme: server is https:// + url")
        #expect("https://" + (included.first?["url"]?.stringValue ?? "") == (try json("settings-file.json"))["server"]?.stringValue)
    }
}
