// `hubctl push send|status|registrations`: the operator's side of push, Mobile Services'
// Notification Backend API (docs/protocol.md §16). Credentials come from a service key (API key),
// a binding or VCAP_SERVICES (client credentials); secrets never reach argv, output or --verbose.

import ArgumentParser
import Foundation
import HubAuth
import HubConfig
import HubCore
import HubServices
import HubTransport
import HubVault

/// Exit code of `push send` when the request went through but some targets got nothing (README "Exit codes").
let pushSomeTargetsFailedExitCode: Int32 = 3

struct PushBackendOptions: ParsableArguments {
    @Option(name: .customLong("service-key"), help: ArgumentHelp("A Mobile Services service key JSON (url, apiKey, alias): API-key authentication. '-': stdin.", valueName: "file"), completion: .file())
    var serviceKey: String?

    @Option(name: .customLong("binding"), help: ArgumentHelp("A service binding JSON (uaa.clientid, uaa.clientsecret, uaa.url, endpoints.mobileservices.url): OAuth2 client credentials. '-': stdin.", valueName: "file"), completion: .file())
    var binding: String?

    @Option(name: .customLong("binding-name"), help: ArgumentHelp("Which mobile-services entry of VCAP_SERVICES, when it has several.", valueName: "name"))
    var bindingName: String?

    @Option(name: .customLong("tenant"), help: ArgumentHelp("A subscriber tenant id (sent as x-tenant-id).", valueName: "id"))
    var tenant: String?

    /// The credentials in force, first found of: --service-key / --binding, VCAP_SERVICES, the
    /// profile's (`hubctl config set-push`: push-* settings, the secret in the vault). --tenant wins
    /// over any tenant they name.
    func credentials(_ context: CommandContext, vault: PushVault) throws -> PushBackendCredentials {
        if serviceKey != nil && binding != nil {
            throw HubError.usage("Give --service-key or --binding, not both.")
        }
        var credentials: PushBackendCredentials
        if let path = serviceKey ?? binding {
            credentials = try Self.read(serviceKey: serviceKey != nil, path: path, context)
        } else if let vcap = context.environment["VCAP_SERVICES"], !vcap.isEmpty {
            credentials = try PushBackendCredentials.vcapServices(vcap, name: bindingName)
        } else {
            let config = try context.connectionConfig(requireConnection: false)
            guard let settings = config.push else {
                throw HubError(.config, code: .config, "No push credentials: give --service-key FILE or --binding FILE, run where VCAP_SERVICES has a mobile-services binding, or keep them in the profile with `hubctl config set-push`.")
            }
            credentials = try vault.profileCredentials(settings, profile: config.profile)
            if context.global.verbose {
                context.console.note("hubctl: push credentials of profile '\(config.profile)' (the secret from the vault)")
            }
        }
        if let tenant { credentials.tenant = tenant }
        return credentials
    }

    /// A service key or binding file (`-`: stdin), with a warning when others may read it.
    static func read(serviceKey: Bool, path: String, _ context: CommandContext) throws -> PushBackendCredentials {
        let what = serviceKey ? "service key" : "binding"
        let data: Data
        if path == "-" {
            data = try context.readStandardInput(limit: 1 << 20, what: "the \(what)", tooLarge: .tooLarge)
        } else {
            warnIfReadable(path, context)
            data = try context.readFileArgument(path, limit: 1 << 20, what: what, tooLarge: .tooLarge)
        }
        let label = path == "-" ? "the \(what) on stdin" : path
        return serviceKey ? try PushBackendCredentials.serviceKey(data, what: label) : try PushBackendCredentials.binding(data, what: label)
    }

    /// A key file others may read is a leak waiting to happen: say so (the command goes on).
    static func warnIfReadable(_ path: String, _ context: CommandContext) {
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o077 != 0 else { return }
        context.console.warning("\(path) is readable by group or others (mode \(String(mode & 0o777, radix: 8))); it holds a secret: chmod 600 \(path).")
    }
}

/// The vault as the push commands use it: the secret that opens it is asked for at most once.
/// Nothing is read (not even the passcode policy) for credentials that need no vault.
final class PushVault {
    let context: CommandContext
    let secrets: VaultSecrets
    private var opened: VaultStore?
    private var secret: VaultSecret?

