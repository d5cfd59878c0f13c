// The control API (bundles, assign, users, settings, state log) and each kind of injected fault.

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct BundleTests {
    @Test func uploadAssignAndDownloadBundles() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            let none = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id))
            #expect(none.status == .notFound)

            let bytes = ByteBuffer(bytes: (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            var upload = HTTPFields()
            upload[.bundleExt] = "jar"
            let stored = try await client.execute(uri: "/_emulator/bundles/com.example.demo/Appmc:1.2.1", method: .put,
                                                  headers: upload, body: bytes)
            #expect(stored.status == .created)

            let named = try await client.execute(uri: "/bundles/com.example.demo/Appmc%3A1.2.1", method: .get, headers: headers(appCID: id))
            #expect(named.status == .ok)
            #expect(named.body == bytes)
            #expect(named.headers[.bundleExt] == "jar")
            #expect(named.headers[.contentType] == "application/octet-stream")
            #expect(named.headers[.contentLength] == "200000")

            #expect(try await client.control(.post, "assign", #"{"appId":"com.example.demo","bundleId":"Appmc:9"}"#).status == .notFound)
            #expect(try await client.control(.post, "assign", #"{"appId":"com.example.demo","bundleId":"Appmc:1.2.1"}"#).status == .ok)
            let byDefault = try await client.execute(uri: "/bundles/com.example.demo/", method: .get, headers: headers(appCID: id))
            #expect(byDefault.status == .ok)
            #expect(byDefault.body == bytes)

            // Existing and new connections see the assigned bundle.
            let settings = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            #expect(settings["CustomizationBundleId"] as? String == "Appmc:1.2.1")
            let newId = try await client.register()
            let fresh = try await client.execute(uri: connectionPath(newId), method: .get, headers: headers(appCID: newId)).entity
            #expect(fresh["CustomizationBundleId"] as? String == "Appmc:1.2.1")

            #expect(try await client.control(.post, "assign", #"{"appId":"com.example.demo","bundleId":null}"#).status == .ok)
            let unassigned = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            #expect(unassigned["CustomizationBundleId"] is NSNull)
        }
    }

    @Test func bundlesNeedCredentialsAConnectionIdAndGET() async throws {
        try await withEmulator { client, _ in
            let id = try await client.register()
            try await client.execute(uri: "/_emulator/bundles/com.example.demo/A:1", method: .put, body: ByteBuffer(string: "zip"))
            let path = "/bundles/com.example.demo/A:1"
            #expect(try await client.execute(uri: path, method: .get, headers: headers(user: nil, appCID: id)).status == .unauthorized)
            #expect(try await client.execute(uri: path, method: .get, headers: headers()).status == .forbidden)
            #expect(try await client.execute(uri: path, method: .get, headers: headers(appCID: "unknown")).status == .forbidden)
            let post = try await client.execute(uri: path, method: .post, headers: headers(appCID: id))
            #expect(post.status == .methodNotAllowed)
            #expect(try await client.execute(uri: path, method: .delete, headers: headers(appCID: id)).status == .methodNotAllowed)
            #expect(try await client.execute(uri: "/bundles/com.example.demo/B:1", method: .get, headers: headers(appCID: id)).status == .notFound)
            let ok = try await client.execute(uri: path, method: .get, headers: headers(appCID: id))
            #expect(ok.status == .ok)
            #expect(ok.headers[.bundleExt] == "zip")
        }
    }

    @Test func bundlesHonourThePathPrefix() async throws {
        try await withEmulator(EmulatorConfiguration(pathPrefix: "/relay/7/")) { client, _ in
            let id = try await client.register(app: "/relay/7/odata/applications/v1/com.example.demo")
            try await client.execute(uri: "/_emulator/bundles/com.example.demo/A:1", method: .put, body: ByteBuffer(string: "zip"))
            #expect(try await client.execute(uri: "/relay/7/bundles/com.example.demo/A:1", method: .get, headers: headers(appCID: id)).status == .ok)
            #expect(try await client.execute(uri: "/bundles/com.example.demo/A:1", method: .get, headers: headers(appCID: id)).status == .notFound)
        }
    }

    @Test func uploadRefusesBadIdsAndUnknownApplications() async throws {
        try await withEmulator { client, _ in
            let noVersion = try await client.execute(uri: "/_emulator/bundles/com.example.demo/NoVersion", method: .put,
                                                     body: ByteBuffer(string: "x"))
            #expect(noVersion.status == .badRequest)
            let noApp = try await client.execute(uri: "/_emulator/bundles/com.example.none/A:1", method: .put,
                                                 body: ByteBuffer(string: "x"))
            #expect(noApp.status == .notFound)
        }
    }
}

