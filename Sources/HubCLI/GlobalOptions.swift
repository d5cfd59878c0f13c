// The global flags of cli.md, shared by every command through @OptionGroup.

import ArgumentParser

public struct GlobalOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(help: ArgumentHelp("Server base URL, scheme://host:port[/path-prefix] (env HUBCTL_SERVER).", valueName: "url"))
    public var server: String?

    @Option(help: ArgumentHelp("clienthub.plist to take connection settings from (env HUBCTL_PLIST).", valueName: "path"), completion: .file())
    public var plist: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Application id, e.g. com.acme.field (env HUBCTL_APP_ID).", valueName: "id"))
    public var appId: String?

    @Option(help: ArgumentHelp("Profile in the configuration file (env HUBCTL_PROFILE; default: default).", valueName: "name"),
            completion: DynamicCompletion.profiles)
    public var profile: String?

    @Option(help: ArgumentHelp("Back-end user (env HUBCTL_USER).", valueName: "name"))
    public var user: String?

    @Flag(name: .customLong("password-stdin"), help: "Read the back-end password from the first line of stdin (or set HUBCTL_PASSWORD).")
    public var passwordStdin = false

    @Option(help: ArgumentHelp("Client certificate, PEM (env HUBCTL_CERT).", valueName: "path"), completion: .file())
    public var cert: String?

    @Option(help: ArgumentHelp("Client private key, PEM (env HUBCTL_KEY).", valueName: "path"), completion: .file())
    public var key: String?

    @Option(help: ArgumentHelp("Client certificate and key, PKCS#12; passphrase in HUBCTL_PKCS12_PASSPHRASE (env HUBCTL_PKCS12).", valueName: "path"), completion: .file())
    public var pkcs12: String?

    @Option(name: .customLong("cert-provider"), help: ArgumentHelp("Certificate provider: an external program, or `vault` for the certificate kept in the vault (env HUBCTL_CERT_PROVIDER).", valueName: "cmd"))
    public var certProvider: String?

    @Option(help: ArgumentHelp("CA bundle to trust for the server (env HUBCTL_CACERT).", valueName: "path"), completion: .file())
    public var cacert: String?

    @Flag(help: "Skip TLS certificate verification. Dangerous: anyone on the path can read your credentials.")
    public var insecure = false

    @Option(name: .customLong("api-version"), help: ArgumentHelp("latest (default; falls back to v1 on 404) or a pinned v1…v4 (env HUBCTL_API_VERSION).", valueName: "v"))
    public var apiVersion: String?

    @Option(help: ArgumentHelp("Where the vault and state live (env HUBCTL_HOME; default ${XDG_DATA_HOME:-~/.local/share}/hubctl).", valueName: "dir"), completion: .directory)
    public var home: String?

    @Option(help: ArgumentHelp("Per-request time limit in seconds (env HUBCTL_TIMEOUT; default 30).", valueName: "seconds"))
    public var timeout: Double?

    @Flag(name: .customLong("no-input"), help: "Never prompt (env HUBCTL_NO_INPUT=1); implied when stdin is not a terminal.")
    public var noInput = false

    @Flag(help: "The application allows anonymous connections: use its public/ path (env HUBCTL_ANONYMOUS=1).")
    public var anonymous = false

    @Flag(help: "Log one line per request on stderr, secrets redacted.")
    public var verbose = false

    @Option(name: .customLong("vault-passphrase-file"), help: ArgumentHelp("File whose first line is the vault passphrase (or set HUBCTL_VAULT_PASSPHRASE / HUBCTL_VAULT_KEY).", valueName: "path"), completion: .file())
    public var vaultPassphraseFile: String?
}
