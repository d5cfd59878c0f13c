// The control API of the Cloud Foundry world (issue #42; docs/protocol.md §17), for tests:
//
//   GET  /_emulator/cf            {"api", "authorizationEndpoint", "adminAPI", "org": {"name", "guid"},
//                                 "space": {"name", "guid"}, "user": {"username"},
//                                 "apps": [{"id", "restores", "keysIssued", "proxyWrites"}]}
//   PUT  /_emulator/cf/settings   {"csrf", "loginPage", "tokenLifetime": s, "provisionSeconds": s,
//                                 "failDelete": [appId…], "failProvision": [name…], "failRestore",
//                                 "failMessage": text of those failures (null: the default),
//                                 "failStatus": their HTTP status (400 to 599, default 500),
//                                 "pageSize", "routeUrl", "tokenAnswer": {member: value|null} (cf's UAA
//                                 answers with those members replaced: a hostile UAA; {}: none),
//                                 "loginPageType" (the login page's Content-Type, default text/html),
//                                 "loginRedirect": URL (every Admin API request: 302 there),
//                                 "padInstanceBytes": n, "jobGuid": id|null, "raceCreate": [name…],
//                                 "emptyCatalogue" (the Admin API's GET /services answers []),
//                                 "users": [{"username", "password", "origin"?}], "clients": [{"id", "secret"}]}
//                                 (each optional) → the settings. Faults of issue 48: padInstanceBytes
//                                 pads every listed instance with a `padding` member of about n bytes;
//                                 jobGuid is the id of every new job (its Location ends with it);
//                                 raceCreate: the next create first makes these instances (labelled
//                                 managed-by=hubctl, with apps), as a concurrent run would
//   POST /_emulator/cf/token      {"expiresIn": s (may be negative)} → {"access_token", "refresh_token"}
//                                 of the default user, for a test's cf config.json
//   POST /_emulator/cf/instances  {"name", "labels"?: {}, "createdAt"?: ISO-8601, "withApp"?: true,
//                                 "features"?: [...], "routeUrl"?, "guid"?, "offering"?, "plan"?,
//                                 "dashboardUrl"?: url|null} → the instance, ready, with that age;
//                                 of another offering's plan (made on first use, no app) with
//                                 "offering" (and "plan", default "default"); its dashboard_url as given
//   POST /_emulator/cf/apps       {"id", "displayName"?, "features"?} → an application without an instance

import Foundation
import Hummingbird

struct CloudFoundryControl: Sendable {
    let state: EmulatorState
    var cf: CloudFoundryState { state.cloudFoundry }

    /// The Cloud Foundry world's control rows (ControlRoutes.table).
    static let routes: [ControlRoute] = [
        ControlRoute(.get, "cf", .cloudFoundry, "the addresses, org, space, user and apps") { call in
            CloudFoundryControl(state: call.state).info(CFAddresses(call.request))
        },
        ControlRoute(.put, "cf/settings", .cloudFoundry, "the world's settings and faults") { call in
            try await CloudFoundryControl(state: call.state).settings(call.request)
        },
        ControlRoute(.post, "cf/token", .cloudFoundry, "tokens of the default user, for cf's config") { call in
            try await CloudFoundryControl(state: call.state).token(call.request)
        },
        ControlRoute(.post, "cf/instances", .cloudFoundry, "a ready instance, with its app or not") { call in
            try await CloudFoundryControl(state: call.state).instance(call.request)
        },
        ControlRoute(.post, "cf/apps", .cloudFoundry, "an application without an instance") { call in
            try await CloudFoundryControl(state: call.state).app(call.request)
        },
    ]

    private func info(_ a: CFAddresses) -> Response {
        json(.ok, .object([
            ("api", .string(a.root)), ("authorizationEndpoint", .string(a.authorizationEndpoint)), ("adminAPI", .string(a.adminAPI)),
            ("org", .object([("name", .string(CloudFoundryState.orgName)), ("guid", .string(CloudFoundryState.orgGuid))])),
            ("space", .object([("name", .string(CloudFoundryState.spaceName)), ("guid", .string(CloudFoundryState.spaceGuid))])),
            ("user", .object([("username", .string(CloudFoundryState.defaultUser))])),
            ("apps", .array(cf.apps.map { .object([("id", .string($0.id)), ("restores", .int($0.restores)), ("keysIssued", .int($0.keysIssued)),
                                                     ("proxyWrites", .int($0.proxyWrites))]) })),
        ]))
    }

