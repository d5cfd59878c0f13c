// `hubctl push registrations`: List the push registrations of the credentials' application, or read one (operator; role pushregistrations_read).

import ArgumentParser
import Foundation
import HubCore
import HubServices

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
    @OptionGroup var backend: ServiceKeyOptions
    @Option(help: ArgumentHelp("Only this push group's registrations.", valueName: "group")) var group: String?
    @Option(help: ArgumentHelp("One registration by its id.", valueName: "id")) var id: String?

    var options: Options { Options(backend: backend.value, group: group, id: id) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var backend = ServiceKeyOptions.Value()
        var group: String?
        var id: String?

        func run(_ invocation: Invocation) throws {
            // `--user` (the global option) names the user whose registrations to list.
            let user = invocation.global.user
            if id != nil && (user != nil || group != nil) { throw HubError.usage("Give --id alone, or --user and/or --group.") }
            let session = try invocation.services.pushBackend(backend)
            if let id {
                try invocation.emit(PushRegistrationOutput(registration: try session.backend.registration(id: id)))
                return
            }
            try invocation.emit(PushRegistrationListOutput(registrations: try session.backend.registrations(user: user, group: group)))
        }
    }
}

/// `push registrations`: a registration with SAP's member names.
struct PushRegistrationOutput: JSONDocument {
    var registration: PushBackendRegistration

    var json: JSONValue {
        let r = registration
        return .object([
            "id": JSONValue(r.id), "device": JSONValue(r.device), "deviceModel": JSONValue(r.deviceModel),
            "formFactor": JSONValue(r.formFactor), "pushGroup": JSONValue(r.pushGroup), "pushProvider": JSONValue(r.pushProvider),
            "userLocale": JSONValue(r.userLocale), "username": JSONValue(r.username),
        ])
    }
}

/// What `hubctl push registrations` prints without an id: the registrations as an array.
struct PushRegistrationListOutput: JSONDocument {
    var registrations: [PushBackendRegistration]
    var json: JSONValue { .array(registrations.map { PushRegistrationOutput(registration: $0).json }) }
}
