// `hubctl push id`: Print the push id (FCM sender id, VAPID key, …) the server hands out for an os.

import ArgumentParser
import HubCore
import HubServices

struct PushId: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "id",
        abstract: "Print the push id (FCM sender id, VAPID key, …) the server hands out for an os.",
        discussion: """
        On SMP 3 only Android has one: the connection's AndroidGcmSenderId.

        Exit codes: 0 ok, 64 bad flags, 65 malformed answer, 66 not registered, 69 push not \
        configured or server unreachable, 75 timeout, 77 authentication failed, 78 missing configuration.

        Example:
          hubctl push id --os w3cpushapi | jq -r .pushId
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var os: PushOSOption

    var options: Options { Options(os: os.value) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var os: PushOSOption.Value

        func run(_ invocation: Invocation) throws {
            let os = try self.os.value()
            try invocation.emit(PushOutput(try PushService(context: try invocation.services.clientServices()).pushId(os: os)))
        }
    }
}
