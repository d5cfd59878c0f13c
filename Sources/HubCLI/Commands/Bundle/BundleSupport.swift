// What the `bundle` commands share: the Client Resources admin session built from the credential
// chain of the operator's commands (ServiceKeySource, feature client resources), the application
// the bundles belong to, and a bundle's JSON document. The protocol is HubServices' `BundleAdmin`
// and `BundlePublisher` (docs/protocol.md §19).

import ArgumentParser
import Foundation
import HubCore
import HubServices

/// What `bundle show`, `bundle set-default` and `bundle delete` name: the credentials and one bundle.
struct BundleTargetOptions: ParsableArguments {
    @OptionGroup var credentials: ServiceKeyOptions
    @Argument(help: ArgumentHelp("The bundle, NAME:VERSION.", valueName: "name:version")) var bundle: String
}

/// A bundle verb that acts on one bundle (`bundle show`, `bundle set-default`): its work on the
/// session and the bundle's id.
protocol BundleTargetVerb {
    static func run(_ session: BundleAdminSession, _ id: BundleId, _ invocation: Invocation) throws
}

/// The plain options of such a verb (the credentials and the bundle), and its body: the id checked
/// first, then the session.
struct BundleTargetValues<Verb: BundleTargetVerb>: CommandOptions {
    var credentials: ServiceKeySource
    var bundle: String

    init(_ target: BundleTargetOptions) { self.init(credentials: target.credentials.value, bundle: target.bundle) }

    init(credentials: ServiceKeySource, bundle: String) {
        self.credentials = credentials
        self.bundle = bundle
    }

    func run(_ invocation: Invocation) throws {
        let (session, id) = try BundleAdminSession.target(invocation, source: credentials, bundle: bundle)
        try Verb.run(session, id, invocation)
    }
}

struct BundleAdminSession {
    let admin: BundleAdmin
    let appId: String

    /// The session for `source`'s credentials; the application is --app-id (HUBCTL_APP_ID, the
    /// profile's app-id), else the one the credentials name.
    init(_ invocation: Invocation, source: ServiceKeySource) throws {
        let (config, vault, credentials) = try source.session(invocation, feature: .clientResources)
        admin = try invocation.services.transports.bundleAdmin(config, credentials: credentials, tokenCache: try vault.tokenCache)
        appId = try ServiceKeySource.applicationId(config, credentials)
    }

    /// The session and the bundle `NAME:VERSION` names, the id checked first (nothing is read or
    /// sent for an id that cannot be one).
    static func target(_ invocation: Invocation, source: ServiceKeySource, bundle: String) throws -> (BundleAdminSession, BundleId) {
        let id = try BundleId(parsing: bundle)
        return (try BundleAdminSession(invocation, source: source), id)
    }

    var publisher: BundlePublisher { BundlePublisher(admin: admin, appId: appId) }
}

enum BundleDocument {
    /// A bundle as `bundle list` and `bundle show` print it.
    static func json(_ b: AdminBundle) -> JSONValue {
        .object([
            "bundleId": .string(b.id), "name": .string(b.name), "version": .string(b.version),
            "extension": b.fileExtension.map(JSONValue.string) ?? .null, "default": .bool(b.isDefault),
            "size": b.size.map(JSONValue.int) ?? .null, "created": b.created.map(JSONValue.string) ?? .null,
        ])
    }
}
