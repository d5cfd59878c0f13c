// The `$metadata` document (EDMX) describing the Connection entity of docs/protocol.md §3.

enum ServiceMetadata {
    static let entitySets = ["Connections", "Capabilities", "FeatureVectorPolicies"]

    /// Built once from the schema table, so the document and the validation rules cannot disagree.
    static let document: String = {
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
        <edmx:DataServices m:DataServiceVersion="2.0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
        <Schema Namespace="applications" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
        <EntityType Name="Connection">
        <Key><PropertyRef Name="ApplicationConnectionId"/></Key>

        """
        for property in ConnectionSchema.properties {
            let nullable = property.name == "ApplicationConnectionId" ? "false" : "true"
            xml += "<Property Name=\"\(property.name)\" Type=\"\(property.type.rawValue)\" Nullable=\"\(nullable)\"/>\n"
        }
        xml += """
        <NavigationProperty Name="Capability" Relationship="applications.ConnectionCapability" FromRole="Connection" ToRole="Capability"/>
        <NavigationProperty Name="FeatureVectorPolicy" Relationship="applications.ConnectionFeatureVectorPolicy" FromRole="Connection" ToRole="FeatureVectorPolicy"/>
        </EntityType>
        <EntityType Name="Capability">
        <Key><PropertyRef Name="ApplicationConnectionId"/><PropertyRef Name="Category"/><PropertyRef Name="CapabilityName"/></Key>
        <Property Name="ApplicationConnectionId" Type="Edm.String" Nullable="false"/>
        <Property Name="Category" Type="Edm.String" Nullable="false"/>
        <Property Name="CapabilityName" Type="Edm.String" Nullable="false"/>
        <Property Name="CapabilityValue" Type="Edm.String" Nullable="true"/>
        </EntityType>
        <EntityType Name="FeatureVectorPolicy">
        <Key><PropertyRef Name="ApplicationConnectionId"/><PropertyRef Name="PolicyId"/></Key>
        <Property Name="ApplicationConnectionId" Type="Edm.String" Nullable="false"/>
        <Property Name="PolicyId" Type="Edm.String" Nullable="false"/>
        <Property Name="PolicyValue" Type="Edm.Boolean" Nullable="true"/>
        </EntityType>
        <Association Name="ConnectionCapability">
        <End Type="applications.Connection" Multiplicity="1" Role="Connection"/>
        <End Type="applications.Capability" Multiplicity="*" Role="Capability"/>
        </Association>
        <Association Name="ConnectionFeatureVectorPolicy">
        <End Type="applications.Connection" Multiplicity="1" Role="Connection"/>
        <End Type="applications.FeatureVectorPolicy" Multiplicity="*" Role="FeatureVectorPolicy"/>
        </Association>
        <EntityContainer Name="applications" m:IsDefaultEntityContainer="true">
        <EntitySet Name="Connections" EntityType="applications.Connection"/>
        <EntitySet Name="Capabilities" EntityType="applications.Capability"/>
        <EntitySet Name="FeatureVectorPolicies" EntityType="applications.FeatureVectorPolicy"/>
        <AssociationSet Name="ConnectionCapabilities" Association="applications.ConnectionCapability">
        <End EntitySet="Connections" Role="Connection"/><End EntitySet="Capabilities" Role="Capability"/>
        </AssociationSet>
        <AssociationSet Name="ConnectionFeatureVectorPolicies" Association="applications.ConnectionFeatureVectorPolicy">
        <End EntitySet="Connections" Role="Connection"/><End EntitySet="FeatureVectorPolicies" Role="FeatureVectorPolicy"/>
        </AssociationSet>
        </EntityContainer>
        </Schema>
        </edmx:DataServices>
        </edmx:Edmx>

        """
        return xml
    }()
}
