// The emulator's App Update routes (issue 50, docs/protocol.md §17.10 "The emulator"): answers in
// the shapes of Tests/Fixtures/sap/app-update (member names and JSON types compared with the
// fixture files), revisions per platform through deploy, stage, promote and delete, the refusals,
// the control routes (bytes and SHA-256, counts), a 64 MB upload never held whole in memory, and
// hold-after-store (a revision stored before the deploy answers).

import Foundation
import HTTPTypes
import Synchronization
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HubEmulator

@Suite struct AppUpdateEmulatorTests {
    static let app = "ci-1234"
    static let base = CloudFoundryEmulatorTests.admin + "/app/\(app)/service/app-update/Admin/kapsel/jaxrs/KapselApp/\(app)"
    static let boundary = "hubctl-0123456789abcdef"

    // MARK: Helpers

    /// A zip of stored entries with CRC-32 0: the emulator reads only the central directory.
    static func zip(_ entries: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [], central: [UInt8] = []
        func le16(_ v: Int, _ to: inout [UInt8]) { to += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int, _ to: inout [UInt8]) { le16(v & 0xFFFF, &to); le16(v >> 16 & 0xFFFF, &to) }
        for (name, data) in entries {
            let offset = out.count, n = Array(name.utf8)
            le32(0x0403_4B50, &out); le16(20, &out); le16(0, &out); le16(0, &out); le32(0, &out); le32(0, &out)
            le32(data.count, &out); le32(data.count, &out); le16(n.count, &out); le16(0, &out)
            out += n + data
            le32(0x0201_4B50, &central); le16(20, &central); le16(20, &central); le16(0, &central); le16(0, &central)
            le32(0, &central); le32(0, &central); le32(data.count, &central); le32(data.count, &central)
            le16(n.count, &central); le16(0, &central); le16(0, &central); le16(0, &central); le16(0, &central)
            le32(0, &central); le32(offset, &central)
            central += n
        }
        let cdOffset = out.count
        out += central
        le32(0x0605_4B50, &out); le16(0, &out); le16(0, &out); le16(entries.count, &out); le16(entries.count, &out)
        le32(central.count, &out); le32(cdOffset, &out); le16(0, &out)
        return out
    }

    static let hybrid = zip([("android/config.xml", Array("<widget/>".utf8)), ("android/www/index.html", Array("a".utf8)),
                             ("ios/config.xml", Array("<widget/>".utf8)), ("ios/www/index.html", Array("i".utf8))])
    static let androidOnly = zip([("android/config.xml", Array("<widget/>".utf8)), ("android/www/index.html", Array("2".utf8))])
    static let mdk = zip([("bundle.js", Array("// mdk".utf8)), (".project.json", Array("{}".utf8))])

    /// The multipart body KCLI sends (deploy-request.http): one part `file`.
    static func multipart(_ file: [UInt8], name: String = "file") -> ByteBuffer {
        var b = ByteBuffer(string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"packagedKapselApp.zip\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n")
        b.writeBytes(file)
        b.writeString("\r\n--\(boundary)--\r\n")
        return b
    }

    static func headers(_ token: String, contentType: String = "application/json", extra: [HTTPField.Name: String] = [:]) -> HTTPFields {
        var h = CloudFoundryEmulatorTests.bearer(token)
        h[.contentType] = contentType
        for (name, value) in extra { h[name] = value }
        return h
    }

    static func deploy(_ client: any TestClientProtocol, _ token: String, _ file: [UInt8]) async throws -> TestResponse {
        try await client.execute(uri: base, method: .post, headers: headers(token, contentType: "multipart/form-data; boundary=\(boundary)"),
                                 body: multipart(file))
    }

    static func put(_ client: any TestClientProtocol, _ token: String, _ action: String, _ json: String) async throws -> TestResponse {
        try await client.execute(uri: base + "/" + action, method: .put, headers: headers(token), body: ByteBuffer(string: json))
    }

