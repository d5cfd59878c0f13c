// The emulator's $metadata has the structure of SAP's published `applications` document
// (Tests/Fixtures/sap/applications-metadata.xml, its source named there; docs/protocol.md §13).

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

/// The structure of an EDMX document, namespace prefixes resolved.
struct EDMXStructure: Equatable {
    struct Property: Equatable, CustomStringConvertible {
        var name, type: String
        var nullable: String?
        var readOnly: String?
        var description: String { "\(name) \(type) Nullable=\(nullable ?? "-") sup:ReadOnly=\(readOnly ?? "-")" }
    }
    struct EntityType: Equatable {
        var key: [String] = []
        var properties: [Property] = []
        var navigations: [String] = []
    }
    var entityTypes: [String: EntityType] = [:]
    /// Association name → its ends as "Type Multiplicity Role".
    var associations: [String: Set<String>] = [:]
    var containers: [String] = []
    /// Entity set name → entity type.
    var entitySets: [String: String] = [:]
    /// Association set name → association and its ends as "EntitySet Role".
    var associationSets: [String: [String]] = [:]
    var schemaNamespaces: [String] = []

    static let supNamespace = "http://www.sybase.com/sup/odata"

    static func parse(_ data: Data) throws -> EDMXStructure {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        guard parser.parse() else { throw TestFailure("not well-formed XML: \(String(describing: parser.parserError))") }
        return reader.result
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var result = EDMXStructure()
        private var scopes: [[String: String]] = []
        private var entityType: String?
        private var association: String?
        private var associationSet: String?
        private var inKey = false

        private func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }

        /// The value of the attribute `localName` in namespace `namespace` (prefixes resolved).
        private func attribute(_ attributes: [String: String], _ localName: String, namespace: String) -> String? {
            for (key, value) in attributes {
                let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, parts[0] != "xmlns", parts[1] == localName else { continue }
                if scopes.reversed().lazy.compactMap({ $0[parts[0]] }).first == namespace { return value }
            }
            return nil
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes: [String: String] = [:]) {
            var scope: [String: String] = [:]
            for (key, value) in attributes where key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
            scopes.append(scope)
            switch local(elementName) {
            case "Schema": result.schemaNamespaces.append(attributes["Namespace"] ?? "")
            case "EntityType":
                let name = attributes["Name"] ?? ""
                entityType = name
                result.entityTypes[name] = EntityType()
            case "Key": inKey = true
            case "PropertyRef" where inKey:
                if let type = entityType { result.entityTypes[type]?.key.append(attributes["Name"] ?? "") }
            case "Property":
                guard let type = entityType else { break }
                result.entityTypes[type]?.properties.append(Property(
                    name: attributes["Name"] ?? "", type: attributes["Type"] ?? "", nullable: attributes["Nullable"],
                    readOnly: attribute(attributes, "ReadOnly", namespace: EDMXStructure.supNamespace)))
            case "NavigationProperty":
                guard let type = entityType else { break }
                let description = [attributes["Name"], attributes["Relationship"], attributes["FromRole"], attributes["ToRole"]]
                    .map { $0 ?? "-" }.joined(separator: " ")
                result.entityTypes[type]?.navigations.append(description)
            case "Association":
                association = attributes["Name"] ?? ""
                result.associations[association!] = []
            case "AssociationSet":
                let name = attributes["Name"] ?? ""
                associationSet = name
                result.associationSets[name] = [attributes["Association"] ?? "-"]
            case "End":
                if let associationSet {
                    result.associationSets[associationSet]?.append("\(attributes["EntitySet"] ?? "-") \(attributes["Role"] ?? "-")")
                } else if let association {
                    result.associations[association]?.insert(
                        "\(attributes["Type"] ?? "-") \(attributes["Multiplicity"] ?? "-") \(attributes["Role"] ?? "-")")
                }
            case "EntityContainer": result.containers.append(attributes["Name"] ?? "")
            case "EntitySet": result.entitySets[attributes["Name"] ?? ""] = attributes["EntityType"] ?? ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            switch local(elementName) {
            case "EntityType": entityType = nil
            case "Key": inKey = false
            case "Association": association = nil
            case "AssociationSet": associationSet = nil
            default: break
            }
            scopes.removeLast()
        }
    }
}

/// SAP's document, from the test data.
func sapApplicationsMetadata() throws -> Data {
    let fixture = fixtureURL("sap/applications-metadata.xml")
    return try Data(contentsOf: fixture)
}

