// Client usage reports (docs/protocol.md §15.4): a JSON report checked against its documented
// shape (`report`, `appInfo`, `deviceInfo`, `sessions[].events[]`), posted for this device.

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

    /// Checks the report's shape; returns its sessions and events. Nothing is sent.
    public static func check(_ data: Data, source: String) throws -> (sessions: Int, events: Int) {
        guard let value = try? JSONValue.read(data), let report = value.objectValue else {
            throw invalid(source, "is not a JSON object")
        }
        for key in ["report", "appInfo", "deviceInfo"] {
            if let member = report[key], member.objectValue == nil { throw invalid(source, "has a \"\(key)\" that is not an object") }
        }
        guard case .array(let sessions)? = report["sessions"] else { throw invalid(source, "has no \"sessions\" array") }
        var events = 0
        for (i, session) in sessions.enumerated() {
            guard let object = session.objectValue else { throw invalid(source, "has sessions[\(i)] that is not an object") }
            guard case .array(let list)? = object["events"] else { throw invalid(source, "has sessions[\(i)] without an \"events\" array") }
            for (j, event) in list.enumerated() where event.objectValue == nil {
                throw invalid(source, "has sessions[\(i)].events[\(j)] that is not an object")
            }
            events += list.count
        }
        return (sessions.count, events)
    }

    static func invalid(_ source: String, _ what: String) -> HubError {
        HubError(.data, code: .invalidUsageReport,
                 "The usage report \(source) \(what). Nothing was sent; a report is {\"report\": {…}, \"appInfo\": {…}, \"deviceInfo\": {…}, \"sessions\": [{\"events\": [{…}]}]}.")
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
        default:
            throw SMPEndpoint.unexpected(response, doing: "uploading the usage report")
        }
    }
}
