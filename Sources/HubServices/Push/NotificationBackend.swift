// Mobile Services' Notification Backend API, the operator's side of push (docs/protocol.md §16), as
// SAP's Java integration library for Mobile Services speaks it (`push/Constants.java`,
// `RestTemplatePushClient.java`, `DTO.java`, `PushResult.java`) and its recorded answers show
// (Tests/Fixtures/sap/push). Addresses, authentication headers, the 401 renewal of a cached token,
// request bodies, and answers read into typed values; the command layer only maps options to these
// calls and their results to output. No secret ever reaches a message.

import Foundation
import HubAuth
import HubCore
import HubTransport

// MARK: Values

/// What one device's notification came to: SAP's completion code (`PushResult.getCode`).
public struct PushCompletion: Sendable, Equatable {
    public enum Outcome: String, Sendable { case sent, queued, failed }

    public let code: Int

    public init(code: Int) { self.code = code }

    /// 0 sent; -1 and 11 queued (the service retries: success, with a note); anything else failed.
    public var outcome: Outcome {
        switch code {
        case 0: .sent
        case -1, 11: .queued
        default: .failed
        }
    }

    /// The code's meaning as PushResult.java lists it, as a name a script can match.
    public var reason: String {
        switch code {
        case -1: "queued_provider_unreachable"
        case 0: "sent"
        case 1: "invalid_data"
        case 2: "target_not_found"
        case 3: "not_queued"
        case 4: "configuration_expired"
        case 5: "push_token_missing"
        case 6: "token_rejected_by_provider"
        case 7: "registration_expired"
        case 8: "too_many_notifications"
        case 9: "notification_too_large"
        case 10: "not_accepted_by_provider"
        case 11: "queued_after_io_problem"
        case 12, 13: "provider_communication_failed"
        case 14: "provider_quota_exceeded"
        default: "unknown_code"
        }
    }
}

/// Who a notification goes to: one address of the API each.
public enum PushTarget: Sendable, Equatable {
    /// Every device of the application (answered asynchronously, with a correlation id).
    case application
    /// One device of one user.
    case device(user: String, device: String)
    /// Users, at most `NotificationBackend.maximumUsers` a request; every device of each.
    case users([String])
    case group(String)
    /// Devices subscribed to any of the topics, optionally only those of these users.
    case topics([String], users: [String]?)
    /// Devices with the capability, optionally only those of these users.
    case capability(String, users: [String]?)
}

/// A notification as the library sends it (`LocalizedPushPayload`): the default one, and per
/// locale the ones the service picks by the registration's locale.
public struct PushPayload: Sendable, Equatable {
    public var notification: JSONValue
    public var localized: [String: JSONValue]

    public init(notification: JSONValue, localized: [String: JSONValue] = [:]) {
        self.notification = notification
        self.localized = localized
    }

    /// `{"notification": {…}, "notifications"?: {"<locale>": {…}}}` (`DTOLocalizedPushPayload`).
    public var json: JSONValue {
        var members: [String: JSONValue] = ["notification": notification]
        if !localized.isEmpty { members["notifications"] = .object(localized) }
        return .object(members)
    }
}

/// One entry of `pushResults`: a device registration and what became of its notification.
public struct PushResultEntry: Sendable, Equatable {
    /// `target`: the registration id of a device (never a user name).
    public var registrationId: String?
    public var notificationId: String?
    public var completion: PushCompletion
    public var message: String?

    public init(registrationId: String?, notificationId: String?, completion: PushCompletion, message: String?) {
        self.registrationId = registrationId
        self.notificationId = notificationId
        self.completion = completion
        self.message = message
    }
}

/// The answer to one send request.
public struct PushSendAnswer: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Per-device results (`pushResults`).
        case results
        /// Taken for asynchronous delivery (`status.code` 0, a `correlationId`, no results).
        case accepted
        /// Nothing was sent: no registration matched (SAP's 404 with a `status` object).
        case noRegistrations
    }

    public var kind: Kind
    public var httpStatus: Int
    public var results: [PushResultEntry] = []
    public var correlationId: String?
    /// The service's `status.message`, when it gave one.
    public var message: String?
    /// Results whose target is one of the users asked, with code 2 (target not found): the users
    /// the service named as having no registration. SAP's recorded answers show none; an answer
    /// that names none is read as well.
    public var usersNamedMissing: [String] = []
}

