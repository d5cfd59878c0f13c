// What the `bundle` commands share: the flags that name one bundle, the verbs that act on one bundle
// (one body for their options), and a bundle's JSON document.
// The session (`services.bundleAdmin(_:)`, HubServices' `BundleAdminSession`) is built below from
// the operator's credential chain; the protocol is HubServices' `BundleAdmin` and
// `BundlePublisher` (docs/protocol.md §19).

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
        let (session, id) = try invocation.services.bundleAdmin(credentials, bundle: bundle)
        try Verb.run(session, id, invocation)
    }
}

/// A bundle as `bundle list` and `bundle show` print it.
struct BundleOutput: JSONDocument {
    var bundle: AdminBundle

    var json: JSONValue {
        let b = bundle
        return .object([
            "bundleId": .string(b.id), "name": .string(b.name), "version": .string(b.version),
            "extension": b.fileExtension.map(JSONValue.string) ?? .null, "default": .bool(b.isDefault),
            "size": b.size.map(JSONValue.int) ?? .null, "created": b.created.map(JSONValue.string) ?? .null,
        ])
    }
}
