// A feature's operator credentials kept in a profile: the GlobalSetting rows of every feature come
// from one description (ServiceProfileSettings.Field), push's rows are what they always were, and
// the configuration layers read each feature's settings apart.
import Foundation
import HubCore
import Testing
@testable import HubConfig

struct ServiceProfileSettingsTests {
    @Test func theRowsOfEachFeatureAreDerivedAndPushsAreUnchanged() throws {
        for feature in ServiceFeature.allCases {
            let rows = GlobalSetting.all.filter { $0.name.hasPrefix(feature.settingPrefix + "-") }
            #expect(rows == GlobalSetting.serviceCredentials(feature), "\(feature)")
            #expect(rows.map(\.name) == ServiceProfileSettings.keys(of: feature))
            for row in rows {
                #expect(row.inProfile && !row.hasFlag && !row.secret, "\(row.name): a profile setting, no flag, no secret")
                #expect(row.environment == GlobalSetting.layeredVariable(row.name))
            }
        }
        let push = GlobalSetting.serviceCredentials(.push)
        #expect(push.map(\.environment) == ["HUBCTL_PUSH_URL", "HUBCTL_PUSH_ALIAS", "HUBCTL_PUSH_UAA_URL", "HUBCTL_PUSH_CLIENT_ID", "HUBCTL_PUSH_TENANT"])
        #expect(push[0].summary == "Mobile Services URL of the push operator credentials (`hubctl config set-push`).")
        #expect(GlobalSetting.serviceCredentials(.clientResources)[0].summary.contains("set-service-key --feature client-resources"))
        #expect(Set(GlobalSetting.all.map(\.name)).count == GlobalSetting.all.count, "no name twice")
        #expect(GlobalSetting.all.filter(\.isServiceCredentialsURL).map(\.name).sorted() == ["bundles-uaa-url", "bundles-url", "push-uaa-url", "push-url"])
    }

    @Test func theLayersReadEachFeatureApart() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("service-profile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/hubctl", withIntermediateDirectories: true)
        try Data("""
            ci:
              bundles-url: https://ms.example
              bundles-client-id: c1
              bundles-uaa-url: https://uaa.example
            """.utf8).write(to: URL(fileURLWithPath: dir + "/hubctl/config.yaml"))
        let env = ["XDG_CONFIG_HOME": dir, "HOME": dir, "HUBCTL_PROFILE": "ci", "HUBCTL_BUNDLES_TENANT": "t9"]
        let config = try ConfigResolver(flags: [:], environment: env).resolve(requireConnection: false)
        #expect(config.serviceCredentials[.push] == nil)
        #expect(config.serviceCredentials[.clientResources] == ServiceProfileSettings(feature: .clientResources, url: "https://ms.example",
                                                                                     uaaURL: "https://uaa.example", clientId: "c1", tenant: "t9"))
    }
}