@Suite struct ControlTests {
    @Test func usersCanBeAddedAndPasswordsChanged() async throws {
        try await withEmulator { client, _ in
            #expect(try await client.control(.post, "users", #"{"appId":"com.example.demo","user":"bob","password":"b0b"}"#).status == .ok)
            #expect(try await client.register(user: "bob", password: "b0b").isEmpty == false)
            try await client.control(.post, "users", #"{"appId":"com.example.demo","user":"bob","password":"new"}"#)
            let old = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                               headers: headers(user: "bob", password: "b0b", contentType: "application/json"),
                                               body: ByteBuffer(string: "{}"))
            #expect(old.status == .unauthorized)
            #expect(try await client.control(.post, "users", #"{"appId":"nope","user":"a","password":"b"}"#).status == .notFound)
            #expect(try await client.control(.post, "users", #"{"appId":"com.example.demo"}"#).status == .badRequest)
        }
    }

    @Test func settingsApplyToNewAndExistingConnections() async throws {
        let configured = EmulatorConfiguration.Application(
            id: "com.example.demo", users: ["demo": "demo-password"],
            settings: ["PasswordPolicyEnabled": .bool(true), "PasswordPolicyMinLength": .int(12)])
        try await withEmulator(EmulatorConfiguration(applications: [configured])) { client, _ in
            let id = try await client.register()
            var d = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            #expect(d["PasswordPolicyEnabled"] as? Bool == true)
            #expect(d["PasswordPolicyMinLength"] as? Int == 12)
            let etag = d["ETag"] as? String

            let changed = try await client.control(.put, "settings",
                #"{"appId":"com.example.demo","settings":{"PasswordPolicyDigitRequired":true,"PasswordPolicyRetryLimit":3}}"#)
            #expect(changed.status == .ok)
            d = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).entity
            #expect(d["PasswordPolicyDigitRequired"] as? Bool == true)
            #expect(d["PasswordPolicyRetryLimit"] as? Int == 3)
            #expect(d["ETag"] as? String != etag)
            let newId = try await client.register()
            let fresh = try await client.execute(uri: connectionPath(newId), method: .get, headers: headers(appCID: newId)).entity
            #expect(fresh["PasswordPolicyRetryLimit"] as? Int == 3)

            #expect(try await client.control(.put, "settings", #"{"appId":"com.example.demo","settings":{"PasswordPolicyMinLength":"x"}}"#).status == .badRequest)
            #expect(try await client.control(.put, "settings", #"{"appId":"com.example.demo","settings":{"Bogus":1}}"#).status == .badRequest)
        }
    }

    @Test func stateListsConnectionsAndLogsProtocolRequestsWithRedactedCredentials() async throws {
        try await withEmulator { client, _ in
            var h = headers(contentType: "application/json",
                            extra: [HTTPField.Name("X-SUP-SC")!: "DemoSSO", HTTPField.Name("X-SUP-Domain")!: "default"])
            h[.appCID] = "logged-id"
            _ = try await client.execute(uri: "\(demoApp)/Connections", method: .post, headers: h, body: ByteBuffer(string: "{}"))
            let state = try await client.control(.get, "state")
            #expect(state.status == .ok)
            #expect(!state.text.contains(basicAuth()))
            #expect(!state.text.contains("demo-password"))
            let connections = try #require(state.json["connections"] as? [[String: Any]])
            #expect(connections.count == 1)
            #expect(connections[0]["id"] as? String == "logged-id")
            #expect(connections[0]["appId"] as? String == "com.example.demo")
            #expect(connections[0]["user"] as? String == "demo")
            #expect((connections[0]["properties"] as? [String: Any])?["UserName"] as? String == "demo")
            // Control requests are not logged; the protocol request is, with its headers.
            let requests = try #require(state.json["requests"] as? [[String: Any]])
            #expect(requests.count == 1)
            #expect(requests[0]["method"] as? String == "POST")
            #expect(requests[0]["path"] as? String == "\(demoApp)/Connections")
            let logged = try #require(requests[0]["headers"] as? [String: String])
            #expect(logged["authorization"] == "<redacted>")
            #expect(logged["x-smp-appcid"] == "logged-id")
            #expect(logged["x-sup-sc"] == "DemoSSO")
            #expect(logged["x-sup-domain"] == "default")
            #expect(logged["accept"] == "application/json")
            #expect(logged["content-type"] == "application/json")

            #expect(try await client.control(.delete, "requests").status == .noContent)
            let cleared = try await client.control(.get, "state")
            #expect((cleared.json["requests"] as? [Any])?.isEmpty == true)
        }
    }
}