    init(_ context: CommandContext) {
        self.context = context
        secrets = VaultSecrets(context: context)
    }

    var store: VaultStore {
        get throws {
            if let opened { return opened }
            let store = try context.vaultStore()
            opened = store
            return store
        }
    }

    /// The secret, or nil when none can be had (without a prompt when `prompt` is false).
    func secret(prompt: Bool) throws -> VaultSecret? {
        if let secret { return secret }
        let store = try self.store
        do {
            secret = try secrets.current(preferring: try store.storedSecretKind(), confirm: !store.exists, prompt: prompt)
        } catch let e as HubError where e.code == .vaultSecretMissing {
            return nil
        }
        return secret
    }

    /// The credentials of a profile: its push-* settings and the secret `config set-push` put in the vault.
    func profileCredentials(_ settings: PushProfileSettings, profile: String) throws -> PushBackendCredentials {
        let store = try self.store
        let key = PushBackendCredentials.secretVaultKey(settings)
        let again = settings.clientId == nil ? "`hubctl config set-push --service-key FILE`" : "`hubctl config set-push --binding FILE`"
        guard store.exists else {
            throw HubError(.noInput, code: .vaultNotFound,
                           "Profile '\(profile)' names push credentials, but there is no vault with their secret under \(store.directory). Run \(again) --profile \(profile).")
        }
        guard let secret = try secret(prompt: true) else {
            throw HubError.config("The secret of profile '\(profile)''s push credentials is in the vault, which cannot be opened: set HUBCTL_VAULT_PASSPHRASE, --vault-passphrase-file or HUBCTL_VAULT_KEY, or run on a terminal.", code: .vaultSecretMissing)
        }
        guard let data = try store.read(secret: secret).value(forKey: key), let text = String(data: data, encoding: .utf8), !text.isEmpty else {
            throw HubError(.noInput, code: .vaultKeyNotFound,
                           "The vault has no secret for profile '\(profile)''s push credentials (\(settings.clientId.map { "client \($0)" } ?? "the API key of \(settings.url)")). Run \(again) --profile \(profile).")
        }
        return try PushBackendCredentials.profile(settings, secret: text, profile: profile)
    }

    /// Where client-credentials tokens are cached: never worth a prompt.
    var tokenCache: ClientCredentialsCache {
        get throws { ClientCredentialsCache(store: try store, secret: { [self] in try self.secret(prompt: false) }) }
    }
}

/// One Notification Backend API conversation: the transport, the credentials, a token when needed.
final class PushBackendClient {
    let context: CommandContext
    let credentials: PushBackendCredentials
    let http: any HTTPTransport
    private let tokens: ClientCredentialsTokens?

    convenience init(context: CommandContext, options: PushBackendOptions) throws {
        let vault = PushVault(context)
        try self.init(context: context, credentials: try options.credentials(context, vault: vault), vault: vault)
    }

    init(context: CommandContext, credentials: PushBackendCredentials, vault: PushVault?) throws {
        self.context = context
        self.credentials = credentials
        let g = context.global
        var options = TransportOptions(caCertificatePath: g.cacert, insecure: g.insecure, totalTimeout: g.timeout ?? 30,
                                       deadline: Deadline(seconds: context.deadlineSeconds, from: context.started))
        var note: ((String) -> Void)?
        if g.verbose {
            let console = context.console
            options.verboseLog = { line in console.note("hubctl: " + line) }
            note = { console.note("hubctl: " + $0) }
        }
        http = try context.makeHTTPTransport(options)
        if case .clientCredentials(let tokenURL, let id, let secret) = credentials.auth {
            tokens = ClientCredentialsTokens(client: ClientCredentialsClient(tokenURL: tokenURL, clientId: id, tenant: credentials.tenant),
                                             clientSecret: secret, transport: http, cache: try vault?.tokenCache, note: note)
        } else {
            tokens = nil
        }
    }

    static let backendPath = "/mobileservices/push/v2/backend"