    private func settings(_ request: Request) async throws -> Response {
        let body = try await object(request)
        func flag(_ key: String) throws -> Bool? {
            guard let v = body[key], v != .null else { return nil }
            guard case .bool(let b) = v else { throw HTTPError(.badRequest, message: "\(key) must be true or false.") }
            return b
        }
        func number(_ key: String) throws -> Double? {
            switch body[key] {
            case nil, .null?: return nil
            case .int(let n)?: return Double(n)
            case .double(let d)?: return d
            default: throw HTTPError(.badRequest, message: "\(key) must be a number.")
            }
        }
        let csrf = try flag("csrf"), loginPage = try flag("loginPage"), failRestore = try flag("failRestore"), emptyCatalogue = try flag("emptyCatalogue")
        let lifetime = try number("tokenLifetime"), provision = try number("provisionSeconds"), pageSize = try number("pageSize")
        let pad = try number("padInstanceBytes")
        if let pad, pad < 0 || pad > 64_000_000 { throw HTTPError(.badRequest, message: "padInstanceBytes must be 0 to 64000000.") }
        if let pageSize, pageSize < 1 { throw HTTPError(.badRequest, message: "pageSize must be at least 1.") }
        let failStatus = try number("failStatus")
        if let failStatus, !(400...599).contains(failStatus) { throw HTTPError(.badRequest, message: "failStatus must be an HTTP status from 400 to 599.") }
        if let provision, provision < 0 { throw HTTPError(.badRequest, message: "provisionSeconds cannot be negative.") }
        var users: [CFUser] = []
        for o in PushBackendHandler.objects(body["users"]) {
            guard let name = PushBackendHandler.string(o["username"]), let password = PushBackendHandler.string(o["password"]) else {
                throw HTTPError(.badRequest, message: "Each user needs username and password.")
            }
            users.append(CFUser(username: name, password: password, origin: PushBackendHandler.string(o["origin"]) ?? "uaa"))
        }
        // tokenAnswer: an object of members for every successful UAA answer ({} or null: none).
        var tokenAnswer: Data??
        switch body["tokenAnswer"] {
        case nil: tokenAnswer = nil
        case .null?: tokenAnswer = .some(nil)
        case .object(let members)?: tokenAnswer = .some(members.isEmpty ? nil : Data(ODataJSON.write(.object(members)).utf8))
        default: throw HTTPError(.badRequest, message: "tokenAnswer must be a JSON object of token answer members (or null).")
        }
        func text(_ key: String) throws -> String?? {
            switch body[key] {
            case nil: return nil
            case .null?: return .some(nil)
            case .string(let v)?: return .some(v)
            default: throw HTTPError(.badRequest, message: "\(key) must be a string (or null).")
            }
        }
        let loginPageType = try text("loginPageType"), loginRedirect = try text("loginRedirect")
        var clients: [(String, String)] = []
        for o in PushBackendHandler.objects(body["clients"]) {
            guard let id = PushBackendHandler.string(o["id"]), let secret = PushBackendHandler.string(o["secret"]) else {
                throw HTTPError(.badRequest, message: "Each client needs id and secret.")
            }
            clients.append((id, secret))
        }
        cf.update { s in
            if let csrf { s.csrf = csrf }
            if let loginPage { s.loginPage = loginPage }
            if let failRestore { s.failRestore = failRestore }
            if let emptyCatalogue { s.emptyCatalogue = emptyCatalogue }
            if let failStatus { s.failStatus = Int(failStatus) }
            if let lifetime { s.tokenLifetime = Int(lifetime) }
            if let provision { s.provisionSeconds = provision }
            if let pageSize { s.pageSize = Int(pageSize) }
            if body["failDelete"] != nil { s.failDelete = Set(PushBackendHandler.strings(body["failDelete"])) }
            if body["failProvision"] != nil { s.failProvision = Set(PushBackendHandler.strings(body["failProvision"])) }
            if case .string(let url)? = body["routeUrl"] { s.routeURL = url } else if body["routeUrl"] == .null { s.routeURL = nil }
            if case .string(let text)? = body["failMessage"] { s.failMessage = text } else if body["failMessage"] == .null { s.failMessage = nil }
            if let tokenAnswer { s.tokenAnswer = tokenAnswer }
            if let loginPageType { s.loginPageType = loginPageType }
            if let loginRedirect { s.loginRedirect = loginRedirect }
            if let pad { s.padInstanceBytes = Int(pad) }
            if case .string(let id)? = body["jobGuid"] { s.jobGuid = id } else if body["jobGuid"] == .null { s.jobGuid = nil }
            if body["raceCreate"] != nil { s.raceCreate = PushBackendHandler.strings(body["raceCreate"]) }
        }
        cf.setUsers(users)
        cf.setClients(clients)
        // Created applications take the users' new passwords too.
        for app in cf.apps { for user in users { _ = state.setUser(appId: app.id, user: user.username, password: user.password ?? "") } }
        let s = cf.settings
        return json(.ok, .object([
            ("csrf", .bool(s.csrf)), ("loginPage", .bool(s.loginPage)), ("tokenLifetime", .int(s.tokenLifetime)),
            ("provisionSeconds", .double(s.provisionSeconds)), ("failDelete", .array(s.failDelete.sorted().map(ODataValue.string))),
            ("failProvision", .array(s.failProvision.sorted().map(ODataValue.string))),
            ("failRestore", .bool(s.failRestore)), ("failMessage", s.failMessage.map(ODataValue.string) ?? .null), ("failStatus", .int(s.failStatus)), ("pageSize", .int(s.pageSize)), ("routeUrl", s.routeURL.map(ODataValue.string) ?? .null),
            ("tokenAnswer", s.tokenAnswer.flatMap { try? ODataValue.parseJSON($0) } ?? .null),
            ("loginPageType", s.loginPageType.map(ODataValue.string) ?? .null),
            ("loginRedirect", s.loginRedirect.map(ODataValue.string) ?? .null),
            ("padInstanceBytes", .int(s.padInstanceBytes)), ("jobGuid", s.jobGuid.map(ODataValue.string) ?? .null),
            ("raceCreate", .array(s.raceCreate.map(ODataValue.string))), ("emptyCatalogue", .bool(s.emptyCatalogue)),
            ("users", .array(cf.users.map { .object([("username", .string($0.username)), ("origin", .string($0.origin))]) })),
        ]))
    }

