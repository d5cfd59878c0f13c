// `hubctl push send`: Send a push notification to users, a device, a group, topics, a capability, everyone, or per user (operator).

import ArgumentParser
import Foundation
import HubCore
import HubServices

struct PushSend: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a push notification to users, a device, a group, topics, a capability, everyone, or per user (operator).",
        discussion: """
        The operator's side of push: Mobile Services' Notification Backend API with the \
        credentials of a service key (--service-key, API key), a binding (--binding, OAuth2 client \
        credentials), the mobile-services entry of VCAP_SERVICES, or the profile's (`hubctl config \
        set-push`), the first found in that order. A client-credentials token is kept in the vault \
        until it expires when the vault opens without a prompt. Exactly one target; --users or \
        --users-from may also narrow --topic and --capability. Users (and --bulk lines) go 1,000 \
        a request. The notification comes from the flags (--locale-alert adds a text per locale, \
        picked by the device's locale) or from --notification FILE|- (a notification object, or \
        {"notification", "notifications"} by locale), checked before anything is sent. --bulk \
        FILE|- sends each user their own text (NDJSON {"user", "alert", …} or CSV with a user \
        column; a name or column given twice is refused); the flags give the text of users \
        without one, and are needed only when there are such users.

        The report counts devices: each result is a device registration (registrationId) with \
        its outcome, sent, queued (the service retries; exit 0) or failed (the reason named). \
        --all is answered asynchronously: accepted, with a correlation id. Users for whom the \
        service found no registration are listed in usersWithoutRegistration. The report says \
        what it was for (applicationId, targetSha256, notificationSha256): --skip-done REPORT \
        takes only the report of this very send and says on stderr how many users it skips.

        Exit codes: 0 every device notified or queued (or the send accepted), 3 some devices \
        failed or some users have no registration while others were notified (the report says \
        which), 64 bad flags or notification, 65 the service refused the request or answered \
        something else, or --skip-done's report is of another send, 66 no device registered for \
        the target (nothing sent; the report still names the users) or no such address, 69 \
        server unreachable, 75 timeout (a send the deadline ended part way still prints its \
        report: usersUnknown, usersNotSent), 77 credentials refused or a role missing (401/403), 78 \
        no credentials.

        Example:
          hubctl push send --service-key key.json --users alice,bob --alert hi
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var backend: ServiceKeyOptions
    @Option(help: ArgumentHelp("A device id of --user.", valueName: "device")) var device: String?
    @Option(help: ArgumentHelp("Users, comma-separated.", valueName: "u1,u2,…")) var users: String?
    @Option(name: .customLong("users-from"), help: ArgumentHelp("Users one a line from FILE or '-' (stdin); sent 1,000 a request.", valueName: "file"), completion: .file())
    var usersFrom: String?
    @Option(help: ArgumentHelp("A push group.", valueName: "group")) var group: String?
    @Option(help: ArgumentHelp("A topic (repeatable: devices subscribed to any of them).", valueName: "topic")) var topic: [String] = []
    @Option(help: ArgumentHelp("A capability.", valueName: "capability")) var capability: String?
    @Flag(help: "Every device of the application.") var all = false
    @Option(help: ArgumentHelp("Each user their own notification: NDJSON or CSV from FILE or '-' (stdin).", valueName: "file"), completion: .file())
    var bulk: String?
    @Option(help: ArgumentHelp("The alert text.", valueName: "text")) var alert: String?
    @Option(name: .customLong("locale-alert"), help: ArgumentHelp("The alert text for devices of one locale (repeatable).", valueName: "locale=text"))
    var localeAlert: [String] = []
    @Option(help: ArgumentHelp("The badge number.", valueName: "n")) var badge: Int?
    @Option(help: ArgumentHelp("The sound name.", valueName: "name")) var sound: String?
    @Option(help: ArgumentHelp("high, normal or low.", valueName: "priority")) var priority: String?
    @Option(help: ArgumentHelp("Data for the app (a string).", valueName: "data")) var data: String?
    @Option(help: ArgumentHelp("A custom KEY=VALUE pair (repeatable).", valueName: "key=value")) var custom: [String] = []
    @Option(help: ArgumentHelp("The notification as JSON from FILE or '-' (stdin).", valueName: "file"), completion: .file())
    var notification: String?
    @Option(name: .customLong("skip-done"), help: ArgumentHelp("Send only to the users a previous report of this same send (stdout of push send) lists in usersNotSent.", valueName: "report"), completion: .file())
    var skipDone: String?

    var options: Options { Options(backend: backend.value, device: device, users: users, usersFrom: usersFrom, group: group, topic: topic, capability: capability, all: all, bulk: bulk, alert: alert, localeAlert: localeAlert, badge: badge, sound: sound, priority: priority, data: data, custom: custom, notification: notification, skipDone: skipDone) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var backend = ServiceKeyOptions.Value()
        var device: String?
        var users: String?
        var usersFrom: String?
        var group: String?
        var topic: [String] = []
        var capability: String?
        var all = false
        var bulk: String?
        var alert: String?
        var localeAlert: [String] = []
        var badge: Int?
        var sound: String?
        var priority: String?
        var data: String?
        var custom: [String] = []
        var notification: String?
        var skipDone: String?


        /// What is sent, in requests: one target, or users split 1,000 a request. `scope` describes the
        /// target for the report's `targetSha256` (the users sorted: the same people in another order
        /// are the same target).
        enum Plan {
            case single(PushTarget, label: String, scope: JSONValue)
            case users([String], narrowing: (([String]) -> PushTarget)?, label: String, scope: JSONValue)
            case bulk([PushBulkInput.Entry])

            /// Every user a send to users names, before --skip-done.
            static func scope(_ members: [String: JSONValue], users: [String]) -> JSONValue {
                var members = members
                members["users"] = .array(users.sorted().map(JSONValue.string))
                return .object(members)
            }
        }

        static func readInput(_ path: String, _ invocation: Invocation, what: String) throws -> Data {
            try invocation.read(path, limit: 64 << 20, what: what)
        }

        /// --users or --users-from (one a line, `#` comments), nil when neither is given.
        static func userList(users: String?, usersFrom: String?, _ invocation: Invocation) throws -> [String]? {
            if users != nil && usersFrom != nil { throw HubError.usage("Give --users or --users-from, not both.") }
            if let users {
                let list = users.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard !list.isEmpty else { throw HubError.usage("--users is empty.") }
                return list
            }
            guard let usersFrom else { return nil }
            guard let text = String(data: try readInput(usersFrom, invocation, what: "user list"), encoding: .utf8) else {
                throw HubError.usage("The user list is not UTF-8.", code: .invalidEncoding)
            }
            let list = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            guard !list.isEmpty else { throw HubError.usage("The user list \(usersFrom == "-" ? "on stdin" : usersFrom) names no user.") }
            return list
        }

        func plan(_ invocation: Invocation) throws -> Plan {
            // `--user` is the global option: here it names the one user to notify (with --device, one of the user's devices).
            let user = invocation.global.user
            let kinds = [user != nil, group != nil, !topic.isEmpty, capability != nil, all, bulk != nil].filter { $0 }.count
            let listGiven = users != nil || usersFrom != nil
            guard kinds == 1 || (kinds == 0 && listGiven) else {
                throw HubError.usage("Give exactly one target: --user, --users, --users-from, --group, --topic, --capability, --all or --bulk (\(kinds) given; --users/--users-from may narrow --topic or --capability).")
            }
            if listGiven && kinds == 1 && topic.isEmpty && capability == nil {
                throw HubError.usage("--users and --users-from narrow only --topic or --capability; give them alone to notify those users.")
            }
            if device != nil && user == nil { throw HubError.usage("--device needs --user.") }
            let list = try Self.userList(users: users, usersFrom: usersFrom, invocation)
            if let user {
                if let device {
                    return .single(.device(user: user, device: device), label: "user \(user), device \(device)",
                                   scope: .object(["user": .string(user), "device": .string(device)]))
                }
                return .users([user], narrowing: nil, label: "user \(user)", scope: Plan.scope([:], users: [user]))
            }
            if let group { return .single(.group(group), label: "group \(group)", scope: .object(["group": .string(group)])) }
            if all { return .single(.application, label: "every device", scope: .object(["all": .bool(true)])) }
            if !topic.isEmpty {
                let topics = topic
                let label = "topic\(topics.count == 1 ? "" : "s") \(topics.joined(separator: ", "))"
                let named: [String: JSONValue] = ["topics": .array(topics.sorted().map(JSONValue.string))]
                if let list {
                    return .users(list, narrowing: { .topics(topics, users: $0) }, label: label + ", \(list.count) user\(list.count == 1 ? "" : "s")",
                                  scope: Plan.scope(named, users: list))
                }
                return .single(.topics(topics, users: nil), label: label, scope: .object(named))
            }
            if let capability {
                let named: [String: JSONValue] = ["capability": .string(capability)]
                if let list {
                    return .users(list, narrowing: { .capability(capability, users: $0) }, label: "capability \(capability), \(list.count) user\(list.count == 1 ? "" : "s")",
                                  scope: Plan.scope(named, users: list))
                }
                return .single(.capability(capability, users: nil), label: "capability \(capability)", scope: .object(named))
            }
            if let bulk {
                return .bulk(try PushBulkInput.parse(try Self.readInput(bulk, invocation, what: "bulk file"), name: bulk == "-" ? "The bulk input on stdin" : bulk))
            }
            let users = list ?? []
            return .users(users, narrowing: nil, label: "\(users.count) user\(users.count == 1 ? "" : "s")", scope: Plan.scope([:], users: users))
        }

        /// The notification of the flags or of --notification. `bulk`: the lines of --bulk, of which
        /// only those without a notification of their own need one from the flags (the root).
        func payload(_ invocation: Invocation, bulk: [PushBulkInput.Entry]? = nil) throws -> PushPayload {
            if let path = notification {
                let flags = [alert != nil, badge != nil, sound != nil, priority != nil, data != nil, !custom.isEmpty, !localeAlert.isEmpty].contains(true)
                if flags { throw HubError.usage("Give --notification or the notification flags (--alert, --badge, …), not both.") }
                let bytes = try invocation.read(path, limit: 1 << 20, what: "notification")
                guard let value = try? JSONValue.read(bytes) else { throw HubError.usage("The notification \(path == "-" ? "on stdin" : path) is not JSON.", code: .invalidData) }
                let (payload, problems) = PushNotificationShape.payload(value)
                guard let payload else {
                    throw HubError.usage("The notification does not have the documented shape; nothing was sent: \(problems.joined(separator: "; ")).", code: .invalidData)
                }
                return payload
            }
            var members: [String: JSONValue] = [:]
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
            if members.isEmpty && localeAlert.isEmpty, let bulk {
                let without = bulk.filter { $0.payload == nil }
                // Every line has its own notification: the root one is sent empty, as SAP's client
                // sends a PushPayload with nothing set, and no device gets it.
                guard let first = without.first else { return PushPayload(notification: .object([:])) }
                throw HubError.usage("\(without.count) user\(without.count == 1 ? " has" : "s have") no notification of their own in the bulk input (the first: \(HubError.quoted(first.user))): give them one with --alert (and/or --badge, --sound, --data, --custom) or --notification FILE.")
            }
            guard !members.isEmpty else { throw HubError.usage("No notification: give --alert (and/or --badge, --sound, --data, --custom) or --notification FILE.") }
            var localized: [String: JSONValue] = [:]
            for item in localeAlert {
                guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                    throw HubError.usage("--locale-alert \(HubError.quoted(item)) is not LOCALE=TEXT (e.g. de=Wartung heute Abend).")
                }
                let locale = String(item[..<eq])
                guard locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                    throw HubError.usage("--locale-alert: \(HubError.quoted(locale)) is not a locale such as de, en_US or pt-BR.")
                }
                guard localized[locale] == nil else { throw HubError.usage("--locale-alert gives locale \(locale) twice.") }
                // The locale's notification is the default one with its own alert text.
                var own = members
                own["alert"] = .string(String(item[item.index(after: eq)...]))
                localized[locale] = .object(own)
            }
            return PushPayload(notification: .object(members), localized: localized)
        }

        func run(_ invocation: Invocation) throws {
            let stdinUsers = [backend.serviceKey == "-" || backend.binding == "-", usersFrom == "-", notification == "-", bulk == "-"].filter { $0 }.count
            guard stdinUsers <= 1 else { throw HubError.usage("Only one of --service-key, --binding, --users-from, --notification and --bulk can read stdin ('-').") }
            let plan = try self.plan(invocation)
            var bulkEntries: [PushBulkInput.Entry]?
            if case .bulk(let entries) = plan { bulkEntries = entries }
            let payload = try payload(invocation, bulk: bulkEntries)
            let session = try invocation.services.pushBackend(backend)
            let appId = try session.appId()
            var report = PushSendReport()
            report.identity = try PushSendIdentity(appId: appId, plan: plan, payload: payload)
            func chunks<T>(_ list: [T]) -> [ArraySlice<T>] {
                stride(from: 0, to: list.count, by: NotificationBackend.maximumUsers).map { list[$0..<min($0 + NotificationBackend.maximumUsers, list.count)] }
            }
            /// Sends the requests in turn. A failure that stops the send after some requests went out, or
            /// whose request may have reached the service (its answer lost), becomes part of the report:
            /// the users of a request that may have gone out are `usersUnknown` (never sent again by
            /// --skip-done: they may have been notified), those of the requests never sent `usersNotSent`,
            /// so that nobody is notified twice when the rest is sent later. Any other failure before
            /// anything went out is the command's error.
            func run<T>(_ items: [T], users: (ArraySlice<T>) -> [String], _ send: (ArraySlice<T>) throws -> PushSendAnswer) throws {
                let all = chunks(items)
                for (i, chunk) in all.enumerated() {
                    do {
                        report.add(try send(chunk), users: users(chunk))
                    } catch let error as HubError where report.requests > 0 || Self.mayHaveReachedTheService(error) {
                        report.stopped = error
                        if Self.mayHaveReachedTheService(error) {
                            report.usersUnknown = users(chunk)
                            report.usersNotSent = all[(i + 1)...].flatMap(users)
                        } else {
                            report.usersNotSent = all[i...].flatMap(users)
                        }
                        return
                    }
                }
            }
            switch plan {
            case .single(let target, let label, _):
                guard skipDone == nil else { throw HubError.usage("--skip-done applies to sends to users (--users, --users-from, --bulk, or topics and capabilities narrowed to users).") }
                report.target = label
                report.add(try session.backend.send(appId: appId, target: target, payload: payload), users: [])
            case .users(let list, let narrowing, let label, _):
                report.target = label
                let list = try skipDone(list, report, invocation)
                report.usersAsked = list.count
                try run(list, users: { Array($0) }) { chunk in
                    let users = Array(chunk)
                    return try session.backend.send(appId: appId, target: narrowing?(users) ?? .users(users), payload: payload)
                }
            case .bulk(let entries):
                report.target = "\(entries.count) user\(entries.count == 1 ? "" : "s"), each their own notification"
                let keep = Set(try skipDone(entries.map(\.user), report, invocation))
                let entries = entries.filter { keep.contains($0.user) }
                report.usersAsked = entries.count
                try run(entries, users: { $0.map(\.user) }) { chunk in
                    try session.backend.bulk(appId: appId, root: payload, users: Array(chunk))
                }
            }
            try invocation.emit(report.output)
            if report.nothingRegistered {
                // Nothing at all was sent: the failure of the whole send, not exit 3, which says that
                // some of it went out (docs/errors.md). The report above still names the users.
                let said = report.serviceMessages.isEmpty ? "" : ": " + report.serviceMessages.joined(separator: "; ")
                let every404 = report.requestsWithoutRegistrations == report.requests
                let answer = every404
                    ? "Mobile Services sent nothing for \(report.requests) of \(report.requests) request\(report.requests == 1 ? "" : "s") (HTTP 404)\(said)."
                    : "Mobile Services found no device registration for the users it was asked about."
                throw HubError.noInput(answer + " No device is registered for \(report.target); nothing was sent.",
                                       code: .noRegistrations, status: every404 ? 404 : nil)
            }
            if report.requestsWithoutRegistrations > 0 {
                let said = report.serviceMessages.isEmpty ? "" : ": " + report.serviceMessages.joined(separator: "; ")
                invocation.console.warning("Mobile Services sent nothing for \(report.requestsWithoutRegistrations) of \(report.requests) request\(report.requests == 1 ? "" : "s") (HTTP 404)\(said).")
            }
            if let stopped = report.stopped {
                let unknown = report.usersUnknown.isEmpty ? "" :
                    " The answer to the last request was lost after it may have reached Mobile Services: whether its \(report.usersUnknown.count) user\(report.usersUnknown.count == 1 ? " was" : "s were") notified is unknown (usersUnknown); it is not sent again, so nobody is notified twice."
                invocation.console.warning("the send stopped after \(report.requests) request\(report.requests == 1 ? "" : "s"): \(stopped.message)\(unknown) \(report.usersNotSent.count) user\(report.usersNotSent.count == 1 ? " was" : "s were") not sent to (usersNotSent); send to them alone with --skip-done REPORT.")
            }
            if let stopped = report.stopped, stopped.kind == .temporary,
               ContinuousClock.now >= invocation.deadline - .milliseconds(500) {
                // Ended by the deadline: 75 like any timeout, not 3; the report above names the users
                // whose outcome is unknown and those never sent to. A request's own read timeout (a
                // binding's `timeout`, --timeout) with time left stays 3, some of the send failed.
                throw HubError.reported(.temporary, code: stopped.code, "push send: stopped by the deadline")
            }
            if report.incomplete {
                // Exit 3: the requests went through but some targets got nothing; the report says which.
                throw HubError.reported(.partial, code: .partialFailure, "push send: some targets got nothing")
            }
        }

        /// Whether the request that failed may have reached the service and been acted on: its answer
        /// was lost (the connection closed or reset after the request went out, a timeout). Not when it
        /// never left (no connection, a name that does not resolve, an untrusted server, a refusal
        /// before sending), nor when the service answered with an error status: it said it failed.
        static func mayHaveReachedTheService(_ error: HubError) -> Bool {
            guard error.status == nil else { return false }
            switch error.code {
            case .connectionLost, .timeout, .transferFailed, .invalidResponse: return true
            default: return false
            }
        }

        /// With --skip-done REPORT (a `push send` report of this very send: the same application,
        /// target and notification, or it is refused, 65): only the users REPORT lists in usersNotSent.
        /// How many were skipped is said on stderr.
        func skipDone(_ users: [String], _ sending: PushSendReport, _ invocation: Invocation) throws -> [String] {
            guard let skipDone else { return users }
            let data = try invocation.readFile(skipDone, limit: 256 << 20, what: "push send report")
            guard let report = try? JSONValue.read(data), case .array(let notSent)? = report["usersNotSent"] else {
                throw HubError.data("--skip-done \(skipDone) is not a `hubctl push send` report (it has no usersNotSent list).", code: .invalidData)
            }
            if let identity = sending.identity {
                try identity.check(report: report, label: sending.target, path: skipDone)
            }
            let rest = Set(notSent.compactMap(\.stringValue))
            let remaining = users.filter { rest.contains($0) }
            let skipped = users.count - remaining.count
            invocation.console.note("hubctl: push send --skip-done \(skipDone): \(skipped) of \(users.count) user\(users.count == 1 ? "" : "s") skipped (already in a request that went out); \(remaining.count) to send.")
            guard !remaining.isEmpty else {
                throw HubError.usage("--skip-done \(skipDone): every user of this send was already sent to; nothing to do.")
            }
            return remaining
        }
    }
}
