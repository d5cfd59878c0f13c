// Mobile Services' Notification Backend API (docs/protocol.md §16): the operator's side of push, in
// the shapes of SAP's Java integration library for Mobile Services (push/Constants.java,
// RestTemplatePushClient.java, DTO.java, PushResult.java; Tests/Fixtures/sap/push).
//
// Under /mobileservices/push/v2/backend, POST with a JSON body:
//   applications/{app}/notifications                           every device (push_all)
//       {"notification": {…}, "notifications"?: {"<locale>": {…}}}
//       → 202 {"status": {"code": 0, …}, "correlationId", "pushResults": null}, recorded even with no device
//   applications/{app}/users/{user}/devices/{device}/notifications   one device (push_single), same body
//   applications/{app}/notifications/users                     users (push_single for one, else push_multiple)
//       {"users": [1…1,000], "notification": {"notification": {…}, "notifications"?}}
//   applications/{app}/groups/{group}/notifications             a push group (push_multiple), flat body
//   applications/{app}/topics/notifications                     devices subscribed to any of the topics
//       {"topics": [...], "users"?: [...], "notification": {…nested…}}  (push_multiple)
//   capabilities/{capability}/notifications                      the credentials' application (push_multiple)
//       {"users"?: [{"user", "badge"?, "formFactor"?: [...]}], "notification": {…nested…}}
//   applications/{app}/notifications/bulk                        one text per user (push_multiple)
//       {"notification": {…nested root…}, "userNotifications": [1…1,000 {"user", "notification"?: {…nested…}}]}
// All but the application answer 202 {"status": null, "pushResults": [{"target": <registration id>,
// "notificationId", "code", "message"}]}, one result per matched registration (users without one get
// none), or, when nothing matches, 404 {"status": {"code": 400, "message": "no registrations for given
// user names found", "parameters": null}} (SAP's recorded answer) with nothing recorded.
// Completion codes (PushResult.java): 0 sent; -1 and 11 queued (delivered, with a notificationId);
// any other failed (notificationId null, not delivered). A registration seeded with "completionCode"
// gets that code. Each device gets its own notificationId (a UUID); a device whose registration has a
// `userLocale` with an entry in "notifications" gets that entry (exact, then case-insensitive, then
// the language alone), else the default.
// GET /mobileservices/push/v1/backend/notifications/{id}/status (any push role) → {"status",
// "statusDetails": {"notificationId", "applicationId", "notificationType": <os>, "status": SENT|QUEUED,
// "statusInfo", "caller"}}. GET …/v2/backend/registrations[?username&pushGroup] → {"value": [...]},
// registrations/{id} → one (pushregistrations_read); localizations?usernames=a&usernames=b → the users'
// locales, sorted, and without user names every registered locale (any push role). Those without an application in the path use the credentials'.
// Validation errors are 400 with a bare [{"field", "message"}] array; other errors {"status": {…}}.
//
// Authentication: an API key (`X-API-Key`, or Basic `alias:apikey`) or an OAuth2 client-credentials
// token from the XSUAA-like `/oauth/token`. Each key and client has roles (push_single, push_multiple,
// push_all, pushregistrations_read) and an application (default: the emulator's default application);
// a send to another application's address is 404. Nothing is delivered: what each device would have
// received is recorded (`GET /_emulator/push/notifications`).

import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// A notification with its localized variants: `{"notification": {…}, "notifications"?: {"<locale>": {…}}}`.
struct LocalizedNotification: Sendable {
    var root: ODataValue
    var localized: [(String, ODataValue)] = []

    /// The variant for a device's locale: the exact entry, else one equal ignoring case, else the
    /// entry of the language alone (`de` for `de-CH` or `de_CH`), else the default.
    func variant(for locale: String?) -> ODataValue {
        guard let locale, !locale.isEmpty, !localized.isEmpty else { return root }
        if let hit = localized.first(where: { $0.0 == locale }) { return hit.1 }
        if let hit = localized.first(where: { $0.0.lowercased() == locale.lowercased() }) { return hit.1 }
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return localized.first { $0.0.lowercased() == language }?.1 ?? root
    }
}

