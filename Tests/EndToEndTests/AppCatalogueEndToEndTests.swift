// Issue 50 item 2 through the built hubctl against hubctl-emulator's Cloud Foundry world: `app
// services` prints the catalogue; `app create --via admin-api` reads it, creates in SAP's MDK
// CLI's body (POST <base>/app?async=true), and the app is then there with its features and
// device_support; a feature the catalogue lacks and an empty catalogue are refused with nothing
// created (the emulator's state checked); a login page on the new calls is 77.
import Foundation
import Testing

@Suite(.serialized) struct AppCatalogueEndToEndTests {
    /// The ids of the emulator's cockpit applications (its control view).
    func apps(_ world: CFWorld) throws -> [String] {
        let (status, body) = try world.emu.control("GET", "/_emulator/cf")
        #expect(status == 200)
        let info = (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
        return (info["apps"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func servicesPrintsTheCatalogue() throws {
        let world = try CFWorld()
        let r = try world.op("app", "services")
        #expect(r.status == 0, "\(r)")
        let services = r.json?["services"] as? [[String: Any]] ?? []
        #expect(services.compactMap { $0["name"] as? String } == ["appcatalog", "app-update", "client-log-upload", "cbms", "proxy", "offline", "push", "storage"])
        let push = services.first { $0["name"] as? String == "push" }
        #expect((push?["plans"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["standard", "premium"])
        #expect((r.json?["adminApi"] as? String)?.contains("/cockpit/v1/org/") == true)
        #expect(try world.count("GET", "/services") == 1)
    }

    @Test func createViaTheAdminAPIWithFeatures() throws {
        let world = try CFWorld()
        let app = "ci.mdk_run-50"
        let created = try world.op("app", "create", app, "--via", "admin-api", "--kind", "mdk", "--feature", "app-update", "--feature", "push:premium")
        #expect(created.status == 0, "\(created)")
        #expect(created.json?["created"] as? Bool == true)
        #expect(created.json?["instance"] is NSNull)
        let sent = (created.json?["mobileServices"] as? [[String: String]]) ?? []
        #expect(sent == [["name": "app-update", "plan": "standard"], ["name": "push", "plan": "premium"]])
        #expect(try world.count("POST", "/app") == 1, "POST <base>/app?async=true")
        #expect(try world.count("POST", "/v3/service_instances") == 0, "no CF instance")
        #expect(try apps(world) == [app])
        let shown = try world.op("app", "show", app)
        #expect(shown.status == 0, "\(shown)")
        #expect((shown.json?["features"] as? [String]) == ["app-update", "push"], "\(shown.out)")
        // A device of the new application registers (it is a real one).
        let device = client(world.emu, user: CFWorld.user, password: CFWorld.ciPassword, app: app)
        #expect(try device("register").status == 0)
        // Made already: 73 without a second create.
        let again = try world.op("app", "create", app, "--via", "admin-api", "--feature", "push")
        #expect(again.status == 73, "\(again)")
        #expect(try world.count("POST", "/app") == 1)
        #expect(try world.op("app", "delete", app).status == 0)
        #expect(try apps(world).isEmpty)
    }

    @Test func anUnknownFeatureOrPlanIsRefusedAndNothingIsCreated() throws {
        let world = try CFWorld()
        let unknown = try world.op("app", "create", "ci-unknown", "--via", "admin-api", "--feature", "push", "--feature", "teleport")
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.err.contains("teleport") && unknown.err.contains("app-update"), "names the known features: \(unknown.err)")
        let plan = try world.op("app", "create", "ci-unknown", "--via", "admin-api", "--feature", "push:gold")
        #expect(plan.status == 64, "\(plan)")
        #expect(plan.err.contains("standard, premium"), "\(plan.err)")
        let cfOnly = try world.op("app", "create", "ci-unknown", "--via", "admin-api", "--plan", "standard")
        #expect(cfOnly.status == 64, "\(cfOnly)")
        #expect(try world.count("POST", "/app") == 0)
        #expect(try apps(world).isEmpty)
    }

    @Test func anEmptyCatalogueIsRefusedAndNothingIsCreated() throws {
        let world = try CFWorld()
        try world.settings(#"{"emptyCatalogue": true}"#)
        let listed = try world.op("app", "services")
        #expect(listed.status == 69, "\(listed)")
        #expect(listed.err.contains("empty"), "\(listed.err)")
        let created = try world.op("app", "create", "ci-empty", "--via", "admin-api", "--feature", "push")
        #expect(created.status == 69, "\(created)")
        #expect(try world.count("POST", "/app") == 0)
        #expect(try apps(world).isEmpty)
    }

    @Test func aLoginPageOnTheNewCallsIs77() throws {
        let world = try CFWorld()
        try world.settings(#"{"loginPage": true, "loginPageType": "application/json"}"#)
        let listed = try world.op("app", "services")
        #expect(listed.status == 77 && listed.errorCode == "login_required", "\(listed)")
        let created = try world.op("app", "create", "ci-login", "--via", "admin-api", "--feature", "push")
        #expect(created.status == 77, "\(created)")
        try world.settings(#"{"loginPage": false}"#)
        #expect(try apps(world).isEmpty)
    }
}
