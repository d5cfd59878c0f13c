// Hostile XML from a server: the Atom entry and $metadata readers refuse DOCTYPEs and entity
// declarations (entity expansion, external entities), deep nesting and oversized documents, as
// malformed answers, never by expanding, fetching or crashing.
import Foundation
import Testing
@testable import HubCore
@testable import HubServices

@Suite struct HostileXMLTests {
    static let namespaces = #"xmlns="http://www.w3.org/2005/Atom" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata""#

    static let hostileAtom: [String] = [
        // Billion laughs.
        """
        <?xml version="1.0"?><!DOCTYPE entry [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\
        <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\
        <entry \(namespaces)><content><m:properties><d:DeviceModel>&d;</d:DeviceModel></m:properties></content></entry>
        """,
        // An external entity: a local file.
        """
        <?xml version="1.0"?><!DOCTYPE entry [<!ENTITY x SYSTEM "file:///etc/passwd">]>\
        <entry \(namespaces)><content><m:properties><d:DeviceModel>&x;</d:DeviceModel></m:properties></content></entry>
        """,
        // An external DTD.
        """
        <?xml version="1.0"?><!DOCTYPE entry SYSTEM "http://127.0.0.1:9/entry.dtd">\
        <entry \(namespaces)><content><m:properties><d:DeviceModel>m</d:DeviceModel></m:properties></content></entry>
        """,
        // An undeclared entity.
        "<entry \(namespaces)><content><m:properties><d:DeviceModel>&x;</d:DeviceModel></m:properties></content></entry>",
        // Deep nesting inside a property.
        "<entry \(namespaces)><content><m:properties><d:P>" + String(repeating: "<d:x>", count: 10_000)
            + String(repeating: "</d:x>", count: 10_000) + "</d:P></m:properties></content></entry>",
    ]

    @Test(arguments: hostileAtom)
    func hostileAtomEntriesAreMalformed(_ body: String) {
        let error = #expect(throws: HubError.self) { try ODataCodec.decodeEntity(Data(body.utf8)) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("root:") == false)
    }

    @Test func anOversizedAtomEntryIsMalformed() {
        let body = "<entry \(Self.namespaces)><content><m:properties><d:DeviceModel>"
            + String(repeating: "x", count: 17 << 20) + "</d:DeviceModel></m:properties></content></entry>"
        let error = #expect(throws: HubError.self) { try ODataCodec.decodeEntity(Data(body.utf8)) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("larger than") == true)
    }

    /// CDATA is character data (Foundation's parser handed it over separately, and the reader missed it).
    @Test func cdataInAPropertyIsItsValue() throws {
        let body = "<entry \(Self.namespaces)><content><m:properties><d:DeviceModel><![CDATA[a<b]]></d:DeviceModel></m:properties></content></entry>"
        #expect(try ODataCodec.decodeEntity(Data(body.utf8))["DeviceModel"] == .string("a<b"))
    }

    static let edmxHead = #"<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices><Schema Namespace="applications" xmlns="http://schemas.microsoft.com/ado/2008/09/edm"><EntityType Name="Connection">"#
    static let edmxTail = "</EntityType></Schema></edmx:DataServices></edmx:Edmx>"

    static let hostileMetadata: [String] = [
        #"<?xml version="1.0"?><!DOCTYPE edmx:Edmx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>"#
            + edmxHead + #"<Property Name="&b;" Type="Edm.String"/>"# + edmxTail,
        #"<?xml version="1.0"?><!DOCTYPE edmx:Edmx [<!ENTITY x SYSTEM "file:///etc/hostname">]>"#
            + edmxHead + #"<Property Name="DeviceModel" Type="Edm.String"/><Documentation>&x;</Documentation>"# + edmxTail,
        #"<?xml version="1.0"?><!DOCTYPE edmx:Edmx SYSTEM "http://127.0.0.1:9/edmx.dtd">"#
            + edmxHead + #"<Property Name="DeviceModel" Type="Edm.String"/>"# + edmxTail,
        edmxHead + String(repeating: "<Documentation>", count: 10_000) + String(repeating: "</Documentation>", count: 10_000) + edmxTail,
        edmxHead + #"<Property Name="DeviceModel" Type="Edm.String" x:ReadOnly="true"/>"# + edmxTail,
    ]

    @Test(arguments: hostileMetadata)
    func hostileMetadataIsRefused(_ document: String) {
        let error = #expect(throws: HubError.self) { try MetadataDocument.connectionProperties(Data(document.utf8)) }
        #expect(error?.code == .malformedResponse)
    }
}
