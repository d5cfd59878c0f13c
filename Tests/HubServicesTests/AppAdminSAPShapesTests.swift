// The `app` services read and write the shapes of Tests/Fixtures/sap/admin (each file names its
// SAP or Cloud Foundry source in that folder's README): cf's config.json (expired token), the
// Admin API's list and app, the create body, a paginated instance list, the offering's
// supportUrl, the route binding's route, a failed job, both feature-key requests and answers, and
// SAP's settings file composed from an API key.

import Foundation
import HubCore
import Testing
@testable import HubServices
@testable import HubTransport

@Suite struct AppAdminSAPShapesTests {
    func fixture(_ name: String) throws -> String { try String(contentsOf: sapFixtureURL("admin/" + name), encoding: .utf8) }
    func json(_ name: String) throws -> JSONValue { try JSONValue.read(Data(try fixture(name).utf8)) }
    let api = "https://api.cf.eu10-004.example.com"
    let org = "0f1e2d3c-4b5a-4968-8776-0000000000a1", space = "0f1e2d3c-4b5a-4968-8776-0000000000a2"

    func cf(_ fake: FakeTransport) -> CloudFoundryAPI {
        CloudFoundryAPI(root: api, tokens: CloudFoundryTokens(login: .bearer("t", source: "test"), transport: fake, api: nil),
                        transport: fake, deadline: .now + .seconds(5), sleep: { _ in })
    }

    @Test func cfConfigWithItsExpiredToken() throws {
        let config = try CloudFoundryConfig.parse(Data(try fixture("cf-config.json").utf8), what: "cf-config.json")
        #expect(config.target == api && config.authorizationEndpoint == "https://login.cf.eu10-004.example.com")
        #expect(config.orgGUID == org && config.spaceGUID == space && config.grantType == nil && !config.sslDisabled)
        let token = try #require(config.accessToken)
        #expect(CloudFoundryToken.expiry(token) == Date(timeIntervalSince1970: 1_767_223_199))
        #expect(CloudFoundryToken.isExpired(token, now: Date(timeIntervalSince1970: 1_800_000_000)))
        // The target's guess for this landscape is warned as an extension landscape, and derived
        // as SAP's MDK CLI derives it: the cockpit of eu10, as the offering's supportUrl says.
        let target = try #require(config.target)
        let guess = try #require(AdminAPIBase.fromTarget(target, org: org, space: space))
        #expect(guess.warning.contains("eu10-004 is an extension landscape"))
        #expect(guess.base.hasPrefix("https://mobile-service-cockpit-api.cfapps.eu10.example.com/"))
    }

    @Test func theAdminAPIsAppsAreRead() throws {
        let fake = FakeTransport([response(200, try fixture("apps.json")), response(200, try fixture("app.json"))])
        let admin = MobileServicesAdmin(base: "https://c.example/b", auth: .basic(BasicCredentials(user: "u", password: "p")), transport: fake)
        let list = try admin.list()
        #expect(list.first?.id == "ci-1234" && list.first?.features == ["push"])
        #expect(list.contains { $0.id == "com.example.mdk.demo" && $0.displayName == "MDK Demo" })
        let app = try #require(try admin.show("ci-1234"))
        #expect(app.id == "ci-1234" && app.features == ["push", "proxy"])
    }

    @Test func theCreateBodyAndTheInstancePages() throws {
        let instance = try json("cf-service-instance.json")
        let list = #"{"pagination": {"next": null}, "resources": [\#(try fixture("cf-service-instance.json"))]}"#
        let fake = FakeTransport([response(202, "", headers: [HTTPHeader("Location", api + "/v3/jobs/j")]), response(200, try fixture("cf-job-complete.json")),
                                  response(200, list)])
        let made = try cf(fake).createInstance(name: "ci-1234", parameters: MobileServicesApps.parameters(appId: "ci-1234", name: "ci-1234", features: ["push"]),
                                               labels: ["managed-by": "hubctl"], space: space, plan: "0f1e2d3c-4b5a-4968-8776-0000000000b2")
        #expect(try JSONValue.read(try #require(fake.requests[0].bodyBytes)) == (try json("cf-service-instance-create-request.json")))
        #expect(made.guid == instance["guid"]?.stringValue && made.state == "succeeded")
        let dashboard = try #require(made.dashboardURL)
        #expect(AdminAPIBase.fromDashboard(dashboard)
                == "https://mobile-service-cockpit-api.cfapps.eu10.example.com/cockpit/v1/org/\(org)/space/\(space)")

