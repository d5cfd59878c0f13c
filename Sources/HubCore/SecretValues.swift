// The secret values this process holds, and the text a person or a program is shown: what stderr
// carries (errors in either format, warnings, --verbose lines) passes through `MessageText`, which
// replaces every secret value with `[redacted]` and writes control characters as `\xNN`
// (docs/security.md "Provisioning commands under a hostile server (issue 48)", items 8 and 16).

import Foundation
import Synchronization

/// Every secret value hubctl has read or sent in this process: passwords (back end, Admin API, CF
/// technical user), the vault passphrase, tokens (CF access and refresh tokens, refreshed ones too,
/// OAuth and client-credentials tokens), API keys and client secrets. Each is registered where it
/// is read (`register`, one call), and the transport registers what a request carries as a
/// credential (HubTransport/CurlTransfer.swift), so that a server that echoes a credential in its
/// error text never gets it printed. Thread-safe: a batch runs its lines on several threads.
public enum SecretValues {
    /// Shorter values are not secrets worth hiding: redacting them would mangle ordinary words.
    public static let minimumLength = 6
    /// A quote cut short (a server message shortened to 300 characters) keeps a prefix of a token:
    /// a prefix of a registered value of at least this many characters is redacted too.
    public static let prefixLength = 24
    /// What a secret value becomes.
    public static let replacement = "[redacted]"

    /// The values, longest first (a value that contains another is replaced whole).
    private static let values = Mutex<[[UInt8]]>([])

    /// Remembers `value` (and, for a value with surrounding blanks, the value without them) as a
    /// secret of this process. Values shorter than `minimumLength` and nil are ignored.
    public static func register(_ value: String?) {
        guard let value else { return }
        var forms = [value]
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed != value { forms.append(trimmed) }
        let new = forms.map { Array($0.utf8) }.filter { $0.count >= minimumLength }
        guard !new.isEmpty else { return }
        values.withLock { list in
            for bytes in new where !list.contains(bytes) { list.append(bytes) }
            list.sort { $0.count > $1.count }
        }
    }

    /// `value`, registered (`register`): for a secret read as it is passed on.
    public static func registered(_ value: String) -> String {
        register(value)
        return value
    }

    /// `value`, registered when there is one.
    public static func registered(_ value: String?) -> String? {
        register(value)
        return value
    }

    /// The secret fields of an `application/x-www-form-urlencoded` body (an OAuth grant: a password,
    /// a refresh token, a client secret, a code and its verifier, an assertion).
    public static func register(form body: Data) {
        let secretFields: Set<String> = ["password", "refresh_token", "client_secret", "code", "code_verifier", "assertion", "client_assertion"]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, secretFields.contains(String(parts[0])) else { continue }
            register(String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding)
        }
    }

    /// Basic credentials as the `Authorization` header carries them: base64 of `user:password`
    /// (a server that echoes the header shows this form).
    public static func registerBasic(user: String, password: String) {
        register(password)
        register(Data((user + ":" + password).utf8).base64EncodedString())
    }

    /// `text` with every registered value, and every prefix of one of at least `prefixLength`
    /// characters, replaced by `replacement`.
    public static func redact(_ text: String) -> String {
        let secrets = values.withLock { $0 }
        guard !secrets.isEmpty, !text.isEmpty else { return text }
        var bytes = Array(text.utf8)
        var changed = false
        for secret in secrets {
            let head = min(secret.count, prefixLength)
            guard bytes.count >= head else { continue }
            var out: [UInt8] = []
            var i = 0
            var replacedHere = false
            while i < bytes.count {
                guard bytes.count - i >= head, bytes[i] == secret[0], bytes[i..<(i + head)].elementsEqual(secret[0..<head]) else {
                    out.append(bytes[i])
                    i += 1
                    continue
                }
                // As much of the value as the text holds from here; never ending inside a character.
                var length = head
                while length < secret.count, i + length < bytes.count, bytes[i + length] == secret[length] { length += 1 }
                while length < secret.count, length > head, secret[length] & 0xC0 == 0x80 { length -= 1 }
                out += Array(replacement.utf8)
                i += length
                replacedHere = true
            }
            if replacedHere {
                bytes = out
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// Forgets every value (tests only).
    public static func removeAllForTesting() { values.withLock { $0.removeAll() } }
}

/// The one way a message reaches stderr (HubCLI's Console): secrets redacted, control characters
/// (escape sequences, line breaks, carriage returns a server put in its text) shown as `\xNN`.
public enum MessageText {
    /// A line for a terminal: redacted, every control character (C0, DEL, C1) as `\xNN`.
    public static func line(_ text: String) -> String {
        printable(SecretValues.redact(text))
    }

    /// The message of a JSON error document: redacted, every control character but the line feed
    /// as `\xNN` (a decoded message prints as it reads; hubctl's own usage text keeps its lines,
    /// which JSON writes as `\n`).
    public static func json(_ text: String) -> String {
        printable(SecretValues.redact(text), keepingLineFeeds: true)
    }

    /// Control characters (C0, DEL, C1) as `\xNN`.
    public static func printable(_ text: String, keepingLineFeeds: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLineFeeds && $0 == "\n") }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingLineFeeds && scalar == "\n") {
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
