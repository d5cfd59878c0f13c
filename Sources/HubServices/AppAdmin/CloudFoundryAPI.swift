// The few Cloud Foundry v3 calls the `app` commands make (docs/protocol.md §17, v3-apidocs.cloudfoundry.org):
// organizations and spaces by name, the `mobile-services` offering and its plan, managed service
// instances (create with parameters and labels, list with a label selector, delete), service
// credential bindings of type key (the CF keys SAP's own CI pushes with), route bindings (the
// settings file's server) and asynchronous jobs, polled within the command's deadline.

import Foundation
import HubCore
import HubTransport

/// A managed service instance as v3 lists it.
public struct CloudFoundryInstance: Sendable, Equatable {
    public var guid: String
    public var name: String
    public var createdAt: String?
    public var dashboardURL: String?
    /// `last_operation.type` and `.state` (`create`/`in progress`, `succeeded`, `failed`).
    public var operation: String?
    public var state: String?
    public var labels: [String: String]
    /// `relationships.service_plan.data.guid`: its plan, and through the plan its offering.
    public var plan: String?

    public init(guid: String, name: String, createdAt: String? = nil, dashboardURL: String? = nil, operation: String? = nil,
                state: String? = nil, labels: [String: String] = [:], plan: String? = nil) {
        self.guid = guid
        self.name = name
        self.createdAt = createdAt
        self.dashboardURL = dashboardURL
        self.operation = operation
        self.state = state
        self.labels = labels
        self.plan = plan
    }

    /// The instance of a list or a GET; nil without a guid or a name; 65 when its guid or name
    /// cannot go into an address (checked here, where it is read).
    static func read(_ value: JSONValue) throws -> CloudFoundryInstance? {
        guard let guid = value["guid"]?.stringValue, let name = value["name"]?.stringValue else { return nil }
        try AppAdminRules.serverId(guid, "a service instance's guid", from: "Cloud Foundry")
        try AppAdminRules.serverName(name, "a service instance's name", from: "Cloud Foundry")
        var labels: [String: String] = [:]
        for (key, label) in value["metadata"]?["labels"]?.objectValue ?? [:] {
            if let text = label.stringValue { labels[key] = text }
        }
        return CloudFoundryInstance(guid: guid, name: name, createdAt: value["created_at"]?.stringValue,
                                    dashboardURL: value["dashboard_url"]?.stringValue,
                                    operation: value["last_operation"]?["type"]?.stringValue,
                                    state: value["last_operation"]?["state"]?.stringValue, labels: labels,
                                    plan: value["relationships"]?["service_plan"]?["data"]?["guid"]?.stringValue)
    }

    /// About the bytes hubctl keeps of it (what a list's cap counts).
    var keptBytes: Int {
        [guid, name, createdAt, dashboardURL, operation, state, plan].reduce(64) { $0 + ($1?.utf8.count ?? 0) }
            + labels.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 32 }
    }
}

/// The CF v3 client: the API root, the CF user's tokens, the transport, the command's deadline.
public final class CloudFoundryAPI {
    public let root: String
    let tokens: CloudFoundryTokens
    let http: any HTTPTransport
    let deadline: ContinuousClock.Instant
    /// Waits between job polls (tests give one that returns at once).
    let sleep: (Double) -> Void

    public init(root: String, tokens: CloudFoundryTokens, transport: any HTTPTransport, deadline: ContinuousClock.Instant,
                sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
        self.root = CloudFoundryTokens.trimmed(root)
        self.tokens = tokens
        http = transport
        self.deadline = deadline
        self.sleep = sleep
    }

    // MARK: Requests

    func url(_ path: String, _ query: [(String, String)] = []) -> String {
        var url = root + path
        if !query.isEmpty {
            url += "?" + query.map { $0.0 + "=" + SMPEndpoint.escape(queryValue: $0.1) }.joined(separator: "&")
        }
        return url
    }

    func exchange(_ method: String, _ url: String, json body: JSONValue? = nil) throws -> HTTPResponse {
        var headers = [HTTPHeader("Accept", "application/json")]
        let data = try body.map { try JSONOutput.encode($0, pretty: false) }
        if data != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        return try tokens.send(HTTPRequest(method: method, url: url, headers: headers, body: data), through: http)
    }