    private func token(_ request: Request) async throws -> Response {
        let body = try await object(request)
        guard case .int(let seconds)? = body["expiresIn"] else { throw HTTPError(.badRequest, message: "expiresIn must be an integer (seconds).") }
        let issued = cf.issueTokens(subject: CloudFoundryState.defaultUser, origin: "uaa", clientId: CloudFoundryUAAHandler.cfClient,
                                    lifetime: seconds, issuer: CFAddresses(request).authorizationEndpoint + "/oauth/token")
        return json(.ok, .object([("access_token", .string(issued.access)), ("refresh_token", .string(issued.refresh))]))
    }

    private func instance(_ request: Request) async throws -> Response {
        let body = try await object(request)
        guard let name = PushBackendHandler.string(body["name"]), !name.isEmpty else {
            throw HTTPError(.badRequest, message: "name is required and must be a non-empty string.")
        }
        var labels: [(String, String)] = []
        if case .object(let members)? = body["labels"] {
            for (key, value) in members {
                guard case .string(let v) = value else { throw HTTPError(.badRequest, message: "Label values must be strings.") }
                labels.append((key, v))
            }
        }
        var created = Date()
        if let text = PushBackendHandler.string(body["createdAt"]) {
            guard let millis = UTCTime.millis(fromISO: text) else { throw HTTPError(.badRequest, message: "createdAt must be ISO 8601.") }
            created = Date(timeIntervalSince1970: Double(millis) / 1000)
        }
        var withApp = true
        if case .bool(let b)? = body["withApp"] { withApp = b }
        let features = body["features"].map(PushBackendHandler.strings) ?? ["push"]
        var instance = CFInstance(guid: PushBackendHandler.string(body["guid"]) ?? CloudFoundryState.guid(), name: name, createdAt: created,
                                  readyAt: min(created, Date()), labels: labels, tags: [], parameters: .object([
                                      ("name", .string(name)), ("displayName", .string(name)),
                                      ("services", .array(features.map { .object([("name", .string($0))]) })),
                                  ]), routeURL: PushBackendHandler.string(body["routeUrl"]))
        if let offering = PushBackendHandler.string(body["offering"]), offering != CloudFoundryState.offeringName {
            instance.planGuid = cf.otherPlan(offering: offering, plan: PushBackendHandler.string(body["plan"]) ?? "default").guid
            instance.dashboard = .none
            withApp = false
        }
        switch body["dashboardUrl"] {
        case .string(let url)?: instance.dashboard = .url(url)
        case .null?: instance.dashboard = .none
        default: break
        }
        do { try state.createCockpitApp(instance: instance, withApp: withApp) } catch {
            throw HTTPError(.conflict, message: "An instance or application named \(name) exists.")
        }
        return json(.created, CloudFoundryHandler.instance(instance, CFAddresses(request)))
    }

    private func app(_ request: Request) async throws -> Response {
        let body = try await object(request)
        guard let id = PushBackendHandler.string(body["id"]), !id.isEmpty else {
            throw HTTPError(.badRequest, message: "id is required and must be a non-empty string.")
        }
        let app = CockpitApp(id: id, displayName: PushBackendHandler.string(body["displayName"]) ?? id,
                             features: body["features"].map(PushBackendHandler.strings) ?? ["push"])
        guard state.createCockpitApp(app) else { throw HTTPError(.conflict, message: "An instance or application named \(id) exists.") }
        return json(.created, CockpitAdminHandler.appValue(app, CFAddresses(request)))
    }

    private func object(_ request: Request) async throws -> ODataValue { try await request.jsonObjectBody() }

    private func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response { Answers.json(status, value) }
}
