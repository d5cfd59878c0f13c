// `hubctl bundle delete`: Delete a client resource bundle.

import ArgumentParser
import HubCore
import HubServices

struct BundleDelete: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a client resource bundle.",
        discussion: """
        Prints {bundleId, deleted}; with --missing-ok a bundle that is not there is no error \
        (deleted false). Credentials as for `bundle publish`.

        Exit codes: 0 ok, 64 bad flags or id, 66 no such bundle, 69 server unreachable, 75 \
        timeout, 77 credentials refused or a role missing, 78 no credentials or application.

        Example:
          hubctl bundle delete profile:40 --missing-ok --service-key key.json
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var target: BundleTargetOptions
    @Flag(name: .customLong("missing-ok"), help: "A bundle that is not there is no error.") var missingOK = false

    var options: Options { Options(credentials: target.credentials.value, bundle: target.bundle, missingOK: missingOK) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var credentials: ServiceKeySource
        var bundle: String
        var missingOK: Bool

        func run(_ invocation: Invocation) throws {
            let (session, id) = try invocation.services.bundleAdmin(credentials, bundle: bundle)
            let deleted = try session.admin.delete(appId: session.appId, id)
            guard deleted || missingOK else {
                throw HubError.noInput("Application \(HubError.quoted(session.appId)) has no bundle \(HubError.quoted(id.id)) (HTTP 404); pass --missing-ok when that is fine.",
                                       code: .bundleNotFound, status: 404)
            }
            try invocation.emit(BundleDeleteOutput(bundleId: id.id, deleted: deleted))
        }
    }
}

/// What `hubctl bundle delete` prints.
struct BundleDeleteOutput: JSONDocument {
    var bundleId: String
    /// false: the bundle was not there (--missing-ok).
    var deleted: Bool

    var json: JSONValue { .object(["bundleId": .string(bundleId), "deleted": .bool(deleted)]) }
}
