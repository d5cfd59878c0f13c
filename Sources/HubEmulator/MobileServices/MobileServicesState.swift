// The emulator as a SAP Mobile Services tenant (docs/protocol.md §14), what it remembers: per
// application an OAuth client (single-use codes, PKCE, short-lived access tokens, refresh with
// rotation and revocation), a SAML switch, application versions, the onboarding version of the
// versions address, and the tenant sessions. MobileServicesHandler.swift answers from it.

import COpenSSL
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// What a Mobile Services application is configured with (`"mobileServices"` of an application in
/// the configuration file, or `PUT /_emulator/mobileservices`).
public struct MobileServicesApp: Sendable, Decodable, Equatable {
    public struct OAuthClient: Sendable, Decodable, Equatable {
        public var clientId: String
        /// Allowed redirect URIs; a loopback one (127.0.0.1, [::1], localhost) matches on any port (RFC 8252 §7.3).
        public var redirectUris: [String]
        /// Lifetime of an access token in seconds.
        public var accessTokenSeconds: Int
        /// When set, an access token is good for this many requests (deterministic expiry for tests).
        public var accessTokenUses: Int?
        /// A refresh gives a new refresh token and retires the old one.
        public var rotateRefreshTokens: Bool
        /// How a request without a valid token is refused: "bearer" (401 + WWW-Authenticate: Bearer),
        /// "status" (400 + x-smp-authentication-status: 1000), "message" (401 +
        /// X-SMP-AUTHENTICATION-STATUS-MESSAGE).
        public var challenge: String
        /// PKCE is required (the default, as for a public client): an authorization request without
        /// a `code_challenge` is refused, and a code issued without one is never exchanged.
        public var requirePkce: Bool

        enum CodingKeys: String, CodingKey { case clientId, redirectUris, accessTokenSeconds, accessTokenUses, rotateRefreshTokens, challenge, requirePkce }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            clientId = try c.decode(String.self, forKey: .clientId)
            redirectUris = try c.decodeIfPresent([String].self, forKey: .redirectUris) ?? ["http://127.0.0.1/callback"]
            accessTokenSeconds = try c.decodeIfPresent(Int.self, forKey: .accessTokenSeconds) ?? 3600
            accessTokenUses = try c.decodeIfPresent(Int.self, forKey: .accessTokenUses)
            rotateRefreshTokens = try c.decodeIfPresent(Bool.self, forKey: .rotateRefreshTokens) ?? true
            challenge = try c.decodeIfPresent(String.self, forKey: .challenge) ?? "bearer"
            requirePkce = try c.decodeIfPresent(Bool.self, forKey: .requirePkce) ?? true
            guard ["bearer", "status", "message"].contains(challenge) else {
                throw DecodingError.dataCorruptedError(forKey: .challenge, in: c, debugDescription: "challenge must be bearer, status or message")
            }
        }
    }

    public var oauth: OAuthClient?
    /// The application answers with a SAML login page (its security is SAML).
    public var saml: Bool
    /// With application versioning on: the active versions; X-APP-VERSION must name one (else 403).
    public var appVersions: [String]?

    enum CodingKeys: String, CodingKey { case oauth, saml, appVersions }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        oauth = try c.decodeIfPresent(OAuthClient.self, forKey: .oauth)
        saml = try c.decodeIfPresent(Bool.self, forKey: .saml) ?? false
        appVersions = try c.decodeIfPresent([String].self, forKey: .appVersions)
    }
}

/// The OAuth server and session state of every application, behind one lock.
public final class MobileServicesState: Sendable {
    struct Code { let appId: String; let clientId: String; let redirectURI: String; let challenge: String?; let user: String; let expires: Date }
    struct Access { let appId: String; let user: String; let expires: Date; var usesLeft: Int? }
    struct Refresh { let appId: String; let clientId: String; let user: String }
    struct Store {
        var apps: [String: MobileServicesApp] = [:]
        var codes: [String: Code] = [:]
        var access: [String: Access] = [:]
        var refresh: [String: Refresh] = [:]
        var sessions: [String: (appId: String, user: String)] = [:]
        /// The versions address's answer; nil = 404 (SMP 3).
        var onboardingVersion: String?
        var counters: [String: Int] = [:]
        /// Members that replace or join those of every successful token answer (a JSON object, as
        /// the control API was given it): a careless or hostile token endpoint, for tests of clients.
        var tokenAnswerOverrides: Data?
    }
    private let store: Mutex<Store>

    init(configuration: EmulatorConfiguration) {
        var s = Store()
        for app in configuration.applications { if let ms = app.mobileServices { s.apps[app.id] = ms } }
        s.onboardingVersion = configuration.onboardingVersion
        store = Mutex(s)
    }

    static let sessionCookie = "JTENANTSESSIONID_emulator"

    func app(_ appId: String) -> MobileServicesApp? { store.withLock { $0.apps[appId] } }
    func setApp(_ appId: String, _ app: MobileServicesApp?) { store.withLock { $0.apps[appId] = app } }
    func setOnboardingVersion(_ v: String?) { store.withLock { $0.onboardingVersion = v } }

