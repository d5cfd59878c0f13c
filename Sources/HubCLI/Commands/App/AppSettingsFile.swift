// `hubctl app settings-file`: Write SAP's client settings file for the app, with a new feature key.

import ArgumentParser
import HubCore
import HubServices

struct AppSettingsFile: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings-file",
        abstract: "Write SAP's client settings file with a new (write-once) push key.",
        discussion: """
        Creates a feature key of the Admin API (write-once, as `app key create --feature`) and \
        writes {server, platform: "CF", applicationId, services: [{name, serviceKeys: [key]}]} \
        to --out, a new file of mode 0600: what `hubctl push send --service-key` and SAP's \
        push client read. server is --server when given on the command line (not \
        HUBCTL_SERVER or a profile's), else the https URL of the route bound to the instance, \
        else null.

        Exit codes: 0 ok, 64 bad flags, 65 an answer that cannot be read, 66 no such app, 69 \
        server unreachable, 73 --out exists, 75 timeout, 77 credentials refused or a login page, \
        78 no CF API, credentials, org or space.

        Example:
          hubctl app settings-file ci-1 --scope push_all --out settings.json
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Option(name: .customLong("feature"), help: ArgumentHelp("The feature whose key the file holds.", valueName: "feature")) var feature = "push"
    @OptionGroup(title: "Feature key") var key: FeatureKeyOptions
    @Option(name: .customLong("out"), help: ArgumentHelp("The new file (0600); '-': stdout.", valueName: "file"), completion: .file()) var out: String

    var options: Options { Options(source: cf.value, app: app, feature: feature, key: key.value, out: out) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var feature: String
        var key: FeatureKeySpec
        var out: String

        func run(_ invocation: Invocation) throws {
            try AppAdminRules.checkAppId(app)
            let request = try key.request(feature: feature)
            // The global --server, when given as a flag (not HUBCTL_SERVER or a profile's): the
            // server the app's clients talk to, which is what the file's `server` names.
            let server = invocation.global[.server]
            if let server, !(server.hasPrefix("https://") || server.hasPrefix("http://")) {
                throw HubError.usage("--server \(HubError.quoted(server)) is not an http(s) URL. Nothing was sent.", code: .invalidUrl)
            }
            try AppOutFile.check(out)
            let document = try invocation.services.apps(source).settingsFile(appId: app, feature: feature, request, server: server)
            try AppOutFile.write(document, to: out, made: "The \(feature) key \(HubError.quoted(request.alias)) of \(app)", invocation)
        }
    }
}
