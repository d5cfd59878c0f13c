// `hubctl help exit-codes` and `hubctl help environment`: reference pages that are not commands.

import HubConfig
import HubCore

enum HelpTopics {
    static let topics: [String: String] = [
        "exit-codes": exitCodes,
        "environment": environment,
    ]

    /// `hubctl help exit-codes`, rendered from `ExitCodeTable` (the README's table is the same
    /// rows: AgreementTests and HelpTopicsEndToEndTests compare them row by row).
    static let exitCodes: String = {
        var lines = ["EXIT CODES (stable; scripts may rely on them)"]
        for row in ExitCodeTable.rows {
            let code = String(row.code), indent = String(repeating: " ", count: 21)
            let head = "  " + code + String(repeating: " ", count: 4 - code.count) + row.name
            guard !row.when.isEmpty else { lines.append(head); continue }
            let prefix = head + String(repeating: " ", count: 15 - row.name.count)
            var wrapped = wrap(row.when, width: 90, indent: indent)
            wrapped[0] = prefix + wrapped[0].dropFirst(indent.count)
            lines.append(contentsOf: wrapped)
        }
        lines.append("")
        lines.append("""
        On failure stdout is empty and stderr carries one JSON line:
          {"error": {"code": "auth_failed", "message": "…", "status": 401}}
        ("status" only when a server answered). When stderr is a terminal it carries \
        `hubctl: error: MESSAGE` and a `hint:` line instead; --error-format json|text \
        or HUBCTL_ERROR_FORMAT chooses.
        """)
        return lines.joined(separator: "\n")
    }()

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

/// The exit codes, one row each: what `hubctl help exit-codes` prints and the README's "Exit codes"
/// table holds, word for word (`markdown` is that table).
enum ExitCodeTable {
    struct Row: Equatable {
        var code: Int32
        var name: String
        var when: String
    }

    static let rows: [Row] = [
        Row(code: 0, name: "ok", when: ""),
        Row(code: FailureKind.partial.exitCode, name: "partial",
            when: "`push send`: the requests went through but some devices failed or some users had no registration, while others were notified (the report on stdout says which); `app prune`, `bundle prune`: some deletes failed (its report on stdout says which)"),
        Row(code: FailureKind.usage.exitCode, name: "usage",
            when: "bad flags or arguments; a read-only, unknown or mistyped property; an `app` request refused before anything is sent (a reserved or malformed app id, a feature, scope or X.509 key SAP does not take, a prune pattern without a literal prefix before its first wildcard, a feature or plan the catalogue lacks); an `app version` package that is not a zip, is encrypted or lacks `android/` or `ios/` (hybrid), a revision that is not pending, `delete --all` without `--yes` and no terminal"),
        Row(code: FailureKind.data.exitCode, name: "data",
            when: "invalid plist; malformed server answer (among them a token answer that is no usable Bearer token, and an id, name or version that cannot be one segment of an address); corrupt or hostile archive; vault file damaged; unknown setting name; a file or directory that changed, or was replaced, while `bundle publish` sent it (the bundle it created is removed)"),
        Row(code: FailureKind.noInput.exitCode, name: "no input",
            when: "a named file is missing; no registration to act on; no bundle on the server (404); `push send` that reached no device because none is registered for the target (`no_registrations`: the report is still on stdout); a push operator's 404 that is not Mobile Services' \"no registrations\" answer (unknown application or tenant, wrong URL); an unknown Mobile Services application (`app show`, `app key`, `app version`, `app destination`, `app delete` without `--missing-ok`), an app without the proxy feature, a destination it lacks"),
        Row(code: FailureKind.unavailable.exitCode, name: "unavailable",
            when: "cannot connect; server errors that persist after retries; an upload the server answered before receiving all of it; the server's TLS certificate is not trusted (pass --cacert) or names another host; a certificate provider failed, hung or printed garbage; a Cloud Foundry job that failed (`app create` names the failed instance left behind and `hubctl app delete` for it); an empty services catalogue; `app version deploy --promote` when a platform shows no new revision, or two"),
        Row(code: FailureKind.internal.exitCode, name: "internal", when: "a bug in hubctl (please report it)"),
        Row(code: FailureKind.cannotCreate.exitCode, name: "cannot create",
            when: "destination not writable, disk full; something already at an `--out` path (a file, a directory, a symbolic link), refused before anything is sent; `app create` when the app exists (`--if-exists fail`, the default) or when `--max-apps` apps exist"),
        Row(code: FailureKind.temporary.exitCode, name: "temporary", when: "timed out (raise --timeout or --deadline, or retry later)"),
        Row(code: FailureKind.permission.exitCode, name: "permission",
            when: "authentication failed (401/403, rejected or missing client certificate, unusable key or wrong PKCS#12 passphrase; for the push operator's commands any 401, whatever its body: empty, text or an HTML page); wrong vault passphrase; files with unsafe permissions; a login instead of the Admin API's answer (a login page, `com.sap.cloud.security.login: login-request`, or a redirect); a Cloud Foundry token that cannot be refreshed (run `cf login`)"),
        Row(code: FailureKind.config.exitCode, name: "config", when: "missing or contradictory configuration (no server, no app id, unknown profile)"),
        Row(code: FailureKind.interrupted.exitCode, name: "interrupted",
            when: "`acp check --wait` or `probe` stopped by SIGINT (SIGTERM ends `acp check --wait` with 0)"),
        Row(code: FailureKind.terminated.exitCode, name: "terminated",
            when: "`probe` stopped by SIGTERM: it cleaned up its throw-away connection and still wrote its report and textfile, naming the interrupted step"),
    ]

    /// The README's table.
    static var markdown: String {
        (["| code | name | when |", "|---|---|---|"] + rows.map { "| \($0.code) | \($0.name) | \($0.when.isEmpty ? "" : $0.when + " ")|" })
            .joined(separator: "\n")
    }
}