    func object(_ method: String, _ url: String, json body: JSONValue? = nil, doing what: String) throws -> JSONValue {
        let response = try exchange(method, url, json: body)
        guard (200...299).contains(response.status) else { throw Self.failure(response, doing: what) }
        guard let value = try? JSONValue.read(response.body) else {
            throw HubError(.data, code: .malformedResponse, "Cloud Foundry answered \(what) with a body that is not JSON (HTTP \(response.status)). Check --cf-api.", status: response.status)
        }
        return value
    }

    /// The largest answer of Cloud Foundry or the Admin API hubctl reads (a CF page holds 50
    /// resources unless asked otherwise, tens of kilobytes): the transport stops a longer one (65).
    public static let maxAnswerBytes = 4 << 20
    /// What a list may keep, over all its pages: resources, and the bytes of what is kept of them.
    static let maxListItems = 10_000
    static let maxKeptBytes = 8 << 20

    /// A list, following `pagination.next.href` (at most 100 pages, each at most `maxAnswerBytes`):
    /// each page's resources go through `keep` as the page arrives, and only what it returns is
    /// kept (docs/security.md §6), at most `maxListItems` of at most `maxKeptBytes` (`size`); 65
    /// beyond.
    func resources<T>(_ first: String, doing what: String, size: (T) -> Int = { _ in 64 },
                      keep: (JSONValue) throws -> T?) throws -> [T] {
        var kept: [T] = []
        var bytes = 0
        var next: String? = first
        var pages = 0
        while let page = next {
            pages += 1
            guard pages <= 100 else { throw HubError.data("Cloud Foundry's list while \(what) has more than 100 pages; hubctl stops there.") }
            // A next page on another origin would receive the token: only the API's own are followed.
            guard page.hasPrefix(root + "/") else {
                throw HubError.data("Cloud Foundry's next page while \(what) is not under \(root); hubctl does not send the token there.")
            }
            let value: JSONValue
            do {
                value = try object("GET", page, doing: what)
            } catch let error as HubError where error.code == .responseTooLarge {
                throw HubError.data("Cloud Foundry's page \(pages) while \(what) is larger than \(Self.maxAnswerBytes >> 20) MiB (a page of resources is tens of kilobytes); hubctl reads no further.",
                                    code: .responseTooLarge)
            }
            guard case .array(let items)? = value["resources"] else {
                throw HubError(.data, code: .malformedResponse, "Cloud Foundry's answer while \(what) has no resources list.")
            }
            for item in items {
                guard let one = try keep(item) else { continue }
                bytes += size(one)
                guard kept.count < Self.maxListItems, bytes <= Self.maxKeptBytes else {
                    throw HubError.data("Cloud Foundry's list while \(what) holds more than hubctl keeps (\(Self.maxListItems) resources, \(Self.maxKeptBytes >> 20) MiB of what it reads of them); it stopped at page \(pages).",
                                        code: .responseTooLarge)
                }
                kept.append(one)
            }
            next = value["pagination"]?["next"]?["href"]?.stringValue
        }
        return kept
    }

    /// The `guid` of a resource whose `name` is `name`, checked (65) where it is read.
    static func guid(_ value: JSONValue, named name: String, _ what: String) throws -> String? {
        guard value["name"]?.stringValue == name, let guid = value["guid"]?.stringValue else { return nil }
        return try AppAdminRules.serverId(guid, what, from: "Cloud Foundry")
    }

    // MARK: Organizations, spaces, offerings

    /// The GUID of the organization named `name`; 66 when there is none the user can see.
    public func organization(named name: String) throws -> String {
        let found = try resources(url("/v3/organizations", [("names", name)]), doing: "finding organization \(HubError.quoted(name))") {
            try Self.guid($0, named: name, "an organization's guid")
        }
        guard let guid = found.first else {
            throw HubError.noInput("Cloud Foundry has no organization \(HubError.quoted(name)) this user can see. Check --org (`cf orgs`).")
        }
        return guid
    }

    /// The GUID of space `name` of organization `org`; 66 when there is none.
    public func space(named name: String, organization org: String) throws -> String {
        let found = try resources(url("/v3/spaces", [("names", name), ("organization_guids", org)]), doing: "finding space \(HubError.quoted(name))") {
            try Self.guid($0, named: name, "a space's guid")
        }
        guard let guid = found.first else {
            throw HubError.noInput("Cloud Foundry has no space \(HubError.quoted(name)) in that organization. Check --space (`cf spaces`).")
        }
        return guid
    }

