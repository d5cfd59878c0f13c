// The control API under /_emulator/ for tests and the demo: faults, the state and the request log;
// each world declares its own control rows (SMPControl.routes, MobileServicesControl.routes, …).
// `table` is every control route, one row each; the router is built from it, so a route cannot
// exist without its row, and `hubctl-emulator --help` lists the rows (EmulatorRoutes.helpText).

import Foundation
import HTTPTypes
import Hummingbird

/// One control request as its row's answer sees it.
struct ControlCall: Sendable {
    let request: Request
    /// The `{name}` segments of the row's path.
    let parameters: Parameters
    let state: EmulatorState
    let faults: FaultPlan
}

/// One row of the control API: a method and a path under `/_emulator/` (`{name}` is one segment),
/// the world it sets up, one line of help, and the answer.
struct ControlRoute: Sendable {
    let method: HTTPRequest.Method
    let path: String
    let world: EmulatorWorld
    let help: String
    let answer: @Sendable (ControlCall) async throws -> Response

    init(_ method: HTTPRequest.Method, _ path: String, _ world: EmulatorWorld, _ help: String,
         answer: @escaping @Sendable (ControlCall) async throws -> Response) {
        self.method = method
        self.path = path
        self.world = world
        self.help = help
        self.answer = answer
    }

    /// The path as a request names it.
    var fullPath: String { "/_emulator/" + path }
}

struct ControlRoutes: Sendable {
    let state: EmulatorState
    let faults: FaultPlan

    /// Every control route, once: the faults, the state and the request log, then each world's.
    static let table: [ControlRoute] = routes + SMPControl.routes + MobileServicesControl.routes + ClientServicesControl.routes
        + PushBackendControl.routes + ClientResourcesControl.routes + CloudFoundryControl.routes
        + AppUpdateControl.routes

    static let routes: [ControlRoute] = [
        ControlRoute(.post, "faults", .control, "add a fault rule (CONTROL API above)") { call in
            try await ControlRoutes(state: call.state, faults: call.faults).addFault(call.request)
        },
        ControlRoute(.get, "faults", .control, "the fault rules still active") { call in
            ControlRoutes(state: call.state, faults: call.faults).faultList()
        },
        ControlRoute(.delete, "faults", .control, "clear the fault rules") { call in
            call.faults.clear()
            return ControlRoutes(state: call.state, faults: call.faults).faultList()
        },
        ControlRoute(.get, "state", .control, "the connections and the request log") { call in
            ControlRoutes(state: call.state, faults: call.faults).stateDocument()
        },
        ControlRoute(.delete, "requests", .control, "clear the request log") { call in
            call.state.clearRequests()
            return Response(status: .noContent)
        },
    ]

    /// Hummingbird's router for the control API, built from `table`.
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let group = router.group("_emulator")
        for route in Self.table {
            group.on(RouterPath(route.path), method: route.method) { [state, faults] request, context in
                try await route.answer(ControlCall(request: request, parameters: context.parameters, state: state, faults: faults))
            }
        }
        return router
    }

    // MARK: Faults

    private func addFault(_ request: Request) async throws -> Response {
        let body = try await request.collectSmallBody()
        let rule: FaultRule
        do { rule = try JSONDecoder().decode(FaultRule.self, from: body) } catch {
            throw HTTPError(.badRequest, message: "The fault is not valid JSON of the documented form: \(error)")
        }
        if let problem = rule.problem { throw HTTPError(.badRequest, message: problem) }
        faults.add(rule)
        return faultList(status: .created)
    }

    private func faultList(status: HTTPResponse.Status = .ok) -> Response {
        let rules = faults.active.map { rule -> ODataValue in
            var members: [(String, ODataValue)] = [("count", .int(rule.count))]
            if let v = rule.status { members.append(("status", .int(v))) }
            if let v = rule.retryAfter { members.append(("retryAfter", .int(v))) }
            if let v = rule.delay { members.append(("delay", .double(v))) }
            if let v = rule.truncate { members.append(("truncate", .bool(v))) }
            if let v = rule.cutUpload { members.append(("cutUpload", .bool(v))) }
            if let v = rule.garbage { members.append(("garbage", .string(v))) }
            if let v = rule.contentType { members.append(("contentType", .string(v))) }
            if let v = rule.loginRequest { members.append(("loginRequest", .bool(v))) }
            if let v = rule.path { members.append(("path", .string(v))) }
            return .object(members)
        }
        return Self.json(status, .object([("faults", .array(rules))]))
    }

    // MARK: State

    private func stateDocument() -> Response {
        let schema = state.schema(version: nil)
        let connections = state.connections.map { record -> ODataValue in
            .object([("id", .string(record.id)), ("appId", .string(record.appId)),
                     ("user", record.user.map(ODataValue.string) ?? .null),
                     ("properties", .object(record.orderedProperties(schema)))])
        }
        let requests = state.requests.map { entry -> ODataValue in
            .object([("method", .string(entry.method)), ("path", .string(entry.path)),
                     ("query", entry.query.map(ODataValue.string) ?? .null),
                     ("headers", .object(entry.headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                     ("at", .double(entry.at)), ("status", entry.status.map(ODataValue.int) ?? .null)])
        }
        return Self.json(.ok, .object([("connections", .array(connections)), ("requests", .array(requests))]))
    }

    // MARK: JSON helpers (every world's control routes)

    static func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response {
        Answers.text(status, ODataJSON.write(value), contentType: "application/json")
    }

    static func jsonObject(_ request: Request) async throws -> ODataValue {
        let data = try await request.collectSmallBody()
        guard let value = try? ODataValue.parseJSON(data), case .object = value else {
            throw HTTPError(.badRequest, message: "The body must be a JSON object.")
        }
        return value
    }

    static func requiredString(_ body: ODataValue, _ key: String) throws -> String {
        guard case .string(let value) = body[key] ?? .null, !value.isEmpty else {
            throw HTTPError(.badRequest, message: "\(key) is required and must be a non-empty string.")
        }
        return value
    }
}
