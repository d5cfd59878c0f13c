// The emulator's Cloud Foundry world (issue #42 item 7, docs/protocol.md §17): cf's UAA grants and
// their JWTs, the CF v3 routes (orgs, spaces, the offering's supportUrl, plans, asynchronous
// instances with jobs, labels and label selectors, pagination, keys, route bindings), the cockpit's
// Admin API (apps, restore, feature keys, delete, Basic and bearer, CSRF, the login page, the
// failure switches), and created applications being real ones: devices register, push keys push.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct CloudFoundryEmulatorTests {
    static let csrf = HTTPField.Name("X-CSRF-Token")!
    static let admin = "/cockpit/v1/org/\(CloudFoundryState.orgGuid)/space/\(CloudFoundryState.spaceGuid)"

    // MARK: Helpers

    static func form(_ fields: String, basic: (String, String)? = ("cf", "")) -> HTTPFields {
        var h = HTTPFields()
        h[.contentType] = "application/x-www-form-urlencoded"
        if let basic { h[.authorization] = basicAuth(basic.0, basic.1) }
        return h
    }

    static func bearer(_ token: String, json: Bool = false) -> HTTPFields {
        var h = HTTPFields()
        h[.authorization] = "bearer " + token
        if json { h[.contentType] = "application/json" }
        return h
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any], "\(response.text)")
    }

    /// A token of the default user, through the control route.
    static func token(_ client: any TestClientProtocol, expiresIn: Int = 600) async throws -> String {
        let r = try await client.control(.post, "cf/token", #"{"expiresIn": \#(expiresIn)}"#)
        return try #require(try object(r)["access_token"] as? String)
    }

    static func createInstance(_ client: any TestClientProtocol, _ token: String, name: String, labels: String = #"{"managed-by": "hubctl"}"#) async throws -> TestResponse {
        let body = """
            {"type": "managed", "name": "\(name)", "parameters": {"name": "\(name)", "displayName": "CI \(name)",
             "security": {"name": "oauth"}, "services": [{"name": "push"}, {"name": "storage"}]},
             "metadata": {"labels": \(labels)},
             "relationships": {"space": {"data": {"guid": "\(CloudFoundryState.spaceGuid)"}},
                               "service_plan": {"data": {"guid": "\(CloudFoundryState.planGuid)"}}}}
            """
        return try await client.execute(uri: "/v3/service_instances", method: .post, headers: bearer(token, json: true), body: ByteBuffer(string: body))
    }

    /// The path of an absolute URL the emulator answered.
    static func path(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    static func claims(_ jwt: String) throws -> [String: Any] {
        let parts = jwt.split(separator: ".")
        try #require(parts.count == 3)
        var b64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b64.count % 4 != 0 { b64 += "=" }
        let data = try #require(Data(base64Encoded: b64))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    // MARK: UAA

    @Test func uaaGrantsGiveJWTsWithExpiry() async throws {
        try await withEmulator { client, _ in
            try await client.control(.put, "cf/settings", #"""
                {"users": [{"username": "ci-user@example.com", "password": "pw-1"}, {"username": "corp", "password": "pw-2", "origin": "corp-idp"}],
                 "clients": [{"id": "ci-client", "secret": "s3cret"}], "tokenLifetime": 90}
                """#)
            let password = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post,
                                                    headers: Self.form(""), body: ByteBuffer(string: "grant_type=password&username=ci-user%40example.com&password=pw-1"))
            #expect(password.status == .ok)
            let answer = try Self.object(password)
            let access = try #require(answer["access_token"] as? String)
            #expect(answer["expires_in"] as? Int == 90)
            let exp = try #require(try Self.claims(access)["exp"] as? Int)
            #expect(abs(Double(exp) - Date().timeIntervalSince1970 - 90) < 5)
            // The refresh grant gives a new pair; a made-up refresh token is 401.
            let refresh = try #require(answer["refresh_token"] as? String)
            let refreshed = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post, headers: Self.form(""),
                                                     body: ByteBuffer(string: "grant_type=refresh_token&refresh_token=\(refresh)"))
            #expect(refreshed.status == .ok)
            #expect(try Self.object(refreshed)["access_token"] as? String != access)
            let bogus = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post, headers: Self.form(""),
                                                 body: ByteBuffer(string: "grant_type=refresh_token&refresh_token=nope"))
            #expect(bogus.status == .unauthorized)
            #expect(try Self.object(bogus)["error"] as? String == "invalid_token")
            // A user of another origin needs its login_hint.
            let noHint = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post, headers: Self.form(""),
                                                  body: ByteBuffer(string: "grant_type=password&username=corp&password=pw-2"))
            #expect(noHint.status == .unauthorized)
            let hint = "login_hint=" + CloudFoundryHandler.escape(#"{"origin":"corp-idp"}"#)
            let hinted = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post, headers: Self.form(""),
                                                  body: ByteBuffer(string: "grant_type=password&username=corp&password=pw-2&" + hint))
            #expect(hinted.status == .ok)
            let wrong = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post, headers: Self.form(""),
                                                 body: ByteBuffer(string: "grant_type=password&username=ci-user%40example.com&password=nope"))
            #expect(wrong.status == .unauthorized)
            let cc = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post, headers: Self.form("", basic: nil),
                                              body: ByteBuffer(string: "grant_type=client_credentials&client_id=ci-client&client_secret=s3cret"))
            #expect(cc.status == .ok)
            let badCC = try await client.execute(uri: "/cf-uaa/oauth/token", method: .post, headers: Self.form("", basic: nil),
                                                 body: ByteBuffer(string: "grant_type=client_credentials&client_id=ci-client&client_secret=x"))
            #expect(badCC.status == .unauthorized)
        }
    }

    // MARK: CF v3

    @Test func cfNeedsAValidUnexpiredToken() async throws {
        try await withEmulator { client, _ in
            let none = try await client.execute(uri: "/v3/organizations", method: .get, headers: [:])
            #expect(none.status == .unauthorized)
            let expired = try await Self.token(client, expiresIn: -10)
            let old = try await client.execute(uri: "/v3/organizations", method: .get, headers: Self.bearer(expired))
            #expect(old.status == .unauthorized)
            #expect(old.text.contains("CF-InvalidAuthToken"))
            let made = try await client.execute(uri: "/v3/organizations", method: .get, headers: Self.bearer("eyJmade.up.token"))
            #expect(made.status == .unauthorized)
        }
    }

    @Test func theAPIRootNamesTheUAAWithoutAToken() async throws {
        try await withEmulator { client, _ in
            let root = try Self.object(try await client.execute(uri: "/", method: .get, headers: [:]))
            let links = try #require(root["links"] as? [String: Any])
            #expect(((links["login"] as? [String: Any])?["href"] as? String)?.hasSuffix("/cf-uaa") == true)
            #expect(((links["uaa"] as? [String: Any])?["href"] as? String)?.hasSuffix("/cf-uaa") == true)
        }
    }

    @Test func orgSpaceOfferingAndPlan() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.token(client)
            let orgs = try Self.object(try await client.execute(uri: "/v3/organizations?names=emulator-org", method: .get, headers: Self.bearer(token)))
            #expect(((orgs["resources"] as? [[String: Any]])?.first?["guid"] as? String) == CloudFoundryState.orgGuid)
            let other = try Self.object(try await client.execute(uri: "/v3/organizations?names=other", method: .get, headers: Self.bearer(token)))
            #expect((other["resources"] as? [Any])?.isEmpty == true)
            let spaces = try Self.object(try await client.execute(
                uri: "/v3/spaces?names=dev&organization_guids=\(CloudFoundryState.orgGuid)", method: .get, headers: Self.bearer(token)))
            #expect(((spaces["resources"] as? [[String: Any]])?.first?["guid"] as? String) == CloudFoundryState.spaceGuid)
            let offerings = try Self.object(try await client.execute(uri: "/v3/service_offerings?names=mobile-services", method: .get, headers: Self.bearer(token)))
            let offering = try #require((offerings["resources"] as? [[String: Any]])?.first)
            let support = ((offering["broker_catalog"] as? [String: Any])?["metadata"] as? [String: Any])?["supportUrl"] as? String
            #expect(support?.hasPrefix("http://mobile-service-cockpit-web.localhost") == true, "\(support ?? "nil")")
            let plans = try Self.object(try await client.execute(
                uri: "/v3/service_plans?names=standard&service_offering_guids=\(CloudFoundryState.offeringGuid)", method: .get, headers: Self.bearer(token)))
            #expect(((plans["resources"] as? [[String: Any]])?.first?["guid"] as? String) == CloudFoundryState.planGuid)
        }
    }

    @Test func instancesAreAsynchronousWithJobsAndDashboard() async throws {
        try await withEmulator { client, _ in
            try await client.control(.put, "cf/settings", #"{"provisionSeconds": 30}"#)
            let token = try await Self.token(client)
            let created = try await Self.createInstance(client, token, name: "ci-1")
            #expect(created.status == .accepted)
            let location = try #require(created.headers[.location])
            #expect(location.contains("/v3/jobs/"))
            let job = try Self.object(try await client.execute(uri: Self.path(location), method: .get, headers: Self.bearer(token)))
            #expect(job["state"] as? String == "POLLING")
            let list = try Self.object(try await client.execute(uri: "/v3/service_instances?names=ci-1", method: .get, headers: Self.bearer(token)))
            let instance = try #require((list["resources"] as? [[String: Any]])?.first)
            #expect((instance["last_operation"] as? [String: Any])?["state"] as? String == "in progress")
            let dashboard = try #require(instance["dashboard_url"] as? String)
            #expect(dashboard.contains("mobile-service-cockpit-web.localhost"))
            #expect(dashboard.contains("/cockpit/v1/org/\(CloudFoundryState.orgGuid)/space/\(CloudFoundryState.spaceGuid)/index.html#"))
            #expect(((instance["metadata"] as? [String: Any])?["labels"] as? [String: String]) == ["managed-by": "hubctl"])
            // The name is taken; a key cannot be made while provisioning.
            #expect(try await Self.createInstance(client, token, name: "ci-1").status == .unprocessableContent)
            let guid = try #require(instance["guid"] as? String)
            let key = try await client.execute(uri: "/v3/service_credential_bindings", method: .post, headers: Self.bearer(token, json: true),
                                               body: ByteBuffer(string: #"{"type":"key","name":"k","relationships":{"service_instance":{"data":{"guid":"\#(guid)"}}}}"#))
            #expect(key.status == .conflict)
            // The application exists in the cockpit at once.
            let app = try await client.execute(uri: Self.admin + "/app/ci-1", method: .get, headers: Self.bearer(token))
            #expect(app.status == .ok)
        }
    }

    @Test func labelSelectorsAndPagination() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.token(client)
            for i in 1...5 { #expect(try await Self.createInstance(client, token, name: "ci-\(i)").status == .accepted) }
            #expect(try await Self.createInstance(client, token, name: "other", labels: #"{"managed-by": "someone"}"#).status == .accepted)
            #expect(try await Self.createInstance(client, token, name: "bare", labels: "{}").status == .accepted)
            // Follow `next` to the end: 2 a page.
            var names: [String] = [], next: String? = "/v3/service_instances?label_selector=managed-by%3Dhubctl&per_page=50"
            var pages = 0
            while let url = next {
                let page = try Self.object(try await client.execute(uri: Self.path(url), method: .get, headers: Self.bearer(token)))
                names += (page["resources"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                next = ((page["pagination"] as? [String: Any])?["next"] as? [String: Any])?["href"] as? String
                pages += 1
            }
            #expect(names == (1...5).map { "ci-\($0)" })
            #expect(pages == 3)
            func selected(_ selector: String) async throws -> Int {
                let q = CloudFoundryHandler.escape(selector)
                let page = try Self.object(try await client.execute(uri: "/v3/service_instances?per_page=1&label_selector=\(q)", method: .get,
                                                                    headers: Self.bearer(token)))
                return try #require((page["pagination"] as? [String: Any])?["total_results"] as? Int)
            }
            #expect(try await selected("managed-by!=hubctl") == 2, "other and bare")
            #expect(try await selected("!managed-by") == 1)
            #expect(try await selected("managed-by in (hubctl,someone)") == 6)
            #expect(try await selected("managed-by notin (hubctl)") == 2)
            #expect(try await selected("managed-by") == 6)
        }
    }

    @Test func keysRouteBindingsAndDeletion() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.token(client)
            try await client.control(.put, "cf/settings", #"{"routeUrl": "ci-route.example.test"}"#)
            _ = try await Self.createInstance(client, token, name: "ci-k")
            let list = try Self.object(try await client.execute(uri: "/v3/service_instances?names=ci-k", method: .get, headers: Self.bearer(token)))
            let guid = try #require(((list["resources"] as? [[String: Any]])?.first)?["guid"] as? String)
            let made = try await client.execute(uri: "/v3/service_credential_bindings", method: .post, headers: Self.bearer(token, json: true),
                                                body: ByteBuffer(string: #"{"type":"key","name":"integration-tests","relationships":{"service_instance":{"data":{"guid":"\#(guid)"}}}}"#))
            #expect(made.status == .accepted)
            let job = try Self.object(try await client.execute(uri: Self.path(try #require(made.headers[.location])), method: .get, headers: Self.bearer(token)))
            #expect(job["state"] as? String == "COMPLETE")
            let keys = try Self.object(try await client.execute(
                uri: "/v3/service_credential_bindings?names=integration-tests&service_instance_guids=\(guid)&type=key", method: .get, headers: Self.bearer(token)))
            let key = try #require((keys["resources"] as? [[String: Any]])?.first)
            let keyGuid = try #require(key["guid"] as? String)
            let details = try Self.object(try await client.execute(uri: "/v3/service_credential_bindings/\(keyGuid)/details", method: .get, headers: Self.bearer(token)))
            let credentials = try #require(details["credentials"] as? [String: Any])
            #expect(credentials["sap.cloud.service"] as? String == "ci-k")
            #expect((credentials["uaa"] as? [String: Any])?["clientsecret"] is String)
            let routes = try Self.object(try await client.execute(uri: "/v3/service_route_bindings?service_instance_guids=\(guid)&include=route",
                                                                  method: .get, headers: Self.bearer(token)))
            #expect((routes["resources"] as? [Any])?.count == 1)
            #expect((((routes["included"] as? [String: Any])?["routes"] as? [[String: Any]])?.first?["url"] as? String) == "ci-route.example.test")
            // An instance with keys cannot go; without them it takes its application along.
            #expect(try await client.execute(uri: "/v3/service_instances/\(guid)", method: .delete, headers: Self.bearer(token)).status == .unprocessableContent)
            #expect(try await client.execute(uri: "/v3/service_credential_bindings/\(keyGuid)", method: .delete, headers: Self.bearer(token)).status == .accepted)
            #expect(try await client.execute(uri: "/v3/service_instances/\(guid)", method: .delete, headers: Self.bearer(token)).status == .accepted)
            #expect(try await client.execute(uri: "/v3/service_instances/\(guid)", method: .get, headers: Self.bearer(token)).status == .notFound)
            #expect(try await client.execute(uri: Self.admin + "/app/ci-k", method: .get, headers: Self.bearer(token)).status == .notFound)
        }
    }

    // MARK: Admin API

    @Test func adminAPIAppsRestoreAndDelete() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.token(client)
            _ = try await Self.createInstance(client, token, name: "ci-a")
            try await client.control(.post, "cf/apps", #"{"id": "orphan"}"#)
            let apps = try #require(try JSONSerialization.jsonObject(with: Data(buffer: try await client.execute(
                uri: Self.admin + "/apps", method: .get, headers: Self.bearer(token)).body)) as? [[String: Any]])
            #expect(apps.compactMap { $0["name"] as? String } == ["ci-a", "orphan"])
            #expect((apps[0]["services"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["push", "storage"])
            #expect(try await client.execute(uri: Self.admin + "/app/nope", method: .get, headers: Self.bearer(token)).status == .notFound)
            let restore = try await client.execute(uri: Self.admin + "/app/ci-a/restore", method: .post, headers: Self.bearer(token))
            #expect(restore.status == .ok)
            let counted = try Self.object(try await client.control(.get, "cf"))["apps"] as? [[String: Any]]
            #expect(counted?.first { $0["id"] as? String == "ci-a" }?["restores"] as? Int == 1)
            try await client.control(.put, "cf/settings", #"{"failRestore": true, "failDelete": ["ci-a"]}"#)
            #expect(try await client.execute(uri: Self.admin + "/app/ci-a/restore", method: .post, headers: Self.bearer(token)).status == .internalServerError)
            #expect(try await client.execute(uri: Self.admin + "/app/ci-a", method: .delete, headers: Self.bearer(token)).status == .internalServerError)
            try await client.control(.put, "cf/settings", #"{"failDelete": []}"#)
            #expect(try await client.execute(uri: Self.admin + "/app/ci-a", method: .delete, headers: Self.bearer(token)).status == .noContent)
            // The instance went with the application.
            let left = try Self.object(try await client.execute(uri: "/v3/service_instances?names=ci-a", method: .get, headers: Self.bearer(token)))
            #expect((left["resources"] as? [Any])?.isEmpty == true)
            // Org and space by name too (SAP's Managing App Versions example).
            #expect(try await client.execute(uri: "/cockpit/v1/org/emulator-org/space/dev/apps", method: .get, headers: Self.bearer(token)).status == .ok)
        }
    }

    @Test func adminAPIAuthenticationCSRFAndLoginPage() async throws {
        try await withEmulator { client, _ in
            try await client.control(.put, "cf/settings", #"{"users": [{"username": "ci-user@example.com", "password": "pw"}]}"#)
            try await client.control(.post, "cf/apps", #"{"id": "ci-c"}"#)
            #expect(try await client.execute(uri: Self.admin + "/apps", method: .get, headers: [:]).status == .unauthorized)
            let expired = try await Self.token(client, expiresIn: -1)
            #expect(try await client.execute(uri: Self.admin + "/apps", method: .get, headers: Self.bearer(expired)).status == .unauthorized)
            var basic = HTTPFields()
            basic[.authorization] = basicAuth("ci-user@example.com", "pw")
            #expect(try await client.execute(uri: Self.admin + "/apps", method: .get, headers: basic).status == .ok)
            basic[.authorization] = basicAuth("ci-user@example.com", "wrong")
            #expect(try await client.execute(uri: Self.admin + "/apps", method: .get, headers: basic).status == .unauthorized)

            let token = try await Self.token(client)
            try await client.control(.put, "cf/settings", #"{"csrf": true}"#)
            let refused = try await client.execute(uri: Self.admin + "/app/ci-c/restore", method: .post, headers: Self.bearer(token))
            #expect(refused.status == .forbidden)
            #expect(refused.headers[Self.csrf] == "Required")
            var fetch = Self.bearer(token)
            fetch[Self.csrf] = "Fetch"
            let fetched = try await client.execute(uri: Self.admin + "/apps", method: .get, headers: fetch)
            let csrfToken = try #require(fetched.headers[Self.csrf])
            let cookie = try #require(fetched.setCookies.first?.split(separator: ";").first.map(String.init))
            var retry = Self.bearer(token)
            retry[Self.csrf] = csrfToken
            // The token without its session cookie is not enough.
            #expect(try await client.execute(uri: Self.admin + "/app/ci-c/restore", method: .post, headers: retry).status == .forbidden)
            retry[.cookie] = cookie
            #expect(try await client.execute(uri: Self.admin + "/app/ci-c/restore", method: .post, headers: retry).status == .ok)

            try await client.control(.put, "cf/settings", #"{"loginPage": true}"#)
            let page = try await client.execute(uri: Self.admin + "/apps", method: .get, headers: Self.bearer(token))
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test func featureKeysAndTheirRefusals() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.token(client)
            try await client.control(.post, "cf/apps", #"{"id": "ci-f", "features": ["push"]}"#)
            func key(_ body: String, feature: String = "push") async throws -> TestResponse {
                try await client.execute(uri: Self.admin + "/app/ci-f/service/\(feature)/key", method: .post,
                                         headers: Self.bearer(token, json: true), body: ByteBuffer(string: body))
            }
            let apiKey = try await key(#"{"alias": "ci", "scopes": ["push_all"]}"#)
            #expect(apiKey.status == .ok)
            #expect(Set(try Self.object(apiKey).keys) == ["alias", "url", "apiKey"])
            let x509 = try await key(#"{"alias": "cert", "scopes": ["push_all"], "credential-type": "x509", "x509": {"key-length": 2048, "validity": 1, "validity-type": "DAYS"}}"#)
            #expect(x509.status == .ok)
            let uaa = try #require(try Self.object(x509)["uaa"] as? [String: Any])
            #expect(uaa["credential-type"] as? String == "x509")
            #expect((uaa["certificate"] as? String)?.hasPrefix("-----BEGIN CERTIFICATE-----") == true)
            #expect((uaa["key"] as? String)?.contains("PRIVATE KEY-----") == true)
            #expect(uaa["certurl"] is String && uaa["clientid"] is String)
            #expect(try await key(#"{"alias": "x", "scopes": ["push_everything"]}"#).status == .badRequest)
            #expect(try await key(#"{"alias": "x", "scopes": ["push_all"], "credential-type": "x509", "x509": {"key-length": 1024, "validity": 1, "validity-type": "DAYS"}}"#).status == .badRequest)
            #expect(try await key(#"{"alias": "x", "scopes": ["push_all"], "credential-type": "x509", "x509": {"key-length": 2048, "validity": 1, "validity-type": "YEARS"}}"#).status == .badRequest)
            #expect(try await key(#"{"alias": "x", "scopes": []}"#, feature: "storage").status == .notFound)
        }
    }

    // MARK: Created applications are real

    @Test func devicesRegisterAndKeysPushOnACreatedApp() async throws {
        try await withEmulator { client, _ in
            try await client.control(.put, "platform", #"{"platform": "mobile-services"}"#)
            try await client.control(.put, "cf/settings", #"{"users": [{"username": "ci-user@example.com", "password": "pw"}]}"#)
            let token = try await Self.token(client)
            _ = try await Self.createInstance(client, token, name: "ci-push")
            let device = try await client.register(user: "ci-user@example.com", password: "pw", app: "/odata/applications/v1/ci-push")
            var h = headers(user: "ci-user@example.com", password: "pw", appCID: device, contentType: "application/json")
            let registered = try await client.execute(uri: "/mobileservices/push/v1/runtime/applications/ci-push/os/android/devices/\(device)",
                                                      method: .post, headers: h, body: ByteBuffer(string: #"{"pushToken": "tok-1"}"#))
            #expect(registered.status.code < 300, "\(registered.status) \(registered.text)")
            // A feature key with push_all sends to every device of the application.
            let key = try Self.object(try await client.execute(uri: Self.admin + "/app/ci-push/service/push/key", method: .post,
                                                               headers: Self.bearer(token, json: true),
                                                               body: ByteBuffer(string: #"{"alias": "ci", "scopes": ["push_all"]}"#)))
            h = HTTPFields()
            h[HTTPField.Name("X-API-Key")!] = try #require(key["apiKey"] as? String)
            h[.contentType] = "application/json"
            let sent = try await client.execute(uri: "/mobileservices/push/v2/backend/applications/ci-push/notifications", method: .post,
                                                headers: h, body: ByteBuffer(string: #"{"notification": {"alert": "hi"}}"#))
            #expect(sent.status == .accepted, "\(sent.text)")
            // Another application's address is refused with this key.
            let elsewhere = try await client.execute(uri: "/mobileservices/push/v2/backend/applications/com.example.demo/notifications", method: .post,
                                                     headers: h, body: ByteBuffer(string: #"{"notification": {"alert": "hi"}}"#))
            #expect(elsewhere.status != .accepted)
            // The CF key's client gets a token and pushes too (SAP's CI pushes with it).
            let list = try Self.object(try await client.execute(uri: "/v3/service_instances?names=ci-push", method: .get, headers: Self.bearer(token)))
            let guid = try #require(((list["resources"] as? [[String: Any]])?.first)?["guid"] as? String)
            _ = try await client.execute(uri: "/v3/service_credential_bindings", method: .post, headers: Self.bearer(token, json: true),
                                         body: ByteBuffer(string: #"{"type":"key","name":"ci","relationships":{"service_instance":{"data":{"guid":"\#(guid)"}}}}"#))
            let keys = try Self.object(try await client.execute(uri: "/v3/service_credential_bindings?names=ci", method: .get, headers: Self.bearer(token)))
            let keyGuid = try #require(((keys["resources"] as? [[String: Any]])?.first)?["guid"] as? String)
            let details = try Self.object(try await client.execute(uri: "/v3/service_credential_bindings/\(keyGuid)/details", method: .get, headers: Self.bearer(token)))
            let uaa = try #require((details["credentials"] as? [String: Any])?["uaa"] as? [String: String])
            let granted = try await client.execute(uri: "/oauth/token", method: .post, headers: Self.form("", basic: (uaa["clientid"]!, uaa["clientsecret"]!)),
                                                   body: ByteBuffer(string: "grant_type=client_credentials"))
            let pushToken = try #require(try Self.object(granted)["access_token"] as? String)
            let byCFKey = try await client.execute(uri: "/mobileservices/push/v2/backend/applications/ci-push/notifications", method: .post,
                                                   headers: Self.bearer(pushToken, json: true), body: ByteBuffer(string: #"{"notification": {"alert": "cf"}}"#))
            #expect(byCFKey.status == .accepted, "\(byCFKey.text)")
            // Deleting the application ends its keys.
            _ = try await client.execute(uri: "/v3/service_credential_bindings/\(keyGuid)", method: .delete, headers: Self.bearer(token))
            #expect(try await client.execute(uri: Self.admin + "/app/ci-push", method: .delete, headers: Self.bearer(token)).status == .noContent)
            let after = try await client.execute(uri: "/mobileservices/push/v2/backend/applications/ci-push/notifications", method: .post,
                                                 headers: h, body: ByteBuffer(string: #"{"notification": {"alert": "gone"}}"#))
            #expect(after.status == .unauthorized)
        }
    }

    @Test func controlInstancesHaveAChosenAgeAndOptionalApp() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.token(client)
            let old = try await client.control(.post, "cf/instances", #"{"name": "ci-old", "labels": {"managed-by": "hubctl"}, "createdAt": "2026-01-01T00:00:00Z"}"#)
            #expect(old.status == .created)
            #expect(try Self.object(old)["created_at"] as? String == "2026-01-01T00:00:00Z")
            #expect((try Self.object(old)["last_operation"] as? [String: Any])?["state"] as? String == "succeeded")
            #expect(try await client.control(.post, "cf/instances", #"{"name": "ci-bare", "withApp": false}"#).status == .created)
            #expect(try await client.execute(uri: Self.admin + "/app/ci-old", method: .get, headers: Self.bearer(token)).status == .ok)
            #expect(try await client.execute(uri: Self.admin + "/app/ci-bare", method: .get, headers: Self.bearer(token)).status == .notFound)
            #expect(try await client.control(.post, "cf/instances", #"{"name": "ci-old"}"#).status == .conflict)
            #expect(try await client.control(.post, "cf/instances", #"{"name": "x", "createdAt": "yesterday"}"#).status == .badRequest)
            let info = try Self.object(try await client.control(.get, "cf"))
            #expect((info["adminAPI"] as? String)?.hasSuffix(Self.admin) == true)
            #expect((info["authorizationEndpoint"] as? String)?.hasSuffix("/cf-uaa") == true)
        }
    }
}

/// The emulator's answers have the members of the fixtures (Tests/Fixtures/sap/admin, each naming
/// its SAP or CF source): every member a fixture shows, the emulator's answer has too.
@Suite struct CloudFoundryFixtureShapeTests {
    static let fixtures = fixtureURL("sap/admin")

    static func fixture(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// The fixture's members missing from the answer, at the top and in the named nested objects.
    static func missing(_ fixture: Any?, _ answer: Any?, nested: [String] = [], path: String = "") -> [String] {
        guard let f = fixture as? [String: Any] else { return [] }
        let a = answer as? [String: Any] ?? [:]
        var gaps = f.keys.filter { a[$0] == nil }.map { path + $0 }
        for key in nested { gaps += missing(f[key], a[key], path: path + key + ".") }
        return gaps.sorted()
    }

    @Test func adminAPIAppsAndKeysHaveTheFixturesMembers() async throws {
        try await withEmulator { client, _ in
            let token = try await CloudFoundryEmulatorTests.token(client)
            let admin = CloudFoundryEmulatorTests.admin
            try await client.control(.post, "cf/apps", #"{"id": "ci-1234", "features": ["push"]}"#)
            let app = try CloudFoundryEmulatorTests.object(try await client.execute(uri: admin + "/app/ci-1234", method: .get,
                                                                                    headers: CloudFoundryEmulatorTests.bearer(token)))
            #expect(Self.missing(try Self.fixture("app.json"), app, nested: ["security"]) == [])
            let list = try #require(try JSONSerialization.jsonObject(with: Data(buffer: try await client.execute(
                uri: admin + "/apps", method: .get, headers: CloudFoundryEmulatorTests.bearer(token)).body)) as? [[String: Any]])
            #expect(Self.missing((try Self.fixture("apps.json") as? [Any])?.first, list.first) == [])
            for (request, answer) in [("feature-key-request-api-key.json", "feature-key-api-key.json"),
                                      ("feature-key-request-x509.json", "feature-key-x509.json")] {
                let body = try Data(contentsOf: Self.fixtures.appendingPathComponent(request))
                let key = try await client.execute(uri: admin + "/app/ci-1234/service/push/key", method: .post,
                                                   headers: CloudFoundryEmulatorTests.bearer(token, json: true), body: ByteBuffer(bytes: body))
                #expect(key.status == .ok, "\(request): \(key.text)")
                #expect(Self.missing(try Self.fixture(answer), try CloudFoundryEmulatorTests.object(key), nested: ["uaa"]) == [], "\(answer)")
            }
        }
    }

    /// A provisioning that fails: the job as Tests/Fixtures/sap/admin/cf-job-failed.json (FAILED,
    /// CC's error code and title), the instance's last operation `failed`, no application made.
    @Test func aFailedProvisioningIsTheFixturesFailedJob() async throws {
        try await withEmulator { client, _ in
            let token = try await CloudFoundryEmulatorTests.token(client)
            let auth = CloudFoundryEmulatorTests.bearer(token)
            try await client.control(.put, "cf/settings", #"{"failProvision": ["ci-broken"]}"#)
            let created = try await CloudFoundryEmulatorTests.createInstance(client, token, name: "ci-broken")
            let job = try CloudFoundryEmulatorTests.object(try await client.execute(
                uri: CloudFoundryEmulatorTests.path(try #require(created.headers[.location])), method: .get, headers: auth))
            let fixture = try #require(try Self.fixture("cf-job-failed.json") as? [String: Any])
            #expect(Self.missing(fixture, job) == [])
            #expect(job["state"] as? String == "FAILED")
            let error = (job["errors"] as? [[String: Any]])?.first, expected = (fixture["errors"] as? [[String: Any]])?.first
            #expect(error?["code"] as? Int == expected?["code"] as? Int && error?["title"] as? String == expected?["title"] as? String)
            #expect((error?["detail"] as? String)?.hasPrefix("provision could not be completed") == true)
            let page = try CloudFoundryEmulatorTests.object(try await client.execute(uri: "/v3/service_instances?names=ci-broken", method: .get, headers: auth))
            let instance = try #require((page["resources"] as? [[String: Any]])?.first)
            #expect((instance["last_operation"] as? [String: Any])?["state"] as? String == "failed")
            let app = try await client.execute(uri: CloudFoundryEmulatorTests.admin + "/app/ci-broken", method: .get, headers: auth)
            #expect(app.status == .notFound)
        }
    }

    @Test func cfObjectsHaveTheFixturesMembers() async throws {
        try await withEmulator { client, _ in
            let token = try await CloudFoundryEmulatorTests.token(client)
            let auth = CloudFoundryEmulatorTests.bearer(token)
            try await client.control(.put, "cf/settings", #"{"routeUrl": "ci-1234.example.test"}"#)
            let created = try await CloudFoundryEmulatorTests.createInstance(client, token, name: "ci-1234")
            let job = try CloudFoundryEmulatorTests.object(try await client.execute(
                uri: CloudFoundryEmulatorTests.path(try #require(created.headers[.location])), method: .get, headers: auth))
            #expect(Self.missing(try Self.fixture("cf-job-complete.json"), job) == [])
            let page = try CloudFoundryEmulatorTests.object(try await client.execute(uri: "/v3/service_instances?names=ci-1234", method: .get, headers: auth))
            let instance = try #require((page["resources"] as? [[String: Any]])?.first)
            #expect(Self.missing(try Self.fixture("cf-service-instance.json"), instance, nested: ["last_operation", "metadata"]) == [])
            let pageFixture = try #require(try Self.fixture("cf-service-instances-page1.json") as? [String: Any])
            #expect(Self.missing(pageFixture, page, nested: ["pagination"]) == [])
            let offerings = try CloudFoundryEmulatorTests.object(try await client.execute(uri: "/v3/service_offerings?names=mobile-services", method: .get, headers: auth))
            let offeringFixture = ((try Self.fixture("cf-service-offerings.json") as? [String: Any])?["resources"] as? [Any])?.first as? [String: Any]
            let offering = (offerings["resources"] as? [Any])?.first as? [String: Any]
            #expect(Self.missing(offeringFixture?["broker_catalog"], offering?["broker_catalog"]).filter { $0 != "metadata" } == [])
            #expect(((offering?["broker_catalog"] as? [String: Any])?["metadata"] as? [String: Any])?["supportUrl"] is String)
            let guid = try #require(instance["guid"] as? String)
            _ = try await client.execute(uri: "/v3/service_credential_bindings", method: .post, headers: CloudFoundryEmulatorTests.bearer(token, json: true),
                                         body: ByteBuffer(string: #"{"type":"key","name":"integration-tests","relationships":{"service_instance":{"data":{"guid":"\#(guid)"}}}}"#))
            let keys = try CloudFoundryEmulatorTests.object(try await client.execute(uri: "/v3/service_credential_bindings?names=integration-tests", method: .get, headers: auth))
            let keyGuid = try #require(((keys["resources"] as? [[String: Any]])?.first)?["guid"] as? String)
            let details = try CloudFoundryEmulatorTests.object(try await client.execute(uri: "/v3/service_credential_bindings/\(keyGuid)/details", method: .get, headers: auth))
            let detailsFixture = try #require(try Self.fixture("cf-credential-binding-details.json") as? [String: Any])
            #expect(Self.missing(detailsFixture["credentials"], details["credentials"], nested: ["uaa", "endpoints"]) == [])
            let routes = try CloudFoundryEmulatorTests.object(try await client.execute(
                uri: "/v3/service_route_bindings?service_instance_guids=\(guid)&include=route", method: .get, headers: auth))
            let routesFixture = try #require(try Self.fixture("cf-service-route-bindings.json") as? [String: Any])
            #expect(Self.missing(routesFixture, routes) == [])
            #expect(Self.missing((routesFixture["resources"] as? [Any])?.first, (routes["resources"] as? [Any])?.first, nested: ["relationships"]) == [])
            let includedFixture = ((routesFixture["included"] as? [String: Any])?["routes"] as? [Any])?.first
            let included = ((routes["included"] as? [String: Any])?["routes"] as? [Any])?.first
            #expect(Self.missing(includedFixture, included).filter { $0 != "links" } == [])
        }
    }
}
