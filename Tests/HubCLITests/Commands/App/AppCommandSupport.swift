// What the `app …` command tests share: a scripted Cloud Foundry (v3, UAA) and Admin API in this
// process, given to the commands as their transport (the emulator's own CF world is tested end
// to end), its request log, and the bench's flags and token.

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import HubTransport
import Synchronization
import Testing

/// A CF v3 API at https://api.cf.test, its UAA at https://login.cf.test, one org `acme` with one
/// space `dev`, the mobile-services offering, and the cockpit's Admin API at the address derived
/// from the instances' dashboard URL.
final class FakeCloudFoundry: HTTPTransport, Sendable {
    struct Instance {
        var guid: String
        var name: String
        var createdAt: String
        var labels: [String: String]
        var keys: [String: String] = [:]  // name → guid
        var hasApp = true
    }
    struct State {
        var instances: [Instance] = []
        var orphanApps: [String] = []
        var requests: [String] = []
        var bodies: [String] = []
        var failDelete: Set<String> = []
        var csrf = false
        var next = 0
        /// The refresh token the UAA takes (any other is refused).
        var refreshToken = "r-good"
        /// The Basic users of the requests that had one.
        var basicUsers: [String] = []
    }
    static let api = "https://api.cf.test"
    static let uaa = "https://login.cf.test"
    static let cockpit = "https://mobile-service-cockpit-api.cfapps.test/cockpit/v1/org/org-g/space/space-g"
    let state = Mutex(State())

    var requests: [String] { state.withLock { $0.requests } }
    var bodies: [String] { state.withLock { $0.bodies } }
    var factory: TransportFactory { { [self] _ in self } }