    func url(_ segments: [String], query: [(String, String)] = []) -> String {
        var s = credentials.url + Self.backendPath + "/" + segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? $0 }.joined(separator: "/")
        if !query.isEmpty {
            var c = URLComponents()
            c.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
            s += "?" + (c.percentEncodedQuery ?? "")
        }
        return s
    }

    func send(_ method: String, _ url: String, json body: Data? = nil) throws -> HTTPResponse {
        var headers = [HTTPHeader("Accept", "application/json")]
        if body != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        var basic: BasicCredentials?
        if case .apiKey(let alias, let key) = credentials.auth {
            if let alias { basic = BasicCredentials(user: alias, password: key) } else { headers.append(HTTPHeader("X-API-Key", key)) }
        }
        if let tenant = credentials.tenant { headers.append(HTTPHeader("x-tenant-id", tenant)) }
        func attempt(_ bearer: String?) throws -> HTTPResponse {
            var all = headers
            if let bearer { all.append(HTTPHeader("Authorization", "Bearer " + bearer)) }
            var request = HTTPRequest(method: method, url: url, headers: all, body: body, idempotent: method == "GET", credentials: basic)
            request.carriesSecrets = true
            return try http.send(request)
        }
        guard let tokens else { return try attempt(nil) }
        let token = try tokens.token()
        let response = try attempt(token)
        // A cached token the server no longer takes (revoked, or the server restarted): one new token, one retry.
        guard response.status == 401, tokens.fromCache else { return response }
        return try attempt(try tokens.renew(rejecting: token))
    }

    /// The server's status message, from `{"status": {"message"}}`.
    static func message(_ response: HTTPResponse) -> String? {
        guard let value = try? JSONValue.read(response.body) else { return nil }
        var text = value["status"]?["message"]?.stringValue
        if case .array(let parameters)? = value["status"]?["parameters"] {
            let fields = parameters.compactMap { p -> String? in
                guard let f = p["field"]?.stringValue else { return nil }
                return "\(f): \(p["message"]?.stringValue ?? "")"
            }
            if !fields.isEmpty { text = (text ?? "Validation failed") + " (" + fields.joined(separator: "; ") + ")" }
        }
        while text?.hasSuffix(".") == true { text?.removeLast() }
        return text
    }

    /// A failed request as the error a user can act on.
    static func failure(_ response: HTTPResponse, doing what: String) -> HubError {
        let detail = message(response).map { ": \($0)" } ?? ""
        switch response.status {
        case 401: return HubError(.permission, code: .authFailed, "Mobile Services refused the push credentials while \(what)\(detail). Check the service key or binding.", status: 401)
        case 403: return HubError(.permission, code: .forbidden, "Mobile Services refused \(what) (HTTP 403)\(detail). The API key or client lacks the role; add it to the service key in the cockpit.", status: 403)
        case 400: return HubError(.data, code: .invalidData, "Mobile Services refused the notification while \(what)\(detail).", status: 400)
        case 404: return HubError.noInput("Mobile Services found nothing while \(what)\(detail).", code: .notFound)
        default: return SMPEndpoint.unexpected(response, doing: what)
        }
    }
}

struct PushTargetResult: Encodable {
    var target: String
    var notificationId: String?
    var code: Int
    var message: String?
}

struct PushSendOutput: Encodable, CompactJSONWritable {
    var target: String
    var requests: Int
    var sent: Int
    var failed: Int
    var results: [PushTargetResult]

    /// Written directly in a pipe (10,000 results for 10,000 users): what JSONEncoder writes, absent
    /// optionals left out as its synthesized encoding does.
    func writeCompactJSON(to out: inout [UInt8]) throws {
        let list: [JSONValue] = results.map { r in
            var m: [String: JSONValue] = ["target": .string(r.target), "code": .int(Int64(r.code))]
            if let id = r.notificationId { m["notificationId"] = .string(id) }
            if let message = r.message { m["message"] = .string(message) }
            return .object(m)
        }
        try JSONValue.writeObject(["target": .string(target), "requests": .int(Int64(requests)), "sent": .int(Int64(sent)),
                                   "failed": .int(Int64(failed)), "results": .array(list)], to: &out)
    }
}

