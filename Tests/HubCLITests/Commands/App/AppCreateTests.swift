// `hubctl app create` in-process against a scripted CF and Admin API: the instance with SAP's
// broker parameters and the owner label, the job waited for, the restore; --if-exists both ways;
// a reserved id refused before anything is sent; --via admin-api (the catalogue read first, plans
// chosen, SAP's MDK CLI's body, the wait; Cloud Foundry's flags and unknown features refused).

import Foundation
@testable import HubCLI
import HubCore
import HubServices
import Testing

@Suite("app create", .serialized)
struct AppCreateTests {
    @Test func createsTheInstanceWaitsAndRestores() async throws {
        let (bench, cf) = try await appBench()
        let r = await bench.app(["create", "ci-1", "--feature", "push", "--label", "run=42"], cf)
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["appId": .string, "created": .bool, "instance": .object, "adminApi": .string, "restored": .bool])
        #expect(r.json?["restored"] == .bool(true))
        #expect(r.json?["adminApi"] == .string(FakeCloudFoundry.cockpit))
        let sent = try JSONValue.read(Data(try #require(cf.bodies.first).utf8))
        #expect(sent["parameters"] == MobileServicesApps.parameters(appId: "ci-1", name: "ci-1", features: ["push"]))
        #expect(sent["metadata"]?["labels"] == .object(["managed-by": .string("hubctl"), "run": .string("42")]))
        #expect(cf.requests.contains("POST \(FakeCloudFoundry.cockpit)/app/ci-1/restore"))
        #expect(!r.err.contains(testToken), "the token never shows")
    }

    @Test func ifExistsFailsOrReuses() async throws {
        let (bench, cf) = try await appBench()
        cf.add("ci-1")
        expectFailure(await bench.app(["create", "ci-1"], cf), exit: 73, code: "cannot_create")
        let reuse = await bench.app(["create", "ci-1", "--if-exists", "reuse"], cf)
        #expect(reuse.exitCode == 0, "\(reuse)")
        #expect(reuse.json?["created"] == .bool(false))
        #expect(!cf.requests.contains { $0.hasPrefix("POST") })
    }

    @Test func refusalsSendNothing() async throws {
        let (bench, cf) = try await appBench()
        for args in [["create", "Admin"], ["create", "a..b"], ["create", "9lives"], ["create", String(repeating: "a", count: 65)],
                     ["create", "ci-1", "--feature", "push", "--feature", "push"], ["create", "ci-1", "--feature", "Push!"],
                     ["create", "ci-1", "--label", "managed-by=me"]] {
            expectFailure(await bench.app(args, cf), exit: 64, code: args.count == 2 ? "invalid_app_id" : "usage")
        }
        #expect(cf.requests.isEmpty, "\(cf.requests)")
        cf.add("ci-a")
        expectFailure(await bench.app(["create", "ci-2", "--max-apps", "1"], cf), exit: 73, code: "cannot_create")
    }

    @Test func parsesItsFlagsIntoOptions() throws {
        let options = try parsedOptions(["app", "create", "ci-1", "--name", "CI", "--feature", "push", "--feature", "storage", "--plan", "p",
                                         "--label", "a=b", "--max-apps", "5", "--if-exists", "reuse", "--cf-api", "https://api.x", "--org", "o", "--space", "s"],
                                        as: AppCreate.self)
        #expect(options == AppCreate.Options(source: AppAdminSource(cfAPI: "https://api.x", org: "o", space: "s"), app: "ci-1", name: "CI",
                                             features: ["push", "storage"], plan: "p", labels: ["a=b"], maxApps: 5, ifExists: .reuse, planGiven: true))
        #expect(try parsedOptions(["app", "create", "x"], as: AppCreate.self).plan == "standard")
        let admin = try parsedOptions(["app", "create", "x", "--via", "admin-api", "--kind", "hybrid"], as: AppCreate.self)
        #expect(admin.via == .adminAPI && admin.kind == .hybrid && !admin.planGiven)
        #expect(try parsedOptions(["app", "create", "x", "--plan", "standard"], as: AppCreate.self).planGiven)
    }

    @Test func viaTheAdminAPIReadsTheCatalogueThenCreatesInSAPsBody() async throws {
        let (bench, cf) = try await appBench()
        let r = await bench.app(["create", "ci.mdk_app-1", "--via", "admin-api", "--kind", "mdk", "--feature", "push:premium", "--feature", "app-update"], cf)
        #expect(r.exitCode == 0, "\(r)")
        expectShape(r.json, ["appId": .string, "created": .bool, "instance": .null, "adminApi": .string, "restored": .null, "via": .string, "mobileServices": .array])
        #expect(r.json?["mobileServices"] == .array([.object(["name": .string("push"), "plan": .string("premium")]),
                                                     .object(["name": .string("app-update"), "plan": .string("standard")])]))
        let cockpit = cf.requests.filter { $0.contains(FakeCloudFoundry.cockpit) }
        #expect(cockpit == ["GET \(FakeCloudFoundry.cockpit)/services", "GET \(FakeCloudFoundry.cockpit)/app/ci.mdk_app-1",
                            "POST \(FakeCloudFoundry.cockpit)/app?async=true", "GET \(FakeCloudFoundry.cockpit)/app/ci.mdk_app-1"])
        let sent = try JSONValue.read(Data(try #require(cf.bodies.last).utf8))
        #expect(sent == AdminAppCreate(appId: "ci.mdk_app-1", kind: .mdk, landscape: "test",
                                       services: [FeatureChoice(name: "push", plan: "premium"), FeatureChoice(name: "app-update", plan: "standard")]).json)
        #expect(sent["displayName"] == .string("ci mdk app 1") && sent["uris"] == .array([.string("https://cfapps.test")]))
        #expect(!cf.requests.contains { $0.contains("/v3/service_instances") && $0.hasPrefix("POST") }, "no CF instance")
        // Made already: 73, or reused.
        expectFailure(await bench.app(["create", "ci.mdk_app-1", "--via", "admin-api"], cf), exit: 73, code: "cannot_create")
        let reuse = await bench.app(["create", "ci.mdk_app-1", "--via", "admin-api", "--if-exists", "reuse"], cf)
        #expect(reuse.json?["created"] == .bool(false), "\(reuse)")
    }

    @Test func viaTheAdminAPIRefusesBeforeCreating() async throws {
        let (bench, cf) = try await appBench()
        for args in [["--plan", "standard"], ["--label", "a=b"], ["--max-apps", "3"], ["--feature", "push:"], ["--feature", "push", "--feature", "push:premium"]] {
            expectFailure(await bench.app(["create", "ci-2", "--via", "admin-api"] + args, cf), exit: 64, code: "usage")
        }
        expectFailure(await bench.app(["create", "ci-2", "--kind", "mdk"], cf), exit: 64, code: "usage")
        #expect(cf.requests.isEmpty, "\(cf.requests)")
        let unknown = await bench.app(["create", "ci-2", "--via", "admin-api", "--feature", "offline"], cf)
        expectFailure(unknown, exit: 64, code: "usage")
        #expect(unknown.err.contains("push, app-update"), "names the known features: \(unknown.err)")
        expectFailure(await bench.app(["create", "ci-2", "--via", "admin-api", "--feature", "push:gold"], cf), exit: 64, code: "usage")
        #expect(!cf.requests.contains { $0.hasPrefix("POST") }, "nothing created: \(cf.requests)")
    }
}
