// The Mobile Services cockpit's Admin API (issue #42 item 7, docs/protocol.md §17), as SAP's open
// source code calls it [code], under /cockpit/v1/org/{org}/space/{space} (GUIDs, or the names):
//
//   GET    /apps                                   [{name, displayName, services[{name, parameters}],
//                                                  security{name, oauth_settings[…]}, apis[{type, url}]}]
//   GET    /app/{id}                               that object; 404 for an unknown application
//   DELETE /app/{id}                               204; the application, its instance and its keys go
//   POST   /app/{id}/restore                       no body → 200 text
//   GET|PUT /app/{id}/service/proxy              the proxy feature's destinations (ProxyServiceHandler)
//   POST   /app/{id}/service/{feature}/key         {"alias", "scopes"} → 200 {alias, url, apiKey};
//          + "credential-type": "x509", "x509": {"key-length" ≥ 2048, "validity", "validity-type": DAYS|MONTHS}
//          → 200 {alias, url, uaa: {clientid, certurl, url, certificate, key, credential-type: x509, …}}
//   GET    /services                               the services catalogue [{name, plans[{name}]}]:
//          the template's features (names [code]: SAP's MDK CLI's msapp.json as issue 50 quotes it),
//          plans [none] (`standard`; push also `premium`); `emptyCatalogue` answers []
//   POST   /app?async=true                         SAP's MDK CLI's body (deploy-ms.js 578-655 as issue
//          50 quotes it): name, displayName, security{name: oauth}, connection{backend_connection_timeout},
//          uris[…], mobileServices[{name, plan}] (each in the catalogue), device_support{android_device_appid,
//          ios_device_appid, app_type?} → 202, no body; the app then listed with services[{name}] and
//          its device_support; 409 when the id is taken, 400 naming the member that is wrong
//
// Authentication: `Authorization: bearer <token cf's UAA issued>` (an expired one: 401) or Basic
// user:password of a CF user. Switches (`PUT /_emulator/cf/settings`): `csrf` — a POST, PUT or DELETE
// without the token of its session gets 403 with `X-CSRF-Token: Required`; a GET with
// `X-CSRF-Token: Fetch` answers a new token in that header and the session in a cookie; `loginPage`
// — every request gets a 200 HTML login page with `com.sap.cloud.security.login: login-request`, as
// an approuter whose session is gone (`loginPageType` another Content-Type); `loginRedirect` — every
// request gets a 302 to that URL, as to an identity provider; `failDelete`
// (application ids) → 500 to their DELETE; `failRestore` → 500 to every restore; `failMessage` is their message text, `failStatus` their status.
//
// Push keys work: an API key's scopes (push_single, push_multiple, push_all,
// pushregistrations_read) become its roles at the push backend, for the application; an X.509
// key's client asks its token at `certurl` with the certificate (the TLS front forwards its CN).

import COpenSSL
import Foundation
import HTTPTypes
import Hummingbird

struct CockpitAdminHandler: Sendable {
    let state: EmulatorState
    var cf: CloudFoundryState { state.cloudFoundry }
    static let sessionCookie = "JSESSIONID"
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    static let pushScopes: Set<String> = ["push_single", "push_multiple", "push_all", "pushregistrations_read"]

