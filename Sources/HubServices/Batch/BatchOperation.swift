// One line of a batch, parsed and checked: its command, its identity, or why it cannot run.

import Foundation
import HubCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One line of the input, parsed.
public struct BatchOperation: Sendable {
    /// The batch's own flags that make a line's identity where the line does not give its key.
    public struct Defaults: Sendable {
        public var server, appId, user, profile: String?
        public init(server: String?, appId: String?, user: String?, profile: String?) {
            self.server = server
            self.appId = appId
            self.user = user
            self.profile = profile
        }
    }

    public let line: Int
    /// (server, app id, user, profile) as the line and the batch's flags give them: the unit of
    /// ordering and of sharding.
    public let identity: String
    public let arguments: [String]
    public let server: String?
    public let appId: String?
    public let user: String?
    public let profile: String?
    public let passwordEnv: String?
    /// Set when the line cannot run (not JSON, an unknown key, a command batch does not run).
    public let refusal: HubError?
    /// The SHA-256 of the line's bytes (without its line ending), in hex: with the line number, what
    /// a result is keyed by, so `--resume` can tell an edited jobs file (docs/security.md §16).
    public let digest: String

    /// `password-env` may only name variables of this prefix: a jobs file must not be able to send
    /// any of the process's variables (AWS_SECRET_ACCESS_KEY, …) to a server as a password.
    static let passwordVariablePrefix = "HUBCTL_"

    static let keys: Set<String> = ["command", "server", "app-id", "user", "profile", "password-env"]
    /// Command groups a batch runs; the others prompt, read stdin, or print text.
    static let allowedCommands: Set<String> = ["register", "unregister", "settings", "acp", "status", "plist",
                                                "push", "logs", "usage", "whoami", "policy"]

    public init(line: Int, text: String, defaults batch: Defaults) {
        let bytes = Array(text.utf8)
        self.init(line: line, bytes: bytes, digest: Self.digest(of: bytes), defaults: batch)
    }

    /// The SHA-256 of a line's bytes, in hex.
    public static func digest(of bytes: [UInt8]) -> String {
        (try? bytes.withUnsafeBytes { try SHA256Digest.hex(of: $0) }) ?? ""
    }

    public init(line: Int, bytes: [UInt8], digest: String, defaults batch: Defaults) {
        self.line = line
        self.digest = digest
        var arguments: [String] = []
        var strings: [String: String] = [:]
        var refusal: HubError?
        if bytes.count > BatchInput.maxLineBytes {
            refusal = HubError.usage("Line \(line) is longer than \(BatchInput.maxLineBytes) bytes.")
        } else if String(validating: bytes, as: UTF8.self) == nil {
            refusal = HubError.usage("Line \(line) is not valid UTF-8; each line must be a UTF-8 JSON object.", code: .invalidEncoding)
        } else if let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] {
            if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
                refusal = HubError.usage("Line \(line) has an unknown key \(HubError.quoted(unknown)); the keys are \(Self.keys.sorted().joined(separator: ", ")).")
            } else if let command = object["command"] as? [String], let first = command.first {
                arguments = command
                if !Self.allowedCommands.contains(first) {
                    refusal = HubError.usage("Line \(line): \(HubError.quoted(first)) cannot run in a batch; the commands are \(Self.allowedCommands.sorted().joined(separator: ", ")).")
                } else if command.contains(where: { ["--password-stdin", "--help", "-h", "--version"].contains($0) || $0.hasPrefix("--error-format") }) {
                    refusal = HubError.usage("Line \(line): --password-stdin, --help, --version and --error-format cannot be used in a batch (use \"password-env\" for a password; errors are always JSON in the results).")
                } else if command.contains("--wait") {
                    // `acp check --wait` may wait for days: it would hold a worker (and its
                    // identity's later lines) for as long.
                    refusal = HubError.usage("Line \(line): --wait cannot be used in a batch (it would hold a worker until a new profile is assigned); run `hubctl acp check --wait` on its own, e.g. as a service (contrib/systemd).")
                } else if let reader = command.first(where: { $0 == "-" || $0.hasSuffix("=-") }) {
                    // Every command reads stdin only where an argument is `-`: the batch's own
                    // stdin is its jobs (or nothing), never a line's input.
                    refusal = HubError.usage("Line \(line) reads standard input (\(HubError.quoted(reader))), which a batch cannot give one of its lines: name a file instead.", code: .stdinInBatch)
                }
            } else {
                refusal = HubError.usage("Line \(line) has no \"command\": give the arguments as a non-empty array of strings, e.g. {\"command\": [\"settings\", \"get\"]}.")
            }
            for key in Self.keys where key != "command" {
                guard let value = object[key] else { continue }
                if let s = value as? String { strings[key] = s } else if refusal == nil {
                    refusal = HubError.usage("Line \(line): \"\(key)\" must be a string.")
                }
            }
        } else {
            refusal = HubError.usage("Line \(line) is not a JSON object; each line is one operation, e.g. {\"command\": [\"settings\", \"get\"], \"user\": \"u17\"}.")
        }
        if refusal == nil, let name = strings["password-env"], !name.hasPrefix(Self.passwordVariablePrefix) || name.count == Self.passwordVariablePrefix.count {
            refusal = HubError.usage("Line \(line): \"password-env\" names \(HubError.quoted(name)); it may only name a variable that starts with \(Self.passwordVariablePrefix) (e.g. HUBCTL_PASSWORD_U17), so a jobs file cannot send other variables of the environment to a server.", code: .noPassword)
        }
        self.arguments = arguments
        server = strings["server"]
        appId = strings["app-id"]
        user = strings["user"]
        profile = strings["profile"]
        passwordEnv = strings["password-env"]
        self.refusal = refusal
        identity = [server ?? batch.server ?? "", appId ?? batch.appId ?? "", user ?? batch.user ?? "",
                    profile ?? batch.profile ?? ""].joined(separator: "\n")
    }
}
