// Layers flags, environment, profile, clienthub.plist and defaults (README.md "Configuration").

import Foundation
import HubCore

/// The settings given on the command line, by their config-file names (`server`, `app-id`, …).
public typealias FlagValues = [String: String]

public struct ConfigResolver: Sendable {
    public var flags: FlagValues
    public var environment: [String: String]
    /// Reads a clienthub.plist into the settings it contributes.
    public var loadPlist: @Sendable (String) throws -> PlistSettings

    public init(flags: FlagValues, environment: [String: String],
                loadPlist: @escaping @Sendable (String) throws -> PlistSettings = PlistSettings.load(path:)) {
        self.flags = flags
        self.environment = environment
        self.loadPlist = loadPlist
    }

    /// Layers of settings by name, highest first: a setting's value is the first layer's that has
    /// it (even empty, which then counts as unset). Plain dictionaries rather than
    /// swift-configuration's reader: every command resolves its configuration once, and the reader
    /// cost about half a millisecond of each (bench/RESULTS.md "Start-up").
    struct Layers {
        var layers: [[String: String]]

        func string(_ name: String) -> String? {
            for layer in layers { if let value = layer[name] { return value } }
            return nil
        }
    }

    /// The HUBCTL_* variables by the setting names they stand for: HUBCTL_APP_ID is `app-id`
    /// (`GlobalSetting.layeredVariable`: upper case, `-` as `_`). Mapped once here rather than a
    /// name encoded at every lookup, which a batch would pay on every line. Empty values are not set.
    static func settingsFromEnvironment(_ environment: [String: String]) -> [String: String] {
        var values: [String: String] = [:]
        for (name, value) in environment where name.hasPrefix("HUBCTL_") && !value.isEmpty {
            // Mapped character by character: Foundation's replacingOccurrences goes through
            // NSString, which costs a `settings get` more than the rest of this function.
            values[String(name.dropFirst("HUBCTL_".count).lowercased().map { $0 == "_" ? "-" : $0 })] = value
        }
        return values
    }

    /// The profile name in force: `--profile`, `HUBCTL_PROFILE`, the file's `default-profile`
    /// (`hubctl config use`), else `default`.
    public var profileName: String { profileName(file: nil) }

    public func profileName(file: ConfigFile?) -> String {
        if let p = flags["profile"], !p.isEmpty { return p }
        if let p = environment["HUBCTL_PROFILE"], !p.isEmpty { return p }
        if let p = file?.defaultProfile { return p }
        return "default"
    }

