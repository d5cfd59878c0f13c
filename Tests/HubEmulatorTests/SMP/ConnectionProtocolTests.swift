// Register, read, update and delete connections through the emulator's HTTP routes (docs/protocol.md §1–6).

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct RegisterTests {
    @Test func jsonRegistrationAnswersTheFullEntityWithIdEverywhere() async throws {
        try await withEmulator { client, _ in
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json"),
                                             body: ByteBuffer(string: #"{"DeviceType":"Linux","DeviceModel":"ci-runner"}"#))
            #expect(r.status == .created)
            let d = r.entity
            let id = try #require(d["ApplicationConnectionId"] as? String)
            #expect(UUID(uuidString: id) != nil)
            #expect(d["UserName"] as? String == "demo")
            #expect(d["DeviceType"] as? String == "Linux")
            #expect(d["PasswordPolicyMinLength"] as? Int == 8)
            #expect(d["PasswordPolicyLockTimeout"] as? Int == 300)
            #expect(d["PasswordPolicyRetryLimit"] as? Int == 10)
            #expect(d["LogEntryExpiry"] as? Int == 7)
            #expect(d["FeatureVectorPolicyAllEnabled"] as? Bool == true)
            #expect(d["PasswordPolicyDefaultPasswordAllowed"] as? Bool == true)
            #expect(d["CustomizationBundleId"] is NSNull)
            #expect((d["FeatureVectorPolicy"] as? [String: Any])?["results"] as? [Any] != nil)
            #expect((d["NetworkPolicy"] as? [String: Any])?["NetworkPolicyEnabled"] as? Bool == false)
            #expect(d["DeviceId"] != nil && d["IsWiped"] as? Bool == false && d["LogMaxFileNum"] as? Int == 0)
            #expect((d["__metadata"] as? [String: Any])?["type"] as? String == "applications.Connection")
            // Dates are OData V2 JSON dates, written with escaped slashes.
            #expect(r.text.contains(#""CreatedAt":"\/Date("#))
            #expect(r.headers[.appCID] == id)
            #expect(r.headers[.location]?.hasSuffix("/Connections('\(id)')") == true)
            #expect(r.setCookies.contains("X-SMP-APPCID=\(id); Path=/"))
            #expect(r.setCookies.contains("X-SUP-APPCID=\(id); Path=/"))
            #expect(r.setCookies.contains { $0.hasPrefix("X-SMP-SESSID=") })
        }
    }

    @Test func atomRegistrationWithAtomAnswer() async throws {
        try await withEmulator { client, _ in
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(accept: "application/atom+xml", contentType: "application/atom+xml",
                                                              extra: [.appCID: "atom-client-1"]),
                                             body: ByteBuffer(string: atomProperties))
            #expect(r.status == .created)
            #expect(r.headers[.contentType]?.hasPrefix("application/atom+xml") == true)
            let xml = r.text
            #expect(xml.contains("<entry"))
            #expect(xml.contains("<id>"))
            #expect(xml.contains(#"<link rel="edit" title="Connection" href="Connections('atom-client-1')"/>"#))
            #expect(xml.contains(#"<category term="applications.Connection""#))
            #expect(xml.contains(#"<content type="application/xml"><m:properties>"#))
            #expect(xml.contains("<d:ApplicationConnectionId>atom-client-1</d:ApplicationConnectionId>"))
            #expect(xml.contains("<d:DeviceModel>ci-runner</d:DeviceModel>"))
            #expect(xml.contains(#"<d:ApnsPushEnable m:type="Edm.Boolean">true</d:ApnsPushEnable>"#))
            #expect(xml.contains(#"<d:BlackberryBESListenerPort m:type="Edm.Int32">42</d:BlackberryBESListenerPort>"#))
            #expect(xml.contains(#"<d:Email m:null="true"/>"#))
            #expect(xml.contains(#"<d:CreatedAt m:type="Edm.DateTime">"#))
            #expect(xml.contains(#"<d:NetworkPolicy m:type="applications.NetworkPolicy">"#))
            // The answer is well-formed XML.
            #expect(isWellFormedXML(xml))
        }
    }

    @Test func atomBodyWithJSONAnswerAndJSONBodyWithAtomAnswer() async throws {
        try await withEmulator { client, _ in
            let a = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(accept: "application/json", contentType: "application/atom+xml"),
                                             body: ByteBuffer(string: atomProperties))
            #expect(a.status == .created)
            #expect(a.entity["DeviceModel"] as? String == "ci-runner")
            #expect(a.entity["ApnsPushEnable"] as? Bool == true)
            let b = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(accept: "application/atom+xml", contentType: "application/json"),
                                             body: ByteBuffer(string: #"{"DeviceType":"Linux"}"#))
            #expect(b.status == .created)
            #expect(b.text.contains("<d:DeviceType>Linux</d:DeviceType>"))
        }
    }

    @Test func emptyAtomPropertiesDWrapperAndMisspeltCharsetAreAccepted() async throws {
        try await withEmulator { client, _ in
            let empty = #"<entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"><content type="application/xml"><m:properties/></content></entry>"#
            let a = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/atom+xml"), body: ByteBuffer(string: empty))
            #expect(a.status == .created)
            let b = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json;charset=utf+8"),
                                             body: ByteBuffer(string: #"{"d":{"DeviceType":"Android"}}"#))
            #expect(b.status == .created)
            #expect(b.entity["DeviceType"] as? String == "Android")
            let c = try await client.execute(uri: "\(demoApp)/Connections", method: .post, headers: headers(), body: nil)
            #expect(c.status == .created)
        }
    }

    @Test func clientChosenIdConflictsOnSecondUse() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register(id: "retry-safe-id")
            #expect(id == "retry-safe-id")
            let again = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                                 headers: headers(contentType: "application/json", extra: [.appCID: "retry-safe-id"]),
                                                 body: ByteBuffer(string: "{}"))
            #expect(again.status == .conflict)
            #expect(again.errorCode == "Conflict")
        }
    }

    @Test(arguments: [String(repeating: "a", count: 129), "has space", "quote'd"])
    func badClientIdsAreRefused(_ id: String) async throws {
        try await withEmulator { client, _ in
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json", extra: [.appCID: id]),
                                             body: ByteBuffer(string: "{}"))
            #expect(r.status == .badRequest)
        }
    }

    @Test func longestAllowedClientIdIsAccepted() async throws {
        try await withEmulator { client, _ in
            let id = String(repeating: "b", count: 128)
            let registered = try await client.register(id: id)
            #expect(registered == id)
        }
    }

    /// SAP's device-registration tutorial posts `UserName` and gets 201 with the server's own value:
    /// read-only members are ignored, not refused (docs/protocol.md §2, §13).
    @Test(arguments: [#"{"UserName":"mallory"}"#, #"{"PasswordPolicyMinLength":1}"#])
    func registrationIgnoresReadOnlyProperties(_ body: String) async throws {
        try await withEmulator { client, _ in
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json"), body: ByteBuffer(string: body))
            #expect(r.status == .created, "\(r.text)")
            #expect(r.entity["UserName"] as? String == "demo", "the server's own value")
            #expect(r.entity["PasswordPolicyMinLength"] as? Int == 8)
        }
    }

    @Test(arguments: [#"{"NoSuchProperty":"x"}"#, #"{"ApnsPushEnable":"yes"}"#, #"{"BlackberryBESListenerPort":"80"}"#, "not json"])
    func registrationRefusesUnknownAndMistypedProperties(_ body: String) async throws {
        try await withEmulator { client, _ in
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json"), body: ByteBuffer(string: body))
            #expect(r.status == .badRequest)
            let error = try #require(r.json["error"] as? [String: Any])
            #expect(error["code"] is String)
            #expect((error["message"] as? [String: Any])?["lang"] as? String == "en")
            #expect((error["message"] as? [String: Any])?["value"] is String)
        }
    }

    @Test func idLocationsLimitWhereTheIdIsReturned() async throws {
        try await withEmulator(EmulatorConfiguration(idLocations: [.cookie])) { client, _ in
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
            #expect(r.status == .created)
            #expect(r.entity["ApplicationConnectionId"] == nil)
            #expect(!r.text.contains("Connections('"))
            #expect(r.headers[.appCID] == nil)
            #expect(r.headers[.location] != nil)
            #expect(r.setCookies.contains { $0.hasPrefix("X-SMP-APPCID=") })
        }
        try await withEmulator(EmulatorConfiguration(idLocations: [.header])) { client, _ in
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
            #expect(r.headers[.appCID] != nil)
            #expect(!r.setCookies.contains { $0.hasPrefix("X-SMP-APPCID=") })
            #expect(r.setCookies.contains { $0.hasPrefix("X-SMP-SESSID=") })
        }
    }
}

@Suite struct AccessTests {
    @Test func missingOrWrongCredentialsGet401WithChallenge() async throws {
        try await withEmulator { client, _ in
            for h in [headers(user: nil, contentType: "application/json"), headers(password: "wrong", contentType: "application/json"),
                      headers(user: "nobody", contentType: "application/json")] {
                let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post, headers: h, body: ByteBuffer(string: "{}"))
                #expect(r.status == .unauthorized)
                #expect(r.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=") == true)
            }
        }
    }

    @Test func anonymousApplicationAcceptsAnyOrNoCredentials() async throws {
        try await withEmulator { client, _ in
            let path = "/public/odata/applications/latest/com.example.anon/Connections"
            let a = try await client.execute(uri: path, method: .post, headers: headers(user: nil, contentType: "application/json"),
                                             body: ByteBuffer(string: "{}"))
            #expect(a.status == .created)
            #expect(a.entity["UserName"] is NSNull)
            let b = try await client.execute(uri: path, method: .post, headers: headers(user: "x", password: "y", contentType: "application/json"),
                                             body: ByteBuffer(string: "{}"))
            #expect(b.status == .created)
        }
    }

    @Test func unknownApplicationAndUnsupportedVersionAre404() async throws {
        let configuration = EmulatorConfiguration(versions: ["v1", "latest"])
        try await withEmulator(configuration) { client, _ in
            let unknown = try await client.execute(uri: "/odata/applications/v1/com.example.nope/Connections", method: .post,
                                                   headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
            #expect(unknown.status == .notFound)
            let v4 = try await client.execute(uri: "/odata/applications/v4/com.example.demo/Connections", method: .post,
                                              headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
            #expect(v4.status == .notFound)
            let latest = try await client.execute(uri: "/odata/applications/latest/com.example.demo/Connections", method: .post,
                                                  headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
            #expect(latest.status == .created)
        }
    }

    @Test func connectionRequestsNeedTheConnectionId() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let without = try await client.execute(uri: connectionPath(id), method: .get, headers: headers())
            #expect(without.status == .forbidden)
            var cookie = headers()
            cookie[.cookie] = "X-SMP-APPCID=\(id)"
            let withCookie = try await client.execute(uri: connectionPath(id), method: .get, headers: cookie)
            #expect(withCookie.status == .ok)
            let unknown = try await client.execute(uri: connectionPath("nope"), method: .get, headers: headers(appCID: "nope"))
            #expect(unknown.status == .notFound)
        }
    }

    @Test func aConnectionBelongsToItsUserAndApplication() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let alice = try await client.execute(uri: connectionPath(id), method: .get,
                                                 headers: headers(user: "alice", password: "alice-password", appCID: id))
            #expect(alice.status == .notFound)
            let otherApp = try await client.execute(uri: connectionPath(id, app: "/odata/applications/v1/com.example.other"),
                                                    method: .get, headers: headers(appCID: id))
            #expect(otherApp.status == .notFound)
            let aliceDelete = try await client.execute(uri: connectionPath(id), method: .delete,
                                                       headers: headers(user: "alice", password: "alice-password", appCID: id))
            #expect(aliceDelete.status == .notFound)
            let mine = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id))
            #expect(mine.status == .ok)
        }
    }

    @Test func pathPrefixIsRequiredWhenConfigured() async throws {
        let prefix = "ias_relay_server/client/rs_client.dll/7"
        try await withEmulator(EmulatorConfiguration(pathPrefix: prefix)) { client, _ in
            let app = "/\(prefix)/odata/applications/v1/com.example.demo"
            let id = try await client.register(app: app)
            let read = try await client.execute(uri: connectionPath(id, app: app), method: .get, headers: headers(appCID: id))
            #expect(read.status == .ok)
            #expect((read.entity["__metadata"] as? [String: Any])?["uri"] as? String == "http://localhost\(app)/Connections('\(id)')")
            let bare = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id))
            #expect(bare.status == .notFound)
        }
    }
}

