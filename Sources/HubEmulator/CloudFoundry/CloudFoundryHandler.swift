// A minimal Cloud Foundry v3 API (issue #42 item 7, docs/protocol.md §17), what hubctl's `app`
// commands use, in the shapes of the CF v3 API documentation (v3-apidocs.cloudfoundry.org):
//
//   GET    /                                   the API root: links.login and links.uaa name cf's UAA (no token)
//   GET    /v3/organizations?names=            GET /v3/spaces?names=&organization_guids=
//   GET    /v3/service_offerings?names=        (broker_catalog.metadata.supportUrl: the cockpit's -web host)
//   GET    /v3/service_plans?names=&service_offering_guids=
//   POST   /v3/service_instances               managed: 202 + Location of a job; the instance's
//                                              last_operation is `in progress` for `provisionSeconds`
//   GET    /v3/service_instances[?names=&space_guids=&label_selector=&page=&per_page=]   paginated
//   GET    /v3/service_instances/{guid}        DELETE … → 202 job (422 while it has keys)
//   POST   /v3/service_credential_bindings     type key: 202 job;  GET …?names=&service_instance_guids=&type=key
//   GET    /v3/service_credential_bindings/{guid}[/details]   DELETE … → 202 job
//   GET    /v3/service_route_bindings?service_instance_guids=&include=route
//   GET    /v3/jobs/{guid}                     PROCESSING | POLLING | COMPLETE | FAILED
//
// Every route needs a bearer token cf's UAA (/cf-uaa) issued: 401 CF-InvalidAuthToken otherwise.
// Lists hold `defaultPageSize` resources a page unless the client asks for fewer, so a client must
// follow `pagination.next.href`. Errors are `{"errors": [{"code", "title", "detail"}]}`.

import Foundation
import HTTPTypes
import Hummingbird

/// The emulator's addresses as a request reached it: the CF API root (also the push API and the
/// token endpoint of its keys) and the cockpit's two host names, which resolve to loopback
/// (`*.localhost`) so a client's `-web` → `-api` derivation reaches the same server.
struct CFAddresses {
    let root: String
    let port: String

    init(_ request: Request) {
        let authority = request.head.authority ?? "127.0.0.1"
        var host = authority, port = ""
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            host = String(authority[..<colon])
            port = String(authority[authority.index(after: colon)...])
        }
        if host.hasSuffix(".localhost") { host = "127.0.0.1" }
        self.port = port
        self.root = "http://" + host + (port.isEmpty ? "" : ":" + port)
    }

    var authorizationEndpoint: String { root + "/cf-uaa" }
    var cockpitWeb: String { "http://mobile-service-cockpit-web.localhost" + (port.isEmpty ? "" : ":" + port) }
    var cockpitAPI: String { "http://mobile-service-cockpit-api.localhost" + (port.isEmpty ? "" : ":" + port) }
    var spacePath: String { "/cockpit/v1/org/\(CloudFoundryState.orgGuid)/space/\(CloudFoundryState.spaceGuid)" }
    var adminAPI: String { cockpitAPI + spacePath }

    func dashboard(appId: String) -> String { cockpitWeb + spacePath + "/index.html#/apps/\(appId)" }
}

struct CloudFoundryHandler: Sendable {
    let state: EmulatorState
    var cf: CloudFoundryState { state.cloudFoundry }

    /// The global API root (`GET /`, no authentication): its `links.login` names cf's UAA, as
    /// `cf api` and clients without a cf config read it.
    func root(_ request: Request) -> Response { json(.ok, Self.root(CFAddresses(request))) }

