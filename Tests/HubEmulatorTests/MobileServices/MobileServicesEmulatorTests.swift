// The emulator as a Mobile Services tenant, in process: the login form, single-use codes, PKCE,
// refresh with rotation, revocation, the challenge forms, SAML, application versioning, the
// versions address and the tenant session cookie.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct MobileServicesEmulatorTests {
    static let form = HTTPFields([HTTPField(name: .contentType, value: "application/x-www-form-urlencoded")])
    static let verifier = "v3ry-l0ng-verifier-that-is-at-least-43-characters-long"

    func configure(_ client: any TestClientProtocol, _ extra: String = "") async throws {
        let put = try await client.control(.put, "mobileservices", """
            {"appId": "com.example.demo", "oauth": {"clientId": "c1", "redirectUris": ["http://127.0.0.1/cb"]\(extra)}}
            """)
        #expect(put.status == .noContent)
    }

    /// Logs in with the form and trades the code: (access, refresh).
    func tokens(_ client: any TestClientProtocol) async throws -> (String, String) {
        let challenge = MobileServicesState.s256(Self.verifier)
        let page = try await client.execute(uri: "/oauth2/api/v1/authorize?response_type=code&client_id=c1&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcb&state=s1&code_challenge=\(challenge)&code_challenge_method=S256", method: .get)
        #expect(page.status == .ok)
        #expect(page.text.contains("id=\"username\"") && page.text.contains("id=\"password\""))
        let post = "response_type=code&client_id=c1&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcb&state=s1&code_challenge=\(challenge)&code_challenge_method=S256&username=demo&password=demo-password"
        let login = try await client.execute(uri: "/oauth2/api/v1/authorize", method: .post, headers: Self.form, body: ByteBuffer(string: post))
        #expect(login.status == .found)
        let location = try #require(login.headers[.location])
        #expect(location.hasPrefix("http://127.0.0.1:5555/cb?"))
        let items = URLComponents(string: location)?.queryItems ?? []
        #expect(items.first { $0.name == "state" }?.value == "s1")
        let code = try #require(items.first { $0.name == "code" }?.value)
        let exchange = "grant_type=authorization_code&client_id=c1&code=\(code)&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcb&code_verifier=\(Self.verifier)"
        let answer = try await client.execute(uri: "/oauth2/api/v1/token", method: .post, headers: Self.form, body: ByteBuffer(string: exchange))
        #expect(answer.status == .ok)
        // The code is single-use.
        let again = try await client.execute(uri: "/oauth2/api/v1/token", method: .post, headers: Self.form, body: ByteBuffer(string: exchange))
        #expect(again.status == .badRequest)
        #expect(again.json["error"] as? String == "invalid_grant")
        return (try #require(answer.json["access_token"] as? String), try #require(answer.json["refresh_token"] as? String))
    }

    @Test func theLoginFormCodesPKCEAndRotation() async throws {
        try await withEmulator { client, _ in
            try await configure(client)
            let (access, refresh) = try await tokens(client)
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer " + access
            bearer[.accept] = "application/json"
            let registered = try await client.execute(uri: demoApp + "/Connections", method: .post, headers: bearer, body: ByteBuffer(string: "{}"))
            #expect(registered.status == .created)
            #expect(registered.entity["UserName"] as? String == "demo")
            #expect(registered.headers[values: .setCookie].contains { $0.hasPrefix("JTENANTSESSIONID_emulator=") })

            let renew = "grant_type=refresh_token&client_id=c1&refresh_token=\(refresh)"
            let renewed = try await client.execute(uri: "/oauth2/api/v1/token", method: .post, headers: Self.form, body: ByteBuffer(string: renew))
            #expect(renewed.status == .ok)
            #expect(renewed.json["refresh_token"] as? String != refresh, "rotated")
            let spent = try await client.execute(uri: "/oauth2/api/v1/token", method: .post, headers: Self.form, body: ByteBuffer(string: renew))
            #expect(spent.status == .badRequest)

            #expect(try await client.control(.post, "oauth/revoke", #"{"appId": "com.example.demo"}"#).status == .ok)
            let revoked = try await client.execute(uri: demoApp, method: .get, headers: bearer)
            #expect(revoked.status == .unauthorized)
            #expect(revoked.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
        }
    }

    @Test func aWrongVerifierOrRedirectIsRefused() async throws {
        try await withEmulator { client, _ in
            try await configure(client)
            let foreign = try await client.execute(uri: "/oauth2/api/v1/authorize?response_type=code&client_id=c1&redirect_uri=http%3A%2F%2Fevil.example%2Fcb", method: .get)
            #expect(foreign.status == .badRequest, "never a redirect to an address the client does not have")
            #expect(foreign.headers[.location] == nil)
            let challenge = MobileServicesState.s256(Self.verifier)
            let post = "response_type=code&client_id=c1&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&code_challenge=\(challenge)&code_challenge_method=S256&username=demo&password=demo-password"
            let login = try await client.execute(uri: "/oauth2/api/v1/authorize", method: .post, headers: Self.form, body: ByteBuffer(string: post))
            let code = URLComponents(string: login.headers[.location] ?? "")?.queryItems?.first { $0.name == "code" }?.value ?? ""
            let exchange = "grant_type=authorization_code&client_id=c1&code=\(code)&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&code_verifier=wrong"
            let refused = try await client.execute(uri: "/oauth2/api/v1/token", method: .post, headers: Self.form, body: ByteBuffer(string: exchange))
            #expect(refused.status == .badRequest)
            let wrongPassword = try await client.execute(uri: "/oauth2/api/v1/authorize", method: .post, headers: Self.form,
                                                        body: ByteBuffer(string: post.replacingOccurrences(of: "demo-password", with: "nope")))
            #expect(wrongPassword.status == .ok)
            #expect(wrongPassword.text.contains("Wrong user or password"))
        }
    }

    /// RFC 7636: no verifier for a code issued with a challenge is refused; a client that requires
    /// PKCE (the default) refuses an authorization request without a challenge, and one that does not
    /// still never lets a code issued with a challenge through without its verifier.
    @Test func pkceIsRequiredAndItsVerifierToo() async throws {
        try await withEmulator { client, _ in
            try await configure(client)
            let plain = "response_type=code&client_id=c1&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=s9&username=demo&password=demo-password"
            let refused = try await client.execute(uri: "/oauth2/api/v1/authorize", method: .post, headers: Self.form, body: ByteBuffer(string: plain))
            #expect(refused.status == .found)
            let items = URLComponents(string: refused.headers[.location] ?? "")?.queryItems ?? []
            #expect(items.first { $0.name == "error" }?.value == "invalid_request")
            #expect(items.first { $0.name == "code" } == nil)
            #expect(items.first { $0.name == "state" }?.value == "s9")

            let challenge = MobileServicesState.s256(Self.verifier)
            let login = try await client.execute(uri: "/oauth2/api/v1/authorize", method: .post, headers: Self.form,
                                                 body: ByteBuffer(string: plain + "&code_challenge=\(challenge)&code_challenge_method=S256"))
            let code = URLComponents(string: login.headers[.location] ?? "")?.queryItems?.first { $0.name == "code" }?.value ?? ""
            #expect(!code.isEmpty)
            let noVerifier = "grant_type=authorization_code&client_id=c1&code=\(code)&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb"
            let exchanged = try await client.execute(uri: "/oauth2/api/v1/token", method: .post, headers: Self.form, body: ByteBuffer(string: noVerifier))
            #expect(exchanged.status == .badRequest)
            #expect(exchanged.json["error"] as? String == "invalid_grant")
        }
        // A client configured without the requirement issues a code without a challenge, and trades it.
        try await withEmulator { client, _ in
            try await configure(client, ", \"requirePkce\": false")
            let plain = "response_type=code&client_id=c1&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&username=demo&password=demo-password"
            let login = try await client.execute(uri: "/oauth2/api/v1/authorize", method: .post, headers: Self.form, body: ByteBuffer(string: plain))
            let code = try #require(URLComponents(string: login.headers[.location] ?? "")?.queryItems?.first { $0.name == "code" }?.value)
            let exchange = "grant_type=authorization_code&client_id=c1&code=\(code)&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb"
            let answer = try await client.execute(uri: "/oauth2/api/v1/token", method: .post, headers: Self.form, body: ByteBuffer(string: exchange))
            #expect(answer.status == .ok)
        }
    }

    @Test(arguments: [("status", 400), ("message", 401)])
    func challengeForms(style: String, status: Int) async throws {
        try await withEmulator { client, _ in
            try await configure(client, ", \"challenge\": \"\(style)\"")
            let r = try await client.execute(uri: demoApp, method: .get, headers: headers())
            #expect(r.status.code == status)
            if style == "status" { #expect(r.headers[HTTPField.Name("x-smp-authentication-status")!] == "1000") }
            else { #expect(r.headers[HTTPField.Name("X-SMP-AUTHENTICATION-STATUS-MESSAGE")!] != nil) }
        }
    }

    @Test func samlVersioningAndTheVersionsAddress() async throws {
        try await withEmulator { client, _ in
            #expect(try await client.execute(uri: "/mobileservices/management/versions", method: .get).status == .notFound)
            #expect(try await client.control(.put, "versions", #"{"onboarding": "v4"}"#).status == .noContent)
            let versions = try await client.execute(uri: "/mobileservices/management/versions", method: .get)
            #expect((versions.json["services"] as? [String: Any])?["onboarding"] as? String == "v4")

            #expect(try await client.control(.put, "mobileservices", #"{"appId": "com.example.demo", "saml": true}"#).status == .noContent)
            let saml = try await client.execute(uri: demoApp, method: .get, headers: headers())
            #expect(saml.status == .ok)
            #expect(saml.headers[HTTPField.Name("com.sap.cloud.security.login")!] == "login-request")

            #expect(try await client.control(.put, "mobileservices", #"{"appId": "com.example.demo", "appVersions": ["1.0"]}"#).status == .noContent)
            let missing = try await client.execute(uri: demoApp, method: .get, headers: headers())
            #expect(missing.status == .forbidden)
            #expect(missing.headers[HTTPField.Name("x-app-version-inactive")!] == nil, "SAP documents no header for a missing version")
            // An inactive version: the head of Tests/Fixtures/sap/app-versioning/inactive-version-response.http.
            let inactive = try await client.execute(uri: demoApp, method: .get, headers: headers(extra: [HTTPField.Name("X-APP-VERSION")!: "0.9"]))
            let fixture = try String(contentsOf: fixtureURL("sap/app-versioning/inactive-version-response.http"), encoding: .utf8)
            let lines = fixture.split(separator: "\n").map(String.init)
            #expect(lines.first == "HTTP/1.1 \(inactive.status.code) Forbidden")
            #expect(lines.contains("x-app-version-inactive: \(inactive.headers[HTTPField.Name("x-app-version-inactive")!] ?? "none")"))
            #expect(!inactive.text.lowercased().contains("version"), "the body names nothing SAP does not document: \(inactive.text)")
            let versioned = try await client.execute(uri: demoApp, method: .get, headers: headers(extra: [HTTPField.Name("X-APP-VERSION")!: "1.0"]))
            #expect(versioned.status == .ok)
        }
    }
}