    /// `/cockpit/v1/org/{org}/space/{space}/` + `rest`.
    func respond(to request: Request, org: String, space: String, rest: [String]) async -> Response {
        let settings = cf.settings
        if let refused = refusal(request, org: org, space: space, csrfMethods: [.post, .put, .delete]) { return refused }
        var fetched: (cookie: String, token: String)?
        if request.headers[Self.csrfHeader]?.lowercased() == "fetch" { fetched = cf.newCSRFSession() }
        let addresses = CFAddresses(request)
        var response: Response
        switch (request.method, rest.count, rest.first ?? "") {
        case (.get, 1, "apps"): response = json(.ok, .array(cf.apps.map { Self.appValue($0, addresses) }))
        case (.get, 1, "services"): response = json(.ok, settings.emptyCatalogue ? .array([]) : Self.catalogue)
        case (.post, 1, "app"): response = await createApp(request)
        case (.get, 2, "app"): response = cf.app(rest[1]).map { json(.ok, Self.appValue($0, addresses)) } ?? unknownApp(rest[1])
        case (.delete, 2, "app"):
            if settings.failDelete.contains(rest[1]) { response = error(.init(code: settings.failStatus), settings.failMessage ?? "Deleting \(rest[1]) failed (a test asked for it).") }
            else if cf.app(rest[1]) == nil { response = unknownApp(rest[1]) }
            else {
                state.deleteCockpitApp(rest[1])
                response = Response(status: .noContent)
            }
        case (.post, 3, "app") where rest[2] == "restore":
            if cf.app(rest[1]) == nil { response = unknownApp(rest[1]) }
            else if settings.failRestore { response = error(.init(code: settings.failStatus), settings.failMessage ?? "Restoring \(rest[1]) failed (a test asked for it).") }
            else {
                _ = cf.noteApp(rest[1]) { $0.restores += 1 }
                response = Answers.text(.ok, "Application \(rest[1]) restored.", contentType: "text/plain; charset=utf-8")
            }
        case (.post, 5, "app") where rest[2] == "service" && rest[4] == "key":
            response = await createKey(request, appId: rest[1], feature: rest[3], addresses)
        case (.get, 4, "app") where rest[2] == "service" && rest[3] == ProxyServiceHandler.feature,
             (.put, 4, "app") where rest[2] == "service" && rest[3] == ProxyServiceHandler.feature:
            response = await ProxyServiceHandler(cf: cf).respond(to: request, appId: rest[1])
        default: response = error(.notFound, "No resource at \(request.uri.path).")
        }
        if let fetched {
            response.headers[Self.csrfHeader] = fetched.token
            response.headers[.setCookie] = "\(Self.sessionCookie)=\(fetched.cookie); Path=/; HttpOnly"
        }
        return response
    }

    /// What the Admin API answers before it reads the path, nil to go on: the login redirect or
    /// page switches, an unknown org or space (404), missing or wrong credentials (401), a request
    /// of `csrfMethods` without its session's CSRF token while `csrf` is on (403).
    func refusal(_ request: Request, org: String, space: String, csrfMethods: Set<HTTPRequest.Method>) -> Response? {
        let settings = cf.settings
        if let target = settings.loginRedirect {
            var r = Response(status: .found)
            r.headers[.location] = target
            return r
        }
        if settings.loginPage { return Self.loginPage(contentType: settings.loginPageType) }
        guard [CloudFoundryState.orgGuid, CloudFoundryState.orgName].contains(org),
              [CloudFoundryState.spaceGuid, CloudFoundryState.spaceName].contains(space) else {
            return error(.notFound, "No organization and space \(org)/\(space).")
        }
        guard case .valid = authenticate(request) else {
            var r = error(.unauthorized, "Unauthorized")
            r.headers[.wwwAuthenticate] = "Bearer realm=\"Mobile Services cockpit\""
            return r
        }
        if settings.csrf, csrfMethods.contains(request.method),
           !cf.csrfValid(cookie: request.cookies[Self.sessionCookie]?.value, token: request.headers[Self.csrfHeader]) {
            var r = error(.forbidden, "CSRF token validation failed")
            r.headers[Self.csrfHeader] = "Required"
            return r
        }
        return nil
    }

    /// A bearer token cf's UAA issued, or Basic user:password of a CF user.
    func authenticate(_ request: Request) -> CloudFoundryState.TokenCheck {
        if let (user, password) = request.basicCredentials {
            return cf.user(user, password: password, origin: nil) != nil ? .valid(user) : .unknown
        }
        return CloudFoundryHandler(state: state).bearer(request)
    }

    /// The login page an approuter whose session is gone answers: 200 with the header
    /// `com.sap.cloud.security.login: login-request`, by which SAP's MDK CLI tells it from data
    /// whatever its Content-Type (`@sap/mdk-tools` `lib/deployer/deploy-ms.js` 914-928, [code]).
    static let loginHeader = HTTPField.Name("com.sap.cloud.security.login")!

    static func loginPage(contentType: String? = nil) -> Response {
        var r = Answers.text(.ok, """
            <!DOCTYPE html><html><head><title>Log On</title></head><body>\
            <form method="post" action="/login.do"><input name="username"><input name="password" type="password">\
            <button>Log On</button></form></body></html>
            """, contentType: contentType ?? "text/html; charset=utf-8")
        r.headers[loginHeader] = "login-request"
        return r
    }

