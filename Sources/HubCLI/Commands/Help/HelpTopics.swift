// `hubctl help exit-codes` and `hubctl help environment`: reference pages that are not commands.

import HubConfig

enum HelpTopics {
    static let topics: [String: String] = [
        "exit-codes": exitCodes,
        "environment": environment,
    ]

    static let exitCodes = """
    EXIT CODES (stable; scripts may rely on them)
      0   ok
      3   partial        `push send`: some targets got nothing, others did (the results on
                         stdout say which); `app prune`: some deletes failed (its report
                         on stdout says which)
      64  usage          bad flags or arguments; a read-only, unknown or mistyped property;
                         an `app` request refused before sending (a reserved or malformed
                         app id, a feature, scope or X.509 key SAP does not take, a prune
                         pattern that matches everything)
      65  data           invalid plist; malformed server answer; corrupt or hostile archive;
                         vault file damaged; unknown setting name
      66  no input       a named file is missing; no registration to act on; no bundle (404);
                         `push send` reached no device: none registered for the target; an
                         unknown Mobile Services application (`app show`, `app key`,
                         `app delete`)
      69  unavailable    cannot connect; server errors that persist after retries; the
                         server's TLS certificate is not trusted (pass --cacert) or names
                         another host; a certificate provider failed, hung or printed garbage
      70  internal       a bug in hubctl (please report it)
      73  cannot create  destination not writable, disk full
      75  temporary      timed out (raise --timeout or --deadline, or retry later)
      77  permission     authentication failed (401/403, rejected or missing client
                         certificate, unusable key or wrong PKCS#12 passphrase); wrong vault
                         passphrase; files with unsafe permissions; the Admin API answered
                         a login page; a Cloud Foundry token that cannot be refreshed (run
                         `cf login`)
      78  config         missing or contradictory configuration (no server, no app id,
                         unknown profile)
      130 interrupted    `acp check --wait` stopped by SIGINT (SIGTERM ends it with 0)

    On failure stdout is empty and stderr carries one JSON line:
      {"error": {"code": "auth_failed", "message": "…", "status": 401}}
    ("status" only when a server answered). When stderr is a terminal it carries \
    `hubctl: error: MESSAGE` and a `hint:` line instead; --error-format json|text \
    or HUBCTL_ERROR_FORMAT chooses.
    """

    /// Generated from the settings table, so it lists exactly what hubctl reads.
    static var environment: String {
        var lines = [
            "ENVIRONMENT",
            "  Settings come from, first match wins: the flag, the variable, the profile in the",
            "  configuration file, a clienthub.plist (--plist), built-in defaults.",
            "",
        ]
        for setting in GlobalSetting.all {
            guard let variable = setting.environment else { continue }
            var text = setting.summary
            if let flag = setting.flagName { text += " (\(flag))" }
            if let value = setting.defaultValue { text += " Default: \(value)." }
            if setting.inProfile { text += " Profile key: \(setting.name)." }
            lines.append("  " + variable)
            lines.append(contentsOf: wrap(text, width: 76, indent: "      "))
        }
        lines.append("")
        lines.append(contentsOf: wrap("Switches (HUBCTL_NO_INPUT, HUBCTL_ALLOW_HTTP, HUBCTL_ANONYMOUS, HUBCTL_SHARE_CREDENTIALS) take 1, true, yes or on, or 0, false, no or off, in any case; any other value is refused (exit 78).",
                                      width: 76, indent: "  "))
        lines.append(contentsOf: wrap("Secrets (HUBCTL_PASSWORD and the passphrases) are never taken from argv or a profile: there is no --password or --passphrase flag.",
                                      width: 76, indent: "  "))
        return lines.joined(separator: "\n")
    }

    /// The variables in one comma-separated list, for the root command's help.
    static var variableList: String {
        GlobalSetting.all.compactMap(\.environment).joined(separator: ", ")
    }

    /// Words wrapped at `width`, each line indented.
    /// (Lengths are counted as the words are added: String.count walks the string, and this runs
    /// on every start, since the help command's configuration is built when hubctl parses.)
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        let indentLength = indent.count
        var line = indent, length = indentLength
        for word in text.split(separator: " ") {
            let wordLength = word.count
            if length > indentLength, length + 1 + wordLength > width {
                lines.append(line)
                line = indent
                length = indentLength
            }
            if length > indentLength {
                line += " "
                length += 1
            }
            line += word
            length += wordLength
        }
        if length > indentLength { lines.append(line) }
        return lines
    }
}
