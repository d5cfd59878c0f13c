// `hubctl help exit-codes` and `hubctl help environment`: reference pages that are not commands.

enum HelpTopics {
    static let topics: [String: String] = [
        "exit-codes": exitCodes,
        "environment": environment,
    ]

    static let exitCodes = """
    EXIT CODES (stable; scripts may rely on them)
      0   ok
      64  usage          bad flags or arguments; a read-only, unknown or mistyped property
      65  data           invalid plist; malformed server answer; corrupt or hostile archive;
                         vault file damaged; unknown setting name
      66  no input       a named file is missing; no registration to act on; no bundle (404)
      69  unavailable    cannot connect; server errors that persist after retries; the
                         server's TLS certificate is not trusted (pass --cacert) or names
                         another host; a certificate provider failed, hung or printed garbage
      70  internal       a bug in hubctl (please report it)
      73  cannot create  destination not writable, disk full
      75  temporary      timed out (raise --timeout or retry later)
      77  permission     authentication failed (401/403, rejected or missing client
                         certificate, unusable key or wrong PKCS#12 passphrase); wrong vault
                         passphrase; files with unsafe permissions
      78  config         missing or contradictory configuration (no server, no app id,
                         unknown profile)

    On failure stdout is empty and stderr carries one JSON line:
      {"error": {"code": "auth_failed", "message": "…", "status": 401}}
    ("status" only when a server answered).
    """

    static let environment = """
    ENVIRONMENT
      Settings come from, first match wins: the flag, the variable, the profile in the
      configuration file, a clienthub.plist (--plist), built-in defaults.

      HUBCTL_SERVER            base URL, scheme://host:port[/path-prefix]        (--server)
      HUBCTL_PLIST             clienthub.plist to take connection settings from  (--plist)
      HUBCTL_APP_ID            application id                                     (--app-id)
      HUBCTL_PROFILE           profile in the configuration file (default: default)
      HUBCTL_CONFIG            configuration file (default ${XDG_CONFIG_HOME:-~/.config}/hubctl/config.yaml)
      HUBCTL_USER              back-end user                                      (--user)
      HUBCTL_PASSWORD          back-end password (or --password-stdin)
      HUBCTL_SECURITY_CONFIGURATION, HUBCTL_DOMAIN, HUBCTL_USER_CREATION_POLICY,
      HUBCTL_SHARE_CREDENTIALS the Client Hub settings, when no clienthub.plist gives them
      HUBCTL_ANONYMOUS=1       the application allows anonymous connections (--anonymous)
      HUBCTL_CERT, HUBCTL_KEY  client certificate and key, PEM                    (--cert, --key)
      HUBCTL_PKCS12            client certificate and key, PKCS#12                (--pkcs12)
      HUBCTL_KEY_PASSPHRASE    the passphrase of an encrypted PEM key (--key)
      HUBCTL_PKCS12_PASSPHRASE the passphrase of the PKCS#12 file (--pkcs12)
      HUBCTL_CERT_PROVIDER     certificate provider: `vault` (built in) or a      (--cert-provider)
                               program (split on spaces, no shell) run with get/delete
      HUBCTL_CERT_PROVIDER_TIMEOUT  seconds a provider program may take (default 30)
      HUBCTL_CACERT            CA bundle to trust for the server                  (--cacert)
      HUBCTL_API_VERSION       latest (default, falls back to v1) or v1…v4        (--api-version)
      HUBCTL_HOME              vault and state (default ${XDG_DATA_HOME:-~/.local/share}/hubctl)
      HUBCTL_TIMEOUT           per-request limit in seconds (default 30)          (--timeout)
      HUBCTL_NO_INPUT=1        never prompt                                       (--no-input)
      HUBCTL_VAULT_PASSPHRASE  the vault passphrase (or --vault-passphrase-file)
      HUBCTL_VAULT_KEY         a raw 256-bit vault key, base64 (for CI; skips the KDF)
      HUBCTL_VAULT_NEW_PASSPHRASE  the new passphrase for `vault rekey`
      NO_COLOR, TERM=dumb      no colour on stderr

    Secrets are never taken from argv: there is no --password or --passphrase flag.
    """
}
