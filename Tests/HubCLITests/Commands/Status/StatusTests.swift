// `hubctl status` in-process: what it knows locally after a register, and a damaged local file.

import Foundation
@testable import HubCLI
import HubCore
import Testing

@Suite("status", .serialized)
struct StatusTests {
    @Test func showsTheConfigurationAndTheRegistration() async throws {
        let bench = try await registeredCommandBench()
        let r = await bench.run(["status"])
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["version": .string, "home": .string, "configFile": .string, "config": .object,
                             "registrations": .array, "vault": .object, "acp": .array])
        #expect(r.json?["home"] == .string(bench.home))
        expectShape(r.json?["config"], ["profile": .string, "server": .string, "appId": .string, "user": .string,
                                        "apiVersion": .string, "shareCredentials": .bool])
        #expect(r.json?["config"]?["server"] == .string(bench.emulator.url))
        let registrations = arrayElements(r.json?["registrations"])
        try #require(registrations.count == 1)
        expectShape(registrations[0], ["server": .string, "appId": .string, "user": .string, "applicationConnectionId": .string,
                                       "apiVersion": .string, "anonymous": .bool, "createdAt": .string])
        #expect(registrations[0]["appId"] == .string("com.example.demo"))
        expectShape(r.json?["vault"], ["path": .string, "exists": .bool])
        #expect(r.json?["vault"]?["exists"] == .bool(false))
    }

    @Test func aConfigurationProblemIsReportedNotFailed() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        let r = await bench.run(["status"], environment: ["HUBCTL_TIMEOUT": "abc"])
        #expect(r.exitCode == 0, "\(r)")
        #expect(r.json?["configError"]?.stringValue?.hasPrefix("Invalid timeout 'abc'") == true, "\(r)")
        #expect(r.json?["config"] == nil, "config is left out, not null")
    }

    @Test func aDamagedPasscodePolicyFileIs65() async throws {
        let bench = try CommandBench(emulator: try await InProcessEmulator.start())
        try FileManager.default.createDirectory(atPath: bench.home, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: bench.home + "/passcode-policy.json", contents: Data("not json".utf8))
        expectFailure(await bench.run(["status"]), exit: 65, code: "invalid_passcode_policy")
    }
}

extension StatusTests {
    /// argv → Options, without running the command: every flag it declares reaches its Options.
    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["status"], as: StatusCommand.self)
        #expect(options == StatusCommand.Options())
        #expect(try parsedOptions(["status"], as: StatusCommand.self) == StatusCommand.Options())
    }
}
