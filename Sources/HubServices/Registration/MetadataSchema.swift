// The Connection schema as the server publishes it in `$metadata` (docs/protocol.md §13): read with
// XMLDocumentReader (HubCore: libxml2, loaded on first use), cached in the home per (server,
// application, API version), and the compiled table (ConnectionSchema.swift) when the server has no
// `$metadata`.

import Foundation
import HubBundles
import HubCore
import HubTransport

/// Reads the `Connection` entity type of an EDMX document (OData V2 CSDL).
public enum MetadataDocument {
    /// SAP's annotation of what a client may write (`sup:ReadOnly="true|false"`).
    static let supNamespace = "http://www.sybase.com/sup/odata"
    /// SAP Gateway's annotations (`sap:updatable="false"`), honoured when a server uses them.
    static let sapNamespace = "http://www.sap.com/Protocols/SAPData"

    /// The Connection properties the document declares, or nil when it declares no `Connection` entity
    /// type. A property is writable when `sup:ReadOnly="false"`, read-only when `"true"`, a key or
    /// `sap:updatable="false"`; without any annotation the compiled table decides for the properties it
    /// knows, and others are writable (OData's default). A property whose name is not an OData
    /// identifier (`SafeName.isODataIdentifier`) is left out and handed to `refused`: names from here
    /// reach shell completion and request bodies (docs/security.md).
    public static func connectionProperties(_ data: Data, refused: (String) -> Void = { _ in }) throws -> [PropertyDefinition]? {
        var reader = EDMXReader()
        let outcome = try XMLDocumentReader.read(data, limits: limits) { event in
            reader.take(event)
            return .proceed
        }
        if case .failed(let failure) = outcome {
            switch failure.reason {
            case .doctype, .entityDeclaration:
                throw HubError(.data, code: .malformedResponse, "The server's $metadata has a document type or entity declaration, which hubctl does not read.")
            case .tooLarge:
                throw HubError(.data, code: .malformedResponse, "The server's $metadata is larger than \(limits.maximumBytes >> 20) MiB.")
            case .tooDeep, .notWellFormed:
                throw HubError(.data, code: .malformedResponse, "The server's $metadata is not well-formed XML.")
            }
        }
        // The root must have ended: a document cut short is not one.
        guard !reader.sawEdmx || reader.edmxEnded else {
            throw HubError(.data, code: .malformedResponse, "The server's $metadata is not well-formed XML.")
        }
        guard reader.sawEdmx else {
            throw HubError(.data, code: .malformedResponse, "The server's $metadata is not an EDMX document.")
        }
        guard let properties = reader.connection else { return nil }
        return properties.filter { raw in
            if SafeName.isODataIdentifier(raw.name) { return true }
            refused(raw.name)
            return false
        }.map { raw in
            let writable: Bool
            if reader.connectionKey.contains(raw.name) { writable = false }
            else if let readOnly = raw.readOnly { writable = readOnly != "true" }
            else if raw.updatable == "false" { writable = false }
            else { writable = ConnectionSchema.properties[raw.name]?.writable ?? true }
            return PropertyDefinition(name: raw.name, type: PropertyType(rawValue: raw.type), writable: writable,
                                      nullable: raw.nullable != "false")
        }
    }

    /// SAP's document is about 10 KB; EDMX nests a few levels (Edmx, DataServices, Schema, EntityType, …).
    static let limits = XMLReadLimits(maximumBytes: 8 << 20, maximumDepth: 64)

    /// Elements by local name, whatever their prefix (as before: EDMX and EDM namespaces vary by
    /// version); `sup:` and `sap:` annotations by namespace, whatever their prefix.
    private struct EDMXReader {
        struct RawProperty {
            var name: String, type: String
            var nullable: String?, readOnly: String?, updatable: String?
        }
        var sawEdmx = false
        var edmxEnded = false
        var connection: [RawProperty]?
        var connectionKey: Set<String> = []
        private var inConnection = false
        private var inKey = false

