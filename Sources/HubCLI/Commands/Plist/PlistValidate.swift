// `hubctl plist validate`: Validate clienthub.plist files (XML or binary).

import ArgumentParser
import HubConfig
import HubCore

struct PlistValidate: HubCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate clienthub.plist files (XML or binary).",
        discussion: """
        Checks each FILE as a clienthub.plist (docs/protocol.md §8): it parses (XML or binary), its root is a dictionary, Host, Port, FarmID, SecurityConfiguration and UserCreationPolicy are present, every value has the right type and an allowed value, and no key is miscased (FarmId, UrlSuffix). Unknown keys are warnings; --strict makes them errors. `-` reads standard input.

        The JSON report always goes to stdout, also when files are invalid: {"valid": false, "files": [{"path": …, "valid": false, "format": "xml", "errors": [{"key": "Port", "code": "out_of_range", "message": …, "line": 7}], "warnings": [], "config": {…, "serverURL": …}}]}. "config" holds the effective values with defaults applied (null where a value is missing or invalid).

        Error codes: not_found, unreadable, timeout (a pipe or FIFO gave no end of input before --deadline), not_a_file, too_large, empty_file, parse_error, not_a_dictionary, missing_key, empty_value, wrong_type, out_of_range, invalid_value, miscased_key, duplicate_key, unknown_key (a warning unless --strict).

        Exit codes: 0 all files are valid; 65 a file is invalid; 66 a file is missing or unreadable (wins over 75 and 65); 75 a pipe or FIFO gave no end of input before --deadline (wins over 65); 64 bad arguments. On a non-zero exit a one-line JSON summary also goes to stderr.

        Example:
          hubctl plist validate --strict App/clienthub.plist > report.json || {
            jq -r '.files[].errors[] | "\\(.line // "-"): \\(.message)"' report.json
            exit 1
          }
        """
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Flag(help: "Treat warnings (unknown keys) as errors.")
    var strict = false
    @Argument(help: ArgumentHelp("clienthub.plist files to check; - reads standard input.", valueName: "file"))
    var files: [String]

    var options: Options { Options(strict: strict, files: files) }

    /// The command's options as plain data, and its body.
    struct Options: CommandOptions {
        var strict = false
        var files: [String]

        func validate() throws {
            if files.isEmpty {
                throw ValidationError("Name at least one clienthub.plist file (or - for standard input).")
            }
            if files.filter({ $0 == "-" }).count > 1 {
                throw ValidationError("Standard input (-) can be named only once.")
            }
        }

        func run(_ invocation: Invocation) throws {
            // Each pipe or FIFO gets what is left of the command's one deadline, not a deadline of its own.
            let report = ClientHubReport(files.map { path in
                ClientHubValidator.validate(path: path, strict: strict, wait: invocation.secondsLeft) {
                    do throws(BoundedFile.Failure) {
                        return .success(try invocation.readStdin(limit: ClientHubPlistReader.maximumSize))
                    } catch {
                        return .failure(ClientHubPlistReader.readFailure(error, label: "standard input"))
                    }
                }
            })
            try invocation.emit(report)
            if let failure = report.failure { throw failure }
        }
    }
}
