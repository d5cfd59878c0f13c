// The operator's credentials for a Mobile Services feature's service API (push: docs/protocol.md
// §16; client resources: §19) as a profile keeps them: one description of their settings, from
// which each feature's profile keys (`push-url`, `bundles-url`, …), their rows in the GlobalSetting
// table and their vault keys are derived. The secret (API key or client secret) is never a setting.

/// A Mobile Services feature whose service API the operator's commands call with a service key,
/// a binding, VCAP_SERVICES or the profile (SAP's "Service Keys" page: a key is limited to its feature).
public enum ServiceFeature: String, Sendable, Hashable, CaseIterable {
    case push
    case clientResources = "client-resources"

    /// The prefix of the feature's profile settings (`push-url`) and of its vault keys
    /// (`hubctl/push/…`). Push's is what `config set-push` always wrote: existing profiles and
    /// vaults keep working.
    public var settingPrefix: String {
        switch self {
        case .push: "push"
        case .clientResources: "bundles"
        }
    }

    /// How messages and help call the feature.
    public var label: String {
        switch self {
        case .push: "push"
        case .clientResources: "client resources"
        }
    }

    /// The service names a settings file lists the feature's keys under: `push` is SAP's
    /// (`PushClientBuilder`); the client resources' names are *unconfirmed* (docs/protocol.md §19.2).
    public var serviceNames: [String] {
        switch self {
        case .push: ["push"]
        case .clientResources: ["clientresources", "client-resources", "bundles"]
        }
    }

    /// The command that keeps the feature's credentials in a profile.
    public var profileCommand: String {
        switch self {
        case .push: "hubctl config set-push"
        case .clientResources: "hubctl config set-service-key --feature \(rawValue)"
        }
    }
}

/// The non-secret part of a feature's operator credentials a profile keeps (`hubctl config
/// set-push`, `hubctl config set-service-key`): an API key's service (`url`, `alias`) or a
/// client-credentials client (`url`, `uaaURL`, `clientId`), and a tenant.
public struct ServiceProfileSettings: Sendable, Equatable {
    /// One setting of the credentials: the one description every feature's keys and GlobalSetting rows come from.
    public enum Field: CaseIterable, Sendable {
        case url, alias, uaaURL, clientId, tenant

        /// The key's name after the feature's prefix: `push-` + `uaa-url`.
        public var suffix: String {
            switch self {
            case .url: "url"
            case .alias: "alias"
            case .uaaURL: "uaa-url"
            case .clientId: "client-id"
            case .tenant: "tenant"
            }
        }

        /// Whether its value is an http(s) URL (checked when written).
        public var isURL: Bool { self == .url || self == .uaaURL }

        /// The placeholder of its value in help.
        var placeholder: String {
            switch self {
            case .url, .uaaURL: "url"
            case .alias: "alias"
            case .clientId, .tenant: "id"
            }
        }

        /// What it means, for `feature`.
        func summary(_ feature: ServiceFeature) -> String {
            switch self {
            case .url: "Mobile Services URL of the \(feature.label) operator credentials (`\(feature.profileCommand)`)."
            case .alias: "The service key's alias (its API key, in the vault, is sent as Basic alias:key)."
            case .uaaURL: "The binding's uaa.url: client-credentials tokens from <url>/oauth/token."
            case .clientId: "The binding's uaa.clientid (its secret is in the vault)."
            case .tenant: "Subscriber tenant of the \(feature.label) credentials (x-tenant-id)."
            }
        }
    }

    public var feature: ServiceFeature
    public var url: String
    public var alias: String?
    public var uaaURL: String?
    public var clientId: String?
    public var tenant: String?

    public init(feature: ServiceFeature, url: String, alias: String? = nil, uaaURL: String? = nil, clientId: String? = nil, tenant: String? = nil) {
        self.feature = feature
        self.url = url
        self.alias = alias
        self.uaaURL = uaaURL
        self.clientId = clientId
        self.tenant = tenant
    }

    /// The profile key of `field` for `feature`: `push-url`, `bundles-client-id`.
    public static func key(_ field: Field, of feature: ServiceFeature) -> String {
        feature.settingPrefix + "-" + field.suffix
    }

    /// The feature's profile keys, in the order the commands write them.
    public static func keys(of feature: ServiceFeature) -> [String] {
        Field.allCases.map { key($0, of: feature) }
    }

    /// The profile key of `field` of these settings' feature.
    public func key(_ field: Field) -> String { Self.key(field, of: feature) }

    public func value(_ field: Field) -> String? {
        switch field {
        case .url: url
        case .alias: alias
        case .uaaURL: uaaURL
        case .clientId: clientId
        case .tenant: tenant
        }
    }

    /// The values of the feature's keys (nil: not set).
    public var settings: [(String, String?)] {
        Field.allCases.map { (key($0), value($0)) }
    }

    /// From a profile's (or the layers') values; nil without the feature's `<prefix>-url`.
    public init?(feature: ServiceFeature, _ value: (String) -> String?) {
        func v(_ field: Field) -> String? { value(Self.key(field, of: feature)) }
        guard let url = v(.url) else { return nil }
        self.init(feature: feature, url: url, alias: v(.alias), uaaURL: v(.uaaURL), clientId: v(.clientId), tenant: v(.tenant))
    }
}

extension GlobalSetting {
    /// The rows of a feature's operator credentials kept in a profile (profile and layered
    /// variable only, no flag), derived from `ServiceProfileSettings.Field`.
    public static func serviceCredentials(_ feature: ServiceFeature) -> [GlobalSetting] {
        ServiceProfileSettings.Field.allCases.map { field in
            let name = ServiceProfileSettings.key(field, of: feature)
            return GlobalSetting(name, .value(field.placeholder), flag: false, env: layeredVariable(name), profile: true, field.summary(feature))
        }
    }

    /// Whether the setting is the URL of a feature's operator credentials.
    public var isServiceCredentialsURL: Bool {
        ServiceFeature.allCases.contains { feature in
            ServiceProfileSettings.Field.allCases.contains { $0.isURL && ServiceProfileSettings.key($0, of: feature) == name }
        }
    }
}
