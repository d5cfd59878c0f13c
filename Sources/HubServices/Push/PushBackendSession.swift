// The operator's conversation with the Notification Backend API (docs/protocol.md §16), built below
// the command layer from the resolved configuration (`--cacert`/`HUBCTL_CACERT`/the profile's
// `cacert`, `timeout`, the deadline, `--insecure` with its warning) and the credentials in force
// (`ServiceKeySource`). A command reaches it as `invocation.services.pushBackend(source)`.

import Foundation
import HubConfig
import HubCore

public struct PushBackendSession {
    public let backend: NotificationBackend
    public let config: ConnectionConfig

    /// The session for `source`'s push credentials.
    public init(_ context: OperatorContext, source: ServiceKeySource) throws {
        let (config, vault, credentials) = try source.session(context, feature: .push)
        self.config = config
        backend = try context.transports.notificationBackend(config, credentials: credentials, tokenCache: try vault.tokenCache)
    }

    /// The application of the paths that name one: --app-id (or HUBCTL_APP_ID, the profile's
    /// app-id, the plist), else the one the credentials belong to.
    public func appId() throws -> String {
        try ServiceKeySource.applicationId(config, backend.credentials)
    }
}
