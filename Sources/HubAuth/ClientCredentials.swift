// OAuth2 client credentials (RFC 6749 §4.4) for Mobile Services' Notification Backend API: a token
// from the binding's XSUAA (`<uaa.url>/oauth/token`, the client by Basic), kept in the vault until it
// expires, so that consecutive commands share one token (docs/protocol.md §16.2, docs/security.md).
// The client secret goes to the token endpoint only; neither it nor the token is ever put into a
// message, a note or a file other than the vault.

import Foundation
import HubCore
import Synchronization
import HubTransport
import HubVault

/// One client of one token endpoint (and subscriber tenant): what a cached token is keyed by.
public struct ClientCredentialsClient: Sendable, Equatable {
    public var tokenURL: String
    public var clientId: String
    public var tenant: String?

    public init(tokenURL: String, clientId: String, tenant: String?) {
        self.tokenURL = tokenURL
        self.clientId = clientId
        self.tenant = tenant
    }

    /// The vault key of this client's cached token.
    public var vaultKey: String { Self.vaultKeyPrefix(tokenURL: tokenURL, clientId: clientId) + (tenant.map { "#" + $0 } ?? "") }

    /// Every cached token of a client (each tenant's) starts with this.
    public static func vaultKeyPrefix(tokenURL: String, clientId: String) -> String {
        "hubctl/push/token/\(clientId)@\(tokenURL)"
    }
}

/// A cached client-credentials token as the vault keeps it. `secretDigest` (SHA-256 of the client
/// secret) ties it to the secret that obtained it: another secret for the same client id does not
/// reuse it.
struct CachedClientToken: Codable, Equatable, Sendable {
    var accessToken: String
    var expiresAt: Date
    var secretDigest: String
}

/// Where cached tokens live: the vault, opened only when a secret is at hand. `secret` returns nil
/// when the vault cannot be opened without a prompt; the token is then used for this command only.
public struct ClientCredentialsCache {
    let store: VaultStore
    let secret: () throws -> VaultSecret?

    public init(store: VaultStore, secret: @escaping () throws -> VaultSecret?) {
        self.store = store
        self.secret = secret
    }
}

/// Hands out the bearer token of one client: the one in hand, else the vault's while it has more than
/// `margin` seconds left, else a new one from the token endpoint (stored in the vault when it can be
/// opened). `renew(rejecting:)` is for a 401 from the API: the rejected token is dropped and a new one
/// fetched, once per command.
public final class ClientCredentialsTokens {
    public let client: ClientCredentialsClient
    /// The client secret (sent by Basic), or, for an x509 client, its private key: then nothing
    /// but `client_id` identifies the client in the request and `transport` presents the
    /// certificate (XSUAA's certificate endpoint). Either way its digest ties a cached token to it.
    let clientSecret: String
    let certificateBased: Bool
    /// SAP's shared tenant mode: the subscriber zone the token is asked for, sent as `X-zid`
    /// (token-client's `AbstractOAuth2TokenService`).
    let zone: String?
    let transport: any HTTPTransport
    let cache: ClientCredentialsCache?
    let note: ((String) -> Void)?
    /// A token that expires within this many seconds is not used (nor stored): a request must not
    /// arrive with a token that dies on the way.
    public static let margin: Double = 30
    private var current: String?
    /// Whether the token in hand came from a cache (a 401 then earns one new token and a retry).
    public private(set) var fromCache = false
    private var cacheChecked = false
    private var cacheUsable = true
    /// The tokens this process obtained or read, by vault key: the lines of a batch share them
    /// without opening the vault (and deriving its key) each time.
    private static let memory = Mutex<[String: CachedClientToken]>([:])

    public init(client: ClientCredentialsClient, clientSecret: String, transport: any HTTPTransport,
                cache: ClientCredentialsCache?, note: ((String) -> Void)? = nil,
                certificateBased: Bool = false, zone: String? = nil) {
        self.client = client
        self.clientSecret = clientSecret
        self.certificateBased = certificateBased
        self.zone = zone
        self.transport = transport
        self.cache = cache
        self.note = note
    }

    /// The token to send.
    public func token(now: Date = Date()) throws -> String {
        if let current { return current }
        let digest = try self.digest()
        if let held = Self.memory.withLock({ $0[client.vaultKey] }), held.secretDigest == digest,
           held.expiresAt.timeIntervalSince(now) > Self.margin {
            current = held.accessToken
            fromCache = true
            return held.accessToken
        }
        if let cached = try cachedToken(now: now, digest: digest) {
            note?("using the client-credentials token cached in the vault")
            Self.memory.withLock { $0[client.vaultKey] = cached }
            current = cached.accessToken
            fromCache = true
            return cached.accessToken
        }
        return try fetch(now: now)
    }

    /// The API refused `rejected` (401): forget it (here and in the vault) and fetch a new one.
    public func renew(rejecting rejected: String, now: Date = Date()) throws -> String {
        note?("the API refused the client-credentials token; fetching a new one")
        current = nil
        let key = client.vaultKey
        Self.memory.withLock { memory in
            if memory[key]?.accessToken == rejected { memory[key] = nil }
        }
        return try fetch(now: now, replacing: rejected)
    }