struct PushBackendHandler: Sendable {
    let state: EmulatorState
    var backend: PushBackendState { state.pushBackend }

    static let maximumUsers = 1_000
    static let pushRoles: Set<String> = ["push_single", "push_multiple", "push_all"]
    /// The members of SAP's notification (`push/DTO.java` `DTOPushPayload`); nothing else is taken.
    static let notificationMembers: Set<String> = [
        "alert", "badge", "sound", "priority", "data", "sendAsSms", "apns", "gcm", "wns", "baidu", "w3c", "custom",
    ]
    /// The provider-specific objects (`DTOApnsNotification`, `DTOGcmNotification`, …), taken as given.
    static let platformMembers: Set<String> = ["apns", "gcm", "wns", "baidu", "w3c"]
    /// SAP's answer when no registration matches (recorded for users and for one user alike).
    static let noRegistrations = "no registrations for given user names found"

    enum Target {
        case application, device(user: String, device: String), users, group(String), topics, capability(String), bulk

        var role: String {
            switch self {
            case .application: return "push_all"
            case .device: return "push_single"
            case .users, .group, .topics, .capability, .bulk: return "push_multiple"
            }
        }

        var notificationType: String {
            switch self {
            case .application: return "APPLICATION"
            case .device: return "DEVICE"
            case .users: return "USER"
            case .group: return "GROUP"
            case .topics: return "TOPIC"
            case .capability: return "CAPABILITY"
            case .bulk: return "BULK"
            }
        }
    }

    /// `…/mobileservices/push/v1/backend/` + `rest`: the library's GET_NOTIFICATION_STATUS is the one v1 address.
    func v1(_ request: Request, rest: [String]) -> Response {
        guard rest.count == 3, rest[0] == "notifications", rest[2] == "status" else { return noSuchAddress() }
        return status(request, id: rest[1])
    }

    /// `…/mobileservices/push/v2/backend/` + `rest`: the sends, registrations and localizations.
    /// (A service key's `url` may have a path after the host; SAP's own settings file has one,
    /// `client/src/test/resources/mobileservices-config.json`: `https://service.key.url.com/<uuid>`;
    /// SAP's client sends every request under it, so the route takes any path before these.)
    func v2(_ request: Request, rest: [String]) async -> Response {
        switch rest.count {
        case 1 where rest[0] == "registrations": return registrations(request, id: nil)
        case 2 where rest[0] == "registrations": return registrations(request, id: rest[1])
        case 1 where rest[0] == "localizations": return localizations(request)
        case 3 where rest[0] == "capabilities" && rest[2] == "notifications":
            return await send(request, pathApp: nil, target: .capability(rest[1]))
        default: break
        }
        guard rest.count >= 3, rest[0] == "applications" else { return noSuchAddress() }
        let tail = Array(rest[2...])
        let target: Target
        switch tail.count {
        case 1 where tail[0] == "notifications": target = .application
        case 2 where tail == ["notifications", "users"]: target = .users
        case 2 where tail == ["notifications", "bulk"]: target = .bulk
        case 2 where tail == ["topics", "notifications"]: target = .topics
        case 3 where tail[0] == "groups" && tail[2] == "notifications": target = .group(tail[1])
        case 5 where tail[0] == "users" && tail[2] == "devices" && tail[4] == "notifications": target = .device(user: tail[1], device: tail[3])
        default: return noSuchAddress()
        }
        return await send(request, pathApp: rest[1], target: target)
    }

    // MARK: Authentication

