// `hubctl auth token`: Print a fresh OAuth access token (renewed first when it has expired), for curl and scripts.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices

struct AuthToken: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a fresh OAuth access token (renewed first when it has expired), for curl and scripts.",
        discussion: """
        Prints {"accessToken": …, "tokenType": "Bearer", "expiresAt": …}. The token is a secret: \
        pass it on, never log it.

        Exit codes: 0 ok, 77 no usable login (login_required), 78 missing client id or vault secret.

        Example:
          TOKEN=$(hubctl --profile btp auth token | jq -r .accessToken)
          curl -H "Authorization: Bearer $TOKEN" https://…/mobileservices/…
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let config = try invocation.connectionConfig()
            let services = invocation.services
            let oauth = try services.requireOAuthLayer(config)
            let tokens = try services.transports.usableTokens(config, certificates: try services.certificateProvider(config), oauth: oauth)
            try invocation.emit(AuthTokenOutput(accessToken: tokens.accessToken, tokenType: "Bearer",
                                             expiresAt: tokens.expiresAt.map { ISO8601.string(from: $0) }))
        }
    }
}

// MARK: Output

/// What `hubctl auth token` prints.
struct AuthTokenOutput: JSONDocument {
    var accessToken: String
    var tokenType: String
    var expiresAt: String?

    var json: JSONValue {
        .members(["accessToken": .string(accessToken), "tokenType": .string(tokenType), "expiresAt": expiresAt.map(JSONValue.string)])
    }
}
