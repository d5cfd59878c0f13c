// What `hubctl acp check` and `acp fetch` share: the --dest option (where it leads when not given:
// ACPService.destination).

import ArgumentParser

struct ACPDestination: ParsableArguments {
    @Option(help: ArgumentHelp("Profile directory; DIR/current is the profile in use. Without it: the profile's acp-dest (HUBCTL_ACP_DEST), else where the last fetch for this server and application went, else $HUBCTL_HOME/acp/<appId>.", valueName: "dir"),
            completion: .directory)
    var dest: String?
    var value: Value { Value(dest: dest) }

    /// `--dest` as plain data (a command's Options hold it); ACPService.destination(given:home:)
    /// says which directory is in force.
    struct Value: Sendable, Equatable {
        var dest: String?
    }
}