    /// The caller: `X-API-Key`, Basic `alias:apikey`, or a Bearer token; nil when none is valid.
    func authenticate(_ request: Request) -> PushCaller? {
        if let key = request.headers[HTTPField.Name("X-API-Key")!] { return backend.caller(apiKey: key, alias: nil) }
        guard let authorization = request.headers[.authorization] else { return nil }
        if authorization.lowercased().hasPrefix("bearer ") {
            return backend.caller(token: String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        if let (user, password) = Self.basic(authorization) { return backend.caller(apiKey: password, alias: user) }
        return nil
    }

    static func basic(_ authorization: String) -> (String, String)? {
        guard authorization.lowercased().hasPrefix("basic "),
              let data = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// 401 as the authentication layer in front of the service answers it: no push status object.
    /// SAP's error handler reads any error body as its push response first
    /// (`PushRestTemplateResponseErrorHandler`) and throws `ClientUnauthorizedException`, which its
    /// documentation promises for bad credentials, only when that fails: so SAP's real 401 is not
    /// that object. A short plain-text body, as a servlet container's default.
    private func unauthorized() -> Response {
        var r = Answers.text(.unauthorized, "Unauthorized\n", contentType: "text/plain; charset=utf-8")
        r.headers[.wwwAuthenticate] = "Bearer realm=\"Mobile Services push\""
        return r
    }

    /// 403 with a status object whose `parameters` is null: SAP declares it `Map<String,String>`
    /// (`DTOStatusResponseStatus`), so a list would make the answer unreadable to SAP's client.
    private func forbidden(_ role: String) -> Response {
        statusAnswer(.forbidden, "The caller lacks the role \(role).")
    }

    enum Gate { case caller(PushCaller), refused(Response) }

    /// A GET the caller may make (with `role`, or any push role when nil): the caller, or the answer refusing it.
    private func reader(_ request: Request, role: String?) -> Gate {
        guard request.method == .get else { return .refused(Answers.methodNotAllowed(allow: "GET", .json)) }
        guard let caller = authenticate(request) else { return .refused(unauthorized()) }
        if let role {
            guard caller.roles.contains(role) else { return .refused(forbidden(role)) }
        } else if caller.roles.isDisjoint(with: Self.pushRoles) {
            return .refused(forbidden("push_single, push_multiple or push_all"))
        }
        return .caller(caller)
    }

    /// `POST /oauth/token`, grant_type=client_credentials, the client by Basic or in the form.
    func token(_ request: Request) async -> Response {
        guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", .json) }
        let body = (try? await request.collectSmallBody()).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        var form: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            form[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        func oauthError(_ status: HTTPResponse.Status, _ error: String, _ description: String) -> Response {
            Answers.text(status, ODataJSON.write(.object([("error", .string(error)), ("error_description", .string(description))])),
                         contentType: "application/json")
        }
        guard form["grant_type"] == "client_credentials" else {
            return oauthError(.badRequest, "unsupported_grant_type", "Only grant_type=client_credentials is supported here.")
        }
        var id = form["client_id"], secret = form["client_secret"]
        if let authorization = request.headers[.authorization], let (u, p) = Self.basic(authorization) { id = u; secret = p }
        // The client's secret (Basic or in the form, RFC 6749 §2.3.1; SAP's token-client puts it in the
        // form), or, without one, the client certificate of a mutual-TLS request (SAP's x509 bindings
        // ask `certurl`; `XsuaaTokenFlowFactory`, token-client's `RequestParameterBuilder`).
        let proof: PushBackendState.ClientProof?
        if let secret { proof = .secret(secret) } else { proof = request.forwardedCertificateUser.map { .certificate(cn: $0) } }
        // SAP's shared tenant mode asks the subscriber's token with the zone id in `X-zid`
        // (`XsuaaAuthorizationRequestInterceptor`, token-client's `AbstractOAuth2TokenService`).
        let zone = request.headers[HTTPField.Name("X-zid")!].flatMap { $0.isEmpty ? nil : $0 }
        guard let id, let proof, let issued = backend.issueToken(clientId: id, proof: proof, zone: zone) else {
            return oauthError(.unauthorized, "invalid_client", "Bad credentials")
        }
        return Answers.text(.ok, ODataJSON.write(.object([
            ("access_token", .string(issued.token)), ("token_type", .string("bearer")),
            ("expires_in", .int(issued.lifetime)), ("scope", .string("uaa.resource")),
        ])), contentType: "application/json")
    }

    // MARK: Sending

    /// Which registrations a request reaches, each with the notification meant for it.
    private struct Selection {
        var registration: PushRegistrationRecord
        var notification: LocalizedNotification
        /// DTOCapabilityUser's `badge`, replacing the notification's.
        var badge: Int? = nil
    }

    private func send(_ request: Request, pathApp: String?, target: Target) async -> Response {
        guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", .json) }
        guard let caller = authenticate(request) else { return unauthorized() }
        let appId = pathApp ?? caller.appId
        guard state.application(appId) != nil, appId == caller.appId else {
            return statusAnswer(.notFound, "Application '\(appId)' does not exist for these credentials.")
        }
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body else {
            return validation([("body", "must be a JSON object")])
        }

        // The body of each kind, checked before any role: how many users decides the role of a users send.
        var errors: [(String, String)] = []
        var root: LocalizedNotification?
        var users: [String] = []
        var topics: [String] = []
        var capabilityUsers: [(user: String, badge: Int?, formFactors: [String]?)] = []
        var perUser: [(user: String, notification: LocalizedNotification?)] = []
        switch target {
        case .application, .device, .group:
            root = Self.localized(body, field: "", errors: &errors, nested: false)
        case .users:
            root = Self.nested(body, errors: &errors)
            users = Self.userList(body["users"], field: "pushToUsersPayload.users", required: true, errors: &errors)
        case .topics:
            root = Self.nested(body, errors: &errors)
            topics = Self.userList(body["topics"], field: "pushToTopicsPayload.topics", required: true, errors: &errors)
            users = Self.userList(body["users"], field: "pushToTopicsPayload.users", required: false, errors: &errors)
        case .capability:
            root = Self.nested(body, errors: &errors)
            switch body["users"] {
            case nil, .null?: break
            case .array(let items)?:
                if items.count > Self.maximumUsers { errors.append(("pushToCapabilitiesPayload.users", "size must be between 0 and \(Self.maximumUsers)")) }
                for (i, item) in items.enumerated() {
                    let field = "pushToCapabilitiesPayload.users[\(i)]"
                    guard case .object = item, let user = Self.string(item["user"]), !user.isEmpty else {
                        errors.append((field + ".user", "must not be blank")); continue
                    }
                    var badge: Int?
                    switch item["badge"] {
                    case nil, .null?: break
                    case .int(let n)? where n >= 0: badge = n
                    default: errors.append((field + ".badge", "must be a non-negative integer"))
                    }
                    var formFactors: [String]?
                    switch item["formFactor"] {
                    case nil, .null?: break
                    case .array(let f)? where f.allSatisfy({ Self.string($0) != nil }): formFactors = Self.strings(.array(f))
                    default: errors.append((field + ".formFactor", "must be an array of strings"))
                    }
                    capabilityUsers.append((user, badge, formFactors))
                }
            default: errors.append(("pushToCapabilitiesPayload.users", "must be an array"))
            }
        case .bulk:
            root = Self.nested(body, errors: &errors)
            switch body["userNotifications"] {
            case .array(let items)? where (1...Self.maximumUsers).contains(items.count):
                for (i, item) in items.enumerated() {
                    let field = "userNotifications[\(i)]"
                    guard case .object = item, let user = Self.string(item["user"]), !user.isEmpty else {
                        errors.append(("bulkPushPayload.\(field).user", "must not be blank")); continue
                    }
                    var own: LocalizedNotification?
                    // SAP's client wraps every user's notification (`bulkPush(PushPayload, [UserNotification])`),
                    // so a user without one arrives as `"notification": {}`: no text of its own, the root's.
                    if let n = item["notification"], n != .null, !Self.isEmptyWrapper(n) {
                        own = Self.localized(n, field: field + ".notification", errors: &errors, nested: true)
                    }
                    perUser.append((user, own))
                }
            case .array?, nil, .null?:
                errors.append(("bulkPushPayload.userNotifications", "size must be between 1 and \(Self.maximumUsers)"))
            default: errors.append(("bulkPushPayload.userNotifications", "must be an array"))
            }
        }
        guard errors.isEmpty, let root else { return validation(errors) }

        var needed = target.role
        if case .users = target, users.count == 1 { needed = "push_single" }
        guard caller.roles.contains(needed) else { return forbidden(needed) }

        // The registrations reached, in the order of the request's users (or as stored).
        let registrations = state.clientServices.pushRegistrations.filter { $0.appId == appId }
        func byUser() -> [String: [PushRegistrationRecord]] {
            Dictionary(grouping: registrations.filter { $0.user != nil }, by: { $0.user! })
        }
        var selected: [Selection] = []
        let label: String
        switch target {
        case .application:
            selected = registrations.map { Selection(registration: $0, notification: root) }
            label = appId
        case .device(let user, let device):
            selected = registrations.filter { $0.user == user && $0.deviceId == device }.map { Selection(registration: $0, notification: root) }
            label = "\(user)/\(device)"
        case .users:
            let grouped = byUser()
            selected = users.flatMap { (grouped[$0] ?? []).map { Selection(registration: $0, notification: root) } }
            label = users.joined(separator: ",")
        case .group(let group):
            selected = registrations.filter { Self.string($0.body["pushGroup"]) == group }.map { Selection(registration: $0, notification: root) }
            label = group
        case .topics:
            let wanted = Set(topics), only = Set(users)
            selected = registrations.filter { r in
                !wanted.isDisjoint(with: Self.strings(r.body["topics"])) && (only.isEmpty || r.user.map(only.contains) == true)
            }.map { Selection(registration: $0, notification: root) }
            label = topics.joined(separator: ",")
        case .capability(let capability):
            let capable = registrations.filter { r in
                Self.strings(r.body["capabilities"]).contains(capability)
                    || Self.objects(r.body["capabilities"]).contains { Self.string($0["name"]) == capability }
            }
            if capabilityUsers.isEmpty {
                selected = capable.map { Selection(registration: $0, notification: root) }
            } else {
                var seen = Set<String>()
                for u in capabilityUsers where seen.insert(u.user).inserted {
                    for r in capable where r.user == u.user {
                        if let f = u.formFactors, !f.contains(Self.string(r.body["formFactor"]) ?? "") { continue }
                        selected.append(Selection(registration: r, notification: root, badge: u.badge))
                    }
                }
            }
            label = capability
        case .bulk:
            let grouped = byUser()
            var seen = Set<String>()
            for entry in perUser where seen.insert(entry.user).inserted {
                selected += (grouped[entry.user] ?? []).map { Selection(registration: $0, notification: entry.notification ?? root) }
            }
            label = perUser.map(\.user).joined(separator: ",")
        }

        let isApplication: Bool
        if case .application = target { isApplication = true } else { isApplication = false }
        if selected.isEmpty && !isApplication {
            return Answers.text(.notFound, ODataJSON.write(.object([
                ("status", .object([("code", .int(400)), ("message", .string(Self.noRegistrations)), ("parameters", .null)])),
            ])), contentType: "application/json")
        }

        var results: [ODataValue] = []
        var deliveries: [PushDelivery] = []
        for s in selected {
            let r = s.registration
            let code = Self.int(r.body["completionCode"]) ?? 0
            let notificationId: String? = Self.delivered(code) ? UUID().uuidString.lowercased() : nil
            results.append(.object([("target", .string(r.id)), ("notificationId", notificationId.map(ODataValue.string) ?? .null),
                                    ("code", .int(code)), ("message", .string(Self.completionMessage(code)))]))
            guard let notificationId else { continue }
            var payload = s.notification.variant(for: Self.string(r.body["userLocale"]))
            if let badge = s.badge, case .object(var members) = payload {
                members.removeAll { $0.0 == "badge" }
                members.append(("badge", .int(badge)))
                payload = .object(members)
            }
            deliveries.append(PushDelivery(registrationId: r.id, user: r.user, deviceId: r.deviceId, os: r.os,
                                           pushToken: Self.string(r.body["pushToken"]), notificationId: notificationId,
                                           code: code, notification: payload))
        }
        if isApplication || !deliveries.isEmpty {
            backend.record(SentNotification(id: deliveries.first?.notificationId ?? UUID().uuidString.lowercased(), appId: appId,
                                            notificationType: target.notificationType, target: label, notification: root.root,
                                            deliveries: deliveries, tenant: caller.zone ?? request.headers[HTTPField.Name("x-tenant-id")!],
                                            caller: caller.name))
        }
        if isApplication {
            // Asynchronous: SAP answers with a correlation id and no per-device results.
            return Answers.text(.accepted, ODataJSON.write(.object([
                ("status", .object([("code", .int(0)), ("message", .null), ("parameters", .null)])),
                ("correlationId", .string(UUID().uuidString.lowercased())), ("pushResults", .null),
            ])), contentType: "application/json")
        }
        return Answers.text(.accepted, ODataJSON.write(.object([("status", .null), ("pushResults", .array(results))])),
                            contentType: "application/json")
    }

    /// Codes whose notification went out or waits in the queue (PushResult.java: 0 sent, -1 and 11 queued).
    static func delivered(_ code: Int) -> Bool { code == 0 || code == -1 || code == 11 }

    /// The `message` of a push result, after PushResult.java's list of completion codes.
    static func completionMessage(_ code: Int) -> String {
        switch code {
        case 0: return "success"
        case -1: return "queued"
        case 1: return "rejected: invalid data"
        case 2: return "target not found"
        case 3: return "could not be queued"
        case 4: return "notification configuration expired"
        case 5: return "push token missing from the registration"
        case 6: return "token rejected by the push provider"
        case 7: return "registration expired"
        case 8: return "too many notifications for the device"
        case 9: return "notification too large"
        case 10: return "not accepted by the push provider"
        case 11: return "queued after a recoverable I/O problem"
        case 12, 13: return "communication with the push provider failed"
        case 14: return "push provider quota exceeded"
        default: return "failed with code \(code)"
        }
    }

    /// The nested notification of users, topics, capability and bulk bodies: `{"notification": {"notification": …, "notifications"?}}`.
    static func nested(_ body: ODataValue, errors: inout [(String, String)]) -> LocalizedNotification? {
        guard let wrapper = body["notification"], wrapper != .null else {
            errors.append(("notification", "must not be null"))
            return nil
        }
        return localized(wrapper, field: "notification", errors: &errors, nested: true)
    }

    /// `{"notification": {…}, "notifications"?: {"<locale>": {…}}}` at `field` ("" for the body
    /// itself), each payload checked. A nested one (a member of the body) has no other members.
    static func localized(_ value: ODataValue, field: String, errors: inout [(String, String)], nested: Bool) -> LocalizedNotification? {
        func path(_ name: String) -> String { field.isEmpty ? name : field + "." + name }
        guard case .object(let members) = value else {
            errors.append((field.isEmpty ? "body" : field, "must be an object"))
            return nil
        }
        if nested {
            for (name, _) in members where name != "notification" && name != "notifications" {
                errors.append((path(name), "is not a member of a localized notification (notification, notifications)"))
            }
        }
        let before = errors.count
        guard let root = value["notification"], root != .null else {
            errors.append((path("notification"), "must not be null"))
            return nil
        }
        errors += check(notification: root, field: path("notification"))
        var localized: [(String, ODataValue)] = []
        switch value["notifications"] {
        case nil, .null?: break
        case .object(let variants)?:
            for (locale, variant) in variants {
                errors += check(notification: variant, field: path("notifications") + "." + locale)
                localized.append((locale, variant))
            }
        default: errors.append((path("notifications"), "must be an object of notifications by locale"))
        }
        return errors.count == before ? LocalizedNotification(root: root, localized: localized) : nil
    }

    /// A localized wrapper with neither `notification` nor `notifications` (both null or absent).
    static func isEmptyWrapper(_ value: ODataValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.allSatisfy { ($0.0 == "notification" || $0.0 == "notifications") && $0.1 == .null }
    }

    /// A list of 1 to 1,000 non-empty strings (or none, when not required), users or topics.
    static func userList(_ value: ODataValue?, field: String, required: Bool, errors: inout [(String, String)]) -> [String] {
        let size = "size must be between \(required ? 1 : 0) and \(maximumUsers)"
        switch value {
        case nil, .null?:
            if required { errors.append((field, size)) }
            return []
        case .array(let items)?:
            if (required && items.isEmpty) || items.count > maximumUsers { errors.append((field, size)); return [] }
            var list: [String] = [], seen = Set<String>()
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item, !s.isEmpty else { errors.append(("\(field)[\(i)]", "must not be blank")); continue }
                if seen.insert(s).inserted { list.append(s) }
            }
            return list
        default:
            errors.append((field, "must be an array"))
            return []
        }
    }

    /// The documented notification members and their types; anything else is a validation error.
    /// Fields are named from `field` (the payload's place in the body), e.g. `notification.badge`.
    static func check(notification: ODataValue, field: String = "notification") -> [(String, String)] {
        guard case .object(let members) = notification else { return [(field, "must be an object")] }
        var errors: [(String, String)] = []
        for (name, value) in members {
            guard notificationMembers.contains(name) else { errors.append(("\(field).\(name)", "is not a known member")); continue }
            switch (name, value) {
            case ("badge", .int(let n)) where n >= 0: break
            case ("badge", _): errors.append(("\(field).badge", "must be a non-negative integer"))
            case ("alert", .string), ("sound", .string): break
            case ("alert", _), ("sound", _):
                errors.append(("\(field).\(name)", "must be a string"))
            case ("priority", .string(let p)) where ["high", "normal", "low"].contains(p.lowercased()): break
            case ("priority", _): errors.append(("\(field).priority", "must be high, normal or low"))
            // `data` is "a serialized / escape JSON key/value map" (`PushPayload.Builder.data`): a string.
            case ("data", .string): break
            case ("data", _): errors.append(("\(field).data", "must be a string (a serialized JSON object)"))
            case ("sendAsSms", .bool): break
            case ("sendAsSms", _): errors.append(("\(field).sendAsSms", "must be a boolean"))
            case (let platform, .object) where platformMembers.contains(platform): break
            case (let platform, _) where platformMembers.contains(platform): errors.append(("\(field).\(platform)", "must be an object"))
            case ("custom", .object(let pairs)):
                for (k, v) in pairs { if case .string = v { continue }; errors.append(("\(field).custom.\(k)", "must be a string")) }
            case ("custom", _): errors.append(("\(field).custom", "must be an object of strings"))
            default: break
            }
        }
        return errors
    }

    // MARK: Status, registrations, localizations

    /// `GET /mobileservices/push/v1/backend/notifications/{id}/status`.
    private func status(_ request: Request, id: String) -> Response {
        let caller: PushCaller
        switch reader(request, role: nil) {
        case .caller(let c): caller = c
        case .refused(let answer): return answer
        }
        guard let n = backend.status(id: id), n.appId == caller.appId else {
            return statusAnswer(.notFound, "Notification '\(id)' does not exist.")
        }
        return Answers.text(.ok, ODataJSON.write(.object([
            ("status", .object([("code", .int(0)), ("message", .null), ("parameters", .null)])),
            ("statusDetails", .object([("notificationId", .string(id)), ("applicationId", .string(n.appId)),
                                       ("notificationType", .string(n.os)), ("status", .string(n.code == 0 ? "SENT" : "QUEUED")),
                                       ("statusInfo", .null), ("caller", .string(n.caller))])),
        ])), contentType: "application/json")
    }

    /// `GET registrations[?username=U&pushGroup=G]` and `GET registrations/{id}`, of the credentials' application.
    private func registrations(_ request: Request, id: String?) -> Response {
        let caller: PushCaller
        switch reader(request, role: "pushregistrations_read") {
        case .caller(let c): caller = c
        case .refused(let answer): return answer
        }
        let mine = state.clientServices.pushRegistrations.filter { $0.appId == caller.appId }
        if let id {
            guard let r = mine.first(where: { $0.id.lowercased() == id.lowercased() }) else {
                return statusAnswer(.notFound, "Registration '\(id)' does not exist.")
            }
            return Answers.text(.ok, ODataJSON.write(Self.registration(r)), contentType: "application/json")
        }
        let user = request.queryValue("username"), group = request.queryValue("pushGroup")
        let list = mine.filter { r in (user == nil || r.user == user) && (group == nil || Self.string(r.body["pushGroup"]) == group) }
        return Answers.text(.ok, ODataJSON.write(.object([("value", .array(list.map(Self.registration)))])), contentType: "application/json")
    }

    /// A registration as the library's DTO has it: every member, null when unknown.
    static func registration(_ r: PushRegistrationRecord) -> ODataValue {
        func member(_ name: String) -> ODataValue { string(r.body[name]).map(ODataValue.string) ?? .null }
        return .object([("id", .string(r.id)), ("device", .string(r.deviceId)), ("deviceModel", member("deviceModel")),
                        ("formFactor", member("formFactor")), ("pushGroup", member("pushGroup")), ("pushProvider", .string(r.os)),
                        ("userLocale", member("userLocale")), ("username", r.user.map(ODataValue.string) ?? .null)])
    }

    /// `GET localizations?usernames=a&usernames=b`: the distinct locales of those users' registrations, sorted.
    private func localizations(_ request: Request) -> Response {
        let caller: PushCaller
        switch reader(request, role: nil) {
        case .caller(let c): caller = c
        case .refused(let answer): return answer
        }
        // No user names (SAP's client sends a bare `?usernames` for a null list): every registered
        // locale, as `PushClient.getLocalizations`' documentation promises for null.
        let users = Set(request.uri.queryParameters[values: "usernames"].map(String.init).filter { !$0.isEmpty })
        let locales = Set(state.clientServices.pushRegistrations.compactMap { r -> String? in
            guard r.appId == caller.appId else { return nil }
            if !users.isEmpty { guard let user = r.user, users.contains(user) else { return nil } }
            return Self.string(r.body["userLocale"])
        })
        return Answers.text(.ok, ODataJSON.write(.array(locales.sorted().map(ODataValue.string))), contentType: "application/json")
    }

    // MARK: Answers

    /// SAP's validation answer: a bare array of `{"field", "message"}`.
    private func validation(_ errors: [(String, String)]) -> Response {
        Answers.text(.badRequest, ODataJSON.write(.array(errors.map { .object([("field", .string($0.0)), ("message", .string($0.1))]) })),
                     contentType: "application/json")
    }

    private func noSuchAddress() -> Response {
        statusAnswer(.notFound, "No such Notification Backend API address.")
    }

    private func statusAnswer(_ status: HTTPResponse.Status, _ message: String, parameters: ODataValue = .null) -> Response {
        Answers.text(status, ODataJSON.write(.object([
            ("status", .object([("code", .int(Int(status.code))), ("message", .string(message)), ("parameters", parameters)])),
        ])), contentType: "application/json")
    }

    static func string(_ v: ODataValue?) -> String? { if case .string(let s)? = v { return s }; return nil }
    static func int(_ v: ODataValue?) -> Int? { if case .int(let n)? = v { return n }; return nil }
    static func strings(_ v: ODataValue?) -> [String] {
        guard case .array(let items)? = v else { return [] }
        return items.compactMap { string($0) }
    }
    static func objects(_ v: ODataValue?) -> [ODataValue] {
        guard case .array(let items)? = v else { return [] }
        return items.filter { if case .object = $0 { return true }; return false }
    }
}
