// How a request of a Mobile Services feature's service API carries the operator's credentials
// (docs/protocol.md §16.2, §19.2): an API key in `X-API-Key` (the library's
// `ApiKeyAuthorizationRequestInterceptor`; SAP's "Service Keys" page documents it beside Basic
// alias:key), an X.509 key presented by the transport itself (nothing in the request), or a
// client-credentials bearer token, renewed once when the service refuses a cached one. Shared by
// the Notification Backend client and the Client Resources admin client.

import Foundation
import HubAuth
import HubCore
import HubTransport

final class ServiceKeyAuthorization {
    let credentials: PushBackendCredentials
    private let tokens: ClientCredentialsTokens?

    /// `certificateTransport`: the transport that presents an x509 binding's certificate, for its
    /// token requests (the API itself is called without it, as SAP's client does).
    init(credentials: PushBackendCredentials, transport: any HTTPTransport, tokenCache: ClientCredentialsCache?,
         certificateTransport: (any HTTPTransport)?, note: ((String) -> Void)?) {
        self.credentials = credentials
        // Shared tenant mode: the subscriber's token is asked for its zone (`X-zid`), and the API
        // call carries no `x-tenant-id` (`XsuaaAuthorizationRequestInterceptor`).
        let zone = credentials.tenantMode == .shared ? credentials.tenant : nil
        switch credentials.auth {
        case .clientCredentials(let tokenURL, let id, let secret):
            tokens = ClientCredentialsTokens(client: ClientCredentialsClient(tokenURL: tokenURL, clientId: id, tenant: credentials.tenant),
                                             clientSecret: secret, transport: transport, cache: tokenCache, note: note, zone: zone)
        case .clientCertificate(let tokenURL, let id, _, let key):
            tokens = ClientCredentialsTokens(client: ClientCredentialsClient(tokenURL: tokenURL, clientId: id, tenant: credentials.tenant),
                                             clientSecret: key, transport: certificateTransport ?? transport, cache: tokenCache, note: note,
                                             certificateBased: true, zone: zone)
        case .apiKey, .x509Key:
            tokens = nil
        }
    }

    /// The tenant sent as `x-tenant-id`: none in shared tenant mode with a token (the token names the zone).
    var tenantHeader: String? {
        if credentials.tenantMode == .shared, tokens != nil { return nil }
        return credentials.tenant
    }

    /// The headers every request carries: the API key, the tenant.
    var headers: [HTTPHeader] {
        var headers: [HTTPHeader] = []
        if case .apiKey(_, let key) = credentials.auth { headers.append(HTTPHeader("X-API-Key", key)) }
        if let tenant = tenantHeader { headers.append(HTTPHeader("x-tenant-id", tenant)) }
        return headers
    }

    /// Sends the request `attempt` builds with the bearer token (nil without one); a cached token
    /// the server no longer takes (revoked, or the server restarted) gets one new token, one retry.
    /// An answer with `com.sap.cloud.security.login: login-request` is a login page, never data,
    /// whatever its status and Content-Type (as SAP's MDK CLI reads it): 77.
    func send(_ attempt: (_ bearer: String?) throws -> HTTPResponse) throws -> HTTPResponse {
        guard let tokens else { return try Self.refuseLoginPage(try attempt(nil)) }
        let token = try tokens.token()
        let response = try Self.refuseLoginPage(try attempt(token))
        guard response.status == 401, tokens.fromCache else { return response }
        return try Self.refuseLoginPage(try attempt(try tokens.renew(rejecting: token)))
    }

    static func refuseLoginPage(_ response: HTTPResponse) throws -> HTTPResponse {
        guard OAuthChallenge.isSAMLLoginPage(response) else { return response }
        throw HubError(.permission, code: .loginRequired,
                       "Mobile Services answered with a login page (HTTP \(response.status), com.sap.cloud.security.login: login-request), not the API: the service key's credentials were not accepted. Check the service key or binding (its url and credentials), or make a new key (`hubctl app key create`).",
                       status: response.status)
    }
}
