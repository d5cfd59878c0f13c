// `hubctl push`: Register this device for push notifications, unregister it, or read the push id.

import ArgumentParser
import HubCore
import HubServices

struct PushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Register this device for push notifications, unregister it, or read the push id.",
        discussion: """
        Exit codes: see `hubctl push register --help`.

        Example:
          hubctl push register --os android --token "$FCM_TOKEN" | jq -r .action
        """,
        subcommands: [PushRegister.self, PushUnregister.self, PushId.self, PushSend.self, PushStatus.self, PushRegistrations.self, PushLocalizations.self])
}