    /// `/v3/` + `rest`: every address needs a token cf's UAA issued.
    func api(_ request: Request, rest: [String]) async -> Response {
        let addresses = CFAddresses(request)
        switch bearer(request) {
        case .valid: break
        case .expired: return Self.error(.unauthorized, 1000, "CF-InvalidAuthToken", "Invalid Auth Token")
        case .unknown where request.headers[.authorization] == nil:
            return Self.error(.unauthorized, 10002, "CF-NotAuthenticated", "Authentication error")
        case .unknown: return Self.error(.unauthorized, 1000, "CF-InvalidAuthToken", "Invalid Auth Token")
        }
        switch (request.method, rest.count, rest.first ?? "") {
        case (.get, 1, "organizations"):
            return list(request, addresses, [Self.organization(addresses)], filters: ["names": { [CloudFoundryState.orgName] }])
        case (.get, 1, "spaces"):
            return list(request, addresses, [Self.space(addresses)], filters: [
                "names": { [CloudFoundryState.spaceName] }, "organization_guids": { [CloudFoundryState.orgGuid] },
            ])
        case (.get, 1, "service_offerings"):
            var offerings = [(CloudFoundryState.offeringGuid, CloudFoundryState.offeringName)]
            for plan in cf.otherPlans where !offerings.contains(where: { $0.0 == plan.offeringGuid }) {
                offerings.append((plan.offeringGuid, plan.offeringName))
            }
            return page(request, addresses, offerings.filter { matches(request, "names", $0.1) && matches(request, "guids", $0.0) }
                .map { Self.offering(addresses, guid: $0.0, name: $0.1) })
        case (.get, 1, "service_plans"):
            let plans = [CFPlan(guid: CloudFoundryState.planGuid, name: CloudFoundryState.planName, offeringGuid: CloudFoundryState.offeringGuid,
                                offeringName: CloudFoundryState.offeringName)] + cf.otherPlans
            return page(request, addresses, plans.filter {
                matches(request, "names", $0.name) && matches(request, "service_offering_guids", $0.offeringGuid) && matches(request, "guids", $0.guid)
            }.map { Self.plan(addresses, $0) })
        case (.post, 1, "service_instances"): return await createInstance(request, addresses)
        case (.get, 1, "service_instances"): return listInstances(request, addresses)
        case (.get, 2, "service_instances"):
            return cf.instance(rest[1]).map { json(.ok, Self.instance($0, addresses)) } ?? notFound("Service instance")
        case (.delete, 2, "service_instances"): return deleteInstance(rest[1], addresses)
        case (.post, 1, "service_credential_bindings"): return await createBinding(request, addresses)
        case (.get, 1, "service_credential_bindings"): return listBindings(request, addresses)
        case (.get, 2, "service_credential_bindings"):
            return cf.binding(rest[1]).map { json(.ok, Self.binding($0, addresses)) } ?? notFound("Service credential binding")
        case (.get, 3, "service_credential_bindings") where rest[2] == "details":
            return cf.binding(rest[1]).map { json(.ok, .object([("credentials", $0.credentials)])) } ?? notFound("Service credential binding")
        case (.delete, 2, "service_credential_bindings"):
            guard let removed = cf.removeBinding(rest[1]) else { return notFound("Service credential binding") }
            return accepted(job(operation: "service_bindings.delete", resource: ("service_credential_bindings", removed.guid), delay: 0), addresses)
        case (.get, 1, "service_route_bindings"): return listRouteBindings(request, addresses)
        case (.get, 2, "jobs"): return cf.job(rest[1]).map { json(.ok, Self.job($0, addresses)) } ?? notFound("Job")
        default:
            return Self.error(.notFound, 10000, "CF-NotFound", "Unknown request")
        }
    }