    /// The offering `mobile-services`: its GUID and `broker_catalog.metadata.supportUrl`.
    public func offering(named name: String = "mobile-services") throws -> (guid: String, supportURL: String?) {
        let found = try resources(url("/v3/service_offerings", [("names", name)]), doing: "finding the \(name) offering") { offering in
            try Self.guid(offering, named: name, "an offering's guid").map { ($0, offering["broker_catalog"]?["metadata"]?["supportUrl"]?.stringValue) }
        }
        guard let offering = found.first else {
            throw HubError.noInput("Cloud Foundry offers no \(HubError.quoted(name)) service here (`cf marketplace`). Check the org's entitlements.")
        }
        return offering
    }

    /// The GUIDs of every plan of the offering `offering` this user can see (`GET
    /// /v3/service_plans?service_offering_guids=`); a plan that names another offering is left out.
    public func plans(offering: String) throws -> [String] {
        try resources(url("/v3/service_plans", [("service_offering_guids", offering)]), doing: "listing the offering's plans") { plan in
            guard let guid = plan["guid"]?.stringValue else { return nil }
            if let of = plan["relationships"]?["service_offering"]?["data"]?["guid"]?.stringValue, of != offering { return nil }
            return try AppAdminRules.serverId(guid, "a service plan's guid", from: "Cloud Foundry")
        }
    }

    /// The GUID of plan `name` of the offering.
    public func plan(named name: String, offering: String) throws -> String {
        let found = try resources(url("/v3/service_plans", [("names", name), ("service_offering_guids", offering)]), doing: "finding plan \(HubError.quoted(name))") {
            try Self.guid($0, named: name, "a service plan's guid")
        }
        guard let guid = found.first else {
            throw HubError.noInput("The mobile-services offering has no plan \(HubError.quoted(name)) here (`cf marketplace -e mobile-services`). Check --plan.")
        }
        return guid
    }

    // MARK: Service instances

    /// The instances of `space`, by name and label selector when given; with `plans`, only the
    /// instances of these plans: asked with `service_plan_guids` (CF v3's filter) and checked on
    /// each instance's `relationships.service_plan`, so that an instance of another offering is
    /// never taken for one, whatever the server's filter did.
    public func instances(space: String, name: String? = nil, labelSelector: String? = nil, plans: [String]? = nil) throws -> [CloudFoundryInstance] {
        var query = [("space_guids", space)]
        if let name { query.insert(("names", name), at: 0) }
        if let plans { query.append(("service_plan_guids", plans.joined(separator: ","))) }
        if let labelSelector { query.append(("label_selector", labelSelector)) }
        return try resources(url("/v3/service_instances", query), doing: "listing service instances", size: \.keptBytes) { value in
            guard let instance = try CloudFoundryInstance.read(value), name == nil || instance.name == name else { return nil }
            if let plans, !(instance.plan.map(plans.contains) ?? false) { return nil }
            return instance
        }
    }

    /// The instance named `name` in `space` (of `plans` when given), nil when there is none.
    public func instance(named name: String, space: String, plans: [String]? = nil) throws -> CloudFoundryInstance? {
        try instances(space: space, name: name, plans: plans).first
    }

    public func instance(guid: String) throws -> CloudFoundryInstance {
        let value = try object("GET", url("/v3/service_instances/" + SMPEndpoint.escape(segment: guid)), doing: "reading the service instance")
        guard let instance = try CloudFoundryInstance.read(value) else {
            throw HubError(.data, code: .malformedResponse, "Cloud Foundry's service instance has no guid or name.")
        }
        return instance
    }

