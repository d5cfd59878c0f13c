// The operator's sessions (push, client resources, the `app` commands' Cloud Foundry and Admin
// API), built by HubServices from the seams this factory hands down (`OperatorContext`): a command
// asks `services.pushBackend(source)`, `services.bundleAdmin(source)` or `services.apps(source)`.

import Foundation
import HubConfig
import HubCore
import HubServices

extension Services {
    /// What the operator's credential chains read through: the command's input (a credential file
    /// or `-`), its environment, configuration, vault, deadline and console.
    var operatorContext: OperatorContext {
        let invocation = self.invocation, console = self.console, deadline = invocation.deadline
        return OperatorContext(
            transports: transports, deadline: deadline, environment: invocation.environment,
            config: { try invocation.connectionConfig(requireConnection: false) },
            read: { path, limit, what in try invocation.read(path, limit: limit, what: what) },
            vault: { try self.vault() },
            vaultSecret: { store, prompt in try VaultSecrets(invocation: invocation).available(for: store, prompt: prompt) },
            warn: { console.warning($0) },
            note: invocation.verbose ? { console.note($0) } : nil)
    }

    /// The operator's Notification Backend session for the credentials `source` names.
    func pushBackend(_ source: ServiceKeySource) throws -> PushBackendSession {
        try PushBackendSession(operatorContext, source: source)
    }

    /// The Client Resources admin session for the credentials `source` names.
    func bundleAdmin(_ source: ServiceKeySource) throws -> BundleAdminSession {
        try BundleAdminSession(operatorContext, source: source)
    }

    /// The session and the bundle `NAME:VERSION` names, the id checked first (nothing is read or
    /// sent for an id that cannot be one).
    func bundleAdmin(_ source: ServiceKeySource, bundle: String) throws -> (BundleAdminSession, BundleId) {
        let id = try BundleId(parsing: bundle)
        return (try bundleAdmin(source), id)
    }

    /// How `bundle publish` opens its FILE: stdin spooled, a file through one descriptor, both
    /// through the command's input and bounded by its deadline.
    var bundleInput: BundleInput {
        let input = invocation.input, deadline = invocation.deadline
        return BundleInput(spoolStdin: { limit throws(BoundedFile.Failure) in try input.spool(limit: limit, until: deadline) },
                           openFile: { path, limit throws(BoundedFile.Failure) in try input.openFile(path, limit: limit, until: deadline) },
                           deadline: deadline)
    }

    /// The `app` commands' operations for the access `source` names.
    func apps(_ source: AppAdminSource) throws -> MobileServicesApps {
        try source.apps(operatorContext)
    }

    /// A service key or binding file (`-`: stdin) as `config set-push` keeps it.
    func serviceKeyCredentials(serviceKey: Bool, path: String, keyAlias: String?, feature: ServiceFeature) throws -> PushBackendCredentials {
        try ServiceKeySource.read(serviceKey: serviceKey, path: path, operatorContext, keyAlias: keyAlias, feature: feature)
    }
}
