// The cf CLI's state (docs/protocol.md §17): `$CF_HOME/.cf/config.json`, else `$HOME/.cf/config.json`
// (cloudfoundry/cli `util/configv3/home_dir_unix.go`), with the members of
// `util/configv3/json_config.go`. Read tolerantly (unknown members ignored, missing ones allowed)
// and never written: a refreshed token lives in hubctl's memory only.

import Foundation
import HubCore

public struct CloudFoundryConfig: Sendable, Equatable {
    /// `Target`: the CF API root (`https://api.cf.eu10.hana.ondemand.com`).
    public var target: String?
    /// `AuthorizationEndpoint`: UAA, where `/oauth/token` is.
    public var authorizationEndpoint: String?
    /// `AccessToken` without its type (`"bearer eyJ…"` → `eyJ…`).
    public var accessToken: String?
    public var refreshToken: String?
    /// `UAAOAuthClient` (cf's default `cf`) and `UAAOAuthClientSecret` (default empty).
    public var uaaClient: String
    public var uaaClientSecret: String
    /// `UAAGrantType`: `client_credentials` after `cf auth --client-credentials`, else empty.
    public var grantType: String?
    /// `SSLDisabled` (`cf api --skip-ssl-validation`): never honoured by hubctl, only warned about.
    public var sslDisabled: Bool
    public var orgGUID: String?
    public var orgName: String?
    public var spaceGUID: String?
    public var spaceName: String?

    public init(target: String? = nil, authorizationEndpoint: String? = nil, accessToken: String? = nil, refreshToken: String? = nil,
                uaaClient: String = "cf", uaaClientSecret: String = "", grantType: String? = nil, sslDisabled: Bool = false,
                orgGUID: String? = nil, orgName: String? = nil, spaceGUID: String? = nil, spaceName: String? = nil) {
        self.target = target
        self.authorizationEndpoint = authorizationEndpoint
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.uaaClient = uaaClient
        self.uaaClientSecret = uaaClientSecret
        self.grantType = grantType
        self.sslDisabled = sslDisabled
        self.orgGUID = orgGUID
        self.orgName = orgName
        self.spaceGUID = spaceGUID
        self.spaceName = spaceName
    }

    /// Where cf keeps it: `$CF_HOME/.cf/config.json`, else `$HOME/.cf/config.json`; nil without either.
    public static func path(environment: [String: String]) -> String? {
        guard let home = [environment["CF_HOME"], environment["HOME"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return nil }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cf/config.json"
    }

    /// The file's members; `what` names it in errors (65 for a file that is not a JSON object).
    public static func parse(_ data: Data, what: String) throws -> CloudFoundryConfig {
        guard let value = try? JSONValue.read(data), case .object = value else {
            throw HubError.data("\(what) is not cf's config.json (not a JSON object). Run `cf login` again, or give --cf-token-file.")
        }
        func text(_ v: JSONValue?) -> String? {
            guard let s = v?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !s.isEmpty else { return nil }
            return s
        }
        var config = CloudFoundryConfig()
        config.target = text(value["Target"])
        config.authorizationEndpoint = text(value["AuthorizationEndpoint"])
        config.accessToken = text(value["AccessToken"]).map(CloudFoundryToken.withoutType)
        config.refreshToken = text(value["RefreshToken"])
        for secret in [config.accessToken, config.refreshToken, config.uaaClientSecret] { SecretValues.register(secret) }
        config.uaaClient = text(value["UAAOAuthClient"]) ?? "cf"
        config.uaaClientSecret = value["UAAOAuthClientSecret"]?.stringValue ?? ""
        config.grantType = text(value["UAAGrantType"])
        config.sslDisabled = value["SSLDisabled"]?.boolValue ?? false
        config.orgGUID = text(value["OrganizationFields"]?["GUID"])
        config.orgName = text(value["OrganizationFields"]?["Name"])
        config.spaceGUID = text(value["SpaceFields"]?["GUID"])
        config.spaceName = text(value["SpaceFields"]?["Name"])
        return config
    }
}

/// A UAA access token as hubctl sees it: its text, and its expiry from the JWT `exp` claim (the
/// payload decoded only, never verified: the server checks the token, hubctl only avoids sending
/// one it knows is expired).
public enum CloudFoundryToken {
    /// `"bearer eyJ…"` → `eyJ…` (the type is optional, any case).
    public static func withoutType(_ token: String) -> String {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        if let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bearer" {
            return trimmed[space...].trimmingCharacters(in: .whitespaces)
        }
        return trimmed
    }

    /// The `exp` claim of a JWT, nil when the token is not a JWT or has none.
    public static func expiry(_ token: String) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let claims = try? JSONValue.read(data) else { return nil }
        switch claims["exp"] {
        case .int(let n)?: return Date(timeIntervalSince1970: TimeInterval(n))
        case .double(let d)?: return Date(timeIntervalSince1970: d)
        default: return nil
        }
    }

    /// True when the token's `exp` is within `margin` seconds of `now` (or past it).
    public static func isExpired(_ token: String, now: Date, margin: TimeInterval = 30) -> Bool {
        guard let exp = expiry(token) else { return false }
        return exp.timeIntervalSince(now) <= margin
    }
}
