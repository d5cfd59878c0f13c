// The control API under /_emulator/ for tests and the demo: faults, the state and the request log;
// each world adds its own control routes (SMPControl, MobileServicesControl, …) to the same router.

import Foundation
import Hummingbird

struct ControlRoutes: Sendable {
    let state: EmulatorState
    let faults: FaultPlan

    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let group = router.group("_emulator")
        group.post("faults") { request, _ in try await addFault(request) }
        group.get("faults") { _, _ in faultList() }
        group.delete("faults") { _, _ in
            faults.clear()
            return faultList()
        }
        group.get("state") { _, _ in stateDocument() }
        SMPControl(state: state).register(group)
        MobileServicesControl(state: state).add(to: group)
        ClientServicesControl(state: state).register(group)
        PushBackendControl(state: state).register(group)
        ClientResourcesControl(state: state).register(group)
        CloudFoundryControl(state: state).register(group)
        group.delete("requests") { _, _ in
            state.clearRequests()
            return Response(status: .noContent)
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
