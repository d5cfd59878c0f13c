// The context every client-service command needs: the recorded registration and the platform.

import HubServices

extension CommandContext {
    /// The recorded registration (exit 66 when none), then the platform (`--platform`, or asked).
    func clientServices() throws -> ClientServiceContext {
        try ClientServiceContext.make(try connectionService())
    }
}
