// How one command's transports are made, below the command layer: the command layer gives its
// resolved settings, its deadline and its transport factory (the seam), and receives sessions and
// service clients. Every transport-level type (options, deadlines, retry policies, the layers of
// certificates, OAuth and Mobile Services headers) stays here and below (docs/architecture.md).

import Foundation
import HubAuth
import HubConfig
import HubCore
import HubTransport

/// What a command that runs a series of bounded steps changes in its transport: a deadline that
/// moves from step to step, and how many attempts a request gets (nil: the command's own).
public struct TransportShape: Sendable {
    var deadline: Deadline?
    var retry: RetryPolicy?
    /// The largest answer kept in memory, when not the transport's default (16 MiB).
    var maxResponseBytes: Int?

    public init() {}

    /// Each request ends with the step under way (`window`), and gets one attempt: the caller's
    /// loop, not the transport, decides when to try again (`acp check --wait`).
    public static func steps(_ window: StepWindow) -> TransportShape {
        var shape = TransportShape()
        shape.deadline = Deadline(window: window.window)
        shape.retry = RetryPolicy(maxAttempts: 1)
        return shape
    }

    /// Every request ends `seconds` from now, whatever the command's deadline (a clean-up's budget).
    public static func ending(inSeconds seconds: Double) -> TransportShape {
        var shape = TransportShape()
        shape.deadline = Deadline(seconds: seconds)
        return shape
    }
}

/// The deadline of the step under way, restarted for each step of a loop.
public final class StepWindow: Sendable {
    let window: DeadlineWindow
    public init(seconds: Double) { window = DeadlineWindow(seconds: seconds) }
    public func restart(seconds: Double) { window.restart(seconds: seconds) }
}

/// The OAuth client whose bearer tokens a command's requests carry, and where its tokens are kept.
public struct OAuthLayer {
    public var client: OAuthClientInfo
    public var vault: OAuthTokenVault
    /// HUBCTL_REFRESH_TOKEN: seeds a vault that has no tokens yet (CI).
    public var seedRefreshToken: String?

    public init(client: OAuthClientInfo, vault: OAuthTokenVault, seedRefreshToken: String?) {
        self.client = client
        self.vault = vault
        self.seedRefreshToken = seedRefreshToken
    }

    /// The OAuth client of a configuration, nil when no client id is configured.
    public static func client(of config: ConnectionConfig) -> OAuthClientInfo? {
        guard let oauth = config.oauth else { return nil }
        return OAuthClientInfo(server: config.server, appId: config.appId, clientId: oauth.clientId,
                               redirectURI: oauth.redirectURI, authorizeURL: oauth.authorizeURL, tokenURL: oauth.tokenURL)
    }

    /// The layer of the configuration's client (nil when no client id is configured), its tokens
    /// kept where `vault` says for that client (opened only when asked).
    public static func configured(_ config: ConnectionConfig, seedRefreshToken: String?,
                                  vault: (OAuthClientInfo) throws -> OAuthTokenVault) throws -> OAuthLayer? {
        guard let client = client(of: config) else { return nil }
        return OAuthLayer(client: client, vault: try vault(client), seedRefreshToken: seedRefreshToken)
    }
}

/// One command's way to its servers: its transport factory and the settings every request goes
/// out with (the CA bundle and per-request timeout of the configuration, the command's deadline,
/// `--insecure` with its warning, the plain-HTTP rule, `--verbose`).
public struct CommandTransports: Sendable {
    let make: TransportFactory
    let started: ContinuousClock.Instant
    let deadlineSeconds: Double
    let insecure: Bool
    let allowHTTP: Bool
    let warn: @Sendable (String) -> Void
    /// `--verbose` lines; nil without it.
    let note: (@Sendable (String) -> Void)?

    public init(make: @escaping TransportFactory, started: ContinuousClock.Instant, deadlineSeconds: Double,
                insecure: Bool, allowHTTP: Bool, warn: @escaping @Sendable (String) -> Void,
                note: (@Sendable (String) -> Void)?) {
        self.make = make
        self.started = started
        self.deadlineSeconds = deadlineSeconds
        self.insecure = insecure
        self.allowHTTP = allowHTTP
        self.warn = warn
        self.note = note
    }