    func bearer(_ request: Request) -> CloudFoundryState.TokenCheck {
        guard let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") else { return .unknown }
        return cf.check(accessToken: String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
    }

    // MARK: Lists

    /// A paginated list: the resources passing the `filters` (parameter → the values a resource
    /// matches, comma-separated in the query), `per_page` at most the page size.
    private func list(_ request: Request, _ addresses: CFAddresses, _ resources: [ODataValue],
                      filters: [String: () -> [String]] = [:], included: ODataValue? = nil) -> Response {
        for (name, values) in filters {
            if let wanted = request.queryValue(name), Set(wanted.split(separator: ",").map(String.init)).isDisjoint(with: values()) {
                return page(request, addresses, [], included: included)
            }
        }
        return page(request, addresses, resources, included: included)
    }

    /// Whether a resource's `value` passes the query's filter `name` (a comma-separated list), when given.
    private func matches(_ request: Request, _ name: String, _ value: String) -> Bool {
        guard let wanted = request.queryValue(name) else { return true }
        return wanted.split(separator: ",").contains(Substring(value))
    }

    /// A page of `all`; with `pad` > 0, each resource carries a `padding` member of about that many
    /// bytes (an array of zeros: the `padInstanceBytes` fault).
    private func page(_ request: Request, _ addresses: CFAddresses, _ all: [ODataValue], included: ODataValue? = nil, pad: Int = 0) -> Response {
        let limit = cf.settings.pageSize
        let perPage = max(1, min(limit, request.queryValue("per_page").flatMap(Int.init) ?? limit))
        let pageNumber = max(1, request.queryValue("page").flatMap(Int.init) ?? 1)
        let pages = max(1, (all.count + perPage - 1) / perPage)
        let slice = Array(all.dropFirst((pageNumber - 1) * perPage).prefix(perPage))
        func href(_ n: Int) -> ODataValue {
            var items = request.uri.queryParameters.filter { $0.key != "page" && $0.key != "per_page" }
                .map { (String($0.key), String($0.value)) }.sorted { $0.0 < $1.0 }
            items.append(("page", String(n)))
            items.append(("per_page", String(perPage)))
            let query = items.map { Self.escape($0.0) + "=" + Self.escape($0.1) }.joined(separator: "&")
            return .object([("href", .string(addresses.root + request.uri.path + "?" + query))])
        }
        var members: [(String, ODataValue)] = [
            ("pagination", .object([
                ("total_results", .int(all.count)), ("total_pages", .int(pages)),
                ("first", href(1)), ("last", href(pages)),
                ("next", pageNumber < pages ? href(pageNumber + 1) : .null),
                ("previous", pageNumber > 1 ? href(pageNumber - 1) : .null),
            ])),
            ("resources", .array(slice)),
        ]
        if let included { members.append(("included", included)) }
        guard pad > 0, case .array(let resources) = members[1].1 else { return json(.ok, .object(members)) }
        let padding = ",\"padding\":[" + String(repeating: "0,", count: max(0, pad / 2 - 1)) + "0]}"
        let head = ODataJSON.write(.object([members[0]]))
        let padded = resources.map { String(ODataJSON.write($0).dropLast()) + padding }
        return Answers.text(.ok, String(head.dropLast()) + ",\"resources\":[" + padded.joined(separator: ",") + "]}", contentType: "application/json")
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    // MARK: Service instances

    private func createInstance(_ request: Request, _ addresses: CFAddresses) async -> Response {
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "The request body must be a JSON object.")
        }
        guard Self.string(body["type"]) == "managed" else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "Type must be one of 'managed', 'user-provided'")
        }
        guard let name = Self.string(body["name"]), !name.isEmpty else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "Name can't be blank")
        }
        let relationships = body["relationships"]
        guard Self.string(relationships?["space"]?["data"]?["guid"]) == CloudFoundryState.spaceGuid else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "Invalid space. Ensure that the space exists and you have access to it.")
        }
        guard Self.string(relationships?["service_plan"]?["data"]?["guid"]) == CloudFoundryState.planGuid else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "Invalid service plan. Ensure that the service plan exists, is available, and you have access to it.")
        }
        var labels: [(String, String)] = []
        if case .object(let members)? = body["metadata"]?["labels"] {
            for (key, value) in members { if case .string(let v) = value { labels.append((key, v)) } }
        }
        let parameters = body["parameters"] ?? .object([])
        // The `raceCreate` fault: another run's instance arrives first.
        for other in cf.takeRaceCreate() {
            let made = Date()
            try? state.createCockpitApp(instance: CFInstance(guid: CloudFoundryState.guid(), name: other, createdAt: made, readyAt: made,
                                                             labels: [("managed-by", "hubctl")], tags: [],
                                                             parameters: .object([("name", .string(other)), ("displayName", .string(other))])))
        }
        let now = Date()
        let settings = cf.settings
        var instance = CFInstance(guid: CloudFoundryState.guid(), name: name, createdAt: now,
                                  readyAt: now.addingTimeInterval(settings.provisionSeconds), labels: labels,
                                  tags: Self.strings(body["tags"]), parameters: parameters, routeURL: settings.routeURL)
        if settings.failProvision.contains(name) { instance.failure = "provision could not be completed: the emulator's failProvision" }
        do {
            try state.createCockpitApp(instance: instance, withApp: instance.failure == nil)
        } catch {
            return Self.error(.unprocessableContent, 60002, "CF-ServiceInstanceNameTaken",
                              "The service instance name is taken: \(name).")
        }
        return accepted(job(operation: "service_instance.create", resource: ("service_instances", instance.guid),
                            delay: settings.provisionSeconds, failure: instance.failure), addresses)
    }

    private func listInstances(_ request: Request, _ addresses: CFAddresses) -> Response {
        var instances = cf.instances
        if let names = request.queryValue("names") {
            let wanted = Set(names.split(separator: ",").map(String.init))
            instances.removeAll { !wanted.contains($0.name) }
        }
        if let spaces = request.queryValue("space_guids"), !spaces.split(separator: ",").contains(Substring(CloudFoundryState.spaceGuid)) {
            instances = []
        }
        instances.removeAll { !matches(request, "service_plan_guids", $0.planGuid) }
        if let selector = request.queryValue("label_selector") {
            guard let requirements = LabelSelector(selector) else {
                return Self.error(.badRequest, 10005, "CF-BadQueryParameter", "The query parameter is invalid: label_selector")
            }
            instances.removeAll { !requirements.matches($0.labels) }
        }
        return page(request, addresses, instances.map { Self.instance($0, addresses) }, pad: cf.settings.padInstanceBytes)
    }

    private func deleteInstance(_ guid: String, _ addresses: CFAddresses) -> Response {
        let instance: CFInstance
        do { instance = try cf.deletable(guid) } catch .notFound { return notFound("Service instance") } catch {
            return Self.error(.unprocessableContent, 10006, "CF-AssociationNotEmpty",
                              "Please delete the service_keys, service_bindings and route associations for your service instance.")
        }
        if instance.isMobileServices { state.deleteCockpitApp(instance.name) } else { cf.removeInstance(instance.guid) }
        return accepted(job(operation: "service_instance.delete", resource: nil, delay: cf.settings.provisionSeconds), addresses)
    }

    // MARK: Credential and route bindings

    private func createBinding(_ request: Request, _ addresses: CFAddresses) async -> Response {
        guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body,
              Self.string(body["type"]) == "key" else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "Type must be 'key' or 'app'; the emulator makes keys only.")
        }
        guard let name = Self.string(body["name"]), !name.isEmpty else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "Name can't be blank")
        }
        guard let guid = Self.string(body["relationships"]?["service_instance"]?["data"]?["guid"]), let instance = cf.instance(guid) else {
            return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity", "The service instance could not be found.")
        }
        let credentials = state.issueCFKeyCredentials(appId: instance.name, keyName: name, addresses: addresses)
        let binding = CFBinding(guid: CloudFoundryState.guid(), name: name, instanceGuid: guid, createdAt: Date(), credentials: credentials.value)
        do {
            try cf.addBinding(binding)
        } catch {
            state.pushBackend.removeClient(credentials.clientId)
            switch error {
            case .inProgress:
                return Self.error(.conflict, 60016, "CF-AsyncServiceInstanceOperationInProgress",
                                  "An operation for service instance \(instance.name) is in progress.")
            case .nameTaken:
                return Self.error(.unprocessableContent, 10008, "CF-UnprocessableEntity",
                                  "The binding name is invalid. Key binding names must be unique. The service instance already has a key binding with name '\(name)'.")
            default: return notFound("Service instance")
            }
        }
        return accepted(job(operation: "service_bindings.create", resource: ("service_credential_bindings", binding.guid), delay: 0), addresses)
    }

    private func listBindings(_ request: Request, _ addresses: CFAddresses) -> Response {
        var bindings = cf.bindings
        if let type = request.queryValue("type"), type != "key" { bindings = [] }
        if let names = request.queryValue("names") {
            let wanted = Set(names.split(separator: ",").map(String.init))
            bindings.removeAll { !wanted.contains($0.name) }
        }
        if let guids = request.queryValue("service_instance_guids") {
            let wanted = Set(guids.split(separator: ",").map(String.init))
            bindings.removeAll { !wanted.contains($0.instanceGuid) }
        }
        return page(request, addresses, bindings.map { Self.binding($0, addresses) })
    }

    private func listRouteBindings(_ request: Request, _ addresses: CFAddresses) -> Response {
        var instances = cf.instances.filter { $0.routeURL != nil }
        if let guids = request.queryValue("service_instance_guids") {
            let wanted = Set(guids.split(separator: ",").map(String.init))
            instances.removeAll { !wanted.contains($0.guid) }
        }
        let bindings = instances.map { i -> ODataValue in
            .object([
                ("guid", .string(Self.derivedGuid(i.guid, "route-binding"))), ("route_service_url", .null),
                ("created_at", .string(Self.time(i.createdAt))), ("updated_at", .string(Self.time(i.createdAt))),
                ("last_operation", Self.operation("create", "succeeded", i.createdAt)),
                ("metadata", .object([("labels", .object([])), ("annotations", .object([]))])),
                ("relationships", .object([
                    ("service_instance", .object([("data", .object([("guid", .string(i.guid))]))])),
                    ("route", .object([("data", .object([("guid", .string(Self.derivedGuid(i.guid, "route")))]))])),
                ])),
                ("links", .object([("self", .object([("href", .string(addresses.root + "/v3/service_route_bindings/" + Self.derivedGuid(i.guid, "route-binding")))]))])),
            ])
        }
        var included: ODataValue?
        if request.queryValue("include") == "route" {
            included = .object([("routes", .array(instances.map { i -> ODataValue in
                let url = i.routeURL ?? ""
                let host = url.split(separator: ".").first.map(String.init) ?? url
                return .object([("guid", .string(Self.derivedGuid(i.guid, "route"))), ("protocol", .string("http")), ("port", .null),
                                ("created_at", .string(Self.time(i.createdAt))), ("updated_at", .string(Self.time(i.createdAt))),
                                ("host", .string(host)), ("path", .string("")), ("url", .string(url)),
                                ("destinations", .array([])), ("options", .object([])),
                                ("metadata", .object([("labels", .object([])), ("annotations", .object([]))])),
                                ("relationships", .object([("space", .object([("data", .object([("guid", .string(CloudFoundryState.spaceGuid))]))]))]))])
            }))])
        }
        return page(request, addresses, bindings, included: included)
    }

    /// A stable GUID-like id derived from another (route bindings and routes have no state of their own).
    static func derivedGuid(_ guid: String, _ what: String) -> String {
        let tail = String(guid.suffix(12))
        return what == "route" ? "0a0a0a0a-0000-4000-8000-" + tail : "0b0b0b0b-0000-4000-8000-" + tail
    }

    // MARK: Jobs

    private func job(operation: String, resource: (kind: String, guid: String)?, delay: Double, failure: String? = nil) -> CFJob {
        let now = Date()
        let job = CFJob(guid: cf.settings.jobGuid ?? CloudFoundryState.guid(), operation: operation, createdAt: now,
                        readyAt: now.addingTimeInterval(delay), failure: failure, resource: resource)
        cf.addJob(job)
        return job
    }

    private func accepted(_ job: CFJob, _ addresses: CFAddresses) -> Response {
        var response = Response(status: .accepted)
        response.headers[.location] = addresses.root + "/v3/jobs/" + job.guid
        return response
    }

    // MARK: Resources

    static func root(_ a: CFAddresses) -> ODataValue {
        func link(_ href: String) -> ODataValue { .object([("href", .string(href))]) }
        return .object([("links", .object([
            ("self", link(a.root)), ("bits_service", .null), ("cloud_controller_v2", .null),
            ("cloud_controller_v3", .object([("href", .string(a.root + "/v3")), ("meta", .object([("version", .string("3.180.0"))]))])),
            ("network_policy_v0", .null), ("network_policy_v1", .null),
            ("login", link(a.authorizationEndpoint)), ("uaa", link(a.authorizationEndpoint)),
            ("credhub", .null), ("routing", .null), ("logging", .null), ("log_cache", .null), ("log_stream", .null), ("app_ssh", .null),
        ]))])
    }

    static func organization(_ a: CFAddresses) -> ODataValue {
        resource(CloudFoundryState.orgGuid, CloudFoundryState.orgName, a.root + "/v3/organizations/", extra: [("suspended", .bool(false))])
    }

    static func space(_ a: CFAddresses) -> ODataValue {
        resource(CloudFoundryState.spaceGuid, CloudFoundryState.spaceName, a.root + "/v3/spaces/", extra: [
            ("relationships", .object([("organization", .object([("data", .object([("guid", .string(CloudFoundryState.orgGuid))]))]))])),
        ])
    }

    static func offering(_ a: CFAddresses, guid: String = CloudFoundryState.offeringGuid, name: String = CloudFoundryState.offeringName) -> ODataValue {
        let ours = guid == CloudFoundryState.offeringGuid
        var metadata: [(String, ODataValue)] = [("displayName", .string(ours ? "Mobile Services" : name))]
        if ours { metadata.append(("supportUrl", .string(a.cockpitWeb))) }
        return resource(guid, name, a.root + "/v3/service_offerings/", extra: [
            ("description", .string(ours ? "SAP Mobile Services (emulated)" : "\(name) (emulated)")), ("available", .bool(true)),
            ("tags", .array([])), ("requires", .array([])), ("shareable", .bool(false)),
            ("broker_catalog", .object([
                ("id", .string(name + "-emulated")),
                ("metadata", .object(metadata)),
                ("features", .object([("plan_updateable", .bool(false)), ("bindable", .bool(true))])),
            ])),
            ("relationships", .object([("service_broker", .object([("data", .object([("guid", .string(CloudFoundryState.brokerGuid))]))]))])),
        ])
    }

    static func plan(_ a: CFAddresses, _ p: CFPlan) -> ODataValue {
        resource(p.guid, p.name, a.root + "/v3/service_plans/", extra: [
            ("free", .bool(false)), ("available", .bool(true)), ("visibility_type", .string("organization")),
            ("relationships", .object([("service_offering", .object([("data", .object([("guid", .string(p.offeringGuid))]))]))])),
        ])
    }

    private static func resource(_ guid: String, _ name: String, _ selfBase: String, extra: [(String, ODataValue)]) -> ODataValue {
        let created = time(Date(timeIntervalSince1970: 1_700_000_000))
        return .object([("guid", .string(guid)), ("created_at", .string(created)), ("updated_at", .string(created)),
                        ("name", .string(name))] + extra + [
            ("metadata", .object([("labels", .object([])), ("annotations", .object([]))])),
            ("links", .object([("self", .object([("href", .string(selfBase + guid))]))])),
        ])
    }

    static func instance(_ i: CFInstance, _ a: CFAddresses) -> ODataValue {
        let ready = i.readyAt <= Date()
        let dashboard: ODataValue = switch i.dashboard {
        case .cockpit: .string(a.dashboard(appId: i.name))
        case .url(let url): .string(url)
        case .none: .null
        }
        return .object([
            ("guid", .string(i.guid)), ("created_at", .string(time(i.createdAt))), ("updated_at", .string(time(ready ? i.readyAt : i.createdAt))),
            ("name", .string(i.name)), ("tags", .array(i.tags.map(ODataValue.string))),
            ("last_operation", operation("create", ready ? (i.failure == nil ? "succeeded" : "failed") : "in progress",
                                         ready ? i.readyAt : i.createdAt, description: ready ? i.failure ?? "" : "")),
            ("type", .string("managed")), ("maintenance_info", .object([])), ("upgrade_available", .bool(false)),
            ("dashboard_url", dashboard),
            ("relationships", .object([
                ("space", .object([("data", .object([("guid", .string(CloudFoundryState.spaceGuid))]))])),
                ("service_plan", .object([("data", .object([("guid", .string(i.planGuid))]))])),
            ])),
            ("metadata", .object([("labels", .object(i.labels.map { ($0.0, .string($0.1)) })), ("annotations", .object([]))])),
            ("links", .object([("self", .object([("href", .string(a.root + "/v3/service_instances/" + i.guid))]))])),
        ])
    }

    static func binding(_ b: CFBinding, _ a: CFAddresses) -> ODataValue {
        .object([
            ("guid", .string(b.guid)), ("created_at", .string(time(b.createdAt))), ("updated_at", .string(time(b.createdAt))),
            ("name", .string(b.name)), ("type", .string("key")),
            ("last_operation", operation("create", "succeeded", b.createdAt)),
            ("metadata", .object([("labels", .object([])), ("annotations", .object([]))])),
            ("relationships", .object([("service_instance", .object([("data", .object([("guid", .string(b.instanceGuid))]))]))])),
            ("links", .object([
                ("self", .object([("href", .string(a.root + "/v3/service_credential_bindings/" + b.guid))])),
                ("details", .object([("href", .string(a.root + "/v3/service_credential_bindings/" + b.guid + "/details"))])),
            ])),
        ])
    }

    static func job(_ j: CFJob, _ a: CFAddresses) -> ODataValue {
        let done = j.readyAt <= Date()
        let state = done ? (j.failure != nil ? "FAILED" : "COMPLETE") : "POLLING"
        let failure = done ? j.failure : nil
        var links: [(String, ODataValue)] = [("self", .object([("href", .string(a.root + "/v3/jobs/" + j.guid))]))]
        if let r = j.resource { links.append((r.kind == "service_instances" ? "service_instance" : "service_credential_binding",
                                              .object([("href", .string(a.root + "/v3/\(r.kind)/\(r.guid)"))]))) }
        // CC's error for a broker that could not provision (Tests/Fixtures/sap/admin/cf-job-failed.json).
        let errors: [ODataValue] = failure.map { [.object([("code", .int(10009)), ("title", .string("CF-UnableToPerform")),
                                                           ("detail", .string($0))])] } ?? []
        return .object([
            ("guid", .string(j.guid)), ("created_at", .string(time(j.createdAt))), ("updated_at", .string(time(done ? j.readyAt : j.createdAt))),
            ("operation", .string(j.operation)), ("state", .string(state)), ("errors", .array(errors)), ("warnings", .array([])),
            ("links", .object(links)),
        ])
    }

    static func operation(_ type: String, _ state: String, _ at: Date, description: String = "") -> ODataValue {
        .object([("type", .string(type)), ("state", .string(state)), ("description", .string(description)),
                 ("created_at", .string(time(at))), ("updated_at", .string(time(at)))])
    }

    /// CF's timestamps: `2026-11-27T21:58:42Z`.
    static func time(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }

    // MARK: Answers

    static func error(_ status: HTTPResponse.Status, _ code: Int, _ title: String, _ detail: String) -> Response {
        Answers.text(status, ODataJSON.write(.object([("errors", .array([.object([
            ("detail", .string(detail)), ("title", .string(title)), ("code", .int(code)),
        ])]))])), contentType: "application/json")
    }

    private func notFound(_ what: String) -> Response { Self.error(.notFound, 10010, "CF-ResourceNotFound", "\(what) not found") }

    private func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response { Answers.json(status, value) }

    static func string(_ v: ODataValue?) -> String? { PushBackendHandler.string(v) }
    static func strings(_ v: ODataValue?) -> [String] { PushBackendHandler.strings(v) }
}

