// `hubctl logout`: Forget the OAuth tokens of the application's client (in the vault).

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices

struct LogoutCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the OAuth tokens of the application's client (in the vault).",
        discussion: """
        Removes the access and refresh tokens kept for (server, app, client id). The server's own \
        session ends when its tokens expire; revoke the refresh token in the cockpit if it leaked.

        Exit codes: 0 ok (also when there was nothing to forget), 77 wrong vault passphrase, \
        78 missing client id or vault secret.

        Example:
          hubctl --profile btp logout
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let config = try invocation.connectionConfig()
            let client = try invocation.services.requireOAuthClient(config)
            let removed = try invocation.services.oauthVault(client).remove()
            try invocation.emit(LogoutOutput(server: client.server, appId: client.appId, clientId: client.clientId, loggedOut: removed))
        }
    }
}

/// What `hubctl logout` prints.
struct LogoutOutput: JSONDocument {
    var server: String
    var appId: String
    var clientId: String
    var loggedOut: Bool

    var json: JSONValue {
        .object(["server": .string(server), "appId": .string(appId), "clientId": .string(clientId), "loggedOut": .bool(loggedOut)])
    }
}
