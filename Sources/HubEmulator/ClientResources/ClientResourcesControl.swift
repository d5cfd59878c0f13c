// The Client Resources admin API's control route, for tests: the service keys it takes.

import Foundation
import Hummingbird

/// `PUT /_emulator/bundles-admin/credentials` {"keys": [{"key"?, "alias"?, "certificateCN"?, "roles"?, "appId"?}]}:
/// the Client Resources service keys (replacing the default one); roles default to the admin role.
struct ClientResourcesControl: Sendable {
    let state: EmulatorState

    /// The Client Resources admin API's control row (ControlRoutes.table).
    static let routes: [ControlRoute] = [
        ControlRoute(.put, "bundles-admin/credentials", .clientResources, "the service keys it takes") { call in
            try await ClientResourcesControl(state: call.state).setCredentials(call.request)
        },
    ]

    private func setCredentials(_ request: Request) async throws -> Response {
        let data = try await request.collectSmallBody()
        guard let body = try? ODataValue.parseJSON(data), case .object = body else {
            throw HTTPError(.badRequest, message: "The body must be a JSON object.")
        }
        var keys: [ClientResourcesKey] = []
        for o in PushBackendHandler.objects(body["keys"]) {
            let key = PushBackendHandler.string(o["key"]), cn = PushBackendHandler.string(o["certificateCN"])
            guard key != nil || cn != nil else { throw HTTPError(.badRequest, message: "Each key needs key or certificateCN.") }
            var appId: String?
            if let app = PushBackendHandler.string(o["appId"]) {
                guard state.application(app) != nil else { throw HTTPError(.badRequest, message: "Application '\(app)' is not one of the configuration.") }
                appId = app
            }
            keys.append(ClientResourcesKey(key: key, alias: PushBackendHandler.string(o["alias"]) ?? "emulator", certificateCN: cn,
                                       roles: o["roles"] == nil ? [ClientResourcesState.role] : Set(PushBackendHandler.strings(o["roles"])),
                                       appId: appId))
        }
        state.clientResources.configure(keys: keys)
        return Response(status: .noContent)
    }
}
