// `hubctl push register`: Register the device's push token (create, or update when it exists).

import ArgumentParser
import HubCore
import HubServices

struct PushRegister: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register the device's push token (create, or update when it exists).",
        discussion: """
        On Mobile Services the push API is called with the connection id as the device id: a \
        create, and an update when the server answers 409 (already registered). On SMP 3 the \
        connection's ApnsDeviceToken/AndroidGcmRegistrationId/WnsChannelURI is set and push \
        enabled. `--token -` reads the token from the first line of stdin.

        Exit codes: 0 ok, 64 bad flags or an os the server does not keep, 66 not registered, \
        69 push not configured for the application or server unreachable, 75 timeout, \
        77 authentication failed, 78 missing configuration.

        Example:
          hubctl push register --os android --token "$FCM_TOKEN" --group qa
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var os: PushOSOption
    @Option(help: ArgumentHelp("The push token from APNs, FCM, WNS, … ('-': the first line of stdin).", valueName: "token"))
    var token: String
    @Option(help: ArgumentHelp("Push group (Mobile Services).", valueName: "group"))
    var group: String?
    @Option(name: .customLong("device-model"), help: ArgumentHelp("Device model to report (Mobile Services).", valueName: "model"))
    var deviceModel: String?
    @Option(name: .customLong("form-factor"), help: ArgumentHelp("phone, tablet, … (Mobile Services).", valueName: "factor"))
    var formFactor: String?
    @Option(name: .customLong("user-locale"), help: ArgumentHelp("User locale, e.g. en_US (Mobile Services).", valueName: "locale"))
    var userLocale: String?
    @Option(name: .customLong("time-zone"), help: ArgumentHelp("Time zone, e.g. Europe/Berlin (Mobile Services).", valueName: "zone"))
    var timeZone: String?

    var options: Options { Options(os: os.value, token: token, group: group, deviceModel: deviceModel, formFactor: formFactor, userLocale: userLocale, timeZone: timeZone) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var os: PushOSOption.Value
        var token: String
        var group: String?
        var deviceModel: String?
        var formFactor: String?
        var userLocale: String?
        var timeZone: String?

        func run(_ invocation: Invocation) throws {
            let os = try self.os.value()
            var token = self.token
            if token == "-" {
                let read: [UInt8]?
                do throws(BoundedFile.Failure) { read = try invocation.readLineBytes(limit: 4096) } catch {
                    throw HubError.stdin(error, waitingFor: "the push token line (--token -)")
                }
                guard let bytes = read, !bytes.isEmpty else { throw HubError.usage("--token - was given but stdin had no token line.") }
                guard bytes.count <= 4096, let line = String(validating: bytes, as: UTF8.self) else {
                    throw HubError.usage("The token on stdin is longer than 4096 bytes or not UTF-8; a push token is much shorter.")
                }
                token = line
            }
            guard !token.isEmpty else { throw HubError.usage("--token is empty.") }
            let service = PushService(context: try invocation.services.clientServices())
            let result = try service.register(PushRegistration(os: os, token: token, group: group, deviceModel: deviceModel,
                                                               formFactor: formFactor, userLocale: userLocale, timeZone: timeZone))
            try invocation.emit(PushOutput(result))
        }
    }
}
