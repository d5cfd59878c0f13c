// What the `bundle` command files share: an emulator playing Mobile Services with a Client
// Resources service key file (the emulator's default key, in SAP's documented service key shape
// of Tests/Fixtures/sap/bundles-admin/service-key-api-key.json), and the protocol requests the
// emulator logged (a refusal sends none).

import Foundation
import HubCLI
import HubCore
import Testing

struct CommandBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The bench and the path of its service key.
func bundleAdminBench() async throws -> (CommandBench, key: String) {
    let emulator = try await InProcessEmulator.start()
    try await emulator.call("PUT", "/_emulator/platform", json: #"{"platform": "mobile-services"}"#)
    let bench = try CommandBench(emulator: emulator)
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sap/bundles-admin/service-key-api-key.json")
    var document = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: fixture))
    guard case .object(var members) = document else { throw CommandBenchError("the service key fixture is not an object") }
    members["url"] = .string(emulator.url)
    members["apiKey"] = .string("emulator-bundles-api-key")
    document = .object(members)
    let key = writeFile(bench, "cr-key.json", String(decoding: try JSONEncoder().encode(document), as: UTF8.self))
    return (bench, key)
}

/// The protocol requests the emulator logged, as "METHOD path".
func loggedRequests(_ bench: CommandBench) async throws -> [String] {
    let state = try await bench.emulator.document("/_emulator/state")
    return arrayElements(state["requests"]).map { "\($0["method"]?.stringValue ?? "") \($0["path"]?.stringValue ?? "")" }
}

/// Publishes a small PDF as NAME:VERSION (the test fails when that fails).
@discardableResult
func publishPDF(_ bench: CommandBench, key: String, name: String, version: String, extra: [String] = [],
                sourceLocation: SourceLocation = #_sourceLocation) async -> CommandResult {
    let file = writeFile(bench, "doc-\(name)-\(version).pdf", "%PDF-1.4 \(name) \(version)\n")
    let r = await bench.run(["bundle", "publish", file, "--name", name, "--version", version, "--service-key", key] + extra)
    #expect(r.exitCode == 0, "\(r)", sourceLocation: sourceLocation)
    return r
}

/// The members of a bundle as `bundle list` and `bundle show` print it.
let bundleShape: [String: JSONKind] = ["bundleId": .string, "name": .string, "version": .string, "extension": .string,
                                       "default": .bool, "size": .int, "created": .string]
