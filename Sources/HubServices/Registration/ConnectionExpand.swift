// `settings get --expand Capability` (docs/protocol.md §15.7): the connection read with
// `$expand`, so navigation properties come inline.

import Foundation
import HubCore

extension ConnectionService {
    /// The settings (all, or the named ones plus the expanded navigation properties), read with `$expand`.
    public func settings(names: [String], expand: [String]) throws -> [String: JSONValue] {
        guard !expand.isEmpty else { return try settings(names: names) }
        for name in expand where !["Capability", "FeatureVectorPolicy"].contains(name) {
            throw HubError.usage("--expand takes Capability or FeatureVectorPolicy, not \(HubError.quoted(name)).")
        }
        let r = try recorded()
        let response = try session.send(session.request("GET", endpoint.connectionURL(version: r.apiVersion, id: r.applicationConnectionId, expand: expand),
                                                        appcid: r.applicationConnectionId))
        guard response.status == 200 else {
            if response.status == 404 { throw Self.connectionNotFound(r.applicationConnectionId) }
            throw SMPEndpoint.unexpected(response, doing: "reading the connection's settings")
        }
        let all = try ODataCodec.decodeEntity(response.body, status: 200, refused: refusedName)
        try recordPolicy(all)
        return names.isEmpty ? all : try Self.pick(names + expand, from: all)
    }
}
