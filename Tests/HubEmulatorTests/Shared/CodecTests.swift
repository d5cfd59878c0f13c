// Unit tests of the pieces under the routes: address parsing, JSON writing, Atom reading, configuration.

import Foundation
import Testing
@testable import HubEmulator

@Suite struct ProtocolPathTests {
    @Test func readsConnectionAddresses() {
        let a = ProtocolPath.parse("/odata/applications/v1/com.x/Connections('abc')", prefix: "")
        #expect(a?.appId == "com.x")
        #expect(a?.version == "v1")
        #expect(a?.resource == .connection("abc"))
        #expect(a?.isPublic == false)
        let quoted = ProtocolPath.parse("/public/odata/applications/latest/com.x/Connections(%27a''b%27)", prefix: "")
        #expect(quoted?.resource == .connection("a'b"))
        #expect(quoted?.isPublic == true)
        #expect(ProtocolPath.parse("/odata/applications/v1/com.x/$metadata", prefix: "")?.resource == .metadata)
        #expect(ProtocolPath.parse("/odata/applications/v1/com.x", prefix: "")?.resource == .serviceDocument)
        #expect(ProtocolPath.parse("/odata/applications/v1/com.x/Other", prefix: "")?.resource == .unknown)
        #expect(ProtocolPath.parse("/somewhere/else", prefix: "") == nil)
    }

    @Test func readsBundleAddressesAndPrefixes() {
        #expect(ProtocolPath.parse("/bundles/com.x/", prefix: "")?.resource == .bundle(nil))
        #expect(ProtocolPath.parse("/bundles/com.x", prefix: "")?.resource == .bundle(nil))
        #expect(ProtocolPath.parse("/bundles/com.x/N%3A1.0", prefix: "")?.resource == .bundle("N:1.0"))
        let ms = "/mobileservices/application/com.x/bundles/v1/runtime/bundle/application/com.x/bundle/N/version/2"
        #expect(ProtocolPath.parse(ms, prefix: "")?.resource == .bundle("N:2"))
        let prefixed = ProtocolPath.parse("/relay/7/odata/applications/v1/com.x/Connections", prefix: "relay/7")
        #expect(prefixed?.resource == .connections)
        #expect(prefixed?.applicationPath == "/relay/7/odata/applications/v1/com.x")
        #expect(ProtocolPath.parse("/odata/applications/v1/com.x/Connections", prefix: "relay/7") == nil)
    }
}

@Suite struct EncodingTests {
    @Test func jsonWriterKeepsOrderEscapesAndWritesODataDates() throws {
        let text = ODataJSON.write(.object([("b", .string("q\"\\\n\u{1}")), ("a", .date(1484028633406)), ("n", .null)]))
        #expect(text == #"{"b":"q\"\\\n\u0001","a":"\/Date(1484028633406)\/","n":null}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["a"] as? String == "/Date(1484028633406)/")
    }

    @Test func jsonReaderTellsBooleansFromNumbersAndUnwrapsD() throws {
        let members = try ODataJSON.readProperties(Data(#"{"d":{"A":true,"B":1,"C":"x","__metadata":{}}}"#.utf8))
        let byName = Dictionary(members, uniquingKeysWith: { a, _ in a })
        #expect(byName["A"] == .bool(true))
        #expect(byName["B"] == .int(1))
        #expect(byName["C"] == .string("x"))
        #expect(byName["__metadata"] == nil)
    }

    @Test func atomReaderReadsTypedUntypedAndNullProperties() throws {
        let xml = """
            <m:properties xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"><d:A m:type="Edm.Boolean">true</d:A>\
            <d:B m:type="Edm.Int32">7</d:B><d:C>a &amp; b</d:C><d:D m:null="true"/></m:properties>
            """
        let members = try ODataAtom.readProperties(Data(xml.utf8))
        #expect(members.map(\.0) == ["A", "B", "C", "D"])
        #expect(members[0].1 == .bool(true))
        #expect(members[1].1 == .int(7))
        #expect(members[2].1 == .string("a & b"))
        #expect(members[3].1 == .null)
        #expect(throws: PropertyRejection.self) { try ODataAtom.readProperties(Data("<entry>".utf8)) }
        #expect(throws: PropertyRejection.self) { try ODataAtom.readProperties(Data("<entry/>".utf8)) }
    }

    @Test func untypedAtomTextIsReadByTheSchemaButJSONStringsAreNot() throws {
        let schema = RegistrationSchema.published
        #expect(try RegistrationSchema.validateClientWrite("ApnsPushEnable", .string("true"), fromText: true, properties: schema) == .bool(true))
        #expect(try RegistrationSchema.validateClientWrite("BlackberryBESListenerPort", .string("80"), fromText: true, properties: schema) == .int(80))
        #expect(throws: PropertyRejection.self) {
            try RegistrationSchema.validateClientWrite("ApnsPushEnable", .string("true"), fromText: false, properties: schema)
        }
        #expect(try RegistrationSchema.validateClientWrite("Email", .null, fromText: false, properties: schema) == .null)
        #expect(try RegistrationSchema.validateClientWrite("UserName", .string("mallory"), fromText: false, properties: schema) == nil,
                "a read-only property is ignored, not refused")
    }

    @Test func atomEntryIsWellFormedAndEscaped() {
        let xml = ODataAtom.entry([("DeviceModel", .string("<a&b>")), ("N", .null)], base: "http://h/x/", key: "Connections('i')", updated: 0)
        #expect(isWellFormedXML(xml))
        #expect(xml.contains("<d:DeviceModel>&lt;a&amp;b&gt;</d:DeviceModel>"))
        #expect(xml.contains("<updated>1970-01-01T00:00:00.000Z</updated>"))
    }
}

@Suite struct ConfigurationTests {
    @Test func emptyFileGivesTheDefaults() throws {
        let c = try EmulatorConfiguration.parse(Data("{}".utf8))
        #expect(c.applications.map(\.id) == ["com.example.demo", "com.example.other", "com.example.anon"])
        #expect(c.applications[0].users["alice"] == "alice-password")
        #expect(c.applications[2].anonymous)
        #expect(c.versions == ["v1", "v2", "v3", "v4", "latest"])
        #expect(c.pathPrefix == "")
        #expect(c.answerFormat == .accept)
        #expect(c.idLocations == [.body, .header, .cookie])
    }

    @Test func fieldsAreReadAndValidated() throws {
        let c = try EmulatorConfiguration.parse(Data("""
            {"applications": [{"id": "a", "users": {"u": "p"}, "settings": {"PasswordPolicyMinLength": 12}}],
             "versions": ["v4"], "pathPrefix": "/relay/", "answerFormat": "atom", "idLocations": ["cookie"]}
            """.utf8))
        #expect(c.applications[0].settings["PasswordPolicyMinLength"] == .int(12))
        #expect(c.pathPrefix == "relay")
        #expect(c.answerFormat == .atom)
        #expect(c.idLocations == [.cookie])
        #expect(throws: ConfigurationError.self) { try EmulatorConfiguration.parse(Data(#"{"answerFormat":"yaml"}"#.utf8)) }
        #expect(throws: ConfigurationError.self) {
            try EmulatorConfiguration.parse(Data(#"{"applications":[{"id":"a","settings":{"PasswordPolicyMinLength":"x"}}]}"#.utf8))
        }
        #expect(throws: ConfigurationError.self) { try EmulatorConfiguration.parse(Data(#"{"applications":[{"id":"a"},{"id":"a"}]}"#.utf8)) }
    }
}
