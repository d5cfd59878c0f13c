// Reads a protocol address (docs/protocol.md §1 and §7) into the resource it names.

import Foundation

/// The resources of the SMP client protocol the emulator serves.
enum ProtocolResource: Equatable {
    /// `…/applications/{version}/{appId}`
    case serviceDocument
    /// `…/applications/{version}/{appId}/$metadata`
    case metadata
    /// `…/applications/{version}/{appId}/Connections`
    case connections
    /// `…/applications/{version}/{appId}/Connections('{id}')`
    case connection(String)
    /// `…/applications/{version}/{appId}/Connections('{id}')/Capability` or `/FeatureVectorPolicy`
    case connectionNavigation(String, String)
    /// `…/applications/{version}/{appId}/Endpoints`, `Capabilities` or `FeatureVectorPolicies` (read-only)
    case readOnlySet(String)
    /// `/bundles/{appId}/` (nil: the assigned bundle) or `/bundles/{appId}/{name}:{version}`
    case bundle(String?)
    /// A path under a known application that names nothing.
    case unknown
}

struct ProtocolAddress: Equatable {
    var appId: String
    /// The API version; nil for bundle addresses, which have none.
    var version: String?
    /// Whether the address went through `public/`.
    var isPublic: Bool
    var resource: ProtocolResource
    /// The request path up to and including the application id, for building `Location` and `__metadata`.
    var applicationPath: String
}

enum ProtocolPath {
    /// Splits the path after the configured prefix. Returns nil when it is not a protocol address at all.
    /// Segments are percent-decoded one by one, so `Connections(%27id%27)` and `Name%3A1.0` work.
    static func parse(_ rawPath: String, prefix: String) -> ProtocolAddress? {
        var segments = rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        // A trailing slash means nothing, except that `/bundles/{appId}/` is the default bundle (same as without).
        if segments.last == "" { segments.removeLast() }
        let prefixSegments = prefix.split(separator: "/").map(String.init)
        guard segments.count >= prefixSegments.count,
              zip(segments, prefixSegments).allSatisfy({ decode($0) == $1 }) else { return nil }
        var rest = Array(segments.dropFirst(prefixSegments.count)).map(decode)
        let basePath = prefixSegments.isEmpty ? "" : "/" + prefixSegments.joined(separator: "/")

        if rest.first == "bundles", rest.count >= 2 {
            let appId = rest[1]
            let bundleId: String? = rest.count >= 3 && !rest[2].isEmpty ? rest[2...].joined(separator: "/") : nil
            return ProtocolAddress(appId: appId, version: nil, isPublic: false, resource: .bundle(bundleId),
                                   applicationPath: basePath + "/bundles/" + appId)
        }
        // Mobile Services' own bundle addresses:
        // /mobileservices/application/{appId}/bundles/v1/runtime/bundle/application/{appId}[/bundle/{name}/version/{version}]
        if rest.count >= 8, rest[0] == "mobileservices", rest[1] == "application", rest[3] == "bundles",
           rest[4] == "v1", rest[5] == "runtime", rest[6] == "bundle", rest[7] == "application" {
            let appId = rest[2]
            var bundleId: String?
            if rest.count == 13, rest[9] == "bundle", rest[11] == "version" { bundleId = rest[10] + ":" + rest[12] }
            else if rest.count != 9 || rest[8] != appId {
                return ProtocolAddress(appId: appId, version: nil, isPublic: false, resource: .unknown, applicationPath: "")
            }
            return ProtocolAddress(appId: appId, version: nil, isPublic: false, resource: .bundle(bundleId),
                                   applicationPath: basePath + "/mobileservices/application/" + appId)
        }

        var isPublic = false
        if rest.first == "public" { isPublic = true; rest.removeFirst() }
        guard rest.count >= 4, rest[0] == "odata", rest[1] == "applications" else { return nil }
        let version = rest[2], appId = rest[3]
        let applicationPath = basePath + (isPublic ? "/public" : "") + "/odata/applications/\(version)/\(appId)"
        var address = ProtocolAddress(appId: appId, version: version, isPublic: isPublic, resource: .unknown,
                                      applicationPath: applicationPath)
        let tail = Array(rest.dropFirst(4))
        switch tail.count {
        case 0:
            address.resource = .serviceDocument
        case 1 where tail[0] == "$metadata":
            address.resource = .metadata
        case 1 where tail[0] == "Connections":
            address.resource = .connections
        case 1 where tail[0].hasPrefix("Connections(") && tail[0].hasSuffix(")"):
            address.resource = connectionKey(String(tail[0].dropFirst("Connections(".count).dropLast()))
                .map(ProtocolResource.connection) ?? .unknown
        case 1 where ServiceMetadata.entitySets.contains(tail[0]):
            address.resource = .readOnlySet(tail[0])
        case 2 where tail[0].hasPrefix("Connections(") && tail[0].hasSuffix(")")
            && RegistrationSchema.navigationProperties.contains(tail[1]):
            address.resource = connectionKey(String(tail[0].dropFirst("Connections(".count).dropLast()))
                .map { ProtocolResource.connectionNavigation($0, tail[1]) } ?? .unknown
        default:
            address.resource = .unknown
        }
        return address
    }

    /// `'id'` (OData quotes, `''` for a quote inside) or `ApplicationConnectionId='id'`.
    private static func connectionKey(_ key: String) -> String? {
        var text = key
        if text.hasPrefix("ApplicationConnectionId=") { text = String(text.dropFirst("ApplicationConnectionId=".count)) }
        guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return nil }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }

    private static func decode(_ segment: String) -> String {
        segment.removingPercentEncoding ?? segment
    }

    /// The key form used in addresses this server writes.
    static func connectionSegment(_ id: String) -> String {
        "Connections('\(id.replacingOccurrences(of: "'", with: "''"))')"
    }
}