    /// Resolves the configuration. `requireConnection` demands a server and an app id (exit 78
    /// otherwise); `file` is the configuration file when the caller has read it already.
    public func resolve(requireConnection: Bool = true, file loaded: ConfigFile? = nil) throws -> ConnectionConfig {
        let file = try loaded ?? ConfigFile.load(path: HubPaths.defaultConfigFile(environment: environment))
        let profile = profileName(file: file)
        let explicitProfile = flags["profile"] != nil || environment["HUBCTL_PROFILE"] != nil || file.defaultProfile != nil
        let profileValues = file.profiles[profile] ?? [:]
        if explicitProfile && file.profiles[profile] == nil {
            let known = file.profiles.keys.sorted()
            throw HubError.config("Unknown profile '\(profile)' in \(file.path)" +
                (known.isEmpty ? " (the file has no profiles)." : "; known profiles: \(known.joined(separator: ", ")).") +
                " Add it to the file or choose another with --profile / HUBCTL_PROFILE.", code: .unknownProfile)
        }

        // Layers 1–3, in order; the environment layer maps HUBCTL_APP_ID to `app-id`.
        let upper = Layers(layers: [flags, Self.settingsFromEnvironment(environment), profileValues])

        // Layer 4: the plist named by the layers above.
        let plistPath = upper.string("plist")
        var layers = upper.layers
        if let plistPath {
            let plist = try loadPlist(plistPath)
            var values: [String: String] = ["server": plist.serverURL,
                                            "share-credentials": plist.shareCredentials ? "true" : "false"]
            values["security-configuration"] = plist.securityConfiguration
            values["domain"] = plist.domain
            values["user-creation-policy"] = plist.userCreationPolicy?.rawValue
            layers.append(values)
        }
        // Layer 5: built-in defaults.
        layers.append(Self.defaults)
        let config = Layers(layers: layers)
        func string(_ name: String) -> String? {
            let v = config.string(name)
            return (v?.isEmpty ?? true) ? nil : v
        }
        /// A switch: 1/true/yes/on or 0/false/no/off (any case); anything else is refused (78)
        /// naming where it came from, as HUBCTL_NO_INPUT is (`GlobalSetting.isOn`): a mistyped
        /// `HUBCTL_ANONYMOUS=enabled` must not quietly mean off (docs/security.md "Settings").
        func switchValue(_ setting: GlobalSetting, default fallback: Bool) throws -> Bool {
            guard let text = string(setting.name) else { return fallback }
            if let on = GlobalSetting.switchValue(text) { return on }
            let source: String
            if flags[setting.name] != nil { source = setting.flagName ?? setting.name }
            else if upper.layers[1][setting.name] != nil { source = setting.environment ?? setting.name }
            else if profileValues[setting.name] != nil { source = "\(setting.name) in profile '\(profile)' of \(file.path)" }
            else { source = setting.name }
            throw HubError.config("\(source) is \(HubError.quoted(text)): set it to 1, true, yes or on (or 0, false, no, off), or unset it.",
                                  code: .config)
        }

        let server = string("server")
        let appId = string("app-id")
        if requireConnection { try Self.requireConnection(server: server, appId: appId, profile: profile, file: file.path) }
        if let appId, !SafeName.isApplicationId(appId) {
            throw HubError(.usage, code: .invalidAppId,
                           "The application id \(HubError.quoted(appId)) cannot be used: give letters, digits, '.', '_' and '-' (at most 200), starting with a letter or digit, e.g. com.acme.field (--app-id / HUBCTL_APP_ID / the profile's app-id).")
        }
        let normalizedServer = try server.map(Self.normalizeServer) ?? ""

        let version = string("api-version") ?? "latest"
        guard ["latest", "v1", "v2", "v3", "v4"].contains(version) else {
            throw HubError.config("Unknown API version '\(version)'. Use latest, v1, v2, v3 or v4 (--api-version / HUBCTL_API_VERSION).", code: .invalidApiVersion)
        }
        let pinned = upper.string("api-version") != nil && version != "latest"

        // Every time limit a layer gives is checked here, in the table's order (a profile's invalid
        // deadline is this command's error, as the timeout's); the Invocation owns the deadline.
        var timeout = GlobalSetting.defaultTimeoutSeconds
        for limit in GlobalSetting.timeLimits {
            let seconds = try limit.seconds(string(limit.name) ?? limit.defaultValue!)
            if limit == .timeout { timeout = seconds }
        }

        var policy: UserCreationPolicy?
        if let p = string("user-creation-policy") {
            guard let parsed = UserCreationPolicy(rawValue: p.lowercased()) else {
                throw HubError.config("Invalid user creation policy '\(p)': use automatic, manual or certificate.", code: .invalidUserCreationPolicy)
            }
            policy = parsed
        }

        var oauth: OAuthSettings?
        if let clientId = string("oauth-client-id") {
            let redirect = string("redirect-uri") ?? GlobalSetting.redirectUri.defaultValue!
            oauth = OAuthSettings(
                clientId: clientId,
                redirectURI: try Self.absoluteURL(redirect, of: .redirectUri),
                authorizeURL: try Self.absoluteURL(string("oauth-authorize-url") ?? normalizedServer + "/oauth2/api/v1/authorize", of: .oauthAuthorizeUrl),
                tokenURL: try Self.absoluteURL(string("oauth-token-url") ?? normalizedServer + "/oauth2/api/v1/token", of: .oauthTokenUrl))
        }
        let platform = string("platform") ?? "auto"
        guard ["auto", "smp3", "mobile-services"].contains(platform) else {
            throw HubError.config("Unknown platform '\(platform)'. Use auto, smp3 or mobile-services (--platform / HUBCTL_PLATFORM / the profile's platform).", code: .invalidPlatform)
        }

        var resolved = ConnectionConfig(
            server: normalizedServer,
            appId: appId ?? "",
            user: string("user"),
            apiVersion: version,
            apiVersionPinned: pinned,
            anonymous: try switchValue(.anonymous, default: false),
            securityConfiguration: string("security-configuration"),
            domain: string("domain"),
            userCreationPolicy: policy,
            shareCredentials: try switchValue(.shareCredentials, default: true),
            caCertificate: string("cacert"),
            certificate: string("cert"),
            privateKey: string("key"),
            pkcs12: string("pkcs12"),
            certificateProvider: string("cert-provider"),
            timeout: timeout,
            profile: profile,
            plist: plistPath
        )
        resolved.oauth = oauth
        resolved.appVersion = string("app-version")
        resolved.platform = platform
        resolved.acpDestination = string("acp-dest")
        resolved.adminAPI = string("admin-api")
        resolved.cfUsername = string("cf-username")
        // Checked by the push commands that use them (PushBackendCredentials.profile), not here: a
        // mistake in them must not stop every other command.
        for feature in ServiceFeature.allCases {
            resolved.serviceCredentials[feature] = ServiceProfileSettings(feature: feature, string)
        }
        return resolved
    }

