// Mobile Services' Notification Backend API (docs/protocol.md §16): the operator's side of push.
// A backend sends notifications to the devices that registered with `hubctl push register`
// (ClientServicesState's push registrations), authenticated by an API key (`X-API-Key`, or Basic
// `alias:apikey`) or by an OAuth2 client-credentials token from the XSUAA-like `/oauth/token`.
// Each key and client has roles: push_single, push_multiple, push_all, pushregistrations_read.
// Nothing is delivered: what each device would have received is recorded
// (`GET /_emulator/push/notifications`).

import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// An API key of a service key (`alias`, `apiKey`) with its roles.
struct PushAPIKey: Sendable {
    var key: String
    var alias: String
    var roles: Set<String>
}

/// An XSUAA client of a service binding (`clientid`, `clientsecret`) with its roles.
struct PushClient: Sendable {
    var clientId: String
    var clientSecret: String
    var roles: Set<String>
}

/// One notification as sent: one target, what every device got.
struct SentNotification: Sendable {
    var id: Int64
    var appId: String
    var notificationType: String
    var target: String
    var notification: ODataValue
    var deliveries: [(user: String?, deviceId: String, os: String, pushToken: String?)]
    var tenant: String?
}

public final class PushBackendState: Sendable {
    static let allRoles: Set<String> = ["push_single", "push_multiple", "push_all", "pushregistrations_read"]
    static let defaultKey = PushAPIKey(key: "emulator-push-api-key", alias: "emulator", roles: allRoles)
    static let defaultClient = PushClient(clientId: "push-client", clientSecret: "push-client-secret", roles: allRoles)
    /// How long a client-credentials token lives (seconds); a test may shorten it.
    static let defaultTokenLifetime = 3600

    struct Store: Sendable {
        var keys: [PushAPIKey] = [PushBackendState.defaultKey]
        var clients: [PushClient] = [PushBackendState.defaultClient]
        var tokens: [String: (roles: Set<String>, expires: Date)] = [:]
        var tokenLifetime = PushBackendState.defaultTokenLifetime
        var tokensIssued = 0
        var nextId: Int64 = 1_000
        var sent: [SentNotification] = []
    }

    private let store = Mutex(Store())
    static let recordLimit = 1_000

    public init() {}

    func roles(apiKey: String, alias: String?) -> Set<String>? {
        store.withLock { s in
            s.keys.first { $0.key == apiKey && (alias == nil || $0.alias == alias) }?.roles
        }
    }

    func roles(token: String) -> Set<String>? {
        store.withLock { s in
            guard let t = s.tokens[token], t.expires > Date() else { return nil }
            return t.roles
        }
    }

    /// A new token for a known client, nil for unknown credentials.
    func issueToken(clientId: String, secret: String) -> (token: String, lifetime: Int)? {
        store.withLock { s in
            guard let client = s.clients.first(where: { $0.clientId == clientId && $0.clientSecret == secret }) else { return nil }
            let token = "emulator-cc-" + UUID().uuidString.lowercased()
            s.tokens[token] = (client.roles, Date().addingTimeInterval(TimeInterval(s.tokenLifetime)))
            s.tokensIssued += 1
            return (token, s.tokenLifetime)
        }
    }

    func record(_ make: (Int64) -> SentNotification) -> Int64 {
        store.withLock { s in
            s.nextId += 1
            if s.sent.count >= Self.recordLimit { s.sent.removeFirst() }
            s.sent.append(make(s.nextId))
            return s.nextId
        }
    }

    func sent(id: Int64) -> SentNotification? {
        store.withLock { s in s.sent.first { $0.id == id } }
    }

    func configure(keys: [PushAPIKey]?, clients: [PushClient]?, tokenLifetime: Int?) {
        store.withLock { s in
            if let keys { s.keys = keys }
            if let clients { s.clients = clients }
            if let tokenLifetime { s.tokenLifetime = tokenLifetime }
            if keys != nil || clients != nil { s.tokens.removeAll() }
        }
    }

    func clear() {
        store.withLock { s in
            s.sent.removeAll()
            s.tokensIssued = 0
        }
    }

    /// `GET /_emulator/push/notifications`: each notification and what each device would have received.
    var document: ODataValue {
        store.withLock { s in
            .object([
                ("tokensIssued", .int(s.tokensIssued)),
                ("notifications", .array(s.sent.map { n in
                    .object([("notificationId", .string(String(n.id))), ("appId", .string(n.appId)),
                             ("notificationType", .string(n.notificationType)), ("target", .string(n.target)),
                             ("tenant", n.tenant.map(ODataValue.string) ?? .null),
                             ("notification", n.notification),
                             ("devices", .array(n.deliveries.map { d in
                                 .object([("user", d.user.map(ODataValue.string) ?? .null), ("deviceId", .string(d.deviceId)),
                                          ("os", .string(d.os)), ("pushToken", d.pushToken.map(ODataValue.string) ?? .null)])
                             }))])
                })),
            ])
        }
    }
}

