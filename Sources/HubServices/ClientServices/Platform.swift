// Which server's client-service APIs a command calls (docs/protocol.md §15.1): Mobile Services'
// `/mobileservices/…` or SMP 3's connection properties and `/clientlogs`. `--platform` chooses;
// `auto` asks the server once per command.

import Foundation
import HubCore
import HubTransport

public enum Platform: String, Sendable, Codable {
    case smp3
    case mobileServices = "mobile-services"
}

public enum PlatformDiscovery {
    /// The platform the configuration names, or, for `auto`, what the server says it is.
    public static func resolve(_ session: SMPSession) throws -> Platform {
        switch session.config.platform {
        case "smp3": return .smp3
        case "mobile-services": return .mobileServices
        default: return try probe(session)
        }
    }

    /// `GET /mobileservices/management/versions`: 200 with a JSON object is Mobile Services, 404
    /// is SMP 3, anything else an error. The one place hubctl tells the two apart.
    public static func probe(_ session: SMPSession) throws -> Platform {
        let response = try session.send(session.request("GET", session.endpoint.managementVersionsURL, appcid: nil))
        switch response.status {
        case 200:
            guard (try? JSONValue.read(response.body))?.objectValue != nil else {
                throw HubError(.data, code: .malformedResponse,
                               "The server answered /mobileservices/management/versions with something that is not a JSON object, so hubctl cannot tell SMP 3 from Mobile Services. Pass --platform smp3 or --platform mobile-services.",
                               status: 200)
            }
            return .mobileServices
        case 404:
            return .smp3
        default:
            throw SMPEndpoint.unexpected(response, doing: "asking whether the server is SMP 3 or Mobile Services (GET /mobileservices/management/versions; --platform skips the question)")
        }
    }
}

/// What every client service needs: the session, the recorded registration (its connection id
/// is the device id), the platform, and the connection service for SMP 3's properties.
public struct ClientServiceContext {
    public let connections: ConnectionService
    public let registration: Registration
    public let platform: Platform

    public init(connections: ConnectionService, registration: Registration, platform: Platform) {
        self.connections = connections
        self.registration = registration
        self.platform = platform
    }

    public var session: SMPSession { connections.session }
    public var endpoint: SMPEndpoint { connections.session.endpoint }
    public var deviceId: String { registration.applicationConnectionId }

    /// The recorded registration, then the platform (no request is sent when there is no registration).
    public static func make(_ connections: ConnectionService) throws -> ClientServiceContext {
        let registration = try connections.recorded()
        return ClientServiceContext(connections: connections, registration: registration,
                                    platform: try PlatformDiscovery.resolve(connections.session))
    }

    /// The error for a service only Mobile Services offers.
    static func mobileServicesOnly(_ what: String) -> HubError {
        HubError(.usage, code: .usage,
                 "\(what) is a SAP Mobile Services API; this server is SMP 3 (--platform auto asked it, or --platform smp3 says so). Use a Mobile Services server, or pass --platform mobile-services if the answer was wrong.")
    }
}
