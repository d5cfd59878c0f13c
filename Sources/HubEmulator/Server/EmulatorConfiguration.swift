// The emulator's JSON configuration file: applications, users, versions, path prefix, answer format.

import Foundation

/// Every field is optional in the file; a missing one takes the default documented in `--help`.
public struct EmulatorConfiguration: Sendable, Decodable {
    public struct Application: Sendable, Decodable {
        public var id: String
        /// User name → password for HTTP Basic.
        public var users: [String: String]
        /// Anonymous applications accept any or no credentials (the `public/` addresses).
        public var anonymous: Bool
        public var securityConfiguration: String?
        /// `basic` (default) or `certificate`: the latter also accepts a client certificate that a TLS
        /// reverse proxy verified and forwarded (`SSL_CLIENT_CERT`, the user from the subject's CN).
        public var authentication: String
        /// Overrides of the server-owned defaults of new connections, e.g. `PasswordPolicyMinLength`.
        public var settings: [String: ODataValue]
        /// For load tests: any user whose name matches a pattern (`*` matches any characters, e.g.
        /// `load-*`) is known, with the pattern's password; `users` is consulted first.
        public var userPatterns: [String: String] = [:]

        /// The password of `user`: from `users`, else from the first matching of `userPatterns`.
        func password(of user: String) -> String? {
            if let p = users[user] { return p }
            for (pattern, password) in userPatterns.sorted(by: { $0.key < $1.key }) where Self.glob(pattern, matches: user) {
                return password
            }
            return nil
        }

        /// `*` matches any run of characters; everything else matches itself.
        static func glob(_ pattern: String, matches text: String) -> Bool {
            let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > 1 else { return pattern == text }
            guard text.hasPrefix(parts[0]), text.count >= parts[0].count + parts[parts.count - 1].count,
                  text.hasSuffix(parts[parts.count - 1]) else { return false }
            var rest = Substring(text.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
            for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
                guard let range = rest.range(of: middle) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
        /// OAuth client, SAML, application versioning: a Mobile Services application (MobileServices/).
        public var mobileServices: MobileServicesApp?

        public init(id: String, users: [String: String] = [:], anonymous: Bool = false,
                    securityConfiguration: String? = nil, settings: [String: ODataValue] = [:],
                    authentication: String = "basic") {
            self.id = id
            self.authentication = authentication
            self.users = users
            self.anonymous = anonymous
            self.securityConfiguration = securityConfiguration
            self.settings = settings
        }

        enum CodingKeys: String, CodingKey { case id, users, anonymous, securityConfiguration, settings, authentication, userPatterns, mobileServices }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            users = try c.decodeIfPresent([String: String].self, forKey: .users) ?? [:]
            userPatterns = try c.decodeIfPresent([String: String].self, forKey: .userPatterns) ?? [:]
            anonymous = try c.decodeIfPresent(Bool.self, forKey: .anonymous) ?? false
            securityConfiguration = try c.decodeIfPresent(String.self, forKey: .securityConfiguration)
            authentication = try c.decodeIfPresent(String.self, forKey: .authentication) ?? "basic"
            guard ["basic", "certificate"].contains(authentication) else {
                throw DecodingError.dataCorruptedError(forKey: .authentication, in: c,
                                                       debugDescription: "authentication must be basic or certificate")
            }
            let raw = try c.decodeIfPresent(JSONObjectOfValues.self, forKey: .settings)
            settings = raw?.values ?? [:]
            mobileServices = try c.decodeIfPresent(MobileServicesApp.self, forKey: .mobileServices)
        }
    }

    /// Where the id of a new connection is returned on register.
    public enum IdLocation: String, Sendable, Decodable, CaseIterable {
        case body, header, cookie
    }

    /// How answers are formatted: by the request's `Accept`, or always one format.
    public enum AnswerFormat: String, Sendable, Decodable {
        case accept, json, atom
    }

    public var applications: [Application]
    public var versions: [String]
    /// A relay / reverse-proxy prefix before `odata/` and `bundles/`, without slashes at either end.
    public var pathPrefix: String
    public var answerFormat: AnswerFormat
    public var idLocations: [IdLocation]
    /// Connection properties added after SAP's (docs/protocol.md §13), as the control API adds them.
    public var customProperties: [PropertyDefinition]
    /// The onboarding version `GET /mobileservices/management/versions` names; nil = that address is 404.
    public var onboardingVersion: String?
    /// Connections that exist from the start, with the defaults of a new connection: what a server
    /// restarted with its database keeps.
    public var connections: [SeededConnection] = []

    /// `{"id": "…", "appId": "…", "user": "…"}` (user null or absent for an anonymous connection).
    public struct SeededConnection: Sendable, Decodable {
        public var id: String
        public var appId: String
        public var user: String?
    }

    public static let defaultApplications: [Application] = [
        Application(id: "com.example.demo", users: ["demo": "demo-password", "alice": "alice-password"],
                    securityConfiguration: "DemoSSO"),
        Application(id: "com.example.other", users: ["demo": "demo-password"], securityConfiguration: "DemoSSO"),
        Application(id: "com.example.anon", anonymous: true),
    ]

