// The `app` commands' services (docs/protocol.md §17) against a scripted fake transport: cf's
// config.json read tolerantly, the token chain (refresh on exp, once after a 401, a failed
// refresh is 77, client credentials), the three Admin API base derivations (eu10-004 warned),
// v3 pagination and jobs, the Admin API's CSRF retry and login page, the refusals of item 5, the
// settings file and the prune plan.

import Foundation
import HubCore
import Testing
@testable import HubServices
@testable import HubTransport

/// An unsigned JWT whose payload is `claims`.
func testJWT(_ claims: String) -> String {
    func b64(_ s: String) -> String {
        Data(s.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    return b64(#"{"alg":"none"}"#) + "." + b64(claims) + ".sig"
}

func formFields(_ request: HTTPRequest) -> [String: String] {
    let text = String(decoding: request.bodyBytes ?? Data(), as: UTF8.self)
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
        fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return fields
}

@Suite struct AppAdminTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var expired: String { testJWT(#"{"exp": 1799999000, "user_name": "u"}"#) }
    var fresh: String { testJWT(#"{"exp": 1800003600}"#) }

    // MARK: cf's config.json

    @Test func cfConfigIsReadTolerantly() throws {
        let text = """
        {"ConfigVersion": 3, "Target": "https://api.cf.eu10.hana.ondemand.com", "AuthorizationEndpoint": "https://login.cf.eu10.hana.ondemand.com",
         "AccessToken": "bearer eyJ.a.b", "RefreshToken": "r-1", "UAAOAuthClient": "cf", "UAAOAuthClientSecret": "", "SSLDisabled": true,
         "OrganizationFields": {"GUID": "org-g", "Name": "acme"}, "SpaceFields": {"GUID": "space-g", "Name": "dev", "AllowSSH": true},
         "PluginRepos": [], "Unknown": {"x": 1}}
        """
        let config = try CloudFoundryConfig.parse(Data(text.utf8), what: "config.json")
        #expect(config.target == "https://api.cf.eu10.hana.ondemand.com")
        #expect(config.accessToken == "eyJ.a.b", "the type is dropped")
        #expect(config.refreshToken == "r-1")
        #expect(config.sslDisabled)
        #expect(config.orgGUID == "org-g" && config.spaceGUID == "space-g" && config.spaceName == "dev")
        let bare = try CloudFoundryConfig.parse(Data("{}".utf8), what: "c")
        #expect(bare.uaaClient == "cf" && bare.uaaClientSecret == "" && bare.accessToken == nil && !bare.sslDisabled)
        #expect(throws: HubError.self) { try CloudFoundryConfig.parse(Data("[1]".utf8), what: "c") }
        #expect(CloudFoundryConfig.path(environment: ["CF_HOME": "/cf", "HOME": "/h"]) == "/cf/.cf/config.json")
        #expect(CloudFoundryConfig.path(environment: ["HOME": "/h/"]) == "/h/.cf/config.json")
        #expect(CloudFoundryConfig.path(environment: [:]) == nil)
    }

    @Test func theJWTExpiryIsRead() {
        #expect(CloudFoundryToken.expiry(expired) == Date(timeIntervalSince1970: 1_799_999_000))
        #expect(CloudFoundryToken.isExpired(expired, now: now))
        #expect(!CloudFoundryToken.isExpired(fresh, now: now))
        #expect(CloudFoundryToken.expiry("not-a-jwt") == nil)
        #expect(CloudFoundryToken.withoutType("Bearer abc") == "abc")
        #expect(CloudFoundryToken.withoutType("abc") == "abc")
    }

    // MARK: Tokens

    func cfLogin(access: String?, grant: String? = nil) -> CloudFoundryLogin {
        .cfConfig(CloudFoundryConfig(target: "https://api.example", authorizationEndpoint: "https://uaa.example/", accessToken: access,
                                     refreshToken: "r-1", uaaClient: "cf", grantType: grant), path: "/h/.cf/config.json")
    }

    @Test func anExpiredTokenIsRefreshedBeforeUseInMemory() throws {
        let fake = FakeTransport([response(200, #"{"access_token": "\#(fresh)", "refresh_token": "r-2", "token_type": "bearer"}"#),
                                  response(200, #"{"resources": []}"#)])
        let tokens = CloudFoundryTokens(login: cfLogin(access: expired), transport: fake, api: nil, now: { now })
        let cf = CloudFoundryAPI(root: "https://api.example", tokens: tokens, transport: fake, deadline: .now + .seconds(5), sleep: { _ in })
        _ = try cf.instances(space: "s")
        #expect(fake.requests[0].url == "https://uaa.example/oauth/token")
        #expect(fake.requests[0].credentials == BasicCredentials(user: "cf", password: ""))
        #expect(formFields(fake.requests[0]) == ["grant_type": "refresh_token", "refresh_token": "r-1"])
        #expect(fake.requests[0].carriesSecrets)
        #expect(fake.requests[1].headers.contains(HTTPHeader("Authorization", "bearer " + fresh)))
    }

    @Test func aRefusedTokenIsRenewedOnceAndAFailedRefreshIs77() throws {
        let fake = FakeTransport([response(401), response(200, #"{"access_token": "\#(fresh)", "token_type": "bearer"}"#), response(200, #"{"resources": []}"#)])
        let tokens = CloudFoundryTokens(login: cfLogin(access: fresh), transport: fake, api: nil, now: { now })
        let cf = CloudFoundryAPI(root: "https://api.example", tokens: tokens, transport: fake, deadline: .now + .seconds(5), sleep: { _ in })
        _ = try cf.instances(space: "s")
        #expect(fake.requests.map(\.method) == ["GET", "POST", "GET"])

        let failing = FakeTransport([response(400, #"{"error": "invalid_token"}"#)])
        let stale = CloudFoundryTokens(login: cfLogin(access: expired), transport: failing, api: nil, now: { now })
        #expect { try stale.bearer() } throws: { error in
            let e = error as? HubError
            return e?.kind.exitCode == 77 && e?.code == .loginRequired && e?.message.contains("Run `cf login`") == true
        }
        let given = CloudFoundryTokens(login: .bearer("bearer " + expired, source: "HUBCTL_CF_TOKEN"), transport: FakeTransport([]), api: nil, now: { now })
        #expect { try given.bearer() } throws: { ($0 as? HubError)?.kind.exitCode == 77 }
    }

    @Test func clientCredentialsAndPasswordGrants() throws {
        let fake = FakeTransport([response(200, #"{"access_token": "a", "token_type": "bearer"}"#)])
        var config = CloudFoundryConfig(authorizationEndpoint: "https://uaa.example", uaaClient: "ci-client", uaaClientSecret: "s3", grantType: "client_credentials")
        config.accessToken = nil
        _ = try CloudFoundryTokens(login: .cfConfig(config, path: "p"), transport: fake, api: nil).bearer()
        #expect(formFields(fake.requests[0]) == ["grant_type": "client_credentials", "client_id": "ci-client", "client_secret": "s3"])

        let root = FakeTransport([response(200, #"{"links": {"login": {"href": "https://login.example"}}}"#), response(200, #"{"access_token": "a", "token_type": "bearer"}"#)])
        _ = try CloudFoundryTokens(login: .password(username: "tech", password: "pw", origin: "corp-idp"), transport: root, api: "https://api.example").bearer()
        #expect(root.requests[0].url == "https://api.example/")
        #expect(root.requests[1].url == "https://login.example/oauth/token")
        #expect(formFields(root.requests[1]) == ["grant_type": "password", "username": "tech", "password": "pw", "login_hint": #"{"origin":"corp-idp"}"#])
        #expect(root.requests[1].credentials == BasicCredentials(user: "cf", password: ""))
    }

    /// Issue 48 item 4: a refresh's or a password grant's answer is checked as every token answer
    /// is (docs/security.md §15): 65, and the token is never sent.
    @Test func aRenewedTokenThatIsNoBearerTokenIs65AndNotSent() throws {
        let long = String(repeating: "t", count: 20_000)
        let answers = [#"{"access_token": "a b", "token_type": "bearer"}"#, #"{"access_token": "abc", "token_type": "mac"}"#,
                       #"{"access_token": "\#(long)", "token_type": "bearer"}"#, #"{"access_token": "a\nb", "token_type": "bearer"}"#,
                       #"{"access_token": "abc"}"#, #"{"token_type": "bearer"}"#, #"{"access_token": "abc", "token_type": "bearer", "refresh_token": "r 2"}"#]
        for answer in answers {
            for login in [cfLogin(access: expired), CloudFoundryLogin.password(username: "tech", password: "pw", origin: nil)] {
                let fake = FakeTransport([response(200, answer), response(200, #"{"resources": []}"#)])
                let tokens = CloudFoundryTokens(login: login, transport: fake, api: "https://api.example", now: { now })
                if case .password = login { tokens.authorizationEndpoint = "https://uaa.example" }
                let cf = CloudFoundryAPI(root: "https://api.example", tokens: tokens, transport: fake, deadline: .now + .seconds(5), sleep: { _ in })
                #expect { _ = try cf.instances(space: "s") } throws: { error in
                    let e = error as? HubError
                    return e?.kind.exitCode == 65 && e?.code == .malformedResponse && e?.message.contains("Cloud Foundry's UAA") == true
                }
                #expect(fake.requests.count == 1, "\(answer): nothing sent after the token answer")
            }
        }
    }

    // MARK: CF v3

    func cf(_ fake: FakeTransport) -> CloudFoundryAPI {
        CloudFoundryAPI(root: "https://api.example", tokens: CloudFoundryTokens(login: .bearer("t", source: "test"), transport: fake, api: nil),
                        transport: fake, deadline: .now + .seconds(5), sleep: { _ in })
    }

    @Test func listsFollowPaginationAndJobsArePolled() throws {
        let page1 = #"{"pagination": {"next": {"href": "https://api.example/v3/service_instances?page=2"}}, "resources": [{"guid": "g1", "name": "ci-1", "created_at": "2026-11-27T10:00:00Z", "metadata": {"labels": {"managed-by": "hubctl"}}, "last_operation": {"type": "create", "state": "succeeded"}, "extra": 1}]}"#
        let page2 = #"{"pagination": {"next": null}, "resources": [{"guid": "g2", "name": "ci-2"}]}"#
        let fake = FakeTransport([response(200, page1), response(200, page2)])
        let list = try cf(fake).instances(space: "sp", labelSelector: "managed-by=hubctl")
        #expect(list.map(\.guid) == ["g1", "g2"])
        #expect(list[0].labels == ["managed-by": "hubctl"] && list[0].state == "succeeded")
        #expect(fake.requests[0].url == "https://api.example/v3/service_instances?space_guids=sp&label_selector=managed-by%3Dhubctl")

        let foreign = FakeTransport([response(200, #"{"pagination": {"next": {"href": "https://evil.example/v3/x"}}, "resources": []}"#)])
        #expect(throws: HubError.self) { try cf(foreign).instances(space: "sp") }

        let job = FakeTransport([response(202, "", headers: [HTTPHeader("Location", "https://api.example/v3/jobs/j-1")]),
                                 response(200, #"{"state": "PROCESSING"}"#), response(200, #"{"state": "FAILED", "errors": [{"detail": "broker said no"}]}"#)])
        #expect { try cf(job).deleteInstance(guid: "g1", name: "ci-1") } throws: { error in
            (error as? HubError)?.kind.exitCode == 69 && (error as? HubError)?.message.contains("broker said no") == true
        }
        #expect(job.requests.map(\.url).suffix(2) == ["https://api.example/v3/jobs/j-1", "https://api.example/v3/jobs/j-1"])
    }

    /// Issue 48 items 2, 5 and 6: only instances of the given plans count (asked, then checked on
    /// each); an id or name from the server that cannot be one segment of an address is 65 where
    /// it is read, before any request carries it; a list keeps at most its cap.
    @Test func otherOfferingsUnsafeIdsAndTheListCap() throws {
        let mixed = #"{"resources": [{"guid": "g1", "name": "ci-1", "relationships": {"service_plan": {"data": {"guid": "pg"}}}}, {"guid": "g2", "name": "ci-db", "relationships": {"service_plan": {"data": {"guid": "postgres"}}}}, {"guid": "g3", "name": "ci-up"}]}"#
        let fake = FakeTransport([response(200, mixed)])
        #expect(try cf(fake).instances(space: "sp", plans: ["pg"]).map(\.name) == ["ci-1"])
        #expect(fake.requests[0].url == "https://api.example/v3/service_instances?space_guids=sp&service_plan_guids=pg")

        for bad in [#"{"resources": [{"guid": "..", "name": "ci-1"}]}"#, #"{"resources": [{"guid": "g", "name": ".."}]}"#,
                    #"{"resources": [{"guid": "a/b", "name": "ci"}]}"#, #"{"resources": [{"guid": "g", "name": "a\u0007b"}]}"#] {
            #expect("\(bad)") { try cf(FakeTransport([response(200, bad)])).instances(space: "sp") } throws: { ($0 as? HubError)?.kind.exitCode == 65 }
        }
        let keys = FakeTransport([response(200, #"{"resources": [{"guid": ".", "name": "k"}]}"#)])
        #expect { try cf(keys).keys(instance: "g1") } throws: { ($0 as? HubError)?.kind.exitCode == 65 }
        for location in ["https://api.example/v3/jobs/..", "https://api.example/v3/jobs/", "https://api.example/v3/jobs/a%2Fb"] {
            let job = FakeTransport([response(202, "", headers: [HTTPHeader("Location", location)])])
            #expect("\(location)") { try cf(job).deleteInstance(guid: "g1", name: "ci-1") } throws: { error in
                (error as? HubError)?.kind.exitCode == 65 && (error as? HubError)?.message.contains("does not follow it") == true
            }
            #expect(job.requests.count == 1, "the job is not asked")
        }
        #expect(throws: HubError.self) { try MobileServicesAdmin(base: "https://c.example/b", auth: .basic(BasicCredentials(user: "u", password: "p")),
                                                                  transport: FakeTransport([response(200, #"[{"name": ".."}]"#)])).list() }

        // At most 10,000 resources kept over all pages.
        let many = (0...10_000).map { #"{"guid": "g\#($0)", "name": "n\#($0)"}"# }.joined(separator: ",")
        #expect { try cf(FakeTransport([response(200, #"{"resources": [\#(many)]}"#)])).instances(space: "sp") } throws: { error in
            (error as? HubError)?.kind.exitCode == 65 && (error as? HubError)?.message.contains("more than hubctl keeps") == true
        }
    }

    // MARK: Admin API

    @Test func csrfIsFetchedOnceAndReplayed() throws {
        let fake = FakeTransport([
            response(403, "", headers: [HTTPHeader("X-CSRF-Token", "Required")]),
            response(200, "[]", headers: [HTTPHeader("X-CSRF-Token", "tok-1"), HTTPHeader("Set-Cookie", "JSESSIONID=abc; Path=/")]),
            response(204),
        ])
        let admin = MobileServicesAdmin(base: "https://cockpit.example/cockpit/v1/org/o/space/s", auth: .basic(BasicCredentials(user: "u", password: "p")), transport: fake)
        #expect(try admin.delete("ci-1"))
        #expect(fake.requests.map(\.method) == ["DELETE", "GET", "DELETE"])
        #expect(fake.requests[1].headers.contains(HTTPHeader("X-CSRF-Token", "Fetch")))
        #expect(fake.requests[1].url == "https://cockpit.example/cockpit/v1/org/o/space/s/apps")
        #expect(fake.requests[2].headers.contains(HTTPHeader("X-CSRF-Token", "tok-1")))
        // The session cookie is the transport's (libcurl's jar; AppAdminEndToEndTests sees it sent once).
        #expect(!fake.requests[2].headers.contains { $0.name.lowercased() == "cookie" })
        #expect(fake.requests.allSatisfy { $0.headers.contains(HTTPHeader("X-Requested-With", "XMLHttpRequest")) }, "as SAP's MDK CLI sends it")
    }

    @Test func aLoginPageIsNotAuthenticated() throws {
        for answer in [response(200, "<html>login</html>", headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")]),
                       response(302, "", headers: [HTTPHeader("Location", "https://idp.example/login")])] {
            let admin = MobileServicesAdmin(base: "https://c.example/cockpit/v1/org/o/space/s", auth: .bearer(CloudFoundryTokens(login: .bearer("t", source: "t"), transport: FakeTransport([]), api: nil)),
                                            transport: FakeTransport([answer]))
            #expect { try admin.list() } throws: { error in
                (error as? HubError)?.kind.exitCode == 77 && (error as? HubError)?.code == .loginRequired
            }
        }
    }

    @Test func aFeatureKeyRequestIsSAPsBody() throws {
        let key = #"{"alias": "a", "url": "https://ms.example", "uaa": {"clientid": "c", "certurl": "https://uaa.cert", "certificate": "C", "key": "K", "credential-type": "x509"}, "future": 1}"#
        let fake = FakeTransport([response(201, key)])
        let admin = MobileServicesAdmin(base: "https://c.example/base", auth: .basic(BasicCredentials(user: "u", password: "p")), transport: fake)
        let x509 = try AppAdminRules.x509(keyLength: 2048, validity: "3mo")
        let answer = try admin.createFeatureKey("ci-1", feature: "push", FeatureKeyRequest(alias: "a", scopes: ["push_all"], x509: x509))
        #expect(answer["uaa"]?["key"] == .string("K"))
        #expect(fake.requests[0].url == "https://c.example/base/app/ci-1/service/push/key")
        let sent = try JSONValue.read(try #require(fake.requests[0].bodyBytes))
        #expect(sent == .object(["alias": .string("a"), "scopes": .array([.string("push_all")]), "credential-type": .string("x509"),
                                 "x509": .object(["key-length": .int(2048), "validity": .int(3), "validity-type": .string("MONTHS")])]))
        let settings = MobileServicesApps.settingsFile(appId: "ci-1", server: nil, feature: "push", key: answer)
        #expect(settings["platform"] == .string("CF") && settings["server"] == .null && settings["applicationId"] == .string("ci-1"))
        #expect(settings["services"] == .array([.object(["name": .string("push"), "serviceKeys": .array([answer])])]))
    }

    // MARK: Base discovery

    @Test func theThreeBaseDerivations() throws {
        #expect(AdminAPIBase.fromDashboard("https://mobile-service-cockpit-web.cfapps.eu10.hana.ondemand.com/cockpit/v1/org/o-g/space/s-g/index.html#/apps/x")
                == "https://mobile-service-cockpit-api.cfapps.eu10.hana.ondemand.com/cockpit/v1/org/o-g/space/s-g")
        #expect(AdminAPIBase.fromDashboard("http://127.0.0.1:8080/cockpit/v1/org/o/space/s/index.html") == "http://127.0.0.1:8080/cockpit/v1/org/o/space/s")
        #expect(AdminAPIBase.fromSupportURL("https://mobile-service-cockpit-web.cfapps.us10.hana.ondemand.com/", org: "o-g", space: "s-g")
                == "https://mobile-service-cockpit-api.cfapps.us10.hana.ondemand.com/cockpit/v1/org/o-g/space/s-g")
        let plain = try #require(AdminAPIBase.fromTarget("https://api.cf.eu10.hana.ondemand.com:443", org: "o", space: "s"))
        #expect(plain.base == "https://mobile-service-cockpit-api.cfapps.eu10.hana.ondemand.com/cockpit/v1/org/o/space/s")
        #expect(plain.warning.contains("guess") && !plain.warning.contains("extension landscape"))
        let extended = try #require(AdminAPIBase.fromTarget("https://api.cf.eu10-004.hana.ondemand.com", org: "o", space: "s"))
        #expect(extended.base == "https://mobile-service-cockpit-api.cfapps.eu10.hana.ondemand.com/cockpit/v1/org/o/space/s", "the -NNN removed as SAP's MDK CLI does")
        #expect(extended.warning.contains("guess") && extended.warning.contains("eu10-004 is an extension landscape") && extended.warning.contains("cfapps.eu10…"))
        let bare = try #require(AdminAPIBase.fromTarget("https://api.cf.us21-001", org: "o", space: "s"))
        #expect(bare.base.hasPrefix("https://mobile-service-cockpit-api.cfapps.us21/"))
        #expect(try #require(AdminAPIBase.fromTarget("https://api.cf.-001.x", org: "o", space: "s")).base.hasPrefix("https://mobile-service-cockpit-api.cfapps.-001.x/"), "no region before the dash: kept")
        #expect(AdminAPIBase.fromTarget("https://cf.example.com", org: "o", space: "s") == nil)
    }

    /// The order of discovery: given, the app's own instance's dashboard, the offering's
    /// supportUrl, cf's target (the only one warned). No other instance's dashboard is looked
    /// for (issue 48: another service's host would receive the token).
    @Test func theBaseIsFoundInOrder() throws {
        let warnings = WarningLog()
        func apps(_ fake: FakeTransport, base: String? = nil, target: String? = nil) -> MobileServicesApps {
            MobileServicesApps(cf: cf(fake), org: "o", space: "s", base: base, target: target,
                               makeAdmin: { MobileServicesAdmin(base: $0, auth: .basic(BasicCredentials(user: "u", password: "p")), transport: fake) },
                               warn: { warnings.append($0) })
        }
        let given = FakeTransport([])
        #expect(try apps(given, base: "https://given.example/b").adminAPI().1 == .given)
        #expect(given.requests.isEmpty)
        let dashboard = FakeTransport([])
        let (admin, source) = try apps(dashboard).adminAPI(dashboard: "https://x-web.example/cockpit/v1/org/o/space/s/index.html")
        #expect(source == .dashboard && admin.base == "https://x-api.example/cockpit/v1/org/o/space/s")
        #expect(dashboard.requests.isEmpty)
        let support = FakeTransport([response(200, #"{"resources": [{"guid": "og", "name": "mobile-services", "broker_catalog": {"metadata": {"supportUrl": "https://m-web.example/"}}}]}"#)])
        #expect(try apps(support).adminAPI().0.base == "https://m-api.example/cockpit/v1/org/o/space/s")
        #expect(support.requests.map(\.url) == ["https://api.example/v3/service_offerings?names=mobile-services"], "no instance list")
        #expect(warnings.lines.isEmpty)
        let target = FakeTransport([response(200, #"{"resources": [{"guid": "og", "name": "mobile-services"}]}"#)])
        let guessed = try apps(target, target: "https://api.cf.us10.example.com").adminAPI()
        #expect(guessed.1 == .target && guessed.0.base == "https://mobile-service-cockpit-api.cfapps.us10.example.com/cockpit/v1/org/o/space/s")
        #expect(warnings.lines.count == 1)
        let none = FakeTransport([response(200, #"{"resources": [{"guid": "og", "name": "mobile-services"}]}"#)])
        #expect { try apps(none, target: "https://cf.example.com").adminAPI() } throws: { ($0 as? HubError)?.kind.exitCode == 78 }
    }

    /// A delete looks the instance up for its dashboard only while the Admin API base is unknown:
    /// with --admin-api, or for prune's second app, the Admin API's DELETE comes first, then the
    /// lookup of a leftover instance.
    @Test func aDeleteLooksForTheDashboardOnlyWhileTheBaseIsUnknown() throws {
        func apps(_ fake: FakeTransport, base: String?) -> MobileServicesApps {
            MobileServicesApps(cf: cf(fake), org: "o", space: "s", base: base, target: nil,
                               makeAdmin: { MobileServicesAdmin(base: $0, auth: .basic(BasicCredentials(user: "u", password: "p")), transport: fake) },
                               warn: { _ in })
        }
        func shape(_ fake: FakeTransport) -> [String] {
            fake.requests.map { "\($0.method) \($0.url.contains("/v3/") ? "cf" : "admin")" }
        }
        let noInstance = #"{"resources": []}"#
        // The offering and its plans are asked once, before the first instance lookup.
        let offering = response(200, #"{"resources": [{"guid": "og", "name": "mobile-services"}]}"#)
        let plans = response(200, #"{"resources": [{"guid": "pg", "relationships": {"service_offering": {"data": {"guid": "og"}}}}]}"#)
        let given = FakeTransport([response(204), offering, plans, response(200, noInstance), response(204), response(200, noInstance)])
        let withBase = apps(given, base: "https://given.example/cockpit/v1/org/o/space/s")
        #expect(try withBase.delete(appId: "a1") == .init(app: true, instance: false, keys: []))
        #expect(try withBase.delete(appId: "a2") == .init(app: true, instance: false, keys: []))
        #expect(shape(given) == ["DELETE admin", "GET cf", "GET cf", "GET cf", "DELETE admin", "GET cf"])
        #expect(given.requests[3].url == "https://api.example/v3/service_instances?names=a1&space_guids=s&service_plan_guids=pg")
        let dashboard = #"{"resources": [{"guid": "g", "name": "a1", "relationships": {"service_plan": {"data": {"guid": "pg"}}}, "dashboard_url": "https://x-web.example/cockpit/v1/org/o/space/s/index.html"}]}"#
        let found = FakeTransport([offering, plans, response(200, dashboard), response(204), response(200, noInstance), response(204), response(200, noInstance)])
        let discovering = apps(found, base: nil)
        _ = try discovering.delete(appId: "a1")
        _ = try discovering.delete(appId: "a2")
        #expect(shape(found) == ["GET cf", "GET cf", "GET cf", "DELETE admin", "GET cf", "DELETE admin", "GET cf"])
        #expect(found.requests[3].url.hasPrefix("https://x-api.example/cockpit/v1/org/o/space/s/"))
    }

    // MARK: Refusals

    @Test func idsSAPRefusesAreRefused() throws {
        for bad in ["Admin", "lcm", "Connections", "a..b", "1app", "-app", "", String(repeating: "a", count: 65), "app id", "app/x", "äpp"] {
            #expect(throws: HubError.self, "\(bad)") { try AppAdminRules.checkAppId(bad) }
        }
        for good in ["admin", "test-abcdefghijklmnopqrstuvwxyzabcdef", "com.example.app_1", String(repeating: "a", count: 64)] {
            try AppAdminRules.checkAppId(good)
        }
        #expect(throws: HubError.self) { try AppAdminRules.checkFeatures(["push", "push"]) }
        #expect(throws: HubError.self) { try AppAdminRules.checkFeatures(["Push"]) }
        try AppAdminRules.checkFeatures(["push", "storage", "client-resources"])
        #expect(throws: HubError.self) { try AppAdminRules.checkScopes(["push_everything"], feature: "push") }
        try AppAdminRules.checkScopes(AppAdminRules.pushScopes, feature: "push")
        #expect(throws: HubError.self) { try AppAdminRules.x509(keyLength: 1024, validity: "1d") }
        #expect(throws: HubError.self) { try AppAdminRules.x509(keyLength: 2048, validity: "1y") }
        #expect(throws: HubError.self) { try AppAdminRules.x509(keyLength: 2048, validity: "0d") }
        #expect(try AppAdminRules.x509(keyLength: 4096, validity: "7d") == .init(keyLength: 4096, validity: 7, validityType: .days))
        // Issue 48: at least one literal character before the first wildcard; a bracket
        // expression is a wildcard, a backslash takes the next character as it is.
        for bad in ["*", "**", "?*", "", "[[:alpha:]]*", "[a-zA-Z]*", "[!-]*", "*[a-z]*", "?ci-*", "[c]i-*", "\\", "ci\\"] {
            #expect(throws: HubError.self, "\(bad)") { try AppAdminRules.checkPattern(bad) }
        }
        for good in ["ci-*", "c*", "ci-[0-9]*", "\\**", "\\[x]*", "ci-1234"] { try AppAdminRules.checkPattern(good) }
        #expect(try AppAdminRules.duration("60m", flag: "--older-than") == 3600)
        #expect(try AppAdminRules.duration("2d", flag: "--older-than") == 172_800)
        for bad in ["0m", "-5m", "5w", "m", ""] { #expect(throws: HubError.self) { try AppAdminRules.duration(bad, flag: "--older-than") } }
        #expect(throws: HubError.self) { try AppAdminRules.labels(["managed-by=me"]) }
        #expect(throws: HubError.self) { try AppAdminRules.labels(["novalue"]) }
        #expect(try AppAdminRules.labels(["team=mobile", "example.com/run=42"]) == ["team": "mobile", "example.com/run": "42"])
    }

    // MARK: Prune

    @Test func thePrunePlanReadsAgeAndOwnerFromCF() {
        let owned = ["managed-by": "hubctl"]
        let instances = [
            CloudFoundryInstance(guid: "1", name: "ci-old", createdAt: "2027-01-15T06:00:00Z", labels: owned),
            CloudFoundryInstance(guid: "2", name: "ci-new", createdAt: "2027-01-15T07:50:00Z", labels: owned),
            CloudFoundryInstance(guid: "3", name: "ci-foreign", createdAt: "2027-01-15T06:00:00Z", labels: ["managed-by": "someone"]),
            CloudFoundryInstance(guid: "4", name: "prod-app", createdAt: "2020-01-01T00:00:00Z", labels: owned),
        ]
        let now = ISO8601.date(from: "2027-01-15T08:00:00Z")!
        let plan = PrunePlan.make(apps: ["ci-old", "ci-orphan", "prod-app"], instances: instances, match: "ci-*", olderThan: 3600, anyOwner: false, now: now)
        #expect(plan.delete == ["ci-old"])
        #expect(plan.skipped.map(\.id) == ["ci-foreign", "ci-new", "ci-orphan"])
        #expect(plan.skipped.first { $0.id == "ci-orphan" }?.reason.contains("age is unknown") == true)
        let any = PrunePlan.make(apps: [], instances: instances, match: "ci-*", olderThan: 3600, anyOwner: true, now: now)
        #expect(any.delete == ["ci-foreign", "ci-old"])
    }
}
