// `hubctl push status|registrations|localizations`: what the operator reads back from the
// Notification Backend API. Options → `NotificationBackend` → output.

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct PushStatus: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the status of a notification that `push send` sent (operator).",
        discussion: """
        The notificationId is one of `push send`'s results (one per device). The status is \
        QUEUED, SENT, ERROR, RECEIVED, CONSUMED or CONFIRMED; notificationType is the device's \
        push provider. Credentials as for `push send`: --service-key, --binding, VCAP_SERVICES, \
        then the profile's.

        Exit codes: 0 ok, 64 bad flags, 65 an answer that is not a status, 66 no such \
        notification, 69 server unreachable, 75 timeout, 77 credentials refused or a role \
        missing, 78 no credentials.

        Example:
          hubctl push status --service-key key.json "$ID" | jq -r .status
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var backend: PushBackendOptions
    @Argument(help: ArgumentHelp("A notificationId from `push send`.", valueName: "notification-id")) var notificationId: String

    func execute(_ invocation: Invocation) throws {
        let session = try PushBackendSession(invocation, options: backend)
        try invocation.emit(PushStatusOutput(status: try session.backend.status(notificationId: notificationId), asked: notificationId))
    }
}

struct PushRegistrations: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "registrations",
        abstract: "List the push registrations of the credentials' application, or read one (operator; role pushregistrations_read).",
        discussion: """
        Lists every device registration of the application the service key or binding belongs \
        to, or those of one user (--user) and/or push group (--group); --id reads one \
        registration (the registrationId of `push send`'s results) as an object. Credentials as \
        for `push send`.

        Exit codes: 0 ok, 64 bad flags, 65 an answer that is not a list, 66 no such \
        registration (--id), 69 server unreachable, 75 timeout, 77 credentials refused or a role \
        missing, 78 no credentials.

        Example:
          hubctl push registrations --service-key key.json --user alice | jq -r '.[].id'
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var backend: PushBackendOptions
    /// `--user` (the global option) names the user whose registrations to list.
    var user: String? { global.user }
    @Option(help: ArgumentHelp("Only this push group's registrations.", valueName: "group")) var group: String?
    @Option(help: ArgumentHelp("One registration by its id.", valueName: "id")) var id: String?

    func execute(_ invocation: Invocation) throws {
        if id != nil && (user != nil || group != nil) { throw HubError.usage("Give --id alone, or --user and/or --group.") }
        let session = try PushBackendSession(invocation, options: backend)
        if let id {
            try invocation.emit(PushRegistrationOutput(registration: try session.backend.registration(id: id)))
            return
        }
        try invocation.emit(PushRegistrationListOutput(registrations: try session.backend.registrations(user: user, group: group)))
    }
}

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
    @OptionGroup var backend: PushBackendOptions
    @Option(help: ArgumentHelp("Users, comma-separated.", valueName: "u1,u2,…")) var users: String?
    @Option(name: .customLong("users-from"), help: ArgumentHelp("Users one a line from FILE or '-' (stdin).", valueName: "file"), completion: .file())
    var usersFrom: String?

    func execute(_ invocation: Invocation) throws {
        guard users != nil || usersFrom != nil else { throw HubError.usage("Give the users: --users u1,u2 or --users-from FILE.") }
        if usersFrom == "-" && (backend.serviceKey == "-" || backend.binding == "-") {
            throw HubError.usage("Only one of --service-key, --binding and --users-from can read stdin ('-').")
        }
        let list = try PushSend.userList(users: users, usersFrom: usersFrom, invocation) ?? []
        let session = try PushBackendSession(invocation, options: backend)
        let (locales, requests) = try session.backend.localizations(users: list)
        try invocation.emit(PushLocalizationsOutput(users: list.count, requests: requests, localizations: locales))
    }
}
