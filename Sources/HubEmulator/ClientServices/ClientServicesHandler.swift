// The client services beside registration (docs/protocol.md §15): Mobile Services' push API, client
// logs, client usage, the role service's `/v2/Me` and the settings-exchange policies, and SMP 3's
// `/clientlogs`. Answers depend on the application's switches (`ClientServicesState`); what
// arrives is recorded for tests (`GET /_emulator/received`).

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

struct ClientServicesHandler: Sendable {
    let configuration: EmulatorConfiguration
    let state: EmulatorState
    var services: ClientServicesState { state.clientServices }

    static let pushOperatingSystems: Set<String> = ["ios", "android", "windows", "baidu", "w3cpushapi", "custom"]
    /// SMP 3's multipart log upload is collected in memory; Mobile Services' text upload is streamed.
    static let maximumMultipartLog = 256 << 20
    static let maximumUsageReport = 16 << 20

    init(configuration: EmulatorConfiguration, state: EmulatorState) {
        self.configuration = configuration
        self.state = state
    }

    init(_ call: RouteCall) { self.init(configuration: call.configuration, state: call.state) }

    /// What the client services' addresses (EmulatorRoutes' rows) name.
    enum Kind {
        case push(os: String, deviceId: String), pushId(os: String), logs, usage(deviceId: String?), me
        case settingsExchange(String?)
    }

    /// SMP 3's `/clientlogs`; while the emulator plays Mobile Services, 404.
    func clientLogs(_ request: Request) async -> Response {
        guard services.platform == .smp3 else { return notFound(request) }
        return await smp3Logs(request)
    }

    /// `/mobileservices/management/versions`; while the emulator plays SMP 3, 404.
    func versions(_ request: Request) -> Response {
        guard services.platform == .mobileServices else { return notFound(request) }
        return ManagementVersions.answer(request, versions: configuration.versions, onboarding: state.mobileServices.onboardingVersion)
    }

    /// A Mobile Services client service of `appId`: 404 while the emulator plays SMP 3, then the
    /// registration service's gate (Mobile Services' own, then certificate or Basic), then `kind`.
    func serve(_ request: Request, appId: String, _ kind: Kind) async -> Response {
        guard services.platform == .mobileServices else { return notFound(request) }
        guard state.application(appId) != nil else {
            return Answers.error(.notFound, "ApplicationNotFound", "Application '\(appId)' does not exist.", .json)
        }
        let user: String?
        // The registration service's rules: Mobile Services' gate, then certificate or Basic.
        switch ProtocolHandler(configuration: configuration, state: state).identify(request, appId: appId, format: .json) {
        case .caller(let caller): user = caller.user
        case .refused(let response): return response
        }
        let switches = services.switches(appId)
        switch kind {
        case .push(let os, let deviceId):
            return await push(request, appId: appId, os: os, deviceId: deviceId, user: user, switches: switches)
        case .pushId(let os):
            guard request.method == .get else { return Answers.methodNotAllowed(allow: "GET", .json) }
            guard Self.pushOperatingSystems.contains(os) else { return badOS(os) }
            guard switches.pushConfigured else { return pushNotConfigured(appId) }
            let id = switches.pushIds[os] ?? "emulator-\(os)-push-id"
            return json(.ok, .object([("pushId", .string(id))]))
        case .logs:
            guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", .json) }
            return await mobileServicesLogs(request, appId: appId, switches: switches)
        case .usage(let deviceId):
            guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", .json) }
            return await usage(request, appId: appId, deviceId: deviceId, switches: switches)
        case .me:
            guard request.method == .get else { return Answers.methodNotAllowed(allow: "GET", .json) }
            guard switches.accessControl else {
                return Answers.error(.preconditionFailed, "AccessControlNotEnabled",
                                     "Access control is not enabled for application '\(appId)'.", .json)
            }
            return json(.ok, Self.me(user: user ?? "anonymous", switches: switches))
        case .settingsExchange(let member):
            guard request.method == .get else { return Answers.methodNotAllowed(allow: "GET", .json) }
            let document = settingsExchange(appId: appId, switches: switches)
            guard let member else { return json(.ok, document) }
            guard let value = document[member] else {
                return Answers.error(.notFound, "NotFound", "The settings exchange has no '\(member)'.", .json)
            }
            return json(.ok, value)
        }
    }

    // MARK: Push

