// Who the user is and which roles it has (docs/protocol.md §15.5): the role service's SCIM `/v2/Me`,
// read in the shape of SAP's example first (`roles` as plain strings, `name.givenName` and
// `name.familyName`, `emails[].value`, the groups under `detail.Groups`), then what other SCIM
// servers send (`roles` as `{"value": …}` objects, a top-level `displayName` and `groups`).

import Foundation
import HubCore
import HubTransport

public struct UserInfo: Sendable, Equatable {
    public var id: String?
    public var userName: String?
    /// `displayName` when the server sends one, else `name.formatted`, else "given family".
    public var displayName: String?
    public var givenName: String?
    public var familyName: String?
    public var emails: [String]
    public var roles: [String]
    /// SAP's `detail.Groups`, else SCIM's top-level `groups`.
    public var groups: [String]
    /// SAP's `registrationId` (optional in SAP's list of members), when sent.
    public var registrationId: String?

    public init(id: String? = nil, userName: String? = nil, displayName: String? = nil, givenName: String? = nil,
                familyName: String? = nil, emails: [String] = [], roles: [String] = [], groups: [String] = [],
                registrationId: String? = nil) {
        self.id = id
        self.userName = userName
        self.displayName = displayName
        self.givenName = givenName
        self.familyName = familyName
        self.emails = emails
        self.roles = roles
        self.groups = groups
        self.registrationId = registrationId
    }

    /// A SCIM User as `/v2/Me` answers it; nil when the answer is not a JSON object.
    public init?(scim value: JSONValue) {
        guard let user = value.objectValue else { return nil }
        let name = user["name"]?.objectValue
        let given = Self.text(name?["givenName"]), family = Self.text(name?["familyName"])
        let composed = [given, family].compactMap { $0 }.joined(separator: " ")
        let detailGroups = Self.values(user["detail"]?["Groups"])
        let emails = Self.values(user["emails"])
        self.init(id: Self.text(user["id"]), userName: Self.text(user["userName"]),
                  displayName: Self.text(user["displayName"]) ?? Self.text(name?["formatted"]) ?? (composed.isEmpty ? nil : composed),
                  givenName: given, familyName: family,
                  emails: emails.isEmpty ? Self.values(user["detail"]?["email"]) : emails, roles: Self.values(user["roles"]),
                  groups: detailGroups.isEmpty ? Self.values(user["groups"]) : detailGroups,
                  registrationId: Self.text(user["registrationId"]))
    }

    static func text(_ value: JSONValue?) -> String? {
        guard let s = value?.stringValue, !s.isEmpty else { return nil }
        return s
    }

    /// Multi-valued attributes: plain strings (SAP's `roles`, `detail.Groups`), or SCIM's
    /// `[{"value": …, "display": …}]`; a single string is one value.
    static func values(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let s)?: return s.isEmpty ? [] : [s]
        case .array(let items)?: return items.compactMap { text($0) ?? text($0["value"]) ?? text($0["display"]) }
        default: return []
        }
    }
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
            guard let value = try? JSONValue.read(response.body), let user = UserInfo(scim: value) else {
                throw HubError(.data, code: .malformedResponse, "The user information answer is not a JSON object (a SCIM User).", status: 200)
            }
            return user
        case 412:
            throw HubError(.unavailable, code: .accessControlDisabled,
                           "The server keeps no user information for application '\(context.endpoint.config.appId)' (HTTP 412): access control is not enabled for it. Ask the administrator to turn on access control (roles) for the application in Mobile Services.",
                           status: 412)
        default:
            throw SMPEndpoint.unexpected(response, doing: "reading the user information")
        }
    }
}
