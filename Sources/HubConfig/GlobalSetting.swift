// The one table of hubctl's global settings. Each row says how a setting is given (flag,
// environment variable, profile key), what it means, its default and whether it is a secret.
// The global options, the argument-order normaliser, the configuration layers, the profile
// keys, `hubctl help environment`, the root help and the man pages are all derived from it;
// a test checks that they agree. Add a setting here first (docs/architecture.md).

import HubCore

/// One global setting.
public struct GlobalSetting: Sendable, Hashable {
    public enum Form: Sendable, Hashable {
        /// Takes a value: `--name VALUE`; the string is the value's placeholder in help.
        case value(String)
        /// A switch: `--name` alone (environment: 1/true/yes/on).
        case flag
    }

    /// The name in the configuration layers and in a profile: `app-id`. The flag is `--<name>`.
    public let name: String
    public let form: Form
    /// Whether `--<name>` is a global option.
    public let hasFlag: Bool
    public let environment: String?
    /// Whether a profile in config.yaml may set it (never for secrets).
    public let inProfile: Bool
    /// Secrets come from the environment, stdin, a file or the vault; never argv or a profile.
    public let secret: Bool
    public let summary: String
    public let defaultValue: String?

    init(_ name: String, _ form: Form = .value("value"), flag: Bool = true, env: String? = nil, profile: Bool = false,
         secret: Bool = false, default defaultValue: String? = nil, _ summary: String) {
        self.name = name
        self.form = form
        self.hasFlag = flag
        self.environment = env
        self.inProfile = profile
        self.secret = secret
        self.summary = summary
        self.defaultValue = defaultValue
    }

    public var flagName: String? { hasFlag ? "--" + name : nil }