    private func push(_ request: Request, appId: String, os: String, deviceId: String, user: String?,
                      switches: ServiceSwitches) async -> Response {
        guard Self.pushOperatingSystems.contains(os) else { return badOS(os) }
        guard switches.pushConfigured else { return pushNotConfigured(appId) }
        switch request.method {
        case .delete:
            return services.deletePush(appId: appId, os: os, deviceId: deviceId) == .deleted
                ? Response(status: .noContent)
                : Answers.error(.notFound, "NotFound", "Device '\(deviceId)' is not registered for push on \(os).", .json)
        case .post, .put:
            guard let data = try? await request.collectSmallBody(), let body = try? ODataValue.parseJSON(data), case .object = body else {
                return Answers.error(.badRequest, "InvalidRequestBody", "The body must be a JSON object.", .json)
            }
            guard case .string(let token)? = body["pushToken"], !token.isEmpty else {
                return Answers.error(.badRequest, "InvalidRequestBody", "pushToken is required.", .json)
            }
            let record = PushRegistrationRecord(appId: appId, os: os, deviceId: deviceId, user: user, body: body, writes: 1)
            switch services.writePush(record, create: request.method == .post) {
            case .created: return Response(status: .created)
            case .updated: return Response(status: .noContent)
            case .exists:
                return Answers.error(.conflict, "Conflict", "Device '\(deviceId)' is already registered for push on \(os); update it with PUT.", .json)
            default:
                return Answers.error(.notFound, "NotFound", "Device '\(deviceId)' is not registered for push on \(os).", .json)
            }
        default:
            return Answers.methodNotAllowed(allow: "POST, PUT, DELETE", .json)
        }
    }

    private func badOS(_ os: String) -> Response {
        Answers.error(.badRequest, "InvalidOperatingSystem", "'\(os)' is not one of \(Self.pushOperatingSystems.sorted().joined(separator: ", ")).", .json)
    }

    private func pushNotConfigured(_ appId: String) -> Response {
        Answers.error(.notFound, "PushNotConfigured", "Push is not configured for application '\(appId)'.", .json)
    }

    // MARK: Logs

    /// `text/plain`, one entry a line, streamed: only counts and the first and last lines are kept.
    private func mobileServicesLogs(_ request: Request, appId: String, switches: ServiceSwitches) async -> Response {
        var scanner = LogLineScanner()
        do {
            for try await chunk in request.body {
                chunk.withUnsafeReadableBytes { scanner.feed($0) }
            }
        } catch {
            return Answers.error(.badRequest, "InvalidRequest", "The body could not be read: \(error).", .json)
        }
        scanner.finish()
        let received = ReceivedLog(appId: appId, platform: .mobileServices, deviceId: request.queryValue("deviceId"),
                                   contentType: request.headers[.contentType], bytes: scanner.bytes, lines: scanner.lines,
                                   firstLine: scanner.firstLine, lastLine: scanner.lastLine,
                                   accepted: switches.logUploadEnabled && scanner.firstBadLine == nil)
        services.record(received)
        guard switches.logUploadEnabled else {
            return Answers.error(.forbidden, "LogUploadNotEnabled", "Client log upload is not enabled for application '\(appId)'.", .json)
        }
        if let bad = scanner.firstBadLine {
            return Answers.error(.badRequest, "InvalidLogFormat", "Line \(bad) is not #date#severity#correlation#source#location#message#.", .json)
        }
        return Response(status: .noContent)
    }

