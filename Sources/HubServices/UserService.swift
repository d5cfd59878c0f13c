// Who the user is and which roles it has (docs/protocol.md §15.5): the role service's SCIM `/v2/Me`.

import Foundation
import HubCore
import HubTransport

public struct UserInfo: Sendable {
    public var id: String?
    public var userName: String?
    public var displayName: String?
    public var emails: [String]
    public var roles: [String]
    public var groups: [String]
}

public struct UserService {
    let context: ClientServiceContext

    public init(context: ClientServiceContext) { self.context = context }

    public func me() throws -> UserInfo {
        guard context.platform == .mobileServices else { throw ClientServiceContext.mobileServicesOnly("The user information service (/v2/Me)") }
        let session = context.session
        let response = try session.send(session.request("GET", context.endpoint.currentUserURL, appcid: context.deviceId,
                                                        accept: "application/scim+json, application/json"))
        switch response.status {
        case 200:
            guard let user = (try? JSONValue.read(response.body))?.objectValue else {
                throw HubError(.data, code: .malformedResponse, "The user information answer is not a JSON object (a SCIM User).", status: 200)
            }
            return UserInfo(id: user["id"]?.stringValue, userName: user["userName"]?.stringValue,
                            displayName: user["displayName"]?.stringValue ?? user["name"]?["formatted"]?.stringValue,
                            emails: Self.values(user["emails"]), roles: Self.values(user["roles"]), groups: Self.values(user["groups"]))
        case 412:
            throw HubError(.unavailable, code: .accessControlDisabled,
                           "The server keeps no user information for application '\(context.endpoint.config.appId)' (HTTP 412): access control is not enabled for it. Ask the administrator to turn on access control (roles) for the application in Mobile Services.",
                           status: 412)
        default:
            throw SMPEndpoint.unexpected(response, doing: "reading the user information")
        }
    }

    /// SCIM multi-valued attributes: `[{"value": …, "display": …}]`, or plain strings.
    static func values(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { $0.stringValue ?? $0["value"]?.stringValue ?? $0["display"]?.stringValue }
    }
}
