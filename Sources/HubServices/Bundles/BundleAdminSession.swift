// The operator's Client Resources admin session (docs/protocol.md §19), built below the command
// layer from the credential chain of the operator's commands (`ServiceKeySource`, feature client
// resources) and the application the bundles belong to. A command reaches it as
// `invocation.services.bundleAdmin(source)`.

import Foundation
import HubConfig
import HubCore

public struct BundleAdminSession {
    public let admin: BundleAdmin
    public let appId: String

    /// The session for `source`'s credentials; the application is --app-id (HUBCTL_APP_ID, the
    /// profile's app-id), else the one the credentials name.
    public init(_ context: OperatorContext, source: ServiceKeySource) throws {
        let (config, vault, credentials) = try source.session(context, feature: .clientResources)
        admin = try context.transports.bundleAdmin(config, credentials: credentials, tokenCache: try vault.tokenCache)
        appId = try ServiceKeySource.applicationId(config, credentials)
    }

    public var publisher: BundlePublisher { BundlePublisher(admin: admin, appId: appId) }
}