        mutating func take(_ event: XMLEvent) {
            switch event {
            case .start(let tag): start(tag)
            case .end(let name):
                switch name.localName {
                case "EntityType": inConnection = false
                case "Key": inKey = false
                case "Edmx": edmxEnded = true
                default: break
                }
            case .text: break
            }
        }

        private mutating func start(_ tag: XMLStartTag) {
            switch tag.name.localName {
            case "Edmx": sawEdmx = true
            case "EntityType" where tag.attribute("Name") == "Connection" && connection == nil:
                inConnection = true
                connection = []
            case "Key" where inConnection: inKey = true
            case "PropertyRef" where inKey:
                if let name = tag.attribute("Name") { connectionKey.insert(name) }
            case "Property" where inConnection:
                guard let name = tag.attribute("Name"), let type = tag.attribute("Type") else { break }
                connection?.append(RawProperty(
                    name: name, type: type, nullable: tag.attribute("Nullable"),
                    readOnly: tag.attribute("ReadOnly", namespace: MetadataDocument.supNamespace),
                    updatable: tag.attribute("updatable", namespace: MetadataDocument.sapNamespace)))
            default: break
            }
        }
    }
}

/// What is kept of one server's `$metadata` under `<home>/cache/metadata/`.
struct CachedSchema: Codable {
    var server: String
    var appId: String
    var apiVersion: String
    var fetchedAt: Date
    /// The `ETag` of the `$metadata` answer, sent as `If-None-Match` once the entry is stale.
    var etag: String?
    /// nil: the server answered 404 (it has no `$metadata`).
    var properties: [PropertyDefinition]?
}

/// The Connection schema of the server a session talks to: from the cache while fresh, else from
/// `$metadata`, else the compiled table.
public struct SchemaService {
    public let session: SMPSession
    public let home: String
    /// How long a cached schema is used without asking the server again.
    public let lifetime: TimeInterval
    let now: () -> Date

    public init(session: SMPSession, home: String, lifetime: TimeInterval = 3600, now: @escaping () -> Date = Date.init) {
        self.session = session
        self.home = home
        self.lifetime = lifetime
        self.now = now
    }

    /// The largest `$metadata` read (SAP's is about 10 KB).
    static let maximumCacheFileBytes = 1 << 20

    func cachePath(version: String) throws -> String {
        let identity = Data("\(session.config.server)\n\(session.config.appId)\n\(version)".utf8)
        let hash = try identity.withUnsafeBytes { try SHA256Digest.hex(of: $0) }
        return home + "/cache/metadata/" + hash.prefix(32) + ".json"
    }

    /// The schema of API `version`. `note` receives what `--verbose` shows: where the schema came from,
    /// and why the compiled table is used; `warn` what is always shown: property names refused.
    public func schema(version: String, note: (String) -> Void, warn: (String) -> Void = { _ in }) throws -> ConnectionPropertySchema {
        let path = try cachePath(version: version)
        let cached = readCache(path)
        if let cached, now().timeIntervalSince(cached.fetchedAt) < lifetime {
            note("schema: the cached $metadata of \(session.config.server) (\(version)), fetched \(ISO8601.string(from: cached.fetchedAt))")
            return Self.schema(from: cached, note: note)
        }
        let url = session.endpoint.applicationURL(version: version, ["$metadata"])
        var extra: [HTTPHeader] = []
        if let etag = cached?.etag, cached?.properties != nil { extra.append(HTTPHeader("If-None-Match", etag)) }
        let response = try session.send(session.request("GET", url, appcid: nil, accept: "application/xml", extraHeaders: extra))
        var entry: CachedSchema
        switch response.status {
        case 304 where cached != nil:
            entry = cached!
            entry.fetchedAt = now()
        case 200:
            let properties: [PropertyDefinition]?
            do {
                properties = try MetadataDocument.connectionProperties(response.body) { name in
                    warn("the server's $metadata declares a Connection property named \(HubError.quoted(name)), which is not an OData identifier: hubctl ignores it.")
                }
            } catch let error as HubError where error.code == .libraryUnavailable {
                // Not the document's fault: libxml2 is missing (69, naming the package).
                throw error
            } catch {
                note("schema: the server's $metadata could not be read (\((error as? HubError)?.message ?? "\(error)")); using hubctl's compiled table")
                return .fallback
            }
            guard let properties, !properties.isEmpty else {
                note("schema: the server's $metadata declares no Connection entity type; using hubctl's compiled table")
                return .fallback
            }
            entry = CachedSchema(server: session.config.server, appId: session.config.appId, apiVersion: version,
                                 fetchedAt: now(), etag: response.header("ETag"), properties: properties)
        case 404:
            entry = CachedSchema(server: session.config.server, appId: session.config.appId, apiVersion: version,
                                 fetchedAt: now(), etag: nil, properties: nil)
        default:
            throw SMPEndpoint.unexpected(response, doing: "reading the server's $metadata")
        }
        writeCache(entry, to: path, note: note)
        if entry.properties != nil {
            note("schema: the server's $metadata (\(version)), cached for \(Int(lifetime)) s")
        }
        return Self.schema(from: entry, note: note)
    }