    /// Creates a managed instance and waits for its job; the instance as it is then.
    public func createInstance(name: String, parameters: JSONValue, labels: [String: String], space: String, plan: String) throws -> CloudFoundryInstance {
        let body: JSONValue = .object([
            "type": .string("managed"), "name": .string(name), "parameters": parameters,
            "metadata": .object(["labels": .object(labels.mapValues(JSONValue.string))]),
            "relationships": .object([
                "space": .object(["data": .object(["guid": .string(space)])]),
                "service_plan": .object(["data": .object(["guid": .string(plan)])]),
            ]),
        ])
        let response = try exchange("POST", url("/v3/service_instances"), json: body)
        guard response.status == 202 || response.status == 201 else { throw Self.failure(response, doing: "creating service instance \(HubError.quoted(name))") }
        if response.status == 202 { try wait(job: response, doing: "creating service instance \(HubError.quoted(name))") }
        guard let made = try instance(named: name, space: space, plans: [plan]) else {
            throw HubError(.data, code: .malformedResponse, "Cloud Foundry completed the create of \(HubError.quoted(name)) but does not list the instance.")
        }
        if let state = made.state, state != "succeeded" {
            throw HubError(.unavailable, code: .serverError, "Cloud Foundry's create of \(HubError.quoted(name)) ended \(HubError.quoted(state)). See `cf service \(name)`.")
        }
        return made
    }

    /// Deletes an instance and waits for its job; false when there was none (404).
    @discardableResult
    public func deleteInstance(guid: String, name: String) throws -> Bool {
        let response = try exchange("DELETE", url("/v3/service_instances/" + SMPEndpoint.escape(segment: guid)))
        switch response.status {
        case 404: return false
        case 202: try wait(job: response, doing: "deleting service instance \(HubError.quoted(name))"); return true
        case 200...299: return true
        default: throw Self.failure(response, doing: "deleting service instance \(HubError.quoted(name))")
        }
    }

    // MARK: Keys (service credential bindings of type key)

    /// The keys of an instance (`name` alone when given): name and GUID.
    public func keys(instance: String, name: String? = nil) throws -> [(name: String, guid: String)] {
        var query = [("service_instance_guids", instance), ("type", "key")]
        if let name { query.insert(("names", name), at: 0) }
        return try resources(url("/v3/service_credential_bindings", query), doing: "listing the instance's keys") { v in
            guard let n = v["name"]?.stringValue, let g = v["guid"]?.stringValue, name == nil || n == name else { return nil }
            return (n, try AppAdminRules.serverId(g, "a key's guid", from: "Cloud Foundry"))
        }
    }

    /// Creates the key `name` and waits for its job; its GUID.
    public func createKey(name: String, instance: String) throws -> String {
        let body: JSONValue = .object([
            "type": .string("key"), "name": .string(name),
            "relationships": .object(["service_instance": .object(["data": .object(["guid": .string(instance)])])]),
        ])
        let response = try exchange("POST", url("/v3/service_credential_bindings"), json: body)
        switch response.status {
        case 201, 202:
            if response.status == 202 { try wait(job: response, doing: "creating key \(HubError.quoted(name))") }
        case 422:
            throw HubError(.cannotCreate, code: .cannotCreate, "Cloud Foundry refused key \(HubError.quoted(name))\(Self.detail(response)); it may exist already: read it with `app key show --cf-key \(name)`.", status: 422)
        default: throw Self.failure(response, doing: "creating key \(HubError.quoted(name))")
        }
        guard let key = try keys(instance: instance, name: name).first else {
            throw HubError(.data, code: .malformedResponse, "Cloud Foundry completed key \(HubError.quoted(name)) but does not list it.")
        }
        return key.guid
    }

    /// A key's `credentials` (`GET …/details`).
    public func keyCredentials(guid: String) throws -> JSONValue {
        let value = try object("GET", url("/v3/service_credential_bindings/" + SMPEndpoint.escape(segment: guid) + "/details"), doing: "reading a key")
        guard let credentials = value["credentials"], case .object = credentials else {
            throw HubError(.data, code: .malformedResponse, "Cloud Foundry's key details have no credentials object.")
        }
        return credentials
    }

    /// Deletes a key and waits for its job.
    public func deleteKey(guid: String, name: String) throws {
        let response = try exchange("DELETE", url("/v3/service_credential_bindings/" + SMPEndpoint.escape(segment: guid)))
        switch response.status {
        case 404, 204, 200: return
        case 202: try wait(job: response, doing: "deleting key \(HubError.quoted(name))")
        default: throw Self.failure(response, doing: "deleting key \(HubError.quoted(name))")
        }
    }