    public init(applications: [Application] = EmulatorConfiguration.defaultApplications,
                versions: [String] = ["v1", "v2", "v3", "v4", "latest"],
                pathPrefix: String = "",
                answerFormat: AnswerFormat = .accept,
                idLocations: [IdLocation] = IdLocation.allCases,
                customProperties: [PropertyDefinition] = []) {
        self.applications = applications
        self.versions = versions
        self.pathPrefix = pathPrefix.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        self.answerFormat = answerFormat
        self.idLocations = idLocations
        self.customProperties = customProperties
    }


    /// One entry of `customProperties`: `{"name", "type", "writable", "nullable", "default", "versions"}`.
    struct CustomPropertyEntry: Decodable {
        var name: String
        var type: String?
        var writable: Bool?
        var nullable: Bool?
        var `default`: AnyJSON?
        var versions: [String]?
    }
    enum CodingKeys: String, CodingKey { case applications, versions, pathPrefix, answerFormat, idLocations, customProperties, onboardingVersion, connections }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = EmulatorConfiguration()
        self.init(
            applications: try c.decodeIfPresent([Application].self, forKey: .applications) ?? defaults.applications,
            versions: try c.decodeIfPresent([String].self, forKey: .versions) ?? defaults.versions,
            pathPrefix: try c.decodeIfPresent(String.self, forKey: .pathPrefix) ?? defaults.pathPrefix,
            answerFormat: try c.decodeIfPresent(AnswerFormat.self, forKey: .answerFormat) ?? defaults.answerFormat,
            idLocations: try c.decodeIfPresent([IdLocation].self, forKey: .idLocations) ?? defaults.idLocations)
        var custom: [PropertyDefinition] = []
        for entry in try c.decodeIfPresent([CustomPropertyEntry].self, forKey: .customProperties) ?? [] {
            do throws(PropertyRejection) {
                custom.append(try RegistrationSchema.customProperty(
                    name: entry.name, typeName: entry.type, writable: entry.writable, nullable: entry.nullable,
                    defaultValue: entry.default?.value, versions: entry.versions, existing: RegistrationSchema.published + custom))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .customProperties, in: c, debugDescription: error.message)
            }
        }
        customProperties = custom
        onboardingVersion = try c.decodeIfPresent(String.self, forKey: .onboardingVersion)
        connections = try c.decodeIfPresent([SeededConnection].self, forKey: .connections) ?? []
    }

    /// Reads a configuration file; the error names the file and what is wrong with it.
    public static func load(path: String) throws -> EmulatorConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationError(message: "cannot read the configuration file \(path): \(error.localizedDescription)")
        }
        return try parse(data, source: path)
    }

    public static func parse(_ data: Data, source: String = "configuration") throws -> EmulatorConfiguration {
        let configuration: EmulatorConfiguration
        do {
            configuration = try JSONDecoder().decode(EmulatorConfiguration.self, from: data)
        } catch let error as DecodingError {
            throw ConfigurationError(message: "\(source) is not a valid emulator configuration: \(describe(error)); see hubctl-emulator --help")
        }
        var seen = Set<String>()
        for app in configuration.applications where !seen.insert(app.id).inserted {
            throw ConfigurationError(message: "\(source) lists the application \(app.id) twice; give each application once")
        }
        var seededIds = Set<String>()
        for connection in configuration.connections {
            guard configuration.applications.contains(where: { $0.id == connection.appId }) else {
                throw ConfigurationError(message: "\(source): connection \(connection.id) names the application \(connection.appId), which is not configured")
            }
            guard ProtocolHandler.problemWithClientId(connection.id) == nil, seededIds.insert(connection.id).inserted else {
                throw ConfigurationError(message: "\(source): the connection id \(connection.id) is empty, unusable or given twice")
            }
        }
        for app in configuration.applications {
            for (name, value) in app.settings {
                do throws(PropertyRejection) { _ = try RegistrationSchema.validateServerWrite(name, value, properties: RegistrationSchema.published + configuration.customProperties) } catch {
                    throw ConfigurationError(message: "\(source): settings of \(app.id): \(error.message)")
                }
            }
        }
        return configuration
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let p = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return p.isEmpty ? "" : " at \(p)"
        }
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return c.debugDescription + path(c)
        case .keyNotFound(let key, let c): return "missing \"\(key.stringValue)\"" + path(c)
        case .dataCorrupted(let c): return c.debugDescription + path(c)
        @unknown default: return "\(error)"
        }
    }
}

public struct ConfigurationError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// A JSON object whose members may be any JSON value (used for `settings`).
struct JSONObjectOfValues: Decodable {
    let values: [String: ODataValue]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard case .object(let members) = try container.decode(AnyJSON.self).value else {
            throw DecodingError.typeMismatch([String: ODataValue].self, .init(codingPath: decoder.codingPath, debugDescription: "expected an object"))
        }
        values = Dictionary(members, uniquingKeysWith: { _, last in last })
    }
}
