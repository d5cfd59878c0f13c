// `hubctl policy get`: Print all policies, or the named one, with typed values.

import ArgumentParser
import HubCore
import HubServices

struct PolicyGet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print all policies, or the named one, with typed values.",
        discussion: """
        On Mobile Services the settings exchange (passwordPolicy, featureVectorPolicies, \
        logSettings with logEnabled and logLevel, attestationSettings), its text values typed \
        ("true" a boolean, "8" a number); on SMP 3 the passwordPolicy from the connection's \
        PasswordPolicy* properties. The passcode policy is recorded for the vault either way.

        Exit codes: 0 ok, 64 bad name, 65 malformed answer, 66 not registered or no such policy, \
        69 server unreachable, 75 timeout, 77 authentication failed, 78 missing configuration.

        Example:
          hubctl policy get passwordPolicy | jq .policies.passwordPolicy
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: ArgumentHelp("A policy, e.g. passwordPolicy.", valueName: "name"))
    var name: String?

    var options: Options { Options(name: name) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var name: String?

        func run(_ invocation: Invocation) throws {
            let service = PolicyService(context: try invocation.services.clientServices(), home: invocation.home)
            try invocation.emit(PolicyOutput(try service.get(name)))
        }
    }
}

/// What `hubctl policy get` prints.
struct PolicyOutput: JSONDocument {
    var platform: String
    var policies: [String: JSONValue]

    var json: JSONValue { .object(["platform": .string(platform), "policies": .object(policies)]) }
}

extension PolicyOutput {
    init(_ r: PolicyResult) { self.init(platform: r.platform.rawValue, policies: r.policies) }
}
