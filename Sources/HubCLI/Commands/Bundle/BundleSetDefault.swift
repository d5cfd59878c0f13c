// `hubctl bundle set-default`: Make a published bundle the application's default.

import ArgumentParser
import HubCore
import HubServices

struct BundleSetDefault: HubCommand, BundleTargetVerb {
    static let configuration = CommandConfiguration(
        commandName: "set-default",
        abstract: "Make a published bundle the application's default.",
        discussion: """
        The default is what devices get at /bundles/<app>/ (`acp check` and `acp fetch` without \
        an assigned bundle). Credentials as for `bundle publish`. Prints {bundleId, default}.

        Exit codes: 0 ok, 64 bad flags or id, 66 no such bundle, 69 server unreachable, 75 \
        timeout, 77 credentials refused or a role missing, 78 no credentials or application.

        Example:
          hubctl bundle set-default profile:41 --service-key key.json
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var target: BundleTargetOptions

    /// The command's options as plain data (BundleSupport.swift).
    typealias Options = BundleTargetValues<BundleSetDefault>
    var options: Options { Options(target) }

    /// The body: the bundle made the default.
    static func run(_ session: BundleAdminSession, _ id: BundleId, _ invocation: Invocation) throws {
        try session.admin.setDefault(appId: session.appId, id)
        try invocation.emit(BundleSetDefaultOutput(bundleId: id.id))
    }
}

/// What `hubctl bundle set-default` prints: `default` is always true.
struct BundleSetDefaultOutput: JSONDocument {
    var bundleId: String

    var json: JSONValue { .object(["bundleId": .string(bundleId), "default": .bool(true)]) }
}