    /// The variable the configuration layers read for a profile setting: `app-id` → `HUBCTL_APP_ID`.
    public static func layeredVariable(_ name: String) -> String {
        "HUBCTL_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}

extension GlobalSetting {
    public static let server = GlobalSetting("server", .value("url"), env: "HUBCTL_SERVER", profile: true,
                                             "Server base URL, scheme://host:port[/path-prefix].")
    public static let plist = GlobalSetting("plist", .value("path"), env: "HUBCTL_PLIST", profile: true,
                                            "clienthub.plist to take connection settings from.")
    public static let appId = GlobalSetting("app-id", .value("id"), env: "HUBCTL_APP_ID", profile: true,
                                            "Application id, e.g. com.acme.field.")
    public static let profile = GlobalSetting("profile", .value("name"), env: "HUBCTL_PROFILE", default: "default",
                                              "Profile in the configuration file.")
    public static let config = GlobalSetting("config", .value("path"), flag: false, env: "HUBCTL_CONFIG",
                                             default: "${XDG_CONFIG_HOME:-~/.config}/hubctl/config.yaml",
                                             "The configuration file (profiles).")
    public static let user = GlobalSetting("user", .value("name"), env: "HUBCTL_USER", profile: true, "Back-end user.")
    public static let passwordStdin = GlobalSetting("password-stdin", .flag,
                                                    "Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).")
    public static let password = GlobalSetting("password", flag: false, env: "HUBCTL_PASSWORD", secret: true,
                                               "Back-end password (or --password-stdin).")
    public static let securityConfiguration = GlobalSetting("security-configuration", flag: false, env: "HUBCTL_SECURITY_CONFIGURATION",
                                                            profile: true, "Client Hub security configuration (X-SMP-SC), when no clienthub.plist gives it.")
    public static let domain = GlobalSetting("domain", flag: false, env: "HUBCTL_DOMAIN", profile: true,
                                             "Client Hub domain (X-SMP-DOMAIN), when no clienthub.plist gives it.")
    public static let userCreationPolicy = GlobalSetting("user-creation-policy", flag: false, env: "HUBCTL_USER_CREATION_POLICY",
                                                         profile: true, "automatic, manual or certificate, when no clienthub.plist gives it.")
    public static let shareCredentials = GlobalSetting("share-credentials", flag: false, env: "HUBCTL_SHARE_CREDENTIALS", profile: true,
                                                       default: "true", "Share vault credentials per security configuration (Client Hub).")
    public static let anonymous = GlobalSetting("anonymous", .flag, env: "HUBCTL_ANONYMOUS", profile: true,
                                                "The application allows anonymous connections: use its public/ path.")
    public static let cert = GlobalSetting("cert", .value("path"), env: "HUBCTL_CERT", profile: true, "Client certificate, PEM.")
    public static let key = GlobalSetting("key", .value("path"), env: "HUBCTL_KEY", profile: true, "Client private key, PEM.")
    public static let keyPassphrase = GlobalSetting("key-passphrase", flag: false, env: "HUBCTL_KEY_PASSPHRASE", secret: true,
                                                    "The passphrase of an encrypted PEM key (--key).")
    public static let pkcs12 = GlobalSetting("pkcs12", .value("path"), env: "HUBCTL_PKCS12", profile: true,
                                             "Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE.")
    public static let pkcs12Passphrase = GlobalSetting("pkcs12-passphrase", flag: false, env: "HUBCTL_PKCS12_PASSPHRASE", secret: true,
                                                       "The passphrase of the PKCS#12 file (--pkcs12).")
    public static let certProvider = GlobalSetting("cert-provider", .value("cmd"), env: "HUBCTL_CERT_PROVIDER", profile: true,
                                                   "Certificate provider: an external program (split on spaces, no shell), or `vault` for the certificate kept in the vault.")
    public static let certProviderTimeout = GlobalSetting("cert-provider-timeout", flag: false, env: "HUBCTL_CERT_PROVIDER_TIMEOUT",
                                                          default: "30", "Seconds a certificate provider program may take.")
    public static let cacert = GlobalSetting("cacert", .value("path"), env: "HUBCTL_CACERT", profile: true,
                                             "CA bundle to trust for the server.")
    public static let insecure = GlobalSetting("insecure", .flag,
                                               "Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.")
    public static let allowHTTP = GlobalSetting("allow-http", .flag, env: "HUBCTL_ALLOW_HTTP",
                                                "Let passwords, API keys, client secrets and tokens go over plain http:// to a host that is not loopback (warned about each time). Dangerous.")
    public static let apiVersion = GlobalSetting("api-version", .value("v"), env: "HUBCTL_API_VERSION", profile: true, default: "latest",
                                                 "latest (falls back to v1 on 404) or a pinned v1…v4.")
    public static let home = GlobalSetting("home", .value("dir"), env: "HUBCTL_HOME", default: "${XDG_DATA_HOME:-~/.local/share}/hubctl",
                                           "Where the vault and state live.")
    /// The defaults of `timeout` and `deadline`, in seconds: the only place they are written.
    public static let defaultTimeoutSeconds: Double = 30
    public static let defaultDeadlineSeconds: Double = 120

    public static let timeout = GlobalSetting("timeout", .value("seconds"), env: "HUBCTL_TIMEOUT", profile: true,
                                              default: String(Int(defaultTimeoutSeconds)),
                                              "Per-request time limit in seconds (each attempt).")
    public static let deadline = GlobalSetting("deadline", .value("seconds"), env: "HUBCTL_DEADLINE", profile: true,
                                               default: String(Int(defaultDeadlineSeconds)),
                                               "Overall time limit of a command in seconds: every request, retry, wait and download ends within it.")
    public static let noInput = GlobalSetting("no-input", .flag, env: "HUBCTL_NO_INPUT",
                                              "Never prompt; implied when stdin is not a terminal.")
    public static let verbose = GlobalSetting("verbose", .flag, "Log one line per request on stderr, secrets redacted.")
    public static let vaultPassphraseFile = GlobalSetting("vault-passphrase-file", .value("path"),
                                                          "File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).")
    public static let vaultPassphrase = GlobalSetting("vault-passphrase", flag: false, env: "HUBCTL_VAULT_PASSPHRASE", secret: true,
                                                      "The vault passphrase (or --vault-passphrase-file).")
    public static let vaultKey = GlobalSetting("vault-key", flag: false, env: "HUBCTL_VAULT_KEY", secret: true,
                                               "A raw 256-bit vault key, base64 (for CI; skips the KDF).")
    public static let vaultNewPassphrase = GlobalSetting("vault-new-passphrase", flag: false, env: "HUBCTL_VAULT_NEW_PASSPHRASE", secret: true,
                                                         "The new passphrase for `vault rekey`.")
    public static let vaultNewKey = GlobalSetting("vault-new-key", flag: false, env: "HUBCTL_VAULT_NEW_KEY", secret: true,
                                                  "The new raw key (base64) for `vault rekey`.")
    public static let platform = GlobalSetting("platform", .value("name"), env: "HUBCTL_PLATFORM", profile: true, default: "auto",
                                               "Which server's client services to use: auto (asks the server once per command), smp3 or mobile-services.")
    public static let errorFormat = GlobalSetting("error-format", .value("format"), env: "HUBCTL_ERROR_FORMAT",
                                                  default: "text on a terminal, else json",
                                                  "How errors are written on stderr: text (a line and a hint) or json (the error document).")
    public static let acpDest = GlobalSetting("acp-dest", .value("dir"), flag: false, env: "HUBCTL_ACP_DEST", profile: true,
                                              "The Application Configuration Profile directory of `acp check|fetch` when --dest is not given.")
    // The `app` commands (docs/protocol.md §17): their own flags (--admin-api, --cf-token-file,
    // --cf-password-file) win over these.
    public static let adminApi = GlobalSetting("admin-api", .value("url"), flag: false, env: "HUBCTL_ADMIN_API", profile: true,
                                               "The Mobile Services Admin API base of `hubctl app` (…/cockpit/v1/org/<guid>/space/<guid>) when --admin-api is not given.")
    public static let cfToken = GlobalSetting("cf-token", flag: false, env: "HUBCTL_CF_TOKEN", secret: true,
                                              "A Cloud Foundry access token for `hubctl app` (\"bearer \" optional), instead of cf's config.json.")
    public static let cfUsername = GlobalSetting("cf-username", .value("name"), flag: false, env: "HUBCTL_CF_USERNAME", profile: true,
                                                 "A technical user of `hubctl app`: its password grant, the password from --cf-password-file.")
    public static let noColor = GlobalSetting("no-color", .flag, flag: false, env: "NO_COLOR",
                                              "No colour on stderr (also TERM=dumb).")

    // OAuth2 on SAP Mobile Services (docs/protocol.md §14).
    public static let oauthClientId = GlobalSetting("oauth-client-id", .value("id"), env: "HUBCTL_OAUTH_CLIENT_ID", profile: true,
                                                    "OAuth client id of the application (Mobile Services cockpit); turns on OAuth.")
    public static let redirectUri = GlobalSetting("redirect-uri", .value("url"), env: "HUBCTL_REDIRECT_URI", profile: true,
                                                  default: "http://127.0.0.1:8765/callback",
                                                  "OAuth redirect URI as configured for the client; on loopback hubctl listens there (port 0: any free port).")
    public static let oauthAuthorizeUrl = GlobalSetting("oauth-authorize-url", .value("url"), env: "HUBCTL_OAUTH_AUTHORIZE_URL", profile: true,
                                                        "OAuth authorization endpoint (default: SERVER/oauth2/api/v1/authorize).")
    public static let oauthTokenUrl = GlobalSetting("oauth-token-url", .value("url"), env: "HUBCTL_OAUTH_TOKEN_URL", profile: true,
                                                    "OAuth token endpoint (default: SERVER/oauth2/api/v1/token).")
    public static let appVersion = GlobalSetting("app-version", .value("version"), env: "HUBCTL_APP_VERSION", profile: true,
                                                 "Application version sent as X-APP-VERSION (application versioning).")
    public static let refreshToken = GlobalSetting("refresh-token", flag: false, env: "HUBCTL_REFRESH_TOKEN", secret: true,
                                                   "An OAuth refresh token that seeds the vault when it has none (CI).")

    /// Every global setting, in the order help lists them.
    public static let all: [GlobalSetting] = [
        .server, .plist, .appId, .profile, .config, .user, .passwordStdin, .password,
        .securityConfiguration, .domain, .userCreationPolicy, .shareCredentials, .anonymous,
        .cert, .key, .keyPassphrase, .pkcs12, .pkcs12Passphrase, .certProvider, .certProviderTimeout,
        .cacert, .insecure, .allowHTTP, .apiVersion, .home, .timeout, .deadline, .noInput, .verbose,
        .vaultPassphraseFile, .vaultPassphrase, .vaultKey, .vaultNewPassphrase, .vaultNewKey, .noColor,
        .oauthClientId, .redirectUri, .oauthAuthorizeUrl, .oauthTokenUrl, .appVersion, .refreshToken,
        .platform,
        .errorFormat, .acpDest, .adminApi, .cfToken, .cfUsername,
    ] + ServiceFeature.allCases.flatMap(serviceCredentials) // push-*, bundles-* (ServiceProfileSettings.swift)

    /// The keys a profile may set.
    public static var profileKeys: [String] { all.filter(\.inProfile).map(\.name) }

    /// The help text of a flag: the summary, then the variable and default when there are.
    public var flagHelp: String {
        // Built by concatenation: every global option's help is made whenever the options are (the
        // fast path too), and `joined` costs that path a conformance lookup.
        var notes = ""
        if let environment { notes += "env " + environment + (form == .flag ? "=1" : "") }
        if let defaultValue { notes += (notes.isEmpty ? "" : "; ") + "default: " + defaultValue }
        return notes.isEmpty ? summary : summary + " (" + notes + ")"
    }
}

extension GlobalSetting {
    /// The setting's variable in `environment`; nil when the setting has none, or it is unset or
    /// empty. Every read of a HUBCTL_* variable goes through here or the configuration layers.
    public func value(in environment: [String: String]) -> String? {
        guard let name = self.environment, let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// A switch's variable: on for 1/true/yes/on, off for 0/false/no/off or unset (any case).
    /// Another value is a configuration error (78) naming the variable.
    public func isOn(in environment: [String: String]) throws -> Bool {
        guard let text = value(in: environment) else { return false }
        guard let on = Self.switchValue(text) else {
            throw HubError.config("\(self.environment ?? name) is \(HubError.quoted(text)): set it to 1, true, yes or on (or 0, false, no, off), or unset it.",
                                  code: .config)
        }
        return on
    }

    /// The time limits, in the table's order: a number of seconds, each with its own error code.
    public static let timeLimits: [GlobalSetting] = [.timeout, .deadline]
    public var isTimeLimit: Bool { self == .timeout || self == .deadline }

    /// A time limit's value: seconds greater than 0 and at most a day (78 with the setting's code
    /// otherwise). `ConfigResolver` checks every time limit a layer gives with it; the Invocation
    /// owns the deadline's value.
    public func seconds(_ text: String) throws -> Double {
        try ConfigResolver.seconds(text, of: self, code: self == .deadline ? .invalidDeadline : .invalidTimeout)
    }

    /// 1/true/yes/on → true, 0/false/no/off → false (any case), else nil.
    public static func switchValue(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes", "on": true
        case "0", "false", "no", "off": false
        default: nil
        }
    }
}