    /// SMP 3: `POST /clientlogs`, multipart/form-data, the connection in `X-SMP-APPCID`.
    private func smp3Logs(_ request: Request) async -> Response {
        guard request.method == .post else { return Answers.methodNotAllowed(allow: "POST", .json) }
        guard let id = request.applicationConnectionId else {
            return Answers.error(.forbidden, "Forbidden", "The request has no X-SMP-APPCID header or cookie.", .json)
        }
        guard let connection = state.connection(id) else {
            return Answers.error(.forbidden, "Forbidden", "X-SMP-APPCID '\(id)' is not a registered connection.", .json)
        }
        let user: String?
        // The registration service's rules: Mobile Services' gate, then certificate or Basic.
        switch ProtocolHandler(configuration: configuration, state: state).identify(request, appId: connection.appId, format: .json) {
        case .caller(let caller): user = caller.user
        case .refused(let response): return response
        }
        guard state.application(connection.appId)?.configuration.anonymous == true || user == connection.user else {
            return Answers.error(.forbidden, "Forbidden", "Connection '\(id)' belongs to another user.", .json)
        }
        guard let boundary = Self.boundary(request.headers[.contentType]) else {
            return Answers.error(.badRequest, "InvalidRequest", "Client logs are multipart/form-data with a boundary.", .json)
        }
        var request = request
        guard let buffer = try? await request.collectBody(upTo: Self.maximumMultipartLog) else {
            return Answers.error(.contentTooLarge, "RequestTooLarge", "The log is larger than the emulator keeps.", .json)
        }
        let body = Data(buffer.readableBytesView)
        guard let content = Self.firstPart(body, boundary: boundary) else {
            return Answers.error(.badRequest, "InvalidRequest", "The multipart body has no part.", .json)
        }
        var scanner = LogLineScanner()
        content.withUnsafeBytes { scanner.feed($0) }
        scanner.finish()
        let enabled = services.switches(connection.appId).logUploadEnabled
        services.record(ReceivedLog(appId: connection.appId, platform: .smp3, deviceId: id, contentType: request.headers[.contentType],
                                    bytes: scanner.bytes, lines: scanner.lines, firstLine: scanner.firstLine,
                                    lastLine: scanner.lastLine, accepted: enabled && scanner.firstBadLine == nil))
        guard enabled else {
            return Answers.error(.forbidden, "LogUploadNotEnabled", "Client log upload is not enabled for application '\(connection.appId)'.", .json)
        }
        if let bad = scanner.firstBadLine {
            return Answers.error(.badRequest, "InvalidLogFormat", "Line \(bad) is not #date#severity#correlation#source#location#message#.", .json)
        }
        return Response(status: .created)
    }