    /// The application as the Admin API lists it (MCP `src/mobile-services-client.ts` 6-26).
    static func appValue(_ app: CockpitApp, _ a: CFAddresses) -> ODataValue {
        .object([
            ("name", .string(app.id)), ("displayName", .string(app.displayName)),
            ("services", .array(app.features.map { $0 == ProxyServiceHandler.feature ? ProxyServiceHandler.service(app) : .object([("name", .string($0))]) })),
            ("security", .object([("name", .string("oauth")), ("oauth_settings", .array([.object([
                ("client_id", .string(Self.derivedId(app.id))), ("redirect_url", .string(a.root + "/oauth2/endpoint")),
            ])]))])),
            ("apis", .array([.object([("type", .string("server")), ("url", .string(a.root))])])),
        ] + (app.deviceSupport.map { [("device_support", $0)] } ?? []))
    }

    /// The identity zone members of an XSUAA `uaa` object (`Tests/Fixtures/sap/admin/feature-key-x509.json`).
    static func zone(_ appId: String) -> [(String, ODataValue)] {
        [("identityzone", .string("emulator")), ("identityzoneid", .string(CloudFoundryState.orgGuid)),
         ("tenantid", .string(CloudFoundryState.orgGuid)), ("tenantmode", .string("dedicated")),
         ("xsappname", .string(appId + "!emulator")), ("subaccountid", .string(CloudFoundryState.orgGuid)),
         ("uaadomain", .string("localhost")), ("zoneid", .string(CloudFoundryState.orgGuid))]
    }

    /// A feature key's `url`: the server with a path after the host, as SAP's keys have
    /// (`Tests/Fixtures/sap/admin/feature-key-api-key.json`); the push API answers under any path.
    static func serviceURL(_ appId: String, _ a: CFAddresses) -> String { a.root + "/" + derivedId(appId) }

    /// A stable client id of an application's OAuth settings.
    static func derivedId(_ appId: String) -> String {
        "emulator-" + String(UInt32(truncatingIfNeeded: appId.utf8.reduce(UInt64(5381)) { ($0 << 5) &+ $0 &+ UInt64($1) }), radix: 16)
    }

    /// The services catalogue: the MDK template's features (`appcatalog`, `app-update`,
    /// `client-log-upload`, `cbms`, `proxy`, `offline`, `push`, `storage`) with plans of the
    /// emulator's naming (no source shows one).
    static let catalogue: ODataValue = .array(
        ["appcatalog", "app-update", "client-log-upload", "cbms", "proxy", "offline", "push", "storage"].map { name in
            let plans = name == "push" ? ["standard", "premium"] : ["standard"]
            return .object([("name", .string(name)), ("plans", .array(plans.map { .object([("name", .string($0))]) }))])
        })

    /// `POST /app?async=true` in SAP's MDK CLI's body: every member checked, 202 without a body.
    private func createApp(_ request: Request) async -> Response {
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body else {
            return error(.badRequest, "The body must be a JSON object {name, displayName, security, connection, uris, mobileServices, device_support}.")
        }
        guard let id = PushBackendHandler.string(body["name"]), !id.isEmpty else { return error(.badRequest, "name must be a non-empty string.") }
        guard let displayName = PushBackendHandler.string(body["displayName"]), !displayName.isEmpty else {
            return error(.badRequest, "displayName must be a non-empty string.")
        }
        guard PushBackendHandler.string(body["security"]?["name"]) == "oauth" else { return error(.badRequest, "security must be {\"name\": \"oauth\"}.") }
        guard let timeout = PushBackendHandler.int(body["connection"]?["backend_connection_timeout"]), timeout > 0 else {
            return error(.badRequest, "connection.backend_connection_timeout must be a positive number.")
        }
        guard case .array(let uris)? = body["uris"], !uris.isEmpty,
              uris.allSatisfy({ PushBackendHandler.string($0)?.hasPrefix("https://") == true }) else {
            return error(.badRequest, "uris must be a non-empty list of https URLs.")
        }
        guard case .array(let wanted)? = body["mobileServices"] else { return error(.badRequest, "mobileServices must be a list of {name, plan}.") }
        var features: [String] = []
        for service in wanted {
            guard let name = PushBackendHandler.string(service["name"]), let plan = PushBackendHandler.string(service["plan"]) else {
                return error(.badRequest, "Each of mobileServices must be {name, plan}.")
            }
            guard case .array(let known) = Self.catalogue,
                  let entry = known.first(where: { PushBackendHandler.string($0["name"]) == name }) else {
                return error(.badRequest, "Unknown service \(name).")
            }
            guard PushBackendHandler.objects(entry["plans"]).contains(where: { PushBackendHandler.string($0["name"]) == plan }) else {
                return error(.badRequest, "Unknown plan \(plan) of \(name).")
            }
            guard !features.contains(name) else { return error(.badRequest, "Service \(name) is given twice.") }
            features.append(name)
        }
        let device = body["device_support"]
        guard case .object? = device, PushBackendHandler.string(device?["android_device_appid"]) != nil,
              PushBackendHandler.string(device?["ios_device_appid"]) != nil,
              device?["app_type"] == nil || PushBackendHandler.string(device?["app_type"]) != nil else {
            return error(.badRequest, "device_support must be {android_device_appid, ios_device_appid, app_type?}.")
        }
        let app = CockpitApp(id: id, displayName: displayName, features: features, deviceSupport: device)
        guard state.createCockpitApp(app) else { return error(.conflict, "Application \(id) exists.") }
        return Response(status: .accepted)
    }