/// `statusDetails` of a notification status answer (`DTONotificationStatus`, `DTONotificationStatusDetails`).
public struct PushNotificationStatus: Sendable, Equatable {
    public var notificationId: String?
    public var applicationId: String?
    public var notificationType: String?
    public var status: String?
    public var statusInfo: String?
    public var caller: String?
    public var providerReference: String?
    public var topics: [String]?
}

/// A push registration as the backend lists it (`DTOPushRegistration`).
public struct PushBackendRegistration: Sendable, Equatable {
    public var id: String?
    public var device: String?
    public var deviceModel: String?
    public var formFactor: String?
    public var pushGroup: String?
    public var pushProvider: String?
    public var userLocale: String?
    public var username: String?
}

// MARK: The client

/// One Notification Backend API conversation: the transport, the credentials, a token when needed.
public final class NotificationBackend {
    public var credentials: PushBackendCredentials { authorization.credentials }
    let http: any HTTPTransport
    private let authorization: ServiceKeyAuthorization
    private let note: ((String) -> Void)?
    private let warn: ((String) -> Void)?

    /// At most this many users (or bulk user notifications) in one request (`size must be between 1 and 1000`).
    public static let maximumUsers = 1_000
    /// Users per `localizations` request: one `usernames=` parameter each keeps the URL short.
    public static let localizationUsersPerRequest = 100

    static let v2 = "/mobileservices/push/v2/backend"
    static let v1 = "/mobileservices/push/v1/backend"

    /// `certificateTransport`: the transport that presents an x509 binding's certificate, for its
    /// token requests (the API itself is called without it, as SAP's client does).
    public init(credentials: PushBackendCredentials, transport: any HTTPTransport, tokenCache: ClientCredentialsCache?,
                certificateTransport: (any HTTPTransport)? = nil,
                note: ((String) -> Void)? = nil, warn: ((String) -> Void)? = nil) {
        http = transport
        self.note = note
        self.warn = warn
        authorization = ServiceKeyAuthorization(credentials: credentials, transport: transport, tokenCache: tokenCache,
                                                certificateTransport: certificateTransport, note: note)
    }

    // MARK: Addresses

    /// A path segment from a name the user or a server gave: escaped by the one rule, and never
    /// `.` or `..` (the transport would fold them into another address).
    static func segment(_ name: String, _ what: String) throws -> String {
        guard !name.isEmpty else { throw HubError.usage("The \(what) is empty.") }
        let escaped = SMPEndpoint.escape(segment: name)
        guard !SafeName.isDotSegment(name) else {
            throw HubError.usage("The \(what) \(HubError.quoted(name)) cannot be part of an address; nothing was sent.")
        }
        return escaped
    }

