// `hubctl push status`: Print the status of a notification that `push send` sent (operator).

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
    @OptionGroup var backend: ServiceKeyOptions
    @Argument(help: ArgumentHelp("A notificationId from `push send`.", valueName: "notification-id")) var notificationId: String

    var options: Options { Options(backend: backend.value, notificationId: notificationId) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var backend = ServiceKeyOptions.Value()
        var notificationId: String

        func run(_ invocation: Invocation) throws {
            let session = try invocation.services.pushBackend(backend)
            try invocation.emit(PushStatusOutput(status: try session.backend.status(notificationId: notificationId), asked: notificationId))
        }
    }
}

/// `push status`: the service's `statusDetails`.
struct PushStatusOutput: JSONDocument {
    var status: PushNotificationStatus
    var asked: String

    var json: JSONValue {
        .object([
            "notificationId": .string(status.notificationId ?? asked), "applicationId": JSONValue(status.applicationId),
            "notificationType": JSONValue(status.notificationType), "status": JSONValue(status.status),
            "statusInfo": JSONValue(status.statusInfo), "caller": JSONValue(status.caller),
            "providerReference": JSONValue(status.providerReference),
            "topics": status.topics.map { .array($0.map(JSONValue.string)) } ?? .null,
        ])
    }
}