struct PushBackendHandler: Sendable {
    let state: EmulatorState
    var backend: PushBackendState { state.pushBackend }

    static let maximumUsers = 1_000
    static let notificationMembers: Set<String> = [
        "alert", "badge", "sound", "priority", "data", "custom", "category", "title", "body", "subtitle",
        "threadId", "contentAvailable", "mutableContent", "expiry", "collapseKey", "timeToLive", "ttl",
        "notificationId", "apns", "gcm", "fcm", "wns", "w3c", "baidu", "localizedAlert", "localizedTitle",
        "localizedSubtitle", "alertLocArgs", "titleLocArgs", "alertLocKey", "titleLocKey", "interruptionLevel",
        "relevanceScore", "targetContentId", "filterCriteria", "actions", "launchImage", "icon", "image",
    ]

    enum Target {
        case application, users, device(user: String, device: String?), group(String), topic(String), capability(String)
    }

    func respond(to request: Request, segments s: [String]) async -> Response? {
        if s == ["oauth", "token"] { return await token(request) }
        guard s.count >= 4, s[0] == "mobileservices", s[1] == "push", s[2] == "v1" || s[2] == "v2", s[3] == "backend" else { return nil }
        let rest = Array(s[4...])
        // …/notifications/{id}/status (v1 and v2)
        if rest.count == 3, rest[0] == "notifications", rest[2] == "status" {
            guard request.method == .get else { return Answers.methodNotAllowed(allow: "GET", .json) }
            guard let roles = authenticate(request) else { return unauthorized() }
            guard !roles.isDisjoint(with: ["push_single", "push_multiple", "push_all"]) else { return forbidden("push_single, push_multiple or push_all") }
            return status(rest[1])
        }
        // …/capabilities/{capability}/notifications needs the application in a header; the emulator
        // takes it from `X-Application-Id` or, failing that, the only application.
        if rest.count == 3, rest[0] == "capabilities", rest[2] == "notifications" {
            let appId = request.headers[HTTPField.Name("X-Application-Id")!] ?? "com.example.demo"
            return await send(request, appId: appId, target: .capability(rest[1]))
        }
        guard rest.count >= 2, rest[0] == "applications" else {
            return statusAnswer(.notFound, "No such Notification Backend API address.")
        }
        let appId = rest[1]
        let tail = Array(rest[2...])
        if tail == ["registrations"] { return registrations(request, appId: appId) }
        let target: Target
        switch tail.count {
        case 1 where tail[0] == "notifications": target = .application
        case 2 where tail == ["notifications", "users"]: target = .users
        case 3 where tail[0] == "users" && tail[2] == "notifications": target = .device(user: tail[1], device: nil)
        case 5 where tail[0] == "users" && tail[2] == "devices" && tail[4] == "notifications": target = .device(user: tail[1], device: tail[3])
        case 3 where tail[0] == "groups" && tail[2] == "notifications": target = .group(tail[1])
        case 3 where tail[0] == "topics" && tail[2] == "notifications": target = .topic(tail[1])
        default: return statusAnswer(.notFound, "No such Notification Backend API address.")
        }
        return await send(request, appId: appId, target: target)
    }

    // MARK: Authentication

