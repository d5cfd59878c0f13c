// The one HTTP seam the command layer holds: how a transport is made from its options. The
// process uses libcurl; tests substitute their own. Requests are built and read below the command
// layer, in the services (docs/architecture.md).

import HubTransport

/// Makes the HTTP transport for a set of options.
public typealias TransportFactory = @Sendable (TransportOptions) throws -> any HTTPTransport

public enum TransportFactories {
    /// libcurl.
    public static let curl: TransportFactory = { try CurlHTTPClient(options: $0) }
}