    /// The options of every request of `config`: its `cacert` and `timeout`, the command's deadline
    /// from its start unless `shape` replaces it or its retries.
    func options(_ config: ConnectionConfig, shape: TransportShape) -> TransportOptions {
        if insecure {
            warn("--insecure: TLS certificate verification is OFF. Anyone on the network path can impersonate the server and read your credentials. Use --cacert instead.")
        }
        var options = TransportOptions(caCertificatePath: config.caCertificate, insecure: insecure,
                                       totalTimeout: config.timeout,
                                       deadline: shape.deadline ?? Deadline(seconds: deadlineSeconds, from: started))
        if let retry = shape.retry { options.retry = retry }
        if let maxResponseBytes = shape.maxResponseBytes { options.maxResponseBytes = maxResponseBytes }
        // Secrets over plain http:// (docs/security.md "Secrets over plain HTTP").
        let warn = self.warn
        options.plainHTTP = allowHTTP ? .allow(warn: { warn($0) }) : .refuse
        if let note { options.verboseLog = { line in note("hubctl: " + line) } }
        return options
    }

    /// The transport of `config`, presenting the client certificate of `certificates` when there is one.
    func transport(_ config: ConnectionConfig, shape: TransportShape, certificates: (any CertificateProvider)?) throws -> any HTTPTransport {
        let options = options(config, shape: shape)
        let make = self.make
        guard let certificates else { return try make(options) }
        let note = self.note
        return CertificateTransport(provider: certificates, note: note.map { note in { note("hubctl: " + $0) } }) { certificate in
            var withCertificate = options
            withCertificate.clientCertificate = certificate
            return try make(withCertificate)
        }
    }

    /// The OAuth layer over `inner`.
    private func oauthTransport(inner: any HTTPTransport, _ oauth: OAuthLayer) -> OAuthTransport {
        let note = self.note, warn = self.warn
        return OAuthTransport(inner: inner, client: oauth.client, vault: oauth.vault, seedRefreshToken: oauth.seedRefreshToken,
                              note: note.map { note in { note("hubctl: " + $0) } }, warn: { warn($0) })
    }

    /// The session every service of one command sends its requests through: the endpoint of
    /// `config` over the certificate, OAuth (when configured) and Mobile Services layers, with the
    /// credential chain of `providers` answering basic-authentication challenges. `home` holds the
    /// device id; `deadline` ends the services' waits (locks) with the command.
    public func session(_ config: ConnectionConfig, shape: TransportShape = TransportShape(),
                        certificates: (any CertificateProvider)?, oauth: OAuthLayer?,
                        providers: [any CredentialProvider], home: String,
                        deadline: ContinuousClock.Instant) throws -> SMPSession {
        var transport = try self.transport(config, shape: shape, certificates: certificates)
        if let oauth { transport = oauthTransport(inner: transport, oauth) }
        let mobile = MobileServicesTransport(inner: transport, appId: config.appId,
                                             deviceId: { try DeviceIdentity.load(home: home) },
                                             appVersion: config.appVersion, oauthClient: oauth?.client)
        let http = AuthenticatingTransport(transport: mobile, providers: providers, user: config.user)
        let session = SMPSession(endpoint: SMPEndpoint(config: config), http: http, deadline: deadline)
        try session.settleAnonymousPath()
        return session
    }

    /// One refresh of the OAuth client's access token through a transport of its own (the probe's
    /// token step).
    public func renewOAuthTokens(_ config: ConnectionConfig, certificates: (any CertificateProvider)?, oauth: OAuthLayer) throws {
        try oauthTransport(inner: try transport(config, shape: TransportShape(), certificates: certificates), oauth).renewNow()
    }

    /// The OAuth client's tokens, renewed first when they expired (`hubctl auth token`).
    public func usableTokens(_ config: ConnectionConfig, certificates: (any CertificateProvider)?, oauth: OAuthLayer) throws -> OAuthTokens {
        try oauthTransport(inner: try transport(config, shape: TransportShape(), certificates: certificates), oauth).usableTokens()
    }

    /// The token endpoint of `client`, for the authorization-code exchange of `hubctl login`.
    public func tokenEndpoint(_ config: ConnectionConfig, certificates: (any CertificateProvider)?, client: OAuthClientInfo) throws -> OAuthTokenEndpoint {
        OAuthTokenEndpoint(client: client, transport: try transport(config, shape: TransportShape(), certificates: certificates))
    }