    static func boundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.trimmingCharacters(in: .whitespaces)
            if pair.lowercased().hasPrefix("boundary=") {
                let value = pair.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// The content of the first part: after its headers' blank line, up to the next delimiter.
    static func firstPart(_ body: Data, boundary: String) -> Data? {
        let delimiter = Data(("--" + boundary).utf8)
        guard let start = body.range(of: delimiter),
              let headersEnd = body.range(of: Data("\r\n\r\n".utf8), in: start.upperBound..<body.endIndex),
              let end = body.range(of: Data("\r\n".utf8) + delimiter, in: headersEnd.upperBound..<body.endIndex) else { return nil }
        return body.subdata(in: headersEnd.upperBound..<end.lowerBound)
    }

    // MARK: Usage

    /// SAP's "POST Client Usage Upload": a JSON report with the members SAP marks required
    /// (`report`, `appInfo.application`, `deviceInfo.deviceID`, `sessions[].sessionInfo.sessionId`,
    /// `sessions[].events[].time`, strings); 400 naming what is missing, 403 when usage is off.
    private func usage(_ request: Request, appId: String, deviceId: String?, switches: ServiceSwitches) async -> Response {
        var request = request
        guard let buffer = try? await request.collectBody(upTo: Self.maximumUsageReport),
              let report = try? ODataValue.parseJSON(Data(buffer.readableBytesView)), case .object = report else {
            return Answers.error(.badRequest, "InvalidRequestBody", "The usage report must be a JSON object.", .json)
        }
        let problems = Self.usageProblems(report)
        services.record(ReceivedUsage(appId: appId, deviceId: deviceId, report: report,
                                      accepted: problems.isEmpty && switches.usageEnabled))
        guard switches.usageEnabled else {
            return Answers.error(.forbidden, "UsageNotEnabled", "Client usage upload is not enabled for application '\(appId)'.", .json)
        }
        guard problems.isEmpty else {
            return Answers.error(.badRequest, "InvalidUsageReport", "The usage report lacks SAP's required members: \(problems.joined(separator: "; ")).", .json)
        }
        return Response(status: .created)
    }

    /// What the report lacks of SAP's required members (each a non-empty string); empty when it has them all.
    static func usageProblems(_ report: ODataValue) -> [String] {
        var problems: [String] = []
        func text(_ value: ODataValue?, _ path: String) {
            guard case .string(let s)? = value, !s.isEmpty else { problems.append("\(path) (a string)"); return }
        }
        func object(_ value: ODataValue?, _ path: String) -> ODataValue? {
            guard let value, case .object = value else { problems.append("\(path) (an object)"); return nil }
            return value
        }
        text(report["report"], "report")
        if let app = object(report["appInfo"], "appInfo") { text(app["application"], "appInfo.application") }
        if let device = object(report["deviceInfo"], "deviceInfo") { text(device["deviceID"], "deviceInfo.deviceID") }
        guard case .array(let sessions)? = report["sessions"] else { return problems + ["sessions (an array)"] }
        for (i, session) in sessions.enumerated() {
            guard let session = object(session, "sessions[\(i)]") else { continue }
            if let info = object(session["sessionInfo"], "sessions[\(i)].sessionInfo") { text(info["sessionId"], "sessions[\(i)].sessionInfo.sessionId") }
            switch session["events"] {
            case nil, .null?: break
            case .array(let events)?:
                for (j, event) in events.enumerated() {
                    if let event = object(event, "sessions[\(i)].events[\(j)]") { text(event["time"], "sessions[\(i)].events[\(j)].time") }
                }
            default: problems.append("sessions[\(i)].events (an array)")
            }
        }
        return problems
    }

    // MARK: User information

    /// `/v2/Me` as SAP's "User Information" page shows it: roles as plain strings, the name as
    /// `name.givenName`/`name.familyName`, `emails[].value`, and the identity provider's attributes
    /// under `detail` (`Groups`, `email`, `given_name`, …, each an array of strings).
    static func me(user: String, switches: ServiceSwitches) -> ODataValue {
        let given = switches.givenName ?? user
        let family = switches.familyName ?? "Emulator"
        let email = switches.email ?? "\(user)@emulator.invalid"
        func list(_ values: [String]) -> ODataValue { .array(values.map(ODataValue.string)) }
        return .object([
            ("schemas", list(["urn:ietf:params:scim:schemas:core:2.0:User"])),
            ("id", .string(user)), ("userName", .string(user)),
            ("name", .object([("familyName", .string(family)), ("givenName", .string(given))])),
            ("emails", .array([.object([("value", .string(email))])])),
            ("roles", list(switches.roles)),
            ("detail", .object([
                ("email", list([email])), ("Groups", list(switches.groups)),
                ("family_name", list([family])), ("given_name", list([given])),
                ("SAPUID", list(["emulator-\(user)"])),
                ("acr", list(["urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"])),
                ("remoteEntityId", list(["hubctl-emulator"])),
            ])),
        ])
    }

    // MARK: Policies

    /// The settings-exchange document (the `mobileservices/settingsExchange` node of the storage
    /// service, as SAP's examples show it): the application's `PasswordPolicy*` settings in Mobile
    /// Services' spelling (values as text, as the service stores them), `logSettings` with
    /// `logEnabled` following the log switch, then the test's overrides.
    private func settingsExchange(appId: String, switches: ServiceSwitches) -> ODataValue {
        let settings = state.application(appId)?.configuration.settings ?? [:]
        func text(_ name: String, _ fallback: String) -> ODataValue {
            switch settings[name] {
            case .bool(let b)?: return .string(b ? "true" : "false")
            case .int(let i)?: return .string(String(i))
            case .string(let s)?: return .string(s)
            default: return .string(fallback)
            }
        }
        let password: [(String, String, String)] = [
            ("passwordPolicyEnabled", "PasswordPolicyEnabled", "false"),
            ("passwordPolicyMinLength", "PasswordPolicyMinLength", "8"),
            ("passwordPolicyDigitRequired", "PasswordPolicyDigitRequired", "false"),
            ("passwordPolicyUpperRequired", "PasswordPolicyUpperRequired", "false"),
            ("passwordPolicyLowerRequired", "PasswordPolicyLowerRequired", "false"),
            ("passwordPolicySpecialRequired", "PasswordPolicySpecialRequired", "false"),
            ("passwordPolicyExpiresInNDays", "PasswordPolicyExpiresInNDays", "0"),
            ("passwordPolicyMinUniqueChars", "PasswordPolicyMinUniqueChars", "0"),
            ("passwordPolicyLockTimeout", "PasswordPolicyLockTimeout", "300"),
            ("passwordPolicyRetryLimit", "PasswordPolicyRetryLimit", "10"),
            ("passwordPolicyDefaultPasswordAllowed", "PasswordPolicyDefaultPasswordAllowed", "false"),
        ]
        var members: [(String, ODataValue)] = [
            ("passwordPolicy", .object(password.map { ($0.0, text($0.1, $0.2)) })),
            ("featureVectorPolicies", .object([("featureVectorPolicyAllEnabled", .string("true")), ("restrictedPolicies", .null)])),
            // SAP's sample app reads logEnabled and logLevel; logEntryExpiry is in SAP's examples.
            ("logSettings", .object([("logEnabled", .string(switches.logUploadEnabled ? "true" : "false")),
                                     ("logEntryExpiry", .string("7")), ("logLevel", text("ConnectionLogLevel", "NONE"))])),
            // The iOS SDK's example (`SAPcpmsSettings`, `SAPcpmsAttestationSettings`): one object per
            // platform, JSON booleans (not text like the members above).
            ("attestationSettings", .object([("iOS", .object([("enabled", .bool(false)), ("enforced", .bool(false))])),
                                             ("android", .object([("enabled", .bool(false)), ("enforced", .bool(false))]))])),
        ]
        for (name, value) in switches.policies {
            if let i = members.firstIndex(where: { $0.0 == name }) { members[i].1 = value } else { members.append((name, value)) }
        }
        return .object(members)
    }

    // MARK: Helpers

    private func notFound(_ request: Request) -> Response {
        Answers.error(.notFound, "ResourceNotFound", "No resource at \(request.uri.path).", .json)
    }

    private func json(_ status: HTTPResponse.Status, _ value: ODataValue) -> Response {
        Answers.text(status, ODataJSON.write(value), contentType: Answers.jsonType)
    }
}

/// Counts the lines of a log as it streams by, keeps the first and last (shortened), and notes
/// the first line that is not `#…#` (a blank line included). Memory stays constant.
struct LogLineScanner {
    private(set) var bytes = 0
    private(set) var lines = 0
    private(set) var firstBadLine: Int?
    private(set) var firstLine = ""
    private(set) var lastLine = ""
    private var current: [UInt8] = []
    private var length = 0
    private var first: UInt8 = 0
    private var last: UInt8 = 0
    private var beforeLast: UInt8 = 0
    static let keep = 300