    /// The https URL of the first route bound to the instance, nil without one (the settings file's `server`).
    public func routeURL(instance: String) throws -> String? {
        let value = try object("GET", url("/v3/service_route_bindings", [("service_instance_guids", instance), ("include", "route")]),
                               doing: "reading the instance's routes")
        guard case .array(let routes)? = value["included"]?["routes"], let route = routes.first?["url"]?.stringValue, !route.isEmpty else { return nil }
        return route.hasPrefix("http://") || route.hasPrefix("https://") ? route : "https://" + route
    }

    // MARK: Jobs

    /// Polls the job of a 202 (`Location: …/v3/jobs/{guid}`, asked of this API only) until it is
    /// COMPLETE: first after half a second, then twice as long each time up to 5 s. It stops a
    /// little before the deadline (a quarter of what is left, at most 2 s), so that the command
    /// can still say what it left. FAILED is 69 with the job's errors; the deadline is 75 naming
    /// the job; a Location whose last segment is no job id is 65 (not followed).
    func wait(job response: HTTPResponse, doing what: String) throws {
        guard let location = response.header("Location") else {
            return  // no job to follow: the resource is read next
        }
        let guid = location.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { String($0.split(separator: "/", omittingEmptySubsequences: false).last ?? "") } ?? ""
        do {
            try AppAdminRules.serverId(guid, "a job id", from: "Cloud Foundry")
        } catch {
            throw HubError.data("Cloud Foundry accepted \(what), but its job's address \(HubError.quoted(location)) does not end in a job id; hubctl does not follow it, so how the work ends is unknown.",
                                code: .malformedResponse)
        }
        let jobURL = url("/v3/jobs/" + SMPEndpoint.escape(segment: guid))
        let reserve = min(2, max(0, ContinuousClock.now.duration(to: deadline).inSeconds) / 4)
        let timedOut = HubError(.temporary, code: .timeout,
                                "Cloud Foundry was still \(what) at the deadline (job \(guid)). Give a longer --deadline; `cf service` shows how it ends.")
        var pause = 0.5
        while true {
            let left = ContinuousClock.now.duration(to: deadline).inSeconds - reserve
            guard left > 0 else { throw timedOut }
            sleep(min(pause, left))
            pause = min(pause * 2, 5)
            let value: JSONValue
            do {
                value = try object("GET", jobURL, doing: "following job \(guid)")
            } catch let error as HubError where error.code == .timeout {
                throw timedOut
            }
            switch value["state"]?.stringValue {
            case "COMPLETE"?: return
            case "FAILED"?:
                var errors = ""
                if case .array(let list)? = value["errors"] {
                    errors = list.compactMap { $0["detail"]?.stringValue }.joined(separator: "; ")
                }
                throw HubError(.unavailable, code: .serverError, "Cloud Foundry failed \(what)\(errors.isEmpty ? "" : ": " + String(errors.prefix(400))).")
            default: continue
            }
        }
    }

    // MARK: Errors

    static func detail(_ response: HTTPResponse) -> String {
        guard let value = try? JSONValue.read(response.body), case .array(let errors)? = value["errors"],
              let text = errors.first?["detail"]?.stringValue, !text.isEmpty else { return "" }
        return ": " + String(text.prefix(300))
    }

    static func failure(_ response: HTTPResponse, doing what: String) -> HubError {
        let detail = detail(response)
        switch response.status {
        case 401: return HubError(.permission, code: .authFailed, "Cloud Foundry refused the token while \(what)\(detail). Run `cf login`, or give a fresh --cf-token-file.", status: 401)
        case 403: return HubError(.permission, code: .forbidden, "Cloud Foundry refused \(what) (HTTP 403)\(detail). The user needs the SpaceDeveloper role in the space.", status: 403)
        case 404: return HubError.noInput("Cloud Foundry found nothing while \(what) (HTTP 404)\(detail).", status: 404)
        case 422: return HubError(.data, code: .invalidData, "Cloud Foundry refused \(what) (HTTP 422)\(detail).", status: 422)
        case 429: return HubError(.unavailable, code: .rateLimited, "Cloud Foundry limits this user's requests (HTTP 429 while \(what)). Try again later.", status: 429)
        default: return SMPEndpoint.unexpected(response, doing: what)
        }
    }
}