@Suite struct MetadataConformanceTests {
    @Test func emulatorMetadataHasTheStructureOfSAPsDocument() async throws {
        let sap = try EDMXStructure.parse(try sapApplicationsMetadata())
        // The test data is SAP's whole document: four entity types, 61 Connection properties.
        #expect(sap.entityTypes.keys.sorted() == ["Capability", "Connection", "Endpoint", "FeatureVectorPolicy"])
        #expect(sap.entityTypes["Connection"]?.properties.count == 61)

        try await withEmulator { client, _ in
            let response = try await client.execute(uri: "\(demoApp)/$metadata", method: .get, headers: headers())
            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("DataServiceVersion")!] == "1.0")
            let emulator = try EDMXStructure.parse(Data(response.text.utf8))

            #expect(emulator.schemaNamespaces == sap.schemaNamespaces)
            #expect(emulator.containers == sap.containers)
            #expect(emulator.entitySets == sap.entitySets)
            #expect(emulator.associations == sap.associations)
            #expect(emulator.associationSets == sap.associationSets)
            #expect(emulator.entityTypes.keys.sorted() == sap.entityTypes.keys.sorted())
            for (name, expected) in sap.entityTypes {
                let actual = try #require(emulator.entityTypes[name])
                #expect(actual.key == expected.key, "key of \(name)")
                #expect(actual.navigations == expected.navigations, "navigation properties of \(name)")
                // Property by property, so a difference names the property; then the order.
                let byName = Dictionary(uniqueKeysWithValues: actual.properties.map { ($0.name, $0) })
                for property in expected.properties {
                    #expect(byName[property.name] == property, "\(name).\(property.name)")
                }
                #expect(actual.properties.map(\.name) == expected.properties.map(\.name), "properties of \(name) in SAP's order")
            }
        }
    }

    @Test func theDocumentComesFromTheSchemaTable() throws {
        // Every writable property in the table is sup:ReadOnly="false" in the document, and the reverse.
        let document = try EDMXStructure.parse(Data(ServiceMetadata.document(version: "v1", custom: []).utf8))
        let connection = try #require(document.entityTypes["Connection"])
        let writable = Set(connection.properties.filter { $0.readOnly == "false" }.map(\.name))
        #expect(writable == Set(RegistrationSchema.published.filter(\.writable).map(\.name)))
        #expect(writable.count == 27)
    }

    @Test func customPropertiesAreTypedPerVersionAndValidated() async throws {
        try await withEmulator { client, _ in
            let added = try await client.control(.post, "schema/properties",
                                                 #"{"name": "FleetSlot", "type": "Edm.Int64", "writable": true, "versions": ["v2"]}"#)
            #expect(added.status == .created, "\(added.text)")
            let readOnly = try await client.control(.post, "schema/properties", #"{"name": "FleetZone", "writable": false}"#)
            #expect(readOnly.status == .created)
            let clash = try await client.control(.post, "schema/properties", #"{"name": "DeviceModel"}"#)
            #expect(clash.status == .conflict)
            let badName = try await client.control(.post, "schema/properties", #"{"name": "a-b"}"#)
            #expect(badName.status == .badRequest)

            let v2 = "/odata/applications/v2/com.example.demo"
            let doc2 = try EDMXStructure.parse(Data(try await client.execute(uri: "\(v2)/$metadata", method: .get, headers: headers()).text.utf8))
            let slot = doc2.entityTypes["Connection"]?.properties.first { $0.name == "FleetSlot" }
            #expect(slot == EDMXStructure.Property(name: "FleetSlot", type: "Edm.Int64", nullable: "true", readOnly: "false"))
            let zone = doc2.entityTypes["Connection"]?.properties.first { $0.name == "FleetZone" }
            #expect(zone?.readOnly == "true")
            let doc1 = try EDMXStructure.parse(Data(try await client.execute(uri: "\(demoApp)/$metadata", method: .get, headers: headers()).text.utf8))
            #expect(doc1.entityTypes["Connection"]?.properties.contains { $0.name == "FleetSlot" } == false, "v2 only")

            let id = try await client.register(app: v2)
            let path = connectionPath(id, app: v2)
            let h = headers(appCID: id, contentType: "application/json")
            let write = try await client.execute(uri: path, method: .patch, headers: h, body: ByteBuffer(string: #"{"FleetSlot": "9007199254740993"}"#))
            #expect(write.status == .noContent, "\(write.text)")
            let read = try await client.execute(uri: path, method: .get, headers: headers(appCID: id))
            #expect(read.entity["FleetSlot"] as? String == "9007199254740993", "Int64 is a string in OData V2 JSON")
            let wrong = try await client.execute(uri: path, method: .patch, headers: h, body: ByteBuffer(string: #"{"FleetSlot": "x"}"#))
            #expect(wrong.status == .badRequest)
            #expect(wrong.errorCode == "InvalidPropertyValue")
            // A read-only property is ignored, as SAP's server does with UserName on create.
            let before = try await client.execute(uri: path, method: .get, headers: headers(appCID: id)).entity["FleetZone"] as? String
            let ignored = try await client.execute(uri: path, method: .patch, headers: h, body: ByteBuffer(string: #"{"FleetZone": "a"}"#))
            #expect(ignored.status == .noContent, "\(ignored.text)")
            let after = try await client.execute(uri: path, method: .get, headers: headers(appCID: id)).entity["FleetZone"] as? String
            #expect(after == before && after != "a")
            // On v1 the property does not exist.
            let v1 = try await client.execute(uri: connectionPath(id), method: .patch, headers: h, body: ByteBuffer(string: #"{"FleetSlot": "1"}"#))
            #expect(v1.errorCode == "UnknownProperty")
        }
    }

    @Test func customPropertiesFromTheConfigurationFile() async throws {
        let configuration = try EmulatorConfiguration.parse(Data(#"""
            {"customProperties": [{"name": "FleetSlot", "type": "Edm.Int32", "default": 3},
                                  {"name": "FleetTier", "writable": false, "versions": ["v1"]}],
             "applications": [{"id": "com.example.demo", "users": {"demo": "demo-password"}, "settings": {"FleetTier": "gold"}}]}
            """#.utf8))
        #expect(configuration.customProperties.map(\.name) == ["FleetSlot", "FleetTier"])
        try await withEmulator(configuration) { client, _ in
            let id = try await client.register()
            let read = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id))
            #expect(read.entity["FleetSlot"] as? Int == 3)
            #expect(read.entity["FleetTier"] as? String == "gold")
        }
        for bad in [#"{"customProperties": [{"name": "DeviceModel"}]}"#, #"{"customProperties": [{"name": "X", "type": "Edm.Guid"}]}"#,
                    #"{"customProperties": [{"name": "X", "type": "Edm.Int32", "default": "a"}]}"#,
                    #"{"customProperties": [{"name": "X"}, {"name": "X"}]}"#] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try EmulatorConfiguration.parse(Data(bad.utf8)) }
        }
    }

    @Test func metadataCanBeSwitchedOff() async throws {
        try await withEmulator { client, _ in
            #expect(try await client.control(.put, "metadata", #"{"served": false}"#).status == .ok)
            let gone = try await client.execute(uri: "\(demoApp)/$metadata", method: .get, headers: headers())
            #expect(gone.status == .notFound)
            #expect(try await client.control(.put, "metadata", #"{"served": true}"#).status == .ok)
            #expect(try await client.execute(uri: "\(demoApp)/$metadata", method: .get, headers: headers()).status == .ok)
        }
    }

    @Test func listedSetsAreServedReadOnly() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            for path in ["\(demoApp)/Endpoints", "\(demoApp)/Capabilities", "\(demoApp)/FeatureVectorPolicies",
                         connectionPath(id) + "/Capability", connectionPath(id) + "/FeatureVectorPolicy"] {
                let read = try await client.execute(uri: path, method: .get, headers: headers(appCID: id))
                #expect(read.status == .ok, "\(path)")
                #expect((read.json["d"] as? [String: Any])?["results"] as? [Any] != nil, "\(path): \(read.text)")
                let atom = try await client.execute(uri: path, method: .get, headers: headers(appCID: id, accept: "application/atom+xml"))
                #expect(atom.text.contains("<feed"), "\(path)")
                #expect(isWellFormedXML(atom.text))
                let write = try await client.execute(uri: path, method: .post, headers: headers(appCID: id, contentType: "application/json"),
                                                     body: ByteBuffer(string: "{}"))
                #expect(write.status == .methodNotAllowed, "\(path)")
            }
            // The connection's own: without its id, 403; another user's, 404.
            #expect(try await client.execute(uri: "\(demoApp)/Capabilities", method: .get, headers: headers()).status == .forbidden)
            let alice = try await client.execute(uri: connectionPath(id) + "/Capability", method: .get,
                                                 headers: headers(user: "alice", password: "alice-password", appCID: id))
            #expect(alice.status == .notFound)
        }
    }

    @Test func registrationAnswersSayDataServiceVersion1() async throws {
        try await withEmulator { client, _ in
            let response = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                                    headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
            #expect(response.status == .created)
            #expect(response.headers[HTTPField.Name("DataServiceVersion")!] == "1.0")
        }
    }
}
