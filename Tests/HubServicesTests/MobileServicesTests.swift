// OAuth on Mobile Services without a server: PKCE, the challenge forms, the Mobile Services layer
// (headers, SAML, application versioning) and the OAuth transport (renewal, rotation, refusal)
// over a scripted fake transport and a real vault in a temporary directory.
import Foundation
import Testing
@testable import HubAuth
@testable import HubConfig
@testable import HubCore
@testable import HubServices
@testable import HubTransport
@testable import HubVault

@Suite struct MobileServicesTests {
    let home = NSTemporaryDirectory() + "ms-\(UUID().uuidString)"
    let client = OAuthClientInfo(server: "http://127.0.0.1:9", appId: "com.example.ms", clientId: "cid",
                                 redirectURI: "http://127.0.0.1:0/cb", authorizeURL: "http://127.0.0.1:9/oauth2/api/v1/authorize",
                                 tokenURL: "http://127.0.0.1:9/oauth2/api/v1/token")
    let secret = VaultSecret.rawKey(base64: Data(repeating: 7, count: 32).base64EncodedString())!

    func vault() -> OAuthTokenVault {
        OAuthTokenVault(store: VaultStore(directory: home), key: client.vaultKey, secret: { self.secret })
    }

    func tokenAnswer(_ access: String, refresh: String?, expiresIn: Int = 3600) -> (HTTPRequest) -> HTTPResponse {
        let refreshPart = refresh.map { #","refresh_token":"\#($0)""# } ?? ""
        return response(200, #"{"access_token":"\#(access)","token_type":"bearer","expires_in":\#(expiresIn)\#(refreshPart)}"#)
    }

    static func bearer(_ request: HTTPRequest) -> String? {
        request.headers.first { $0.name == "Authorization" }?.value
    }

    // MARK: PKCE and parsing

    @Test func pkceUsesSHA256InBase64URLAndFreshValues() throws {
        #expect(try OAuthPKCE.s256("abc") == "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0")
        let a = try OAuthPKCE(), b = try OAuthPKCE()
        #expect(a.verifier.count == 43 && a.state.count == 22)
        #expect(a.verifier != b.verifier && a.state != b.state)
        #expect(try a.challenge == OAuthPKCE.s256(a.verifier))
        #expect(!a.verifier.contains { "+/=".contains($0) })
    }

    @Test func aPastedAddressOrABareCode() {
        let full = AuthorizationResponse(pasted: "http://127.0.0.1:8765/callback?code=abc&state=s1\n")
        #expect(full == AuthorizationResponse(code: "abc", state: "s1", error: nil, errorDescription: nil))
        #expect(AuthorizationResponse(pasted: "  abc-123 ")?.code == "abc-123")
        #expect(AuthorizationResponse(pasted: "http://127.0.0.1/cb?error=access_denied&state=s")?.error == "access_denied")
        #expect(AuthorizationResponse(pasted: "   ") == nil)
    }

    @Test func loopbackRedirectsAreRecognised() {
        #expect(LoopbackRedirect("http://127.0.0.1:0/callback")?.port == 0)
        #expect(LoopbackRedirect("http://[::1]:8765/cb")?.host == "::1")
        #expect(LoopbackRedirect("http://localhost/cb")?.port == 80)
        #expect(LoopbackRedirect("https://127.0.0.1/cb") == nil)
        #expect(LoopbackRedirect("com.acme.app://callback") == nil)
        #expect(LoopbackRedirect("http://example.com/cb") == nil)
        let r = LoopbackRedirect("http://127.0.0.1:0/callback")!
        #expect(r.uri(original: "http://127.0.0.1:0/callback", boundPort: 4321) == "http://127.0.0.1:4321/callback")
    }

    @Test func theFormEncodingEscapesEverythingButUnreservedCharacters() {
        #expect(OAuthTokenEndpoint.formEncode(["b": "a+b c/=&", "a": "x"]) == "a=x&b=a%2Bb%20c%2F%3D%26")
    }

    // MARK: Challenges

    @Test func theThreeChallengeFormsAndWhatIsNotOne() {
        func r(_ status: Int, _ headers: [HTTPHeader]) -> HTTPResponse {
            HTTPResponse(status: status, headers: headers, body: Data(), effectiveURL: "http://h/")
        }
        #expect(OAuthChallenge.isChallenge(r(401, [HTTPHeader("WWW-Authenticate", "Bearer realm=\"x\"")])))
        #expect(OAuthChallenge.isChallenge(r(400, [HTTPHeader("X-SMP-Authentication-Status", "1000")])))
        #expect(OAuthChallenge.isChallenge(r(401, [HTTPHeader("X-SMP-AUTHENTICATION-STATUS-MESSAGE", "expired")])))
        #expect(!OAuthChallenge.isChallenge(r(401, [HTTPHeader("WWW-Authenticate", "Basic realm=\"x\"")])))
        #expect(!OAuthChallenge.isChallenge(r(400, [])))
        #expect(!OAuthChallenge.isChallenge(r(200, [HTTPHeader("X-SMP-AUTHENTICATION-STATUS-MESSAGE", "ok")])))
        #expect(OAuthChallenge.isSAMLLoginPage(r(200, [HTTPHeader("com.sap.cloud.security.login", "login-request")])))
        #expect(!OAuthChallenge.isSAMLLoginPage(r(200, [])))
    }

    // MARK: The Mobile Services layer

    @Test func headersAreAddedAndSAMLAndVersioningBecomeErrors() throws {
        let fake = FakeTransport([
            response(200, "{}"),
            response(200, "<html>", headers: [HTTPHeader("com.sap.cloud.security.login", "login-request")]),
            response(403, "", headers: [HTTPHeader("x-app-version-inactive", "true")]),
            response(403, #"{"error":{"message":{"value":"not your connection"}}}"#),
        ])
        var made = 0
        let layer = MobileServicesTransport(inner: fake, appId: "com.example.ms", deviceId: { made += 1; return "dev-1" },
                                            appVersion: "2.0", oauthClient: nil)
        let request = HTTPRequest(method: "GET", url: "http://h/x")
        _ = try layer.send(request)
        let sent = fake.requests[0].headers
        #expect(sent.contains(HTTPHeader("X-SMP-APPID", "com.example.ms")))
        #expect(sent.contains(HTTPHeader("X-SMP-DEVICEID", "dev-1")))
        #expect(sent.contains(HTTPHeader("X-APP-VERSION", "2.0")))
        do { _ = try layer.send(request); Issue.record("no error") } catch let e as HubError {
            #expect(e.code == .samlRequired && e.kind == .permission)
        }
        do { _ = try layer.send(request); Issue.record("no error") } catch let e as HubError {
            #expect(e.code == .appVersionRejected && e.kind == .permission)
        }
        #expect(try layer.send(request).status == 403, "another 403 is the caller's to read")
        #expect(made == 1, "the device id is read once")
    }

    @Test func theDeviceIdIsMadeOnceAndKept() throws {
        let first = try DeviceIdentity.load(home: home)
        #expect(try DeviceIdentity.load(home: home) == first)
        #expect(UUID(uuidString: first) != nil)
    }

    // MARK: The OAuth transport

    @Test func anExpiredTokenIsRenewedFirstAndTheRotatedRefreshTokenIsStored() throws {
        try vault().save(OAuthTokens(accessToken: "old", refreshToken: "r1", expiresAt: Date().addingTimeInterval(-10), scope: nil))
        let fake = FakeTransport([tokenAnswer("a2", refresh: "r2"), response(200, "{}")])
        let oauth = OAuthTransport(inner: fake, client: client, vault: vault(), seedRefreshToken: nil)
        #expect(try oauth.send(HTTPRequest(method: "GET", url: "http://h/x", credentials: BasicCredentials(user: "u", password: "p"))).status == 200)
        let form = String(decoding: fake.requests[0].bodyBytes ?? Data(), as: UTF8.self)
        #expect(form == "client_id=cid&grant_type=refresh_token&refresh_token=r1")
        #expect(Self.bearer(fake.requests[1]) == "Bearer a2")
        #expect(fake.requests[1].credentials == nil, "no Basic alongside the bearer")
        #expect(try vault().load()?.refreshToken == "r2")
    }

    @Test func aChallengeIsAnsweredByRenewingOnceAndASecondOneIsLoginRequired() throws {
        try vault().save(OAuthTokens(accessToken: "a1", refreshToken: "r1", expiresAt: Date().addingTimeInterval(600), scope: nil))
        let challenge = response(401, "", headers: [HTTPHeader("WWW-Authenticate", "Bearer")])
        let fake = FakeTransport([challenge, tokenAnswer("a2", refresh: nil), response(200, "{}"),
                                  challenge, tokenAnswer("a3", refresh: nil), challenge])
        let oauth = OAuthTransport(inner: fake, client: client, vault: vault(), seedRefreshToken: nil)
        #expect(try oauth.send(HTTPRequest(method: "GET", url: "http://h/x")).status == 200)
        #expect(Self.bearer(fake.requests[2]) == "Bearer a2")
        #expect(try vault().load()?.refreshToken == "r1", "a server that does not rotate keeps the old refresh token")
        do { _ = try oauth.send(HTTPRequest(method: "GET", url: "http://h/x")); Issue.record("no error") } catch let e as HubError {
            #expect(e.code == .loginRequired && e.kind == .permission)
        }
    }

    @Test func aRefusedRefreshTokenOrNoTokensAreLoginRequired() throws {
        let none = OAuthTransport(inner: FakeTransport([]), client: client, vault: vault(), seedRefreshToken: nil)
        do { _ = try none.send(HTTPRequest(method: "GET", url: "http://h/x")); Issue.record("no error") } catch let e as HubError {
            #expect(e.code == .loginRequired)
        }
        let fake = FakeTransport([response(400, #"{"error":"invalid_grant"}"#)])
        let seeded = OAuthTransport(inner: fake, client: client, vault: vault(), seedRefreshToken: "spent")
        do { _ = try seeded.send(HTTPRequest(method: "GET", url: "http://h/x")); Issue.record("no error") } catch let e as HubError {
            #expect(e.code == .loginRequired)
            #expect(e.message.contains("invalid_grant") && !e.message.contains("spent"))
        }
        #expect(try vault().load() == nil, "a refused seed stores nothing")
    }
}
