// The Invocation resolves the configuration on first use, and owns the deadline (flag, variable,
// profile, default): the profile's read from the configuration file alone, not the connection's layers.

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
        // A profile's deadline that the resolution refuses gives the default here; the command that
        // resolves the configuration meets the error.
        let (invalid, invalidDir) = try environment(profileDeadline: nil)
        defer { try? FileManager.default.removeItem(atPath: invalidDir) }
        try "default:\n  deadline: soon\n".write(toFile: invalid["HUBCTL_CONFIG"]!, atomically: true, encoding: .utf8)
        let refused = try Invocation(global: GlobalValues(), context: CommandContext(environment: invalid))
        #expect(refused.deadlineSeconds == GlobalSetting.defaultDeadlineSeconds && !refused.deadlineGiven)
        #expect(throws: HubError.self) { _ = try refused.connectionConfig(requireConnection: false) }
        // An invalid variable is refused before the command starts, with the configuration's code.
        #expect(throws: HubError.self) {
            _ = try Invocation(global: GlobalValues(), context: CommandContext(environment: bare.merging(["HUBCTL_DEADLINE": "soon"]) { $1 }))
        }
    }

    /// `acp check --wait` is bounded by a deadline the user gave, in any layer, not by the default.
    @Test func whetherTheDeadlineWasGiven() throws {
        let (plain, dir) = try environment(profileDeadline: nil)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func invocation(_ flags: FlagValues = [:], _ env: [String: String] = [:]) throws -> Invocation {
            try Invocation(global: GlobalValues(flags), context: CommandContext(environment: plain.merging(env) { $1 }))
        }
        #expect(try !invocation().deadlineGiven && invocation().deadlineSeconds == 120)
        #expect(try invocation([GlobalSetting.deadline.name: "30.0"]).deadlineGiven)
        #expect(try invocation([:], ["HUBCTL_DEADLINE": "45"]).deadlineGiven)
        #expect(try !invocation([:], ["HUBCTL_DEADLINE": ""]).deadlineGiven)
        let (profile, profileDir) = try environment(profileDeadline: "600")
        defer { try? FileManager.default.removeItem(atPath: profileDir) }
        let fromProfile = try Invocation(global: GlobalValues(), context: CommandContext(environment: profile))
        #expect(fromProfile.deadlineGiven && fromProfile.deadlineSeconds == 600)
    }

    /// Making the Invocation and reading its deadline resolve no connection: a profile whose
    /// clienthub.plist (layer 4) does not exist yet still gives its deadline, and the plist written
    /// afterwards is what the first use of the configuration reads. A resolution made earlier
    /// would have failed (and the deadline fallen back to the default).
    @Test func theConnectionIsResolvedWhenFirstNeededNotByInit() throws {
        let (env, dir) = try environment(profileDeadline: nil)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plist = dir + "/clienthub.plist"
        try "default:\n  deadline: 45\n  app-id: com.example.demo\n  plist: \(plist)\n".write(toFile: env["HUBCTL_CONFIG"]!, atomically: true, encoding: .utf8)
        let invocation = try Invocation(global: GlobalValues(), context: CommandContext(environment: env))
        #expect(invocation.deadlineSeconds == 45 && invocation.deadlineGiven)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>Host</key><string>plist.example.com</string>
        <key>Port</key><integer>8443</integer>
        <key>FarmID</key><string>0</string>
        <key>SecurityConfiguration</key><string>SSO</string>
        <key>UserCreationPolicy</key><string>certificate</string>
        </dict></plist>
        """.write(toFile: plist, atomically: true, encoding: .utf8)
        #expect(try invocation.connectionConfig().server == "https://plist.example.com:8443")
    }
}