    func add(_ name: String, createdAt: String = "2026-11-27T10:00:00Z", labels: [String: String] = ["managed-by": "hubctl"], hasApp: Bool = true) {
        state.withLock { $0.instances.append(Instance(guid: "g-" + name, name: name, createdAt: createdAt, labels: labels, hasApp: hasApp)) }
    }

    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse { try send(request) }

    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        state.withLock { s in
            let path = String(request.url.split(separator: "?", maxSplits: 1)[0])
            s.requests.append(request.method + " " + request.url)
            if let user = request.credentials?.user { s.basicUsers.append(user) }
            if let body = request.bodyBytes { s.bodies.append(String(decoding: body, as: UTF8.self)) }
            let query = Dictionary(uniqueKeysWithValues: (request.url.split(separator: "?", maxSplits: 1).dropFirst().first ?? "")
                .split(separator: "&").map { pair -> (String, String) in
                    let p = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                    return (p[0], p.count > 1 ? p[1] : "")
                })
            func json(_ status: Int, _ value: JSONValue, headers: [HTTPHeader] = []) -> HTTPResponse {
                HTTPResponse(status: status, headers: headers + [HTTPHeader("Content-Type", "application/json")],
                             body: (try? JSONOutput.encode(value, pretty: false)) ?? Data(), effectiveURL: request.url)
            }
            func list(_ items: [JSONValue], included: JSONValue? = nil) -> HTTPResponse {
                var object: [String: JSONValue] = ["pagination": .object(["next": .null]), "resources": .array(items)]
                if let included { object["included"] = included }
                return json(200, .object(object))
            }
            func job() -> HTTPResponse {
                s.next += 1
                return HTTPResponse(status: 202, headers: [HTTPHeader("Location", Self.api + "/v3/jobs/job-\(s.next)")], body: Data(), effectiveURL: request.url)
            }
            func instanceJSON(_ i: Instance) -> JSONValue {
                .object(["guid": .string(i.guid), "name": .string(i.name), "created_at": .string(i.createdAt),
                         "dashboard_url": .string("https://mobile-service-cockpit-web.cfapps.test/cockpit/v1/org/org-g/space/space-g/index.html#/apps/" + i.name),
                         "last_operation": .object(["type": .string("create"), "state": .string("succeeded")]),
                         "relationships": .object(["service_plan": .object(["data": .object(["guid": .string("plan-g")])])]),
                         "metadata": .object(["labels": .object(i.labels.mapValues(JSONValue.string))])])
            }
            let auth = request.headers.first { $0.name == "Authorization" }?.value
            if path.hasPrefix(Self.api) || path.hasPrefix(Self.cockpit), auth?.hasPrefix("bearer ") != true, request.credentials == nil {
                return json(401, .object(["errors": .array([.object(["detail": .string("no token")])])]))
            }
            if request.method == "POST", path == Self.uaa + "/oauth/token" {
                let form = String(decoding: request.bodyBytes ?? Data(), as: UTF8.self)
                guard request.credentials?.user == "cf", form.contains("grant_type=refresh_token"), form.contains("refresh_token=" + s.refreshToken) else {
                    return json(401, .object(["error": .string("invalid_token")]))
                }
                return json(200, .object(["access_token": .string(testToken), "refresh_token": .string("r-next"), "token_type": .string("bearer")]))
            }
            switch (request.method, path) {
            case ("GET", Self.api + "/v3/organizations"):
                return list(query["names"] == "acme" ? [.object(["guid": .string("org-g"), "name": .string("acme")])] : [])
            case ("GET", Self.api + "/v3/spaces"):
                return list(query["names"] == "dev" ? [.object(["guid": .string("space-g"), "name": .string("dev")])] : [])
            case ("GET", Self.api + "/v3/service_offerings"):
                return list([.object(["guid": .string("off-g"), "name": .string("mobile-services"),
                                      "broker_catalog": .object(["metadata": .object(["supportUrl": .string("https://mobile-service-cockpit-web.cfapps.test/")])])])])
            case ("GET", Self.api + "/v3/service_plans"):
                return list([.object(["guid": .string("plan-g"), "name": .string("standard")])])
            case ("GET", Self.api + "/v3/service_instances"):
                let names = query["names"].map { Set($0.split(separator: ",").map(String.init)) }
                var found = s.instances.filter { names == nil || names!.contains($0.name) }
                if let selector = query["label_selector"], let eq = selector.firstIndex(of: "=") {
                    let key = String(selector[..<eq]), value = String(selector[selector.index(after: eq)...])
                    found = found.filter { $0.labels[key] == value }
                }
                return list(found.map(instanceJSON))
            case ("POST", Self.api + "/v3/service_instances"):
                let body = (try? JSONValue.read(request.bodyBytes ?? Data())) ?? .null
                var labels: [String: String] = [:]
                for (k, v) in body["metadata"]?["labels"]?.objectValue ?? [:] { labels[k] = v.stringValue }
                let name = body["name"]?.stringValue ?? ""
                s.instances.append(Instance(guid: "g-" + name, name: name, createdAt: "2026-11-27T12:00:00Z", labels: labels))
                return job()
            case ("GET", let p) where p.hasPrefix(Self.api + "/v3/jobs/"):
                return json(200, .object(["state": .string("COMPLETE")]))
            case ("DELETE", let p) where p.hasPrefix(Self.api + "/v3/service_instances/"):
                let guid = String(p.split(separator: "/").last ?? "")
                s.instances.removeAll { $0.guid == guid }
                return job()
            case ("GET", Self.api + "/v3/service_credential_bindings"):
                let instance = s.instances.first { $0.guid == query["service_instance_guids"] }
                let keys = (instance?.keys ?? [:]).filter { query["names"] == nil || $0.key == query["names"] }
                return list(keys.sorted { $0.key < $1.key }.map { .object(["name": .string($0.key), "guid": .string($0.value), "type": .string("key")]) })
            case ("POST", Self.api + "/v3/service_credential_bindings"):
                let body = (try? JSONValue.read(request.bodyBytes ?? Data())) ?? .null
                let guid = body["relationships"]?["service_instance"]?["data"]?["guid"]?.stringValue
                guard let index = s.instances.firstIndex(where: { $0.guid == guid }), let name = body["name"]?.stringValue else { return json(422, .object([:])) }
                s.instances[index].keys[name] = "k-" + name
                return job()
            case ("GET", let p) where p.hasPrefix(Self.api + "/v3/service_credential_bindings/") && p.hasSuffix("/details"):
                return json(200, .object(["credentials": .object(["url": .string("https://ms.test"), "sap.cloud.service": .string("ci-key-app")])]))
            case ("DELETE", let p) where p.hasPrefix(Self.api + "/v3/service_credential_bindings/"):
                return job()
            case ("GET", Self.api + "/v3/service_route_bindings"):
                return list([], included: .object(["routes": .array([.object(["url": .string("app.cfapps.test")])])]))
            case ("GET", Self.cockpit + "/apps"):
                var apps = s.instances.filter(\.hasApp).map(\.name) + s.orphanApps
                apps.sort()
                return json(200, .array(apps.map { .object(["name": .string($0), "displayName": .string($0), "services": .array([.object(["name": .string("push")])])]) }))
            case ("GET", let p) where p.hasPrefix(Self.cockpit + "/app/"):
                let id = String(p.dropFirst((Self.cockpit + "/app/").count))
                guard s.instances.contains(where: { $0.name == id && $0.hasApp }) || s.orphanApps.contains(id) else { return json(404, .object([:])) }
                return json(200, .object(["name": .string(id), "displayName": .string("Display " + id), "services": .array([])]))
            case ("DELETE", let p) where p.hasPrefix(Self.cockpit + "/app/"):
                let id = String(p.dropFirst((Self.cockpit + "/app/").count))
                if s.failDelete.contains(id) { return json(500, .object(["message": .string("cockpit failure")])) }
                guard let index = s.instances.firstIndex(where: { $0.name == id && $0.hasApp }) else {
                    if s.orphanApps.contains(id) { s.orphanApps.removeAll { $0 == id }; return HTTPResponse(status: 204, headers: [], body: Data(), effectiveURL: p) }
                    return json(404, .object([:]))
                }
                s.instances[index].hasApp = false
                return HTTPResponse(status: 204, headers: [], body: Data(), effectiveURL: p)
            case ("GET", Self.cockpit + "/services"):
                return json(200, .array([.object(["name": .string("push"), "plans": .array([.object(["name": .string("standard")]), .object(["name": .string("premium")])])]),
                                         .object(["name": .string("app-update"), "plans": .array([.object(["name": .string("standard")])])])]))
            case ("POST", Self.cockpit + "/app"):
                let body = (try? JSONValue.read(request.bodyBytes ?? Data())) ?? .null
                s.orphanApps.append(body["name"]?.stringValue ?? "")
                return HTTPResponse(status: 202, headers: [], body: Data(), effectiveURL: path)
            case ("POST", let p) where p.hasPrefix(Self.cockpit + "/app/") && p.hasSuffix("/restore"):
                return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: Data("restored".utf8), effectiveURL: p)
            case ("POST", let p) where p.hasPrefix(Self.cockpit + "/app/") && p.hasSuffix("/key"):
                let body = (try? JSONValue.read(request.bodyBytes ?? Data())) ?? .null
                return json(201, .object(["alias": body["alias"] ?? .null, "url": .string("https://ms.test"), "apiKey": .string("fake-api-key")]))
            default:
                return json(404, .object(["errors": .array([.object(["detail": .string("no route \(request.method) \(path)")])])]))
            }
        }
    }
}

