// The OData reader must give the same typed settings from JSON and Atom answers.
import Foundation
import Testing
@testable import HubCore
@testable import HubServices

@Suite struct ODataCodecTests {
    let json = #"""
    {"d": {"__metadata": {"uri": "https://h/odata/applications/latest/a/Connections('1f0')", "type": "applications.Connection"},
           "ETag": "2017-01-10 06:10:33.0", "ApplicationConnectionId": "1f0", "CustomizationBundleId": "Appmc:1.2.1",
           "CreatedAt": "\/Date(1484028633406)\/", "PasswordPolicyMinLength": 8, "PasswordPolicyEnabled": false,
           "FeatureVectorPolicy": {"results": []}, "NetworkPolicy": {"Enabled": true}, "Email": null}}
    """#

    let atom = """
    <?xml version="1.0" encoding="utf-8"?>
    <entry xmlns="http://www.w3.org/2005/Atom" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"
           xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
      <id>https://h/odata/applications/latest/a/Connections('1f0')</id>
      <link rel="edit" href="Connections('1f0')"/>
      <category term="applications.Connection" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/>
      <content type="application/xml"><m:properties>
        <d:ETag>2017-01-10 06:10:33.0</d:ETag>
        <d:ApplicationConnectionId>1f0</d:ApplicationConnectionId>
        <d:CustomizationBundleId>Appmc:1.2.1</d:CustomizationBundleId>
        <d:CreatedAt m:type="Edm.DateTime">2017-01-10T06:10:33.406</d:CreatedAt>
        <d:PasswordPolicyMinLength m:type="Edm.Int32">8</d:PasswordPolicyMinLength>
        <d:PasswordPolicyEnabled m:type="Edm.Boolean">false</d:PasswordPolicyEnabled>
        <d:Email m:null="true"/>
      </m:properties></content>
    </entry>
    """

    @Test func jsonAndAtomGiveTheSameTypedValues() throws {
        let fromJSON = try ODataCodec.decodeEntity(Data(json.utf8))
        let fromAtom = try ODataCodec.decodeEntity(Data(atom.utf8))
        for key in ["ETag", "ApplicationConnectionId", "CustomizationBundleId", "CreatedAt", "PasswordPolicyMinLength", "PasswordPolicyEnabled", "Email"] {
            #expect(fromJSON[key] == fromAtom[key], "\(key)")
        }
        #expect(fromJSON["CreatedAt"] == .string("2017-01-10T06:10:33.406Z"))
        #expect(fromJSON["PasswordPolicyMinLength"] == .int(8))
        #expect(fromJSON["PasswordPolicyEnabled"] == .bool(false))
        #expect(fromJSON["FeatureVectorPolicy"] == .array([]))
        #expect(fromJSON["__metadata"] == nil)
        #expect(fromJSON["NetworkPolicy"] == .object(["Enabled": .bool(true)]), "unknown properties are kept")
    }

    @Test(arguments: ["", "   ", "garbage", "{\"d\": 3", "<html><body>Login</body></html>", "[1,2]", "{}",
                      "{\"d\":null}", "{\"d\":[1]}", "{\"d\":{\"results\":[]}}", "{\"d\":\"x\"}", "{\"d\":{}}"])
    func garbageIsMalformed(_ body: String) {
        let error = #expect(throws: HubError.self) { try ODataCodec.decodeEntity(Data(body.utf8)) }
        #expect(error?.kind == .data)
        #expect(error?.code == .malformedResponse)
    }

    @Test func schemaTypesAssignments() throws {
        let values = try ConnectionSchema.assignments(["ApnsPushEnable=TRUE", "BlackberryBESListenerPort=42", "DeviceModel=a=b"])
        #expect(values["ApnsPushEnable"] == .bool(true))
        #expect(values["BlackberryBESListenerPort"] == .int(42))
        #expect(values["DeviceModel"] == .string("a=b"))
        for bad in ["CustomizationBundleId=x", "Nope=1", "ApnsPushEnable=maybe", "BlackberryBESListenerPort=4.2", "=x", "DeviceModel"] {
            #expect(throws: HubError.self) { try ConnectionSchema.assignments([bad]) }
        }
    }

    /// Names that are not OData identifiers are left out of an entity and reported, in JSON and Atom.
    @Test func propertyNamesThatAreNotIdentifiersAreLeftOut() throws {
        var refused: [String] = []
        let json = #"{"d": {"DeviceModel": "m", "x$(touch y)": "1", "a b": 2}}"#
        let entity = try ODataCodec.decodeEntity(Data(json.utf8)) { refused.append($0) }
        #expect(Array(entity.keys) == ["DeviceModel"])
        #expect(refused == ["a b", "x$(touch y)"])
        refused = []
        let atom = """
        <entry xmlns="http://www.w3.org/2005/Atom" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" \
        xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"><content type="application/xml"><m:properties>\
        <d:DeviceModel>m</d:DeviceModel><d:bad.name>1</d:bad.name></m:properties></content></entry>
        """
        let fromAtom = try ODataCodec.decodeEntity(Data(atom.utf8)) { refused.append($0) }
        #expect(Array(fromAtom.keys) == ["DeviceModel"])
        #expect(refused == ["bad.name"])
    }

    /// `$metadata` property names that are not OData identifiers never enter the schema.
    @Test func metadataNamesThatAreNotIdentifiersAreRefused() throws {
        let document = """
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices>\
        <Schema Namespace="applications" xmlns="http://schemas.microsoft.com/ado/2008/09/edm"><EntityType Name="Connection">\
        <Property Name="DeviceModel" Type="Edm.String"/><Property Name="x$(id)" Type="Edm.String"/>\
        <Property Name="a&#10;b" Type="Edm.String"/></EntityType></Schema></edmx:DataServices></edmx:Edmx>
        """
        var refused: [String] = []
        let properties = try #require(try MetadataDocument.connectionProperties(Data(document.utf8)) { refused.append($0) })
        #expect(properties.map(\.name) == ["DeviceModel"])
        #expect(refused == ["x$(id)", "a\nb"])
    }
}