@Suite struct FaultTests {
    @Test func statusFaultsAnswerTheNextRequestsThenStop() async throws {
        try await withEmulator { client, server in
            #expect(try await client.control(.post, "faults", #"{"status":503,"count":2,"retryAfter":1}"#).status == .created)
            for _ in 0..<2 {
                let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                                 headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
                #expect(r.status == .serviceUnavailable)
                #expect(r.headers[.retryAfter] == "1")
            }
            // Faulted requests were not processed, but were logged.
            #expect(server.state.connections.isEmpty)
            #expect(server.state.requests.count == 2)
            _ = try await client.register()
            #expect(server.faults.active.isEmpty)
        }
    }

    @Test func untilClearedFaultsLastUntilDeleted() async throws {
        try await withEmulator { client, _ in
            try await client.control(.post, "faults", #"{"status":500,"count":-1}"#)
            for _ in 0..<3 {
                #expect(try await client.execute(uri: demoApp, method: .get, headers: headers()).status == .internalServerError)
            }
            #expect(try await client.control(.delete, "faults").status == .ok)
            #expect(try await client.execute(uri: demoApp, method: .get, headers: headers()).status == .ok)
        }
    }

    @Test func aPathFilteredFaultIsListedWithItsPathAndSparesOtherAddresses() async throws {
        try await withEmulator { client, _ in
            let added = try await client.control(.post, "faults", #"{"status":500,"count":-1,"path":"Connections"}"#)
            #expect(added.status == .created)
            #expect((added.json["faults"] as? [[String: Any]])?.first?["path"] as? String == "Connections")
            #expect(try await client.execute(uri: demoApp + "/Connections('x')", method: .get, headers: headers()).status == .internalServerError)
            #expect(try await client.execute(uri: demoApp, method: .get, headers: headers()).status == .ok, "another address is not faulted")
        }
    }

    @Test func garbageFaultAnswers200WithTheText() async throws {
        try await withEmulator { client, _ in
            try await client.control(.post, "faults", #"{"garbage":"<html>not json","count":1}"#)
            let r = try await client.execute(uri: "\(demoApp)/Connections", method: .post,
                                             headers: headers(contentType: "application/json"), body: ByteBuffer(string: "{}"))
            #expect(r.status == .ok)
            #expect(r.text == "<html>not json")
            #expect(r.headers[.contentType] == "application/json")
        }
    }

    @Test func delayFaultDelaysButStillAnswers() async throws {
        try await withEmulator { client, server in
            try await client.control(.post, "faults", #"{"delay":0.2,"count":1}"#)
            #expect(server.faults.active.count == 1)
            let id = try await client.register()
            #expect(!id.isEmpty)
            #expect(server.faults.active.isEmpty)
        }
    }

    @Test func truncateFaultCutsTheNextBodyShort() async throws {
        try await withEmulator { client, server in
            let id = try await client.register()
            try await client.control(.post, "faults", #"{"truncate":true,"count":1}"#)
            // An answer without a body passes and leaves the rule waiting.
            let update = try await client.execute(uri: connectionPath(id), method: .patch,
                                                  headers: headers(appCID: id, contentType: "application/json"),
                                                  body: ByteBuffer(string: #"{"DeviceModel":"m"}"#))
            #expect(update.status == .noContent)
            #expect(server.faults.active.count == 1)
            // The next answer with a body fails mid-body (in process the writer throws; on a socket the
            // connection closes early, see the end-to-end test).
            await #expect(throws: (any Error).self) {
                _ = try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id))
            }
            #expect(server.faults.active.isEmpty)
            #expect(try await client.execute(uri: connectionPath(id), method: .get, headers: headers(appCID: id)).status == .ok)
        }
    }

    @Test func faultsAreUsedOldestFirstOnePerRequest() async throws {
        try await withEmulator { client, _ in
            try await client.control(.post, "faults", #"{"status":502}"#)
            try await client.control(.post, "faults", #"{"garbage":"x"}"#)
            try await client.control(.post, "faults", #"{"status":504}"#)
            let statuses = try await (0..<4).asyncMap { _ in
                try await client.execute(uri: demoApp, method: .get, headers: headers()).status.code
            }
            #expect(statuses == [502, 200, 504, 200])
        }
    }

    @Test(arguments: [#"{"status":99}"#, #"{"count":0,"status":503}"#, #"{"count":1}"#, #"{"delay":-1}"#, "nope"])
    func invalidFaultsAreRefused(_ body: String) async throws {
        try await withEmulator { client, _ in
            let r = try await client.control(.post, "faults", body)
            #expect(r.status == .badRequest)
        }
    }

    @Test func controlRequestsAreNeverFaulted() async throws {
        try await withEmulator { client, _ in
            try await client.control(.post, "faults", #"{"status":503,"count":-1}"#)
            #expect(try await client.control(.get, "state").status == .ok)
            #expect(try await client.control(.get, "faults").status == .ok)
        }
    }
}

extension Range where Bound == Int {
    /// Runs the requests one after another, in order.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for i in self { results.append(try await transform(i)) }
        return results
    }
}