@Suite struct CapabilityVersionTests {
    /// "Capabilities upon registration": service version 3 or later; v1 and v2 refuse them (400).
    @Test func capabilitiesNeedServiceVersion3() async throws {
        try await withEmulator { client, _ in
            let body = #"{"DeviceType": "Linux", "Capability": [{"Category": "push", "CapabilityName": "Module", "CapabilityValue": "Orders"}]}"#
            for version in ["v1", "v2"] {
                let r = try await client.execute(uri: "/odata/applications/\(version)/com.example.demo/Connections", method: .post,
                                                 headers: headers(contentType: "application/json"), body: ByteBuffer(string: body))
                #expect(r.status == .badRequest, "\(version): \(r.text)")
                #expect(r.text.contains("version 3"), "\(version): \(r.text)")
            }
            for version in ["v3", "latest"] {
                _ = try await client.register(body: body, app: "/odata/applications/\(version)/com.example.demo")
            }
        }
    }
}

@Suite struct ReadUpdateDeleteTests {
    @Test func readAsJSONAndAtomIgnoringExpandAndHonouringIfNoneMatch() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let json = try await client.execute(uri: connectionPath(id) + "?$expand=FeatureVectorPolicy,Capability", method: .get,
                                                headers: headers(appCID: id))
            #expect(json.status == .ok)
            let etag = try #require(json.entity["ETag"] as? String)
            let atom = try await client.execute(uri: connectionPath(id), method: .get,
                                                headers: headers(appCID: id, accept: "application/xml"))
            #expect(atom.text.contains("<d:ETag>\(etag)</d:ETag>"))
            let quoted = "%22" + etag.replacingOccurrences(of: " ", with: "%20") + "%22"
            let notModified = try await client.execute(uri: connectionPath(id) + "?If-None-Match=\(quoted)", method: .get,
                                                       headers: headers(appCID: id))
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            let stale = try await client.execute(uri: connectionPath(id) + "?If-None-Match=%22old%22", method: .get,
                                                 headers: headers(appCID: id))
            #expect(stale.status == .ok)
        }
    }

    /// The ETag header is a digest of the entity: the same while it is unchanged (304 for it, also in
    /// a list), different per format and after a change.
    @Test func theETagHeaderFollowsTheContent() async throws {
        try await withEmulator { client, server in
            let id = try await client.register()
            let first = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id))
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34)
            let again = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id))
            #expect(again.headers[.eTag] == tag)
            let atom = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id, accept: "application/xml"))
            #expect(atom.headers[.eTag] != nil && atom.headers[.eTag] != tag)
            var conditional = headers(appCID: id)
            conditional[.ifNoneMatch] = "\"other\", W/\(tag)"
            let notModified = try await client.execute(uri: connectionPath(id), method: .get, headers: conditional)
            #expect(notModified.status == .notModified)
            #expect(notModified.headers[.eTag] == tag)
            #expect(notModified.body.readableBytes == 0)
            var h = headers(appCID: id, contentType: "application/json")
            h[.methodOverride] = "MERGE"
            let update = try await client.execute(uri: connectionPath(id), method: .post, headers: h,
                                                  body: ByteBuffer(string: #"{"DeviceModel":"changed"}"#))
            #expect(update.status == .noContent)
            conditional[.ifNoneMatch] = tag
            let changed = try await client.execute(uri: connectionPath(id), method: .get, headers: conditional)
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != tag)
        }
    }

    /// Connections named in the configuration exist from the start; a bad entry is refused.
    @Test func seededConnectionsExistFromTheStart() async throws {
        let configuration = try EmulatorConfiguration.parse(Data(#"{"connections": [{"id": "seed-1", "appId": "com.example.demo", "user": "demo"}]}"#.utf8))
        try await withEmulator(configuration) { client, _ in
            let read = try await client.execute(uri: connectionPath("seed-1"), method: .get, headers: headers(appCID: "seed-1"))
            #expect(read.status == .ok)
            #expect(read.entity["UserName"] as? String == "demo")
        }
        #expect(throws: ConfigurationError.self) {
            try EmulatorConfiguration.parse(Data(#"{"connections": [{"id": "x", "appId": "com.example.nope"}]}"#.utf8))
        }
        #expect(throws: ConfigurationError.self) {
            try EmulatorConfiguration.parse(Data(#"{"connections": [{"id": "a b", "appId": "com.example.demo"}]}"#.utf8))
        }
    }

    @Test(arguments: ["PUT", "PATCH", "MERGE", "POST+MERGE"])
    func everyUpdateFormChangesWritableProperties(_ form: String) async throws {
        try await withEmulator { client, _ in
            let id = try await client.register(body: #"{"DeviceType":"Linux","DeviceModel":"old"}"#)
            let before = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            let method: HTTPRequest.Method = form == "POST+MERGE" ? .post : HTTPRequest.Method(form)!
            var h = headers(appCID: id, contentType: "application/json;charset=utf+8")
            if form == "POST+MERGE" { h[.methodOverride] = "MERGE" }
            let r = try await client.execute(uri: connectionPath(id), method: method, headers: h,
                                             body: ByteBuffer(string: #"{"DeviceModel":"new","ApnsPushEnable":true,"BlackberryBESListenerPort":9}"#))
            #expect(r.status == .noContent)
            let after = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            #expect(after["DeviceModel"] as? String == "new")
            #expect(after["ApnsPushEnable"] as? Bool == true)
            #expect(after["BlackberryBESListenerPort"] as? Int == 9)
            #expect(after["ETag"] as? String != before["ETag"] as? String)
            // PUT replaces: writable properties it does not name go back to their defaults.
            #expect(after["DeviceType"] as? String == (form == "PUT" ? nil : "Linux"))
        }
    }

    @Test func atomUpdateIsAccepted() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let r = try await client.execute(uri: connectionPath(id), method: .put,
                                             headers: headers(appCID: id, contentType: "application/atom+xml"),
                                             body: ByteBuffer(string: atomProperties))
            #expect(r.status == .noContent)
            let after = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            #expect(after["DeviceModel"] as? String == "ci-runner")
            #expect(after["BlackberryBESListenerPort"] as? Int == 42)
        }
    }

    @Test(arguments: [#"{"CustomizationBundleId":"X:1"}"#, #"{"PasswordPolicyEnabled":true}"#,
                      #"{"FeatureVectorPolicy":{"results":[]}}"#, #"{"IsWiped":true}"#])
    func updateIgnoresReadOnlyProperties(_ body: String) async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let before = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            let r = try await client.execute(uri: connectionPath(id), method: .patch,
                                             headers: headers(appCID: id, contentType: "application/json"), body: ByteBuffer(string: body))
            #expect(r.status == .noContent, "\(r.text)")
            let after = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            for key in ["CustomizationBundleId", "PasswordPolicyEnabled", "IsWiped"] {
                #expect(String(describing: after[key]) == String(describing: before[key]), "\(key) kept the server's value")
            }
        }
    }

    @Test(arguments: [#"{"Nope":1}"#, #"{"DeviceType":5}"#, #"{"ApnsPushEnable":"true"}"#, #"{"BlackberryBESListenerPort":3000000000}"#])
    func updateRefusesUnknownAndMistyped(_ body: String) async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let r = try await client.execute(uri: connectionPath(id), method: .patch,
                                             headers: headers(appCID: id, contentType: "application/json"), body: ByteBuffer(string: body))
            #expect(r.status == .badRequest)
            #expect(r.errorCode != nil)
            #expect(((r.json["error"] as? [String: Any])?["message"] as? [String: Any])?["value"] is String)
        }
    }

    @Test func deleteAnswers200ThenTheConnectionIsGone() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let first = try await client.execute(uri: connectionPath(id), method: .delete, headers: headers(appCID: id))
            #expect(first.status == .ok)
            #expect(first.body.readableBytes == 0)
            let second = try await client.execute(uri: connectionPath(id), method: .delete, headers: headers(appCID: id))
            #expect(second.status == .notFound)
            let read = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id))
            #expect(read.status == .notFound)
        }
    }

    @Test func serviceDocumentAndMetadata() async throws {
        try await withEmulator { client, _ in
            let doc = try await client.execute(uri: demoApp, method: .get, headers: headers())
            #expect(doc.status == .ok)
            #expect((doc.entity["EntitySets"] as? [String])?.contains("Connections") == true)
            let metadata = try await client.execute(uri: demoApp + "/$metadata", method: .get, headers: headers())
            #expect(metadata.status == .ok)
            #expect(metadata.headers[.contentType]?.hasPrefix("application/xml") == true)
            #expect(metadata.text.contains(#"<EntityType Name="Connection">"#))
            #expect(metadata.text.contains(#"<Property Name="PasswordPolicyMinLength" Type="Edm.Int32""#))
            #expect(metadata.text.contains(#"<Property Name="CreatedAt" Type="Edm.DateTime""#))
            #expect(isWellFormedXML(metadata.text))
        }
    }

    @Test func withoutAcceptTheAnswerIsAtomUnlessFormatAsksForJSON() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let atom = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id, accept: nil))
            #expect(atom.text.contains("<entry"))
            let json = try await client.execute(uri: connectionPath(id) + "?$format=json", method: .get,
                                                headers: headers(appCID: id, accept: nil))
            #expect(json.entity["ApplicationConnectionId"] as? String == id)
            let head = try await client.execute(uri: connectionPath(id), method: .head, headers: headers(appCID: id))
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test func answerFormatCanBeForced() async throws {
        try await withEmulator(EmulatorConfiguration(answerFormat: .atom)) { client, _ in
            let id = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                              headers: headers(accept: "application/json", contentType: "application/json"),
                                              body: ByteBuffer(string: "{}"))
            #expect(id.text.contains("<entry"))
        }
        try await withEmulator(EmulatorConfiguration(answerFormat: .json)) { client, _ in
            let id = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                              headers: headers(accept: "application/atom+xml", contentType: "application/json"),
                                              body: ByteBuffer(string: "{}"))
            #expect(id.entity["ApplicationConnectionId"] is String)
        }
    }
}
