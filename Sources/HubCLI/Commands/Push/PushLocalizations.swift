// `hubctl push localizations`: List the locales of users' push registrations: which texts a send needs (operator).

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct PushLocalizations: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "localizations",
        abstract: "List the locales of users' push registrations: which texts a send needs (operator).",
        discussion: """
        Asks the Notification Backend API for the locales of the registrations of these users \
        (100 users a request), merged and sorted: the locales worth a --locale-alert or a \
        localized --notification. Credentials as for `push send`.

        Exit codes: 0 ok, 64 bad flags, 65 an answer that is not a list of locales, 69 server \
        unreachable, 75 timeout, 77 credentials refused or a role missing, 78 no credentials.

        Example:
          hubctl push localizations --service-key key.json --users alice,bob
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var backend: ServiceKeyOptions
    @Option(help: ArgumentHelp("Users, comma-separated.", valueName: "u1,u2,…")) var users: String?
    @Option(name: .customLong("users-from"), help: ArgumentHelp("Users one a line from FILE or '-' (stdin).", valueName: "file"), completion: .file())
    var usersFrom: String?

    var options: Options { Options(backend: backend.value, users: users, usersFrom: usersFrom) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var backend = ServiceKeyOptions.Value()
        var users: String?
        var usersFrom: String?

        func run(_ invocation: Invocation) throws {
            guard users != nil || usersFrom != nil else { throw HubError.usage("Give the users: --users u1,u2 or --users-from FILE.") }
            if usersFrom == "-" && (backend.serviceKey == "-" || backend.binding == "-") {
                throw HubError.usage("Only one of --service-key, --binding and --users-from can read stdin ('-').")
            }
            let list = try PushSend.Options.userList(users: users, usersFrom: usersFrom, invocation) ?? []
            let session = try invocation.services.pushBackend(backend)
            let (locales, requests) = try session.backend.localizations(users: list)
            try invocation.emit(PushLocalizationsOutput(users: list.count, requests: requests, localizations: locales))
        }
    }
}

/// `push localizations`: the locales of the users' registrations.
struct PushLocalizationsOutput: JSONDocument {
    var users: Int
    var requests: Int
    var localizations: [String]

    var json: JSONValue {
        .object(["users": .int(Int64(users)), "requests": .int(Int64(requests)), "localizations": .array(localizations.map(JSONValue.string))])
    }
}