    // MARK: Feature keys

    private func createKey(_ request: Request, appId: String, feature: String, _ addresses: CFAddresses) async -> Response {
        guard let app = cf.app(appId) else { return unknownApp(appId) }
        guard app.features.contains(feature) else { return error(.notFound, "Feature \(feature) is not assigned to \(appId).") }
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body,
              let alias = PushBackendHandler.string(body["alias"]), !alias.isEmpty else {
            return error(.badRequest, "The body must be {\"alias\", \"scopes\"}.")
        }
        let scopes = PushBackendHandler.strings(body["scopes"])
        if feature == "push", let bad = scopes.first(where: { !Self.pushScopes.contains($0) }) {
            return error(.badRequest, "Unknown scope \(bad) for push.")
        }
        let roles = Set(scopes)
        _ = cf.noteApp(appId) { $0.keysIssued += 1 }
        guard PushBackendHandler.string(body["credential-type"]) == "x509" else {
            let key = "emulator-" + UUID().uuidString.lowercased()
            if feature == "push" { state.pushBackend.add(key: PushAPIKey(key: key, alias: alias, roles: roles, appId: appId)) }
            return json(.ok, .object([("alias", .string(alias)), ("url", .string(Self.serviceURL(appId, addresses))), ("apiKey", .string(key))]))
        }
        let x509 = body["x509"]
        let bits = PushBackendHandler.int(x509?["key-length"]) ?? 2048
        let validity = PushBackendHandler.int(x509?["validity"]) ?? 1
        let validityType = PushBackendHandler.string(x509?["validity-type"]) ?? "DAYS"
        guard bits >= 2048, bits <= 4096 else { return error(.badRequest, "key-length must be 2048 to 4096.") }
        guard validity > 0, ["DAYS", "MONTHS"].contains(validityType) else {
            return error(.badRequest, "validity must be positive and validity-type DAYS or MONTHS.")
        }
        let clientId = "sb-" + appId + "-" + alias + "-" + String(UUID().uuidString.prefix(8)).lowercased()
        guard let pair = X509Issuer.selfSigned(commonName: clientId, bits: bits,
                                               days: validityType == "DAYS" ? validity : validity * 30) else {
            return error(.internalServerError, "The emulator could not make a certificate.")
        }
        if feature == "push" {
            state.pushBackend.add(client: PushClient(clientId: clientId, clientSecret: nil, roles: roles, appId: appId, certificateCN: clientId))
        }
        return json(.ok, .object([
            ("alias", .string(alias)), ("url", .string(Self.serviceURL(appId, addresses))),
            ("uaa", .object([
                ("clientid", .string(clientId)), ("url", .string(addresses.root)), ("certurl", .string(addresses.root)),
            ] + Self.zone(appId) + [
                ("credential-type", .string("x509")), ("certificate", .string(pair.certificate)), ("key", .string(pair.key)),
            ])),
        ]))
    }

    // MARK: Answers

    private func unknownApp(_ id: String) -> Response { error(.notFound, "Application \(id) does not exist.") }

    private func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response { Answers.json(status, value) }

    func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(status, .object([("error", .object([("code", .string(String(status.code))), ("message", .string(message))]))]))
    }
}

/// How a created application becomes an application of the emulator, and how it goes.
extension EmulatorState {
    /// Adds an instance and (`withApp`) its application (features from the instance's `services`
    /// parameter, default `push`).
    func createCockpitApp(instance: CFInstance, withApp: Bool = true) throws(CloudFoundryState.Refusal) {
        let features = PushBackendHandler.objects(instance.parameters["services"]).compactMap { PushBackendHandler.string($0["name"]) }
        let app = CockpitApp(id: instance.name, displayName: PushBackendHandler.string(instance.parameters["displayName"]) ?? instance.name,
                             features: features.isEmpty ? ["push"] : features)
        guard withApp else { return try cloudFoundry.addInstance(instance, app: nil) }
        guard cloudFoundry.app(app.id) == nil else { throw .nameTaken }
        try cloudFoundry.addInstance(instance, app: app)
        addEmulatorApplication(app.id)
    }

