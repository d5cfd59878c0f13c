// `hubctl push unregister`: Remove the device's push registration.

import ArgumentParser
import HubCore
import HubServices

struct PushUnregister: HubCommand, PushOSVerb {
    static let configuration = CommandConfiguration(
        commandName: "unregister",
        abstract: "Remove the device's push registration.",
        discussion: """
        "action" is "deleted", or "absent" when the server had none (exit 0 either way). On SMP 3 \
        the connection's token is cleared and push disabled.

        Exit codes: 0 ok, 64 bad flags, 66 not registered, 69 server unreachable, 75 timeout, \
        77 authentication failed, 78 missing configuration.

        Example:
          hubctl push unregister --os ios
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var os: PushOSOption

    /// The command's options as plain data (PushSupport.swift).
    typealias Options = PushOSOptions<PushUnregister>
    var options: Options { Options(os: os.value) }

    /// The body: the registration for the OS removed.
    static func run(_ push: PushService, os: PushOS) throws -> PushResult { try push.unregister(os: os) }
}