    // MARK: The vault

    private func digest() throws -> String {
        try Array(clientSecret.utf8).withUnsafeBytes { try SHA256Digest.hex(of: $0) }
    }

    /// The vault's secret, or nil (and a note, once) when it cannot be had without a prompt.
    private func vaultSecret() throws -> VaultSecret? {
        guard let cache, cacheUsable else { return nil }
        if let secret = try cache.secret() { return secret }
        cacheUsable = false
        note?("no vault secret without a prompt (HUBCTL_VAULT_KEY, HUBCTL_VAULT_PASSPHRASE or --vault-passphrase-file): the client-credentials token is not cached")
        return nil
    }

    private func cachedToken(now: Date, digest: String) throws -> CachedClientToken? {
        guard !cacheChecked else { return nil }
        cacheChecked = true
        guard let cache, cache.store.exists, let secret = try vaultSecret() else { return nil }
        guard let data = try cache.store.read(secret: secret).value(forKey: client.vaultKey),
              let stored = try? JSONDecoder().decode(CachedClientToken.self, from: data) else { return nil }
        guard stored.secretDigest == digest, OAuthTokens.isHeaderSafe(stored.accessToken),
              stored.expiresAt.timeIntervalSince1970.isFinite, stored.expiresAt.timeIntervalSince(now) > Self.margin else {
            return nil
        }
        return stored
    }

    /// Stores a token (or, with nil, removes the rejected one), under the vault's lock.
    private func store(_ token: CachedClientToken?, replacing rejected: String?) throws {
        guard let cache, let secret = try vaultSecret() else { return }
        let key = client.vaultKey
        if let token {
            let data = try JSONEncoder().encode(token)
            try cache.store.update(secret: secret, createIfMissing: true) { $0.set(data, forKey: key) }
        } else if cache.store.exists, let rejected {
            try cache.store.update(secret: secret) { contents in
                guard let data = contents.value(forKey: key),
                      let stored = try? JSONDecoder().decode(CachedClientToken.self, from: data),
                      stored.accessToken == rejected else { return }
                _ = contents.remove(key)
            }
        }
    }

    // MARK: The token endpoint

    private func fetch(now: Date, replacing rejected: String? = nil) throws -> String {
        note?("fetching a client-credentials token from \(OAuthChallenge.origin(client.tokenURL))")
        var headers = [HTTPHeader("Content-Type", "application/x-www-form-urlencoded"), HTTPHeader("Accept", "application/json")]
        if let zone { headers.append(HTTPHeader("X-zid", zone)) }
        // The client by Basic, or (x509) by `client_id` in the form, as token-client's `RequestParameterBuilder` sends it.
        let form = certificateBased ? OAuthTokenEndpoint.formEncode(["grant_type": "client_credentials", "client_id": client.clientId])
                                    : "grant_type=client_credentials"
        var request = HTTPRequest(method: "POST", url: client.tokenURL, headers: headers, body: Data(form.utf8), idempotent: true,
                                  credentials: certificateBased ? nil : BasicCredentials(user: client.clientId, password: clientSecret))
        request.carriesSecrets = true
        let response = try transport.send(request)
        let origin = OAuthChallenge.origin(client.tokenURL)
        guard response.status == 200 else {
            if response.status == 400 || response.status == 401 {
                throw HubError(.permission, code: .authFailed,
                               certificateBased
                                   ? "The token endpoint \(origin) refused the client certificate (HTTP \(response.status)). Check the binding's uaa.clientid, uaa.certificate and uaa.key."
                                   : "The token endpoint \(origin) refused the client credentials (HTTP \(response.status)). Check the binding's uaa.clientid and uaa.clientsecret.",
                               status: response.status)
            }
            throw HubError(.unavailable, code: .serverError,
                           "The token endpoint \(origin) failed (HTTP \(response.status)) while fetching a client-credentials token. Try again later.",
                           status: response.status)
        }
        // Checked as every token answer is (docs/security.md §15): Bearer, a header-safe token, an
        // expires_in that is a finite number of seconds (BoundedNumber).
        let answer = (try? JSONValue.read(response.body))?.objectValue
        let tokens: OAuthTokens
        do {
            tokens = try OAuthTokenEndpoint.tokens(from: answer, previous: nil, origin: origin, status: response.status, now: now)
        } catch let error as HubError where error.code == .malformedResponse {
            throw HubError(.data, code: .malformedResponse,
                           "The token endpoint \(origin) answered without a usable Bearer access_token (missing, another token_type, characters a header cannot carry, or an expires_in that is not a number of seconds). Check the binding's uaa.url.",
                           status: response.status)
        }
        current = tokens.accessToken
        fromCache = false
        if let expiresAt = tokens.expiresAt, expiresAt.timeIntervalSince(now) > Self.margin {
            let record = CachedClientToken(accessToken: tokens.accessToken, expiresAt: expiresAt, secretDigest: try digest())
            Self.memory.withLock { $0[client.vaultKey] = record }
            try store(record, replacing: rejected)
        } else {
            // No lifetime, or one too short to be worth keeping: used for this command only.
            try store(nil, replacing: rejected)
        }
        return tokens.accessToken
    }
}
