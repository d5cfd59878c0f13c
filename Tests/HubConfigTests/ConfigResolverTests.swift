// The configuration layers (README "Configuration"): flags, then HUBCTL_* variables, then the
// profile, then defaults; the variables' names map to the settings' names.
import Foundation
import HubCore
import Testing
@testable import HubConfig

struct ConfigResolverTests {
    /// A config file under a fresh directory: `yaml` nil means no file at all.
    func environment(_ yaml: String?, _ variables: [String: String]) throws -> [String: String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("resolver-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/hubctl", withIntermediateDirectories: true)
        if let yaml { try Data(yaml.utf8).write(to: URL(fileURLWithPath: dir + "/hubctl/config.yaml")) }
        return variables.merging(["XDG_CONFIG_HOME": dir, "HOME": dir]) { $1 }
    }

    @Test func variableNamesMapToSettingNames() {
        let mapped = ConfigResolver.settingsFromEnvironment([
            "HUBCTL_APP_ID": "com.a", "HUBCTL_OAUTH_CLIENT_ID": "c1", "HUBCTL_SERVER": "https://s",
            "HUBCTL_USER": "", "PATH": "/bin", "XHUBCTL_USER": "x",
        ])
        #expect(mapped == ["app-id": "com.a", "oauth-client-id": "c1", "server": "https://s"])
    }

    @Test func flagsThenVariablesThenProfileThenDefaults() throws {
        let env = try environment("""
        default:
          server: https://profile.example.com
          app-id: com.profile
          user: profile-user
          timeout: 7
        """, ["HUBCTL_APP_ID": "com.variable", "HUBCTL_USER": "variable-user", "HUBCTL_API_VERSION": "v2"])
        let config = try ConfigResolver(flags: ["user": "flag-user"], environment: env).resolve()
        #expect(config.user == "flag-user")                      // flag over variable
        #expect(config.appId == "com.variable")                  // variable over profile
        #expect(config.server == "https://profile.example.com")  // profile over default
        #expect(config.timeout == 7)
        #expect(config.apiVersion == "v2" && config.apiVersionPinned)
    }

    /// Every time limit a layer gives is checked by the resolution (the Invocation owns the
    /// deadline's value): a profile's invalid deadline is the configuration's error.
    @Test func aProfilesInvalidDeadlineIsRefused() throws {
        let profile = try environment("default:\n  server: https://p\n  app-id: com.p\n  deadline: soon\n", [:])
        var refused: HubError?
        do { _ = try ConfigResolver(flags: [:], environment: profile).resolve() } catch let error as HubError { refused = error }
        #expect(refused?.code == .invalidDeadline && refused?.exitCode == 78)
        let message = refused?.message ?? ""
        #expect(message == "Invalid deadline 'soon': give a number of seconds greater than 0 and at most 86400 (--deadline / HUBCTL_DEADLINE).")
    }

    @Test func anEmptyVariableDoesNotHideTheProfile() throws {
        let env = try environment("""
        default:
          server: https://profile.example.com
          app-id: com.profile
        """, ["HUBCTL_APP_ID": "", "HUBCTL_OAUTH_CLIENT_ID": "client-1"])
        let config = try ConfigResolver(flags: [:], environment: env).resolve()
        #expect(config.appId == "com.profile")
        #expect(config.oauth?.clientId == "client-1")
    }

    @Test func noServerAnywhereIs78() throws {
        let env = try environment(nil, ["HUBCTL_APP_ID": "com.a"])
        do {
            _ = try ConfigResolver(flags: [:], environment: env).resolve()
            Issue.record("resolved without a server")
        } catch let error as HubError {
            #expect(error.code == .missingServer && error.exitCode == 78)
        }
    }

    /// A switch setting reads 1/true/yes/on and 0/false/no/off in any case; anything else is
    /// refused naming the variable or the profile (issue 39: HUBCTL_ANONYMOUS=enabled was off).
    @Test func aSwitchWithAnUnknownValueIsRefusedNamingWhereItCameFrom() throws {
        let base = ["HUBCTL_SERVER": "https://s.example.com", "HUBCTL_APP_ID": "com.a"]
        for (text, on) in [("1", true), ("YES", true), ("on", true), ("0", false), ("False", false), ("no", false)] {
            let env = try environment(nil, base.merging(["HUBCTL_ANONYMOUS": text, "HUBCTL_SHARE_CREDENTIALS": text]) { $1 })
            let config = try ConfigResolver(flags: [:], environment: env).resolve()
            #expect(config.anonymous == on && config.shareCredentials == on, "\(text)")
        }
        for (variable, value) in [("HUBCTL_ANONYMOUS", "enabled"), ("HUBCTL_SHARE_CREDENTIALS", "2")] {
            let env = try environment(nil, base.merging([variable: value]) { $1 })
            let error = #expect(throws: HubError.self) { try ConfigResolver(flags: [:], environment: env).resolve() }
            #expect(error?.exitCode == 78 && error?.code == .config)
            #expect(error?.message.hasPrefix("\(variable) is \"\(value)\"") == true, "\(String(describing: error))")
        }
        let profile = try environment("default:\n  anonymous: sometimes\n", base)
        let error = #expect(throws: HubError.self) { try ConfigResolver(flags: [:], environment: profile).resolve() }
        #expect(error?.exitCode == 78)
        #expect(error?.message.contains("anonymous in profile 'default'") == true, "\(String(describing: error))")
        // The flag wins over a bad variable, as any layer above another does.
        let flagged = try environment(nil, base.merging(["HUBCTL_ANONYMOUS": "enabled"]) { $1 })
        #expect(try ConfigResolver(flags: ["anonymous": "true"], environment: flagged).resolve().anonymous)
    }

    @Test func aServerURLWithAnEmptyPortIsRefused() throws {
        for server in ["http://127.0.0.1:", "http://127.0.0.1:/", "https://smp.example.com:/prefix", "http://[::1]:"] {
            let env = try environment(nil, ["HUBCTL_SERVER": server, "HUBCTL_APP_ID": "com.a"])
            let error = #expect(throws: HubError.self, "\(server)") { try ConfigResolver(flags: [:], environment: env).resolve() }
            #expect(error?.code == .invalidServer && error?.exitCode == 78, "\(server)")
            #expect(error?.message.contains("the port after ':' is empty") == true, "\(server)")
        }
        for server in ["http://127.0.0.1:8080", "https://smp.example.com/prefix", "http://[::1]:8080/"] {
            let env = try environment(nil, ["HUBCTL_SERVER": server, "HUBCTL_APP_ID": "com.a"])
            #expect(throws: Never.self, "\(server)") { try ConfigResolver(flags: [:], environment: env).resolve() }
        }
        #expect(throws: HubError.self) { try ConfigResolver.absoluteURL("http://127.0.0.1:/callback", of: .redirectUri) }
    }
}