    /// The caller's roles: `X-API-Key`, Basic `alias:apikey`, or a Bearer token; nil when none is valid.
    func authenticate(_ request: Request) -> Set<String>? {
        if let key = request.headers[HTTPField.Name("X-API-Key")!] { return backend.roles(apiKey: key, alias: nil) }
        guard let authorization = request.headers[.authorization] else { return nil }
        if authorization.lowercased().hasPrefix("bearer ") {
            return backend.roles(token: String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        if let (user, password) = Self.basic(authorization) { return backend.roles(apiKey: password, alias: user) }
        return nil
    }

    static func basic(_ authorization: String) -> (String, String)? {
        guard authorization.lowercased().hasPrefix("basic "),
              let data = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private func unauthorized() -> Response {
        var r = statusAnswer(.unauthorized, "Authentication required: an API key (X-API-Key or Basic alias:apikey) or a client-credentials token.")
        r.headers[.wwwAuthenticate] = "Basic realm=\"Mobile Services push\""
        return r
    }

    private func forbidden(_ role: String) -> Response {
        statusAnswer(.forbidden, "The caller lacks the role \(role).", parameters: .array([.string(role)]))
    }

    /// `POST /oauth/token`, grant_type=client_credentials, the client by Basic or in the form.
    private func token(_ request: Request) async -> Response {
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
        guard let id, let secret, let issued = backend.issueToken(clientId: id, secret: secret) else {
            return oauthError(.unauthorized, "invalid_client", "Bad credentials")
        }
        return Answers.text(.ok, ODataJSON.write(.object([
            ("access_token", .string(issued.token)), ("token_type", .string("bearer")),
            ("expires_in", .int(issued.lifetime)), ("scope", .string("uaa.resource")),
        ])), contentType: "application/json")
    }

    // MARK: Sending

    private func send(_ request: Request, appId: String, target: Target) async -> Response {
        guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", .json) }
        guard let roles = authenticate(request) else { return unauthorized() }
        guard state.application(appId) != nil else { return statusAnswer(.notFound, "Application '\(appId)' does not exist.") }
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body else {
            return validation([("body", "The body must be a JSON object.")])
        }
        var errors: [(String, String)] = []
        let notification = body["notification"]
        if notification == nil {
            errors.append(("notification", "must not be null"))
        } else {
            errors += Self.check(notification: notification!)
        }
        var users: [String] = []
        if case .users = target {
            switch body["users"] {
            case .array(let items)?:
                for (i, item) in items.enumerated() {
                    guard case .string(let u) = item, !u.isEmpty else { errors.append(("users[\(i)]", "must be a non-empty string")); continue }
                    users.append(u)
                }
                if items.isEmpty { errors.append(("users", "size must be between 1 and \(Self.maximumUsers)")) }
                if items.count > Self.maximumUsers { errors.append(("users", "size must be between 1 and \(Self.maximumUsers)")) }
            default: errors.append(("users", "must not be null"))
            }
        }
        if !errors.isEmpty { return validation(errors) }

        let needed: String
        switch target {
        case .device: needed = "push_single"
        case .users: needed = users.count == 1 ? "push_single" : "push_multiple"
        case .group, .topic, .capability: needed = "push_multiple"
        case .application: needed = "push_all"
        }
        guard roles.contains(needed) else { return forbidden(needed) }

        let registrations = state.clientServices.pushRegistrations.filter { $0.appId == appId }
        let tenant = request.headers[HTTPField.Name("x-tenant-id")!]
        func sendTo(_ type: String, _ label: String, _ devices: [PushRegistrationRecord]) -> Int64 {
            backend.record { id in
                SentNotification(id: id, appId: appId, notificationType: type, target: label, notification: notification!,
                                 deliveries: devices.map { ($0.user, $0.deviceId, $0.os, Self.string($0.body["pushToken"])) }, tenant: tenant)
            }
        }
        func result(_ target: String, _ id: Int64?) -> ODataValue {
            if let id {
                return .object([("target", .string(target)), ("notificationId", .string(String(id))), ("code", .int(201)), ("message", .string("Created"))])
            }
            return .object([("target", .string(target)), ("notificationId", .null), ("code", .int(404)),
                            ("message", .string("No push registration found for '\(target)'."))])
        }
        var results: [ODataValue] = []
        switch target {
        case .users:
            // By user once, not a scan of every registration for each of up to 1,000 users.
            let byUser = Dictionary(grouping: registrations.filter { $0.user != nil }, by: { $0.user! })
            for user in users {
                let devices = byUser[user] ?? []
                results.append(result(user, devices.isEmpty ? nil : sendTo("USER", user, devices)))
            }
        case .device(let user, let device):
            let devices = registrations.filter { $0.user == user && (device == nil || $0.deviceId == device) }
            let label = device.map { "\(user)/\($0)" } ?? user
            results.append(result(label, devices.isEmpty ? nil : sendTo(device == nil ? "USER" : "DEVICE", label, devices)))
        case .group(let group):
            let devices = registrations.filter { Self.string($0.body["pushGroup"]) == group }
            results.append(result(group, devices.isEmpty ? nil : sendTo("GROUP", group, devices)))
        case .topic(let topic):
            let devices = registrations.filter { Self.strings($0.body["topics"]).contains(topic) }
            results.append(result(topic, devices.isEmpty ? nil : sendTo("TOPIC", topic, devices)))
        case .capability(let capability):
            let devices = registrations.filter { r in
                Self.strings(r.body["capabilities"]).contains(capability)
                    || Self.objects(r.body["capabilities"]).contains { Self.string($0["name"]) == capability }
            }
            results.append(result(capability, devices.isEmpty ? nil : sendTo("CAPABILITY", capability, devices)))
        case .application:
            results.append(result(appId, registrations.isEmpty ? nil : sendTo("APPLICATION", appId, registrations)))
        }
        let sent = results.filter { $0["code"] == .int(201) }.count
        let httpStatus: HTTPResponse.Status
        let message: String
        if sent == results.count {
            httpStatus = .created; message = "Created"
        } else if sent == 0 {
            httpStatus = .notFound; message = "no registrations for given target found"
        } else {
            httpStatus = HTTPResponse.Status(code: 207); message = "\(sent) of \(results.count) targets were notified"
        }
        return Answers.text(httpStatus, ODataJSON.write(.object([
            ("status", .object([("code", .int(Int(httpStatus.code))), ("message", .string(message)), ("parameters", .null)])),
            ("pushResults", .array(results)),
        ])), contentType: "application/json")
    }

    /// The documented notification members and their types; anything else is a validation error.
    static func check(notification: ODataValue) -> [(String, String)] {
        guard case .object(let members) = notification else { return [("notification", "must be an object")] }
        var errors: [(String, String)] = []
        for (name, value) in members {
            guard notificationMembers.contains(name) else { errors.append(("notification.\(name)", "is not a known member")); continue }
            switch (name, value) {
            case ("badge", .int(let n)) where n >= 0: break
            case ("badge", _): errors.append(("notification.badge", "must be a non-negative integer"))
            case ("alert", .string), ("sound", .string), ("title", .string), ("body", .string), ("category", .string): break
            case ("alert", _), ("sound", _), ("title", _), ("body", _), ("category", _):
                errors.append(("notification.\(name)", "must be a string"))
            case ("priority", .string(let p)) where ["high", "normal", "low"].contains(p.lowercased()): break
            case ("priority", _): errors.append(("notification.priority", "must be high, normal or low"))
            case ("data", .string), ("data", .object): break
            case ("data", _): errors.append(("notification.data", "must be a string or an object"))
            case ("custom", .object(let pairs)):
                for (k, v) in pairs { if case .string = v { continue }; errors.append(("notification.custom.\(k)", "must be a string")) }
            case ("custom", _): errors.append(("notification.custom", "must be an object of strings"))
            default: break
            }
        }
        return errors
    }

    // MARK: Status and registrations

    private func status(_ id: String) -> Response {
        guard let n = Int64(id).flatMap(backend.sent(id:)) else {
            return statusAnswer(.notFound, "Notification '\(id)' does not exist.")
        }
        return Answers.text(.ok, ODataJSON.write(.object([
            ("status", .object([("code", .int(200)), ("message", .string("OK")), ("parameters", .null)])),
            ("notificationStatus", .object([("notificationId", .string(String(n.id))), ("status", .string("SENT")),
                                            ("notificationType", .string(n.notificationType)),
                                            ("recipients", .int(n.deliveries.count))])),
        ])), contentType: "application/json")
    }

    private func registrations(_ request: Request, appId: String) -> Response {
        guard request.method == .get else { return Answers.methodNotAllowed(allow: "GET", .json) }
        guard let roles = authenticate(request) else { return unauthorized() }
        guard roles.contains("pushregistrations_read") else { return forbidden("pushregistrations_read") }
        let user = request.queryValue("username"), group = request.queryValue("pushGroup")
        let list = state.clientServices.pushRegistrations.filter { r in
            r.appId == appId && (user == nil || r.user == user) && (group == nil || Self.string(r.body["pushGroup"]) == group)
        }
        return Answers.text(.ok, ODataJSON.write(.object([("value", .array(list.map { r in
            .object([("id", .string(r.deviceId)), ("device", .string(r.deviceId)),
                     ("formFactor", r.body["formFactor"] ?? .null), ("pushGroup", r.body["pushGroup"] ?? .null),
                     ("pushProvider", .string(r.os)), ("userLocale", r.body["userLocale"] ?? .null),
                     ("username", r.user.map(ODataValue.string) ?? .null)])
        }))])), contentType: "application/json")
    }

    // MARK: Answers

    private func validation(_ errors: [(String, String)]) -> Response {
        statusAnswer(.badRequest, "Validation failed", parameters: .array(errors.map { .object([("field", .string($0.0)), ("message", .string($0.1))]) }))
    }

    private func statusAnswer(_ status: HTTPResponse.Status, _ message: String, parameters: ODataValue = .null) -> Response {
        Answers.text(status, ODataJSON.write(.object([
            ("status", .object([("code", .int(Int(status.code))), ("message", .string(message)), ("parameters", parameters)])),
        ])), contentType: "application/json")
    }

    static func string(_ v: ODataValue?) -> String? { if case .string(let s)? = v { return s }; return nil }
    static func strings(_ v: ODataValue?) -> [String] {
        guard case .array(let items)? = v else { return [] }
        return items.compactMap { string($0) }
    }
    static func objects(_ v: ODataValue?) -> [ODataValue] {
        guard case .array(let items)? = v else { return [] }
        return items.filter { if case .object = $0 { return true }; return false }
    }
}

/// The control API: `PUT /_emulator/push/credentials`, `GET`/`DELETE /_emulator/push/notifications`,
/// `POST /_emulator/push/registrations`.
struct PushBackendControl: Sendable {
    let state: EmulatorState

    func register(_ group: RouterGroup<BasicRequestContext>) {
        group.get("push/notifications") { _, _ in
            Answers.text(.ok, ODataJSON.write(state.pushBackend.document), contentType: "application/json")
        }
        group.delete("push/notifications") { _, _ in
            state.pushBackend.clear()
            return Response(status: .noContent)
        }
        // {"appId", "registrations": [{"user", "deviceId", "os"?, "pushToken", "pushGroup"?, "topics"?, "capabilities"?}]}:
        // push registrations made as if devices had registered (topics and capabilities, which
        // `hubctl push register` does not send; many devices at once for a benchmark).
        group.post("push/registrations") { request, _ in
            var request = request
            let data = try await request.collectBody(upTo: 16 << 20)
            guard let body = try? ODataValue.parseJSON(Data(data.readableBytesView)), case .string(let appId)? = body["appId"],
                  state.application(appId) != nil else {
                throw HTTPError(.badRequest, message: "The body must be {\"appId\", \"registrations\": [...]} with an application of the configuration.")
            }
            var count = 0
            for o in PushBackendHandler.objects(body["registrations"]) {
                guard let deviceId = PushBackendHandler.string(o["deviceId"]), let token = PushBackendHandler.string(o["pushToken"]) else {
                    throw HTTPError(.badRequest, message: "Each registration needs deviceId and pushToken.")
                }
                var members: [(String, ODataValue)] = [("pushToken", .string(token))]
                for key in ["pushGroup", "topics", "capabilities", "formFactor", "userLocale"] { if let v = o[key] { members.append((key, v)) } }
                let record = PushRegistrationRecord(appId: appId, os: PushBackendHandler.string(o["os"]) ?? "android", deviceId: deviceId,
                                                    user: PushBackendHandler.string(o["user"]), body: .object(members), writes: 1)
                if state.clientServices.writePush(record, create: true) == .exists { _ = state.clientServices.writePush(record, create: false) }
                count += 1
            }
            return Answers.text(.ok, ODataJSON.write(.object([("registered", .int(count))])), contentType: "application/json")
        }
        // {"apiKeys": [{"key","alias","roles"}], "clients": [{"clientId","clientSecret","roles"}], "tokenLifetime": s}
        group.put("push/credentials") { request, _ in
            let data = try await request.collectSmallBody()
            guard let body = try? ODataValue.parseJSON(data), case .object = body else {
                throw HTTPError(.badRequest, message: "The body must be a JSON object.")
            }
            func roles(_ v: ODataValue?) -> Set<String> {
                v == nil ? PushBackendState.allRoles : Set(PushBackendHandler.strings(v))
            }
            let keys = body["apiKeys"].map { PushBackendHandler.objects($0).compactMap { o -> PushAPIKey? in
                guard let key = PushBackendHandler.string(o["key"]) else { return nil }
                return PushAPIKey(key: key, alias: PushBackendHandler.string(o["alias"]) ?? "emulator", roles: roles(o["roles"]))
            } }
            let clients = body["clients"].map { PushBackendHandler.objects($0).compactMap { o -> PushClient? in
                guard let id = PushBackendHandler.string(o["clientId"]), let secret = PushBackendHandler.string(o["clientSecret"]) else { return nil }
                return PushClient(clientId: id, clientSecret: secret, roles: roles(o["roles"]))
            } }
            var lifetime: Int?
            if case .int(let n)? = body["tokenLifetime"] { lifetime = n }
            state.pushBackend.configure(keys: keys, clients: clients, tokenLifetime: lifetime)
            return Response(status: .noContent)
        }
    }
}
