// Every leaf command of hubctl's tree has its own file of in-process tests (issue #31, item 5):
// Tests/HubCLITests/Commands/<Name>Tests.swift, <Name> the command's path in UpperCamelCase
// (`settings get` → SettingsGetTests.swift, `vault import-cert` → VaultImportCertTests.swift).
// A new command without such a file fails here.

import ArgumentParser
import Foundation
@testable import HubCLI
import Testing

@Suite("Command coverage")
struct CommandCoverageTests {
    /// The repository root, from this file's path (Tests/HubCLITests/Commands/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The paths of the leaf commands under `command` (its subcommands, recursively).
    static func leaves(of command: any ParsableCommand.Type, path: [String] = []) -> [[String]] {
        let subcommands = command.configuration.subcommands
        if subcommands.isEmpty { return [path] }
        return subcommands.flatMap { sub in
            leaves(of: sub, path: path + [sub.configuration.commandName ?? sub._commandName])
        }
    }

    /// The command type at `path`.
    static func leafType(_ path: [String], in command: any ParsableCommand.Type = Hubctl.self) -> any ParsableCommand.Type {
        guard let first = path.first,
              let sub = command.configuration.subcommands.first(where: { ($0.configuration.commandName ?? $0._commandName) == first })
        else { return command }
        return leafType(Array(path.dropFirst()), in: sub)
    }

    /// `["vault", "import-cert"]` → `VaultImportCert`.
    static func fileStem(_ path: [String]) -> String {
        path.flatMap { $0.split(separator: "-") }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    @Test func theTreeIsWalked() {
        let leaves = Self.leaves(of: Hubctl.self)
        // The walk finds nested leaves and names them as a user types them.
        #expect(leaves.contains(["settings", "get"]))
        #expect(leaves.contains(["vault", "import-cert"]))
        #expect(leaves.contains(["config", "set-push"]))
        #expect(leaves.contains(["help"]))
        #expect(!leaves.contains(["vault"]), "a command group is no leaf")
        #expect(leaves.count >= 43, "\(leaves)")
        #expect(Self.fileStem(["config", "set-push"]) == "ConfigSetPush")
        #expect(Self.fileStem(["auth", "token"]) == "AuthToken")
        #expect(ObjectIdentifier(Self.leafType(["settings", "get"])) == ObjectIdentifier(SettingsGet.self))
        #expect(!(Self.leafType(["help"]) is any HubCommand.Type))
    }

    /// Each file holds at least two tests: the success output's shape and a failure.
    @Test func everyLeafHasItsTestFile() throws {
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Package.swift").path),
                "the repository root is found from #filePath: \(Self.root.path)")
        for path in Self.leaves(of: Hubctl.self) {
            let relative = "Tests/HubCLITests/Commands/" + Self.fileStem(path) + "Tests.swift"
            let file = Self.root.appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                Issue.record("`hubctl \(path.joined(separator: " "))` has no \(relative)")
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            let tests = text.components(separatedBy: "@Test").count - 1
            #expect(tests >= 2, "\(relative) has \(tests) test(s): one of the output's shape and one failure at least")
            // A HubCommand's file also checks argv → Options, apart from the run.
            if Self.leafType(path) is any HubCommand.Type {
                #expect(text.contains("parsedOptions("), "\(relative) has no test of argv → Options (parsedOptions)")
            }
        }
    }
}
