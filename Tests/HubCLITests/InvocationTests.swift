// The Invocation resolves the configuration on first use, and the deadline alone before the
// command starts, in one place (flag, variable, profile, default).

import Foundation
import HubConfig
import HubCore
@testable import HubCLI
import Testing

@Suite("Invocation")
struct InvocationTests {
    /// A configuration file whose profile sets `deadline: 45` (and HOME without one otherwise).
    private func environment(profileDeadline: String?) throws -> (env: [String: String], dir: String) {
        let dir = NSTemporaryDirectory() + "invocation-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/config.yaml"
        if let profileDeadline {
            try ConfigEditor.set(path: path, profile: "default", key: "deadline", value: profileDeadline)
        }
        return (["HOME": dir, "HUBCTL_CONFIG": path], dir)
    }

    @Test func aBrokenConfigurationFailsWhenItIsNeededNotBefore() throws {
        // An unknown profile: the Invocation is made (config, status, vault… run), and the first
        // use of the configuration fails with the configuration's error.
        let (env, dir) = try environment(profileDeadline: nil)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let invocation = try Invocation(global: GlobalValues([GlobalSetting.profile.name: "no-such-profile"]), context: CommandContext(environment: env))
        #expect(invocation.deadlineSeconds == GlobalSetting.defaultDeadlineSeconds)
        var direct: HubError?
        do { _ = try ConfigResolver(flags: invocation.global.flagValues, environment: env).resolve(requireConnection: false) } catch let e as HubError { direct = e }
        let expected = try #require(direct, "the profile is not refused by the resolver itself")
        // Any other error is rethrown: the test fails on it rather than seeing "no error".
        func failure() throws -> HubError? {
            do { _ = try invocation.connectionConfig(requireConnection: false) } catch let e as HubError { return e }
            return nil
        }
        for _ in 0..<2 {
            let got = try failure()
            #expect(got?.code == expected.code && got?.message == expected.message && got?.exitCode == expected.exitCode, "\(String(describing: got))")
        }
    }

    @Test func theDeadlineComesFromTheFlagTheVariableTheProfileThenTheDefault() throws {
        let (env, dir) = try environment(profileDeadline: "45")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let context = CommandContext(environment: env)
        #expect(try Invocation(global: GlobalValues(), context: context).deadlineSeconds == 45)
        #expect(try Invocation(global: GlobalValues(), context: CommandContext(environment: env.merging(["HUBCTL_DEADLINE": "30"]) { $1 })).deadlineSeconds == 30)
        #expect(try Invocation(global: GlobalValues([GlobalSetting.deadline.name: "9.0"]), context: CommandContext(environment: env.merging(["HUBCTL_DEADLINE": "30"]) { $1 })).deadlineSeconds == 9)
        let (bare, bareDir) = try environment(profileDeadline: nil)
        defer { try? FileManager.default.removeItem(atPath: bareDir) }
        #expect(try Invocation(global: GlobalValues(), context: CommandContext(environment: bare)).deadlineSeconds == GlobalSetting.defaultDeadlineSeconds)
        // An invalid variable is refused before the command starts, with the configuration's code.
        #expect(throws: HubError.self) {
            _ = try Invocation(global: GlobalValues(), context: CommandContext(environment: bare.merging(["HUBCTL_DEADLINE": "soon"]) { $1 }))
        }
    }
}
