// The emulator's one route table: every address it serves, as (methods, path pattern, world,
// one-line help) and the handler that answers it. `EmulatorResponder` matches a request against it
// once; the control API's row hands it to the router built from ControlRoutes.table, the rows of
// the same kind under /_emulator/. `hubctl-emulator --help` prints both (`helpText`);
// RouteTableTests check that each row is reached by its example requests and by no other row's.

import Foundation
import HTTPTypes
import Hummingbird

/// The worlds the emulator plays, one folder of Sources/HubEmulator each.
enum EmulatorWorld: String, Sendable, CaseIterable {
    case control = "Control"
    case smp = "SMP"
    case mobileServices = "MobileServices"
    case clientServices = "ClientServices"
    case pushBackend = "PushBackend"
    case clientResources = "ClientResources"
    case cloudFoundry = "CloudFoundry"
}

/// How a row reads a request's path.
enum PathReading: Sendable {
    /// The percent-decoded, non-empty segments after the configured `pathPrefix` (a request
    /// outside the prefix matches no such row). `{name}` is one segment (a name used twice must
    /// be the same text both times), a trailing `**` any number; a leading `**` finds the rest
    /// where its first two segments first appear (a service key's `url` may have a path before
    /// it). The bare `/` is the server's root: the path `/` itself, no prefix configured.
    case segments
    /// The path as sent, exactly, with the configured prefix before it or not.
    case exactPath
    /// The path as sent is the pattern or starts with it and `/`, whatever the configured prefix.
    case pathPrefix
}

/// What surrounds a row's answer.
enum RouteEnvelope: Sendable {
    /// The control API: never logged, never faulted (the router of ControlRoutes.table answers).
    case control
    /// Logged and faulted, answered as the handler answers (the OAuth endpoints).
    case plain
    /// Logged and faulted; answered inside Mobile Services' session scope (the tenant cookie of a
    /// session the gate starts) and, for HEAD, as GET without the body.
    case protocolRequest
}

/// One request as a matched row sees it.
struct RouteCall: Sendable {
    let request: Request
    let state: EmulatorState
    let configuration: EmulatorConfiguration
    /// The `{name}` segments of the pattern.
    let parameters: [String: String]
    /// The segments a trailing `**` matched.
    let rest: [String]

    subscript(_ name: String) -> String { parameters[name] ?? "" }
}

struct Route: Sendable {
    /// The methods the row serves, as the help shows them.
    let methods: [HTTPRequest.Method]
    /// false: a request with another method reaches the handler too, which refuses it in its
    /// world's shape (its 405 or 404); true: it does not match this row.
    var methodsOnly = false
    let path: String
    var reading: PathReading = .segments
    var envelope: RouteEnvelope = .protocolRequest
    let world: EmulatorWorld
    let help: String
    /// nil for the control API, whose own rows (ControlRoutes.table) answer.
    let answer: (@Sendable (RouteCall) async -> Response)?

    /// The parameters and rest when the row matches the request, nil otherwise.
    func match(method: HTTPRequest.Method, rawPath: String, segments: [String]?, prefix: String) -> (parameters: [String: String], rest: [String])? {
        if methodsOnly, !methods.contains(method) { return nil }
        switch reading {
        case .exactPath:
            var raw = rawPath
            let base = prefix.isEmpty ? "" : "/" + prefix
            if !base.isEmpty, raw.hasPrefix(base + "/") { raw.removeFirst(base.count) }
            return raw == path ? ([:], []) : nil
        case .pathPrefix:
            return rawPath == path || rawPath.hasPrefix(path + "/") ? ([:], []) : nil
        case .segments:
            guard let segments else { return nil }
            let pattern = path.split(separator: "/").map(String.init)
            if pattern.isEmpty { return segments.isEmpty && rawPath == "/" ? ([:], []) : nil }
            if pattern.first == "**" {
                let anchor = Array(pattern.dropFirst().prefix(2))
                guard let start = segments.indices.first(where: { Array(segments[$0...].prefix(anchor.count)) == anchor }) else { return nil }
                return Self.match(Array(pattern.dropFirst()), Array(segments[start...]))
            }
            return Self.match(pattern, segments)
        }
    }