    /// Adds an application without an instance; false when the id is taken.
    func createCockpitApp(_ app: CockpitApp) -> Bool {
        guard cloudFoundry.instance(named: app.id) == nil, cloudFoundry.addApp(app) else { return false }
        addEmulatorApplication(app.id)
        return true
    }

    /// Devices register with the CF users' passwords.
    private func addEmulatorApplication(_ id: String) {
        var users: [String: String] = [:]
        for user in cloudFoundry.users { if let p = user.password { users[user.username] = p } }
        _ = addApplication(EmulatorConfiguration.Application(id: id, users: users))
    }

    /// Removes an application, its instance and keys, its registrations and its push credentials.
    func deleteCockpitApp(_ id: String) {
        cloudFoundry.removeApp(id)
        appUpdate.removeApp(id)
        removeApplication(id)
        pushBackend.removeCredentials(appId: id)
    }

    /// A CF key's credentials (the shape of a `mobile-services` binding): `url`, `sap.cloud.service`
    /// = the application id, and an XSUAA client (`uaa`) that may send push to the application.
    func issueCFKeyCredentials(appId: String, keyName: String, addresses: CFAddresses) -> (value: ODataValue, clientId: String) {
        let clientId = "sb-\(appId)-\(keyName)-" + String(UUID().uuidString.prefix(8)).lowercased()
        let secret = UUID().uuidString.lowercased()
        pushBackend.add(client: PushClient(clientId: clientId, clientSecret: secret, roles: PushBackendState.allRoles, appId: appId))
        let value = ODataValue.object([
            ("url", .string(addresses.root)),
            ("endpoints", .object([("mobileservices", .object([("url", .string(addresses.root)), ("timeout", .int(60000))]))])),
            ("sap.cloud.service", .string(appId)),
            ("saasregistryenabled", .bool(false)),
            ("uaa", .object([
                ("clientid", .string(clientId)), ("clientsecret", .string(secret)), ("url", .string(addresses.root)),
                ("sburl", .string(addresses.root)), ("apiurl", .string(addresses.root)),
                ("verificationkey", .string("the emulator does not sign tokens")),
            ] + CockpitAdminHandler.zone(appId) + [("credential-type", .string("binding-secret"))])),
        ])
        return (value, clientId)
    }
}

/// Self-signed certificates for X.509 feature keys.
enum X509Issuer {
    /// An RSA key of `bits` and a certificate for `commonName` valid `days`, both PEM; nil when OpenSSL fails.
    static func selfSigned(commonName: String, bits: Int, days: Int) -> (certificate: String, key: String)? {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        var generated: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) == 1,
              EVP_PKEY_keygen(context, &generated) == 1, let pkey = generated else { return nil }
        defer { EVP_PKEY_free(pkey) }
        guard let cert = X509_new() else { return nil }
        defer { X509_free(cert) }
        X509_set_version(cert, 2)
        ASN1_INTEGER_set(X509_get_serialNumber(cert), Int(UInt32.random(in: 1...UInt32.max) >> 1))
        X509_gmtime_adj(X509_getm_notBefore(cert), 0)
        X509_gmtime_adj(X509_getm_notAfter(cert), days * 86_400)
        let name = X509_get_subject_name(cert)
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, commonName, -1, -1, 0)
        X509_set_issuer_name(cert, name)
        X509_set_pubkey(cert, pkey)
        guard X509_sign(cert, pkey, EVP_sha256()) > 0 else { return nil }
        func pem(_ write: (OpaquePointer?) -> Int32) -> String? {
            guard let bio = BIO_new(BIO_s_mem()) else { return nil }
            defer { BIO_free(bio) }
            guard write(bio) == 1 else { return nil }
            var pointer: UnsafeMutablePointer<CChar>?
            let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
            guard let pointer, length > 0 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
        }
        guard let certificate = pem({ PEM_write_bio_X509($0, cert) }),
              let key = pem({ PEM_write_bio_PrivateKey($0, pkey, nil, nil, 0, nil, nil) }) else { return nil }
        return (certificate, key)
    }
}