        let pages = FakeTransport([response(200, try fixture("cf-service-instances-page1.json")), response(200, #"{"pagination": {"next": null}, "resources": []}"#)])
        let found = try cf(pages).instances(space: space, labelSelector: "managed-by=hubctl")
        #expect(found.count == 2 && found[0].name == "ci-1234" && found[0].labels["managed-by"] == "hubctl")
        #expect(pages.requests[1].url == api + "/v3/service_instances?page=2&per_page=2&label_selector=managed-by%3Dhubctl&space_guids=\(space)")
    }

    @Test func supportURLRouteAndAFailedJob() throws {
        let offering = FakeTransport([response(200, try fixture("cf-service-offerings.json"))])
        let support = try #require(try cf(offering).offering().supportURL)
        #expect(AdminAPIBase.fromSupportURL(support, org: org, space: space) == "https://mobile-service-cockpit-api.cfapps.eu10.example.com/cockpit/v1/org/\(org)/space/\(space)")
        let routes = FakeTransport([response(200, try fixture("cf-service-route-bindings.json"))])
        #expect(try cf(routes).routeURL(instance: "i") == "https://demo-dev-ci-1234.cfapps.eu10.example.com")
        let failed = FakeTransport([response(202, "", headers: [HTTPHeader("Location", api + "/v3/jobs/j")]), response(200, try fixture("cf-job-failed.json"))])
        #expect { try cf(failed).deleteInstance(guid: "g", name: "ci-1234") } throws: { error in
            (error as? HubError)?.message.contains("fake broker failure for tests only") == true
        }
        let details = FakeTransport([response(200, try fixture("cf-credential-binding-details.json"))])
        #expect(try cf(details).keyCredentials(guid: "k")["sap.cloud.service"] == .string("ci-1234"))
    }

    @Test func featureKeysAndTheSettingsFile() throws {
        let apiKey = FakeTransport([response(201, try fixture("feature-key-api-key.json"))])
        let admin = MobileServicesAdmin(base: "https://c.example/b", auth: .basic(BasicCredentials(user: "u", password: "p")), transport: apiKey)
        let key = try admin.createFeatureKey("ci-1234", feature: "push", FeatureKeyRequest(alias: "fakeAliasForTestsOnlyAbcdef", scopes: ["push_all"]))
        #expect(try JSONValue.read(try #require(apiKey.requests[0].bodyBytes)) == (try json("feature-key-request-api-key.json")))
        #expect(MobileServicesApps.settingsFile(appId: "ci-1234", server: "https://demo-dev-ci-1234.cfapps.eu10.example.com", feature: "push", key: key)
                == (try json("settings-file.json")))

        let x509 = FakeTransport([response(201, try fixture("feature-key-x509.json"))])
        let admin2 = MobileServicesAdmin(base: "https://c.example/b", auth: .basic(BasicCredentials(user: "u", password: "p")), transport: x509)
        let answer = try admin2.createFeatureKey("ci-1234", feature: "push",
                                                 FeatureKeyRequest(alias: "fakeAliasForTestsOnlyGhijkl", scopes: ["push_all"], x509: try AppAdminRules.x509(keyLength: 2048, validity: "1d")))
        #expect(try JSONValue.read(try #require(x509.requests[0].bodyBytes)) == (try json("feature-key-request-x509.json")))
        #expect(answer["uaa"]?["credential-type"] == .string("x509"))
    }
}
