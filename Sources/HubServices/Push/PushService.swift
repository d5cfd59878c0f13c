// Push registration (docs/protocol.md §15.2): Mobile Services' push API (create; 409 → update),
// or on SMP 3 the connection's Apns*, AndroidGcm* and Wns* properties. One result either way.

import Foundation
import HubCore
import HubTransport

public enum PushOS: String, Sendable, CaseIterable {
    case ios, android, windows, baidu, w3cpushapi, custom

    /// SMP 3's connection properties for this system: the token's and the switch's names.
    var smp3Properties: (token: String, enable: String)? {
        switch self {
        case .ios: ("ApnsDeviceToken", "ApnsPushEnable")
        case .android: ("AndroidGcmRegistrationId", "AndroidGcmPushEnabled")
        case .windows: ("WnsChannelURI", "WnsPushEnable")
        default: nil
        }
    }
}

public struct PushRegistration: Sendable {
    public var os: PushOS
    public var token: String
    public var group: String?
    public var deviceModel: String?
    public var formFactor: String?
    public var userLocale: String?
    public var timeZone: String?
    public var msisdn: String?

    public init(os: PushOS, token: String, group: String? = nil, deviceModel: String? = nil, formFactor: String? = nil,
                userLocale: String? = nil, timeZone: String? = nil, msisdn: String? = nil) {
        self.os = os
        self.token = token
        self.group = group
        self.deviceModel = deviceModel
        self.formFactor = formFactor
        self.userLocale = userLocale
        self.timeZone = timeZone
        self.msisdn = msisdn
    }

    /// The push API's body; absent fields are left out.
    var body: [String: JSONValue] {
        var b: [String: JSONValue] = ["pushToken": .string(token)]
        let optional: [(String, String?)] = [("pushGroup", group), ("deviceModel", deviceModel), ("formFactor", formFactor),
                                             ("userLocale", userLocale), ("timeZone", timeZone), ("msisdn", msisdn)]
        for (name, value) in optional { if let value { b[name] = .string(value) } }
        return b
    }
}

public struct PushResult: Sendable {
    public enum Action: String, Sendable { case created, updated, deleted, absent, read }
    public var platform: Platform
    public var os: PushOS
    public var deviceId: String
    public var action: Action
    /// `push id`: the sender id or VAPID key the server hands out.
    public var pushId: String?
}

public struct PushService {
    let context: ClientServiceContext

    public init(context: ClientServiceContext) { self.context = context }

    var session: SMPSession { context.session }

    public func register(_ request: PushRegistration) throws -> PushResult {
        switch context.platform {
        case .mobileServices:
            let url = context.endpoint.pushDeviceURL(os: request.os.rawValue, deviceId: context.deviceId)
            let body = Data(try JSONValue.object(request.body).written(pretty: false))
            // The device id is fixed, so a repeated create finds the first one (409) and updates it.
            let created = try session.send(session.request("POST", url, appcid: context.deviceId, json: body, idempotent: true))
            switch created.status {
            case 200, 201, 204:
                return result(request.os, .created)
            case 409:
                let updated = try session.send(session.request("PUT", url, appcid: context.deviceId, json: body))
                switch updated.status {
                case 200, 201, 204: return result(request.os, .updated)
                case 404: throw notConfigured(updated)
                default: throw SMPEndpoint.unexpected(updated, doing: "updating the push registration")
                }
            case 404:
                throw notConfigured(created)
            case 400:
                throw HubError(.usage, code: .updateRefused, "The server refused the push registration: \(SMPEndpoint.serverMessage(created) ?? "bad request").", status: 400)
            default:
                throw SMPEndpoint.unexpected(created, doing: "registering for push")
            }
        case .smp3:
            let names = try smp3Names(request.os)
            _ = try context.connections.update([names.token: .string(request.token), names.enable: .bool(true)])
            return result(request.os, .updated)
        }
    }

    public func unregister(os: PushOS) throws -> PushResult {
        switch context.platform {
        case .mobileServices:
            let response = try session.send(session.request("DELETE", context.endpoint.pushDeviceURL(os: os.rawValue, deviceId: context.deviceId),
                                                            appcid: context.deviceId))
            switch response.status {
            case 200, 204: return result(os, .deleted)
            case 404: return result(os, .absent)
            default: throw SMPEndpoint.unexpected(response, doing: "deleting the push registration")
            }
        case .smp3:
            let names = try smp3Names(os)
            _ = try context.connections.update([names.token: .null, names.enable: .bool(false)])
            return result(os, .deleted)
        }
    }

    public func pushId(os: PushOS) throws -> PushResult {
        switch context.platform {
        case .mobileServices:
            let response = try session.send(session.request("GET", context.endpoint.pushIdURL(os: os.rawValue), appcid: context.deviceId))
            switch response.status {
            case 200:
                let value = try? JSONValue.read(response.body)
                guard let id = value?["pushId"]?.stringValue else {
                    throw HubError(.data, code: .malformedResponse, "The server's push id answer has no \"pushId\" string.", status: 200)
                }
                var r = result(os, .read)
                r.pushId = id
                return r
            case 404: throw notConfigured(response)
            default: throw SMPEndpoint.unexpected(response, doing: "reading the push id")
            }
        case .smp3:
            guard os == .android else {
                throw HubError.usage("On SMP 3 only Android has a push id (the connection's AndroidGcmSenderId); \(os.rawValue) has none.", code: .invalidPushOs)
            }
            var r = result(os, .read)
            r.pushId = try context.connections.recordedSettings().1["AndroidGcmSenderId"]?.stringValue
            return r
        }
    }

    private func result(_ os: PushOS, _ action: PushResult.Action) -> PushResult {
        PushResult(platform: context.platform, os: os, deviceId: context.deviceId, action: action)
    }

    private func smp3Names(_ os: PushOS) throws -> (token: String, enable: String) {
        guard let names = os.smp3Properties else {
            throw HubError.usage("SMP 3 keeps push tokens for ios, android and windows only (the connection's Apns*, AndroidGcm* and Wns* properties); \(os.rawValue) needs Mobile Services.", code: .invalidPushOs)
        }
        return names
    }

    private func notConfigured(_ response: HTTPResponse) -> HubError {
        HubError(.unavailable, code: .pushNotConfigured,
                 "Push is not configured for application '\(context.endpoint.config.appId)' (HTTP 404\(SMPEndpoint.serverMessage(response).map { ": \($0)" } ?? "")). Ask the administrator to configure the push provider in Mobile Services.",
                 status: 404)
    }
}
