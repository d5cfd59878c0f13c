// `hubctl app key show`: Print a CF key of the app's instance.

import ArgumentParser
import HubCore
import HubServices

struct AppKeyShow: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a CF service key of the app's instance.",
        discussion: """
        Prints the credentials of the Cloud Foundry service key NAME (GET \
        /v3/service_credential_bindings/<guid>/details). Feature keys cannot be read back.

        Exit codes: 0 ok, 64 bad flags, 65 an answer that cannot be read, 66 no such app or key, \
        69 server unreachable, 75 timeout, 77 credentials refused, 78 no CF API, credentials, org \
        or space.

        Example:
          hubctl app key show ci-1 --cf-key ci > key.json
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Option(name: .customLong("cf-key"), help: ArgumentHelp("The CF service key's name.", valueName: "name")) var cfKey: String

    var options: Options { Options(source: cf.value, app: app, cfKey: cfKey) }

    /// A CF key name: 1 to 255 characters, no control characters.
    static func check(keyName: String) throws {
        guard !keyName.isEmpty, keyName.count <= 255, !keyName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw HubError.usage("--cf-key \(HubError.quoted(keyName)) is not a key name (1 to 255 characters). Nothing was sent.")
        }
    }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var cfKey: String

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            try AppKeyShow.check(keyName: cfKey)
            try invocation.emit(try invocation.services.apps(source).cfKey(appId: app, keyName: cfKey, create: false))
        }
    }
}
