// Helpers for the in-process emulator tests: building the app, requests with credentials, reading answers.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HubEmulator

extension HTTPField.Name {
    static let appCID = HTTPField.Name("X-SMP-APPCID")!
    static let methodOverride = HTTPField.Name("X-HTTP-METHOD")!
    static let bundleExt = HTTPField.Name("X-BUNDLE-EXTENSION")!
}

let demoApp = "/odata/applications/v1/com.example.demo"
let atomProperties = """
    <entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
    xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"><content type="application/xml"><m:properties>\
    <d:DeviceModel>ci-runner</d:DeviceModel><d:ApnsPushEnable m:type="Edm.Boolean">true</d:ApnsPushEnable>\
    <d:BlackberryBESListenerPort m:type="Edm.Int32">42</d:BlackberryBESListenerPort><d:Email m:null="true"/>\
    </m:properties></content></entry>
    """

/// The package's root: the nearest directory above this file that holds Package.swift, so a test
/// file may sit at any depth (Tests/HubEmulatorTests/<World>/).
let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        let parent = directory.deletingLastPathComponent()
        if parent.path == directory.path { break }
        directory = parent
    }
    return directory
}()

/// A file or directory under Tests/Fixtures.
func fixtureURL(_ path: String) -> URL { packageRoot.appendingPathComponent("Tests/Fixtures/" + path) }

func basicAuth(_ user: String = "demo", _ password: String = "demo-password") -> String {
    "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
}

/// Headers of a request as the demo user, optionally with a connection id and JSON in both directions.
func headers(user: String? = "demo", password: String = "demo-password", appCID: String? = nil,
             accept: String? = "application/json", contentType: String? = nil,
             extra: [HTTPField.Name: String] = [:]) -> HTTPFields {
    var fields = HTTPFields()
    if let user { fields[.authorization] = basicAuth(user, password) }
    if let appCID { fields[.appCID] = appCID }
    if let accept { fields[.accept] = accept }
    if let contentType { fields[.contentType] = contentType }
    for (name, value) in extra { fields[name] = value }
    return fields
}

func connectionPath(_ id: String, app: String = demoApp) -> String { "\(app)/Connections('\(id)')" }

/// Runs a test against a fresh emulator, in process.
func withEmulator<T: Sendable>(_ configuration: EmulatorConfiguration = EmulatorConfiguration(),
                               _ test: @Sendable (any TestClientProtocol, EmulatorServer) async throws -> T) async throws -> T {
    let server = EmulatorServer(configuration: configuration)
    let app = server.application()
    return try await app.test(.router) { client in try await test(client, server) }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
    /// `d` of an OData JSON answer.
    var entity: [String: Any] { json["d"] as? [String: Any] ?? [:] }
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    var setCookies: [String] { headers[values: .setCookie] }
}

extension TestClientProtocol {
    /// Registers the demo user with a JSON body and returns the new id.
    func register(id: String? = nil, body: String = #"{"DeviceType":"Linux"}"#, user: String = "demo",
                  password: String = "demo-password", app: String = demoApp) async throws -> String {
        var h = headers(user: user, password: password, contentType: "application/json")
        if let id { h[.appCID] = id }
        let response = try await execute(uri: "\(app)/Connections", method: .post, headers: h, body: ByteBuffer(string: body))
        guard response.status == .created, let id = response.entity["ApplicationConnectionId"] as? String else {
            throw TestFailure("register answered \(response.status): \(response.text)")
        }
        return id
    }

    /// Calls the control API with a JSON body.
    @discardableResult
    func control(_ method: HTTPRequest.Method, _ path: String, _ json: String? = nil) async throws -> TestResponse {
        var h = HTTPFields()
        h[.contentType] = "application/json"
        return try await execute(uri: "/_emulator/" + path, method: method, headers: h, body: json.map { ByteBuffer(string: $0) })
    }
}

/// Whether the text parses as XML.
func isWellFormedXML(_ text: String) -> Bool {
    XMLParser(data: Data(text.utf8)).parse()
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
