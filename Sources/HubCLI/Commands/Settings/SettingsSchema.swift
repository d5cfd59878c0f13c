// `hubctl settings schema`: Print the connection's properties: Edm type, writable, nullable, and where that came from.

import ArgumentParser
import HubCore
import HubServices

struct SettingsSchema: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the connection's properties: Edm type, writable, nullable, and where that came from.",
        discussion: """
        Reads the server's $metadata (the registration service's, for the registered connection's API \
        version, else the configured one) once and caches it in the home for an hour. "source" is \
        "server", or "fallback" when the server has no $metadata and hubctl's table of SAP's \
        published properties is used (--verbose says why). Scripts can list what `settings set` takes.

        Exit codes: 0 ok, 65 malformed answer, 69 server unreachable, 75 timeout, \
        77 authentication failed, 78 missing configuration.

        Example:
          hubctl settings schema | jq '.properties.DeviceModel'
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    var options: Options { Options() }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        func run(_ invocation: Invocation) throws {
            let service = try invocation.services.connections()
            let version: String
            do {
                version = try service.recorded().apiVersion
            } catch let error as HubError where error.code == .notRegistered {
                version = service.session.endpoint.versionsToTry.first ?? service.session.config.apiVersion
            }
            try invocation.emit(SettingsSchemaOutput(try invocation.services.connectionSchema(service.session, version: version), apiVersion: version))
        }
    }
}

/// `{"source": "server", "apiVersion": "v1", "properties": {"DeviceModel": {"type": "Edm.String", "writable": true,
/// "nullable": true, "source": "server"}, …}}`
struct SettingsSchemaOutput: JSONDocument {
    struct Property {
        var type: String
        var writable: Bool
        var nullable: Bool
        var source: String
    }
    var source: String
    var apiVersion: String
    var properties: [String: Property]

    init(_ schema: ConnectionPropertySchema, apiVersion: String) {
        source = schema.source.rawValue
        self.apiVersion = apiVersion
        properties = schema.properties.mapValues {
            Property(type: $0.type.rawValue, writable: $0.writable, nullable: $0.nullable, source: schema.source.rawValue)
        }
    }

    var json: JSONValue {
        .object(["source": .string(source), "apiVersion": .string(apiVersion), "properties": .object(properties.mapValues { p in
            .object(["type": .string(p.type), "writable": .bool(p.writable), "nullable": .bool(p.nullable), "source": .string(p.source)])
        })])
    }
}