    private static func match(_ pattern: [String], _ segments: [String]) -> (parameters: [String: String], rest: [String])? {
        var parameters: [String: String] = [:]
        for (i, part) in pattern.enumerated() {
            if part == "**", i == pattern.count - 1 { return (parameters, Array(segments.dropFirst(i))) }
            guard i < segments.count else { return nil }
            if part.hasPrefix("{"), part.hasSuffix("}") {
                let name = String(part.dropFirst().dropLast())
                if let bound = parameters[name], bound != segments[i] { return nil }
                parameters[name] = segments[i]
            } else if part != segments[i] {
                return nil
            }
        }
        return pattern.count == segments.count ? (parameters, []) : nil
    }
}

public enum EmulatorRoutes {
    /// The decoded, non-empty segments of `rawPath` after `prefix`; nil when the path is outside it.
    static func segments(_ rawPath: String, prefix: String) -> [String]? {
        let prefixSegments = prefix.split(separator: "/").map(String.init)
        var segments = rawPath.split(separator: "/", omittingEmptySubsequences: true).map { String($0).removingPercentEncoding ?? String($0) }
        guard segments.count >= prefixSegments.count, Array(segments.prefix(prefixSegments.count)) == prefixSegments else { return nil }
        segments.removeFirst(prefixSegments.count)
        return segments
    }

    /// The first row that matches (rows are disjoint on the addresses they document; a path with a
    /// `**` row's address inside another's goes to the earlier row), nil for none: then the
    /// registration service reads the path itself (`fallback`).
    static func route(for request: Request, prefix: String) -> (route: Route, parameters: [String: String], rest: [String])? {
        route(method: request.method, rawPath: request.uri.path, prefix: prefix)
    }

    static func route(method: HTTPRequest.Method, rawPath: String, prefix: String) -> (route: Route, parameters: [String: String], rest: [String])? {
        let segments = segments(rawPath, prefix: prefix)
        for route in table {
            if let (parameters, rest) = route.match(method: method, rawPath: rawPath, segments: segments, prefix: prefix) {
                return (route, parameters, rest)
            }
        }
        return nil
    }

    /// What no row names: the registration service's own reading of the path (ProtocolPath), which
    /// answers 404 `ResourceNotFound` in the wanted format for an address it does not know.
    static let fallback: @Sendable (RouteCall) async -> Response = { call in
        await ProtocolHandler(configuration: call.configuration, state: call.state).respond(to: call.request)
    }

