// `hubctl bundle show`: Print one client resource bundle.

import ArgumentParser
import HubCore
import HubServices

struct BundleShow: HubCommand, BundleTargetVerb {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one client resource bundle.",
        discussion: """
        Prints {bundleId, name, version, extension, default, size, created}. Credentials as for \
        `bundle publish`.

        Exit codes: 0 ok, 64 bad flags or id, 65 an answer that is not a bundle, 66 no such \
        bundle, 69 server unreachable, 75 timeout, 77 credentials refused or a role missing, 78 \
        no credentials or application.

        Example:
          hubctl bundle show profile:41 --service-key key.json | jq .default
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var target: BundleTargetOptions

    /// The command's options as plain data (BundleSupport.swift).
    typealias Options = BundleTargetValues<BundleShow>
    var options: Options { Options(target) }

    /// The body: the bundle as the server describes it.
    static func run(_ session: BundleAdminSession, _ id: BundleId, _ invocation: Invocation) throws {
        try invocation.emit(BundleOutput(bundle: try session.admin.show(appId: session.appId, id)))
    }
}
