// What the `bundle` commands share: the flags that name one bundle, and a bundle's JSON document.
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
