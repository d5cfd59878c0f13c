// `hubctl push id`: Print the push id (FCM sender id, VAPID key, …) the server hands out for an os.

import ArgumentParser
import HubCore
import HubServices

struct PushId: HubCommand, PushOSVerb {
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

    /// The command's options as plain data (PushSupport.swift).
    typealias Options = PushOSOptions<PushId>
    var options: Options { Options(os: os.value) }

    /// The body: the push id this device has for the OS.
    static func run(_ push: PushService, os: PushOS) throws -> PushResult { try push.pushId(os: os) }
}