    private static func schema(from entry: CachedSchema, note: (String) -> Void) -> ConnectionPropertySchema {
        guard let properties = entry.properties?.filter({ SafeName.isODataIdentifier($0.name) }) else {
            note("schema: the server has no $metadata (HTTP 404); using hubctl's compiled table of SAP's published properties")
            return .fallback
        }
        return ConnectionPropertySchema(properties: Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
                                        source: .server)
    }

    /// The Connection property names known without asking a server (shell completion): those of every
    /// `$metadata` cached in `home`, else the compiled table's. `writableOnly` keeps the writable ones.
    public static func cachedPropertyNames(home: String, writableOnly: Bool) -> [String] {
        let directory = home + "/cache/metadata"
        var names = Set<String>()
        for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where file.hasSuffix(".json") {
            guard let data = try? BoundedFile.read(path: directory + "/" + file, limit: maximumCacheFileBytes,
                                                   openFlags: O_NOFOLLOW, regularOnly: true),
                  let entry = try? JSONDecoder.iso8601.decode(CachedSchema.self, from: data),
                  let properties = entry.properties else { continue }
            // Checked again here: a cache written by an older hubctl, or by hand, must not hand the
            // shell a name it would expand.
            names.formUnion(properties.filter { (!writableOnly || $0.writable) && SafeName.isODataIdentifier($0.name) }.map(\.name))
        }
        if names.isEmpty {
            names = Set(ConnectionSchema.properties.values.filter { !writableOnly || $0.writable }.map(\.name))
        }
        return names.sorted()
    }

    /// The cached entry for this server, application and version; nil when missing, unreadable or not
    /// this identity's (then it is simply fetched again).
    private func readCache(_ path: String) -> CachedSchema? {
        guard let data = try? BoundedFile.read(path: path, limit: Self.maximumCacheFileBytes, openFlags: O_NOFOLLOW, regularOnly: true),
              let entry = try? JSONDecoder.iso8601.decode(CachedSchema.self, from: data),
              entry.server == session.config.server, entry.appId == session.config.appId else { return nil }
        return entry
    }

    /// A cache that cannot be written costs a request next time, nothing more: said under --verbose.
    private func writeCache(_ entry: CachedSchema, to path: String, note: (String) -> Void) {
        do {
            try AtomicFile.ensurePrivateDirectory(home)
            try AtomicFile.ensurePrivateDirectory(home + "/cache")
            try AtomicFile.ensurePrivateDirectory(home + "/cache/metadata")
            try AtomicFile.write(try JSONEncoder.iso8601.encode(entry), to: path)
        } catch {
            note("schema: could not cache $metadata in \(path): \((error as? HubError)?.message ?? "\(error)")")
        }
    }
}

extension JSONDecoder {
    fileprivate static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension JSONEncoder {
    fileprivate static var iso8601: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