    /// A server and an application id, which every command that talks to the server needs (78 otherwise).
    public func requireConnection(_ config: ConnectionConfig) throws {
        try Self.requireConnection(server: config.server.isEmpty ? nil : config.server, appId: config.appId.isEmpty ? nil : config.appId,
                                   profile: config.profile, file: HubPaths.defaultConfigFile(environment: environment))
    }

    private static func requireConnection(server: String?, appId: String?, profile: String, file: String) throws {
        if server == nil {
            throw HubError.config("No server configured. Pass --server URL, set HUBCTL_SERVER, add `server:` to profile '\(profile)' in \(file), or give a clienthub.plist with --plist.", code: .missingServer)
        }
        if appId == nil {
            throw HubError.config("No application id configured. Pass --app-id ID, set HUBCTL_APP_ID, or add `app-id:` to profile '\(profile)' in \(file).", code: .missingAppId)
        }
    }

    /// An absolute http(s) URL without credentials (OAuth endpoints and the redirect URI); exit 78 otherwise.
    public static func absoluteURL(_ raw: String, of setting: GlobalSetting, code: ErrorCode = .invalidRedirectUri) throws -> String {
        guard let url = URLComponents(string: raw), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = URLHostName.of(url), !host.isEmpty,
              url.user == nil, url.password == nil, url.fragment == nil, !URLHostName.hasEmptyPort(raw) else {
            let source = [setting.flagName, setting.environment].compactMap { $0 }.joined(separator: " / ")
            throw HubError.config("Invalid \(setting.name) '\(HubError.redactingUserInfo(raw))': give an absolute http:// or https:// URL without credentials or fragment, and a port after any ':' (\(source)).", code: code)
        }
        return raw
    }

    /// The built-in defaults of the settings a profile can set (the last layer).
    static let defaults: [String: String] = Dictionary(uniqueKeysWithValues:
        GlobalSetting.all.filter(\.inProfile).compactMap { s in s.defaultValue.map { (s.name, $0) } })

    /// A time limit: a number of seconds greater than 0 and at most a day (exit 78 otherwise).
    public static func seconds(_ text: String, of setting: GlobalSetting, code: ErrorCode) throws -> Double {
        guard let value = Double(text), value > 0, value <= 86_400 else {
            let source = [setting.flagName, setting.environment].compactMap { $0 }.joined(separator: " / ")
            throw HubError.config("Invalid \(setting.name) '\(text)': give a number of seconds greater than 0 and at most 86400 (\(source)).", code: code)
        }
        return value
    }

    static func bool(_ text: String?) -> Bool? {
        text.flatMap(GlobalSetting.switchValue)
    }

    /// Checks that a server URL is `http(s)://host[:port][/prefix]` and drops a trailing slash.
    /// The host is read through `URLHostName` (no ICU for a plain name: about 0.2 ms of every call).
    static func normalizeServer(_ raw: String) throws -> String {
        if URLHostName.hasEmptyPort(raw) {
            throw HubError.config("Invalid server URL '\(HubError.redactingUserInfo(raw))': the port after ':' is empty, which would mean the scheme's default port. Give the port (e.g. http://127.0.0.1:8080) or leave out the ':'.", code: .invalidServer)
        }
        guard isServerURL(raw) else {
            throw HubError.config("Invalid server URL '\(HubError.redactingUserInfo(raw))'. Use scheme://host:port[/path-prefix], e.g. https://smp.example.com:8443 (no credentials, query or fragment).", code: .invalidServer)
        }
        var s = raw
        while s.hasSuffix("/") { s.removeLast() }
        return s
    }

    static func isServerURL(_ raw: String) -> Bool {
        guard let url = URLComponents(string: raw), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = URLHostName.of(url), !host.isEmpty,
              url.query == nil, url.fragment == nil, url.user == nil, url.password == nil,
              !URLHostName.hasEmptyPort(raw) else { return false }
        return true
    }

}
