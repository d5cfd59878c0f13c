// The one resolved configuration a command works with, whatever layer each value came from.

import Foundation
import HubCore

public struct ConnectionConfig: Sendable, Equatable {
    /// Base URL without trailing slash: `scheme://host:port[/prefix]`.
    public var server: String
    public var appId: String
    public var user: String?
    /// `latest` (falls back to v1 on 404 unless pinned) or v1…v4.
    public var apiVersion: String
    /// True when the user chose the version (flag, env or profile): no fallback then.
    public var apiVersionPinned: Bool
    /// The application allows anonymous connections: URLs get `public/`.
    public var anonymous: Bool
    public var securityConfiguration: String?
    public var domain: String?
    public var userCreationPolicy: UserCreationPolicy?
    public var shareCredentials: Bool
    public var caCertificate: String?
    public var certificate: String?
    public var privateKey: String?
    public var pkcs12: String?
    public var certificateProvider: String?
    /// Per-request limit in seconds (`--timeout`).
    public var timeout: Double
    public var profile: String
    public var plist: String?
    /// OAuth2 on Mobile Services (docs/protocol.md §14); nil when no client id is configured.
    public var oauth: OAuthSettings?
    /// `--app-version`: sent as X-APP-VERSION (application versioning).
    public var appVersion: String?
    /// `auto`, `smp3` or `mobile-services` (`--platform`): whose client-service APIs to call.
    public var platform: String = "auto"
    /// The profile directory of `acp check|fetch` without --dest (`acp-dest`).
    public var acpDestination: String?
    /// The Admin API base of `hubctl app` when --admin-api is not given (`admin-api`).
    public var adminAPI: String?
    /// The technical user of `hubctl app`'s password grant (`cf-username`).
    public var cfUsername: String?
    /// The operator's credentials the profile keeps, by feature, without their secret (`push-*`,
    /// `bundles-*`; a feature is absent when its `<prefix>-url` is not set).
    public var serviceCredentials: [ServiceFeature: ServiceProfileSettings] = [:]

    public init(server: String, appId: String, user: String? = nil, apiVersion: String = "latest",
                apiVersionPinned: Bool = false, anonymous: Bool = false, securityConfiguration: String? = nil,
                domain: String? = nil, userCreationPolicy: UserCreationPolicy? = nil, shareCredentials: Bool = true,
                caCertificate: String? = nil, certificate: String? = nil, privateKey: String? = nil,
                pkcs12: String? = nil, certificateProvider: String? = nil, timeout: Double = GlobalSetting.defaultTimeoutSeconds,
                profile: String = "default", plist: String? = nil) {
        self.server = server
        self.appId = appId
        self.user = user
        self.apiVersion = apiVersion
        self.apiVersionPinned = apiVersionPinned
        self.anonymous = anonymous
        self.securityConfiguration = securityConfiguration
        self.domain = domain
        self.userCreationPolicy = userCreationPolicy
        self.shareCredentials = shareCredentials
        self.caCertificate = caCertificate
        self.certificate = certificate
        self.privateKey = privateKey
        self.pkcs12 = pkcs12
        self.certificateProvider = certificateProvider
        self.timeout = timeout
        self.profile = profile
        self.plist = plist
    }
}

/// The OAuth client of an application on Mobile Services and where its endpoints are.
public struct OAuthSettings: Sendable, Equatable {
    public var clientId: String
    public var redirectURI: String
    public var authorizeURL: String
    public var tokenURL: String

    public init(clientId: String, redirectURI: String, authorizeURL: String, tokenURL: String) {
        self.clientId = clientId
        self.redirectURI = redirectURI
        self.authorizeURL = authorizeURL
        self.tokenURL = tokenURL
    }
}

/// The settings a clienthub.plist contributes (layer 4 of README.md "Configuration").
public struct PlistSettings: Sendable, Equatable {
    public var serverURL: String
    public var securityConfiguration: String?
    public var domain: String?
    public var userCreationPolicy: UserCreationPolicy?
    public var shareCredentials: Bool

    /// The settings of a validated clienthub.plist.
    public init(_ plist: ClientHubConfiguration) {
        self.init(serverURL: plist.serverURL, securityConfiguration: plist.securityConfiguration.isEmpty ? nil : plist.securityConfiguration,
                  domain: plist.domain.flatMap { $0.isEmpty ? nil : $0 }, userCreationPolicy: plist.userCreationPolicy,
                  shareCredentials: plist.shareCredentials)
    }

    /// Loads a clienthub.plist (66 when missing, 65 when invalid).
    @Sendable public static func load(path: String) throws -> PlistSettings {
        PlistSettings(try ClientHubConfiguration.load(path: path))
    }

    public init(serverURL: String, securityConfiguration: String?, domain: String?,
                userCreationPolicy: UserCreationPolicy?, shareCredentials: Bool) {
        self.serverURL = serverURL
        self.securityConfiguration = securityConfiguration
        self.domain = domain
        self.userCreationPolicy = userCreationPolicy
        self.shareCredentials = shareCredentials
    }
}