/// A CF `label_selector`: requirements separated by commas, each `k=v`, `k==v`, `k!=v`, `k`, `!k`,
/// `k in (a,b)` or `k notin (a,b)`; a resource matches when it meets all.
struct LabelSelector {
    enum Requirement { case equals(String, String), notEquals(String, String), exists(String), absent(String), among(String, Set<String>, Bool) }
    let requirements: [Requirement]

    init?(_ text: String) {
        var parts: [String] = [], current = "", depth = 0
        for c in text {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if c == ",", depth == 0 { parts.append(current); current = "" } else { current.append(c) }
        }
        parts.append(current)
        var list: [Requirement] = []
        for raw in parts {
            let part = raw.trimmingCharacters(in: .whitespaces)
            guard !part.isEmpty else { return nil }
            if let r = part.range(of: " notin (") ?? part.range(of: " in (") {
                guard part.hasSuffix(")") else { return nil }
                let key = String(part[..<r.lowerBound]).trimmingCharacters(in: .whitespaces)
                let values = Set(part[r.upperBound..<part.index(before: part.endIndex)].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                list.append(.among(key, values, part[r].contains("notin")))
            } else if let r = part.range(of: "!=") {
                list.append(.notEquals(String(part[..<r.lowerBound]), String(part[r.upperBound...])))
            } else if let r = part.range(of: "==") ?? part.range(of: "=") {
                list.append(.equals(String(part[..<r.lowerBound]), String(part[r.upperBound...])))
            } else if part.hasPrefix("!") {
                list.append(.absent(String(part.dropFirst())))
            } else {
                list.append(.exists(part))
            }
        }
        requirements = list
    }

    func matches(_ labels: [(String, String)]) -> Bool {
        func value(_ key: String) -> String? { labels.first { $0.0 == key }?.1 }
        return requirements.allSatisfy { r in
            switch r {
            case .equals(let k, let v): return value(k) == v
            case .notEquals(let k, let v): return value(k) != v
            case .exists(let k): return value(k) != nil
            case .absent(let k): return value(k) == nil
            case .among(let k, let values, let negated): return value(k).map { values.contains($0) != negated } ?? negated
            }
        }
    }
}