struct PushSend: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a push notification to users, a device, a group, a topic, a capability or everyone (operator).",
        discussion: """
        The operator's side of push: Mobile Services' Notification Backend API with the \
        credentials of a service key (--service-key, API key), a binding (--binding, OAuth2 client \
        credentials), the mobile-services entry of VCAP_SERVICES, or the profile's (`hubctl config \
        set-push`), the first found in that order. A client-credentials token is kept in the vault \
        until it expires when the vault opens without a prompt. Exactly one target. \
        --users-from reads one user a line and sends requests of at most 1,000 users each. \
        The notification comes from the flags or from --notification FILE|- (a JSON object, \
        checked against the documented shape before anything is sent). One result per target.

        Exit codes: 0 every target notified, 3 some targets failed (the results say which), \
        64 bad flags, 65 notification refused (400), 66 no such application or notification, \
        69 server unreachable, 75 timeout, 77 credentials refused or a role missing (401/403), \
        78 no credentials.

        Example:
          hubctl push send --service-key key.json --users alice,bob --alert hi
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var backend: PushBackendOptions

    /// `--user` is the global option: here it names the one user to notify (with --device, one of the user's devices).
    var user: String? { global.user }
    @Option(help: ArgumentHelp("A device id of --user.", valueName: "device")) var device: String?
    @Option(help: ArgumentHelp("Users, comma-separated.", valueName: "u1,u2,…")) var users: String?
    @Option(name: .customLong("users-from"), help: ArgumentHelp("Users one a line from FILE or '-' (stdin); sent 1,000 a request.", valueName: "file"), completion: .file())
    var usersFrom: String?
    @Option(help: ArgumentHelp("A push group.", valueName: "group")) var group: String?
    @Option(help: ArgumentHelp("A topic.", valueName: "topic")) var topic: String?
    @Option(help: ArgumentHelp("A capability.", valueName: "capability")) var capability: String?
    @Flag(help: "Every device of the application.") var all = false

    @Option(help: ArgumentHelp("The alert text.", valueName: "text")) var alert: String?
    @Option(help: ArgumentHelp("The badge number.", valueName: "n")) var badge: Int?
    @Option(help: ArgumentHelp("The sound name.", valueName: "name")) var sound: String?
    @Option(help: ArgumentHelp("high, normal or low.", valueName: "priority")) var priority: String?
    @Option(help: ArgumentHelp("Data for the app (a string).", valueName: "data")) var data: String?
    @Option(help: ArgumentHelp("A custom KEY=VALUE pair (repeatable).", valueName: "key=value")) var custom: [String] = []
    @Option(help: ArgumentHelp("The notification as a JSON object from FILE or '-' (stdin).", valueName: "file"), completion: .file())
    var notification: String?

    enum Target { case user(String, String?), users([String]), group(String), topic(String), capability(String), all }

    func target(_ context: CommandContext) throws -> Target {
        let given = [user != nil, users != nil, usersFrom != nil, group != nil, topic != nil, capability != nil, all].filter { $0 }.count
        guard given == 1 else {
            throw HubError.usage("Give exactly one target: --user, --users, --users-from, --group, --topic, --capability or --all (\(given) given).")
        }
        if device != nil && user == nil { throw HubError.usage("--device needs --user.") }
        if let user { return .user(user, device) }
        if let users {
            let list = users.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !list.isEmpty else { throw HubError.usage("--users is empty.") }
            return .users(list)
        }
        if let usersFrom {
            let data = usersFrom == "-" ? try context.readStandardInput(limit: 64 << 20, what: "the user list", tooLarge: .tooLarge)
                                         : try context.readFileArgument(usersFrom, limit: 64 << 20, what: "user list", tooLarge: .tooLarge)
            guard let text = String(data: data, encoding: .utf8) else { throw HubError.usage("The user list is not UTF-8.", code: .invalidEncoding) }
            let list = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            guard !list.isEmpty else { throw HubError.usage("The user list \(usersFrom == "-" ? "on stdin" : usersFrom) names no user.") }
            return .users(list)
        }
        if let group { return .group(group) }
        if let topic { return .topic(topic) }
        if let capability { return .capability(capability) }
        return .all
    }

    func notificationValue(_ context: CommandContext) throws -> JSONValue {
        var members: [String: JSONValue] = [:]
        if let path = notification {
            let flags = [alert != nil, badge != nil, sound != nil, priority != nil, data != nil, !custom.isEmpty].contains(true)
            if flags { throw HubError.usage("Give --notification or the notification flags (--alert, --badge, …), not both.") }
            let bytes = path == "-" ? try context.readStandardInput(limit: 1 << 20, what: "the notification", tooLarge: .tooLarge)
                                    : try context.readFileArgument(path, limit: 1 << 20, what: "notification", tooLarge: .tooLarge)
            guard let value = try? JSONValue.read(bytes) else { throw HubError.usage("The notification \(path == "-" ? "on stdin" : path) is not JSON.", code: .invalidData) }
            let problems = PushNotificationShape.problems(value)
            guard problems.isEmpty else {
                throw HubError.usage("The notification does not have the documented shape; nothing was sent: \(problems.joined(separator: "; ")).", code: .invalidData)
            }
            return value
        }
        if let alert { members["alert"] = .string(alert) }
        if let badge {
            guard badge >= 0 else { throw HubError.usage("--badge must be 0 or more.") }
            members["badge"] = .int(Int64(badge))
        }
        if let sound { members["sound"] = .string(sound) }
        if let priority {
            guard ["high", "normal", "low"].contains(priority.lowercased()) else { throw HubError.usage("--priority must be high, normal or low.") }
            members["priority"] = .string(priority.lowercased())
        }
        if let data { members["data"] = .string(data) }
        if !custom.isEmpty {
            var pairs: [String: JSONValue] = [:]
            for item in custom {
                guard let eq = item.firstIndex(of: "="), eq != item.startIndex else { throw HubError.usage("--custom \(HubError.quoted(item)) is not KEY=VALUE.") }
                pairs[String(item[..<eq])] = .string(String(item[item.index(after: eq)...]))
            }
            members["custom"] = .object(pairs)
        }
        guard !members.isEmpty else { throw HubError.usage("No notification: give --alert (and/or --badge, --sound, --data, --custom) or --notification FILE.") }
        return .object(members)
    }

    func execute(_ context: CommandContext) throws {
        let stdinUsers = [backend.serviceKey == "-" || backend.binding == "-", usersFrom == "-", notification == "-"].filter { $0 }.count
        guard stdinUsers <= 1 else { throw HubError.usage("Only one of --service-key, --binding, --users-from and --notification can read stdin ('-').") }
        let target = try self.target(context)
        let notification = try notificationValue(context)
        guard let appId = global.appId ?? context.environment["HUBCTL_APP_ID"], !appId.isEmpty else {
            throw HubError(.config, code: .missingAppId, "No application: give --app-id (or HUBCTL_APP_ID).")
        }
        let client = try PushBackendClient(context: context, options: backend)
        var results: [PushTargetResult] = []
        var requests = 0
        func post(_ segments: [String], _ body: [String: JSONValue], label: String) throws {
            requests += 1
            let response = try client.send("POST", client.url(segments), json: try JSONOutput.encode(JSONValue.object(body), pretty: false))
            guard let value = try? JSONValue.read(response.body), case .array(let list)? = value["pushResults"] else {
                if (200...299).contains(response.status) {
                    results.append(PushTargetResult(target: label, notificationId: nil, code: response.status, message: nil)); return
                }
                throw PushBackendClient.failure(response, doing: "sending to \(label)")
            }
            if response.status == 401 || response.status == 403 || response.status == 400 {
                throw PushBackendClient.failure(response, doing: "sending to \(label)")
            }
            for item in list {
                let code: Int
                switch item["code"] { case .int(let n)?: code = Int(n); case .double(let d)?: code = Int(d); default: code = response.status }
                let id: String?
                switch item["notificationId"] { case .string(let s)?: id = s; case .int(let n)?: id = String(n); default: id = nil }
                results.append(PushTargetResult(target: item["target"]?.stringValue ?? label, notificationId: id, code: code, message: item["message"]?.stringValue))
            }
        }
        let label: String
        switch target {
        case .user(let user, let device):
            label = device.map { "user \(user), device \($0)" } ?? "user \(user)"
            if let device {
                try post(["applications", appId, "users", user, "devices", device, "notifications"], ["notification": notification], label: user)
            } else {
                try post(["applications", appId, "notifications", "users"], ["notification": notification, "users": .array([.string(user)])], label: user)
            }
        case .users(let list):
            label = "\(list.count) users"
            var start = 0
            while start < list.count {
                let chunk = Array(list[start..<min(start + 1_000, list.count)])
                try post(["applications", appId, "notifications", "users"], ["notification": notification, "users": .array(chunk.map(JSONValue.string))], label: "users")
                start += 1_000
            }
        case .group(let g):
            label = "group \(g)"
            try post(["applications", appId, "groups", g, "notifications"], ["notification": notification], label: g)
        case .topic(let t):
            label = "topic \(t)"
            try post(["applications", appId, "topics", t, "notifications"], ["notification": notification], label: t)
        case .capability(let c):
            label = "capability \(c)"
            try post(["capabilities", c, "notifications"], ["notification": notification], label: c)
        case .all:
            label = "application \(appId)"
            try post(["applications", appId, "notifications"], ["notification": notification], label: appId)
        }
        let sent = results.filter { (200...299).contains($0.code) }.count
        try context.emit(PushSendOutput(target: label, requests: requests, sent: sent, failed: results.count - sent, results: results))
        if sent < results.count { throw BatchFailed(exitCode: pushSomeTargetsFailedExitCode) }
    }
}

struct PushStatus: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the status of a notification that `push send` sent (operator).",
        discussion: """
        Credentials as for `push send`: --service-key, --binding, VCAP_SERVICES, then the profile's.

        Exit codes: 0 ok, 64 bad flags, 66 no such notification, 69 server unreachable, \
        75 timeout, 77 credentials refused or a role missing, 78 no credentials.

        Example:
          hubctl push status --service-key key.json 1001 | jq -r .status
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var backend: PushBackendOptions
    @Argument(help: ArgumentHelp("The notificationId from `push send`.", valueName: "notification-id")) var notificationId: String

    struct Output: Encodable { var notificationId: String; var status: String?; var notificationType: String?; var recipients: Int64? }

    func execute(_ context: CommandContext) throws {
        let client = try PushBackendClient(context: context, options: backend)
        let response = try client.send("GET", client.url(["notifications", notificationId, "status"]))
        guard response.status == 200 else { throw PushBackendClient.failure(response, doing: "reading notification \(notificationId)'s status") }
        guard let value = try? JSONValue.read(response.body) else {
            throw HubError(.data, code: .malformedResponse, "The notification status answer is not JSON.", status: 200)
        }
        let s = value["notificationStatus"] ?? value
        var recipients: Int64?
        if case .int(let n)? = s["recipients"] { recipients = n }
        try context.emit(Output(notificationId: s["notificationId"]?.stringValue ?? notificationId, status: s["status"]?.stringValue,
                                notificationType: s["notificationType"]?.stringValue, recipients: recipients))
    }
}

