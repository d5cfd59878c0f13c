// `hubctl push unregister`: Remove the device's push registration.

import ArgumentParser
import HubCore
import HubServices

struct PushUnregister: HubCommand {
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

    var options: Options { Options(os: os.value) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var os: PushOSOption.Value

        func run(_ invocation: Invocation) throws {
            let os = try self.os.value()
            try invocation.emit(PushOutput(try PushService(context: try invocation.services.clientServices()).unregister(os: os)))
        }
    }
}
