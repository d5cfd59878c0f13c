// Every leaf command of hubctl's tree has its own file of in-process tests (issue #31, item 5):
// Tests/HubCLITests/Commands/<Group>/<Name>Tests.swift, <Group> the folder of the command's group
// under Sources/HubCLI/Commands and <Name> the command's path in UpperCamelCase (`settings get` →
// Settings/SettingsGetTests.swift, `vault import-cert` → Vault/VaultImportCertTests.swift).
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

    /// The folder of the command's group under Sources/HubCLI/Commands (`acp` → `ACP`): the tests
    /// mirror the sources' rooms.
    static func group(_ path: [String]) throws -> String {
        let stem = fileStem(Array(path.prefix(1))).lowercased()
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/HubCLI/Commands").path)
        guard let folder = folders.first(where: { $0.lowercased() == stem }) else {
            throw CommandCoverageError("no folder Sources/HubCLI/Commands/<\(stem)> for `hubctl \(path.joined(separator: " "))`")
        }
        return folder
    }

    struct CommandCoverageError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func theTreeIsWalked() throws {
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
        #expect(try Self.group(["acp", "check"]) == "ACP")
        #expect(try Self.group(["vault", "import-cert"]) == "Vault")
    }

    /// Each file holds at least two tests: the success output's shape and a failure.
    @Test func everyLeafHasItsTestFile() throws {
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Package.swift").path),
                "the repository root is found from #filePath: \(Self.root.path)")
        for path in Self.leaves(of: Hubctl.self) {
            let relative = "Tests/HubCLITests/Commands/" + (try Self.group(path)) + "/" + Self.fileStem(path) + "Tests.swift"
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
