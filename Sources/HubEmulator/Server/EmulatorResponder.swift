// The emulator's front door: a request matched once against the route table (EmulatorRoutes); control
// API requests to their router; every other request logged, faulted, answered by its row's handler.

import Foundation
import Hummingbird

public struct EmulatorResponder: HTTPResponder {
    public typealias Context = BasicRequestContext

    let configuration: EmulatorConfiguration
    let state: EmulatorState
    let faults: FaultPlan
    let control: RouterResponder<BasicRequestContext>

    init(configuration: EmulatorConfiguration, state: EmulatorState, faults: FaultPlan) {
        self.configuration = configuration
        self.state = state
        self.faults = faults
        self.control = ControlRoutes(state: state, faults: faults).router().buildResponder()
    }

    /// One look at the route table (EmulatorRoutes), then the row's envelope: the control API
    /// answers at once; every other request is logged, may be faulted, and is answered.
    public func respond(to request: Request, context: Context) async throws -> Response {
        let matched = EmulatorRoutes.route(for: request, prefix: configuration.pathPrefix)
        let answer: @Sendable (RouteCall) async -> Response
        if let route = matched?.route {
            guard let routeAnswer = route.answer else { return try await control.respond(to: request, context: context) }
            answer = routeAnswer
        } else {
            answer = EmulatorRoutes.fallback
        }
        let call = RouteCall(request: request, state: state, configuration: configuration,
                             parameters: matched?.parameters ?? [:], rest: matched?.rest ?? [])
        let envelope = matched?.route.envelope ?? .protocolRequest
        let sequence = state.log(Self.logEntry(request))
        let response = try await self.answer(call, path: request.uri.path) { await Self.enveloped(call, envelope, answer) }
        state.logStatus(sequence, Int(response.status.code))
        return response
    }

    /// The answer to a logged request: an injected fault, or the server's own (`serve`).
    private func answer(_ call: RouteCall, path: String, serve: () async -> Response) async throws -> Response {
        let request = call.request
        // Faults, in the order documented on `FaultPlan`: at most one rule per request. The OAuth
        // and Mobile Services endpoints take them too (a slow token endpoint, a failing login).
        if let rule = faults.claimBeforeProcessing(path: path) {
            if let delay = rule.delay { try await Task.sleep(for: .seconds(delay)) }
            // A status with a garbage body: that body under that status (a 401 login page, a 404 of another shape).
            if let garbage = rule.garbage {
                var r = Answers.text(rule.status.map { HTTPResponse.Status(code: $0) } ?? .ok, garbage, contentType: rule.contentType ?? "application/json")
                if rule.loginRequest == true { r.headers[CockpitAdminHandler.loginHeader] = "login-request" }
                return r
            }
            if let status = rule.status { return Self.faultAnswer(status: status, retryAfter: rule.retryAfter) }
            if rule.cutUpload == true { return await Self.cutUpload(request) }
            return await serve()
        }
        let response = await serve()
        if (response.body.contentLength ?? 0) > 0, request.method != .head, let rule = faults.claimTruncate(path: path) {
            if let delay = rule.delay { try await Task.sleep(for: .seconds(delay)) }
            return response.truncated()
        }
        return response
    }

    /// A row's answer in its envelope (`RouteEnvelope`).
    static func enveloped(_ call: RouteCall, _ envelope: RouteEnvelope, _ answer: @Sendable (RouteCall) async -> Response) async -> Response {
        guard envelope == .protocolRequest else { return await answer(call) }
        return await MobileServicesHandler.withSession {
            let response = await answer(call)
            // HEAD gets GET's headers without the body.
            return call.request.method == .head ? response.createHeadResponse() : response
        }
    }

    /// Reads part of the request's body, then answers with a head whose body breaks off at once:
    /// the connection is closed mid-upload and the client gets no complete answer.
    static func cutUpload(_ request: Request) async -> Response {
        let declared = request.headers[.contentLength].flatMap(Int.init) ?? (2 << 20)
        let wanted = min(declared / 2, 1 << 20)
        var read = 0
        do {
            for try await chunk in request.body {
                read += chunk.readableBytes
                if read >= wanted { break }
            }
        } catch {}
        return Response(status: .ok, body: ResponseBody(contentLength: 64) { _ in throw BodyCutShort() })
    }

    /// An injected failure: the status, an OData error body, and `Retry-After` when asked for.
    static func faultAnswer(status: Int, retryAfter: Int?) -> Response {
        let httpStatus = HTTPResponse.Status(code: status)
        var response: Response
        if status == 204 || status == 304 {
            response = Response(status: httpStatus)
        } else {
            response = Answers.error(httpStatus, "InjectedFault",
                                     "hubctl-emulator answered \(status) because a test asked it to.", .json)
        }
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        if status == 401 { response.headers[.wwwAuthenticate] = "Basic realm=\"\(ProtocolHandler.realm)\"" }
        return response
    }

    /// The log entry of a request: lower-case header names, credentials redacted, `host` from the authority.
    static func logEntry(_ request: Request) -> LoggedRequest {
        var headers: [String: String] = [:]
        if let authority = request.head.authority { headers["host"] = authority }
        for field in request.headers {
            let name = field.name.canonicalName
            let value = ["authorization", "proxy-authorization", "x-api-key"].contains(name) ? "<redacted>" : field.value
            if let existing = headers[name] {
                headers[name] = existing + (name == "cookie" ? "; " : ", ") + value
            } else {
                headers[name] = value
            }
        }
        return LoggedRequest(method: request.method.rawValue, path: request.uri.path, query: request.uri.query,
                             headers: headers)
    }
}
