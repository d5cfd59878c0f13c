// Where the operator's credentials of a Mobile Services feature come from (push; client resources
// for `bundle …`): a service key or binding file, VCAP_SERVICES, or the profile with its secret in
// the vault. The one credential chain of the operator's commands, as plain data; the sessions
// (`PushBackendSession`, `BundleAdminSession`) start here. Secrets never reach argv, output or
// --verbose.

import Foundation
import HubConfig
import HubCore

public struct ServiceKeySource: Sendable, Equatable {
    public var serviceKey: String?
    public var binding: String?
    public var keyAlias: String?
    public var bindingName: String?
    public var tenant: String?

    public init(serviceKey: String? = nil, binding: String? = nil, keyAlias: String? = nil, bindingName: String? = nil, tenant: String? = nil) {
        self.serviceKey = serviceKey
        self.binding = binding
        self.keyAlias = keyAlias
        self.bindingName = bindingName
        self.tenant = tenant
    }

    /// The credentials in force, first found of: --service-key / --binding, VCAP_SERVICES, the
    /// profile's for `feature` (`hubctl config set-push`: push-* settings; `hubctl config
    /// set-service-key --feature client-resources`: bundles-* settings; the secret in the vault).
    /// --tenant wins over any tenant they name.
    func credentials(_ context: OperatorContext, vault: OperatorVault, feature: ServiceFeature) throws -> PushBackendCredentials {
        if serviceKey != nil && binding != nil {
            throw HubError.usage("Give --service-key or --binding, not both.")
        }
        var credentials: PushBackendCredentials
        if let path = serviceKey ?? binding {
            credentials = try Self.read(serviceKey: serviceKey != nil, path: path, context, keyAlias: keyAlias, feature: feature)
        } else if let vcap = context.environment["VCAP_SERVICES"], !vcap.isEmpty {
            credentials = try PushBackendCredentials.vcapServices(vcap, name: bindingName)
        } else {
            let config = try context.config()
            guard let settings = config.serviceCredentials[feature] else {
                throw HubError(.config, code: .config, "No \(feature.label) credentials: give --service-key FILE or --binding FILE, or run where VCAP_SERVICES has a mobile-services binding, or keep them in the profile with `\(feature.profileCommand)`.")
            }
            credentials = try vault.profileCredentials(settings, profile: config.profile)
            context.note?("hubctl: \(feature.label) credentials of profile '\(config.profile)' (the secret from the vault)")
        }
        if keyAlias != nil && serviceKey == nil {
            throw HubError.usage("--key-alias picks a key of a settings file given with --service-key.")
        }
        if let tenant { credentials.tenant = tenant }
        return credentials
    }

    /// What a feature's session is built from: the resolved configuration, the vault (for a
    /// profile's secret and the token cache) and the credentials in force.
    func session(_ context: OperatorContext, feature: ServiceFeature) throws -> (config: ConnectionConfig, vault: OperatorVault, credentials: PushBackendCredentials) {
        let config = try context.config()
        let vault = OperatorVault(context)
        return (config, vault, try credentials(context, vault: vault, feature: feature))
    }

    /// A service key or binding file (`-`: stdin), with a warning when others may read it.
    public static func read(serviceKey: Bool, path: String, _ context: OperatorContext, keyAlias: String? = nil,
                            feature: ServiceFeature = .push) throws -> PushBackendCredentials {
        let what = serviceKey ? "service key" : "binding"
        let data = try context.secretFile(path, limit: 1 << 20, what: what)
        let label = path == "-" ? "the \(what) on stdin" : path
        return serviceKey ? try PushBackendCredentials.serviceKey(data, alias: keyAlias, what: label, feature: feature)
            : try PushBackendCredentials.binding(data, what: label)
    }

    /// The application of the paths that name one: --app-id (or HUBCTL_APP_ID, the profile's
    /// app-id, the plist), else the one the credentials belong to (a settings file's
    /// `applicationId`, a binding's `sap.cloud.service`).
    static func applicationId(_ config: ConnectionConfig, _ credentials: PushBackendCredentials) throws -> String {
        if !config.appId.isEmpty { return config.appId }
        if let app = credentials.applicationId, !app.isEmpty { return app }
        throw HubError(.config, code: .missingAppId, "No application: give --app-id (or HUBCTL_APP_ID, or the profile's app-id); the credentials name none.")
    }
}