    func url(_ root: String, _ parts: [(String, String?)], query: [(String, String)] = []) throws -> String {
        var path = credentials.url + root
        for (text, what) in parts {
            path += "/" + (try what.map { try Self.segment(text, $0) } ?? text)
        }
        guard !query.isEmpty else { return path }
        var c = URLComponents()
        c.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves `+` alone, which a server reads as a space.
        return path + "?" + (c.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    /// The address and body of a send, as `RestTemplatePushClient` builds them.
    func request(appId: String, target: PushTarget, payload: PushPayload) throws -> (url: String, body: JSONValue) {
        let app: [(String, String?)] = [("applications", nil), (appId, "application id")]
        // Users, topics and capabilities nest the localized payload (`DTOLocalizedPushTo…Payload`);
        // the application, a device and a group take it as the body itself (`DTOLocalizedPushPayload`).
        var body: [String: JSONValue] = ["notification": payload.json]
        switch target {
        case .application:
            return (try url(Self.v2, app + [("notifications", nil)]), payload.json)
        case .device(let user, let device):
            return (try url(Self.v2, app + [("users", nil), (user, "user"), ("devices", nil), (device, "device id"), ("notifications", nil)]), payload.json)
        case .group(let group):
            return (try url(Self.v2, app + [("groups", nil), (group, "push group"), ("notifications", nil)]), payload.json)
        case .users(let users):
            body["users"] = .array(users.map(JSONValue.string))
            return (try url(Self.v2, app + [("notifications", nil), ("users", nil)]), .object(body))
        case .topics(let topics, let users):
            body["topics"] = .array(topics.map(JSONValue.string))
            if let users, !users.isEmpty { body["users"] = .array(users.map(JSONValue.string)) }
            return (try url(Self.v2, app + [("topics", nil), ("notifications", nil)]), .object(body))
        case .capability(let capability, let users):
            if let users, !users.isEmpty { body["users"] = .array(users.map { .object(["user": .string($0)]) }) }
            return (try url(Self.v2, [("capabilities", nil), (capability, "capability"), ("notifications", nil)]), .object(body))
        }
    }

    /// The body of a bulk push (`DTOLocalizedBulkPush`): the root notification, and each user's own
    /// (or none: the user gets the root).
    public static func bulkBody(root: PushPayload, users: [(user: String, payload: PushPayload?)]) -> JSONValue {
        .object([
            "notification": root.json,
            "userNotifications": .array(users.map { entry in
                var m: [String: JSONValue] = ["user": .string(entry.user)]
                if let p = entry.payload { m["notification"] = p.json }
                return .object(m)
            }),
        ])
    }

    // MARK: Requests

    /// One request with the credentials (`ServiceKeyAuthorization`).
    func exchange(_ method: String, _ url: String, json body: JSONValue? = nil) throws -> HTTPResponse {
        var headers = [HTTPHeader("Accept", "application/json")]
        let data = try body.map { Data(try $0.written(pretty: false)) }
        if data != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        headers += authorization.headers
        return try authorization.send { bearer in
            var all = headers
            if let bearer { all.append(HTTPHeader("Authorization", "Bearer " + bearer)) }
            var request = HTTPRequest(method: method, url: url, headers: all, body: data, idempotent: method == "GET")
            request.carriesSecrets = true
            let response = try http.send(request)
            // The library logs the service's deprecation warnings (`ApiWarnHeaderRequestInterceptor`).
            if let warning = response.header("X-API-Warn"), !warning.isEmpty {
                warn?("Mobile Services warns: " + warning.prefix(300).filter { !$0.isNewline })
            }
            return response
        }
    }

    /// Sends one notification request; `users` beyond `maximumUsers` must be split by the caller.
    public func send(appId: String, target: PushTarget, payload: PushPayload) throws -> PushSendAnswer {
        let (url, body) = try request(appId: appId, target: target, payload: payload)
        let response = try exchange("POST", url, json: body)
        let asked: [String]
        switch target {
        case .users(let u): asked = u
        case .device(let user, _): asked = [user]
        case .topics(_, let u), .capability(_, let u): asked = u ?? []
        default: asked = []
        }
        return try Self.sendAnswer(response, users: asked, doing: "sending the notification")
    }

    /// One bulk request: every user's own notification, or the root one.
    public func bulk(appId: String, root: PushPayload, users: [(user: String, payload: PushPayload?)]) throws -> PushSendAnswer {
        let url = try self.url(Self.v2, [("applications", nil), (appId, "application id"), ("notifications", nil), ("bulk", nil)])
        let response = try exchange("POST", url, json: Self.bulkBody(root: root, users: users))
        return try Self.sendAnswer(response, users: users.map(\.user), doing: "sending the bulk notification")
    }

    /// `GET …/v1/backend/notifications/{id}/status` (the library's `GET_NOTIFICATION_STATUS` is v1).
    public func status(notificationId: String) throws -> PushNotificationStatus {
        let url = try self.url(Self.v1, [("notifications", nil), (notificationId, "notification id"), ("status", nil)])
        let response = try exchange("GET", url)
        let doing = "reading notification \(HubError.quoted(notificationId))'s status"
        guard (200...299).contains(response.status) else {
            if response.status == 404 {
                throw HubError.noInput("Mobile Services has no notification \(HubError.quoted(notificationId))\(Self.detail(response)).", code: .notFound, status: 404)
            }
            throw Self.failure(response, doing: doing)
        }
        let value = try Self.json(response, doing: doing)
        guard let details = value["statusDetails"], details.objectValue != nil else {
            throw HubError(.data, code: .malformedResponse, "The notification status answer has no \"statusDetails\" object.", status: response.status)
        }
        var topics: [String]?
        if case .array(let list)? = details["topics"]?["value"] { topics = list.compactMap(\.stringValue) }
        return PushNotificationStatus(notificationId: Self.text(details["notificationId"]), applicationId: Self.text(details["applicationId"]),
                                      notificationType: Self.text(details["notificationType"]), status: Self.text(details["status"]),
                                      statusInfo: Self.text(details["statusInfo"]), caller: Self.text(details["caller"]),
                                      providerReference: Self.text(details["providerReference"]), topics: topics)
    }

    /// `GET …/v2/backend/registrations[?username=U&pushGroup=G]`: the credentials' application's.
    public func registrations(user: String?, group: String?) throws -> [PushBackendRegistration] {
        var query: [(String, String)] = []
        if let user { query.append(("username", user)) }
        if let group { query.append(("pushGroup", group)) }
        let response = try exchange("GET", try url(Self.v2, [("registrations", nil)], query: query))
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: "listing push registrations") }
        let value = try Self.json(response, doing: "listing push registrations")
        guard case .array(let list)? = value["value"] else {
            throw HubError(.data, code: .malformedResponse, "The registrations answer has no \"value\" list.", status: response.status)
        }
        return list.map(Self.registration)
    }

