// The Admin API's proxy feature (Mobile Connectivity) of an application (issue 50; docs/protocol.md
// §17.12), as SAP's MDK CLI calls it ([code] `@sap/mdk-tools` deploy-ms.js 702, 737, as quoted in
// issue 50):
//
//   GET /app/{id}/service/proxy   200 {"name": "proxy", "parameters": {"endpointConfigurations": [...]}}
//                                 (the shape of the app's `services` entry, MCP mobile-services-client.ts
//                                 6-14, 31-37; that this GET answers it is [none])
//   PUT /app/{id}/service/proxy   the same object → 200 with what was stored; 400 when
//                                 `parameters.endpointConfigurations` is not a list of objects each
//                                 with a distinct string `endPointName` ([none])
//
// 404 for an unknown app, or an app without the proxy feature. Each PUT is counted per app
// (`GET /_emulator/cf` → apps[].proxyWrites). Members other than the name are stored as sent.

import Foundation
import HTTPTypes
import Hummingbird

struct ProxyServiceHandler: Sendable {
    static let feature = "proxy"
    let cf: CloudFoundryState

    func respond(to request: Request, appId: String) async -> Response {
        guard let app = cf.app(appId) else { return Self.error(.notFound, "Application \(appId) does not exist.") }
        guard app.features.contains(Self.feature) else { return Self.error(.notFound, "Feature proxy is not assigned to \(appId).") }
        guard request.method == .put else { return Answers.json(.ok, Self.service(app)) }
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data),
              case .array(let items)? = body["parameters"]?["endpointConfigurations"] else {
            return Self.error(.badRequest, "The body must be {\"name\": \"proxy\", \"parameters\": {\"endpointConfigurations\": [...]}}.")
        }
        var names: Set<String> = []
        for item in items {
            guard case .object = item, let name = PushBackendHandler.string(item["endPointName"]), !name.isEmpty else {
                return Self.error(.badRequest, "Every endpoint configuration needs an endPointName.")
            }
            guard names.insert(name).inserted else { return Self.error(.badRequest, "endPointName \(name) is given twice.") }
        }
        _ = cf.noteApp(appId) { a in
            a.proxyEndpoints = items
            a.proxyWrites += 1
        }
        return Answers.json(.ok, Self.service(cf.app(appId) ?? app))
    }

    /// The app's proxy entry, as the app read and this GET carry it.
    static func service(_ app: CockpitApp) -> ODataValue {
        .object([("name", .string(feature)), ("parameters", .object([("endpointConfigurations", .array(app.proxyEndpoints))]))])
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Answers.json(status, .object([("error", .object([("code", .string(String(status.code))), ("message", .string(message))]))]))
    }
}