    mutating func feed(_ raw: UnsafeRawBufferPointer) {
        guard let base = raw.baseAddress else { return }
        bytes += raw.count
        var offset = 0
        while offset < raw.count {
            let start = base + offset
            if let newline = memchr(start, 0x0A, raw.count - offset) {
                let n = start.distance(to: UnsafeRawPointer(newline))
                append(start, n)
                endLine()
                offset += n + 1
            } else {
                append(start, raw.count - offset)
                offset = raw.count
            }
        }
    }

    mutating func finish() {
        if length > 0 { endLine() }
    }

    private mutating func append(_ p: UnsafeRawPointer, _ n: Int) {
        guard n > 0 else { return }
        let bytes = p.assumingMemoryBound(to: UInt8.self)
        if length == 0 { first = bytes[0] }
        beforeLast = n >= 2 ? bytes[n - 2] : last
        last = bytes[n - 1]
        if current.count < Self.keep {
            current.append(contentsOf: UnsafeBufferPointer(start: bytes, count: min(n, Self.keep - current.count)))
        }
        length += n
    }

    private mutating func endLine() {
        lines += 1
        let end = last == 0x0D ? beforeLast : last
        let contentLength = last == 0x0D ? length - 1 : length
        let valid = contentLength >= 2 && first == UInt8(ascii: "#") && end == UInt8(ascii: "#")
        if !valid && firstBadLine == nil { firstBadLine = lines }
        if current.last == 0x0D { current.removeLast() }
        let text = String(decoding: current, as: UTF8.self)
        if lines == 1 { firstLine = text }
        lastLine = text
        current.removeAll(keepingCapacity: true)
        length = 0
        first = 0
        last = 0
        beforeLast = 0
    }
}

/// The `Capability` collection a client may send inline when it registers (docs/protocol.md §15.6):
/// `[{"Category", "CapabilityName", "CapabilityValue"}]`, or the same under `{"results": …}`.
enum ClientCapabilities {
    static let members = ["Category", "CapabilityName", "CapabilityValue"]

    static func validate(_ value: ODataValue) throws(PropertyRejection) -> ODataValue {
        var list = value
        if case .object = value, let results = value["results"] { list = results }
        guard case .array(let items) = list else {
            throw PropertyRejection(code: "InvalidPropertyValue", message: "Capability must be an array of {Category, CapabilityName, CapabilityValue}.")
        }
        var out: [ODataValue] = []
        for item in items {
            var members: [(String, ODataValue)] = []
            for name in Self.members {
                guard case .string(let text)? = item[name], !text.isEmpty || name == "CapabilityValue" else {
                    throw PropertyRejection(code: "InvalidPropertyValue", message: "Each Capability needs \(Self.members.joined(separator: ", ")) as strings.")
                }
                members.append((name, .string(text)))
            }
            out.append(.object(members))
        }
        return .array(out)
    }
}
