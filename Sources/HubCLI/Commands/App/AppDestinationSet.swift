// `hubctl app destination set`: Create or change one destination of an application (idempotent).

import ArgumentParser
import HubCore
import HubServices

struct AppDestinationSet: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Create or change one destination of an application.",
        discussion: """
        Reads the app's proxy feature (GET …/app/APP/service/proxy), sets the destination NAME to \
        what the flags give (flags not given leave an existing destination's members as they \
        are; a new one gets auth none and no Cloud Connector) and, only when that differs from \
        what is there, PUTs the feature back with the other destinations unchanged. Prints \
        {appId, name, changed, destination}; run twice, the second run sends no PUT (changed: \
        false). --auth: none, basic, forward, technical-user, or SAP's ssoMethod as is. The \
        password is read from --password-file (a file's first line, or '-' for stdin), never \
        from the command line, and printed only as "set".

        Exit codes: 0 ok (changed or not), 64 bad flags, id or name, 65 an answer that cannot \
        be read, 66 no such app (application_not_found) or no proxy feature \
        (proxy_not_assigned), 69 server unreachable, 75 timeout, 77 credentials refused or a \
        login page, 78 no CF API, credentials, org or space.

        Example:
          hubctl app destination set ci-1 erp --url https://erp.example.com --auth none
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup(title: "Cloud Foundry and Admin API") var cf: AppAdminOptions
    @Argument(help: ArgumentHelp("The application id.", valueName: "app")) var app: String
    @Argument(help: ArgumentHelp("The destination's name (endPointName).", valueName: "name")) var name: String
    @Option(name: .customLong("url"), help: ArgumentHelp("The back end's http(s) URL (endPointAddress).", valueName: "url")) var url: String?
    @Option(name: .customLong("cloud-destination"), help: ArgumentHelp("A BTP destination to use instead of a URL (cloudDestinationName).", valueName: "name"))
    var cloudDestination: String?
    @Option(name: .customLong("auth"), help: ArgumentHelp("How the back end is authenticated (ssoMethod): none, basic, forward, technical-user, or SAP's value as is.", valueName: "auth"))
    var auth: String?
    @Option(name: .customLong("backend-user"), help: ArgumentHelp("The back end's user (a technical user; --user is the global option).", valueName: "user")) var user: String?
    @Option(name: .customLong("password-file"), help: ArgumentHelp("The --backend-user's password: a file's first line ('-': stdin).", valueName: "file"), completion: .file())
    var passwordFile: String?
    @Flag(name: .customLong("cloud-connector"), inversion: .prefixedNo, help: "Reach the back end through the Cloud Connector (useCloudConnector).")
    var cloudConnector: Bool?

    var options: Options {
        Options(source: cf.value, app: app, name: name, url: url, cloudDestination: cloudDestination, auth: auth, user: user,
                passwordFile: passwordFile, cloudConnector: cloudConnector)
    }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var source: AppAdminSource
        var app: String
        var name: String
        var url: String?
        var cloudDestination: String?
        var auth: String?
        var user: String?
        var passwordFile: String?
        var cloudConnector: Bool?

        /// The flags' checks (64), before anything is read or sent.
        func check() throws {
            try AppAdminRules.checkAppId(app)
            try AppDestinationCommand.checkName(name)
            if url == nil && cloudDestination == nil { throw HubError.usage("Give --url URL (or --cloud-destination NAME). Nothing was sent.") }
            if let url, !Self.isHTTPURL(url) {
                throw HubError.usage("--url \(HubError.quoted(url)) is not an http(s) URL with a host. Nothing was sent.", code: .invalidUrl)
            }
            if let cloudDestination { try AppDestinationCommand.checkName(cloudDestination) }
            if let auth, auth.isEmpty || auth.count > 100 || !auth.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) {
                throw HubError.usage("--auth \(HubError.quoted(auth)) is not one of \(ProxyDestinations.authNames.map(\.name).joined(separator: ", ")) nor an ssoMethod (letters, digits, - _ .). Nothing was sent.")
            }
            if passwordFile != nil && user == nil { throw HubError.usage("--password-file is the password of --backend-user: give --backend-user too. Nothing was sent.") }
            if passwordFile == "-", [source.cfTokenFile, source.cfPasswordFile, source.adminPasswordFile].contains("-") {
                throw HubError.usage("Only one of --password-file, --cf-token-file, --cf-password-file and --admin-password-file can read stdin ('-').")
            }
        }

        static func isHTTPURL(_ text: String) -> Bool {
            let lower = text.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
            let rest = text.drop(while: { $0 != ":" }).dropFirst(3)
            let host = rest.prefix { !"/?#".contains($0) }
            return !host.isEmpty && !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } == true })
        }

        func run(_ invocation: Invocation) throws {
            try check()
            let password = try passwordFile.map { try invocation.services.destinationPassword($0) }
            let change = ProxyDestinationChange(name: name, url: url, cloudDestination: cloudDestination, ssoMethod: auth.map(ProxyDestinations.ssoMethod),
                                                cloudConnector: cloudConnector, user: user, password: password)
            let result = try invocation.services.apps(source).setDestination(appId: app, change)
            try invocation.emit(AppDestinationChangeOutput(appId: app, name: name, result: result))
        }
    }
}

/// What `hubctl app destination set` and `delete` print.
struct AppDestinationChangeOutput: JSONDocument {
    var appId: String
    var name: String
    var result: MobileServicesApps.DestinationResult

    var json: JSONValue {
        .object([
            "appId": .string(appId), "name": .string(name), "changed": .bool(result.changed),
            "destination": result.destination.map { AppDestinationOutput(destination: $0).json } ?? .null,
        ])
    }
}