    static let table: [Route] = [
        Route(methods: [.get, .put, .post, .delete], path: "/_emulator", reading: .pathPrefix, envelope: .control, world: .control,
              help: "the rows below (CONTROL API above); never logged or faulted", answer: nil),

        // Mobile Services' OAuth server (docs/protocol.md §14).
        Route(methods: [.get, .post], path: MobileServicesHandler.authorizePath, reading: .exactPath, envelope: .plain, world: .mobileServices,
              help: "the OAuth login form; POST logs in, 302 with a code") { call in
            await MobileServicesHandler(state: call.state).authorize(call.request)
        },
        Route(methods: [.post], path: MobileServicesHandler.tokenPath, reading: .exactPath, envelope: .plain, world: .mobileServices,
              help: "OAuth tokens: authorization_code (PKCE), refresh_token") { call in
            await MobileServicesHandler(state: call.state).token(call.request)
        },

        // The Notification Backend API (§16), under any path a service key's url has.
        Route(methods: [.post], path: "/oauth/token", world: .pushBackend,
              help: "XSUAA-like tokens of the push and bundles API keys") { call in
            await PushBackendHandler(state: call.state).token(call.request)
        },
        Route(methods: [.get], path: "**/mobileservices/push/v1/backend/**", world: .pushBackend,
              help: "notifications/{id}/status: a sent notification's status") { call in
            PushBackendHandler(state: call.state).v1(call.request, rest: call.rest)
        },
        Route(methods: [.get, .post], path: "**/mobileservices/push/v2/backend/**", world: .pushBackend,
              help: "sends, registrations, localizations (PushBackendHandler)") { call in
            await PushBackendHandler(state: call.state).v2(call.request, rest: call.rest)
        },

        // The Client Resources admin API (§19), under any path a service key's url has.
        Route(methods: [.get, .post, .put, .delete], path: "**/mobileservices/origin/{origin}/bundles/v1/admin/{resource}/**",
              world: .clientResources, help: "ApplicationResourceBundles: create, upload, list, …") { call in
            await ClientResourcesHandler(state: call.state).respond(to: call.request, origin: call["origin"], resource: call["resource"], tail: call.rest)
        },

        // Cloud Foundry, cf's UAA and the cockpit's Admin API (§17).
        Route(methods: [.get], methodsOnly: true, path: "/", world: .cloudFoundry,
              help: "the CF API root: links.login and links.uaa name cf's UAA") { call in
            CloudFoundryHandler(state: call.state).root(call.request)
        },
        Route(methods: [.get, .post, .delete], path: "/v3/**", world: .cloudFoundry,
              help: "the CF v3 API: orgs, spaces, plans, instances, keys, jobs") { call in
            await CloudFoundryHandler(state: call.state).api(call.request, rest: call.rest)
        },
        Route(methods: [.post], path: "/cf-uaa/oauth/token", world: .cloudFoundry,
              help: "cf's UAA: refresh_token, password, client_credentials") { call in
            await CloudFoundryUAAHandler(state: call.state).respond(to: call.request)
        },
        // App Update under the Admin API: before the cockpit's row, whose `**` also matches these paths.
        Route(methods: [.get, .post, .delete], path: AppUpdateHandler.path, world: .cloudFoundry,
              help: "App Update: details, deploy (multipart), delete") { call in
            await AppUpdateHandler(state: call.state).respond(to: call.request, org: call["org"], space: call["space"], appId: call["app"], action: nil)
        },
        Route(methods: [.put, .post, .delete], path: AppUpdateHandler.path + "/{action}", world: .cloudFoundry,
              help: "promote, stage, unstage, deletePendings (X-HTTP-METHOD)") { call in
            await AppUpdateHandler(state: call.state).respond(to: call.request, org: call["org"], space: call["space"], appId: call["app"], action: call["action"])
        },
        Route(methods: [.get, .post, .delete], path: "/cockpit/v1/org/{org}/space/{space}/**", world: .cloudFoundry,
              help: "the cockpit's Admin API: apps, app/{id}, restore, keys") { call in
            await CockpitAdminHandler(state: call.state).respond(to: call.request, org: call["org"], space: call["space"], rest: call.rest)
        },

        // The client services (§15) and the versions address (§15.1).
        Route(methods: [.post], path: "/clientlogs", world: .clientServices,
              help: "SMP 3's multipart log upload (404 as Mobile Services)") { call in
            await ClientServicesHandler(call).clientLogs(call.request)
        },
        Route(methods: [.get], path: "/mobileservices/management/versions", world: .mobileServices,
              help: "the service versions (404 as SMP 3: --platform auto)") { call in
            ClientServicesHandler(call).versions(call.request)
        },
        Route(methods: [.post, .put, .delete], path: "/mobileservices/push/v1/runtime/applications/{app}/os/{os}/devices/{device}",
              world: .clientServices, help: "a device's push registration") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .push(os: call["os"], deviceId: call["device"]))
        },
        Route(methods: [.get], path: "/mobileservices/push/v1/runtime/applications/{app}/pushconfigurations/os/{os}/pushid",
              world: .clientServices, help: "the application's push id of one OS") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .pushId(os: call["os"]))
        },
        Route(methods: [.post], path: "/mobileservices/application/{app}/clientlogs/v1/runtime/log/application/{app}",
              world: .clientServices, help: "a client log upload") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .logs)
        },
        Route(methods: [.post], path: "/mobileservices/application/{app}/clientusage/v1/runtime/clientusage/application/{app}",
              world: .clientServices, help: "a usage report") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .usage(deviceId: nil))
        },
        Route(methods: [.post], path: "/mobileservices/application/{app}/clientusage/v1/runtime/clientusage/application/{app}/device/{device}",
              world: .clientServices, help: "a usage report of one device") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .usage(deviceId: call["device"]))
        },
        Route(methods: [.get], path: "/mobileservices/application/{app}/roleservice/application/{app}/v2/Me",
              world: .clientServices, help: "the calling user's roles and groups") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .me)
        },
        Route(methods: [.get], path: "/mobileservices/application/{app}/Storage/v1/runtime/application/{app}/global/mobileservices/settingsExchange",
              world: .clientServices, help: "the settings-exchange policies") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .settingsExchange(nil))
        },
        Route(methods: [.get], path: "/mobileservices/application/{app}/Storage/v1/runtime/application/{app}/global/mobileservices/settingsExchange/{member}",
              world: .clientServices, help: "one member of the settings-exchange policies") { call in
            await ClientServicesHandler(call).serve(call.request, appId: call["app"], .settingsExchange(call["member"]))
        },

        // SMP 3's lifecycle service: a device's App Update check and download (§17.10).
        Route(methods: [.post], path: "/odata/lcm/v1/ListApps", world: .smp,
              help: "a device's update: the current App Update revision") { call in
            await LifecycleHandler(state: call.state).listApps(call.request)
        },
        Route(methods: [.get], path: "/odata/lcm/v1/Download/{app}/{platform}/{revision}", world: .smp,
              help: "a revision's file (the ListApps answer's Path)") { call in
            LifecycleHandler(state: call.state).download(call.request, appId: call["app"], platform: call["platform"], revision: call["revision"])
        },

        // The registration service and bundles (§1-7, 13): ProtocolPath reads these addresses.
        Route(methods: [.get, .head, .post, .put, .patch, .merge, .delete], path: "/odata/applications/{version}/{app}/**", world: .smp,
              help: "the service document, $metadata, Connections, Endpoints, …") { call in await fallback(call) },
        Route(methods: [.get, .head, .post, .put, .patch, .merge, .delete], path: "/public/odata/applications/{version}/{app}/**", world: .smp,
              help: "the same, anonymous (404 while playing Mobile Services)") { call in await fallback(call) },
        Route(methods: [.get, .head], path: "/bundles/{app}/**", world: .smp,
              help: "the assigned bundle, or NAME:VERSION") { call in await fallback(call) },
        Route(methods: [.get, .head], path: "/mobileservices/application/{app}/bundles/v1/runtime/bundle/application/**", world: .smp,
              help: "Mobile Services' bundle addresses") { call in await fallback(call) },
    ]

    /// The table as `hubctl-emulator --help` shows it, a row after another (the control API's row
    /// followed by its routes, ControlRoutes.table), then what no row names.
    public static var helpText: String {
        table.flatMap { route in
            [helpEntry(route)] + (route.envelope == .control ? ControlRoutes.table.map { helpEntry($0) } : [])
        }.joined(separator: "\n") + "\n  anything else: the registration service's 404 (ResourceNotFound)"
    }

    /// A row in the help: methods and path (a long path broken after a `/`, so no line is wider
    /// than `width` and the help's own wrapping, which breaks at spaces, leaves it whole), then
    /// a line of world and help.
    static func helpEntry(_ route: Route, width: Int = 78) -> String {
        let path = switch route.reading {
        case .pathPrefix: route.path + "[/…]"
        case .segments where route.path != "/" && !route.path.hasPrefix("**"): "[/PREFIX]" + route.path
        default: route.path
        }
        return helpEntry(methods: route.methods, path: path, world: route.world, help: route.help, width: width)
    }

    /// A control route in the help, in the same shape.
    static func helpEntry(_ route: ControlRoute, width: Int = 78) -> String {
        helpEntry(methods: [route.method], path: route.fullPath, world: route.world, help: route.help, width: width)
    }

    private static func helpEntry(methods: [HTTPRequest.Method], path: String, world: EmulatorWorld, help: String, width: Int) -> String {
        var lines = ["  \(methods.map(\.rawValue).joined(separator: "|")) "]
        for (i, part) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            let piece = (i == 0 ? "" : "/") + part
            if lines[lines.count - 1].count + piece.count > width, i > 1 { lines.append("      ") }
            lines[lines.count - 1] += piece
        }
        return (lines + ["      \(world.rawValue): \(help)"]).joined(separator: "\n")
    }
}

extension HTTPRequest.Method {
    static let merge = HTTPRequest.Method("MERGE")!
}
