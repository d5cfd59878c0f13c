// What the `app destination` tests share: the scripted Cloud Foundry of AppCommandSupport with the
// proxy feature in front of it (GET …/app/{id} with services[proxy], GET and PUT
// …/app/{id}/service/proxy, each PUT's body kept).

import Foundation
@testable import HubCLI
import HubCore
import HubTransport
import Synchronization

final class ProxyFake: HTTPTransport, Sendable {
    struct State {
        /// App id → its proxy service object (apps without one have no proxy feature).
        var services: [String: JSONValue] = [:]
        var puts: [JSONValue] = []
    }
    let cf = FakeCloudFoundry()
    let state = Mutex(State())
    var puts: [JSONValue] { state.withLock { $0.puts } }

    /// An app `id` (with its instance) whose proxy feature holds `entries`.
    func add(_ id: String, _ entries: [JSONValue] = []) {
        cf.add(id)
        state.withLock { $0.services[id] = .object(["name": .string("proxy"), "parameters": .object(["endpointConfigurations": .array(entries)])]) }
    }

    func stream(_ request: HTTPRequest, to sink: BodySink) throws -> HTTPResponse { try send(request) }

    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = String(request.url.split(separator: "?", maxSplits: 1)[0])
        let prefix = FakeCloudFoundry.cockpit + "/app/"
        guard path.hasPrefix(prefix) else { return try cf.send(request) }
        let rest = String(path.dropFirst(prefix.count))
        let id = String(rest.split(separator: "/").first ?? "")
        func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
            HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")],
                         body: (try? JSONOutput.encode(value, pretty: false)) ?? Data(), effectiveURL: request.url)
        }
        return try state.withLock { s in
            guard let service = s.services[id] else { return try cf.send(request) }
            switch (request.method, rest == id) {
            case ("GET", true):
                return json(200, .object(["name": .string(id), "displayName": .string(id), "services": .array([.object(["name": .string("push")]), service])]))
            case ("GET", false) where rest == id + "/service/proxy":
                return json(200, service)
            case ("PUT", false) where rest == id + "/service/proxy":
                let body = (try? JSONValue.read(request.bodyBytes ?? Data())) ?? .null
                s.puts.append(body)
                s.services[id] = body
                return json(200, body)
            default:
                return try cf.send(request)
            }
        }
    }
}

extension CommandBench {
    /// `hubctl app destination ARGS` against `fake`.
    func destination(_ arguments: [String], _ fake: ProxyFake, environment: [String: String] = [:], stdin: String = "") async -> CommandResult {
        await run(["app", "destination"] + arguments + appFlags, environment: environment, stdin: stdin, transport: { _ in fake })
    }
}

/// An endpoint configuration as SAP's MCP server types it.
func endpoint(_ name: String, _ url: String, sso: String = "None", password: String? = nil) -> JSONValue {
    var members: [String: JSONValue] = ["endPointName": .string(name), "endPointAddress": .string(url), "ssoMethod": .string(sso), "useCloudConnector": .bool(false)]
    if let password { members["userName"] = .string("svc"); members["password"] = .string(password) }
    return .object(members)
}
