// `hubctl unregister`: Delete the application connection on the server and forget it locally.

import ArgumentParser
import HubCore
import HubServices

struct UnregisterCommand: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister",
        abstract: "Delete the application connection on the server and forget it locally.",
        discussion: """
        A connection the server no longer knows (404) is forgotten locally too; the output says so \
        with "serverKnewIt": false.

        Example:
          hubctl --profile staging unregister

        Exit codes: 0 ok, 66 no registration recorded, 69 server unreachable or failing, 75 timeout, \
        77 authentication failed, 78 missing configuration.
        """)
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Option(help: ArgumentHelp("Delete this connection id instead of the recorded one.", valueName: "id"))
    var appcid: String?

    var options: Options { Options(appcid: appcid) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var appcid: String?

        func run(_ invocation: Invocation) throws {
            let service = try invocation.services.connections()
            try invocation.emit(UnregisterOutput(try service.unregister(connectionId: appcid)))
        }
    }
}

/// What `hubctl unregister` prints.
struct UnregisterOutput: JSONDocument {
    var applicationConnectionId: String
    var deleted: Bool
    var serverKnewIt: Bool

    var json: JSONValue {
        .object(["applicationConnectionId": .string(applicationConnectionId), "deleted": .bool(deleted), "serverKnewIt": .bool(serverKnewIt)])
    }
}

extension UnregisterOutput {
    init(_ r: UnregisterResult) { self.init(applicationConnectionId: r.applicationConnectionId, deleted: true, serverKnewIt: r.serverKnewIt) }
}
