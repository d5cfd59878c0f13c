// The $metadata reader, the Edm typing of assignments and the schema cache (docs/protocol.md §13).
import Foundation
import Testing
@testable import HubAuth
@testable import HubConfig
@testable import HubCore
@testable import HubServices
@testable import HubTransport

private func edmx(_ properties: String, prefixes: String = #"xmlns:sup="http://www.sybase.com/sup/odata""#) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" \(prefixes)>
    <edmx:DataServices><Schema Namespace="applications" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
    <EntityType Name="Endpoint"><Key><PropertyRef Name="EndpointName"/></Key>
    <Property Name="EndpointName" Type="Edm.String" Nullable="false"/></EntityType>
    <EntityType Name="Connection"><Key><PropertyRef Name="ApplicationConnectionId"/></Key>
    \(properties)
    </EntityType></Schema></edmx:DataServices></edmx:Edmx>
    """
}

@Suite struct MetadataDocumentTests {
    @Test func readsTypesNullabilityAndSupReadOnlyWhateverThePrefix() throws {
        let xml = edmx("""
            <Property Name="ApplicationConnectionId" Type="Edm.String" Nullable="false" x:ReadOnly="true"/>
            <Property Name="DeviceModel" Type="Edm.String" Nullable="true" x:ReadOnly="false"/>
            <Property Name="FleetSlot" Type="Edm.Int64" x:ReadOnly="false"/>
            <Property Name="CreatedAt" Type="Edm.DateTime" x:ReadOnly="true"/>
            <Property Name="Other" Type="Edm.String" y:ReadOnly="false"/>
            """, prefixes: #"xmlns:x="http://www.sybase.com/sup/odata" xmlns:y="urn:not-sup""#)
        let properties = try #require(try MetadataDocument.connectionProperties(Data(xml.utf8)))
        let byName = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0) })
        #expect(properties.map(\.name) == ["ApplicationConnectionId", "DeviceModel", "FleetSlot", "CreatedAt", "Other"])
        #expect(byName["ApplicationConnectionId"] == PropertyDefinition(name: "ApplicationConnectionId", type: .string, writable: false, nullable: false))
        #expect(byName["DeviceModel"]?.writable == true)
        #expect(byName["FleetSlot"]?.type.rawValue == "Edm.Int64")
        #expect(byName["FleetSlot"]?.writable == true)
        #expect(byName["CreatedAt"]?.writable == false)
        // y:ReadOnly is in another namespace: no annotation, an unknown name, so OData's default.
        #expect(byName["Other"]?.writable == true)
        #expect(byName["EndpointName"] == nil, "only Connection's properties")
    }

    @Test func withoutAnnotationsKeysAndTheCompiledTableDecide() throws {
        let xml = edmx("""
            <Property Name="ApplicationConnectionId" Type="Edm.String" Nullable="false"/>
            <Property Name="CustomizationBundleId" Type="Edm.String"/>
            <Property Name="Email" Type="Edm.String"/>
            <Property Name="Gateway" Type="Edm.String" sap:updatable="false"/>
            <Property Name="Added" Type="Edm.Boolean"/>
            """, prefixes: #"xmlns:sap="http://www.sap.com/Protocols/SAPData""#)
        let properties = try #require(try MetadataDocument.connectionProperties(Data(xml.utf8)))
        let writable = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.writable) })
        #expect(writable == ["ApplicationConnectionId": false, "CustomizationBundleId": false, "Email": true,
                             "Gateway": false, "Added": true])
    }

    @Test func malformedOrForeignDocumentsAreRefused() throws {
        #expect(throws: HubError.self) { try MetadataDocument.connectionProperties(Data("<edmx:Edmx".utf8)) }
        #expect(throws: HubError.self) { try MetadataDocument.connectionProperties(Data("<html><body/></html>".utf8)) }
        let noConnection = #"<edmx:Edmx xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices/></edmx:Edmx>"#
        #expect(try MetadataDocument.connectionProperties(Data(noConnection.utf8)) == nil)
    }
}

@Suite struct EdmTypingTests {
    let schema: ConnectionPropertySchema = {
        var list = [("S", "Edm.String"), ("B", "Edm.Boolean"), ("I16", "Edm.Int16"), ("I32", "Edm.Int32"), ("I64", "Edm.Int64"),
                    ("Byte", "Edm.Byte"), ("D", "Edm.Double"), ("Dec", "Edm.Decimal"), ("G", "Edm.Guid"), ("T", "Edm.DateTime"),
                    ("Bin", "Edm.Binary")].map { PropertyDefinition(name: $0.0, type: PropertyType(rawValue: $0.1), writable: true) }
        list.append(PropertyDefinition(name: "RO", type: .string, writable: false))
        return ConnectionPropertySchema(properties: Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) }), source: .server)
    }()

    @Test func valuesAreTypedAsODataV2JSONWritesThem() throws {
        let values = try schema.assignments(["S=x=y", "B=TRUE", "I16=-32768", "I32=7", "I64=9007199254740993", "Byte=255",
                                             "D=1.5", "Dec=-12.50", "G=0E5F5F6C-1C52-4C2F-9B1C-2E1D2A4B5C6D",
                                             "T=2017-01-10T06:10:33.406Z"])
        #expect(values == ["S": .string("x=y"), "B": .bool(true), "I16": .int(-32768), "I32": .int(7),
                           "I64": .string("9007199254740993"), "Byte": .int(255), "D": .double(1.5), "Dec": .string("-12.50"),
                           "G": .string("0e5f5f6c-1c52-4c2f-9b1c-2e1d2a4b5c6d"), "T": .string("/Date(1484028633406)/")])
    }

    @Test(arguments: ["I16=32768", "Byte=-1", "I32=2147483648", "I64=1.0", "D=nan", "Dec=1e5", "G=nope", "T=yesterday",
                      "B=yes", "Bin=AAAA"])
    func wrongValuesAreRefusedAsUsageErrors(_ assignment: String) {
        #expect { try schema.assignments([assignment]) } throws: { error in
            (error as? HubError)?.code == .wrongType && (error as? HubError)?.kind == .usage
        }
    }

    @Test func unknownAndReadOnlyNameTheWritableOnes() {
        #expect { try schema.typedValue(name: "RO", text: "x") } throws: { error in
            let e = error as? HubError
            return e?.code == .readOnlyProperty && e?.message.contains("Writable properties: B, Bin, Byte, D, Dec, G, I16, I32, I64, S, T") == true
        }
        #expect { try schema.typedValue(name: "s", text: "x") } throws: { error in
            let e = error as? HubError
            return e?.code == .unknownProperty && e?.message.contains("Did you mean 'S'?") == true
        }
    }
}

@Suite struct SchemaCacheTests {
    let home = NSTemporaryDirectory() + "schema-\(UUID().uuidString)"
    let config = ConnectionConfig(server: "http://127.0.0.1:9", appId: "com.example.demo", user: "demo")
    let document = edmx(#"<Property Name="DeviceModel" Type="Edm.String" sup:ReadOnly="false"/>"#)

    func schemaService(_ fake: FakeTransport, clock: @escaping () -> Date) -> SchemaService {
        let http = AuthenticatingTransport(transport: fake, providers: [StaticPasswordProvider(name: "test", password: "pw")], user: "demo")
        return SchemaService(session: SMPSession(endpoint: SMPEndpoint(config: config), http: http), home: home, now: clock)
    }

    @Test func freshEntriesAreUsedStaleOnesRevalidatedWithTheETag() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        nonisolated(unsafe) var now = start
        let fake = FakeTransport([response(200, document, headers: [HTTPHeader("ETag", "\"m1\"")]), response(304)])
        let service = schemaService(fake, clock: { now })
        var notes: [String] = []
        let first = try service.schema(version: "v1") { notes.append($0) }
        #expect(first.source == .server)
        #expect(first.properties["DeviceModel"]?.writable == true)
        #expect(fake.requests.count == 1)
        #expect(fake.requests[0].url == "http://127.0.0.1:9/odata/applications/v1/com.example.demo/$metadata")
        now = start.addingTimeInterval(3599)
        #expect(try service.schema(version: "v1") { notes.append($0) }.source == .server)
        #expect(fake.requests.count == 1, "fresh: from the cache")
        now = start.addingTimeInterval(3601)
        #expect(try service.schema(version: "v1") { notes.append($0) }.properties["DeviceModel"] != nil)
        #expect(fake.requests.count == 2)
        #expect(fake.requests[1].headers.contains(HTTPHeader("If-None-Match", "\"m1\"")))
        // Another version is another entry.
        fake.answers = [response(404)]
        #expect(try service.schema(version: "v2") { notes.append($0) }.source == .fallback)
        #expect(try service.schema(version: "v2") { notes.append($0) }.source == .fallback)
        #expect(fake.requests.count == 3, "the absence is cached too")
        #expect(notes.contains { $0.contains("the server has no $metadata (HTTP 404)") })
    }

    @Test func anUnreadableDocumentFallsBackWithoutCachingAndOtherStatusesAreErrors() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let fake = FakeTransport([response(200, "<not xml"), response(200, document), response(500)])
        let service = schemaService(fake, clock: Date.init)
        var notes: [String] = []
        #expect(try service.schema(version: "v1") { notes.append($0) }.source == .fallback)
        #expect(notes.last?.contains("could not be read") == true)
        #expect(try service.schema(version: "v1") { notes.append($0) }.source == .server, "not cached: asked again")
        let other = SchemaService(session: service.session, home: home + "-other", now: Date.init)
        #expect { try other.schema(version: "v1") { _ in } } throws: { ($0 as? HubError)?.code == .serverError }
        try? FileManager.default.removeItem(atPath: home + "-other")
    }
}
