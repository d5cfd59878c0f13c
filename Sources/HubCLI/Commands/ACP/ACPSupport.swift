// What `hubctl acp check` and `acp fetch` share: where the profile goes (--dest, HUBCTL_ACP_DEST, the
// default under the home).

import ArgumentParser
import Foundation
import HubBundles
import HubCore
import HubServices

struct ACPDestination: ParsableArguments {
    @Option(help: ArgumentHelp("Profile directory; DIR/current is the profile in use. Without it: the profile's acp-dest (HUBCTL_ACP_DEST), else where the last fetch for this server and application went, else $HUBCTL_HOME/acp/<appId>.", valueName: "dir"),
            completion: .directory)
    var dest: String?

    var value: Value { Value(dest: dest) }

    /// `--dest` as plain data (a command's Options hold it).
    struct Value: Sendable, Equatable {
        var dest: String?

        /// The profile directory in force, in the order of --dest's help.
        func resolve(_ invocation: Invocation, service: ACPService) throws -> String {
            try Self.resolve(dest, invocation, service: service)
        }

        /// `resolve` for a --dest given as a value (the fast path's plain options).
        static func resolve(_ dest: String?, _ invocation: Invocation, service: ACPService) throws -> String {
            if let dest, !dest.isEmpty { return dest }
            if let configured = service.config.acpDestination { return configured }
            if let last = try ACPStateStore(home: invocation.home).record(server: service.config.server, appId: service.config.appId) {
                return last.destination
            }
            return service.defaultDestination(home: invocation.home)
        }
    }
}
