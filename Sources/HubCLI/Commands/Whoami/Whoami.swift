// `hubctl whoami`: Print the user and its roles (Mobile Services' role service, /v2/Me).

import ArgumentParser
import HubCore
import HubServices

struct WhoamiCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Print the user and its roles (Mobile Services' role service, /v2/Me).",
        discussion: """
        Prints the user's id and userName, its name (givenName, familyName and a displayName \
        made of them when the server sends none), emails, roles and groups (SAP's detail.Groups). \
        Roles given as SCIM {"value": "<role>"} objects, and a top-level groups or displayName, are read \
        too.

        Exit codes: 0 ok, 64 an SMP 3 server, 65 malformed answer, 66 not registered, \
        69 access control not enabled for the application (HTTP 412, access_control_disabled) or \
        server unreachable, 75 timeout, 77 authentication failed, 78 missing configuration.

        Example:
          hubctl whoami | jq -r '.roles[]'
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            try invocation.emit(WhoamiOutput(platform: .mobileServices, try UserService(context: try invocation.services.clientServices()).me()))
        }
    }
}

/// `/v2/Me` in SAP's shape: `displayName` is the server's, else "givenName familyName".
struct WhoamiOutput: JSONDocument {
    var platform: String
    var id: String?
    var userName: String?
    var displayName: String?
    var givenName: String?
    var familyName: String?
    var emails: [String]
    var roles: [String]
    var groups: [String]
    var registrationId: String?

    var json: JSONValue {
        .object([
            "platform": .string(platform), "id": JSONValue(id), "userName": JSONValue(userName), "displayName": JSONValue(displayName),
            "givenName": JSONValue(givenName), "familyName": JSONValue(familyName), "emails": .strings(emails),
            "roles": .strings(roles), "groups": .strings(groups), "registrationId": JSONValue(registrationId),
        ])
    }
}

extension WhoamiOutput {
    init(platform: Platform, _ u: UserInfo) {
        self.init(platform: platform.rawValue, id: u.id, userName: u.userName, displayName: u.displayName,
                  givenName: u.givenName, familyName: u.familyName, emails: u.emails, roles: u.roles, groups: u.groups,
                  registrationId: u.registrationId)
    }
}