/// The CF flags every test gives, and a token that expires in 2100.
let appFlags = ["--cf-api", FakeCloudFoundry.api, "--org", "acme", "--space", "dev"]
let appTokenEnvironment = ["HUBCTL_CF_TOKEN": testToken]
let testToken = unsignedJWT(exp: 4_102_444_800)

/// An unsigned JWT whose only claim is `exp`.
func unsignedJWT(exp: Int) -> String {
    func b64(_ s: String) -> String {
        Data(s.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
    return b64(#"{"alg":"none"}"#) + "." + b64(#"{"exp": \#(exp)}"#) + ".sig"
}

/// cf's config.json under `home` (CF_HOME) targeting the fake, its access token `access`.
func writeCFConfig(home: String, access: String, refresh: String = "r-good", sslDisabled: Bool = false) throws {
    try FileManager.default.createDirectory(atPath: home + "/.cf", withIntermediateDirectories: true)
    let config: JSONValue = .object([
        "Target": .string(FakeCloudFoundry.api), "AuthorizationEndpoint": .string(FakeCloudFoundry.uaa), "AccessToken": .string("bearer " + access),
        "RefreshToken": .string(refresh), "UAAOAuthClient": .string("cf"), "UAAOAuthClientSecret": .string(""), "SSLDisabled": .bool(sslDisabled),
        "OrganizationFields": .object(["GUID": .string("org-g"), "Name": .string("acme")]), "SpaceFields": .object(["GUID": .string("space-g"), "Name": .string("dev")]),
    ])
    try JSONOutput.encode(config, pretty: true).write(to: URL(fileURLWithPath: home + "/.cf/config.json"))
}

/// A bench (its emulator unused) and a fresh fake CF world.
func appBench() async throws -> (CommandBench, FakeCloudFoundry) {
    (try CommandBench(emulator: try await InProcessEmulator.start(), extra: appTokenEnvironment), FakeCloudFoundry())
}

extension CommandBench {
    /// `hubctl app ARGS` against `cf`.
    func app(_ arguments: [String], _ cf: FakeCloudFoundry, environment: [String: String] = [:], stdin: String = "") async -> CommandResult {
        await run(["app"] + arguments + appFlags, environment: environment, stdin: stdin, transport: cf.factory)
    }
}