    /// `GET …/v2/backend/registrations/{id}`; a 404 is `not_found` (66).
    public func registration(id: String) throws -> PushBackendRegistration {
        let response = try exchange("GET", try url(Self.v2, [("registrations", nil), (id, "registration id")]))
        if response.status == 404 {
            throw HubError.noInput("Mobile Services has no push registration \(HubError.quoted(id))\(Self.detail(response)).", code: .notFound, status: 404)
        }
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: "reading push registration \(HubError.quoted(id))") }
        let value = try Self.json(response, doing: "reading a push registration")
        guard value.objectValue != nil else {
            throw HubError(.data, code: .malformedResponse, "The registration answer is not a JSON object.", status: response.status)
        }
        return Self.registration(value)
    }

    /// `GET …/v2/backend/localizations?usernames=…` (one parameter per user): the locales of these
    /// users' registrations, asked `localizationUsersPerRequest` users at a time, merged and sorted.
    public func localizations(users: [String]) throws -> (locales: [String], requests: Int) {
        var locales = Set<String>()
        var requests = 0
        var start = 0
        while start < users.count {
            let chunk = users[start..<min(start + Self.localizationUsersPerRequest, users.count)]
            start += Self.localizationUsersPerRequest
            requests += 1
            let response = try exchange("GET", try url(Self.v2, [("localizations", nil)], query: chunk.map { ("usernames", $0) }))
            guard (200...299).contains(response.status) else { throw Self.failure(response, doing: "reading the users' localizations") }
            guard case .array(let list) = try Self.json(response, doing: "reading the users' localizations") else {
                throw HubError(.data, code: .malformedResponse, "The localizations answer is not a JSON array of locales.", status: response.status)
            }
            for item in list {
                guard let locale = item.stringValue else {
                    throw HubError(.data, code: .malformedResponse, "The localizations answer lists something that is not a locale string.", status: response.status)
                }
                locales.insert(locale)
            }
        }
        return (locales.sorted(), requests)
    }

    // MARK: Answers

    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: s
        case .int(let n)?: String(n)
        default: nil
        }
    }

    static func registration(_ r: JSONValue) -> PushBackendRegistration {
        PushBackendRegistration(id: text(r["id"]), device: text(r["device"]), deviceModel: text(r["deviceModel"]),
                                formFactor: text(r["formFactor"]), pushGroup: text(r["pushGroup"]), pushProvider: text(r["pushProvider"]),
                                userLocale: text(r["userLocale"]), username: text(r["username"]))
    }

    /// The body of an answer the protocol promises as JSON; anything else (an identity provider's
    /// login page, a proxy's error page) is a protocol error naming what came back.
    static func json(_ response: HTTPResponse, doing what: String) throws -> JSONValue {
        let type = response.header("Content-Type")?.lowercased() ?? ""
        if let value = try? JSONValue.read(response.body), type.isEmpty || type.contains("json") {
            return value
        }
        let shown = type.isEmpty ? "a body that is not JSON" : "\(type.split(separator: ";").first.map(String.init) ?? type)"
        throw HubError(.data, code: .malformedResponse,
                       "Mobile Services answered \(what) with \(shown) (HTTP \(response.status)), not the JSON the Notification Backend API promises. Check the service key's or binding's url: a login page or a proxy may be answering instead.",
                       status: response.status)
    }

    /// A send's answer: results, an asynchronous acceptance, or SAP's 404 "no registrations".
    static func sendAnswer(_ response: HTTPResponse, users asked: [String], doing what: String) throws -> PushSendAnswer {
        let status = response.status
        var noRegistrationsWithResults = false
        if status == 404 {
            switch noRegistrations(response) {
            case .none:
                // Anything else (an unknown application or tenant, a wrong address, a proxy's page) is the error it is.
                throw HubError.noInput("Mobile Services found nothing while \(what) (HTTP 404)\(detail(response)); this is not its \"no registrations\" answer. Check the service key's or binding's url, --app-id and --tenant.", code: .notFound, status: 404)
            case .some(.whole(let value)):
                return PushSendAnswer(kind: .noRegistrations, httpStatus: status, message: message(value), usersNamedMissing: asked)
            case .some(.withResults):
                noRegistrationsWithResults = true
            }
        }
        // 422 (MessageErrorException): the request was refused as a whole, possibly with results.
        guard (200...299).contains(status) || status == 422 || noRegistrationsWithResults else { throw failure(response, doing: what) }
        let value = try json(response, doing: what)
        guard value.objectValue != nil else {
            throw HubError(.data, code: .malformedResponse, "The answer to \(what) is not a JSON object (HTTP \(status)).", status: status)
        }
        if case .array(let list)? = value["pushResults"] {
            var answer = PushSendAnswer(kind: .results, httpStatus: status, message: message(value))
            let askedSet = Set(asked)
            for item in list {
                guard item.objectValue != nil else {
                    throw HubError(.data, code: .malformedResponse, "An entry of pushResults is not an object.", status: status)
                }
                guard let code = BoundedNumber.integer(item["code"], clampedTo: -1_000_000...1_000_000) else {
                    throw HubError(.data, code: .malformedResponse, "An entry of pushResults has no completion code a number can hold.", status: status)
                }
                let target = text(item["target"])
                // A result whose target is one of the users asked (a device's target is its registration
                // id) and that did not go out: that user was not notified, whatever the code (2, 404, one
                // SAP does not list). SAP records no answer for users without a registration.
                if let target, askedSet.contains(target), PushCompletion(code: code).outcome == .failed {
                    answer.usersNamedMissing.append(target)
                    continue
                }
                answer.results.append(PushResultEntry(registrationId: target, notificationId: text(item["notificationId"]),
                                                      completion: PushCompletion(code: code), message: text(item["message"])))
            }
            if status == 422 && answer.results.isEmpty && answer.usersNamedMissing.isEmpty {
                throw HubError(.data, code: .invalidData, "Mobile Services refused the notification; nothing was sent\(detail(response)).", status: status)
            }
            return answer
        }
        if status == 422 { throw HubError(.data, code: .invalidData, "Mobile Services refused the notification; nothing was sent\(detail(response)).", status: status) }
        // `pushResults: null` with `status.code` 0 (and a correlation id): taken for asynchronous delivery.
        let code = BoundedNumber.integer(value["status"]?["code"], clampedTo: -1_000_000...1_000_000)
        let correlation = text(value["correlationId"])
        guard code == 0 || (code == nil && correlation != nil) else {
            throw HubError(.data, code: .malformedResponse,
                           "The answer to \(what) has neither pushResults nor an acceptance (status code \(code.map(String.init) ?? "none")): \(message(value) ?? "no message").",
                           status: status)
        }
        return PushSendAnswer(kind: .accepted, httpStatus: status, correlationId: correlation, message: message(value))
    }

    enum NoRegistrations { case whole(JSONValue), withResults }

    /// Whether a 404 is SAP's "nothing was sent" answer, as SAP's client tells it: the body reads as
    /// its push response (`DTOPushResponse`: `status` with only `code`, `message` and `parameters`,
    /// `parameters` null or an object of strings; `pushResults`; no other member: Jackson refuses
    /// unknown ones). Without results its status must be there (`PushRestTemplateResponseErrorHandler`
    /// reads `status.message`) with the recorded code 400 ("no registrations for given user names
    /// found"); one that lists results is the partial reading (users named as targets). Anything else
    /// is nil: an error.
    static func noRegistrations(_ response: HTTPResponse) -> NoRegistrations? {
        guard let value = try? JSONValue.read(response.body), case .object(let members) = value,
              Set(members.keys).isSubset(of: ["status", "pushResults"]) else { return nil }
        var code: Int?
        switch members["status"] {
        case nil, .null?: break
        case .object(let status)?:
            guard Set(status.keys).isSubset(of: ["code", "message", "parameters"]) else { return nil }
            switch status["parameters"] {
            case nil, .null?: break
            case .object(let p)? where p.values.allSatisfy({ $0.stringValue != nil || $0 == .null }): break
            default: return nil
            }
            code = BoundedNumber.integer(status["code"], clampedTo: -1_000_000...1_000_000)
        default: return nil
        }
        if case .array(let results)? = members["pushResults"], !results.isEmpty { return .withResults }
        guard code == 400 else { return nil }
        return .whole(value)
    }

    /// The service's message: `status.message`, or the fields of a validation error (a bare array
    /// of `{"field", "message"}`, or `status.parameters` as such a list).
    static func message(_ value: JSONValue) -> String? {
        func fields(_ list: [JSONValue]) -> String? {
            let parts = list.compactMap { p -> String? in
                guard let f = p["field"]?.stringValue else { return nil }
                return "\(f): \(p["message"]?.stringValue ?? "")"
            }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
        if case .array(let list) = value { return fields(list) }
        var text = value["status"]?["message"]?.stringValue
        if case .array(let parameters)? = value["status"]?["parameters"], let f = fields(parameters) {
            text = (text ?? "Validation failed") + " (" + f + ")"
        }
        while text?.hasSuffix(".") == true { text?.removeLast() }
        guard let text, !text.isEmpty else { return nil }
        return String(text.prefix(500))
    }

    static func detail(_ response: HTTPResponse) -> String {
        (try? JSONValue.read(response.body)).flatMap(message).map { ": \($0)" } ?? ""
    }

    /// A failed request as the error a user can act on.
    public static func failure(_ response: HTTPResponse, doing what: String) -> HubError {
        let detail = detail(response)
        switch response.status {
        case 401: return HubError(.permission, code: .authFailed, "Mobile Services refused the push credentials while \(what)\(detail). Check the service key or binding.", status: 401)
        case 403: return HubError(.permission, code: .forbidden, "Mobile Services refused \(what) (HTTP 403)\(detail). The API key or client lacks the role; add it to the service key in the cockpit.", status: 403)
        case 400: return HubError(.data, code: .invalidData, "Mobile Services refused the request while \(what)\(detail); nothing was sent.", status: 400)
        case 404: return HubError.noInput("Mobile Services found nothing while \(what)\(detail).", code: .notFound, status: 404)
        case 429: return HubError(.unavailable, code: .rateLimited, "Mobile Services limits the requests of these credentials (HTTP 429 while \(what))\(detail). Try again later.", status: 429)
        default: return SMPEndpoint.unexpected(response, doing: what)
        }
    }
}