    var tokenAnswerOverrides: Data? { store.withLock { $0.tokenAnswerOverrides } }
    func setTokenAnswerOverrides(_ data: Data?) { store.withLock { $0.tokenAnswerOverrides = data } }
    var onboardingVersion: String? { store.withLock { $0.onboardingVersion } }
    var counters: [String: Int] { store.withLock { $0.counters } }

    /// Every refresh and access token of an application stops working.
    func revoke(appId: String) -> Int {
        store.withLock { s in
            let before = s.refresh.count
            s.refresh = s.refresh.filter { $0.value.appId != appId }
            s.access = s.access.filter { $0.value.appId != appId }
            s.sessions = s.sessions.filter { $0.value.appId != appId }
            return before - s.refresh.count
        }
    }

    /// Every access token (and session) of an application expires now; refresh tokens stay good.
    func expireAccess(appId: String) {
        store.withLock { s in
            s.access = s.access.filter { $0.value.appId != appId }
            s.sessions = s.sessions.filter { $0.value.appId != appId }
        }
    }

    func client(id clientId: String) -> (String, MobileServicesApp.OAuthClient)? {
        store.withLock { s in
            for (appId, app) in s.apps { if let o = app.oauth, o.clientId == clientId { return (appId, o) } }
            return nil
        }
    }

    private static func token() -> String {
        (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
    }

    func issueCode(appId: String, clientId: String, redirectURI: String, challenge: String?, user: String) -> String {
        let code = Self.token()
        store.withLock { s in
            s.codes[code] = Code(appId: appId, clientId: clientId, redirectURI: redirectURI, challenge: challenge, user: user,
                                 expires: Date().addingTimeInterval(120))
            s.counters["codes", default: 0] += 1
        }
        return code
    }

    enum Grant { case tokens(access: String, refresh: String, seconds: Int), refused(String) }

    func exchange(code: String, clientId: String, redirectURI: String?, verifier: String?) -> Grant {
        store.withLock { s in
            // Single use: gone after the first attempt, right or wrong.
            guard let c = s.codes.removeValue(forKey: code), c.expires > Date() else { return .refused("invalid_grant") }
            guard c.clientId == clientId, redirectURI == c.redirectURI else { return .refused("invalid_grant") }
            // RFC 7636 §4.6: a code issued with a challenge needs its verifier; a client that requires
            // PKCE never exchanges a code issued without one.
            if let challenge = c.challenge {
                guard let verifier, Self.s256(verifier) == challenge else { return .refused("invalid_grant") }
            } else if s.apps[c.appId]?.oauth?.requirePkce ?? true {
                return .refused("invalid_grant")
            }
            return Self.issue(&s, appId: c.appId, clientId: clientId, user: c.user, counter: "codeExchanges")
        }
    }

    func refresh(_ token: String, clientId: String) -> Grant {
        store.withLock { s in
            guard let r = s.refresh[token], r.clientId == clientId, let client = s.apps[r.appId]?.oauth else { return .refused("invalid_grant") }
            if client.rotateRefreshTokens {
                s.refresh.removeValue(forKey: token)
                return Self.issue(&s, appId: r.appId, clientId: clientId, user: r.user, counter: "refreshes")
            }
            guard case .tokens(let access, _, let seconds) = Self.issue(&s, appId: r.appId, clientId: clientId, user: r.user, counter: "refreshes", newRefresh: false) else {
                return .refused("invalid_grant")
            }
            return .tokens(access: access, refresh: token, seconds: seconds)
        }
    }

    private static func issue(_ s: inout Store, appId: String, clientId: String, user: String, counter: String, newRefresh: Bool = true) -> Grant {
        guard let client = s.apps[appId]?.oauth else { return .refused("invalid_client") }
        let access = token(), refresh = newRefresh ? token() : ""
        s.access[access] = Access(appId: appId, user: user, expires: Date().addingTimeInterval(Double(client.accessTokenSeconds)),
                                  usesLeft: client.accessTokenUses)
        if newRefresh { s.refresh[refresh] = Refresh(appId: appId, clientId: clientId, user: user) }
        s.counters[counter, default: 0] += 1
        return .tokens(access: access, refresh: refresh, seconds: client.accessTokenSeconds)
    }

    /// The user of a valid access token of this application, using it once.
    func useAccess(_ token: String, appId: String) -> String? {
        store.withLock { s in
            guard var a = s.access[token], a.appId == appId, a.expires > Date() else { return nil }
            if let left = a.usesLeft {
                guard left > 0 else { return nil }
                a.usesLeft = left - 1
                s.access[token] = a
            }
            return a.user
        }
    }

    func startSession(appId: String, user: String) -> String {
        let id = Self.token()
        store.withLock { $0.sessions[id] = (appId, user) }
        return id
    }

    func sessionUser(_ id: String, appId: String) -> String? {
        store.withLock { s in s.sessions[id].flatMap { $0.appId == appId ? $0.user : nil } }
    }

    static func s256(_ verifier: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(verifier.utf8)
        _ = bytes.withUnsafeBufferPointer { SHA256($0.baseAddress, $0.count, &digest) }
        return Data(digest).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
