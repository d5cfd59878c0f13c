// Client usage reports (docs/protocol.md §15.4): a JSON report in the shape of SAP's "POST Client
// Usage Upload" page, checked for the members SAP marks required (`report`, `appInfo.application`,
// `deviceInfo.deviceID`, `sessions[].sessionInfo.sessionId`, `sessions[].events[].time`, all
// strings), then posted for this device.

import Foundation
import HubCore
import HubTransport

public struct UsageUploadResult: Sendable {
    public var platform: Platform
    public var deviceId: String
    public var sessions: Int
    public var events: Int
    public var bytes: Int
}

public struct UsageService {
    let context: ClientServiceContext
    /// A report is a few kilobytes to a few megabytes.
    public static let maximumReportBytes = 16 << 20

    public init(context: ClientServiceContext) { self.context = context }

    /// The members SAP marks "(required)", as paths (`[]` for each element of an array).
    public static let requiredMembers = ["report", "appInfo.application", "deviceInfo.deviceID",
                                         "sessions[].sessionInfo.sessionId", "sessions[].events[].time"]
    /// The most problems one message names.
    static let namedProblems = 8

    /// Checks that the report has SAP's required members, each a non-empty string; returns its
    /// sessions and events. Every missing or mistyped member is named. Nothing is sent.
    public static func check(_ data: Data, source: String) throws -> (sessions: Int, events: Int) {
        guard let value = try? JSONValue.read(data), let report = value.objectValue else {
            throw invalid(source, ["the report is not a JSON object"])
        }
        var problems: [String] = []
        func text(_ value: JSONValue?, _ path: String) {
            switch value {
            case nil, .null?: problems.append("\(path) is missing")
            case .string(let s)? where s.isEmpty: problems.append("\(path) is empty")
            case .string?: break
            default: problems.append("\(path) is not a string")
            }
        }
        /// The member as an object, or nil with the problem noted.
        func member(_ value: JSONValue?, _ path: String) -> [String: JSONValue]? {
            switch value {
            case nil, .null?: problems.append("\(path) is missing")
            case .object(let o)?: return o
            default: problems.append("\(path) is not an object")
            }
            return nil
        }
        text(report["report"], "report")
        if let app = member(report["appInfo"], "appInfo") { text(app["application"], "appInfo.application") }
        if let device = member(report["deviceInfo"], "deviceInfo") { text(device["deviceID"], "deviceInfo.deviceID") }
        var sessionCount = 0, events = 0
        switch report["sessions"] {
        case .array(let sessions)?:
            sessionCount = sessions.count
            for (i, session) in sessions.enumerated() {
                guard let object = member(session, "sessions[\(i)]") else { continue }
                if let info = member(object["sessionInfo"], "sessions[\(i)].sessionInfo") {
                    text(info["sessionId"], "sessions[\(i)].sessionInfo.sessionId")
                }
                switch object["events"] {
                case nil, .null?: break
                case .array(let list)?:
                    events += list.count
                    for (j, event) in list.enumerated() {
                        if let e = member(event, "sessions[\(i)].events[\(j)]") { text(e["time"], "sessions[\(i)].events[\(j)].time") }
                    }
                default: problems.append("sessions[\(i)].events is not an array")
                }
            }
        case nil, .null?: problems.append("sessions is missing")
        default: problems.append("sessions is not an array")
        }
        guard problems.isEmpty else { throw invalid(source, problems) }
        return (sessionCount, events)
    }

    static func invalid(_ source: String, _ problems: [String]) -> HubError {
        var named = problems.prefix(namedProblems).joined(separator: "; ")
        if problems.count > namedProblems { named += "; and \(problems.count - namedProblems) more" }
        return HubError(.data, code: .invalidUsageReport,
                        "The usage report \(source) does not have SAP's shape: \(named). Nothing was sent. SAP requires \(requiredMembers.joined(separator: ", ")) as strings, e.g. {\"report\": \"<uuid>\", \"appInfo\": {\"application\": \"<app id>\"}, \"deviceInfo\": {\"deviceID\": \"<device>\"}, \"sessions\": [{\"sessionInfo\": {\"sessionId\": \"<id>\"}, \"events\": [{\"time\": \"2024-07-01T12:01:49.178+02\"}]}]}.")
    }

    public func upload(_ data: Data, source: String) throws -> UsageUploadResult {
        guard context.platform == .mobileServices else { throw ClientServiceContext.mobileServicesOnly("Client usage upload") }
        let (sessions, events) = try Self.check(data, source: source)
        let session = context.session
        // A report posted twice counts twice: no retry.
        let response = try session.send(session.request("POST", context.endpoint.clientUsageURL(deviceId: context.deviceId),
                                                        appcid: context.deviceId, json: data, idempotent: false))
        switch response.status {
        case 200, 201, 204:
            return UsageUploadResult(platform: context.platform, deviceId: context.deviceId, sessions: sessions, events: events, bytes: data.count)
        case 400:
            throw HubError(.data, code: .invalidUsageReport, "The server refused the usage report (HTTP 400)\(SMPEndpoint.serverMessage(response).map { ": \($0)" } ?? "").", status: 400)
        case 403:
            // SAP's usage tutorial: 403 until the administrator enables client usage for the application.
            throw HubError(.permission, code: .forbidden,
                           "The server refused the usage report (HTTP 403)\(SMPEndpoint.serverMessage(response).map { ": \($0)" } ?? ""): client usage is probably not enabled for application '\(context.endpoint.config.appId)'. Ask the administrator to enable usage report upload for the application in Mobile Services (or check the user's role).",
                           status: 403)
        default:
            throw SMPEndpoint.unexpected(response, doing: "uploading the usage report")
        }
    }
}