    /// An application with the App Update feature and a token of the default user.
    static func setUp(_ client: any TestClientProtocol, features: String = #"["app-update", "push"]"#) async throws -> String {
        let created = try await client.control(.post, "cf/apps", #"{"id": "\#(app)", "features": \#(features)}"#)
        #expect(created.status == .created, "\(created.text)")
        return try await CloudFoundryEmulatorTests.token(client)
    }

    static func json(_ response: TestResponse) throws -> Any { try JSONSerialization.jsonObject(with: Data(buffer: response.body)) }

    static func fixture(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: fixtureURL("sap/app-update/" + name)))
    }

    /// Member names and JSON types, recursively: objects by their sorted members, arrays by the
    /// shapes of their items (each distinct shape once).
    static func shape(_ value: Any) -> String {
        switch value {
        case let o as [String: Any]: return "{" + o.keys.sorted().map { "\($0):\(shape(o[$0]!))" }.joined(separator: ",") + "}"
        case let a as [Any]:
            var seen: [String] = []
            for item in a.map(shape) where !seen.contains(item) { seen.append(item) }
            return "[" + seen.joined(separator: "|") + "]"
        case is String: return "string"
        case is NSNull: return "null"
        case is NSNumber: return "number"
        default: return "?"
        }
    }

    static func state(_ client: any TestClientProtocol) async throws -> [String: Any] {
        let r = try await client.control(.get, "app-update/\(app)")
        return try #require(try json(r) as? [String: Any])
    }

    static func platform(_ state: [String: Any], _ name: String) -> [String: Any]? {
        (state["platforms"] as? [[String: Any]])?.first { $0["platform"] as? String == name }
    }

    // MARK: The answers' shapes

    @Test func answersHaveTheFixturesShapes() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.setUp(client)
            let empty = try await client.execute(uri: Self.base, method: .get, headers: Self.headers(token))
            #expect(empty.status == .ok && empty.text == "[]", "\(empty.status) \(empty.text)")

            let first = try await Self.deploy(client, token, Self.hybrid)
            #expect(first.status == .created, "\(first.text)")
            let promoted = try await Self.put(client, token, "promotePending", #"[{"platform": "android", "revisions": [-1]}, {"platform": "ios", "revisions": [-1]}]"#)
            #expect(promoted.status == .ok, "\(promoted.text)")
            #expect(Self.shape(try Self.json(promoted)) == Self.shape(try Self.fixture("promote-response.json")), "\(promoted.text)")

            // With a current version, the deploy answers both versions, as DEPLOY's example.
            let second = try await Self.deploy(client, token, Self.androidOnly)
            #expect(second.status == .created)
            #expect(Self.shape(try Self.json(second)) == Self.shape(try Self.fixture("deploy-response.json")), "\(second.text)")
            let answer = try #require(try Self.json(second) as? [String: Any])
            #expect((answer["newVersion"] as? [String: Any])?["revision"] as? Int == -1)
            #expect((answer["currentVersion"] as? [String: Any])?["revision"] as? Int == 1)

            let staged = try await Self.put(client, token, "stage", #"[{"platform": "android", "revisions": [2]}]"#)
            #expect(staged.status == .ok, "\(staged.text)")
            for _ in 0..<2 { #expect(try await Self.deploy(client, token, Self.androidOnly).status == .created) }
            let details = try await client.execute(uri: Self.base, method: .get, headers: Self.headers(token))
            #expect(details.status == .ok)
            #expect(Self.shape(try Self.json(details)) == Self.shape(try Self.fixture("details-response.json")), "\(details.text)")
            let android = try #require((try Self.json(details) as? [[String: Any]])?.first)
            #expect(android["platform"] as? String == "android")
            #expect((android["stagedVersion"] as? [String: Any])?["revision"] as? Int == 2)
            let pending = (android["pendingVersions"] as? [[String: Any]])?.compactMap { $0["revision"] as? Int }
            #expect(pending == [3, 4])
        }
    }

    // MARK: Revisions

    @Test func anMDKBundleIsThePlatformAppModelerAndPromotesAsMDKsCLIDoes() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.setUp(client)
            #expect(try await Self.deploy(client, token, Self.mdk).status == .created)
            #expect(try await Self.deploy(client, token, Self.mdk).status == .created)
            let promoted = try await Self.put(client, token, "promotePending", #"[{"platform": "AppModeler", "revisions": [2]}]"#)
            #expect(promoted.status == .ok, "\(promoted.text)")
            let state = try await Self.state(client)
            let modeler = try #require(Self.platform(state, "AppModeler"))
            #expect((modeler["current"] as? [String: Any])?["revision"] as? Int == 2)
            #expect((modeler["pending"] as? [[String: Any]])?.compactMap { $0["revision"] as? Int } == [1])
            #expect(Self.platform(state, "android") == nil)
        }
    }

    @Test func promotingWhatIsNotPendingIsRefusedAndChangesNothing() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.setUp(client)
            #expect(try await Self.deploy(client, token, Self.hybrid).status == .created)
            // android 1 is pending, android 7 is not: neither is promoted.
            let refused = try await Self.put(client, token, "promotePending", #"[{"platform": "android", "revisions": [1]}, {"platform": "ios", "revisions": [7]}]"#)
            #expect(refused.status == .badRequest, "\(refused.text)")
            let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("Revision 7 of ios is not pending"), "\(refused.text)")
            let state = try await Self.state(client)
            #expect(Self.platform(state, "android")?["current"] is NSNull)
            #expect((Self.platform(state, "android")?["pending"] as? [Any])?.count == 1)
            let unknown = try await Self.put(client, token, "promoteStaged", #"[{"platform": "android", "revisions": [-1]}]"#)
            #expect(unknown.status == .badRequest, "\(unknown.text)")
        }
    }

    @Test func pendingRevisionsAreDeletedWithTheMethodHeaderOnly() async throws {
        try await withEmulator { client, server in
            let token = try await Self.setUp(client)
            for _ in 0..<3 { #expect(try await Self.deploy(client, token, Self.androidOnly).status == .created) }
            let body = #"[{"platform": "android", "revisions": [1, 2]}]"#
            let without = try await client.execute(uri: Self.base + "/deletePendings", method: .post, headers: Self.headers(token), body: ByteBuffer(string: body))
            #expect(without.status == .methodNotAllowed, "\(without.text)")
            let files = { (try? FileManager.default.contentsOfDirectory(atPath: server.state.appUpdate.directory))?.count ?? 0 }
            #expect(files() == 3)
            let deleted = try await client.execute(uri: Self.base + "/deletePendings", method: .post,
                                                   headers: Self.headers(token, extra: [.methodOverride: "DELETE"]), body: ByteBuffer(string: body))
            #expect(deleted.status == .ok, "\(deleted.text)")
            let pending = (Self.platform(try await Self.state(client), "android")?["pending"] as? [[String: Any]])?.compactMap { $0["revision"] as? Int }
            #expect(pending == [3])
            // Their files went with them.
            #expect(files() == 1)

            // A platform, then everything; numbers go on after a delete.
            #expect(try await client.execute(uri: Self.base + "/android", method: .delete, headers: Self.headers(token)).status == .ok)
            #expect(try await client.execute(uri: Self.base + "/android", method: .delete, headers: Self.headers(token)).status == .notFound)
            #expect(files() == 0)
            #expect(try await Self.deploy(client, token, Self.hybrid).status == .created)
            let state = try await Self.state(client)
            #expect((Self.platform(state, "android")?["pending"] as? [[String: Any]])?.first?["revision"] as? Int == 4)
            #expect((Self.platform(state, "ios")?["pending"] as? [[String: Any]])?.first?["revision"] as? Int == 1)
            #expect(try await client.execute(uri: Self.base, method: .delete, headers: Self.headers(token)).status == .ok)
            #expect((try await Self.state(client)["platforms"] as? [Any])?.isEmpty == true)
        }
    }

    // MARK: Refusals

    @Test func whatIsNoAppUpdatePackageOrNoAppUpdateApplicationIsRefused() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.setUp(client)
            let neither = try await Self.deploy(client, token, Self.zip([("README", Array("x".utf8))]))
            #expect(neither.status == .badRequest && neither.text.contains("bundle.js"), "\(neither.text)")
            let notZip = try await Self.deploy(client, token, Array("not a zip".utf8))
            #expect(notZip.status == .badRequest, "\(notZip.text)")
            let otherPart = try await client.execute(uri: Self.base, method: .post, headers: Self.headers(token, contentType: "multipart/form-data; boundary=\(Self.boundary)"),
                                                     body: Self.multipart(Self.hybrid, name: "upload"))
            #expect(otherPart.status == .badRequest && otherPart.text.contains("no part named file"), "\(otherPart.text)")
            let notMultipart = try await client.execute(uri: Self.base, method: .post, headers: Self.headers(token), body: ByteBuffer(string: "{}"))
            #expect(notMultipart.status == .badRequest, "\(notMultipart.text)")
            let state = try await Self.state(client)
            #expect(state["uploads"] as? Int == 3 && state["stored"] as? Int == 0, "\(state)")

            let unauthenticated = try await client.execute(uri: Self.base, method: .get, headers: [:])
            #expect(unauthenticated.status == .unauthorized)
            let unknown = try await client.execute(uri: Self.base.replacingOccurrences(of: Self.app, with: "nobody"), method: .get, headers: Self.headers(token))
            #expect(unknown.status == .notFound && unknown.errorCode == "404", "\(unknown.text)")
        }
        try await withEmulator { client, _ in
            let token = try await Self.setUp(client, features: #"["push"]"#)
            let without = try await client.execute(uri: Self.base, method: .get, headers: Self.headers(token))
            #expect(without.status == .notFound && without.text.contains("app-update"), "\(without.text)")
        }
    }

    @Test func theLoginPageSwitchAnswersAsTheCockpit() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.setUp(client)
            #expect(try await client.control(.put, "cf/settings", #"{"loginPage": true}"#).status == .ok)
            let page = try await client.execute(uri: Self.base, method: .get, headers: Self.headers(token))
            #expect(page.status == .ok && page.headers[CockpitAdminHandler.loginHeader] == "login-request")
        }
    }

    // MARK: The device's side

    /// SMP 3's lifecycle check as KCLI's `download` sends it (lcm-listapps-request.json): the
    /// promoted revision for the connection's platform, in lcm-listapps-response.json's shape,
    /// and its file at Path; nothing once the device has it.
    @Test func aDeviceGetsThePromotedRevision() async throws {
        try await withEmulator { client, _ in
            #expect(try await client.control(.put, "cf/settings", #"{"users": [{"username": "dev", "password": "dev-password"}]}"#).status == .ok)
            let token = try await Self.setUp(client)
            let connection = try await client.register(user: "dev", password: "dev-password", app: "/odata/applications/latest/\(Self.app)")
            #expect(try await Self.deploy(client, token, Self.hybrid).status == .created)
            #expect(try await Self.deploy(client, token, Self.androidOnly).status == .created)
            let request = try String(contentsOf: fixtureURL("sap/app-update/lcm-listapps-request.json"), encoding: .utf8)
            let ask = { (body: String, cid: String?) in
                try await client.execute(uri: "/odata/lcm/v1/ListApps", method: .post,
                                         headers: HubEmulatorTests.headers(user: nil, appCID: cid, contentType: "application/json"), body: ByteBuffer(string: body))
            }
            // Nothing promoted yet: no result.
            let none = try await ask(request, connection)
            #expect(none.status == .ok && ((none.json["d"] as? [String: Any])?["results"] as? [Any])?.isEmpty == true, "\(none.text)")
            #expect(try await Self.put(client, token, "promotePending", #"[{"platform": "android", "revisions": [2]}]"#).status == .ok)
            let update = try await ask(request, connection)
            #expect(Self.shape(try Self.json(update)) == Self.shape(try Self.fixture("lcm-listapps-response.json")), "\(update.text)")
            let result = try #require(((update.json["d"] as? [String: Any])?["results"] as? [[String: Any]])?.first)
            #expect(result["Revision"] as? Int == 2)
            let path = try #require(result["Path"] as? String)
            let file = try await client.execute(uri: CloudFoundryEmulatorTests.path(path), method: .get, headers: HubEmulatorTests.headers(user: nil, appCID: connection, accept: nil))
            #expect(file.status == .ok && Array(file.body.readableBytesView) == Self.androidOnly)
            // Installed already, or iOS (nothing promoted there), or no connection.
            let installed = try await ask(request.replacingOccurrences(of: #""appRevision":0"#, with: #""appRevision":2"#), connection)
            #expect(((installed.json["d"] as? [String: Any])?["results"] as? [Any])?.isEmpty == true, "\(installed.text)")
            let ios = try await ask(request.replacingOccurrences(of: "Android", with: "iOS"), connection)
            #expect(((ios.json["d"] as? [String: Any])?["results"] as? [Any])?.isEmpty == true, "\(ios.text)")
            #expect(try await ask(request, nil).status == .unauthorized)
        }
    }

    // MARK: Control

    @Test func theControlStateHasEachRevisionsBytesAndSHA256() async throws {
        try await withEmulator { client, _ in
            let token = try await Self.setUp(client)
            #expect(try await Self.deploy(client, token, Self.hybrid).status == .created)
            let state = try await Self.state(client)
            #expect(state["uploads"] as? Int == 1 && state["stored"] as? Int == 1)
            let revision = try #require((Self.platform(state, "ios")?["pending"] as? [[String: Any]])?.first)
            #expect(revision["bytes"] as? Int == Self.hybrid.count)
            #expect(revision["sha256"] as? String == sha256Hex(Self.hybrid))
            // Both platforms are revisions of the one file.
            #expect((Self.platform(state, "android")?["pending"] as? [[String: Any]])?.first?["sha256"] as? String == revision["sha256"] as? String)
        }
    }

    // MARK: Streaming

    /// Over a real connection a 64 MB deploy arrives in chunks; the handler keeps at most a chunk
    /// and a boundary's length of it in memory, whatever the body's size.
    @Test func aBigUploadIsNeverHeldWholeInMemory() async throws {
        let server = EmulatorServer()
        let big = Self.zip([("android/config.xml", Array("<widget/>".utf8)), ("android/www/big.bin", [UInt8](repeating: 0x5A, count: 64 << 20))])
        try await server.application().test(.live) { client in
            let token = try await Self.setUp(client)
            let r = try await Self.deploy(client, token, big)
            #expect(r.status == .created, "\(r.text)")
            let state = try await Self.state(client)
            #expect((Self.platform(state, "android")?["pending"] as? [[String: Any]])?.first?["bytes"] as? Int == big.count)
        }
        let peak = server.state.appUpdate.peakBuffered
        #expect(peak > 0 && peak < 4 << 20, "\(peak) bytes held at once")
    }

    /// holdAfterStore: the revisions are stored (the control route shows them) while the deploy
    /// has not answered yet; a client cut then would never hear of them.
    @Test func holdAfterStoreStoresBeforeAnswering() async throws {
        let server = EmulatorServer()
        try await server.application().test(.live) { client in
            let token = try await Self.setUp(client)
            let settings = try await client.control(.put, "app-update/settings", #"{"holdAfterStore": 2}"#)
            #expect(settings.status == .ok, "\(settings.text)")
            let answered = Mutex(false)
            let upload = Task {
                let r = try await Self.deploy(client, token, Self.hybrid)
                answered.withLock { $0 = true }
                return r
            }
            // The test client has one connection, busy with the deploy: the state is read in process.
            while server.state.appUpdate.counts(Self.app).stored == 0 { try await Task.sleep(for: .milliseconds(20)) }
            // Stored, and the deploy has not had its answer yet.
            let early = answered.withLock { $0 }
            #expect(!early)
            #expect(server.state.appUpdate.platforms(Self.app).first?.state.pending.count == 1)
            #expect(try await upload.value.status == .created)
            #expect(try await client.control(.put, "app-update/settings", #"{"holdAfterStore": -1}"#).status == .badRequest)
        }
    }
}

/// SHA-256 in hex, by the system's sha256sum (independent of the emulator's libcrypto call).
func sha256Hex(_ bytes: [UInt8]) -> String {
    let file = NSTemporaryDirectory() + "/app-update-" + UUID().uuidString
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [file]
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    process.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}