struct PushRegistrations: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "registrations",
        abstract: "List the application's push registrations (operator; role pushregistrations_read).",
        discussion: """
        Credentials as for `push send`: --service-key, --binding, VCAP_SERVICES, then the profile's.

        Exit codes: 0 ok, 64 bad flags, 66 no such application, 69 server unreachable, \
        75 timeout, 77 credentials refused or a role missing, 78 no credentials.

        Example:
          hubctl push registrations --service-key key.json --user alice
        """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var backend: PushBackendOptions
    /// `--user` (the global option) names the user whose registrations to list.
    var user: String? { global.user }
    @Option(help: ArgumentHelp("Only this push group's registrations.", valueName: "group")) var group: String?

    struct Registration: Encodable { var device: String?; var user: String?; var pushProvider: String?; var pushGroup: String? }

    func execute(_ context: CommandContext) throws {
        guard let appId = global.appId ?? context.environment["HUBCTL_APP_ID"], !appId.isEmpty else {
            throw HubError(.config, code: .missingAppId, "No application: give --app-id (or HUBCTL_APP_ID).")
        }
        let client = try PushBackendClient(context: context, options: backend)
        var query: [(String, String)] = []
        if let user { query.append(("username", user)) }
        if let group { query.append(("pushGroup", group)) }
        let response = try client.send("GET", client.url(["applications", appId, "registrations"], query: query))
        guard response.status == 200 else { throw PushBackendClient.failure(response, doing: "listing push registrations") }
        guard let value = try? JSONValue.read(response.body), case .array(let list)? = value["value"] else {
            throw HubError(.data, code: .malformedResponse, "The registrations answer has no \"value\" list.", status: 200)
        }
        try context.emit(list.map { r in
            Registration(device: r["device"]?.stringValue, user: r["username"]?.stringValue,
                         pushProvider: r["pushProvider"]?.stringValue, pushGroup: r["pushGroup"]?.stringValue)
        })
    }
}
