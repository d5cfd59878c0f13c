// The `$metadata` document (EDMX) of the registration service, in the structure of SAP's published
// `applications` schema (docs/protocol.md §13), generated from the schema table in RegistrationSchema.swift.

enum ServiceMetadata {
    /// The entity sets of SAP's container, in its order; each is served (read-only but Connections).
    static let entitySets = ["Endpoints", "Connections", "FeatureVectorPolicies", "Capabilities"]

    static let supNamespace = "http://www.sybase.com/sup/odata"

    /// The document for one API version with the custom properties added to Connection (after SAP's).
    static func document(version: String?, custom: [PropertyDefinition]) -> String {
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:sup="\(supNamespace)">
        <edmx:DataServices m:DataServiceVersion="2.0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
        <Schema Namespace="applications" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">

        """
        xml += entityType(RegistrationSchema.endpoint)
        xml += entityType(RegistrationSchema.capability)
        xml += "<EntityType Name=\"Connection\">\n<Key><PropertyRef Name=\"ApplicationConnectionId\"/></Key>\n"
        for property in RegistrationSchema.properties(version: version, custom: custom) {
            xml += propertyElement(property.name, property.type, nullable: property.nullable, readOnly: !property.writable)
        }
        for navigation in RegistrationSchema.navigationProperties {
            xml += "<NavigationProperty Name=\"\(navigation)\" Relationship=\"applications.FK_Connection_\(navigation)\""
            xml += " FromRole=\"Connection\" ToRole=\"\(navigation)\"/>\n"
        }
        xml += "</EntityType>\n"
        xml += entityType(RegistrationSchema.featureVectorPolicy)
        for navigation in RegistrationSchema.navigationProperties {
            xml += """
            <Association Name="FK_Connection_\(navigation)">
            <End Type="applications.Connection" Multiplicity="0..1" Role="Connection"/>
            <End Type="applications.\(navigation)" Multiplicity="*" Role="\(navigation)"/>
            </Association>

            """
        }
        xml += "<EntityContainer Name=\"Container\" m:IsDefaultEntityContainer=\"true\">\n"
        let types = ["Endpoints": "Endpoint", "Connections": "Connection", "FeatureVectorPolicies": "FeatureVectorPolicy",
                     "Capabilities": "Capability"]
        for set in entitySets {
            xml += "<EntitySet Name=\"\(set)\" EntityType=\"applications.\(types[set] ?? set)\"/>\n"
        }
        for (navigation, set) in [("Capability", "Capabilities"), ("FeatureVectorPolicy", "FeatureVectorPolicies")] {
            xml += "<AssociationSet Name=\"FK_Connection_\(navigation)\" Association=\"applications.FK_Connection_\(navigation)\">"
            xml += "<End EntitySet=\"Connections\" Role=\"Connection\"/><End EntitySet=\"\(set)\" Role=\"\(navigation)\"/>"
            xml += "</AssociationSet>\n"
        }
        xml += """
        </EntityContainer>
        </Schema>
        </edmx:DataServices>
        </edmx:Edmx>

        """
        return xml
    }

    private static func entityType(_ type: EntityTypeDefinition) -> String {
        var xml = "<EntityType Name=\"\(type.name)\">\n<Key>"
        xml += type.key.map { "<PropertyRef Name=\"\($0)\"/>" }.joined()
        xml += "</Key>\n"
        for property in type.properties {
            xml += propertyElement(property.name, property.type, nullable: property.nullable, readOnly: property.readOnly)
        }
        return xml + "</EntityType>\n"
    }

    private static func propertyElement(_ name: String, _ type: EdmType, nullable: Bool, readOnly: Bool?) -> String {
        var xml = "<Property Name=\"\(name)\" Type=\"\(type.rawValue)\" Nullable=\"\(nullable)\""
        if let readOnly { xml += " sup:ReadOnly=\"\(readOnly)\"" }
        return xml + "/>\n"
    }
}