    /// The transports of a feature's service API for `credentials`: the API's (presenting an X.509
    /// service key's certificate), and the one that presents an x509 binding's certificate to its
    /// token endpoint.
    private func serviceKeyTransports(_ config: ConnectionConfig, credentials: PushBackendCredentials)
        throws -> (api: any HTTPTransport, certificate: (any HTTPTransport)?) {
        var options = options(config, shape: TransportShape())
        // A binding's `endpoints.mobileservices.timeout` is SAP's read timeout (`PushClientBuilder`);
        // --timeout (HUBCTL_TIMEOUT, a profile's timeout) other than the default still wins.
        if let seconds = credentials.readTimeout, config.timeout == GlobalSetting.defaultTimeoutSeconds { options.totalTimeout = seconds }
        func presenting(_ certificate: String, _ key: String) throws -> any HTTPTransport {
            var withCertificate = options
            withCertificate.clientCertificate = .pem(certificate: Data(certificate.utf8), key: Data(key.utf8), keyPassphrase: nil)
            return try make(withCertificate)
        }
        switch credentials.auth {
        case .clientCertificate(_, _, let certificate, let key): return (try make(options), try presenting(certificate, key))
        case .x509Key(_, let certificate, let key): return (try presenting(certificate, key), nil)
        case .apiKey, .clientCredentials: return (try make(options), nil)
        }
    }

    /// The operator's Notification Backend client for `credentials` (docs/protocol.md §16).
    public func notificationBackend(_ config: ConnectionConfig, credentials: PushBackendCredentials,
                                    tokenCache: ClientCredentialsCache?) throws -> NotificationBackend {
        let note = self.note, warn = self.warn
        let (api, certificate) = try serviceKeyTransports(config, credentials: credentials)
        return NotificationBackend(credentials: credentials, transport: api,
                                   tokenCache: tokenCache, certificateTransport: certificate,
                                   note: note.map { note in { note("hubctl: " + $0) } },
                                   warn: { warn($0) })
    }

    /// The operator's Client Resources admin client for `credentials` (docs/protocol.md §19).
    public func bundleAdmin(_ config: ConnectionConfig, credentials: PushBackendCredentials,
                            tokenCache: ClientCredentialsCache?) throws -> BundleAdmin {
        let note = self.note
        let (api, certificate) = try serviceKeyTransports(config, credentials: credentials)
        return BundleAdmin(credentials: credentials, transport: api, tokenCache: tokenCache, certificateTransport: certificate,
                           note: note.map { note in { note("hubctl: " + $0) } })
    }
}

extension TransportFactories {
    /// `make` whose transports report every exchange to `recorder` (how `hubctl probe` sees the
    /// status and timers of each request its steps send).
    public static func recording(_ make: @escaping TransportFactory, into recorder: ExchangeRecorder) -> TransportFactory {
        { options in
            var observed = options
            let earlier = options.exchangeObserver
            observed.exchangeObserver = { exchange in earlier?(exchange); recorder.record(exchange) }
            return try make(observed)
        }
    }

    /// `make` whose transports all end `seconds` after `start` (by default this call), whatever
    /// deadline they are given.
    public static func ending(_ make: @escaping TransportFactory, inSeconds seconds: Double,
                              from start: ContinuousClock.Instant = .now) -> TransportFactory {
        let deadline = Deadline(seconds: seconds, from: start)
        return { options in
            var bounded = options
            bounded.deadline = deadline
            return try make(bounded)
        }
    }
}

/// libcurl transports that share one connection pool (a multi handle on a thread of its own): the
/// lines of a batch. Kept alive as long as a transport of it may run.
public final class PooledTransports: Sendable {
    private let driver: CurlMultiDriver
    public let factory: TransportFactory

    public init(maxConnections: Int) throws {
        let driver = try CurlMultiDriver(maxConnections: maxConnections)
        self.driver = driver
        factory = { try CurlHTTPClient(options: $0, driver: driver) }
    }

    /// Stops the pool once the transfers in flight are done.
    public func shutdown() { driver.shutdown() }
}
