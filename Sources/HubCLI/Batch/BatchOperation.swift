// One line of a batch, parsed and checked: its command, its identity, or why it cannot run.

import ArgumentParser
import Foundation
import HubCore
import HubTransport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One line of the input, parsed.
struct BatchOperation: Sendable {
    let line: Int
    /// (server, app id, user, profile) as the line and the batch's flags give them: the unit of
    /// ordering and of sharding.
    let identity: String
    let arguments: [String]
    let server: String?
    let appId: String?
    let user: String?
    let profile: String?
    let passwordEnv: String?
    /// Set when the line cannot run (not JSON, an unknown key, a command batch does not run).
    let refusal: HubError?

    static let keys: Set<String> = ["command", "server", "app-id", "user", "profile", "password-env"]
    /// Command groups a batch runs; the others prompt, read stdin, or print text.
    static let allowedCommands: Set<String> = ["register", "unregister", "settings", "acp", "status", "plist",
                                                "push", "logs", "usage", "whoami", "policy"]

    init(line: Int, text: String, batch: GlobalOptions) {
        self.line = line
        var arguments: [String] = []
        var strings: [String: String] = [:]
        var refusal: HubError?
        if text.utf8.count > BatchInput.maxLineBytes {
            refusal = HubError.usage("Line \(line) is longer than \(BatchInput.maxLineBytes) bytes.")
        } else if let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] {
            if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
                refusal = HubError.usage("Line \(line) has an unknown key \(HubError.quoted(unknown)); the keys are \(Self.keys.sorted().joined(separator: ", ")).")
            } else if let command = object["command"] as? [String], let first = command.first {
                arguments = command
                if !Self.allowedCommands.contains(first) {
                    refusal = HubError.usage("Line \(line): \(HubError.quoted(first)) cannot run in a batch; the commands are \(Self.allowedCommands.sorted().joined(separator: ", ")).")
                } else if command.contains(where: { ["--password-stdin", "--help", "-h", "--version"].contains($0) || $0.hasPrefix("--error-format") }) {
                    refusal = HubError.usage("Line \(line): --password-stdin, --help, --version and --error-format cannot be used in a batch (use \"password-env\" for a password; errors are always JSON in the results).")
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
